"""Compact views and the events that keep them current: a client that holds a
seat's compact view and applies each move's events to it always holds the
compact view of the new position, for every seat and for spectators."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pocha_rules import GameState, PochaError, RuleSet, apply, legal_moves, new_game, observe, poch
from pocha_rules.compact import compact_view, seat_events, step_events, update_view
from pocha_rules.poch import GameState as PochState
from pocha_rules.poch import compact as poch_compact

from .strategies import rule_sets, seeds
from .test_json_views import TOUR


def seats_of(state: GameState) -> list[int | None]:
    return [None, *range(state.rules.players)]


def check_game(state: GameState, rng: random.Random) -> int:
    """Play ``state`` out at random, checking every seat's view at every
    move; the number of moves."""
    held = {seat: compact_view(state, seat) for seat in seats_of(state)}
    moves = 0
    while not state.is_over:
        move = rng.choice(legal_moves(state))
        after = apply(state, move)
        for seat in seats_of(state):
            happened = step_events(state, move, after, seat)
            assert happened == seat_events(state, after, seat)
            held[seat] = update_view(held[seat], happened)
            assert held[seat] == compact_view(after, seat), (seat, move)
        state = after
        moves += 1
    return moves


@pytest.mark.parametrize("rules", [*TOUR, RuleSet(players=3, schedule="up_down_auction")])
def test_events_keep_every_seats_view_current_over_whole_games(rules: RuleSet) -> None:
    assert check_game(new_game(rules, seed=5, dealer=1), random.Random(5)) > 0


@settings(max_examples=25)
@given(rules=rule_sets(), seed=seeds())
def test_events_keep_views_current_under_any_rules(rules: RuleSet, seed: int) -> None:
    check_game(new_game(rules, seed=seed), random.Random(seed))


def test_a_compact_view_is_the_views_own_data_without_its_history() -> None:
    state = new_game(RuleSet(), seed=2)
    rng = random.Random(2)
    for _ in range(150):
        state = apply(state, rng.choice(legal_moves(state)))
    for seat in range(4):
        whole = observe(state, seat).to_dict(history=True)
        compact = compact_view(state, seat)
        assert compact == observe(state, seat).to_dict()
        assert {k: v for k, v in whole.items() if k in compact} == compact
        assert set(whole) - set(compact) == {"round_results", "past_deals", "history"}
        assert compact_view(state, seat, history=True) == whole


def test_late_in_a_classic_game_a_compact_view_is_at_most_two_kilobytes() -> None:
    state = new_game(RuleSet(), seed=11)
    rng = random.Random(11)
    largest = 0
    while not state.is_over:
        largest = max(largest, len(json.dumps(compact_view(state, state.to_move))))
        state = apply(state, rng.choice(legal_moves(state)))
    assert largest <= 2048


def test_a_spectator_sees_no_cards_and_no_legal_moves() -> None:
    state = new_game(RuleSet(players=4, schedule=["1b", "3"]), seed=1)
    view = compact_view(state)
    assert view["seat"] is None
    assert view["hand"] == []
    assert view["legal_moves"] == []
    assert view["visible_hands"] == [None] * 4
    # In a blind round each seat sees the others' cards, never its own.
    seen = compact_view(state, 0)["visible_hands"]
    assert isinstance(seen, list)
    assert seen[0] is None
    assert all(seen[1:])


def test_bad_arguments_are_refused() -> None:
    state = new_game(RuleSet(), seed=1)
    with pytest.raises(PochaError, match="seat must be from 0 to 3"):
        compact_view(state, 4)
    with pytest.raises(TypeError, match="GameState"):
        compact_view("state")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="int or None"):
        compact_view(state, True)
    view = compact_view(state, 0)
    with pytest.raises(PochaError, match="no event named 'nonsense'"):
        update_view(view, [{"event": "nonsense"}])
    with pytest.raises(PochaError, match="compact view"):
        update_view(compact_view(state, 0, history=True), [])
    with pytest.raises(TypeError, match="dict"):
        update_view([], [])  # type: ignore[arg-type]
    after = apply(state, legal_moves(state)[0])
    with pytest.raises(PochaError):
        seat_events(after, state, 0)
    assert compact_view(state, 0) == view  # update_view changed nothing


# --- Poch ---------------------------------------------------------------------


def check_poch_game(state: PochState, rng: random.Random) -> int:
    seats: list[int | None] = [None, *range(state.players)]
    held = {seat: poch_compact.compact_view(state, seat) for seat in seats}
    moves = 0
    while not state.is_over:
        move = rng.choice(poch.legal_moves(state))
        after = poch.apply(state, move)
        for seat in seats:
            happened = poch_compact.step_events(state, move, after, seat)
            assert happened[0] == {"event": "move", "seat": state.to_move, "move": str(move)}
            held[seat] = update_view(held[seat], happened)
            assert held[seat] == poch_compact.compact_view(after, seat), (seat, move)
        state = after
        moves += 1
    return moves


@pytest.mark.parametrize("players", [3, 4, 5])
def test_events_keep_every_seats_view_of_poch_current(players: int) -> None:
    state = poch.new_game(poch.RuleSet(players=players), seed=players)
    assert check_poch_game(state, random.Random(players)) > 0


@settings(max_examples=10)
@given(players=st.integers(3, 6), seed=seeds())
def test_events_keep_poch_views_current_from_any_seed(players: int, seed: int) -> None:
    check_poch_game(poch.new_game(poch.RuleSet(players=players), seed=seed), random.Random(seed))


def test_a_poch_spectator_sees_no_hand_and_seat_events_find_the_move() -> None:
    state = poch.new_game(poch.RuleSet(players=4), seed=1)
    view = poch_compact.compact_view(state)
    assert view["seat"] is None
    assert view["hand"] == []
    assert view["legal_moves"] == []
    after = poch.apply(state, poch.legal_moves(state)[-1])
    assert poch_compact.seat_events(state, after, 2) == poch_compact.step_events(
        state, poch.legal_moves(state)[-1], after, 2
    )
    with pytest.raises(PochaError, match="one move after"):
        poch_compact.seat_events(after, state, 2)
    with pytest.raises(PochaError, match="no event named 'turn'"):
        update_view(view, [{"event": "turn"}])
    size = max(len(json.dumps(poch_compact.compact_view(s, 0))) for s in (state, after))
    assert size <= 4096
