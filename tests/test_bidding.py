"""Bidding, the hook, and auction rounds."""

from __future__ import annotations

import pytest

from pocha_rules import (
    Bid,
    Call,
    ChooseTrump,
    Pass,
    Phase,
    RuleSet,
    Suit,
    apply,
    legal_moves,
)
from tests.helpers import assert_refused, deal, game, play, plays

ONE = deal("1o", "3o", "12o", "11o", trump="1e")
TWO = deal("1o 3o", "12o 11o", "10o 7o", "6o 5o", trump="1e")
THREE = deal("1o 3o 1c", "12o 11o 3c", "10o 7o 12c", "6o 5o 11c", trump="1e")
EIGHT = deal(
    "1o 3o 12o 11o 10o 7o 6o 5o",
    "1c 3c 12c 11c 10c 7c 6c 5c",
    "1e 3e 12e 11e 10e 7e 6e 5e",
    "1b 3b 12b 11b 10b 7b 6b 5b",
    trump="4o",
)


def test_bidding_goes_from_the_first_player_round_to_the_dealer() -> None:
    state = game(RuleSet(schedule=[2]), [TWO], dealer=1)
    assert state.phase is Phase.BID
    assert state.eldest == 2
    assert state.bid_order == (2, 3, 0, 1)
    seats = []
    for tricks in (0, 1, 0, 0):
        seats.append(state.to_move)
        state = apply(state, Bid(tricks))
    assert seats == [2, 3, 0, 1]
    assert state.bids == (0, 0, 0, 1)
    assert state.phase is Phase.PLAY
    assert state.to_move == 2
    assert state.leader == 2


def test_bids_run_from_zero_to_the_cards() -> None:
    state = game(RuleSet(schedule=[3]), [THREE], dealer=3)
    assert legal_moves(state) == (Bid(0), Bid(1), Bid(2), Bid(3))
    assert state.bids == (None, None, None, None)
    assert_refused(state, Bid(4), "bids run from 0 to 3 in a 3-card round")
    state = apply(state, Bid(3))
    assert state.bids == (3, None, None, None)


def test_the_hook_forbids_the_bid_that_makes_the_total() -> None:
    state = game(RuleSet(schedule=[3]), [THREE], ["bid 1", "bid 0", "bid 1"], dealer=3)
    assert state.to_move == 3
    assert plays(state) == {Bid(0), Bid(2), Bid(3)}
    assert_refused(state, "bid 1", "the hook", "may not bid 1", "add up to 3")
    assert apply(state, Bid(0)).bids == (1, 0, 1, 0)


def test_no_hook_once_the_others_bid_more_than_the_cards() -> None:
    state = game(RuleSet(schedule=[3]), [THREE], ["bid 3", "bid 2", "bid 0"], dealer=3)
    assert legal_moves(state) == (Bid(0), Bid(1), Bid(2), Bid(3))


def test_only_the_last_bidder_is_hooked() -> None:
    state = game(RuleSet(schedule=[2]), [TWO], ["bid 0", "bid 0"], dealer=3)
    assert state.to_move == 2
    assert legal_moves(state) == (Bid(0), Bid(1), Bid(2))


def test_worked_example_hook_one_card_each() -> None:
    # One card each; the first three bids are 1, 0, 0: the dealer may not bid 0.
    state = game(RuleSet(schedule=[1]), [ONE], ["bid 1", "bid 0", "bid 0"], dealer=3)
    assert state.to_move == state.dealer == 3
    assert plays(state) == {Bid(1)}
    assert_refused(state, "bid 0", "the hook", "add up to 1")


def test_worked_example_hook_eight_cards_each() -> None:
    # Eight cards each; the first three bids are 3, 2, 0: the dealer may not bid 3.
    state = game(RuleSet(schedule=[8]), [EIGHT], ["bid 3", "bid 2", "bid 0"], dealer=3)
    assert state.to_move == state.dealer == 3
    assert plays(state) == {Bid(n) for n in range(9)} - {Bid(3)}
    assert_refused(state, "bid 3", "the hook", "may not bid 3", "add up to 8")


