"""A seat's view of Poch: what it holds, that it does not change when what
the seat cannot see changes, and sampled states that fit it."""

from __future__ import annotations

import itertools
import pickle
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pocha_rules import PochaError
from pocha_rules.poch import GameState, Move, RuleSet, apply, legal_moves, new_game
from pocha_rules.poch.views import PlayerView, observe, sample_state, sample_states
from tests.poch.helpers import play, start
from tests.poch.strategies import games

HANDS = {1: "10h Jd 8d 7c As", 2: "Kh Qh 10c 10d 7s", 3: "9c 9d 9s Ah 8c", 0: "Qc Qs Jc Js 7h"}


def test_view_holds_own_hand_and_public_facts() -> None:
    state = start(RuleSet(players=4), HANDS, "8h")
    view = observe(state, 1)
    assert [str(c) for c in view.hand] == ["7c", "8d", "Jd", "10h", "As"]
    assert view.hand_sizes == (5, 5, 5, 5)
    assert view.stock_size == 11
    assert str(view.turnup) == "8h"
    assert view.trump is not None
    assert view.trump.letter == "h"
    assert [str(c) for c in view.shown[2]] == ["Qh", "Kh"]
    assert view.legal_moves() == legal_moves(state)
    assert observe(state, 2).legal_moves() == ()
    assert view.pool("poch") == 4
    assert pickle.loads(pickle.dumps(view)) == view
    assert hash(view) == hash(observe(state, 1))
    unseen = {str(c) for c in view.unseen}
    assert "Kh" not in unseen
    assert "9c" in unseen
    assert "Kc" in unseen


def test_view_after_showdown_shows_the_contestants_hands() -> None:
    state = start(RuleSet(players=4), HANDS, "8h")
    state = play(state, (1, "pass"), (2, "open 3"), (3, "match"), (0, "pass"), (2, "close"))
    view = observe(state, 0)
    assert {str(c) for c in view.shown[3]} == {"9c", "9d", "9s", "Ah", "8c"}
    assert view.shown[0] == ()  # seat 0 passed: nothing to show
    assert view.poch_winners == (3,)


def test_view_refusals() -> None:
    state = new_game(RuleSet(players=3), seed=1)
    with pytest.raises(PochaError, match="seats run from 0 to 2, got 3"):
        observe(state, 3)
    with pytest.raises(TypeError, match="seat must be an int"):
        observe(state, "1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="poch GameState"):
        observe(None, 1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="poch PlayerView"):
        sample_state(state, random.Random(1))  # type: ignore[arg-type]


def _moves_between(states: list[GameState]) -> list[Move]:
    moves: list[Move] = []
    for before, after in itertools.pairwise(states):
        if len(after.deal_results) > len(before.deal_results):
            moves.append(after.deal_results[before.deal_number].moves[-1][1])
        else:
            moves.append(after.moves[-1][1])
    return moves


def _public(state: GameState) -> tuple[object, ...]:
    """What every seat sees, read from the state's public properties."""
    return (
        state.takings,
        state.shown,
        state.ledger,
        state.moves,
        state.table,
        state.to_move,
        state.last_card,  # whether a series stopped is public, even when a stop pays nothing
        tuple(len(h) for h in state.hands),
        state.turnup,
        len(state.stock),
    )


@given(games(), st.data())
@settings(max_examples=40)
def test_view_unchanged_by_what_the_seat_cannot_see(
    states: list[GameState], data: st.DataObject
) -> None:
    index = data.draw(st.integers(0, len(states) - 2))
    state = states[index]
    seat = data.draw(st.integers(0, state.players - 1))
    view = observe(state, seat)
    unseen = [c for c in view.unseen if c != state.turnup]
    assume(len(unseen) >= 2)
    a, b = data.draw(st.permutations(unseen))[:2]
    orderings = [list(o) for o in states[index].orderings]
    current = orderings[-1]
    i, j = current.index(a), current.index(b)
    current[i], current[j] = b, a
    first = states[0]
    other = new_game(
        first.rules, seed=first.seed, dealer=first.first_dealer, deals=orderings,
        balances=first.starting_balances,
    )  # fmt: skip
    trail = [other]
    for move in _moves_between(states[: index + 1]):
        assume(move in legal_moves(other))
        other = apply(other, move)
        trail.append(other)
    for mine, theirs in zip(states[: index + 1], trail, strict=True):
        assume(_public(mine) == _public(theirs))
    assert other.hand(seat) == state.hand(seat)
    assert observe(other, seat) == view


@given(games(), st.data())
@settings(max_examples=30)
def test_sampled_states_fit_the_view(states: list[GameState], data: st.DataObject) -> None:
    state = states[data.draw(st.integers(0, len(states) - 2))]
    seat = data.draw(st.integers(0, state.players - 1))
    view = observe(state, seat)
    for sample in sample_states(view, seed=data.draw(st.integers(0, 100)), count=3):
        assert observe(sample, seat) == view
        assert sample.balances == state.balances
        assert legal_moves(sample) == legal_moves(state) or state.to_move != seat
        for move in legal_moves(sample)[:2]:
            apply(sample, move)


def test_sample_states_is_reproducible() -> None:
    view = observe(new_game(RuleSet(players=5), seed=8, dealer=2), 4)
    assert sample_states(view, seed=3, count=4) == sample_states(view, seed=3, count=4)
    assert all(isinstance(v, PlayerView) for v in [view])
    with pytest.raises(PochaError, match="count must be 0 or more"):
        sample_states(view, seed=1, count=-1)


def test_sampling_an_altered_view_is_refused() -> None:
    import attrs

    state = start(RuleSet(players=4), HANDS, "8h")
    view = observe(state, 1)
    altered = attrs.evolve(view, takings=(("ace", 1),))
    with pytest.raises(PochaError, match="no game state"):
        sample_state(altered, random.Random(1))
