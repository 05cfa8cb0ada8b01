"""Player views: what each seat sees, and that a view is unchanged by any
change to the cards its seat cannot see."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pocha_rules import (
    Bid,
    Call,
    Card,
    ChooseTrump,
    Deal,
    GameState,
    Pass,
    Phase,
    PlayedCard,
    PlayerView,
    PochaError,
    RoundKind,
    RuleSet,
    Suit,
    apply,
    known_voids,
    legal_moves,
    new_game,
    observe,
)
from pocha_rules import views as views_module
from tests.helpers import card, cards, deal, game, play
from tests.strategies import any_rules, game_states, play_out

FOUR = RuleSet(players=4, schedule=[2, 2])
DEAL = deal("1o 4c", "3c 5e", "12e 7b", "2b 6o", trump="4o")
SECOND = deal("1c 3c", "1e 3e", "1b 3b", "12o 11o", trump="5c")


def test_the_view_holds_the_own_hand_and_the_public_facts() -> None:
    state = game(FOUR, [DEAL], dealer=3)
    view = observe(state, 1)
    assert view.seat == 1
    assert view.rules == FOUR
    assert view.phase is Phase.BID
    assert view.to_move == 0
    assert (view.round_index, view.round.cards, view.round_kind) == (0, 2, RoundKind.NORMAL)
    assert view.cards_per_player == 2
    assert (view.dealer, view.eldest, view.first_dealer) == (3, 0, 3)
    assert view.hand == cards("3c 5e")
    assert view.visible_hands == (None, cards("3c 5e"), None, None)
    assert view.hand_sizes == (2, 2, 2, 2)
    assert view.trump is Suit.OROS
    assert view.trump_card == card("4o")
    assert not view.trump_card_shown_by_dealer
    assert not view.dealer_holds_trump_card
    assert view.bids == (None, None, None, None)
    assert view.played == view.trick == ()
    assert view.round_results == ()
    assert view.past_deals == ()
    assert view.scores == (0, 0, 0, 0)
    assert view.legal_moves() == ()
    assert observe(state, 0).legal_moves() == (Bid(0), Bid(1), Bid(2))


def test_bids_plays_tricks_and_finished_rounds_are_public() -> None:
    moves = ["bid 2", "bid 0", "bid 0", "bid 1", "play 1o", "play 3c", "play 12e", "play 6o"]
    state = game(FOUR, [DEAL, SECOND], moves, dealer=3)
    view = observe(state, 2)
    assert view.bids == (2, 0, 0, 1)
    assert view.tricks_won == (1, 0, 0, 0)
    assert view.played == tuple(
        PlayedCard(seat, card(text)) for seat, text in enumerate(["1o", "3c", "12e", "6o"])
    )
    assert view.trick == ()
    assert view.leader == 0 == view.to_move
    assert view.hand_sizes == (1, 1, 1, 1)
    assert view.hand == cards("7b")
    state = play(state, ["play 4c"])
    view = observe(state, 2)
    assert view.trick == (PlayedCard(0, card("4c")),)
    assert view.legal_moves() == ()
    state = play(state, ["play 5e", "play 7b", "play 2b"])
    view = observe(state, 2)
    assert view.round_index == 1
    assert view.round_results == state.round_results
    assert view.scores == state.scores == (20, 10, 10, -5)
    assert view.past_deals == (DEAL,)
    assert view.played == ()
    assert view.history == state.history


def test_the_dealers_shown_card_is_public_until_it_is_played() -> None:
    # 8 players share the 40 cards out: the dealer shows its last card
    rules = RuleSet(players=8, schedule=[5])
    hands = [[Card(rank, suit) for rank in ranks] for suit in Suit for ranks in _halves()]
    shown = Deal(hands=hands, trump_card=hands[7][0])
    state = new_game(rules, seed=1, dealer=7, deals=[shown])
    assert state.stock == ()
    view = observe(state, 0)
    assert view.trump_card == hands[7][0]
    assert view.trump_card_shown_by_dealer
    assert view.dealer_holds_trump_card
    assert view.hand_sizes[7] == 5
    assert view.visible_hands[7] is None
    assert hands[7][0] not in view.hand
    for _ in range(8):
        state = apply(state, Bid(0))
    while observe(state, 0).dealer_holds_trump_card:
        assert hands[7][0] in state.hands[7]
        assert hands[7][0] not in (p.card for p in observe(state, 0).played)
        state = apply(state, legal_moves(state)[0])
    assert PlayedCard(7, hands[7][0]) in observe(state, 0).played
    assert observe(state, 0).trump_card == hands[7][0]


def _halves() -> tuple[tuple[int, ...], tuple[int, ...]]:
    return (1, 3, 12, 11, 10), (7, 6, 5, 4, 2)


def test_the_dealer_chooses_trump_with_every_card_dealt() -> None:
    rules = RuleSet(players=4, schedule=[10], trump_when_all_dealt="dealer_chooses")
    state = new_game(rules, seed=5, dealer=2)
    dealer, other = observe(state, 2), observe(state, 0)
    assert dealer.phase is Phase.CHOOSE_TRUMP
    assert dealer.legal_moves() == tuple(ChooseTrump(suit) for suit in Suit)
    assert other.legal_moves() == ()
    assert dealer.trump is None
    assert dealer.trump_card is None
    state = apply(state, ChooseTrump(Suit.BASTOS))
    assert observe(state, 0).trump is Suit.BASTOS


def test_auction_calls_and_the_winner_are_public() -> None:
    rules = RuleSet(players=4, schedule=["2a"])
    hands = deal("1o 4c", "3c 5e", "12e 7b", "2b 6o")
    state = game(rules, [hands], ["call 0", "call 1", "pass"], dealer=3)
    view = observe(state, 0)
    assert view.calls == ((0, Call(0)), (1, Call(1)), (2, Pass()))
    assert view.auction_winner is None
    assert observe(state, 3).legal_moves() == (Call(2), Pass())
    state = play(state, ["pass", "trump e"])
    view = observe(state, 3)
    assert view.auction_winner == 1
    assert view.bids == (None, 1, None, None)
    assert view.bid_order == (0, 2, 3)
    assert view.trump is Suit.ESPADAS


def test_a_finished_game_leaves_nothing_to_do() -> None:
    state = game(FOUR, [DEAL, SECOND], dealer=3)
    while not state.is_over:
        state = apply(state, legal_moves(state)[0])
    view = observe(state, 0)
    assert view.is_over
    assert view.to_move is None
    assert view.legal_moves() == ()
    assert view.hand == ()
    assert view.past_deals == state.deals
    assert view.scores == state.scores


def test_views_are_frozen_hashable_values() -> None:
    state = game(FOUR, [DEAL], dealer=3)
    view = observe(state, 1)
    assert observe(state, 1) == view
    assert hash(observe(state, 1)) == hash(view)
    assert {view: "seen"}[observe(state, 1)] == "seen"
    assert observe(state, 2) != view
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        view.seat = 2  # type: ignore[misc]


def test_observe_refuses_a_bad_seat_or_state() -> None:
    state = game(FOUR, [DEAL], dealer=3)
    with pytest.raises(PochaError, match="seat must be from 0 to 3, got 4"):
        observe(state, 4)
    with pytest.raises(TypeError, match="seat must be an int, got bool True"):
        observe(state, True)
    with pytest.raises(TypeError, match="state must be a GameState, got str 'state'"):
        observe("state", 0)  # type: ignore[arg-type]


def test_the_views_module_exports_the_helpers() -> None:
    assert views_module.PlayerView is PlayerView
    assert views_module.known_voids is known_voids


@given(game_states(any_rules()))
def test_legal_moves_from_the_view_are_the_games(state: GameState) -> None:
    for seat in range(state.rules.players):
        view = observe(state, seat)
        expected = legal_moves(state) if seat == state.to_move else ()
        assert view.legal_moves() == expected


@given(game_states(any_rules()))
def test_the_dealer_holds_the_shown_card_exactly_until_it_is_played(state: GameState) -> None:
    holds = (
        state.trump_card_shown_by_dealer
        and not state.is_over
        and state.trump_card in state.hands[state.dealer]
    )
    for seat in range(state.rules.players):
        assert observe(state, seat).dealer_holds_trump_card == holds


def _hidden(state: GameState, view: PlayerView) -> list[tuple[Card, int]]:
    """The cards ``view``'s seat cannot see, with their place: a seat, or -1
    for the stock."""
    out = []
    for seat, hand in enumerate(state.hands):
        if view.visible_hands[seat] is not None:
            continue
        for held in hand:
            if seat == state.dealer and view.dealer_holds_trump_card and held == state.trump_card:
                continue
            out.append((held, seat))
    out += [(c, -1) for c in state.stock if c != state.trump_card]
    return out


def _swapped(state: GameState, a: Card, b: Card) -> GameState:
    """The game replayed with ``a`` and ``b`` swapped in the current deal."""
    current = state.deal
    hands = [tuple(b if c == a else a if c == b else c for c in hand) for hand in current.hands]
    deals = (*state.deals[:-1], Deal(hands=hands, trump_card=current.trump_card))
    changed = new_game(state.rules, seed=state.seed, dealer=state.first_dealer, deals=deals)
    for move in state.history:
        changed = apply(changed, move)
    return changed


@given(game_states(any_rules()), st.data())
def test_a_view_is_unchanged_by_cards_its_seat_cannot_see(
    state: GameState, data: st.DataObject
) -> None:
    if state.is_over:
        return
    seat = data.draw(st.integers(0, state.rules.players - 1))
    view = observe(state, seat)
    voids = known_voids(view)
    hidden = _hidden(state, view)
    pairs = [
        (a, b)
        for a, p in hidden
        for b, q in hidden
        if p != q and a < b and (q < 0 or a not in voids[q]) and (p < 0 or b not in voids[p])
    ]
    if not pairs:
        return
    a, b = data.draw(st.sampled_from(pairs))
    changed = _swapped(state, a, b)  # a swap the obligations allow always replays
    assert changed != state
    assert observe(changed, seat) == view


@given(game_states(any_rules()), st.integers(0, 2**32))
def test_a_view_is_unchanged_by_the_seed_of_later_rounds(state: GameState, seed: int) -> None:
    other = new_game(state.rules, seed=seed, dealer=state.first_dealer, deals=state.deals)
    for move in state.history:
        other = apply(other, move)
    for seat in range(state.rules.players):
        assert observe(other, seat) == observe(state, seat)


def test_each_view_carries_its_own_games_finished_deals() -> None:
    moves = ["bid 2", "bid 0", "bid 0", "bid 1", "play 1o", "play 3c", "play 12e", "play 6o"]
    moves += ["play 4c", "play 5e", "play 7b", "play 2b"]
    other = deal("1o 4c", "3c 5e", "12e 7b", "2b 6o", trump="5o")
    first = game(FOUR, [DEAL, SECOND], moves, dealer=3)
    second = game(FOUR, [other, SECOND], moves, dealer=3)
    for _ in range(2):
        assert observe(first, 0).past_deals == (DEAL,)
        assert observe(second, 0).past_deals == (other,)
    assert observe(first, 0) != observe(second, 0)


def test_the_history_is_right_whatever_order_states_are_observed_in() -> None:
    # observe keeps the finished rounds' moves of the last round it saw: states
    # of two games, visited out of order, must still give their own histories.
    games = []
    for seed in (1, 2):
        states: list[GameState] = []
        play_out(new_game(RuleSet(schedule=[1, 2, 1], tiebreak="shared"), seed=seed), seed,
                 on_state=states.append)  # fmt: skip
        games.append(states)
    mixed = [s for pair in zip(*games, strict=False) for s in pair]
    for state in mixed + mixed[::-1]:
        assert observe(state, 0).history == state.history
