"""Compact views of a seat, and the events that keep them current.

An app that shows a game to several people sends each of them what their
seat may know, after every move. The whole view
(:meth:`PlayerView.to_dict <pocha_rules.PlayerView.to_dict>` with
``history=True``) carries the game's every move and every finished deal;
late in a game that is tens of kilobytes a message. The compact view holds
only what a seat needs to show and play the current position: the rules, the
current round (its kind, dealer, trump, calls, bids, cards played and the
trick on the table), the tricks won, the totals, the seat's cards and its
legal moves. It is JSON data in the ``pocha-view`` format (see
:mod:`pocha_rules.schemas`), the same data :meth:`PlayerView.to_dict
<pocha_rules.PlayerView.to_dict>` writes.

A client need not be sent a new view after each move: :func:`seat_events`
lists what a move caused as one seat may be told it (the public events of
:mod:`pocha_rules.events`, the seat's own new cards when a round is dealt,
and a closing ``turn`` event saying whose move it is and the seat's legal
moves), and :func:`update_view` applies them to the view the client holds.
The result is always the compact view of the new position, whatever the
game and the seat (a property the tests check over random games).

A spectator (``seat=None``) sees what every seat sees: no hand at all, and
no legal moves.

>>> from pocha_rules import RuleSet, apply, legal_moves, new_game
>>> state = new_game(RuleSet(), seed=3, dealer=0)
>>> view = compact_view(state, 1)
>>> view["hand"], view["legal_moves"], view["round_kind"]
(['1b'], ['bid 0', 'bid 1'], 'normal')
>>> after = apply(state, legal_moves(state)[0])
>>> [event["event"] for event in seat_events(state, after, 2)]
['move', 'turn']
>>> update_view(compact_view(state, 2), seat_events(state, after, 2)) == compact_view(after, 2)
True
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Final

from pocha_rules._common.errors import InvalidDataError, PochaError, say
from pocha_rules._common.text import got, shown
from pocha_rules._pocha.cards import Card
from pocha_rules._pocha.engine import legal_moves
from pocha_rules._pocha.moves import Move
from pocha_rules._pocha.schedules import RoundKind
from pocha_rules._pocha.state import GameState, Phase
from pocha_rules._view_json import history_members, view_members
from pocha_rules.actions import action_table
from pocha_rules.events import caused, events
from pocha_rules.poch import compact as poch_compact
from pocha_rules.views import observe

__all__ = [
    "compact_view",
    "seat_events",
    "step_events",
    "update_view",
]

_HISTORY: Final = ("round_results", "past_deals", "history")
"""The members a view has only when its history is asked for."""


def _cards(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


def _visible(state: GameState, seat: int | None) -> list[list[str] | None]:
    """The hands ``seat`` sees in ``state`` (``None`` where it cannot), as
    :func:`~pocha_rules.observe` works them out; a spectator sees none."""
    hands = state.hands
    if seat is None:
        return [None] * len(hands)
    phase = state.phase
    if state.round_kind is RoundKind.BLIND and phase is not Phase.OVER:
        forced = phase is Phase.PLAY and state.to_move == seat
        return [_cards(h) if s != seat or forced else None for s, h in enumerate(hands)]
    return [_cards(h) if s == seat else None for s, h in enumerate(hands)]


def _legal(state: GameState, seat: int | None) -> tuple[Move, ...]:
    if seat is None or state.to_move != seat:
        return ()
    return legal_moves(state)


def _check_seat(state: GameState, seat: int | None) -> None:
    if not isinstance(state, GameState):
        raise TypeError(f"state must be a GameState, got {got(state)}")
    if seat is None:
        return
    if type(seat) is not int:
        raise TypeError(f"seat must be an int or None, got {got(seat)}")
    n = state.rules.players
    if not 0 <= seat < n:
        raise PochaError(say("seat_must_be", high=n - 1, got=shown(seat)))


def compact_view(
    state: GameState, seat: int | None = None, *, history: bool = False
) -> dict[str, object]:
    """What ``seat`` may know in ``state``, as compact JSON data.

    Args:
        state: The game.
        seat: The seat, or ``None`` for a spectator (what every seat sees).
        history: Add the finished rounds, their deals and every move of the
            game (the ``round_results``, ``past_deals`` and ``history``
            members): the whole view, as :meth:`PlayerView.to_dict
            <pocha_rules.PlayerView.to_dict>` writes it with ``history=True``.

    Raises:
        PochaError: ``seat`` is not a seat of the game.
        TypeError: ``state`` is not a state, or ``seat`` not an int or ``None``.

    """
    _check_seat(state, seat)
    hands = state.hands
    data = view_members(
        state, seat, _visible(state, seat), [len(h) for h in hands], _legal(state, seat)
    )
    if history:
        data.update(history_members(observe(state, 0 if seat is None else seat)))
    return data


def _moved(visible: list[list[str] | None], seat: int, card: str) -> list[list[str] | None]:
    hand = visible[seat]
    if hand is None or card not in hand:
        return visible
    out = list(visible)
    out[seat] = [c for c in hand if c != card]
    return out


def seat_events(before: GameState, after: GameState, seat: int | None) -> list[dict[str, object]]:
    """The events of the move from ``before`` to ``after`` as ``seat`` may be
    told them, as JSON data: :func:`update_view` applies them.

    They are the public events of :mod:`pocha_rules.events` (each as its
    ``to_dict`` writes it), then, when the seat's cards change otherwise
    than by the move itself (a new round is dealt, or in a blind round the
    seat sees its own card when it must play it), a ``hand`` event with the
    hands it now sees, and last a ``turn`` event: the phase, the seat to
    move and, for the seat to move, its legal moves.

    Raises:
        PochaError: ``after`` is not the state one move after ``before``,
            or ``seat`` is not a seat of the game.
        TypeError: ``before`` or ``after`` is not a state, or ``seat`` not
            an int or ``None``.

    """
    _check_seat(after, seat)
    return _for_seat(before, events(before, after), after, seat)


def step_events(
    before: GameState, move: Move, after: GameState, seat: int | None
) -> list[dict[str, object]]:
    """:func:`seat_events` for a move the caller made itself (unchecked:
    ``after`` must be ``before`` with ``move`` applied)."""
    _check_seat(after, seat)
    return _for_seat(before, caused(before, move, after), after, seat)


def _for_seat(
    before: GameState, happened: Iterable[object], after: GameState, seat: int | None
) -> list[dict[str, object]]:
    """The seat's events, given the public events of the move."""
    out: list[dict[str, object]] = [event.to_dict() for event in happened]  # type: ignore[attr-defined]
    if seat is not None:
        expected = _visible(before, seat)
        first = out[0]
        move = str(first["move"])
        if move.startswith("play "):
            mover = first["seat"]
            assert isinstance(mover, int)
            expected = _moved(expected, mover, move[5:])
        now = _visible(after, seat)
        if now != expected:
            out.append({"event": "hand", "visible_hands": now})
    legal = _legal(after, seat)
    table = action_table(after.rules) if legal else None
    out.append(
        {
            "event": "turn",
            "phase": after.phase.value,
            "to_move": after.to_move,
            "leader": after.leader,
            "legal_moves": [str(move) for move in legal],
            "legal_actions": [table.action(move) for move in legal] if table else [],
        }
    )
    return out


