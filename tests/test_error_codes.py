"""Error codes: every error the library raises carries a code of the table
and the params its message is written from; the docs' table is the table."""

from __future__ import annotations

import ast
import pickle
import string
import sys
from pathlib import Path

import pytest

import pocha_rules
from pocha_rules import (
    Bid,
    Card,
    Deal,
    IllegalMoveError,
    InvalidDataError,
    InvalidDealError,
    InvalidRecordError,
    InvalidRulesError,
    OutOfTurnError,
    ParseError,
    PlayerView,
    PochaError,
    RuleSet,
    apply,
    new_game,
    parse_move,
)
from pocha_rules._common.codes import FRAMES, MESSAGES
from pocha_rules._common.errors import Reason, say
from pocha_rules.records import GameRecord, replay

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "pocha_rules"
CODES = SOURCE / "_common" / "codes.py"
DOCS = ROOT / "docs" / "error-codes.md"

ERRORS = {
    "PochaError": 0,
    "ParseError": 1,
    "InvalidRulesError": 1,
    "InvalidDealError": 1,
    "IllegalMoveError": 2,
    "InvalidRecordError": 1,
    "InvalidDataError": 2,
    "InvalidActionError": 2,
    "BatchActionError": 3,
    # The library's own helpers that raise one of the above.
    "fail": 1,
    "_fail": 1,
    "refuse": 0,
    "SeatsError": 1,
    "PositionError": 3,
    "fault": 2,
}
"""The calls that make an error, and the position of their reason."""

PASSED_ON = {"reason", "error.reason"}
"""Reasons given again as they came: a variable holding a reason made by
``say`` (or ``explain``, whose sentences are made by ``say``), or another
error's reason."""


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def raise_sites() -> list[tuple[str, int, ast.expr]]:
    """Every error made in the library (the command line aside), with the
    expression of its reason."""
    sites = []
    for path in sorted(SOURCE.rglob("*.py")):
        if "_cli" in path.parts or path in (SOURCE / "_common/errors.py", CODES):
            continue
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name not in ERRORS:
                continue
            position = ERRORS[name]
            if len(node.args) <= position:
                continue  # a definition's call of super(), say
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            sites.append((where, node.lineno, node.args[position]))
    return sites


SITES = raise_sites()


def test_the_scan_finds_the_raise_sites() -> None:
    assert len(SITES) > 150


@pytest.mark.parametrize(("where", "line", "reason"), SITES, ids=[s[0] for s in SITES])
def test_every_raise_site_gives_a_code_of_the_table(
    where: str, line: int, reason: ast.expr
) -> None:
    if isinstance(reason, ast.BoolOp):  # explain(...) or say("not_legal")
        reason = reason.values[-1]
    if isinstance(reason, ast.Call) and getattr(reason.func, "id", None) == "say":
        code = reason.args[0]
        assert isinstance(code, ast.Constant), f"{where}: the code must be a literal"
        assert code.value in MESSAGES, (
            f"{where}: {code.value!r} is not in pocha_rules._common.codes.MESSAGES: "
            "add its sentence"
        )
        given = {keyword.arg for keyword in reason.keywords}
        missing = fields(MESSAGES[code.value]) - given
        assert not missing, f"{where}: {code.value!r} needs {sorted(missing)}"
        return
    if isinstance(reason, ast.Call) and getattr(reason.func, "id", None) == "reason_of":
        return
    assert ast.unparse(reason) in PASSED_ON, (
        f"{where}: a reason without a code: {ast.unparse(reason)}. Write it as "
        'say("a_code", name=value, ...), with the code\'s English sentence in '
        "pocha_rules._common.codes.MESSAGES, then run `python tests/test_error_codes.py` "
        "to update docs/error-codes.md"
    )


