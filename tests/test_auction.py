"""Auction rounds (subastadas): one test per rule.

Scenarios use explicit deals; most are a 5-player table so that the auction's
winner sits in the middle of the bidding order.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pocha_rules import (
    Bid,
    Call,
    ChooseTrump,
    InvalidDealError,
    Pass,
    Phase,
    RoundKind,
    RuleSet,
    Suit,
    apply,
    legal_moves,
    new_game,
    round_score,
)
from tests.helpers import assert_refused, deal, game, play

FIVE = RuleSet(players=5, schedule=["3a"])
FIVE_DEAL_TEXT = ("1o 3o 12o", "1c 3c 12c", "1e 3e 12e", "1b 3b 12b", "2o 2c 2e")
FIVE_DEAL = deal(*FIVE_DEAL_TEXT)


def test_all_cards_dealt_and_nothing_turned_up_in_a_full_auction_round() -> None:
    rules = RuleSet(players=4, schedule=["10a"])
    state = new_game(rules, seed=11, dealer=2)
    assert state.round_kind is RoundKind.AUCTION
    assert [len(hand) for hand in state.hands] == [10, 10, 10, 10]
    assert state.stock == ()
    assert state.trump is None
    assert state.trump_card is None
    assert not state.trump_card_shown_by_dealer


def test_no_card_turned_up_even_when_a_stock_is_left() -> None:
    state = game(FIVE, [FIVE_DEAL], dealer=4)
    assert len(state.stock) == 40 - 15
    assert state.trump_card is None
    assert state.trump is None


def test_an_explicit_auction_deal_may_not_name_a_trump_card() -> None:
    with pytest.raises(InvalidDealError, match="an auction round has no trump card"):
        new_game(FIVE, seed=1, dealer=4, deals=[deal(*FIVE_DEAL_TEXT, trump="4o")])


def test_the_dealer_does_not_choose_trump_in_an_auction_round() -> None:
    rules = RuleSet(players=4, schedule=["10a"], trump_when_all_dealt="dealer_chooses")
    state = new_game(rules, seed=3, dealer=0)
    assert state.phase is Phase.AUCTION
    assert state.to_move == 1


def test_the_first_player_must_call_a_number_and_may_not_pass() -> None:
    state = game(FIVE, [FIVE_DEAL], dealer=4)
    assert state.to_move == 0 == state.eldest
    assert legal_moves(state) == (Call(0), Call(1), Call(2), Call(3))
    error = assert_refused(state, Pass(), "the first player must call a number and may not pass")
    assert error.reason == "the first player must call a number and may not pass"
    assert_refused(state, Call(4), "calls run from 0 to 3 in a 3-card round")


def test_later_calls_must_be_strictly_higher_or_pass() -> None:
    state = game(FIVE, [FIVE_DEAL], ["call 0", "pass", "call 2"], dealer=4)
    assert state.to_move == 3
    assert legal_moves(state) == (Call(3), Pass())
    assert_refused(state, Call(2), "must beat the highest call so far (2)")
    assert_refused(state, Call(0), "must beat the highest call so far (2)")


def test_the_auction_is_one_lap_from_the_first_player_to_the_dealer() -> None:
    state = game(FIVE, [FIVE_DEAL], dealer=4)
    seats = []
    for move in ("call 0", "call 1", "pass", "pass", "pass"):
        seats.append(state.to_move)
        state = play(state, [move])
    assert seats == [0, 1, 2, 3, 4]
    assert state.phase is Phase.CHOOSE_TRUMP


def test_the_highest_caller_names_trump() -> None:
    state = game(FIVE, [FIVE_DEAL], ["call 0", "pass", "call 2", "pass", "pass"], dealer=4)
    assert state.auction_winner == 2
    assert state.to_move == 2
    assert legal_moves(state) == tuple(ChooseTrump(suit) for suit in Suit)
    assert_refused(state, Bid(1), "a choice of trump")
    state = apply(state, ChooseTrump(Suit.ESPADAS))
    assert state.trump is Suit.ESPADAS
    assert state.trump_card is None


def test_the_winning_call_becomes_the_winners_bid() -> None:
    state = game(FIVE, [FIVE_DEAL], ["call 1", "pass", "call 2", "pass", "pass"], dealer=4)
    assert state.bids == (None, None, 2, None, None)
    state = play(state, ["trump e", "bid 0", "bid 0", "bid 0", "bid 0"])
    assert state.bids == (0, 0, 2, 0, 0)


def test_the_others_bid_in_seat_order_from_the_first_player_skipping_the_winner() -> None:
    moves = ["call 1", "pass", "call 2", "pass", "pass", "trump e"]
    state = game(FIVE, [FIVE_DEAL], moves, dealer=4)
    assert state.bid_order == (0, 1, 3, 4)
    order = []
    for _ in range(4):
        order.append(state.to_move)
        state = play(state, [legal_moves(state)[-1]])
    assert order == [0, 1, 3, 4]
    assert state.phase is Phase.PLAY


def test_the_hook_restricts_the_last_of_the_others() -> None:
    # Dealer 4, winner seat 2 with 2: seats 0, 1, 3 bid 0; the dealer may not bid 1.
    state = game(
        FIVE,
        [FIVE_DEAL],
        ["call 0", "pass", "call 2", "pass", "pass", "trump e", "bid 0", "bid 0", "bid 0"],
        dealer=4,
    )
    assert state.to_move == 4
    assert legal_moves(state) == (Bid(0), Bid(2), Bid(3))
    assert_refused(state, "bid 1", "the hook")


def test_when_the_dealer_wins_the_player_before_the_dealer_is_hooked() -> None:
    state = game(
        FIVE, [FIVE_DEAL], ["call 0", "pass", "pass", "pass", "call 1", "trump b"], dealer=4
    )
    assert state.auction_winner == 4
    assert state.bid_order == (0, 1, 2, 3)
    state = play(state, ["bid 0", "bid 1", "bid 0"])
    assert state.to_move == 3
    # 1 (the dealer's call) + 0 + 1 + 0 = 2: seat 3 may not bid 1
    assert legal_moves(state) == (Bid(0), Bid(2), Bid(3))
    assert_refused(state, "bid 1", "the hook")


@pytest.mark.parametrize(("winner_leads", "leader"), [(True, 2), (False, 0)])
def test_auction_winner_leads_both_ways(winner_leads: bool, leader: int) -> None:
    rules = RuleSet(players=5, schedule=["3a"], auction_winner_leads=winner_leads)
    moves = ["call 0", "pass", "call 2", "pass", "pass", "trump e"]
    state = game(rules, [FIVE_DEAL], [*moves, "bid 0", "bid 0", "bid 0", "bid 0"], dealer=4)
    assert state.phase is Phase.PLAY
    assert state.leader == leader == state.to_move


def test_an_auction_round_is_scored_as_a_normal_round() -> None:
    state = game(
        FIVE,
        [FIVE_DEAL],
        ["call 0", "pass", "call 2", "pass", "pass", "trump e", "bid 0", "bid 1", "bid 0"],
        dealer=4,
    )
    state = play(state, ["bid 2"])  # the dealer: 0 + 1 + 2 + 0 + 2 = 5, not 3
    # The winner (seat 2) leads its trumps; nobody else holds espadas but the dealer.
    state = play(state, ["play 1e", "play 1b", "play 2e", "play 1o", "play 1c"])
    state = play(state, ["play 3e", "play 3b", "play 2o", "play 3o", "play 3c"])
    state = play(state, ["play 12e", "play 12b", "play 2c", "play 12o", "play 12c"])
    result = state.round_results[0]
    assert result.kind is RoundKind.AUCTION
    assert result.trump is Suit.ESPADAS
    assert result.bids == (0, 1, 2, 0, 2)
    assert result.won == (0, 0, 3, 0, 0)
    expected = tuple(
        round_score(FIVE, 3, Suit.ESPADAS, bid, won)
        for bid, won in zip(result.bids, result.won, strict=True)
    )
    assert result.scores == expected == (10, -5, -5, 10, -10)


@given(st.sampled_from(["full", "up_down_auction"]), st.integers(3, 8))
def test_presets_play_their_auction_rounds_as_auctions(preset: str, players: int) -> None:
    rules = RuleSet.preset(preset, players=players)
    auctions = [i for i, entry in enumerate(rules.schedule) if entry.kind is RoundKind.AUCTION]
    assert auctions
    state = new_game(rules, seed=players, dealer=0)
    while state.round_index < auctions[0]:
        state = apply(state, legal_moves(state)[0])
    assert state.phase is Phase.AUCTION
    assert state.cards_per_player == rules.max_cards
    assert state.trump is None
