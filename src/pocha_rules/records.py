"""Game records: a whole game as JSON, read back and checked by replaying it.

A record holds everything needed to play a game again move for move: the
rules, the seed, the first dealer, the cards of every round as dealt, every
move, and the scores the game ended with. :func:`replay` plays the moves again
under the rules, checking each one, and compares the scores; a record that
does not replay is refused with :class:`~pocha_rules.InvalidRecordError`,
whose ``where`` names the offending part (``"rules.players"``,
``"deals[3].hands[1][0]"``, ``"moves[12]"``, ``"scores"``) and whose
``reason`` says what is wrong. Records are untrusted input: whatever the text
holds, reading and replaying it either succeeds or raises that error.

>>> import random
>>> from pocha_rules import RuleSet, new_game, legal_moves, apply
>>> state = new_game(RuleSet(schedule=[1, 2]), seed=5, dealer=0)
>>> rng = random.Random(5)
>>> while not state.is_over:
...     state = apply(state, rng.choice(legal_moves(state)))
>>> record = GameRecord.from_state(state)
>>> text = record.to_json()
>>> replay(GameRecord.from_json(text)) == state
True

**The format, version 1.** A record is one JSON object with exactly these
members (``tags`` may be left out), and no others::

    {
      "format": "pocha-record",      always this string
      "version": 1,                  the version of this format
      "rules_version": 1,            the rules behaviour version (RULES_VERSION)
      "tags": {"event": "...", ...}, free-form facts about the game (optional)
      "rules": {...},                every RuleSet option (see below)
      "seed": 123456789,             the game's seed, a whole number (any,
                                     when every deal is given)
      "first_dealer": 0,             the seat that dealt the first round
      "deals": [                     one entry per round reached, in order
        {"hands": [["1o", "7c"], ...], "trump_card": "5e"},
        ...
      ],
      "moves": ["bid 1", "bid 0", "play 1o", ...],
      "scores": [20, -5, 10, 15],    final totals by seat, or null
      "round_scores": [[10, ...], ...]   points of each finished round, or null
    }

- ``tags`` holds the record's :class:`Tags`, names and values as strings,
  in their order (written only when there are any): players' names, the
  place, the date, the event, as a chess PGN's headers do. Replay does not
  read them.
- ``rules`` holds every option of :class:`~pocha_rules.RuleSet` by its field
  name, all of them and nothing else: whole numbers for ``players``,
  ``deck``, ``hit_bonus``, ``per_trick``, ``pocha_min_cards`` and
  ``revoke_penalty``; ``true``/``false`` for the switches; the string value
  for ``trump_when_all_dealt``, ``miss_penalty`` and ``tiebreak``
  (``"dealer_last_card"``, ``"per_trick_off"``, ``"one_card_rounds"`` ...);
  ``rank_order`` as a list of ranks, strongest first; ``schedule`` as a list
  of round texts (``"10"``, ``"10a"`` for an auction round, ``"1b"`` for a
  blind round), tiebreak rounds not included.
- ``deals[i]`` is round ``i`` as dealt: ``hands`` lists each seat's cards by
  seat number, in any order, as card texts (``"12o"``); ``trump_card`` is the
  card turned up from the stock or the dealer's shown last card, or ``null``
  in auction rounds and when the dealer chooses trump. There is one deal per
  round the game reached: a finished game has one per round played,
  tiebreak rounds included; a game in progress also has the current round's.
- ``moves`` is every move of the game in order, in text form: ``"bid 2"``,
  ``"play 12o"``, ``"trump o"``, ``"call 3"``, ``"pass"``. A move never names
  its seat: it is made by the seat whose turn it is.
- ``scores`` and ``round_scores`` are the engine's totals and each finished
  round's points, by seat, without revoke penalties (see
  :func:`replay_lenient`). When present they must match the replay;
  ``null`` means they were not written down.

Whole numbers must be JSON integers (``true``, ``"4"`` or ``4.0`` are
refused); a seed is below ``2**256`` in size and a score at most ``10**18``.
A record may hold at most :data:`MAX_RECORD_CHARS` characters, and what its
rules may ask for is bounded as :class:`~pocha_rules.RuleSet` bounds it
(at most 1,000 scheduled rounds, figures of at most a million). Replaying
takes time and memory in proportion to the record's length.
Version 1 is the only version so far; a record of any other version, or one
made under another :data:`RULES_VERSION`, is refused rather than replayed
under rules that may have changed.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable, Mapping
from typing import Final

import attrs

from pocha_rules._common.errors import InvalidDealError, PochaError, reason_of, say
from pocha_rules._common.files import write_atomically
from pocha_rules._common.records import MAX_RECORD_CHARS as _MAX_RECORD_CHARS
from pocha_rules._common.records import (
    MAX_SCORE,
    RecordFormat,
    check_seed,
    check_seed_field,
    describe,
    fail,
    numbers_text,
    read_each,
    read_seat,
    seat_numbers,
    to_tags,
    whole,
)
from pocha_rules._common.tags import MAX_TAG_NAME as _MAX_TAG_NAME
from pocha_rules._common.tags import MAX_TAG_VALUE as _MAX_TAG_VALUE
from pocha_rules._common.tags import MAX_TAGS as _MAX_TAGS
from pocha_rules._common.tags import Tags
from pocha_rules._common.text import got, shown
from pocha_rules._pocha.deal import Deal
from pocha_rules._pocha.engine import apply, play_unchecked
from pocha_rules._pocha.game import new_game
from pocha_rules._pocha.moves import MOVE_TYPES, Move, Play
from pocha_rules._pocha.rules import RuleSet
from pocha_rules._pocha.schedules import Round
from pocha_rules._pocha.shuffle import deal_from_seed
from pocha_rules._pocha.state import GameState, Phase
from pocha_rules._pocha.tables import tables_for
from pocha_rules._record_json import read_deal, read_move, read_rules, rules_data

__all__ = [
    "FORMAT",
    "MAX_RECORD_CHARS",
    "MAX_TAGS",
    "MAX_TAG_NAME",
    "MAX_TAG_VALUE",
    "RULES_VERSION",
    "VERSION",
    "GameRecord",
    "LenientReplay",
    "Revoke",
    "Tags",
    "dump",
    "load",
    "replay",
    "replay_lenient",
]

FORMAT: Final = "pocha-record"
"""The value of a record's ``"format"`` member."""

