"""Compact views and the events that keep them current: a client that holds a
seat's compact view and applies each move's events to it always holds the
compact view of the new position, for every seat and for spectators."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import given, settings

from pocha_rules import (
    GameState,
    InvalidDataError,
    PochaError,
    RuleSet,
    apply,
    legal_moves,
    new_game,
    observe,
    poch,
)
from pocha_rules.compact import compact_view, seat_events, step_events, update_view
from pocha_rules.poch import GameState as PochState
from pocha_rules.poch import compact as poch_compact

from .poch.strategies import games as poch_games
from .poch.strategies import play_out, random_chooser
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


def check_poch_game(states: list[PochState]) -> set[str]:
    """Check every seat's and a spectator's view along a played game; the
    kinds of event seen."""
    seats: list[int | None] = [None, *range(states[0].players)]
    held = {seat: poch_compact.compact_view(states[0], seat) for seat in seats}
    kinds: set[str] = set()
    for state, after in itertools.pairwise(states):
        move = next(m for m in poch.legal_moves(state) if poch.apply(state, m) == after)
        for seat in seats:
            happened = poch_compact.step_events(state, move, after, seat)
            assert happened[0] == {"event": "move", "seat": state.to_move, "move": str(move)}
            assert happened[-1]["event"] == "turn"
            kinds.update(str(event["event"]) for event in happened)
            held[seat] = update_view(held[seat], happened)
            assert held[seat] == poch_compact.compact_view(after, seat), (seat, move)
    assert kinds <= set(poch_compact.EVENTS)
    return kinds


def poch_game(rules: poch.RuleSet, seed: int) -> list[PochState]:
    return play_out(poch.new_game(rules, seed=seed), random_chooser(seed))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_events_keep_every_seats_view_of_poch_current(players: int) -> None:
    kinds = check_poch_game(poch_game(poch.RuleSet(players=players), players))
    assert {"betting", "payment", "showdown", "stop", "went_out", "deal_ended"} <= kinds
    assert {"dealt", "trump_pools", "game_over"} <= kinds


@settings(max_examples=15)
@given(states=poch_games())
def test_events_keep_poch_views_current_under_any_rules(states: list[PochState]) -> None:
    check_poch_game(states)


def test_poch_events_say_what_happened() -> None:
    rules = poch.RuleSet(players=3, centre_pool=True, board_at_end="shared")
    states = poch_game(rules, 4)
    seen: dict[str, dict[str, object]] = {}
    for state, after in itertools.pairwise(states):
        for event in poch_compact.seat_events(state, after, 1):
            seen.setdefault(str(event["event"]), event)
    assert set(seen) == set(poch_compact.EVENTS)
    assert set(seen["payment"]) == {"event", "payer", "payee", "chips", "reason"}
    assert set(seen["showdown"]) == {"event", "winners", "shown"}
    assert set(seen["stop"]) == {"event", "seat", "card"}
    reasons = {
        str(event["reason"])
        for state, after in itertools.pairwise(states)
        for event in poch_compact.seat_events(state, after, None)
        if event["event"] == "payment"
    }
    assert {"dressing", "trump_pool", "bet", "stop", "cards", "centre"} <= reasons
    dealt = seen["dealt"]
    assert len(dealt["hand"]) == 5  # type: ignore[arg-type]
    spectator = poch_compact.seat_events(states[-2], states[-1], None)
    assert all(event.get("hand", []) == [] for event in spectator)


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
    with pytest.raises(PochaError, match="no event named 'changed'"):
        update_view(view, [{"event": "changed", "view": {}}])
    with pytest.raises(InvalidDataError, match=r"invalid event at events\[1\].phase: missing"):
        update_view(view, [{"event": "stop"}, {"event": "turn"}])
    bad = {"event": "payment", "payer": 9, "payee": 0, "chips": 1, "reason": "x"}
    with pytest.raises(InvalidDataError, match=r"events\[0\]: a 'payment' event that does not"):
        update_view(view, [bad])
    size = max(len(json.dumps(poch_compact.compact_view(s, 0))) for s in (state, after))
    assert size <= 4096