def test_every_code_is_well_named_and_used() -> None:
    text = "\n".join(path.read_text() for path in SOURCE.rglob("*.py") if path != CODES)
    for code, template in MESSAGES.items():
        assert code == code.lower(), code
        assert code.replace("_", "").isalnum(), code
        assert all(name.isidentifier() for name in fields(template)), code
        if code != "other":  # the code of a message from outside the library
            assert f'"{code}"' in text, f"{code!r} is in the table but never said"


# --- the errors themselves --------------------------------------------------------


def check(error: PochaError) -> None:
    """``error``'s code is in the table, and its message is its frame and
    sentence written from its params."""
    assert error.code in MESSAGES
    reason = MESSAGES[error.code].format(**error.params)
    assert reason in str(error)
    assert str(getattr(error, "reason", reason)) == reason
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.code, copy.params, str(copy)) == (error.code, error.params, str(error))


def caught(call: object, *args: object, **kwargs: object) -> PochaError:
    assert callable(call)
    with pytest.raises(PochaError) as info:
        call(*args, **kwargs)
    check(info.value)
    return info.value


def test_rule_refusals_carry_their_code_and_params() -> None:
    # Trump oros; seat 0 leads the 4 of copas; seat 1 must overtake it with
    # its 3 (not play its 2); seat 2 is void in copas and must ruff.
    deal = Deal(hands=[["4c", "4o"], ["3c", "2c"], ["2o", "7b"], ["4b", "5b"]], trump_card="7o")
    state = new_game(RuleSet(schedule=[2]), seed=0, dealer=3, deals=[deal])
    for text in ["bid 0", "bid 0", "bid 1"]:
        state = apply(state, parse_move(text))
    error = caught(apply, state, Bid(1))
    assert error.code == "hook"
    assert error.params == {"move": "bid 1", "seat": 3, "bid": 1, "cards": 2}
    state = apply(state, Bid(0))
    state = apply(state, parse_move("play 4c"))
    error = caught(apply, state, parse_move("play 2c"))
    assert error.code == "must_overtake"
    assert error.params == {
        "move": "play 2c", "seat": 1, "best": "4c", "led": "copas", "allowed": "3c"
    }  # fmt: skip
    state = apply(state, parse_move("play 3c"))
    error = caught(apply, state, parse_move("play 7b"))
    assert (error.code, error.params["trump"], error.params["allowed"]) == (
        "must_ruff",
        "oros",
        "2o",
    )
    error = caught(apply, state, parse_move("play 1o"))
    assert error.code == "not_in_hand"
    error = caught(apply, state, Bid(0))
    assert (error.code, error.params["expected"], error.params["phase"]) == (
        "wrong_phase", "a card to play ('play CARD')", "play"
    )  # fmt: skip
    error = caught(apply, state, parse_move("play 2o"), seat=0)
    assert isinstance(error, OutOfTurnError)
    assert (error.code, error.params) == ("out_of_turn", {"move": "play 2o", "seat": 2, "by": 0})


def test_parse_rules_deal_record_and_data_errors_carry_codes() -> None:
    error = caught(Card.parse, "13o")
    assert isinstance(error, ParseError)
    assert (error.code, error.params) == ("rank_unknown", {"text": "'13o'", "rank": "13"})
    error = caught(RuleSet, players=9)
    assert isinstance(error, InvalidRulesError)
    assert (error.code, error.params) == ("players_out_of_range", {"field": "players", "got": "9"})
    error = caught(RuleSet, schedule=["x"])
    assert error.code == "round_unreadable"
    assert error.params["reason_code"] == "round_form"
    error = caught(
        new_game,
        RuleSet(schedule=[1]),
        deals=[Deal(hands=[["1o"], ["1o"], ["2o"], ["3o"]], trump_card="4o")],
    )
    assert isinstance(error, InvalidDealError)
    assert (error.code, error.params) == ("card_dealt_twice", {"round_index": 0, "card": "1o"})
    record = GameRecord.from_state(new_game(RuleSet(schedule=[1]), seed=1, dealer=0))
    bad = GameRecord(
        rules=record.rules, seed=1, first_dealer=0, deals=record.deals, moves=[Bid(4)]
    )
    error = caught(replay, bad)
    assert isinstance(error, InvalidRecordError)
    assert error.code == "record_illegal_move"
    assert error.params["where"] == "moves[0]"
    assert error.params["reason_code"] == "bid_out_of_range"
    error = caught(GameRecord.from_json, "{")
    assert error.code == "json_invalid"
    error = caught(PlayerView.from_dict, {"schema": "pocha-view", "version": 7})
    assert isinstance(error, InvalidDataError)
    assert (error.code, error.params) == (
        "version_unknown", {"what": "view", "where": "version", "version": 2, "got": "7"}
    )  # fmt: skip