def test_no_hook_in_one_card_rounds_when_switched_off() -> None:
    rules = RuleSet(schedule=[1, 2], hook_in_one_card_rounds=False)
    state = game(rules, [ONE, TWO], ["bid 1", "bid 0", "bid 0"], dealer=3)
    assert plays(state) == {Bid(0), Bid(1)}
    state = play(state, ["bid 0", "play 1o", "play 3o", "play 12o", "play 11o"])
    # two cards: the hook is back
    assert state.round_index == 1
    state = play(state, ["bid 1", "bid 0", "bid 0"])
    assert plays(state) == {Bid(0), Bid(2)}


@pytest.mark.parametrize("others", [(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 1)])
def test_hook_in_one_card_rounds_by_default(others: tuple[int, int, int]) -> None:
    state = game(RuleSet(schedule=[1]), [ONE], [Bid(n) for n in others], dealer=3)
    forbidden = 1 - sum(others)
    expected = {Bid(n) for n in (0, 1) if n != forbidden}
    assert plays(state) == expected
    assert len(expected) >= 1


# --- auction rounds (subastadas) ---------------------------------------

AUCTION = RuleSet(schedule=["2a", 2])
AUCTION_DEAL = deal("1o 3o", "12o 11o", "10o 7o", "6o 5o")


def test_auction_round_starts_with_the_first_players_call() -> None:
    state = game(AUCTION, [AUCTION_DEAL], dealer=3)
    assert state.phase is Phase.AUCTION
    assert state.to_move == 0
    assert state.trump is None
    assert state.trump_card is None
    assert state.bid_order == ()
    assert legal_moves(state) == (Call(0), Call(1), Call(2))
    assert_refused(state, Pass(), "the first player must call a number and may not pass")
    assert_refused(state, Call(3), "calls run from 0 to 2")
    assert_refused(state, Bid(1), "an auction call")


def test_auction_calls_must_rise_strictly() -> None:
    state = game(AUCTION, [AUCTION_DEAL], ["call 1"], dealer=3)
    assert legal_moves(state) == (Call(2), Pass())
    assert_refused(state, Call(1), "must beat the highest call so far (1)")
    assert_refused(state, Call(0), "must beat the highest call so far (1)")
    state = play(state, ["pass"])
    assert state.calls == ((0, Call(1)), (1, Pass()))
    assert legal_moves(state) == (Call(2), Pass())
    state = play(state, ["call 2"])
    assert legal_moves(state) == (Pass(),)


def test_auction_winner_names_trump_and_others_bid_skipping_the_winner() -> None:
    state = game(AUCTION, [AUCTION_DEAL], ["call 0", "call 1", "pass", "pass"], dealer=3)
    assert state.calls == ((0, Call(0)), (1, Call(1)), (2, Pass()), (3, Pass()))
    assert state.phase is Phase.CHOOSE_TRUMP
    assert state.auction_winner == 1
    assert state.to_move == 1
    assert set(legal_moves(state)) == {ChooseTrump(s) for s in Suit}
    assert state.bids == (None, 1, None, None)
    state = apply(state, ChooseTrump(Suit.OROS))
    assert state.trump is Suit.OROS
    assert state.phase is Phase.BID
    assert state.bid_order == (0, 2, 3)
    assert state.to_move == 0
    state = play(state, ["bid 0", "bid 0"])
    # the last of the others is hooked: 1 + 0 + 0 + 1 would make 2
    assert state.to_move == 3
    assert plays(state) == {Bid(0), Bid(2)}
    assert_refused(state, "bid 1", "the hook")
    state = apply(state, Bid(0))
    assert state.bids == (0, 1, 0, 0)
    # the winner leads the first trick (default)
    assert state.phase is Phase.PLAY
    assert state.to_move == state.leader == 1


def test_auction_first_player_leads_when_switched_off() -> None:
    rules = RuleSet(schedule=["2a"], auction_winner_leads=False)
    state = game(rules, [AUCTION_DEAL], ["call 0", "call 1", "pass", "pass", "trump o"], dealer=3)
    state = play(state, ["bid 0", "bid 0", "bid 0"])
    assert state.phase is Phase.PLAY
    assert state.to_move == state.leader == 0