VERSION: Final = 1
"""The version of the record format this library writes and reads."""

RULES_VERSION: Final = 1
"""The version of the rules' behaviour: it changes whenever the same rules,
deals and moves could give a different game (what is legal, how a round is
scored), so that old records are not silently replayed under new rules."""

MAX_RECORD_CHARS: Final = _MAX_RECORD_CHARS
"""The longest record text :meth:`GameRecord.from_json` and :func:`load`
accept (16 MiB); a full classic game takes about 15 KB."""

MAX_TAGS: Final = _MAX_TAGS
"""The most :class:`Tags` a record may carry (64)."""

MAX_TAG_NAME: Final = _MAX_TAG_NAME
"""The longest tag name, in characters (64)."""

MAX_TAG_VALUE: Final = _MAX_TAG_VALUE
"""The longest tag value, in characters (1,000)."""

Tags.__module__ = __name__  # documented, and shown in reprs, as records.Tags

_FORMAT: Final = RecordFormat(
    format=FORMAT,
    version=VERSION,
    rules_version=RULES_VERSION,
    members=(
        "rules",
        "seed",
        "first_dealer",
        "deals",
        "moves",
        "scores",
        "round_scores",
    ),
    not_a_record=say("not_a_record"),
    others={"poch-record": say("record_is_poch")},
    objects=("rules", "tags"),
    lists=("deals", "round_scores", "moves"),
)


# --- the record -------------------------------------------------------------


def _deals(value: Iterable[Deal]) -> tuple[Deal, ...]:
    return tuple(value)


def _moves(value: Iterable[Move]) -> tuple[Move, ...]:
    return tuple(value)


