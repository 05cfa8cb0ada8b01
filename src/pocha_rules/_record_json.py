"""Reading a game record's JSON data, part by part (``records`` is the
public face).

Records are untrusted input: each reader here checks one part, and anything
it does not take is refused with :class:`~pocha_rules.InvalidRecordError`
naming where (``"rules.players"``, ``"deals[3].hands[1][0]"``) and why.
"""

from __future__ import annotations

import enum
import json
import os
from collections.abc import Sequence
from typing import Final, NoReturn

from pocha_rules._common.errors import InvalidRecordError, PochaError, reason_of, say
from pocha_rules._common.tags import Tags
from pocha_rules._common.text import got, shown
from pocha_rules._pocha.cards import Card
from pocha_rules._pocha.deal import Deal
from pocha_rules._pocha.game import MAX_SEED_BITS
from pocha_rules._pocha.moves import Move, parse_move
from pocha_rules._pocha.rules import RuleSet

__all__ = [
    "MAX_SCORE",
    "as_list",
    "check_seed",
    "describe",
    "envelope",
    "fail",
    "flag",
    "load_json",
    "members",
    "no_constant",
    "read_card",
    "read_deal",
    "read_file",
    "read_move",
    "read_rules",
    "read_string",
    "read_tags",
    "record_text",
    "rules_data",
    "seat_numbers",
    "short",
    "unique_members",
    "whole",
]

_DEAL_MEMBERS: Final = ("hands", "trump_card")
_DEFAULTS: Final = RuleSet().options()
_LONGEST_TEXT: Final = 32
"""No card, move or round text is longer than this (after trimming)."""

MAX_SCORE: Final = 10**18
"""The largest score, in size, a record may hold: far more than any game
can score (each figure of the rules is at most a million), and small enough
to write as text."""


def fail(where: str, reason: str) -> NoReturn:
    raise InvalidRecordError(where, reason)


def short(text: str, limit: int = 40) -> str:
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
    if type(value) is not bool:
        fail(where, say("expected_flag", got=describe(value)))
    return value


def as_list(value: object, where: str) -> list[object]:
    if not isinstance(value, list):
        fail(where, say("expected_list", got=describe(value)))
    return value


def read_string(value: object, where: str) -> str:
    if not isinstance(value, str):
        fail(where, say("expected_string", got=describe(value)))
    if len(value.strip()) > _LONGEST_TEXT:
        fail(where, say("string_too_long", got=shown(value, 40)))
    return value


def rules_data(rules: RuleSet) -> dict[str, object]:
    """Every option of ``rules`` as JSON data, by its field name."""
    data: dict[str, object] = {}
    for name, value in rules.options().items():
        if name == "schedule":
            assert isinstance(value, tuple)
            data[name] = [str(entry) for entry in value]
        elif name == "rank_order":
            assert isinstance(value, tuple)
            data[name] = list(value)
        elif isinstance(value, enum.Enum):
            data[name] = value.value
        else:
            data[name] = value
    return data


def read_rules(value: object) -> RuleSet:
    data = members(value, "rules", tuple(_DEFAULTS))
    options: dict[str, object] = {}
    for name, default in _DEFAULTS.items():
        where = f"rules.{name}"
        raw = data[name]
        if name == "schedule":
            options[name] = tuple(
                read_string(entry, f"{where}[{i}]") for i, entry in enumerate(as_list(raw, where))
            )
        elif name == "rank_order":
            options[name] = tuple(
                whole(entry, f"{where}[{i}]") for i, entry in enumerate(as_list(raw, where))
            )
        elif isinstance(default, bool):
            options[name] = flag(raw, where)
        elif isinstance(default, str):  # the StrEnum options
            options[name] = read_string(raw, where)
        else:
            options[name] = whole(raw, where)
    try:
        return RuleSet(**options)  # type: ignore[arg-type]
    except PochaError as error:
        field = getattr(error, "field", None)
        fail(f"rules.{field}" if field else "rules", reason_of(error))


def read_card(value: object, where: str, deck: int) -> Card:
    text = read_string(value, where)
    try:
        return Card.parse(text, deck=deck)
    except PochaError as error:
        fail(where, reason_of(error))