def _apply(view: dict[str, object], event: dict[str, object]) -> None:
    kind = event["event"]
    if view.get("schema") == poch_compact.VIEW_SCHEMA:
        poch_compact.apply_event(view, event)
        return
    n = len(view["hand_sizes"])  # type: ignore[arg-type]
    if kind == "move":
        seat = event["seat"]
        assert isinstance(seat, int)
        text = str(event["move"])
        word, _, rest = text.partition(" ")
        if word == "bid":
            view["bids"][seat] = int(rest)  # type: ignore[index]
        elif word in ("call", "pass"):
            view["calls"].append([seat, text])  # type: ignore[attr-defined]
        elif word == "play":
            view["trick"].append([seat, rest])  # type: ignore[attr-defined]
            view["played"].append([seat, rest])  # type: ignore[attr-defined]
            view["hand_sizes"][seat] -= 1  # type: ignore[index]
            visible = view["visible_hands"]
            assert isinstance(visible, list)
            view["visible_hands"] = _moved(visible, seat, rest)
            if view["seat"] is not None:
                view["hand"] = view["visible_hands"][view["seat"]] or []  # type: ignore[index]
    elif kind == "auction_won":
        seat = event["seat"]
        assert isinstance(seat, int)
        view["auction_winner"] = seat
        view["bids"][seat] = event["tricks"]  # type: ignore[index]
        view["bid_order"] = list(event["bid_order"])  # type: ignore[call-overload]
    elif kind == "trump_named":
        view["trump"] = event["suit"]
    elif kind == "trick_won":
        seat = event["seat"]
        assert isinstance(seat, int)
        view["tricks_won"][seat] += 1  # type: ignore[index]
        view["trick"] = []
    elif kind == "round_ended":
        view["scores"] = list(event["totals"])  # type: ignore[call-overload]
    elif kind == "game_over":  # the finished game keeps the last round, bar its cards
        view["scores"] = list(event["scores"])  # type: ignore[call-overload]
        view["played"] = []
    elif kind == "round_started":
        dealer = event["dealer"]
        assert isinstance(dealer, int)
        text = str(event["round"])
        cards = int(text.rstrip("ab"))
        view.update(
            round_index=event["index"],
            round=text,
            round_kind=event["round_kind"],
            dealer=dealer,
            eldest=(dealer + 1) % n,
            hand_sizes=[cards] * n,
            trump=event["trump"],
            trump_card=event["trump_card"],
            trump_card_shown_by_dealer=event["trump_card_shown_by_dealer"],
            calls=[],
            auction_winner=None,
            bid_order=list(event["bid_order"]),  # type: ignore[call-overload]
            bids=[None] * n,
            trick=[],
            played=[],
            tricks_won=[0] * n,
        )
    elif kind == "hand":
        view["visible_hands"] = copy.deepcopy(event["visible_hands"])
        if view["seat"] is not None:
            view["hand"] = view["visible_hands"][view["seat"]] or []  # type: ignore[index]
    elif kind == "turn":
        for name in ("phase", "to_move", "leader"):
            view[name] = event[name]
        view["legal_moves"] = list(event["legal_moves"])  # type: ignore[call-overload]
        view["legal_actions"] = list(event["legal_actions"])  # type: ignore[call-overload]
    else:
        raise PochaError(say("event_unknown", got=shown(kind)))