def _totals(value: Iterable[int] | None) -> tuple[int, ...] | None:
    return None if value is None else tuple(value)


def _table(value: Iterable[Iterable[int]] | None) -> tuple[tuple[int, ...], ...] | None:
    return None if value is None else tuple(tuple(row) for row in value)


def _score(value: object) -> None:
    if type(value) is not int:
        raise TypeError(f"a score must be an int, got {got(value)}")
    if abs(value) > MAX_SCORE:
        fail("scores", say("score_too_large", got=describe(value)))


def _scores(instance: object, attribute: object, value: tuple[int, ...] | None) -> None:
    for number in value or ():
        _score(number)


def _round_scores(
    instance: object, attribute: object, value: tuple[tuple[int, ...], ...] | None
) -> None:
    for row in value or ():
        for number in row:
            _score(number)


@attrs.frozen
class GameRecord:
    """A game as a value: rules, seed, first dealer, deals, moves and scores.

    Build one from a game with :meth:`from_state` or from text with
    :meth:`from_json` (or :func:`load`); check it and get the game back with
    :func:`replay`. Building a record checks the types of its parts (a
    :class:`TypeError` names the one expected), its tags and the size of
    its numbers; whether the moves are legal and the scores right is for
    :func:`replay`.

    >>> from pocha_rules import RuleSet, new_game, Bid
    >>> state = new_game(RuleSet(schedule=[1]), seed=1, dealer=0)
    >>> record = GameRecord.from_state(state, tags={"event": "club night"})
    >>> record.moves, record.scores, len(record.deals), record.tags["event"]
    ((), (0, 0, 0, 0), 1, 'club night')
    """

    rules: RuleSet = attrs.field(validator=attrs.validators.instance_of(RuleSet))
    """The rules the game was played under."""
    seed: int = attrs.field(validator=check_seed_field)
    """The game's seed (it deals every round not given in :attr:`deals`),
    below ``2**256`` in size."""
    first_dealer: int = attrs.field(validator=attrs.validators.instance_of(int))
    """The seat that dealt the first round."""
    deals: tuple[Deal, ...] = attrs.field(
        converter=_deals,
        validator=attrs.validators.deep_iterable(attrs.validators.instance_of(Deal)),
    )
    """Every round reached, as dealt."""
    moves: tuple[Move, ...] = attrs.field(
        converter=_moves,
        validator=attrs.validators.deep_iterable(attrs.validators.instance_of(MOVE_TYPES)),
    )
    """Every move of the game, in order."""
    scores: tuple[int, ...] | None = attrs.field(
        default=None, converter=_totals, validator=_scores
    )
    """The totals by seat when the record was made, or ``None`` if unknown."""
    round_scores: tuple[tuple[int, ...], ...] | None = attrs.field(
        default=None, converter=_table, validator=_round_scores
    )
    """The points of every finished round by seat, or ``None`` if unknown."""
    rules_version: int = attrs.field(default=RULES_VERSION)
    """The rules behaviour version the game was played under."""
    tags: Tags = attrs.field(default=None, converter=to_tags)
    """Free-form facts about the game, kept as they are given: players'
    names, the place, the date, the event (see :class:`Tags` for what a tag
    may hold). They do not take part in :func:`replay`."""

    @classmethod
    def from_state(
        cls,
        state: GameState,
        *,
        tags: Mapping[str, str] | Iterable[tuple[str, str]] | None = None,
    ) -> GameRecord:
        """The record of ``state``'s game so far (finished or not).

        Args:
            state: Any state of a game.
            tags: The record's :attr:`tags`.

        Returns:
            A record whose :func:`replay` is equal to ``state``.

        Raises:
            TypeError: ``state`` is not a :class:`~pocha_rules.GameState`.
            InvalidRecordError: A tag is refused (see :class:`Tags`).
            PochaError: The game began at a written position
                (:mod:`pocha_rules.notation`), not at its first round.

        """
        if not isinstance(state, GameState):
            raise TypeError(f"state must be a GameState, got {got(state)}")
        results = state.round_results
        start = results[0].index if results else state.round_index
        if start:
            # A game read from a position (pocha_rules.notation) is known
            # from that round on only.
            raise PochaError(say("record_from_position", round=start + 1))
        return cls(
            rules=state.rules,
            seed=state.seed,
            first_dealer=state.first_dealer,
            deals=state.deals,
            moves=state.history,
            scores=state.scores,
            round_scores=state.round_scores,
            tags=tags,
        )

    # --- to and from JSON data ----------------------------------------------

    def to_dict(self) -> dict[str, object]:
        """The record as JSON data (dicts, lists, strings, numbers, ``None``)."""
        return _FORMAT.header(self) | {
            "rules": rules_data(self.rules),
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "deals": [
                {
                    "hands": [[str(card) for card in hand] for hand in deal.hands],
                    "trump_card": None if deal.trump_card is None else str(deal.trump_card),
                }
                for deal in self.deals
            ],
            "moves": [str(move) for move in self.moves],
            "scores": None if self.scores is None else list(self.scores),
            "round_scores": (
                None if self.round_scores is None else [list(row) for row in self.round_scores]
            ),
        }

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """Read a record from JSON data (as :func:`json.loads` returns it).

        ``data`` is only read, never changed.

        Raises:
            InvalidRecordError: The data is not a record this library reads;
                the error says where and why.

        """
        top, tags = _FORMAT.open(data)
        rules = read_rules(top["rules"])
        seed = check_seed(top["seed"], "seed")
        first_dealer = read_seat(top["first_dealer"], "first_dealer", rules.players)
        deals = read_each(top["deals"], "deals", functools.partial(read_deal, rules=rules))
        moves = read_each(top["moves"], "moves", functools.partial(read_move, deck=rules.deck))
        scores = None
        if top["scores"] is not None:
            scores = seat_numbers(top["scores"], "scores", rules.players)
        round_scores = None
        if top["round_scores"] is not None:
            round_scores = read_each(
                top["round_scores"],
                "round_scores",
                functools.partial(seat_numbers, players=rules.players),
            )
        return cls(
            rules=rules,
            seed=seed,
            first_dealer=first_dealer,
            deals=deals,
            moves=moves,
            scores=scores,
            round_scores=round_scores,
            rules_version=whole(top["rules_version"], "rules_version"),
            tags=tags,
        )

    def to_json(self) -> str:
        """The record as JSON text: one rule per line, one deal per line and
        the moves a few to a line, so that records read (and diff) well.
        """
        return _FORMAT.text(self.to_dict(), step=self.rules.players)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read a record from JSON text.

        >>> GameRecord.from_json('{"format": "pocha-record", "version": 2}')
        Traceback (most recent call last):
        ...
        pocha_rules.InvalidRecordError: invalid record at version: this library reads ...

        Raises:
            InvalidRecordError: The text is not JSON, is too long or too
                deeply nested, or is not a record this library reads.
            TypeError: ``text`` is not a string.

        """
        return cls.from_dict(_FORMAT.parse(text, MAX_RECORD_CHARS))


# --- replay -------------------------------------------------------------------


@attrs.frozen
class Revoke:
    """A card played against the obligations, found by :func:`replay_lenient`."""

    index: int
    """The move's position in :attr:`GameRecord.moves`."""
    seat: int
    """The seat that played it."""
    move: Play
    """The card played."""
    reason: str
    """The rule it broke."""