def test_position_errors_carry_their_code_the_character_and_field() -> None:
    from pocha_rules.notation import PositionError, read

    text = "classic,players=5,players=5 1:1 3 2b 4c/10o/4e/1c - -/-/-/- - 0/0/0/0 0 0/0/0/0 7"
    error = caught(read, text)
    assert isinstance(error, PositionError)
    assert (error.code, error.params) == (
        "option_twice", {"character": 19, "field": "rules", "option": "players"}
    )  # fmt: skip
    error = caught(read, text.replace("players=5,players=5", "must_ruff=maybe"))
    assert (error.code, error.params["reason_code"]) == ("option_value", "expected_flag")
    error = caught(read, "classic 1:1")
    assert (error.code, error.params["field"], error.params["got"]) == ("position_fields", "", 2)


def test_a_plain_message_gets_the_code_other() -> None:
    error = PochaError("plain words")
    assert (error.code, error.params) == ("other", {"reason": "plain words"})
    error = IllegalMoveError(Bid(3), 2, "the hook")
    assert (error.code, error.params) == (
        "other",
        {"move": "bid 3", "seat": 2, "reason": "the hook"},
    )


def test_a_reason_is_its_sentence_and_pickles_whole() -> None:
    reason = say("hook", bid=1, cards=2)
    assert isinstance(reason, str)
    assert reason == MESSAGES["hook"].format(bid=1, cards=2)
    copy = pickle.loads(pickle.dumps(reason))
    assert (type(copy), copy, copy.code, copy.params) == (Reason, reason, "hook", reason.params)
    assert say("not_a_move", got="'\x1b'").params["got"] == "'\\x1b'"


# --- the docs' table -------------------------------------------------------------

BEGIN = "<!-- codes: begin (written by tests/test_error_codes.py) -->"
END = "<!-- codes: end -->"


def table() -> str:
    """The docs' table of codes, as this module writes it."""
    lines = ["| Code | Parameters | English |", "| --- | --- | --- |"]
    for code in sorted(MESSAGES):
        template = MESSAGES[code].replace("|", "\\|")
        names = ", ".join(f"`{name}`" for name in sorted(fields(MESSAGES[code])))
        lines.append(f"| `{code}` | {names} | {template} |")
    lines += ["", "| Class | Frame |", "| --- | --- |"]
    for name, frame in FRAMES.items():
        lines.append(f"| `{name}` | {frame} |")
    return "\n".join(lines)


def test_the_docs_table_lists_every_code() -> None:
    text = DOCS.read_text()
    assert BEGIN in text
    assert END in text
    inside = text.split(BEGIN, 1)[1].split(END, 1)[0].strip()
    assert inside == table(), (
        "docs/error-codes.md is out of date: run `python tests/test_error_codes.py`"
    )


if __name__ == "__main__":  # rewrite the docs' table
    sys.path.insert(0, str(ROOT / "src"))
    text = DOCS.read_text()
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    DOCS.write_text(f"{head}{BEGIN}\n\n{table()}\n\n{END}{tail}")
    print(f"wrote {DOCS} ({len(MESSAGES)} codes)", file=sys.stderr)
    assert pocha_rules
