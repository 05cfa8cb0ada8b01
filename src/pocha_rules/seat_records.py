"""A game record as one seat may see it, for sending to that seat's player.

A :class:`~pocha_rules.records.GameRecord` holds every card of every deal and
the seed that deals the rounds to come: a server keeps it, and must not send
it to a player during the game. A :class:`SeatRecord` is what the seat may
know of the same game: the deals of the finished rounds (every card of them
was played), the current round's hands only where the seat sees them, every
move with the seat that made it, and the scores. No seed, no stock.

>>> import random
>>> from pocha_rules import RuleSet, apply, legal_moves, new_game
>>> state = new_game(RuleSet(schedule=[1, 2]), seed=5, dealer=0)
>>> rng = random.Random(5)
>>> for _ in range(6):
...     state = apply(state, rng.choice(legal_moves(state)))
>>> record = SeatRecord.from_state(state, seat=2)
>>> [hand is None for hand in record.deals[-1].hands]
[True, True, False, True]
>>> SeatRecord.from_json(record.to_json()) == record
True

**The format, version 1**: one JSON object with exactly these members
(``tags`` may be left out)::

    {
      "format": "pocha-seat-record",
      "version": 1,
      "rules_version": 1,
      "tags": {...},                     as in a game record (optional)
      "rules": {...},                    as in a game record
      "seat": 2,                         the seat whose record this is
      "first_dealer": 0,
      "deals": [                         one per round reached
        {"hands": [["1o"], ["3c"], ["5e"], ["7b"]], "trump_card": "4o"},
        {"hands": [null, null, ["2o", "6c"], null], "trump_card": "11e"}
      ],
      "moves": [{"seat": 1, "move": "bid 0"}, ...],
      "scores": [10, -5, 0, 15],
      "round_scores": [[10, -5, 0, 15]]
    }

A hand is ``null`` where the seat cannot see it; the hands it sees are given
as dealt (the cards still held and the cards played from them this round).
Reading one back checks its form and its parts, not the game: a seat record
cannot be replayed, since the hidden cards are not in it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Final, NoReturn

import attrs

from pocha_rules._common.errors import InvalidDataError, InvalidRecordError, say
from pocha_rules._common.tags import Tags
from pocha_rules._common.text import got
from pocha_rules._pocha.cards import Card
from pocha_rules._pocha.moves import Move
from pocha_rules._pocha.rules import RuleSet
from pocha_rules._pocha.seats import SeatedMove
from pocha_rules._pocha.state import GameState
from pocha_rules._record_json import (
    as_list,
    describe,
    members,
    read_card,
    read_move,
    read_rules,
    read_tags,
    rules_data,
    seat_numbers,
    whole,
)
from pocha_rules._view_json import loads
from pocha_rules.views import PlayerView, observe

__all__ = ["FORMAT", "VERSION", "SeatDeal", "SeatRecord"]

FORMAT: Final = "pocha-seat-record"
"""The value of a seat record's ``"format"`` member."""

VERSION: Final = 1
"""The version of the seat record format this library writes and reads."""

_MEMBERS: Final = (
    "format",
    "version",
    "rules_version",
    "rules",
    "seat",
    "first_dealer",
    "deals",
    "moves",
    "scores",
    "round_scores",
)


def _hands(
    value: Iterable[Iterable[Card] | None],
) -> tuple[tuple[Card, ...] | None, ...]:
    return tuple(None if hand is None else tuple(hand) for hand in value)


@attrs.frozen
class SeatDeal:
    """One round's deal as a seat sees it."""

    hands: tuple[tuple[Card, ...] | None, ...] = attrs.field(converter=_hands)
    """Each seat's cards as dealt, or ``None`` where the seat cannot see them."""
    trump_card: Card | None = None
    """The card that shows trump, if any."""


def _deals(value: Iterable[SeatDeal]) -> tuple[SeatDeal, ...]:
    return tuple(value)


def _moves(value: Iterable[tuple[int, Move]]) -> tuple[SeatedMove, ...]:
    return tuple(SeatedMove(seat, move) for seat, move in value)


