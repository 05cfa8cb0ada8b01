"""Determinization: complete states drawn to fit a seat's view."""

from __future__ import annotations

import functools
import itertools
import operator
import random
from collections import defaultdict

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pocha_rules import (
    Card,
    GameState,
    PochaError,
    RoundKind,
    RuleSet,
    Suit,
    apply,
    known_voids,
    legal_moves,
    observe,
    sample_state,
    sample_states,
    unseen_cards,
)
from tests.helpers import card, cards, deal, game
from tests.strategies import any_rules, game_states

# Three players, 36 cards (the 2s out), 12 each: no stock; the dealer (seat 2)
# shows 12b, so bastos is trump.
THREE = RuleSet(players=3, schedule=[12])
OROS = "1o 3o 4o 5o 6o 7o 10o 11o 12o"
THREE_DEAL = deal(
    f"{OROS} 1c 3c 12c",
    "4c 5c 6c 7c 10c 11c 1e 3e 4e 5e 6e 7e",
    "10e 11e 12e 1b 3b 4b 5b 6b 7b 10b 11b 12b",
    trump="12b",
)
# Seat 0 leads 1o; seat 1 cannot follow and holds no trump (plays 4c); seat 2
# cannot follow and must ruff (plays 4b).
THREE_MOVES = ["bid 1", "bid 1", "bid 1", "play 1o", "play 4c", "play 4b"]


def _scenario() -> GameState:
    return game(THREE, [THREE_DEAL], THREE_MOVES, dealer=2)


def test_every_hidden_card_lands_in_every_seat_that_can_hold_it() -> None:
    state = _scenario()
    view = observe(state, 0)
    voids = known_voids(view)
    unseen = set(unseen_cards(view))
    assert len(unseen) == 21
    bastos = {c for c in unseen if c.suit is Suit.BASTOS}
    assert bastos <= voids[1]
    places: dict[Card, set[int]] = defaultdict(set)
    for sample in sample_states(view, seed=2024, count=200):
        for seat in (1, 2):
            for held in sample.hands[seat]:
                places[held].add(seat)
        assert card("12b") in sample.hands[2]
        assert sample.hands[0] == state.hands[0]
    for hidden in unseen - bastos:
        assert places[hidden] == {1, 2}, hidden
    for hidden in bastos:
        assert places[hidden] == {2}, hidden


def test_the_turned_up_card_stays_in_the_stock_and_the_rest_is_spread() -> None:
    rules = RuleSet(players=4, schedule=[2])
    hands = deal("1o 4c", "3c 5e", "12e 7b", "2b 6o", trump="4o")
    state = game(rules, [hands], ["bid 0", "bid 0", "bid 0", "bid 1"], dealer=3)
    view = observe(state, 0)
    places: dict[Card, set[int]] = defaultdict(set)
    for sample in sample_states(view, seed=7, count=400):
        assert sample.trump_card == card("4o")
        assert card("4o") in sample.stock
        assert sample.hands[0] == cards("1o 4c")
        assert [len(hand) for hand in sample.hands] == [2, 2, 2, 2]
        for seat in (1, 2, 3):
            for held in sample.hands[seat]:
                places[held].add(seat)
        for held in sample.stock:
            places[held].add(-1)
    assert all(places[hidden] == {1, 2, 3, -1} for hidden in unseen_cards(view))


def test_samples_are_reproducible_from_the_seed() -> None:
    view = observe(_scenario(), 1)
    assert sample_states(view, seed=5, count=4) == sample_states(view, seed=5, count=4)
    assert sample_states(view, seed=5, count=4) != sample_states(view, seed=6, count=4)
    assert sample_state(view, random.Random(3)) == sample_state(view, random.Random(3))
    assert sample_states(view, seed=5, count=0) == ()


