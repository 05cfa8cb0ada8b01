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

:func:`seat_events` lists what a move caused as one seat may be told it,
in the order it happened; :func:`pocha_rules.compact.update_view` applies
them (it serves both games), and the result is the compact view of the new
position, for every seat and for a spectator. Each event changes the view's
members as follows.

``move`` (``seat``, ``move``)
    The move joins ``moves``. A card played (``play 9h``) also joins
    ``table``, becomes ``last_card``, leaves the player's ``hand`` (when the
    view is the player's own) and his ``shown`` cards, and his
    ``hand_sizes`` entry drops by one.
``betting`` (``opener``, ``contestants``, ``stakes``, ``level``, ``bet_rounds``)
    After a move of the betting: those members' new values.
``payment`` (``payer``, ``payee``, ``chips``, ``reason``)
    Chips moved between a seat and a pool or between two seats: the
    ``balances`` and ``pools`` change, and the payment (without its
    ``event`` member) joins ``payments``.
``showdown`` (``winners``, ``shown``)
    The betting is over: who takes the poch pool (none when nobody opened)
    and the cards every seat now shows.
``stop`` (``seat``, ``card``)
    The card just played ends its series: ``last_card`` becomes ``None``
    (the seat leads again, and is paid in the ``payment`` events after it).
``went_out`` (``seat``)
    The seat shed its last card, which ends the deal (the final payments
    follow).
``deal_ended`` (``index``, ``changes``, ``balances``)
    The deal is over: each seat's result in it. The deal's cards, takings,
    betting, table, moves and payments are cleared (the turned-up card and
    the stock too), as they are once the game is over.