@attrs.frozen
class LenientReplay:
    """The outcome of :func:`replay_lenient`: the game and its revokes."""

    state: GameState
    """The game as the table played it."""
    revokes: tuple[Revoke, ...]
    """Every revoke, in order."""
    totals: tuple[int, ...]
    """The totals by seat with ``revoke_penalty`` charged once per revoke:
    the totals the end of the game was decided on."""

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats on :attr:`totals` once the game is over (the
        same as ``state.winners``); empty while it goes on."""
        return self.state.winners


def replay(record: GameRecord) -> GameState:
    """Play a record's game again, checking every move, and return its state.

    Every move must be legal, the deals must fit the rules and be the deals of
    the rounds the game reaches, and the stored scores (when present) must be
    the scores the moves give.

    Raises:
        InvalidRecordError: The first problem found, with where it is (for a
            move, its index, the seat and the rule it breaks).
        TypeError: ``record`` is not a :class:`GameRecord`.

    """
    state, _ = _replay(record, lenient=False)
    return state


def replay_lenient(record: GameRecord) -> LenientReplay:
    """Like :func:`replay`, but a card that breaks the obligations of play
    (a revoke, *renuncio*) is played anyway if it is in the seat's hand, and
    charged ``rules.revoke_penalty`` in :attr:`LenientReplay.totals`.

    For a real table's game where somebody revoked and play went on. Any
    other problem (a card not in the hand, a bid out of range, a move out of
    turn, wrong scores) is still refused.

    The penalties count as the table counts them: the game ends, and its
    winners are decided, on the totals with the penalties charged. With the
    ``one_card_rounds`` tiebreak, extra rounds follow the schedule exactly
    when those totals are tied at the top, and the record must hold their
    deals and moves. The stored ``scores`` and ``round_scores`` are the
    rounds' points without penalties, as :func:`replay` reads them.

    A real table's record gives every deal, so its seed deals nothing; any
    whole number will do. Here (the worked example "Overtake when you
    can", trump espadas) seat 2 must overtake 7c with 3c, but plays 4c:

    >>> from pocha_rules import Deal, RuleSet, parse_move
    >>> deal = Deal(hands=[["5c", "1o", "2o"], ["7c", "11b", "12b"], ["3c", "4c", "1b"],
    ...                    ["6c", "7o", "10o"]], trump_card="7e")
    >>> moves = ["bid 1", "bid 0", "bid 1", "bid 0", "play 5c", "play 7c", "play 4c"]
    >>> record = GameRecord(rules=RuleSet(schedule=[3]), seed=0, first_dealer=3,
    ...                     deals=[deal], moves=[parse_move(m) for m in moves])
    >>> result = replay_lenient(record)
    >>> result.revokes[0].seat, result.revokes[0].reason, result.totals
    (2, 'must overtake 7c with a higher copas: 3c', (0, 0, -50, 0))
    >>> replay(record)
    Traceback (most recent call last):
    ...
    pocha_rules.InvalidRecordError: invalid record at moves[6]: seat 2 may not play 4c: ...

    Raises:
        InvalidRecordError: As for :func:`replay`.
        TypeError: ``record`` is not a :class:`GameRecord`.

    """
    state, revokes = _replay(record, lenient=True)
    totals = list(state.scores)
    for revoke in revokes:
        totals[revoke.seat] += record.rules.revoke_penalty
    return LenientReplay(state=state, revokes=tuple(revokes), totals=tuple(totals))


def _same_deal(a: Deal, b: Deal) -> bool:
    return a.trump_card is b.trump_card and [sorted(h) for h in a.hands] == [
        sorted(h) for h in b.hands
    ]


def _explicit_rounds(record: GameRecord) -> int:
    """How many of the first deals must be given to :func:`new_game`: up to
    the last one the seed would not have dealt.
    """
    t = tables_for(record.rules)
    plan = t.schedule
    n = t.players
    explicit = 0
    for index, deal in enumerate(record.deals):
        entry = plan[index] if index < len(plan) else Round(1)
        seeded = deal_from_seed(t, record.seed, index, entry, (record.first_dealer + index) % n)
        if not _same_deal(seeded.public(), deal):
            explicit = index + 1
    return explicit


def _replay(record: GameRecord, *, lenient: bool) -> tuple[GameState, list[Revoke]]:
    if not isinstance(record, GameRecord):
        raise TypeError(f"record must be a GameRecord, got {got(record)}")
    _FORMAT.check_rules_version(record.rules_version)
    players = record.rules.players
    if type(record.first_dealer) is not int or not 0 <= record.first_dealer < players:
        fail(
            "first_dealer",
            say("seat_out_of_range", high=players - 1, got=shown(record.first_dealer)),
        )
    deals = record.deals
    for index, deal in enumerate(deals):
        if len(deal.hands) != players:
            fail(
                f"deals[{index}].hands",
                say("hands_for_players", hands=len(deal.hands), players=players),
            )
    if not deals:
        fail("deals", say("no_first_deal"))
    try:
        state = new_game(
            record.rules,
            seed=record.seed,
            dealer=record.first_dealer,
            deals=deals[: _explicit_rounds(record)],
        )
    except InvalidDealError as error:
        fail(f"deals[{error.round_index}]", reason_of(error))
    revokes: list[Revoke] = []
    for index, move in enumerate(record.moves):
        where = f"moves[{index}]"
        seat = state.to_move
        if seat is None:
            fail(where, say("move_after_end", move=str(move)))
        try:
            state = apply(state, move)
            continue
        except PochaError as error:
            reason = reason_of(error)
        # A revoke: a card of the hand, played when cards are played.
        if (
            lenient
            and state.phase is Phase.PLAY
            and type(move) is Play
            and move.card in state.hands[seat]
        ):
            state = play_unchecked(state, move)
            revokes.append(Revoke(index=index, seat=seat, move=move, reason=reason))
            continue
        fail(where, say("record_illegal_move", seat=seat, move=str(move), reason=reason))
    # Rounds reached: the finished ones, and the one in progress.
    reached = len(state.round_results) + (not state.is_over)
    if reached < len(deals):
        fail(
            f"deals[{reached}]",
            say("deal_never_reached", last=reached - 1),
        )
    if reached > len(deals):
        fail("deals", say("deal_missing", round=len(deals)))
    _check_scores(record, state)
    return state, revokes


def _check_scores(record: GameRecord, state: GameState) -> None:
    if record.scores is not None and record.scores != state.scores:
        fail(
            "scores",
            say("scores_differ", said=numbers_text(record.scores), given=str(list(state.scores))),
        )
    if record.round_scores is None:
        return
    actual = state.round_scores
    for index, (stored, real) in enumerate(zip(record.round_scores, actual, strict=False)):
        if stored != real:
            fail(
                f"round_scores[{index}]",
                say("scores_differ", said=numbers_text(stored), given=str(list(real))),
            )
    if len(record.round_scores) != len(actual):
        fail(
            "round_scores",
            say("rounds_differ", recorded=len(record.round_scores), finished=len(actual)),
        )


# --- files ----------------------------------------------------------------------


def dump(record: GameRecord, path: str | os.PathLike[str], *, overwrite: bool = True) -> None:
    """Write ``record`` to the file at ``path`` as UTF-8 JSON text.

    The write is atomic: the text goes to a new file in the same folder,
    which then takes the name ``path`` in one step. A reader of ``path`` sees
    the old file or the new one, never part of one, and a write that fails
    (a full disk, an interrupt) leaves the old file as it was. A file that is
    replaced keeps its permissions; a symbolic link at ``path`` is followed.
    Only a regular file is ever replaced: a device, a FIFO or a socket at
    ``path`` (or at the end of a symbolic link there) is refused.

    Args:
        record: The record to write.
        path: Where to write it.
        overwrite: Whether an existing file at ``path`` is replaced. With
            ``False`` an existing file is left alone and
            :class:`FileExistsError` is raised, even when the file appears
            while the record is being written.

    Raises:
        FileExistsError: ``overwrite`` is false and ``path`` exists.
        OSError: The file cannot be written, or what is at ``path`` is not
            a regular file (the message says what it is).

    """
    if not isinstance(record, GameRecord):
        raise TypeError(f"record must be a GameRecord, got {got(record)}")
    write_atomically(record.to_json(), path, overwrite=overwrite)


def load(path: str | os.PathLike[str]) -> GameRecord:
    """Read the record in the file at ``path``.

    The record is read, not replayed: call :func:`replay` to check the game.

    Raises:
        InvalidRecordError: The file is too long, is not UTF-8 text, or does
            not hold a record.
        OSError: The file cannot be read.

    """
    return GameRecord.from_json(_FORMAT.read_file(path, MAX_RECORD_CHARS))
