"""What a move caused: events for chat logs, commentary and animations.

A move may do more than its own part: the last card of a trick completes the
trick and gives it to a seat, the last trick ends the round (its points are
counted and the next round is dealt) and the last round ends the game.
:func:`events` lists all of it between a state and the next, in the order
it happens; :func:`step` applies a move and returns the events with the new
state. Every event is a frozen value with :meth:`~MoveMade.to_dict` (JSON
data with an ``"event"`` member naming its kind; the ``event`` JSON Schema
of :mod:`pocha_rules.schemas` describes them all), and holds only public
facts: any seat may be told any event.

>>> from pocha_rules import Deal, RuleSet, new_game, parse_move
>>> deal = Deal(hands=[["1o"], ["3c"], ["5e"], ["7b"]], trump_card="4o")
>>> state = new_game(RuleSet(schedule=[1]), seed=1, dealer=3, deals=[deal])
>>> for text in ["bid 1", "bid 0", "bid 0", "bid 1", "play 1o", "play 3c", "play 5e"]:
...     state = apply(state, parse_move(text))
>>> state, happened = step(state, parse_move("play 7b"))
>>> [event.kind for event in happened]
['move', 'trick_won', 'round_ended', 'game_over']
>>> happened[1].seat, [str(p.card) for p in happened[1].cards]
(0, ['1o', '3c', '5e', '7b'])
>>> happened[3].to_dict()
{'event': 'game_over', 'winners': [0], 'scores': [15, 10, 10, -5]}
"""

from __future__ import annotations

from typing import ClassVar, Final, TypeAlias

import attrs

from pocha_rules._common.errors import PochaError, say
from pocha_rules._common.text import got
from pocha_rules._pocha.cards import Card, Suit
from pocha_rules._pocha.engine import apply
from pocha_rules._pocha.moves import Call, ChooseTrump, Move, Pass, Play
from pocha_rules._pocha.play import winning_position
from pocha_rules._pocha.schedules import Round
from pocha_rules._pocha.state import GameState, PlayedCard, RoundResult
from pocha_rules._pocha.tables import tables_for

__all__ = [
    "KINDS",
    "AuctionWon",
    "Event",
    "GameOver",
    "MoveMade",
    "RoundEnded",
    "RoundStarted",
    "TrickWon",
    "TrumpNamed",
    "caused",
    "events",
    "step",
]


def _card(card: Card | None) -> str | None:
    return None if card is None else str(card)


@attrs.frozen
class MoveMade:
    """A seat made a move (always the first event of a step)."""

    kind: ClassVar[str] = "move"
    """The event's name in JSON (``"event"``)."""
    seat: int
    """The seat that moved."""
    move: Move
    """The move."""

    def to_dict(self) -> dict[str, object]:
        """The event as JSON data: ``{"event": "move", "seat": 1, "move": "bid 2"}``."""
        return {"event": self.kind, "seat": self.seat, "move": str(self.move)}


@attrs.frozen
class AuctionWon:
    """The auction of an auction round is decided: its winner names trump
    next, and its winning call is its bid."""

    kind: ClassVar[str] = "auction_won"
    """The event's name in JSON (``"event"``)."""
    seat: int
    """The winner."""
    tricks: int | None
    """The winning call (``None`` when no seat called)."""
    bid_order: tuple[int, ...]
    """The other seats, in the order they now bid (the last is under the
    hook)."""

    def to_dict(self) -> dict[str, object]:
        """The event as JSON data."""
        return {
            "event": self.kind,
            "seat": self.seat,
            "tricks": self.tricks,
            "bid_order": list(self.bid_order),
        }


@attrs.frozen
class TrumpNamed:
    """A seat named trump (the auction's winner, or the dealer when every
    card is dealt and the dealer chooses)."""

    kind: ClassVar[str] = "trump_named"
    """The event's name in JSON (``"event"``)."""
    seat: int
    """The seat that named it."""
    suit: Suit
    """The trump suit."""

    def to_dict(self) -> dict[str, object]:
        """The event as JSON data."""
        return {"event": self.kind, "seat": self.seat, "suit": self.suit.letter}


@attrs.frozen
class TrickWon:
    """A trick is complete and a seat takes it."""

    kind: ClassVar[str] = "trick_won"
    """The event's name in JSON (``"event"``)."""
    seat: int
    """The seat that takes it (and leads the next trick)."""
    cards: tuple[PlayedCard, ...]
    """The trick's cards in play order, each with its seat."""
    number: int
    """The trick's position in the round (0-based)."""

    def to_dict(self) -> dict[str, object]:
        """The event as JSON data."""
        return {
            "event": self.kind,
            "seat": self.seat,
            "cards": [[p.seat, str(p.card)] for p in self.cards],
            "number": self.number,
        }


@attrs.frozen
class RoundEnded:
    """A round is over: its bids, tricks won and points, and the totals."""

    kind: ClassVar[str] = "round_ended"
    """The event's name in JSON (``"event"``)."""
    result: RoundResult
    """The round's bids, tricks won and points by seat."""
    totals: tuple[int, ...]
    """The cumulative totals by seat after it."""

    def to_dict(self) -> dict[str, object]:
        """The event as JSON data."""
        r = self.result
        return {
            "event": self.kind,
            "index": r.index,
            "dealer": r.dealer,
            "cards": r.cards,
            "round_kind": r.kind.value,
            "trump": r.trump.letter,
            "bids": list(r.bids),
            "won": list(r.won),
            "scores": list(r.scores),
            "totals": list(self.totals),
        }