def test_auction_won_by_the_dealer_hooks_the_player_before_the_dealer() -> None:
    state = game(
        AUCTION, [AUCTION_DEAL], ["call 0", "pass", "pass", "call 1", "trump c"], dealer=3
    )
    assert state.auction_winner == 3
    assert state.bid_order == (0, 1, 2)
    state = play(state, ["bid 0", "bid 1"])
    assert state.to_move == 2
    assert plays(state) == {Bid(1), Bid(2)}
    assert_refused(state, "bid 0", "the hook")


def test_auction_everyone_passes_after_the_first_call() -> None:
    state = game(AUCTION, [AUCTION_DEAL], ["call 0", "pass", "pass", "pass"], dealer=3)
    assert state.auction_winner == 0
    assert state.bids == (0, None, None, None)
    state = play(state, ["trump b"])
    assert state.bid_order == (1, 2, 3)


def test_auction_top_call_leaves_only_passes() -> None:
    state = game(AUCTION, [AUCTION_DEAL], ["call 2"], dealer=3)
    assert legal_moves(state) == (Pass(),)
    state = play(state, ["pass", "pass", "pass", "trump e"])
    assert state.auction_winner == 0
    # the winner's call counts towards the hook: 2 + 0 + 0 + 0 would make 2
    state = play(state, ["bid 0", "bid 0"])
    assert legal_moves(state) == (Bid(1), Bid(2))


def test_auction_round_is_scored_like_a_normal_round() -> None:
    state = game(
        AUCTION, [AUCTION_DEAL], ["call 0", "call 2", "pass", "pass", "trump c"], dealer=3
    )
    state = play(state, ["bid 0", "bid 0", "bid 1"])
    assert state.to_move == 1
    # seat 1 leads 12o; seats 2, 3 follow; seat 0 overtakes with 1o
    state = play(state, ["play 12o", "play 10o", "play 6o", "play 1o"])
    assert state.tricks_won == (1, 0, 0, 0)
    state = play(state, ["play 3o", "play 11o", "play 7o", "play 5o"])
    result = state.round_results[0]
    assert result.kind.value == "auction"
    assert result.trump is Suit.COPAS
    assert result.bids == (0, 2, 0, 1)
    assert result.won == (2, 0, 0, 0)
    assert result.scores == (-10, -10, 10, -5)


def test_auction_winner_names_trump_even_when_the_dealer_would_choose() -> None:
    whole = (
        "1o 2o 3o 4o 5o 6o 7o 10o 11o 12o",
        "1c 2c 3c 4c 5c 6c 7c 10c 11c 12c",
        "1e 2e 3e 4e 5e 6e 7e 10e 11e 12e",
        "1b 2b 3b 4b 5b 6b 7b 10b 11b 12b",
    )
    rules = RuleSet(schedule=["10a"], trump_when_all_dealt="dealer_chooses")
    state = game(rules, [deal(*whole)], dealer=3)
    assert state.phase is Phase.AUCTION
    assert state.to_move == 0
    state = play(state, ["call 3", "call 10", "pass", "pass"])
    assert state.phase is Phase.CHOOSE_TRUMP
    assert state.to_move == state.auction_winner == 1
    assert play(state, ["trump c"]).trump is Suit.COPAS


def test_one_card_auction_and_the_hook_option() -> None:
    one = deal("1o", "3o", "12o", "11o")
    hooked = game(RuleSet(schedule=["1a"]), [one], ["call 1", "pass", "pass", "pass", "trump o"])
    assert hooked.bid_order == (2, 3, 0)
    hooked = play(hooked, ["bid 0", "bid 0"])
    assert plays(hooked) == {Bid(1)}
    free = game(
        RuleSet(schedule=["1a"], hook_in_one_card_rounds=False),
        [one],
        ["call 1", "pass", "pass", "pass", "trump o", "bid 0", "bid 0"],
    )
    assert plays(free) == {Bid(0), Bid(1)}


def test_blind_round_is_dealt_and_bid_like_a_normal_one_card_round() -> None:
    rules = RuleSet(schedule=["1b"])
    state = game(rules, [ONE], ["bid 1", "bid 0", "bid 0"], dealer=3)
    assert state.round_kind.value == "blind"
    assert state.trump is Suit.ESPADAS
    assert plays(state) == {Bid(1)}
