"""Helpers computed from a view: the hook, tricks needed, unseen cards and
the cards a seat's plays prove it does not hold."""

from __future__ import annotations

from hypothesis import given

from pocha_rules import (
    Bid,
    Card,
    GameState,
    Phase,
    RuleSet,
    forbidden_bid,
    known_voids,
    legal_moves,
    observe,
    tricks_needed,
    unseen_cards,
)
from tests.helpers import card, cards, deal, game
from tests.strategies import any_rules, game_states

TWO = RuleSet(players=4, schedule=[2, 2])
TWO_DEAL = deal("1o 4c", "3c 5e", "12e 7b", "2b 6o", trump="4o")
BIDS_OF_ZERO = ["bid 0"] * 4


# --- forbidden_bid --------------------------------------------------------


def test_no_bid_is_forbidden_before_the_others_have_bid() -> None:
    state = game(TWO, [TWO_DEAL], ["bid 1", "bid 0"], dealer=3)
    assert forbidden_bid(observe(state, 0)) is None


def test_the_hooked_bid_is_forbidden_once_the_others_have_bid() -> None:
    state = game(TWO, [TWO_DEAL], ["bid 1", "bid 0", "bid 0"], dealer=3)
    for seat in range(4):
        assert forbidden_bid(observe(state, seat)) == 1
    assert Bid(1) not in legal_moves(state)


def test_no_bid_is_forbidden_when_the_others_already_bid_too_many() -> None:
    state = game(TWO, [TWO_DEAL], ["bid 2", "bid 1", "bid 0"], dealer=3)
    assert forbidden_bid(observe(state, 3)) is None
    assert legal_moves(state) == (Bid(0), Bid(1), Bid(2))


def test_no_bid_is_forbidden_in_one_card_rounds_without_the_hook() -> None:
    rules = RuleSet(players=4, schedule=[1], hook_in_one_card_rounds=False)
    state = game(rules, [deal("1o", "3o", "12o", "11o", trump="1e")], ["bid 0"] * 3, dealer=3)
    assert forbidden_bid(observe(state, 3)) is None
    hooked = RuleSet(players=4, schedule=[1])
    state = game(hooked, [deal("1o", "3o", "12o", "11o", trump="1e")], ["bid 0"] * 3, dealer=3)
    assert forbidden_bid(observe(state, 3)) == 1


def test_the_auction_winners_call_counts_towards_the_hook() -> None:
    rules = RuleSet(players=4, schedule=["2a"])
    hands = deal("1o 4c", "3c 5e", "12e 7b", "2b 6o")
    moves = ["call 0", "pass", "pass", "call 1", "trump e", "bid 0", "bid 0"]
    state = game(rules, [hands], moves, dealer=3)
    # the dealer won with 1; seat 2, before the dealer, may not bid 1
    assert state.to_move == 2
    assert forbidden_bid(observe(state, 0)) == 1


def test_no_bid_is_forbidden_outside_the_bidding() -> None:
    state = game(TWO, [TWO_DEAL], BIDS_OF_ZERO, dealer=3)
    assert state.phase is Phase.PLAY
    assert forbidden_bid(observe(state, 3)) is None


@given(game_states(any_rules()))
def test_forbidden_bid_is_the_bid_missing_from_the_legal_bids(state: GameState) -> None:
    seat = state.to_move
    if seat is None:
        return
    forbidden = forbidden_bid(observe(state, seat))
    if state.phase is not Phase.BID:
        assert forbidden is None
        return
    every = {Bid(n) for n in range(state.cards_per_player + 1)}
    missing = every - set(legal_moves(state))
    assert missing == (set() if forbidden is None else {Bid(forbidden)})


# --- tricks_needed --------------------------------------------------------


def test_tricks_needed_is_the_bid_less_the_tricks_won() -> None:
    state = game(TWO, [TWO_DEAL], ["bid 2", "bid 1"], dealer=3)
    assert tricks_needed(observe(state, 1)) == (2, 1, None, None)
    moves = ["bid 2", "bid 1", "bid 0", "bid 0", "play 1o", "play 3c", "play 12e", "play 6o"]
    state = game(TWO, [TWO_DEAL], moves, dealer=3)
    assert tricks_needed(observe(state, 1)) == (1, 1, 0, 0)
    state = game(TWO, [TWO_DEAL], ["bid 0", "bid 1", "bid 0", "bid 0", *moves[4:]], dealer=3)
    assert tricks_needed(observe(state, 1)) == (-1, 1, 0, 0)


# --- unseen_cards ---------------------------------------------------------


def test_unseen_cards_leave_out_the_own_hand_and_the_turned_up_card() -> None:
    state = game(TWO, [TWO_DEAL], dealer=3)
    unseen = unseen_cards(observe(state, 0))
    assert len(unseen) == 40 - 2 - 1
    assert not set(unseen) & {card("1o"), card("4c"), card("4o")}
    assert {card("3c"), card("5e"), card("2b")} <= set(unseen)
    assert list(unseen) == sorted(unseen)


