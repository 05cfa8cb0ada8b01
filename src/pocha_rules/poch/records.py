"""Poch game records: a whole game as JSON, read back and checked by
replaying it.

The same envelope as Pocha's records (:mod:`pocha_rules.records`): a
``format`` string, the ``version`` of the format, the ``rules_version`` and
free-form ``tags``; the same strictness: :func:`replay` plays every move
again under the rules, and a record that does not replay is refused with
:class:`~pocha_rules.InvalidRecordError`, whose ``where`` names the
offending part (``"rules.bet_max"``, ``"deals[1][7]"``, ``"moves[12]"``,
``"balances"``) and whose ``reason`` says what is wrong. Records are
untrusted input: whatever the text holds, reading and replaying it either
succeeds or raises that error.

>>> from pocha_rules.poch import RuleSet, new_game, parse_move
>>> state = new_game(RuleSet(players=3), seed=5, dealer=0)
>>> for text in ("pass", "pass", "pass"):
...     state = apply(state, parse_move(text))
>>> record = GameRecord.from_state(state, tags={"site": "Leipzig"})
>>> replay(GameRecord.from_json(record.to_json())) == state
True

**The format, version 1.** After the envelope (``"format":
"poch-record"``, ``"version": 1``, the ``"rules_version"`` and the optional
``"tags"``, as in a Pocha record), a record holds exactly these members,
and no others::

    "rules": {...},                   every RuleSet option by its name
    "seed": 123456789,                the game's seed, a whole number
    "first_dealer": 0,                the seat that dealt first
    "starting_balances": [50, 50, 50],
    "starting_pools": {"ace": 0, ...},  every pool of the rules, in board order
    "deals": [["Qs", "7h", ...], ...],  each deal's pack, top card first
    "moves": ["pass", "open 3", "match", "close", "play 9d", ...],
    "balances": [47, 48, 40]          the balances the moves end with, or null

- ``rules`` holds every option of :class:`~pocha_rules.poch.RuleSet`:
  whole numbers, ``true``/``false`` for the switches, strings for the
  choices, ``null`` for ``bet_rounds_max`` without a limit and for
  ``deals`` unless ``end`` is ``"deals"``.
- ``starting_balances`` and ``starting_pools`` are the position the game
  started from (``starting_chips`` each and empty pools for a new game).
- ``deals[i]`` is the whole pack of deal ``i`` as it was dealt, top card
  first, as card texts: one entry per deal the game reached (a game in
  progress also has the current deal's). The packs are what a replay deals,
  whatever the seed; a real table's game may hold any seed.
- ``moves`` is every move of the game in order, in text form; a move never
  names its seat: it is made by the seat whose turn it is.
- ``balances``, when present, must be the balances the replay ends with.

A record holds at most :data:`MAX_RECORD_CHARS` characters. Version 1 is
the only version so far; a record of any other version, or one made under
another :data:`RULES_VERSION`, is refused rather than replayed under rules
that may have changed.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable, Mapping
from typing import Any, Final

import attrs

from pocha_rules._common import records as common
from pocha_rules._common.errors import PochaError, reason_of, say
from pocha_rules._common.files import write_atomically
from pocha_rules._common.tags import Tags
from pocha_rules._common.text import got, shown
from pocha_rules.poch._cards import Card
from pocha_rules.poch._dealing import seeded_ordering
from pocha_rules.poch._engine import apply
from pocha_rules.poch._game import InvalidDealError, new_game
from pocha_rules.poch._moves import MOVE_TYPES, Move, parse_move
from pocha_rules.poch._rules import RuleSet
from pocha_rules.poch._state import GameState

__all__ = [
    "FORMAT",
    "MAX_RECORD_CHARS",
    "RULES_VERSION",
    "VERSION",
    "GameRecord",
    "dump",
    "load",
    "replay",
]

FORMAT: Final = "poch-record"
"""The value of a Poch record's ``"format"`` member."""

VERSION: Final = 1
"""The version of the Poch record format this library writes and reads."""

RULES_VERSION: Final = 1
"""The version of Poch's rules behaviour: it changes whenever the same
rules, deals and moves could give a different game."""

MAX_RECORD_CHARS: Final = common.MAX_RECORD_CHARS
"""The longest record text :meth:`GameRecord.from_json` and :func:`load`
accept (16 MiB)."""