def update_view(view: dict[str, object], events: Iterable[dict[str, object]]) -> dict[str, object]:
    """The compact view ``view`` with ``events`` applied (the events of
    :func:`seat_events` for the view's seat): a new dict, ``view`` is left
    as it was.

    This is all a client must do to keep its view current; the logic is
    small enough to write again in any language (each event changes the
    members its name says). It serves Poch's compact views too, with the
    events of :mod:`pocha_rules.poch.compact`.

    Raises:
        PochaError: An event's kind is not known, or the view holds its
            history (a whole view is not kept current by events: ask for
            a compact one).
        TypeError: ``view`` is not a dict.

    """
    if not isinstance(view, dict):
        raise TypeError(f"view must be a dict of a compact view, got {got(view)}")
    if any(name in view for name in _HISTORY):
        raise PochaError(say("view_has_history"))
    out = copy.deepcopy(view)
    for index, event in enumerate(events):
        if not isinstance(event, dict):
            raise TypeError(f"an event must be a dict, got {got(event)}")
        try:
            _apply(out, event)
        except PochaError:
            raise
        except (LookupError, TypeError, ValueError, AttributeError) as error:
            where = f"events[{index}]"
            if isinstance(error, KeyError):
                where = f"{where}.{error.args[0]}"
                raise InvalidDataError("event", where, say("missing")) from None
            kind = shown(event.get("event"))
            reason = say("event_not_for_view", kind=kind, error=type(error).__name__)
            raise InvalidDataError("event", where, reason) from None
    return out
