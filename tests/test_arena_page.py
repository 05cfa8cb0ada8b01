"""The arena page's tables of the views and events an engine is sent are
what the referee really sends: every field it names is sent, and every field
sent is named (the tables cannot drift from the protocol again)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from pocha_rules import RandomBot, RuleSet, poch
from pocha_rules.engines import EngineBot
from pocha_rules.referee import referee_game

PAGE = Path(__file__).resolve().parent.parent / "docs" / "arena.md"


def tables(text: str) -> list[list[list[str]]]:
    """The page's tables, in order: their rows (header and rule left out),
    each a list of cells."""
    found: list[list[list[str]]] = []
    rows: list[list[str]] = []
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif rows:
            found.append(rows[2:])
            rows = []
    return found


def section(start: str, end: str) -> list[list[list[str]]]:
    text = PAGE.read_text()
    return tables(text[text.index(start) : text.index(end)])


def names(cell: str) -> list[str]:
    """The names a cell gives in backquotes, leaving out what is said in
    brackets (``seat`` and ``tricks`` of "`seat`, `tricks` (... `null` ...)")."""
    while (bare := re.sub(r"\([^()]*\)", "", cell)) != cell:
        cell = bare
    return re.findall(r"`([a-z_]+)`", cell)


def fields(rows: list[list[str]]) -> set[str]:
    return {name for row in rows for name in names(row[0])}


def item_fields(rows: list[list[str]]) -> dict[str, set[str]]:
    """The fields of the objects each row's list holds, where its text says
    "each with" them."""
    return {
        names(row[0])[0]: set(names(row[1].split("each with", 1)[1]))
        for row in rows
        if "each with" in row[1]
    }


ENGINE = """
import json, sys
log = open(sys.argv[1], "w")
def say(message):
    print(json.dumps(message), flush=True)
for line in sys.stdin:
    log.write(line)
    message = json.loads(line)
    if message["type"] == "hello":
        say({"type": "ready", "name": "recorder", "version": 2})
    elif message["type"] == "turn":
        say({"type": "view", "turn": message["turn"]})
        log.write(sys.stdin.readline())
        view = message["view"]
        say({"type": "move", "turn": message["turn"], "move": view["legal_moves"][0]})
    elif message["type"] == "quit":
        break
log.close()
"""


def sent(rules: Any, others: list[Any], tmp_path: Path) -> list[dict[str, Any]]:
    """Every message the referee sends an engine at seat 0 in a game, which
    asks for the whole view at each of its turns."""
    program, log = tmp_path / "recorder.py", tmp_path / "sent.jsonl"
    program.write_text(ENGINE)
    engine = EngineBot([sys.executable, str(program), str(log)], seed=3)
    game = referee_game(rules, [engine, *others], seed=4)
    assert game.faults == ()
    return [json.loads(line) for line in log.read_text().splitlines()]


def events_of(messages: list[dict[str, Any]]) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for message in messages:
        for event in message.get("events", ()):
            found.setdefault(event["event"], set()).update(set(event) - {"event"})
    return found


def documented_events(game: str) -> dict[str, set[str]]:
    [rows] = section("### Events", "### Limits")
    return {names(row[1])[0]: set(names(row[2])) for row in rows if row[0] in (game, "both")}


def check_views(messages: list[dict[str, Any]], round_rows: Any, whole_rows: Any) -> None:
    rounds = [m["view"] for m in messages if m["type"] == "turn"]
    wholes = [m["view"] for m in messages if m["type"] == "view"]
    assert rounds
    assert wholes
    for view in rounds:
        assert set(view) == fields(round_rows)
    for view in wholes:
        assert set(view) == fields(round_rows) | fields(whole_rows)
    for name, keys in item_fields(whole_rows).items():
        items = [item for view in wholes for item in view[name]]
        assert items, f"no game of the test fills {name}"
        assert all(set(item) == keys for item in items), name


@pytest.fixture(scope="module")
def pocha_sent(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    rules = RuleSet(schedule=["1b", "2a", 10, 3])  # every kind of round and event
    others = [RandomBot(seed=1), RandomBot(seed=2), RandomBot(seed=3)]
    return sent(rules, others, tmp_path_factory.mktemp("pocha"))


@pytest.fixture(scope="module")
def poch_sent(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    rules = poch.RuleSet(players=3, end="deals", deals=2)
    others = [poch.RandomBot(seed=1), poch.RandomBot(seed=2)]
    return sent(rules, others, tmp_path_factory.mktemp("poch"))


def test_the_pocha_views_on_the_page_are_those_sent(pocha_sent: list[dict[str, Any]]) -> None:
    round_rows, whole_rows = section("**Pocha.**", "**Poch.**")
    check_views(pocha_sent, round_rows, whole_rows)


def test_the_poch_views_on_the_page_are_those_sent(poch_sent: list[dict[str, Any]]) -> None:
    deal_rows, whole_rows = section("**Poch.**", "### Events")
    check_views(poch_sent, deal_rows, whole_rows)


def test_the_pocha_events_on_the_page_are_those_sent(pocha_sent: list[dict[str, Any]]) -> None:
    assert events_of(pocha_sent) == documented_events("Pocha")


def test_the_poch_events_on_the_page_are_those_sent(poch_sent: list[dict[str, Any]]) -> None:
    assert events_of(poch_sent) == documented_events("Poch")


def test_the_page_s_tables_are_read_as_they_are_written() -> None:
    # The reading itself, on a row of each kind (a test of the test).
    assert names("`seat`, `tricks` (the winning call, `null` when nobody called)") == [
        "seat",
        "tricks",
    ]
    assert names("`seat` (it leads next), `cards` (`[seat, card]` in play order)") == [
        "seat",
        "cards",
    ]
    rows = tables("x\n\n| a | b |\n|---|---|\n| `p`, `q` | each with `r` (`s`) |\n\ny")
    assert fields(rows[0]) == {"p", "q"}
    assert item_fields(rows[0]) == {"p": {"r"}}
