"""Compact views of a seat in a game of Poch, and the events that keep them
current (the Poch side of :mod:`pocha_rules.compact`).

The compact view is what a seat may know of the current deal, as JSON data:
whose turn it is, the dealer and the order of play, who is out, every
balance and pool, the turned-up card and trump, the size of the stock, the
seat's own cards and every seat's number of cards, the cards shown, the
pools taken, the betting (opener, contestants, stakes, level), the cards
shed, the deal's moves and payments, and the seat's legal moves. The
finished deals are left out (the game's history: the whole view of the
engine protocol holds them). A spectator (``seat=None``) sees the same
without any hand and without legal moves.

:func:`seat_events` lists what a move caused as one seat may be told it:
the public ``move``, ``deal_ended`` and ``game_over`` events, then one
``changed`` event holding the members of the seat's compact view that the
move changed, with their new values. :func:`pocha_rules.compact.update_view`
applies them (it serves both games): the result is the compact view of the
new position, for every seat and for a spectator.

>>> from pocha_rules.compact import update_view
>>> from pocha_rules.poch import RuleSet, apply, legal_moves, new_game
>>> state = new_game(RuleSet(players=3), seed=7)
>>> view = compact_view(state, 0)
>>> view["schema"], len(view["hand"]), view["hand_sizes"]
('poch-view', 5, [5, 5, 5])
>>> after = apply(state, legal_moves(state)[0])
>>> update_view(view, seat_events(state, after, 0)) == compact_view(after, 0)
True
"""

from __future__ import annotations

from typing import Final

import attrs

from pocha_rules._arena_games import poch_deal_view, poch_events
from pocha_rules._common.errors import PochaError, say
from pocha_rules._common.text import got, shown
from pocha_rules.poch._engine import apply, legal_moves
from pocha_rules.poch._moves import Move
from pocha_rules.poch._rules import RuleSet
from pocha_rules.poch._state import GameState
from pocha_rules.poch.views import observe

__all__ = ["VIEW_SCHEMA", "VIEW_VERSION", "compact_view", "seat_events", "step_events"]

VIEW_SCHEMA: Final = "poch-view"
"""The ``"schema"`` member of a compact view of Poch."""
VIEW_VERSION: Final = 1
"""The ``"version"`` member of the compact views of Poch this library writes."""

_RULES: Final[dict[RuleSet, dict[str, object]]] = {}


def _rules(rules: RuleSet) -> dict[str, object]:
    data = _RULES.get(rules)
    if data is None:
        if len(_RULES) > 64:
            _RULES.clear()
        data = _RULES[rules] = attrs.asdict(rules)
    return data


def _check(state: object, seat: object) -> None:
    if type(state) is not GameState:
        raise TypeError(f"state must be a poch GameState, got {got(state)}")
    if seat is None:
        return
    if type(seat) is not int:
        raise TypeError(f"seat must be an int or None, got {got(seat)}")
    n = state.players
    if not 0 <= seat < n:
        raise PochaError(say("seat_out_of_range", high=n - 1, got=shown(seat)))


def compact_view(state: GameState, seat: int | None = None) -> dict[str, object]:
    """What ``seat`` may know of the current deal of ``state``, as JSON data;
    a spectator's view (no hand, no legal moves) for ``seat=None``.

    Raises:
        PochaError: ``seat`` is not a seat of the game.
        TypeError: ``state`` is not a Poch state, or ``seat`` not an int or ``None``.

    """
    _check(state, seat)
    data: dict[str, object] = {
        "schema": VIEW_SCHEMA,
        "version": VIEW_VERSION,
        "rules": _rules(state.rules),
    }
    data.update(poch_deal_view(observe(state, 0 if seat is None else seat)))
    if seat is None:
        data.update(seat=None, hand=[], legal_moves=[], legal_actions=[])
    return data


def step_events(
    before: GameState, move: Move, after: GameState, seat: int | None
) -> list[dict[str, object]]:
    """The events of ``move``, made in ``before`` and giving ``after``, as
    ``seat`` (or a spectator) may be told them (unchecked: ``after`` must be
    ``before`` with ``move`` applied; :func:`seat_events` checks)."""
    _check(after, seat)
    out = [event.to_dict() for event in poch_events(before, move, after)]
    old, new = compact_view(before, seat), compact_view(after, seat)
    out.append({"event": "changed", "view": {k: v for k, v in new.items() if old[k] != v}})
    return out


def seat_events(before: GameState, after: GameState, seat: int | None) -> list[dict[str, object]]:
    """The events of the move from ``before`` to ``after`` as ``seat`` (or a
    spectator, ``None``) may be told them, as JSON data.

    Raises:
        PochaError: ``after`` is not the state one move after ``before``.
        TypeError: ``before`` or ``after`` is not a Poch state.

    """
    _check(before, None)
    _check(after, seat)
    for candidate in () if before.is_over else legal_moves(before):
        if apply(before, candidate) == after:
            return step_events(before, candidate, after, seat)
    raise PochaError(say("events_not_next"))