def test_sample_states_refuses_a_bad_count() -> None:
    view = observe(_scenario(), 1)
    with pytest.raises(PochaError, match="count must be 0 or more, got -1"):
        sample_states(view, seed=1, count=-1)
    with pytest.raises(TypeError, match=r"count must be an int, got float 2\.0"):
        sample_states(view, seed=1, count=2.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seed must be an int, got str '1'"):
        sample_states(view, seed="1", count=2)  # type: ignore[arg-type]
    for sample in (lambda v: sample_states(v, 1, 1), lambda v: sample_state(v, random.Random())):
        with pytest.raises(TypeError, match="view must be a PlayerView, got GameState"):
            sample(_scenario())


def test_a_view_that_no_state_fits_is_refused() -> None:
    view = observe(_scenario(), 0)
    crowded = attrs.evolve(view, hand_sizes=(11, 20, 11))
    with pytest.raises(PochaError, match="no game state fits this view"):
        sample_state(crowded, random.Random(1))
    wrong = attrs.evolve(view, visible_hands=(cards("4c 3o"), None, None))
    with pytest.raises(PochaError, match="no game state fits this view"):
        sample_state(wrong, random.Random(1))


@given(game_states(any_rules()), st.data())
def test_every_sample_fits_the_view_and_plays_on(state: GameState, data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, state.rules.players - 1))
    view = observe(state, seat)
    for sample in sample_states(view, seed=data.draw(st.integers(0, 99)), count=3):
        assert observe(sample, seat) == view
        assert [len(hand) for hand in sample.hands] == [len(hand) for hand in state.hands]
        assert sample.deals[: state.round_index] == state.deals[: state.round_index]
        if state.round_kind is not RoundKind.BLIND and not state.is_over:
            assert sample.hands[seat] == state.hands[seat]
        if sample.is_over:
            assert legal_moves(sample) == ()
        else:
            for move in legal_moves(sample):
                apply(sample, move)


def test_placing_cards_moves_earlier_choices_when_a_later_slot_needs_them() -> None:
    from pocha_rules._pocha.sampling import _place

    # Three seats, each allowed two of three cards: a greedy choice often
    # leaves the last seat with nothing unless an earlier one gives way.
    allowed = [0b011, 0b110, 0b101]
    seen = set()
    for seed in range(50):
        placed = _place([1, 1, 1], allowed, random.Random(seed))
        assert placed is not None
        assert sorted(placed) == [0b001, 0b010, 0b100]
        assert all(allowed[seat] & hand == hand for seat, hand in enumerate(placed))
        seen.add(tuple(placed))
    assert seen == {(0b001, 0b010, 0b100), (0b010, 0b100, 0b001)}
    # Two cards for seat 0 and one for seat 1, both allowed the same two cards.
    assert _place([2, 1], [0b011, 0b011], random.Random(1)) is None


def _fits(missing: list[int], allowed: list[int], free: int) -> bool:
    """Whether the seats can take their cards from ``free``, by brute force."""
    if not missing:
        return True
    count, mask = missing[0], allowed[0] & free
    return any(
        _fits(missing[1:], allowed[1:], free & ~sum(1 << c for c in chosen))
        for chosen in itertools.combinations([c for c in range(8) if mask >> c & 1], count)
    )


@given(
    st.lists(st.tuples(st.integers(0, 3), st.integers(0, 255)), min_size=1, max_size=4),
    st.randoms(use_true_random=False),
)
def test_placing_cards_finds_a_placement_whenever_one_exists(
    seats: list[tuple[int, int]], rng: random.Random
) -> None:
    from pocha_rules._pocha.sampling import _place

    missing = [count for count, _ in seats]
    allowed = [mask for _, mask in seats]
    placed = _place(missing, allowed, rng)
    assert (placed is not None) == _fits(missing, allowed, 0xFF)
    if placed is not None:
        assert [hand.bit_count() for hand in placed] == missing
        assert all(hand & allowed[seat] == hand for seat, hand in enumerate(placed))
        assert sum(placed) == functools.reduce(operator.or_, placed, 0)  # no card twice