``dealt`` (the members below)
    A new deal: the new values of ``deal_number``, ``dealer``, ``order``,
    ``out``, ``turnup``, ``trump``, ``stock_size``, ``hand_sizes`` and
    ``hand`` (the seat's own cards, empty for a spectator); every seat of
    ``order`` is in the betting (``contestants``). The dressing follows as
    payments.
``trump_pools`` (``takings``, ``shown``)
    The first phase: the pools taken and the cards shown to take them (the
    pools' payments follow).
``game_over`` (``winners``, ``scores``, ``out``)
    The game has ended: the seats out of it. (Sharing the board, where the
    rules share it, comes before it as payments.)
``turn`` (``phase``, ``to_move``, ``legal_moves``, ``legal_actions``)
    Always last: whose move it is and, for that seat, its legal moves.

>>> from pocha_rules.compact import update_view
>>> from pocha_rules.poch import RuleSet, apply, legal_moves, new_game
>>> state = new_game(RuleSet(players=3), seed=7)
>>> view = compact_view(state, 0)
>>> view["schema"], len(view["hand"]), view["hand_sizes"]
('poch-view', 5, [5, 5, 5])
>>> after = apply(state, legal_moves(state)[0])
>>> [event["event"] for event in seat_events(state, after, 0)]
['move', 'betting', 'turn']
>>> update_view(view, seat_events(state, after, 0)) == compact_view(after, 0)
True
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any, Final

from pocha_rules import _poch_view_json as _json
from pocha_rules._common.errors import PochaError, say
from pocha_rules._common.text import got, shown
from pocha_rules.poch._cards import CARDS, Card
from pocha_rules.poch._engine import apply, legal_moves
from pocha_rules.poch._ledger import Payment, Reason
from pocha_rules.poch._moves import Move, Play
from pocha_rules.poch._shedding import successor
from pocha_rules.poch._state import GameState, Phase
from pocha_rules.poch.actions import action_table
from pocha_rules.poch.views import observe

__all__ = [
    "EVENTS",
    "VIEW_SCHEMA",
    "VIEW_VERSION",
    "apply_event",
    "compact_view",
    "seat_events",
    "step_events",
]

VIEW_SCHEMA: Final = _json.VIEW_SCHEMA
"""The ``"schema"`` member of a compact view of Poch."""
VIEW_VERSION: Final = _json.VIEW_VERSION
"""The ``"version"`` member of the compact views of Poch this library writes."""
EVENTS: Final = (
    "move",
    "betting",
    "payment",
    "showdown",
    "stop",
    "went_out",
    "deal_ended",
    "dealt",
    "trump_pools",
    "game_over",
    "turn",
)
"""The names of the events of :func:`seat_events` (see the module's text)."""


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
    data = _json.view_to_dict(observe(state, 0 if seat is None else seat))
    if seat is None:
        data.update(seat=None, hand=[], legal_moves=[], legal_actions=[])
    return data


def _payment(payment: Payment) -> dict[str, object]:
    return {"event": "payment", **_json.payment_data(payment)}


def _payments(payments: Iterable[Payment]) -> list[dict[str, object]]:
    return [_payment(payment) for payment in payments]


def _betting(state: GameState) -> dict[str, object]:
    return {
        "event": "betting",
        "opener": state.opener,
        "contestants": list(state.contestants),
        "stakes": list(state.stakes),
        "level": state.level,
        "bet_rounds": state.bet_rounds,
    }


def _stops(before: GameState, card: Card) -> bool:
    """Whether ``card``, played in ``before``, ends its series: no hand holds
    the card after it."""
    nxt = successor(card.index)
    return nxt < 0 or not any(CARDS[nxt] in hand for hand in before.hands)


def _dealt(state: GameState, seat: int | None) -> list[dict[str, object]]:
    """The events of a new deal: the deal, the dressing, the first phase."""
    payments = state.deal_payments
    dressing = [p for p in payments if p.reason is Reason.DRESSING]
    return [
        {
            "event": "dealt",
            "deal_number": state.deal_number,
            "dealer": state.dealer,
            "order": list(state.order),
            "out": list(state.out),
            "turnup": str(state.turnup),
            "trump": state.trump.letter,
            "stock_size": len(state.stock),
            "hand_sizes": [len(hand) for hand in state.hands],
            "hand": [] if seat is None else [str(card) for card in state.hand(seat)],
        },
        *_payments(dressing),
        {
            "event": "trump_pools",
            "takings": [[pool, taker] for pool, taker in state.takings],
            "shown": [[str(card) for card in cards] for cards in state.shown],
        },
        *_payments(payments[len(dressing) :]),
    ]


def step_events(
    before: GameState, move: Move, after: GameState, seat: int | None
) -> list[dict[str, object]]:
    """The events of ``move``, made in ``before`` and giving ``after``, as
    ``seat`` (or a spectator) may be told them (unchecked: ``after`` must be
    ``before`` with ``move`` applied; :func:`seat_events` checks)."""
    _check(after, seat)
    mover = before.to_move
    out: list[dict[str, object]] = [{"event": "move", "seat": mover, "move": str(move)}]
    paid = len(before.deal_payments)
    ended = len(after.deal_results) > len(before.deal_results)
    payments = after.deal_results[-1].payments if ended else after.deal_payments
    if type(move) is Play:
        if _stops(before, move.card):
            out.append({"event": "stop", "seat": mover, "card": str(move.card)})
        if ended:
            out.append({"event": "went_out", "seat": mover})
        out += _payments(payments[paid:])
    else:
        out.append(_betting(after))
        bets = [p for p in payments[paid:] if p.reason is Reason.BET]
        out += _payments(bets)
        if after.phase is not Phase.BETTING and after.phase is not Phase.DECIDING:
            out.append(
                {
                    "event": "showdown",
                    "winners": list(after.poch_winners),
                    "shown": [[str(card) for card in cards] for cards in after.shown],
                }
            )
        out += _payments(payments[paid + len(bets) :])
    if ended:
        deal = after.deal_results[-1]
        out.append(
            {
                "event": "deal_ended",
                "index": deal.index,
                "changes": list(deal.changes),
                "balances": list(deal.balances),
            }
        )
        if after.is_over:
            out += _payments(after.deal_payments)
            out.append(
                {
                    "event": "game_over",
                    "winners": list(after.winners),
                    "scores": list(after.scores),
                    "out": list(after.out),
                }
            )
        else:
            out += _dealt(after, seat)
    legal = legal_moves(after) if seat is not None and after.to_move == seat else ()
    table = action_table(after.rules)
    out.append(
        {
            "event": "turn",
            "phase": after.phase.value,
            "to_move": after.to_move,
            "legal_moves": [str(m) for m in legal],
            "legal_actions": [table.action(m) for m in legal],
        }
    )
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


def _pay(view: dict[str, Any], event: dict[str, Any]) -> None:
    payment = {name: event[name] for name in ("payer", "payee", "chips", "reason")}
    chips = payment["chips"]
    for party, sign in ((payment["payer"], -1), (payment["payee"], 1)):
        if isinstance(party, str):
            view["pools"][party] += sign * chips
        else:
            view["balances"][party] += sign * chips
    view["payments"].append(payment)


def _play(view: dict[str, Any], seat: int, card: str) -> None:
    view["table"].append([seat, card])
    view["last_card"] = card
    view["hand_sizes"][seat] -= 1
    if view["seat"] == seat:
        view["hand"] = [c for c in view["hand"] if c != card]
    view["shown"][seat] = [c for c in view["shown"][seat] if c != card]


def _clear(view: dict[str, Any]) -> None:
    """What a finished deal leaves of the view (as the end of a game does)."""
    n = len(view["balances"])
    view.update(
        turnup=None,
        trump=None,
        stock_size=0,
        hand=[],
        hand_sizes=[0] * n,
        shown=[[] for _ in range(n)],
        takings=[],
        opener=None,
        contestants=[],
        stakes=[0] * n,
        level=0,
        bet_rounds=0,
        poch_winners=[],
        table=[],
        last_card=None,
        moves=[],
        payments=[],
    )


_COPIED: Final = {
    "betting": ("opener", "contestants", "stakes", "level", "bet_rounds"),
    "dealt": (
        "deal_number",
        "dealer",
        "order",
        "out",
        "turnup",
        "trump",
        "stock_size",
        "hand_sizes",
        "hand",
    ),
    "trump_pools": ("takings", "shown"),
    "game_over": ("out",),
    "turn": ("phase", "to_move", "legal_moves", "legal_actions"),
}
"""The events that set members of the view to the values they carry."""


def apply_event(view: dict[str, Any], event: dict[str, Any]) -> None:
    """Apply one event of :func:`seat_events` to the compact view ``view``,
    in place (:func:`pocha_rules.compact.update_view` applies a list of them
    to a copy).

    Raises:
        PochaError: The event's kind is not one of :data:`EVENTS`.

    """
    kind = event["event"]
    if kind == "move":
        seat = event["seat"]
        view["moves"].append([seat, event["move"]])
        word, _, card = str(event["move"]).partition(" ")
        if word == "play":
            _play(view, seat, card)
    elif kind == "payment":
        _pay(view, event)
    elif kind == "showdown":
        view["poch_winners"] = list(event["winners"])
        view["shown"] = copy.deepcopy(event["shown"])
    elif kind == "stop":
        view["last_card"] = None
    elif kind == "deal_ended":
        _clear(view)
    elif kind in _COPIED:
        for name in _COPIED[kind]:
            view[name] = copy.deepcopy(event[name])
        if kind == "dealt":
            view["contestants"] = sorted(event["order"])
    elif kind != "went_out":
        raise PochaError(say("event_unknown", got=shown(kind)))
