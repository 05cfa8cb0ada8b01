"""The examples of the docs run end to end: examples/json_table.py, the
table of the guide "Building an app", imported and run."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from pocha_rules import GameState, OutOfTurnError
from pocha_rules.records import GameRecord
from pocha_rules.table import Table

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


example = load_example()


def straight_game(seed: int) -> GameState:
    table = Table(example.RULES, seed=seed, dealer=0, bots=example.BOTS)
    clients = {seat: example.Client(table, table.sit(seat)) for seat in example.PEOPLE}
    example.play_until(table, clients)
    state: GameState = table.state
    return state


def test_the_example_runs_as_a_script(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
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
    # The game saved and resumed is the game played straight through.
    final = straight_game(5)
    assert lines[-1] == f"game over: scores {list(final.scores)}, winners {list(final.winners)}"
    tricks = [line for line in lines if " takes trick " in line]
    assert len(tricks) == sum(r.cards for r in final.round_results)
    half = GameRecord.from_json(saved.read_text())
    assert final.history[: len(half.moves)] == half.moves


def test_the_example_runs_imported(capsys: object) -> None:
    assert example.main(["--seed", "2"]) == 0


def test_the_clients_views_stay_current_and_moves_out_of_turn_are_refused() -> None:
    table = Table(example.RULES, seed=3, dealer=0, bots=example.BOTS)
    clients = {seat: example.Client(table, table.sit(seat)) for seat in example.PEOPLE}
    waiting = next(c for s, c in clients.items() if s != table.state.to_move)
    before = table.state
    with pytest.raises(OutOfTurnError) as caught:
        table.play(waiting.token, "bid 0")
    assert caught.value.code == "out_of_turn"
    assert table.state is before
    example.play_until(table, clients, moves=6)
    for client in clients.values():
        client.catch_up(table)
        assert client.view == table.view(client.token)