def read_deal(value: object, where: str, rules: RuleSet) -> Deal:
    data = members(value, where, _DEAL_MEMBERS)
    hands_where = f"{where}.hands"
    hands = as_list(data["hands"], hands_where)
    if len(hands) != rules.players:
        fail(hands_where, say("hands_for_players", hands=len(hands), players=rules.players))
    cards = tuple(
        tuple(
            read_card(card, f"{hands_where}[{seat}][{i}]", rules.deck)
            for i, card in enumerate(as_list(hand, f"{hands_where}[{seat}]"))
        )
        for seat, hand in enumerate(hands)
    )
    raw = data["trump_card"]
    trump = None if raw is None else read_card(raw, f"{where}.trump_card", rules.deck)
    return Deal(hands=cards, trump_card=trump)


def read_move(value: object, where: str, deck: int) -> Move:
    text = read_string(value, where)
    try:
        return parse_move(text, deck=deck)
    except PochaError as error:
        fail(where, reason_of(error))


def seat_numbers(value: object, where: str, players: int) -> tuple[int, ...]:
    numbers = tuple(whole(entry, f"{where}[{i}]") for i, entry in enumerate(as_list(value, where)))
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


class _DuplicateMember(ValueError):
    pass


def unique_members(pairs: list[tuple[str, object]]) -> dict[str, object]:
    data: dict[str, object] = {}
    for key, value in pairs:
        if key in data:
            raise _DuplicateMember(f"the member {shown(key, 42)} appears twice")
        data[key] = value
    return data


def no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a number a record may hold")


# --- what every game's records share (Poch's records use these) -----------------


def envelope(
    data: object,
    *,
    format: str,
    game: str,
    version: int,
    rules_version: int,
    names: Sequence[str],
    optional: Sequence[str] = ("tags",),
) -> tuple[dict[str, object], Tags]:
    """The members of a record (``names``, and ``optional`` when present)
    once what every game's records share is checked: the ``format`` string
    (``game`` names the game when there is none), the ``version`` of
    the format, the ``rules_version`` and the ``tags``."""
    if not isinstance(data, dict):
        fail("record", say("expected_object", got=describe(data)))
    if "format" not in data:
        fail("format", say("not_a_game_record", game=game))
    if data["format"] != format:
        fail("format", say("format_unknown", expected=repr(format), got=describe(data["format"])))
    if "version" not in data:
        fail("version", say("missing"))
    found = whole(data["version"], "version")
    if found != version:
        fail("version", say("record_version", version=version, got=describe(found)))
    top = members(data, "", names, optional)
    found = whole(top["rules_version"], "rules_version")
    if found != rules_version:
        fail("rules_version", say("rules_version", got=describe(found), version=rules_version))
    tags = read_tags(top["tags"]) if "tags" in top else Tags()
    return top, tags


def load_json(text: object, limit: int) -> object:
    """The JSON data of a record's text: at most ``limit`` characters, no
    member twice, no ``NaN`` or ``Infinity``, not nested too deeply."""
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


def read_file(path: str | os.PathLike[str], limit: int) -> str:
    """The UTF-8 text of a record file of at most ``limit`` characters."""
    with open(path, "rb") as file:
        raw = file.read(4 * limit + 1)
    if len(raw) > 4 * limit:
        fail("record", say("file_too_long", most=limit))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        fail("record", say("file_not_utf8", byte=error.start))


def record_text(
    data: dict[str, object], *, objects: Sequence[str], lists: Sequence[str], step: int
) -> str:
    """A record's JSON data as text that reads (and diffs) well: each member
    of ``objects`` an entry a line, each item of ``lists`` a line, and
    ``"moves"`` ``step`` to a line."""
    parts = []
    for key, value in data.items():
        name = json.dumps(key)
        if key in objects:
            assert isinstance(value, dict)
            inner = ",\n".join(f"    {json.dumps(k)}: {json.dumps(v)}" for k, v in value.items())
            parts.append(f"  {name}: {{\n{inner}\n  }}")
        elif key in lists and value:
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
