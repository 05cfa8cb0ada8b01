"""The envelope every game's records share, and reading JSON data part by
part (``pocha_rules.records`` and ``pocha_rules.poch.records`` are the
public faces).

A record of either game is one JSON object: its ``format`` string, the
``version`` of that format, the ``rules_version`` the game was played
under, free-form ``tags``, then what the game itself writes (its rules, its
deals, its moves, its result). :class:`RecordFormat` is that envelope for
one game: it writes the header, checks it when reading, and reads and writes
the text and the file. The readers below it each check one part of the
data; anything they do not take is refused with
:class:`~pocha_rules.InvalidRecordError` naming where (``"rules.players"``,
``"deals[3].hands[1][0]"``) and why. Records are untrusted input: nothing
here evaluates anything, and whatever is refused is that error.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Final, NoReturn, Protocol, TypeVar

import attrs

from pocha_rules._common.checks import MAX_SEED_BITS
from pocha_rules._common.errors import InvalidRecordError, PochaError, Reason, reason_of, say
from pocha_rules._common.tags import Tags
from pocha_rules._common.text import got, shown

__all__ = [
    "MAX_RECORD_CHARS",
    "MAX_SCORE",
    "RecordFormat",
    "as_list",
    "check_seed",
    "check_seed_field",
    "describe",
    "fail",
    "flag",
    "members",
    "no_constant",
    "numbers_text",
    "read_each",
    "read_options",
    "read_parsed",
    "read_seat",
    "read_string",
    "read_tags",
    "seat_numbers",
    "short",
    "to_tags",
    "unique_members",
    "whole",
]

_T = TypeVar("_T")

MAX_RECORD_CHARS: Final = 16 * 1024 * 1024
"""The longest record text either game's records read (16 MiB)."""

MAX_SCORE: Final = 10**18
"""The largest score, in size, a record may hold: far more than any game
can score (each figure of the rules is at most a million), and small enough
to write as text."""

_LONGEST_TEXT: Final = 32
"""No card, move or round text is longer than this (after trimming)."""


# --- the readers of JSON data ----------------------------------------------------


def fail(where: str, reason: str) -> NoReturn:
    """Refuse a record: an :class:`~pocha_rules.InvalidRecordError` at
    ``where``."""
    raise InvalidRecordError(where, reason)


def short(text: str, limit: int = 40) -> str:
    """``text``, cut to ``limit`` characters with ``...`` when longer."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def describe(value: object) -> str:
    """A short description of a JSON value for messages (never a deep repr)."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, str):
        return f"the string {shown(value, 42)}"
    if isinstance(value, int):
        return shown(value, 40)
    if isinstance(value, float):
        return f"the number {shown(value, 40)}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _join(where: str, name: str) -> str:
    return name if not where else f"{where}.{name}"


def members(
    value: object, where: str, names: Sequence[str], optional: Sequence[str] = ()
) -> dict[str, object]:
    """The members of a JSON object that must have ``names`` (and may have
    ``optional``) and nothing else; an optional member left out is absent."""
    if not isinstance(value, dict):
        fail(where or "record", say("expected_object", got=describe(value)))
    for key in value:
        if key not in names and key not in optional:
            label = short(key) if isinstance(key, str) else describe(key)
            fail(_join(where, label), say("unknown_member"))
    for name in names:
        if name not in value:
            fail(_join(where, name), say("missing"))
    return {name: value[name] for name in (*names, *optional) if name in value}


def whole(value: object, where: str) -> int:
    """A JSON integer (``true``, ``"4"`` and ``4.0`` are refused)."""
    if type(value) is not int:
        fail(where, say("expected_whole", got=describe(value)))
    return value


def check_seed(value: object, where: str) -> int:
    """A record's seed: a whole number below ``2**256`` in size."""
    seed = whole(value, where)
    if seed.bit_length() > MAX_SEED_BITS:
        fail(where, say("record_seed_too_large", bits=MAX_SEED_BITS, got=describe(seed)))
    return seed


def flag(value: object, where: str) -> bool:
    """A JSON ``true`` or ``false``."""
    if type(value) is not bool:
        fail(where, say("expected_flag", got=describe(value)))
    return value


def as_list(value: object, where: str) -> list[object]:
    """A JSON list."""
    if not isinstance(value, list):
        fail(where, say("expected_list", got=describe(value)))
    return value


def read_each(value: object, where: str, read: Callable[[object, str], _T]) -> tuple[_T, ...]:
    """Each item of a JSON list, read by ``read`` at ``where[i]``."""
    return tuple(read(entry, f"{where}[{i}]") for i, entry in enumerate(as_list(value, where)))


