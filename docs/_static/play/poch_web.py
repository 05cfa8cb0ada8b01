"""The Python side of the Play page's Poch table: a game of Poch between
the person (seat 0) and the library's Poch bots.

The page runs this module in Pyodide, on the real library
(:mod:`pocha_rules.poch`); its JavaScript calls :func:`start`, :func:`view`,
:func:`play` (the person's move, by its index in :func:`view`'s ``moves``)
and :func:`step` (one bot move), and gets JSON text back. Every view carries
the events since the last one (the moves, the payments, the showdown, the
end of a deal) as data without words: the page words them in its language.
``tests/test_web_page.py`` runs this module under CPython.
"""

from __future__ import annotations

import json
import random
from typing import Any

from pocha_rules.poch import (
    Card,
    Close,
    GameState,
    HeuristicBot,
    Match,
    Move,
    Open,
    Pass,
    Payment,
    Phase,
    Play,
    Reason,
    Reopen,
    RuleSet,
    apply,
    explain,
    legal_moves,
    new_game,
    observe,
)

__all__ = ["PochTable", "play", "start", "step", "view"]

HUMAN = 0
"""The person's seat at the table; the bots hold the others."""


def _move(move: Move) -> dict[str, Any]:
    if isinstance(move, Play):
        return {"kind": "play", "card": str(move.card)}
    if isinstance(move, Open):
        return {"kind": "open", "chips": move.chips}
    if isinstance(move, Reopen):
        return {"kind": "reopen", "chips": move.chips}
    if isinstance(move, Match):
        return {"kind": "match"}
    if isinstance(move, Close):
        return {"kind": "close"}
    assert isinstance(move, Pass)
    return {"kind": "pass"}


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]


def _payments(payments: tuple[Payment, ...]) -> list[dict[str, Any]]:
    """The payments as events, those of one kind to one payee together (the
    dressing of the board, the stops paid by every other seat): each item
    still names every payer and its chips."""
    out: list[dict[str, Any]] = []
    for p in payments:
        last = out[-1] if out else None
        together = last is not None and last["reason"] == str(p.reason)
        if together and p.reason is not Reason.DRESSING:
            together = last is not None and last["payee"] == p.payee
        if last is not None and together:
            last["items"].append([p.payer, p.payee, p.chips])
        else:
            out.append(
                {
                    "type": "pay",
                    "reason": str(p.reason),
                    "payee": p.payee,
                    "items": [[p.payer, p.payee, p.chips]],
                }
            )
    return out


