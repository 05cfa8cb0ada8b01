"""Tags on game records: free-form names and values, like a PGN's headers,
kept through JSON, files and replay, and checked like the rest of a record."""

from __future__ import annotations

import copy
import json
import pickle
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pocha_rules import InvalidRecordError, RuleSet
from pocha_rules.records import (
    MAX_TAG_NAME,
    MAX_TAG_VALUE,
    MAX_TAGS,
    GameRecord,
    Tags,
    dump,
    load,
    replay,
    replay_lenient,
)
from tests.strategies import random_game
from tests.test_cli import pocha

TAGS = {"event": "Fiestas de San Isidro", "site": "Madrid", "seat 0": "Ana Pérez", "date": ""}


def finished() -> GameRecord:
    return GameRecord.from_state(random_game(RuleSet(schedule=[1, 2]), 4), tags=TAGS)


# --- the mapping ----------------------------------------------------------------


def test_tags_are_a_read_only_mapping_in_the_order_given() -> None:
    tags = Tags(TAGS)
    assert list(tags) == ["event", "site", "seat 0", "date"]
    assert tags["seat 0"] == "Ana Pérez"
    assert dict(tags) == TAGS
    assert tags == TAGS
    assert tags == Tags(reversed(list(TAGS.items())))  # equal as mappings
    assert hash(tags) == hash(Tags(reversed(list(TAGS.items()))))
    assert tags != Tags({"event": "other"})
    assert "site" in tags
    assert "town" not in tags
    assert len(tags) == 4
    assert tags.get("town") is None
    assert repr(Tags({"a": "b"})) == "Tags({'a': 'b'})"
    assert Tags(tags) == tags
    assert Tags() == {}
    assert not Tags()
    with pytest.raises(TypeError):
        tags["site"] = "Sevilla"  # type: ignore[index]
    with pytest.raises(AttributeError, match="Tags are immutable"):
        tags._values = {}
    assert pickle.loads(pickle.dumps(tags)) == tags
    assert list(pickle.loads(pickle.dumps(tags))) == list(tags)
    assert copy.copy(tags) is tags
    assert copy.deepcopy(tags) is tags


@pytest.mark.parametrize(
    ("tags", "where", "reason"),
    [
        ({"": "x"}, "tags['']", "a tag's name is not empty and has no spaces at its ends"),
        ({" event": "x"}, "tags[' event']", "no spaces at its ends"),
        ({"n" * (MAX_TAG_NAME + 1): "x"}, "tags['nnn", "a tag's name is at most 64 characters"),
        ({"a=b": "x"}, "tags['a=b']", "a tag's name may not hold '='"),
        ({"e\x1b]0;x\x07": "x"}, "tags['e\\x1b]0;x\\x07']", "may not hold control characters"),
        ({"event": "line\nbreak"}, "tags['event']", "one line with no control characters"),
        ({"event": "tab\there"}, "tags['event']", "one line with no control characters"),
        ({"event": "\u202eevil"}, "tags['event']", "one line with no control characters"),
        ({"event": "x" * (MAX_TAG_VALUE + 1)}, "tags['event']", "1001 characters: a tag's"),
        ({f"t{i}": "" for i in range(MAX_TAGS + 1)}, "tags", "at most 64 tags"),
        ([("a", "1"), ("a", "2")], "tags['a']", "the tag is given twice"),
    ],
)
def test_tags_that_break_the_rules_are_refused(tags: object, where: str, reason: str) -> None:
    with pytest.raises(InvalidRecordError) as info:
        Tags(tags)  # type: ignore[arg-type]
    assert info.value.where.startswith(where)
    assert reason in info.value.reason
    assert "\x1b" not in str(info.value)


def test_the_largest_tags_are_allowed() -> None:
    tags = Tags({f"t{i}": "x" * MAX_TAG_VALUE for i in range(MAX_TAGS - 1)} | {"n" * 64: "é"})
    assert len(tags) == MAX_TAGS
    assert Tags({"place": "Bar\u00a0Pepe 🂡", "mañana": "sí"})["mañana"] == "sí"


@pytest.mark.parametrize(
    ("tags", "message"),
    [
        ("event=x", "tags must be a mapping of str to str, got str"),
        (5, "tags must be a mapping of str to str, got int 5"),
        ({1: "x"}, "a tag's name must be a str, got int 1"),
        ({"event": 2026}, "the tag 'event' must have a str value, got int 2026"),
        ([("event",)], "a tag must be a (name, value) pair, got tuple"),
    ],
)
def test_tags_of_the_wrong_type_raise_type_errors(tags: object, message: str) -> None:
    with pytest.raises(TypeError) as info:
        Tags(tags)  # type: ignore[arg-type]
    assert message in str(info.value)


# --- on records -------------------------------------------------------------------


def test_tags_go_through_json_files_and_replay(tmp_path: Path) -> None:
    record = finished()
    assert record.tags == TAGS
    data = record.to_dict()
    assert list(data)[:5] == ["format", "version", "rules_version", "tags", "rules"]
    assert data["tags"] == TAGS
    text = record.to_json()
    assert '  "tags": {\n    "event": "Fiestas de San Isidro",\n' in text
    assert GameRecord.from_json(text) == record
    assert list(GameRecord.from_json(text).tags) == list(TAGS)
    path = tmp_path / "game.json"
    dump(record, path)
    again = load(path)
    assert again.tags == TAGS
    assert replay(again) == replay(attrs.evolve(again, tags=None))
    assert replay_lenient(again).state == replay(again)
    assert GameRecord.from_state(replay(again), tags=again.tags) == again