def read_seat(value: object, where: str, players: int) -> int:
    """A seat of ``players``: a whole number from 0."""
    seat = whole(value, where)
    if not 0 <= seat < players:
        fail(where, say("seat_out_of_range", high=players - 1, got=describe(seat)))
    return seat


def read_string(value: object, where: str) -> str:
    """A short JSON string: a card, a move, a choice of the rules."""
    if not isinstance(value, str):
        fail(where, say("expected_string", got=describe(value)))
    if len(value.strip()) > _LONGEST_TEXT:
        fail(where, say("string_too_long", got=shown(value, 40)))
    return value


def seat_numbers(value: object, where: str, players: int) -> tuple[int, ...]:
    """One whole number per seat, each at most :data:`MAX_SCORE` in size."""
    numbers = read_each(value, where, whole)
    if len(numbers) != players:
        fail(where, say("numbers_for_players", numbers=len(numbers), players=players))
    for i, number in enumerate(numbers):
        if abs(number) > MAX_SCORE:
            fail(f"{where}[{i}]", say("score_too_large", got=describe(number)))
    return numbers


def read_tags(value: object) -> Tags:
    """A record's ``tags`` member: an object of string values."""
    if not isinstance(value, dict):
        fail("tags", say("expected_object", got=describe(value)))
    for name, text in value.items():
        if not isinstance(text, str):
            fail(f"tags[{shown(name)}]", say("expected_string", got=describe(text)))
    return Tags(value)


def read_options(
    value: object,
    defaults: Mapping[str, object],
    make: Callable[..., _T],
    *,
    nullable: Iterable[str] = (),
    special: Mapping[str, Callable[[object, str], object]] | None = None,
) -> _T:
    """A rule set from the ``rules`` member: every option of ``defaults`` by
    its name and nothing else, each of its default's kind (a switch, a
    string, a whole number; ``null`` for the ``nullable`` ones), or read by
    its ``special`` reader; ``make`` (the rule set class) checks the
    whole."""
    data = members(value, "rules", tuple(defaults))
    readers = special or {}
    empty = frozenset(nullable)
    options: dict[str, object] = {}
    for name, default in defaults.items():
        where = f"rules.{name}"
        raw = data[name]
        if name in readers:
            options[name] = readers[name](raw, where)
        elif raw is None and name in empty:
            options[name] = None
        elif isinstance(default, bool):
            options[name] = flag(raw, where)
        elif isinstance(default, str):  # the StrEnum options too
            options[name] = read_string(raw, where)
        else:
            options[name] = whole(raw, where)
    try:
        return make(**options)
    except PochaError as error:
        field = getattr(error, "field", None)
        fail(f"rules.{field}" if field else "rules", reason_of(error))


def read_parsed(value: object, where: str, parse: Callable[[str], _T]) -> _T:
    """A short JSON string read by ``parse`` (a card's, a move's parser),
    its refusal given as the record's."""
    text = read_string(value, where)
    try:
        return parse(text)
    except PochaError as error:
        fail(where, reason_of(error))


def numbers_text(values: Iterable[int]) -> str:
    """Numbers as a list's text, each shortened when huge."""
    return "[" + ", ".join(shown(value) for value in values) + "]"


class _DuplicateMember(ValueError):
    pass


