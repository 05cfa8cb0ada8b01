"""Untrusted input echoed back: control characters are shown escaped, file
names that are not UTF-8 are shown without crashing, numbers of thousands of
digits are refused before Python converts them, in the library and in the
``pocha`` command."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Final

import pytest

from pocha_rules import (
    IllegalMoveError,
    InvalidActionError,
    InvalidDealError,
    InvalidRecordError,
    InvalidRulesError,
    ParseError,
    RuleSet,
    Suit,
    new_game,
    parse_move,
    rollout,
)
from pocha_rules._common.text import got, printable, shown, shown_path
from pocha_rules.records import GameRecord, dump
from tests.strategies import random_game
from tests.test_cli import PACKAGE_ROOT

TITLE: Final = "\x1b]0;pwned\x07"
"""An escape sequence that sets a terminal's title."""


def no_controls(text: str) -> bool:
    return not any((ord(c) < 32 and c != "\n") or 0x7F <= ord(c) < 0xA0 for c in text)


# --- the helpers --------------------------------------------------------------------


def test_printable_escapes_what_a_terminal_would_act_on() -> None:
    assert printable("plain, con acentos: café ñ 🂡") == "plain, con acentos: café ñ 🂡"
    assert printable(TITLE) == "\\x1b]0;pwned\\x07"
    assert printable("a\nb\tc\rd\x00") == "a\\x0ab\\x09c\\x0dd\\x00"
    assert printable("\u202eevil\u200b") == "\\u202eevil\\u200b"  # bidi override, zero width
    assert printable("line\u2028sep") == "line\\u2028sep"
    assert printable("\udcff") == "\\xff"  # a byte that was not UTF-8
    assert printable("\ud800") == "\\ud800"  # any other lone surrogate
    assert printable("no\u00a0break") == "no\u00a0break"  # a space, if an odd one
    assert printable("\U000e0001") == "\\U000e0001"  # a format character above U+FFFF


def test_shown_writes_any_value_briefly() -> None:
    assert shown("bid 0") == "'bid 0'"
    assert shown(TITLE) == "'\\x1b]0;pwned\\x07'"
    assert shown(10**5000) == "a whole number of about 5000 digits"
    assert shown(-(10**5000)).startswith("a whole number of about")
    assert shown(list(range(1000))) == "a list of 1000 items"
    assert shown("x" * 100) == "'" + "x" * 56 + "..."
    assert shown(True) == "True"

    class Broken:
        def __repr__(self) -> str:
            raise RuntimeError

    assert shown(Broken()) == "<Broken>"
    assert got(None) == "None"
    assert got("a\x1b") == "str 'a\\x1b'"


def test_shown_path_writes_bytes_that_are_not_utf8() -> None:
    assert shown_path("game.json") == "game.json"
    assert shown_path(Path("dir") / "juego ñ.json") == os.path.join("dir", "juego ñ.json")
    assert shown_path(os.fsdecode(b"game-\xff\xfe.json")) == "game-\\xff\\xfe.json"
    assert shown_path(f"game{TITLE}.json") == "game\\x1b]0;pwned\\x07.json"


# --- the library's errors -------------------------------------------------------------


def record_data() -> dict[str, object]:
    return GameRecord.from_state(random_game(RuleSet(schedule=[1]), 3)).to_dict()


def test_an_unknown_record_member_is_named_escaped() -> None:
    data = record_data()
    data[f"note{TITLE}"] = 1
    with pytest.raises(InvalidRecordError) as info:
        GameRecord.from_json(json.dumps(data))
    assert str(info.value) == "invalid record at note\\x1b]0;pwned\\x07: unknown member"
    assert info.value.where == "note\\x1b]0;pwned\\x07"
    assert no_controls(str(info.value))


@pytest.mark.parametrize(
    ("path", "value", "echo"),
    [
        (("rules", "miss_penalty"), f"x{TITLE}", "got 'x\\x1b]0;pwned\\x07'"),
        (("rules", "schedule"), [f"1{TITLE}"], "cannot parse '1\\x1b]0;pwned\\x07'"),
        (("moves",), [f"bid {TITLE}"], "tricks, got '\\x1b]0;pwned\\x07'"),
        (("moves",), [f"play 1{TITLE}"], "expected a rank from 1 to 12"),
        (("deals", 0, "trump_card"), f"1{TITLE}", "expected a rank from 1 to 12"),
        (("format",), TITLE, "the string '\\x1b]0;pwned\\x07'"),
    ],
)
def test_record_values_are_shown_escaped(
    path: tuple[object, ...], value: object, echo: str
) -> None:
    data = record_data()
    target: object = data
    for key in path[:-1]:
        target = target[key]  # type: ignore[index]
    target[path[-1]] = value  # type: ignore[index]
    with pytest.raises(InvalidRecordError) as info:
        GameRecord.from_json(json.dumps(data))
    assert no_controls(str(info.value)), str(info.value)
    assert echo in str(info.value)