def test_played_cards_are_no_longer_unseen() -> None:
    moves = [*BIDS_OF_ZERO, "play 1o", "play 3c"]
    unseen = set(unseen_cards(observe(game(TWO, [TWO_DEAL], moves, dealer=3), 2)))
    assert card("3c") not in unseen
    assert card("1o") not in unseen
    assert card("5e") in unseen


@given(game_states(any_rules()))
def test_unseen_cards_are_the_hidden_hands_and_the_stock(state: GameState) -> None:
    for seat in range(state.rules.players):
        view = observe(state, seat)
        if state.is_over:
            assert unseen_cards(view) == ()
            continue
        hidden = set(state.stock) - {state.trump_card}
        for other, hand in enumerate(state.hands):
            if view.visible_hands[other] is None:
                hidden |= set(hand)
        if view.dealer_holds_trump_card:
            hidden.discard(state.trump_card)
        assert set(unseen_cards(view)) == hidden


# --- known_voids ----------------------------------------------------------


def _voids(
    hands: tuple[str, ...],
    moves: list[str],
    *,
    must_overtake: bool = True,
    must_ruff: bool = True,
    must_overruff: bool = True,
) -> tuple[set[Card], ...]:
    rules = RuleSet(
        players=4,
        schedule=[3],
        must_overtake=must_overtake,
        must_ruff=must_ruff,
        must_overruff=must_overruff,
    )
    state = game(rules, [deal(*hands, trump="4e")], ["bid 0"] * 4 + moves, dealer=3)
    return tuple(set(v) for v in known_voids(observe(state, 3)))


def test_a_seat_that_does_not_follow_suit_holds_none_of_it() -> None:
    voids = _voids(("5c 1o 3o", "1b 2o 3b", "6c 7c 10c", "7o 6o 5o"), ["play 5c", "play 1b"])
    assert {card("1c"), card("12c"), card("2c")} <= voids[1]
    assert voids[2] == set()
    assert voids[1] <= set(cards("1c 3c 12c 11c 10c 7c 6c 4c 2c 1e 3e 12e 11e 10e 7e 6e 5e 2e"))


def test_a_seat_that_does_not_ruff_when_it_must_holds_no_trump() -> None:
    hands = ("5c 1o 3o", "1b 2o 3b", "6c 7c 10c", "7o 6o 5o")
    assert card("12e") in _voids(hands, ["play 5c", "play 1b"])[1]
    assert card("12e") not in _voids(hands, ["play 5c", "play 1b"], must_ruff=False)[1]


def test_a_seat_that_does_not_overruff_when_it_must_holds_no_higher_trump() -> None:
    hands = ("5c 1o 3o", "7e 1b 2b", "6o 7o 5e", "11o 12o 10o")
    voids = _voids(hands, ["play 5c", "play 7e", "play 6o"])
    assert {card("1e"), card("3e"), card("12e"), card("11e"), card("10e")} <= voids[2]
    assert card("6e") not in voids[2]
    assert card("5e") not in voids[2]
    assert card("3c") in voids[2]
    relaxed = _voids(hands, ["play 5c", "play 7e", "play 6o"], must_overruff=False)
    assert card("1e") not in relaxed[2]
    assert card("3c") in relaxed[2]


def test_a_seat_that_follows_without_overtaking_holds_nothing_higher() -> None:
    hands = ("5c 1o 3o", "4c 2c 12o", "6b 7b 10b", "7o 6o 5o")
    voids = _voids(hands, ["play 5c", "play 4c"])
    assert {card("1c"), card("3c"), card("7c"), card("6c")} <= voids[1]
    assert card("2c") not in voids[1]
    assert not voids[1] & set(cards("1e 3e 12b"))
    free = ("5c 1o 3o", "4c 6c 12o", "6b 7b 10b", "7o 6o 5o")
    assert _voids(free, ["play 5c", "play 4c"], must_overtake=False)[1] == set()


def test_following_a_ruffed_trick_proves_nothing() -> None:
    hands = ("5c 1o 3o", "2e 12b 2o", "4c 7c 1b", "7o 6o 5o")
    voids = _voids(hands, ["play 5c", "play 2e", "play 4c"])
    assert voids[2] == set()
    assert card("3c") in voids[1]


def test_voids_are_forgotten_when_a_new_round_starts() -> None:
    moves = ["bid 0"] * 4 + ["play 1o", "play 3c", "play 12e", "play 6o"]
    moves += ["play 4c", "play 5e", "play 7b", "play 2b"]
    state = game(TWO, [TWO_DEAL], moves, dealer=3)
    assert state.round_index == 1
    assert known_voids(observe(state, 0)) == (frozenset(),) * 4


@given(game_states(any_rules()))
def test_no_seat_holds_a_card_its_plays_ruled_out(state: GameState) -> None:
    for viewer in range(state.rules.players):
        view = observe(state, viewer)
        voids = known_voids(view)
        assert len(voids) == state.rules.players
        for seat, hand in enumerate(state.hands):
            assert not voids[seat] & set(hand)
            assert voids[seat] <= set(unseen_cards(view))