def test_records_without_tags_have_no_tags_member() -> None:
    record = attrs.evolve(finished(), tags=None)
    assert record.tags == Tags()
    data = record.to_dict()
    assert "tags" not in data
    assert GameRecord.from_dict(data).tags == {}
    assert '"tags"' not in record.to_json()


def test_a_record_keeps_its_tags_as_tags() -> None:
    record = GameRecord.from_state(
        random_game(RuleSet(schedule=[1]), 2), tags=[("site", "Cádiz"), ("event", "feria")]
    )
    assert isinstance(record.tags, Tags)
    assert list(record.tags) == ["site", "event"]
    assert hash(record) == hash(attrs.evolve(record, tags={"event": "feria", "site": "Cádiz"}))
    with pytest.raises(InvalidRecordError, match=r"at tags\['a\\x00'\]"):
        attrs.evolve(record, tags={"a\x00": ""})
    with pytest.raises(TypeError, match="the tag 'year' must have a str value, got int"):
        GameRecord.from_state(replay(record), tags={"year": 2026})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("tags", "message"),
    [
        ([], "invalid record at tags: expected an object, got a list"),
        ("event", "invalid record at tags: expected an object, got the string 'event'"),
        ({"event": 1}, "invalid record at tags['event']: expected a string, got 1"),
        ({"event": None}, "invalid record at tags['event']: expected a string, got null"),
        ({"ev\x1bent": "x"}, "invalid record at tags['ev\\x1bent']: a tag's name may not hold"),
        ({"event": "a\u0007b"}, "invalid record at tags['event']: a tag's value is one line"),
    ],
)
def test_tags_read_from_json_are_checked(tags: object, message: str) -> None:
    data = finished().to_dict()
    data["tags"] = tags
    with pytest.raises(InvalidRecordError) as info:
        GameRecord.from_json(json.dumps(data))
    assert str(info.value).startswith(message)
    assert "\x1b" not in str(info.value)
    assert "\x07" not in str(info.value)


@given(st.dictionaries(st.text(max_size=70), st.text(max_size=20), max_size=5) | st.none())
def test_any_tags_in_json_are_read_or_refused_cleanly(tags: dict[str, str] | None) -> None:
    data = finished().to_dict()
    data["tags"] = tags
    refusal: InvalidRecordError | None = None
    try:
        record = GameRecord.from_json(json.dumps(data))
    except InvalidRecordError as error:
        refusal = error
    if refusal is not None:
        assert refusal.where.startswith("tags")
        assert str(refusal).isprintable()
        return
    assert record.tags == tags
    assert GameRecord.from_json(record.to_json()) == record


# --- the command ------------------------------------------------------------------


def test_play_saves_tags_and_replay_shows_them(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = pocha(
        "play", "--seed", "3", "--rule", "schedule=1", "--rule", "tiebreak=shared",
        "--tag", "event=Fiestas de San Isidro", "--tag", "site = Madrid", "--tag", "date=",
        "--save", str(path),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    record = load(path)
    assert list(record.tags.items()) == [
        ("event", "Fiestas de San Isidro"),
        ("site", "Madrid"),
        ("date", ""),
    ]
    shown = pocha("replay", str(path))
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    assert lines[1:4] == ["event: Fiestas de San Isidro", "site: Madrid", "date: "]


@pytest.mark.parametrize(
    ("tag", "message"),
    [
        ("event", "--tag event: expected NAME=VALUE"),
        ("=x", "--tag: tags['']: a tag's name is not empty"),
        ("a=1 --tag a=2", "--tag: tags['a']: the tag is given twice"),
    ],
)
def test_play_refuses_bad_tags(tag: str, message: str) -> None:
    args = [part for item in tag.split(" --tag ") for part in ("--tag", item)]
    result = pocha("play", "--rule", "schedule=1", *args)
    assert result.returncode == 2
    assert message in result.stderr


def test_a_resumed_game_keeps_its_tags_and_adds_new_ones(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    first = pocha(
        "play", "--human", "0", "--seed", "2", "--rule", "schedule=2,2",
        "--rule", "tiebreak=shared", "--tag", "event=club night", "--tag", "site=Bar Pepe",
        "--save", str(path), stdin="quit\n",
    )  # fmt: skip
    assert first.returncode == 0, first.stderr  # quit, the game kept
    assert dict(load(path).tags) == {"event": "club night", "site": "Bar Pepe"}
    again = pocha(
        "play", "--resume", str(path), "--tag", "site=Casa Lola", "--tag", "date=2026-11-22",
        "--save", str(path),
    )  # fmt: skip
    assert again.returncode == 0, again.stderr
    record = load(path)
    assert replay(record).is_over
    assert list(record.tags.items()) == [
        ("event", "club night"),
        ("site", "Casa Lola"),
        ("date", "2026-11-22"),
    ]
