"""The examples of the docs run end to end: examples/json_table.py, the
table of the guide "Building an app"."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from pocha_rules import GameState, RuleSet

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "json_table.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("json_table", EXAMPLE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["json_table"] = module
    spec.loader.exec_module(module)
    return module


table_example = load_example()
RULES = RuleSet(players=4, schedule=[1, 2, 3, "3a", "1b"])
HUMANS = {0, 2}
CLIENTS = dict.fromkeys(HUMANS, table_example.cautious_client)


def test_the_example_runs_as_a_script(tmp_path: Path) -> None:
    saved = tmp_path / "table.json"
    result = subprocess.run(
        [sys.executable, str(EXAMPLE), "--seed", "5", "--save", str(saved)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "out_of_turn" in lines[0]
    assert lines[1].startswith("saved after 10 moves by people")
    # The game the script played, saved and resumed, is the game played
    # straight through.
    straight = table_example.Table.new(RULES, HUMANS, seed=5)
    table_example.play_until(straight, CLIENTS)
    final = straight.state
    assert lines[-1] == f"game over: scores {list(final.scores)}, winners {list(final.winners)}"
    tricks = [line for line in lines if " takes trick " in line]
    assert len(tricks) == sum(r.cards for r in final.round_results)
    # The saved file holds the game as it was half way: a prefix of it.
    data = json.loads(saved.read_text())
    half = GameState.from_dict(data["state"])
    assert final.history[: len(half.history)] == half.history
    assert data["humans"] == [0, 2]


def test_save_and_resume_give_the_same_game(tmp_path: Path) -> None:
    straight = table_example.Table.new(RULES, HUMANS, seed=11)
    table_example.play_until(straight, CLIENTS)
    resumed = table_example.Table.new(RULES, HUMANS, seed=11)
    table_example.play_until(resumed, CLIENTS, moves=7)
    resumed.save(tmp_path / "t.json")
    again = table_example.Table.resume(tmp_path / "t.json")
    assert again.state == resumed.state
    assert again.humans == resumed.humans
    table_example.play_until(again, CLIENTS)
    assert again.state == straight.state
    assert again.state.is_over


def test_the_table_refuses_bad_moves_with_codes_and_changes_nothing() -> None:
    table = table_example.Table.new(RULES, HUMANS, seed=2)
    seat = table.state.to_move
    before = table.state
    answers: list[Any] = [
        json.loads(table.play(seat, json.dumps({"move": "bid 9"}))),
        json.loads(table.play(1 if seat != 1 else 3, json.dumps({"move": "bid 0"}))),
        json.loads(table.play(seat, json.dumps({"move": "jump 3"}))),
        json.loads(table.play(seat, "{")),
        json.loads(table.play(seat, "[]")),
    ]
    codes = [answer["error"]["code"] for answer in answers]
    assert codes == ["bid_out_of_range", "out_of_turn", "move_form", "bad_request", "bad_request"]
    assert all(not answer["ok"] for answer in answers)
    assert answers[0]["error"]["params"]["cards"] == 1
    assert table.state is before


def test_a_player_gets_only_its_own_view() -> None:
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is in the test group")
    from pocha_rules.schemas import schema

    table = table_example.Table.new(RULES, HUMANS, seed=4)
    seat = table.state.to_move
    data = json.loads(table.view(seat))
    jsonschema.validate(data, schema("view"))
    assert data["seat"] == seat
    assert [hand is None for hand in data["visible_hands"]] == [s != seat for s in range(4)]
    assert data["legal_moves"]
    answer = json.loads(table.play(seat, table_example.cautious_client(table.view(seat))))
    assert answer["ok"]
    assert answer["events"][0] == {"event": "move", "seat": seat, "move": data["legal_moves"][0]}