def test_every_error_of_the_library_escapes_what_it_echoes() -> None:
    errors: list[Exception] = []
    for attempt in (
        lambda: parse_move(TITLE),
        lambda: parse_move(f"trump {TITLE}"),
        lambda: Suit.parse(TITLE),
        lambda: RuleSet(schedule=TITLE),
        lambda: RuleSet(tiebreak=TITLE),
        lambda: rollout(new_game(RuleSet(schedule=[1])), lambda moves: TITLE),  # type: ignore[arg-type,return-value]
    ):
        with pytest.raises((ParseError, InvalidRulesError, IllegalMoveError)) as info:
            attempt()
        errors.append(info.value)
    errors += [
        InvalidRecordError(TITLE, TITLE),
        InvalidRulesError(TITLE, TITLE),
        InvalidDealError(0, TITLE),
        IllegalMoveError(TITLE, 0, TITLE),
        InvalidActionError(TITLE, 0, TITLE),
        ParseError(TITLE, TITLE),
    ]
    for error in errors:
        assert no_controls(str(error)), str(error)
        for name in ("where", "field", "reason"):
            assert no_controls(getattr(error, name, "")), name


# --- the command ------------------------------------------------------------------------


def run(*args: str | bytes, stdin: str = "") -> subprocess.CompletedProcess[bytes]:
    """``python -m pocha_rules`` with arguments that may be bytes (file names
    that are not UTF-8); its output as bytes."""
    environment = {**os.environ, "PYTHONPATH": str(PACKAGE_ROOT), "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-m", "pocha_rules", *args],
        input=stdin.encode(),
        capture_output=True,
        env=environment,
        timeout=120,
        check=False,
    )


def test_a_file_name_that_is_not_utf8_is_shown(tmp_path: Path) -> None:
    name = os.fsencode(tmp_path) + b"/juego-\xff.json"
    dump(GameRecord.from_state(random_game(RuleSet(schedule=[1, 2]), 5)), os.fsdecode(name))
    shown_name = os.fsdecode(os.fsencode(tmp_path)) + "/juego-\\xff.json"
    for command in ("validate", "replay"):
        result = run(command, name)
        assert result.returncode == 0, result.stderr
        assert result.stderr == b""
        assert shown_name.encode() in result.stdout
    missing = os.fsencode(tmp_path) + b"/nada-\xfe.json"
    result = run("validate", missing)
    assert result.returncode == 1
    assert result.stderr.decode() == (
        f"pocha validate: cannot read {os.fsdecode(os.fsencode(tmp_path))}/nada-\\xfe.json: "
        "No such file or directory\n"
    )
    assert b"Traceback" not in result.stderr


def test_escape_codes_in_a_record_or_its_name_reach_no_terminal(tmp_path: Path) -> None:
    data = GameRecord.from_state(random_game(RuleSet(schedule=[1]), 2)).to_dict()
    data[TITLE] = 0
    path = tmp_path / f"x{TITLE}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run("validate", str(path))
    assert result.returncode == 1
    message = result.stderr.decode()
    assert no_controls(message), message
    assert message.endswith("invalid record at \\x1b]0;pwned\\x07: unknown member\n")
    assert "x\\x1b]0;pwned\\x07.json" in message


def test_argument_errors_are_shown_escaped() -> None:
    for args in (
        ("validate", "a.json", TITLE),
        ("play", "--rule", f"no{TITLE}=1"),
        ("play", "--tag", f"e{TITLE}=x"),
        (TITLE,),
    ):
        result = run(*args)
        assert result.returncode == 2, args
        assert no_controls(result.stderr.decode()), result.stderr
        assert b"\\x1b" in result.stderr
    result = run("play", "--tag", f"event={TITLE}")
    assert result.returncode == 2
    assert result.stderr.decode().endswith(
        "error: --tag: tags['event']: a tag's value is one line with no control characters "
        "(tabs, line breaks...)\n"
    )


def test_the_prompt_escapes_what_it_echoes_and_refuses_huge_numbers() -> None:
    entries = [TITLE, "9" * 5000, "bid " + "1" * 5000, "\u00b2", "quit"]
    result = run("play", "--human", "0", "--seed", "1", stdin="\n".join(entries) + "\n")
    assert result.returncode == 1
    out = result.stdout.decode()
    assert no_controls(out)
    assert "Traceback" not in result.stderr.decode()
    assert "there is no move 999999999...: choose 1 to" in out  # the 5000 nines
    assert "5000 digits is too long for a number of tricks" in out
    assert "cannot parse '\\xb2'" not in out  # a superscript two is text, not a number
    assert "cannot parse '²'" in out