def _totals(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


def _table(value: Iterable[Iterable[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(row) for row in value)


def _tags(value: Mapping[str, str] | Iterable[tuple[str, str]] | None) -> Tags:
    return Tags() if value is None else Tags(value)


@attrs.frozen
class SeatRecord:
    """A game so far as one seat may see it: what to send to its player.

    Build one with :meth:`from_state` (or :meth:`from_view`); send it with
    :meth:`to_json`; a client in Python reads it with :meth:`from_json`.
    """

    rules: RuleSet
    """The rules of the game."""
    seat: int
    """The seat whose record this is."""
    first_dealer: int
    """The seat that dealt the first round."""
    deals: tuple[SeatDeal, ...] = attrs.field(converter=_deals)
    """Every round reached, as the seat sees its deal."""
    moves: tuple[SeatedMove, ...] = attrs.field(converter=_moves)
    """Every move of the game, with its seat."""
    scores: tuple[int, ...] = attrs.field(converter=_totals)
    """The totals by seat."""
    round_scores: tuple[tuple[int, ...], ...] = attrs.field(converter=_table)
    """The points of every finished round, by seat."""
    tags: Tags = attrs.field(default=None, converter=_tags)
    """Free-form facts about the game (see :class:`~pocha_rules.records.Tags`)."""

    @classmethod
    def from_view(
        cls,
        view: PlayerView,
        *,
        tags: Mapping[str, str] | Iterable[tuple[str, str]] | None = None,
    ) -> SeatRecord:
        """The record of what ``view``'s seat knows of its game.

        Raises:
            TypeError: ``view`` is not a :class:`~pocha_rules.PlayerView`.

        """
        if not isinstance(view, PlayerView):
            raise TypeError(f"view must be a PlayerView, got {got(view)}")
        deals = [SeatDeal(deal.hands, deal.trump_card) for deal in view.past_deals]
        if not view.is_over:
            hands: list[tuple[Card, ...] | None] = []
            for seat, hand in enumerate(view.visible_hands):
                if hand is None:
                    hands.append(None)
                else:
                    gone = tuple(p.card for p in view.played if p.seat == seat)
                    hands.append(tuple(sorted(hand + gone)))
            deals.append(SeatDeal(hands, view.trump_card))
        return cls(
            rules=view.rules,
            seat=view.seat,
            first_dealer=view.first_dealer,
            deals=deals,
            moves=view.seated_history,
            scores=view.scores,
            round_scores=tuple(result.scores for result in view.round_results),
            tags=tags,
        )

    @classmethod
    def from_state(
        cls,
        state: GameState,
        seat: int,
        *,
        tags: Mapping[str, str] | Iterable[tuple[str, str]] | None = None,
    ) -> SeatRecord:
        """The record of ``state``'s game as ``seat`` may see it.

        Raises:
            PochaError: ``seat`` is not a seat of the game.
            TypeError: ``state`` is not a state or ``seat`` not an int.

        """
        return cls.from_view(observe(state, seat), tags=tags)

    def to_dict(self) -> dict[str, object]:
        """The seat record as JSON data."""
        from pocha_rules.records import RULES_VERSION

        data: dict[str, object] = {"format": FORMAT, "version": VERSION}
        data["rules_version"] = RULES_VERSION
        if self.tags:
            data["tags"] = dict(self.tags)
        return data | {
            "rules": rules_data(self.rules),
            "seat": self.seat,
            "first_dealer": self.first_dealer,
            "deals": [
                {
                    "hands": [
                        None if hand is None else [str(card) for card in hand]
                        for hand in deal.hands
                    ],
                    "trump_card": None if deal.trump_card is None else str(deal.trump_card),
                }
                for deal in self.deals
            ],
            "moves": [{"seat": m.seat, "move": str(m.move)} for m in self.moves],
            "scores": list(self.scores),
            "round_scores": [list(row) for row in self.round_scores],
        }

    def to_json(self, *, indent: int | None = None) -> str:
        """The seat record as JSON text."""
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, data: object) -> SeatRecord:
        """Read a seat record from JSON data.

        Raises:
            InvalidDataError: The data is not a seat record; the error says
                where (``"deals[1].hands[2][0]"``) and why.

        """
        try:
            return _read(data)
        except InvalidRecordError as error:
            where = "" if error.where == "record" else error.where
            raise InvalidDataError("seat record", where, error.reason) from None

    @classmethod
    def from_json(cls, text: str) -> SeatRecord:
        """Read a seat record from JSON text.

        Raises:
            InvalidDataError: The text is not JSON, or not a seat record.
            TypeError: ``text`` is not a string.

        """
        return cls.from_dict(loads(text, "seat record"))


def _fail(where: str, reason: str) -> NoReturn:
    raise InvalidRecordError(where, reason)


def _read(data: object) -> SeatRecord:
    from pocha_rules.records import RULES_VERSION

    if not isinstance(data, dict):
        _fail("", say("expected_object", got=describe(data)))
    if data.get("format") != FORMAT:
        _fail(
            "format",
            say("format_unknown", expected=repr(FORMAT), got=describe(data.get("format"))),
        )
    if "version" not in data or whole(data["version"], "version") != VERSION:
        _fail(
            "version", say("version_unknown", version=VERSION, got=describe(data.get("version")))
        )
    top = members(data, "", _MEMBERS, ("tags",))
    if whole(top["rules_version"], "rules_version") != RULES_VERSION:
        _fail("rules_version", say("rules_version_only", version=RULES_VERSION))
    rules = read_rules(top["rules"])
    n = rules.players

    def seat(value: object, where: str) -> int:
        number = whole(value, where)
        if not 0 <= number < n:
            _fail(where, say("seat_out_of_range", high=n - 1, got=describe(number)))
        return number

    deals = []
    for i, entry in enumerate(as_list(top["deals"], "deals")):
        where = f"deals[{i}]"
        deal = members(entry, where, ("hands", "trump_card"))
        hands = as_list(deal["hands"], f"{where}.hands")
        if len(hands) != n:
            _fail(f"{where}.hands", say("hands_for_players", hands=len(hands), players=n))
        read = [
            None
            if hand is None
            else tuple(
                read_card(card, f"{where}.hands[{s}][{j}]", rules.deck)
                for j, card in enumerate(as_list(hand, f"{where}.hands[{s}]"))
            )
            for s, hand in enumerate(hands)
        ]
        raw = deal["trump_card"]
        trump = None if raw is None else read_card(raw, f"{where}.trump_card", rules.deck)
        deals.append(SeatDeal(read, trump))
    moves = []
    for i, entry in enumerate(as_list(top["moves"], "moves")):
        where = f"moves[{i}]"
        move = members(entry, where, ("seat", "move"))
        moves.append(
            (
                seat(move["seat"], f"{where}.seat"),
                read_move(move["move"], f"{where}.move", rules.deck),
            )
        )
    return SeatRecord(
        rules=rules,
        seat=seat(top["seat"], "seat"),
        first_dealer=seat(top["first_dealer"], "first_dealer"),
        deals=deals,
        moves=moves,
        scores=seat_numbers(top["scores"], "scores", n),
        round_scores=tuple(
            seat_numbers(row, f"round_scores[{i}]", n)
            for i, row in enumerate(as_list(top["round_scores"], "round_scores"))
        ),
        tags=read_tags(top["tags"]) if "tags" in top else None,
    )