_NULLABLE: Final = frozenset({"bet_rounds_max", "deals"})
_DEFAULTS: Final = attrs.asdict(RuleSet(players=3))
_FORMAT: Final = common.RecordFormat(
    format=FORMAT,
    version=VERSION,
    rules_version=RULES_VERSION,
    members=(
        "rules",
        "seed",
        "first_dealer",
        "starting_balances",
        "starting_pools",
        "deals",
        "moves",
        "balances",
    ),
    not_a_record=say("not_a_game_record", game="poch"),
    others={"pocha-record": say("record_is_pocha")},
    objects=("rules", "tags", "starting_pools"),
    lists=("deals", "moves"),
)


def _ints(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


def _pools(value: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple(dict(value).items())


def _deals(value: Iterable[Iterable[Card]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(deal) for deal in value)


def _moves(value: Iterable[Move]) -> tuple[Move, ...]:
    return tuple(value)


def _balances(value: Iterable[int] | None) -> tuple[int, ...] | None:
    return None if value is None else tuple(value)


def _numbers(instance: object, attribute: Any, value: tuple[int, ...] | None) -> None:
    for number in value or ():
        if type(number) is not int:
            raise TypeError(f"{attribute.name} must hold ints, got {got(number)}")
        if abs(number) > common.MAX_SCORE:
            common.fail(attribute.name, say("poch_chips_too_large", got=common.describe(number)))


def _pool_numbers(instance: object, attribute: object, value: tuple[tuple[str, int], ...]) -> None:
    for name, chips in value:
        if not isinstance(name, str) or type(chips) is not int:
            raise TypeError(f"starting_pools maps pool names to ints, got {got((name, chips))}")


def _cards(instance: object, attribute: object, value: tuple[tuple[Card, ...], ...]) -> None:
    for deal in value:
        for card in deal:
            if type(card) is not Card:
                raise TypeError(f"a deal holds poch Cards, got {got(card)}")


@attrs.frozen
class GameRecord:
    """A Poch game as a value: rules, seed, first dealer, the starting
    position, every deal's pack, every move and the balances.

    Build one from a game with :meth:`from_state` or from text with
    :meth:`from_json` (or :func:`load`); check it and get the game back with
    :func:`replay`. Building a record checks the types of its parts (a
    :class:`TypeError` names the one expected) and its tags; whether the
    moves are legal and the balances right is for :func:`replay`.

    >>> from pocha_rules.poch import RuleSet, new_game
    >>> record = GameRecord.from_state(new_game(RuleSet(players=4), seed=1, dealer=0))
    >>> record.moves, record.balances, len(record.deals), len(record.deals[0])
    ((), (46, 46, 42, 42), 1, 32)
    """

    rules: RuleSet = attrs.field(validator=attrs.validators.instance_of(RuleSet))
    """The rules the game was played under."""
    seed: int = attrs.field(validator=common.check_seed_field)
    """The game's seed."""
    first_dealer: int = attrs.field(validator=attrs.validators.instance_of(int))
    """The seat that dealt first."""
    starting_balances: tuple[int, ...] = attrs.field(converter=_ints, validator=_numbers)
    """Every seat's chips when the game started."""
    starting_pools: tuple[tuple[str, int], ...] = attrs.field(
        converter=_pools, validator=_pool_numbers
    )
    """The chips in each pool when the game started, ``(name, chips)`` in
    board order (give a mapping)."""
    deals: tuple[tuple[Card, ...], ...] = attrs.field(converter=_deals, validator=_cards)
    """The pack of every deal reached, top card first."""
    moves: tuple[Move, ...] = attrs.field(
        converter=_moves,
        validator=attrs.validators.deep_iterable(attrs.validators.instance_of(MOVE_TYPES)),
    )
    """Every move of the game, in order."""
    balances: tuple[int, ...] | None = attrs.field(
        default=None, converter=_balances, validator=_numbers
    )
    """The balances when the record was made, or ``None`` if unknown."""
    rules_version: int = attrs.field(default=RULES_VERSION)
    """The rules behaviour version the game was played under."""
    tags: Tags = attrs.field(default=None, converter=common.to_tags)
    """Free-form facts about the game (see :class:`~pocha_rules.records.Tags`);
    they take no part in :func:`replay`."""

    @classmethod
    def from_state(
        cls,
        state: GameState,
        *,
        tags: Mapping[str, str] | Iterable[tuple[str, str]] | None = None,
    ) -> GameRecord:
        """The record of ``state``'s game so far (finished or not), whose
        :func:`replay` is equal to ``state``.

        Raises:
            TypeError: ``state`` is not a poch :class:`~pocha_rules.poch.GameState`.
            InvalidRecordError: A tag is refused.

        """
        if not isinstance(state, GameState):
            raise TypeError(f"state must be a poch GameState, got {got(state)}")
        moves = [move for deal in state.deal_results for _, move in deal.moves]
        moves.extend(move for _, move in state.moves)
        return cls(
            rules=state.rules,
            seed=state.seed,
            first_dealer=state.first_dealer,
            starting_balances=state.starting_balances,
            starting_pools=state.starting_pools,
            deals=state.orderings,
            moves=moves,
            balances=state.balances,
            tags=tags,
        )

    # --- to and from JSON data --------------------------------------------

    def to_dict(self) -> dict[str, object]:
        """The record as JSON data (dicts, lists, strings, numbers, ``None``)."""
        return _FORMAT.header(self) | {
            "rules": attrs.asdict(self.rules),
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "starting_balances": list(self.starting_balances),
            "starting_pools": dict(self.starting_pools),
            "deals": [[str(card) for card in deal] for deal in self.deals],
            "moves": [str(move) for move in self.moves],
            "balances": None if self.balances is None else list(self.balances),
        }

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """Read a record from JSON data (as :func:`json.loads` returns it).

        Raises:
            InvalidRecordError: The data is not a Poch record this library
                reads; the error says where and why.

        """
        top, tags = _FORMAT.open(data)
        rules = _read_rules(top["rules"])
        n = rules.players
        first_dealer = common.read_seat(top["first_dealer"], "first_dealer", n)
        pools = common.members(top["starting_pools"], "starting_pools", rules.pool_names)
        for name, raw in pools.items():
            chips = common.whole(raw, f"starting_pools.{name}")
            if not 0 <= chips <= common.MAX_SCORE:
                common.fail(
                    f"starting_pools.{name}",
                    say("poch_pool_chips", got=common.describe(chips)),
                )
        card = functools.partial(_card, deck=rules.deck)
        deals = common.read_each(
            top["deals"], "deals", lambda deal, at: common.read_each(deal, at, card)
        )
        moves = common.read_each(top["moves"], "moves", functools.partial(_move, deck=rules.deck))
        balances = None
        if top["balances"] is not None:
            balances = common.seat_numbers(top["balances"], "balances", n)
        return cls(
            rules=rules,
            seed=common.check_seed(top["seed"], "seed"),
            first_dealer=first_dealer,
            starting_balances=common.seat_numbers(
                top["starting_balances"], "starting_balances", n
            ),
            starting_pools=pools,  # type: ignore[arg-type]
            deals=deals,
            moves=moves,
            balances=balances,
            rules_version=common.whole(top["rules_version"], "rules_version"),
            tags=tags,
        )

    def to_json(self) -> str:
        """The record as JSON text: one rule a line, one deal a line, the
        moves a few to a line."""
        return _FORMAT.text(self.to_dict(), step=self.rules.players)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read a record from JSON text.

        Raises:
            InvalidRecordError: The text is not JSON, is too long or too
                deeply nested, or is not a Poch record this library reads.
            TypeError: ``text`` is not a string.

        """
        return cls.from_dict(_FORMAT.parse(text, MAX_RECORD_CHARS))


def _read_rules(value: object) -> RuleSet:
    return common.read_options(value, _DEFAULTS, RuleSet, nullable=_NULLABLE)


def _card(value: object, where: str, deck: int) -> Card:
    return common.read_parsed(value, where, functools.partial(Card.parse, deck=deck))


def _move(value: object, where: str, deck: int) -> Move:
    return common.read_parsed(value, where, functools.partial(parse_move, deck=deck))


# --- replay ---------------------------------------------------------------------


def replay(record: GameRecord) -> GameState:
    """Play a record's game again, checking every move, and return its state.

    Every pack must be the whole pack once, every move legal, the deals
    exactly the ones the game reaches, and the stored balances (when
    present) the balances the moves give.

    >>> from pocha_rules.poch import RuleSet, new_game, parse_move
    >>> record = GameRecord.from_state(new_game(RuleSet(players=4), seed=1, dealer=0))
    >>> tampered = attrs.evolve(record, moves=[parse_move("close")])
    >>> replay(tampered)
    Traceback (most recent call last):
    ...
    pocha_rules.InvalidRecordError: invalid record at moves[0]: seat 1 may not close: only ...

    Raises:
        InvalidRecordError: The first problem found, with where it is (for a
            move, its index, the seat and the rule it breaks).
        TypeError: ``record`` is not a :class:`GameRecord`.

    """
    if not isinstance(record, GameRecord):
        raise TypeError(f"record must be a poch GameRecord, got {got(record)}")
    _FORMAT.check_rules_version(record.rules_version)
    rules = record.rules
    n = rules.players
    if not 0 <= record.first_dealer < n:
        common.fail(
            "first_dealer", say("seat_out_of_range", high=n - 1, got=shown(record.first_dealer))
        )
    if not record.deals:
        common.fail("deals", say("poch_no_first_deal"))
    for i, deal in enumerate(record.deals):
        if len(deal) != rules.deck:
            common.fail(f"deals[{i}]", say("poch_pack_size", deck=rules.deck, got=len(deal)))
    if len(record.starting_balances) != n:
        common.fail(
            "starting_balances",
            say("numbers_for_players", numbers=len(record.starting_balances), players=n),
        )
    try:
        state = _start(record)
    except InvalidDealError as error:
        common.fail(f"deals[{error.deal}]", reason_of(error))
    except PochaError as error:
        common.fail(
            "starting_pools" if "pool" in str(error) else "starting_balances", reason_of(error)
        )
    for index, move in enumerate(record.moves):
        where = f"moves[{index}]"
        seat = state.to_move
        if seat is None:
            common.fail(where, say("move_after_end", move=str(move)))
        if len(state.orderings) > len(record.deals):
            break
        try:
            state = apply(state, move)
        except PochaError as error:
            common.fail(
                where,
                say("record_illegal_move", seat=seat, move=str(move), reason=reason_of(error)),
            )
    reached = len(state.orderings)
    if reached < len(record.deals):
        common.fail(
            f"deals[{reached}]",
            say("poch_deal_never_reached", last=reached - 1),
        )
    if reached > len(record.deals):
        common.fail("deals", say("poch_deal_missing", deal=reached - 1))
    if record.balances is not None and record.balances != state.balances:
        common.fail(
            "balances",
            say(
                "scores_differ",
                said=common.numbers_text(record.balances),
                given=str(list(state.balances)),
            ),
        )
    return state


def _start(record: GameRecord) -> GameState:
    """The state of ``record``'s game before its first move: its rules,
    seed, first dealer, balances and pools, and the packs the seed would
    not have dealt."""
    return new_game(
        record.rules,
        seed=record.seed,
        dealer=record.first_dealer,
        deals=record.deals[: _explicit_deals(record)],
        balances=record.starting_balances,
        pools=dict(record.starting_pools),
    )


def _explicit_deals(record: GameRecord) -> int:
    """How many of the first packs must be given to :func:`new_game`: up to
    the last one the seed would not have dealt (so that a seeded game
    replays to a state equal to the one it was recorded from)."""
    deck = record.rules.deck
    explicit = 0
    for index, deal in enumerate(record.deals):
        if tuple(card.index for card in deal) != seeded_ordering(record.seed, index, deck):
            explicit = index + 1
    return explicit


# --- files --------------------------------------------------------------------------


def dump(record: GameRecord, path: str | os.PathLike[str], *, overwrite: bool = True) -> None:
    """Write ``record`` to the file at ``path`` as UTF-8 JSON text,
    atomically, as :func:`pocha_rules.records.dump` writes a Pocha record:
    a reader sees the old file or the new one, never part of one.

    Raises:
        FileExistsError: ``overwrite`` is false and ``path`` exists.
        OSError: The file cannot be written.
        TypeError: ``record`` is not a :class:`GameRecord`.

    """
    if not isinstance(record, GameRecord):
        raise TypeError(f"record must be a poch GameRecord, got {got(record)}")
    write_atomically(record.to_json(), path, overwrite=overwrite)


def load(path: str | os.PathLike[str]) -> GameRecord:
    """Read the Poch record in the file at ``path`` (read, not replayed:
    call :func:`replay` to check the game).

    Raises:
        InvalidRecordError: The file is too long, is not UTF-8 text, or does
            not hold a Poch record.
        OSError: The file cannot be read.

    """
    return GameRecord.from_json(_FORMAT.read_file(path, MAX_RECORD_CHARS))