def unique_members(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """A JSON object's members, refusing a name given twice (a hook for
    :func:`json.loads`)."""
    data: dict[str, object] = {}
    for key, value in pairs:
        if key in data:
            raise _DuplicateMember(f"the member {shown(key, 42)} appears twice")
        data[key] = value
    return data


def no_constant(name: str) -> NoReturn:
    """Refuse ``NaN`` and ``Infinity`` (a hook for :func:`json.loads`)."""
    raise ValueError(f"{name} is not a number a record may hold")


# --- the fields every record has ---------------------------------------------------


def check_seed_field(instance: object, attribute: object, value: int) -> None:
    """The validator of a record's ``seed`` field: an int below ``2**256``
    in size."""
    if type(value) is not int:
        raise TypeError(f"seed must be an int, got {got(value)}")
    check_seed(value, "seed")


def to_tags(value: Mapping[str, str] | Iterable[tuple[str, str]] | None) -> Tags:
    """The converter of a record's ``tags`` field (``None`` for none)."""
    return Tags() if value is None else Tags(value)


# --- the envelope ---------------------------------------------------------------------


class _Record(Protocol):
    """What :class:`RecordFormat` needs of a record to write it."""

    @property
    def rules_version(self) -> int: ...

    @property
    def tags(self) -> Tags: ...


@attrs.frozen
class RecordFormat:
    """One game's record envelope: its ``format`` string and versions, the
    members its records hold, and how their text is laid out."""

    format: str
    """The ``format`` member's value (``"pocha-record"``)."""
    version: int
    """The version of the format written and read."""
    rules_version: int
    """The version of the game's rules behaviour written and read."""
    members: tuple[str, ...]
    """The game's own members, in order, after the envelope's."""
    not_a_record: Reason
    """Why data without a ``format`` is refused."""
    others: Mapping[str, Reason]
    """Why a record of another game (by its ``format``) is refused."""
    objects: tuple[str, ...]
    """The members written one entry a line."""
    lists: tuple[str, ...]
    """The members written one item a line (``"moves"`` a few to a line)."""

    def header(self, record: _Record) -> dict[str, object]:
        """The members that open a record's data: format, versions, tags."""
        data: dict[str, object] = {
            "format": self.format,
            "version": self.version,
            "rules_version": record.rules_version,
        }
        if record.tags:
            data["tags"] = dict(record.tags)
        return data

    def open(self, data: object) -> tuple[dict[str, object], Tags]:
        """The members of a record's data (its ``tags`` read apart) once the
        envelope is checked: the ``format``, the ``version`` of the format,
        the ``rules_version``, and that every member is there and no other."""
        if not isinstance(data, dict):
            fail("record", say("expected_object", got=describe(data)))
        found = data.get("format")
        reason = self.others.get(found) if isinstance(found, str) else None
        if reason is not None:  # another game's record
            fail("format", reason)
        if "format" not in data:
            reason = self.not_a_record
            fail("format", reason)
        if data["format"] != self.format:
            fail(
                "format",
                say("format_unknown", expected=repr(self.format), got=describe(data["format"])),
            )
        if "version" not in data:
            fail("version", say("missing"))
        found = whole(data["version"], "version")
        if found != self.version:
            fail("version", say("record_version", version=self.version, got=describe(found)))
        top = members(data, "", ("format", "version", "rules_version", *self.members), ("tags",))
        found = whole(top["rules_version"], "rules_version")
        if found != self.rules_version:
            fail(
                "rules_version",
                say("rules_version", got=describe(found), version=self.rules_version),
            )
        tags = read_tags(top["tags"]) if "tags" in top else Tags()
        return top, tags

    def check_rules_version(self, found: int) -> None:
        """Refuse to replay a record made under other rules' behaviour."""
        if found != self.rules_version:
            fail(
                "rules_version",
                say("rules_version", got=shown(found), version=self.rules_version),
            )

    def text(self, data: dict[str, object], *, step: int) -> str:
        """A record's JSON data as text that reads (and diffs) well: each
        member of :attr:`objects` an entry a line, each item of
        :attr:`lists` a line, and ``"moves"`` ``step`` to a line."""
        parts = []
        for key, value in data.items():
            name = json.dumps(key)
            if key in self.objects:
                assert isinstance(value, dict)
                inner = ",\n".join(
                    f"    {json.dumps(k)}: {json.dumps(v)}" for k, v in value.items()
                )
                parts.append(f"  {name}: {{\n{inner}\n  }}")
            elif key in self.lists and value:
                assert isinstance(value, list)
                if key == "moves":
                    rows = [value[i : i + step] for i in range(0, len(value), step)]
                    lines = [", ".join(json.dumps(m) for m in row) for row in rows]
                else:
                    lines = [json.dumps(item) for item in value]
                inner = ",\n".join(f"    {line}" for line in lines)
                parts.append(f"  {name}: [\n{inner}\n  ]")
            else:
                parts.append(f"  {name}: {json.dumps(value)}")
        return "{\n" + ",\n".join(parts) + "\n}\n"

    def parse(self, text: object, limit: int = MAX_RECORD_CHARS) -> object:
        """The JSON data of a record's text: at most ``limit`` characters,
        no member twice, no ``NaN`` or ``Infinity``, not nested too
        deeply."""
        if not isinstance(text, str):
            raise TypeError(f"text must be a str of JSON, got {got(text)}")
        if len(text) > limit:
            fail("record", say("record_too_long", length=len(text), most=limit))
        try:
            return json.loads(text, object_pairs_hook=unique_members, parse_constant=no_constant)
        except RecursionError:
            fail("record", say("json_too_deep"))
        except ValueError as error:  # JSONDecodeError, huge numbers, duplicates
            fail("record", say("json_invalid", error=short(str(error), 120)))

    def read_file(self, path: str | os.PathLike[str], limit: int = MAX_RECORD_CHARS) -> str:
        """The UTF-8 text of a record file of at most ``limit`` characters."""
        with open(path, "rb") as file:
            raw = file.read(4 * limit + 1)
        if len(raw) > 4 * limit:
            fail("record", say("file_too_long", most=limit))
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as error:
            fail("record", say("file_not_utf8", byte=error.start))