class PochTable:
    """A game of Poch between the person (seat 0) and bots on the other seats."""

    def __init__(self, players: int, seed: int) -> None:
        self.rules = RuleSet(players=players)
        self.state: GameState = new_game(self.rules, seed=seed, dealer=players - 1)
        self.bot = HeuristicBot(seed=seed)
        self.events: list[dict[str, Any]] = [self._deal_event(self.state)]
        self.events += _payments(self.state.ledger)

    def _deal_event(self, state: GameState) -> dict[str, Any]:
        return {
            "type": "deal",
            "number": state.deal_number,
            "dealer": state.dealer,
            "trump": state.trump.letter,
            "turnup": str(state.turnup),
            "takings": [[pool, seat] for pool, seat in state.takings],
        }

    def apply(self, move: Move) -> None:
        """Make ``move`` for the seat to move and record what happened."""
        before = self.state
        seat = before.to_move
        after = apply(before, move)
        paid = after.ledger[len(before.ledger) :]
        # A bet's chips are said with the bet, not as a payment of their own.
        bet = sum(p.chips for p in paid if p.reason is Reason.BET and p.payer == seat)
        events: list[dict[str, Any]] = [{"type": "move", "seat": seat, **_move(move), "bet": bet}]
        paid = tuple(p for p in paid if p.reason is not Reason.BET)
        settled = bool(after.poch_winners) and not before.poch_winners
        if settled or (before.phase is not Phase.SHEDDING and after.phase is Phase.SHEDDING):
            events.append(self._showdown(before, after))
        new_deal = after.deal_number != before.deal_number or after.is_over
        if new_deal:
            # The payments of the finished deal, its summary, then the next
            # deal (its dressing and trump pools) or the end of the game.
            result = after.deal_results[-1]
            events += _payments(
                tuple(
                    p
                    for p in result.payments[len(before.deal_payments) :]
                    if p.reason is not Reason.BET
                )
            )
            events.append(
                {
                    "type": "deal_end",
                    "number": result.index,
                    "changes": list(result.changes),
                    "balances": list(result.balances),
                    "out": seat,
                }
            )
            if after.is_over:
                events += _payments(after.deal_payments)
                events.append({"type": "over", "balances": list(after.balances)})
            else:
                events.append(self._deal_event(after))
                events += _payments(after.deal_payments)
        else:
            events += _payments(paid)
        self.events += events
        self.state = after

    def _showdown(self, before: GameState, after: GameState) -> dict[str, Any]:
        """How the betting ended: nobody opened, the opener alone, or the
        hands of everyone left with their combinations."""
        if before.opener is None:
            return {"type": "showdown", "outcome": "no_bet", "hands": [], "winners": []}
        seats = after.contestants or before.contestants
        hands = [
            {
                "seat": seat,
                "cards": _cards(after.shown[seat]),
                "combination": list(after.combination(seat)),
            }
            for seat in seats
        ]
        outcome = "alone" if len(seats) == 1 else "showdown"
        return {
            "type": "showdown",
            "outcome": outcome,
            "hands": hands,
            "winners": list(after.poch_winners),
        }

    def moves(self) -> list[dict[str, Any]]:
        """The person's moves now: in the betting the legal ones; while
        shedding every card of the hand, legal or not, with the library's
        reason for a card that may not be played."""
        state = self.state
        if state.is_over or state.to_move != HUMAN:
            return []
        if state.phase is Phase.SHEDDING:
            out = []
            for card in state.hand(HUMAN):
                reason = explain(state, Play(card))
                out.append(
                    {"kind": "play", "card": str(card), "legal": reason is None, "reason": reason}
                )
            return out
        return [{**_move(m), "legal": True, "reason": None} for m in legal_moves(state)]

    def view(self, since: int = 0) -> dict[str, Any]:
        """What the person sees, and the events from number ``since`` on."""
        state = self.state
        seen = observe(state, HUMAN)
        dealt = seen.deal_number >= 0 and not seen.is_over
        return {
            "players": self.rules.players,
            "phase": str(seen.phase),
            "over": seen.is_over,
            "to_move": seen.to_move,
            "deal": seen.deal_number,
            "deals": self.rules.players,
            "dealer": seen.dealer,
            "order": list(seen.order),
            "trump": seen.trump.letter if seen.trump is not None and dealt else None,
            "turnup": str(seen.turnup) if seen.turnup is not None and dealt else None,
            "balances": list(seen.balances),
            "starting": list(seen.starting_balances),
            "pools": [[name, chips] for name, chips in seen.pools],
            "hand": _cards(seen.hand),
            "hand_sizes": list(seen.hand_sizes),
            "shown": [_cards(cards) for cards in seen.shown],
            "opener": seen.opener,
            "contestants": list(seen.contestants),
            "stakes": list(seen.stakes),
            "level": seen.level,
            "table": [{"seat": p.seat, "card": str(p.card)} for p in seen.table],
            "last_card": str(seen.last_card) if seen.last_card is not None else None,
            "moves": self.moves(),
            "events": self.events[since:],
            "event_count": len(self.events),
        }


_table: PochTable | None = None


def start(players: int = 4, seed: int | None = None) -> str:
    """Start a new game against the bots; returns :func:`view`."""
    global _table
    _table = PochTable(players, random.randrange(2**31) if seed is None else seed)
    return view()


def _current() -> PochTable:
    if _table is None:
        raise RuntimeError("no game: call start() first")
    return _table


def view(since: int = 0) -> str:
    """The person's view of the game, as JSON, with the events from ``since`` on."""
    return json.dumps(_current().view(since))


def play(index: int, since: int = 0) -> str:
    """Make the person's move number ``index`` of ``view()["moves"]``."""
    table = _current()
    choice = table.moves()[index]
    if not choice["legal"]:
        raise ValueError(choice["reason"])
    wanted = {k: v for k, v in choice.items() if k not in ("legal", "reason")}
    move = next(m for m in legal_moves(table.state) if _move(m) == wanted)
    table.apply(move)
    return view(since)


def step(since: int = 0) -> str:
    """Let the bot to move make its move; returns :func:`view`."""
    table = _current()
    seat = table.state.to_move
    if seat is None or seat == HUMAN:
        raise RuntimeError("it is not a bot's turn")
    table.apply(table.bot.act(observe(table.state, seat)))
    return view(since)