@attrs.frozen
class RoundStarted:
    """A new round is dealt (after the last one ended)."""

    kind: ClassVar[str] = "round_started"
    """The event's name in JSON (``"event"``)."""
    index: int
    """The round's position in the game (0-based)."""
    round: Round
    """Cards each, and the round's kind."""
    dealer: int
    """The seat that dealt."""
    trump: Suit | None
    """The trump suit, when it is known at once."""
    trump_card: Card | None
    """The card turned up (or the dealer's shown last card), if any."""
    trump_card_shown_by_dealer: bool
    """Whether :attr:`trump_card` is the dealer's own last card, shown (it
    stays in the dealer's hand until played)."""
    bid_order: tuple[int, ...]
    """The seats in the order they bid (the last is under the hook)."""

    def to_dict(self) -> dict[str, object]:
        """The event as JSON data."""
        return {
            "event": self.kind,
            "index": self.index,
            "round": str(self.round),
            "round_kind": self.round.kind.value,
            "dealer": self.dealer,
            "trump": None if self.trump is None else self.trump.letter,
            "trump_card": _card(self.trump_card),
            "trump_card_shown_by_dealer": self.trump_card_shown_by_dealer,
            "bid_order": list(self.bid_order),
        }


@attrs.frozen
class GameOver:
    """The game has ended."""

    kind: ClassVar[str] = "game_over"
    """The event's name in JSON (``"event"``)."""
    winners: tuple[int, ...]
    """The winning seats (several when shared)."""
    scores: tuple[int, ...]
    """The final totals by seat."""

    def to_dict(self) -> dict[str, object]:
        """The event as JSON data."""
        return {"event": self.kind, "winners": list(self.winners), "scores": list(self.scores)}


Event: TypeAlias = (
    MoveMade | AuctionWon | TrumpNamed | TrickWon | RoundEnded | RoundStarted | GameOver
)
"""Any event."""

KINDS: Final = tuple(
    cls.kind
    for cls in (MoveMade, AuctionWon, TrumpNamed, TrickWon, RoundEnded, RoundStarted, GameOver)
)
"""The names of the kinds of event, as JSON writes them."""


def caused(before: GameState, move: Move, after: GameState) -> tuple[Event, ...]:
    """The events of ``move``, made in ``before`` and giving ``after``
    (unchecked: for callers that made the move themselves; :func:`events`
    and :func:`step` check)."""
    seat = before.to_move
    assert seat is not None
    out: list[Event] = [MoveMade(seat, move)]
    kind = type(move)
    if kind is Call or kind is Pass:
        winner = after.auction_winner
        if winner is not None and before.auction_winner is None:
            out.append(AuctionWon(winner, after.bids[winner], after.bid_order))
    elif kind is ChooseTrump:
        assert isinstance(move, ChooseTrump)
        out.append(TrumpNamed(seat, move.suit))
    elif kind is Play:
        assert isinstance(move, Play)
        n = before.rules.players
        if len(before.trick) == n - 1:
            cards = (*before.trick, PlayedCard(seat, move.card))
            trump = before.trump
            assert trump is not None
            position = winning_position(
                tables_for(before.rules), tuple(p.card.index for p in cards), trump.value
            )
            number = sum(before.tricks_won)
            out.append(TrickWon((before.leader + position) % n, cards, number))
    results = after.round_results
    if len(results) > len(before.round_results):
        out.append(RoundEnded(results[-1], after.scores))
        if after.is_over:
            out.append(GameOver(after.winners, after.scores))
        else:
            out.append(
                RoundStarted(
                    after.round_index,
                    after.round,
                    after.dealer,
                    after.trump,
                    after.trump_card,
                    after.trump_card_shown_by_dealer,
                    after.bid_order,
                )
            )
    return tuple(out)


def step(
    state: GameState, move: Move, *, seat: int | None = None
) -> tuple[GameState, tuple[Event, ...]]:
    """Apply ``move`` and say what it caused: the new state and the events.

    Args:
        state: The state before the move.
        move: The move.
        seat: The seat making it, checked as :func:`~pocha_rules.apply`
            checks it; ``None`` for the seat whose turn it is.

    Raises:
        IllegalMoveError: As :func:`~pocha_rules.apply` raises it.
        TypeError: As :func:`~pocha_rules.apply` raises it.

    """
    after = apply(state, move) if seat is None else apply(state, move, seat=seat)
    return after, caused(state, move, after)


def events(before: GameState, after: GameState) -> tuple[Event, ...]:
    """The events between a state and the next: what the move that leads
    from ``before`` to ``after`` caused.

    Raises:
        PochaError: ``after`` is not the state one move after ``before``.
        TypeError: ``before`` or ``after`` is not a state.

    """
    for name, value in (("before", before), ("after", after)):
        if not isinstance(value, GameState):
            raise TypeError(f"{name} must be a GameState, got {got(value)}")
    moves = after.round_moves
    if moves:
        move = moves[-1]
    else:
        history = after.history
        if not history:
            raise PochaError(say("events_new_game"))
        move = history[-1]
    try:
        if before.is_over or apply(before, move) != after:
            raise PochaError(say("events_not_next"))
    except PochaError:
        raise PochaError(say("events_not_next")) from None
    return caused(before, move, after)
