"""``pocha play`` against any bot: ``--bot MODULE:CLASS`` and ``--engine``."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.arena_helpers import run_pocha

ROOT = Path(__file__).resolve().parent.parent
SHORT = ["--rule", "schedule=2,3", "--plain"]


def pocha(*args: str, stdin: str = "", cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return run_pocha("play", *args, stdin=stdin, cwd=cwd)


def test_play_against_a_bot_class_of_your_own() -> None:
    done = pocha("--bot", "tests.arena_helpers:BrokenBot", "--seed", "3", *SHORT)
    assert done.returncode == 0, done.stderr
    assert "seats: 0 BrokenBot bot, 1 BrokenBot bot" in done.stdout
    # The bot raised in one of its games: one line, and a random bot plays on.
    assert (
        "bot failed (error): raised RuntimeError: the broken bot broke; a random bot plays on"
        in done.stdout
    )
    assert "final:" in done.stdout
    assert "Traceback" not in done.stderr


def test_play_refuses_a_bot_it_cannot_find() -> None:
    done = pocha("--bot", "nosuchmodule:Bot", *SHORT)
    assert done.returncode == 2
    assert "--bot nosuchmodule:Bot: cannot import 'nosuchmodule'" in done.stderr
    done = pocha("--bot", "random", "--engine", "node x.js", *SHORT)
    assert done.returncode == 2
    assert "--bot and --engine: give one of them" in done.stderr


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_play_against_an_engine_as_a_person() -> None:
    moves = "\n".join(["bid 0", "1", "bid 0", "1", "1", "1"] * 3) + "\nquit\n"
    done = pocha("--engine", "node examples/engine.js", "--human", "0", "--seed", "5", *SHORT,
                 stdin=moves)  # fmt: skip
    assert "seats: 0 you, 1 engine, 2 engine, 3 engine" in done.stdout
    assert "seat 0> " in done.stdout
    assert "failed" not in done.stdout


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_engines_play_a_whole_game() -> None:
    done = pocha("--engine", "node examples/engine.js", "--seed", "4", *SHORT)
    assert done.returncode == 0, done.stderr
    assert "final:" in done.stdout


DYING_ENGINE = """
import json, sys
for line in sys.stdin:
    if json.loads(line)["type"] == "hello":
        print(json.dumps({"type": "ready", "version": 2}), flush=True)
    else:
        sys.exit(4)
"""


def test_an_engine_that_dies_in_the_game_is_replaced(tmp_path: Path) -> None:
    engine = tmp_path / "dying.py"
    engine.write_text(DYING_ENGINE)
    dying = pocha("--engine", f"{sys.executable} {engine}", *SHORT)
    assert dying.returncode == 0, dying.stderr
    assert "bot failed (crash): its process ended (exit status 4); a random bot plays on" in (
        dying.stdout
    )


STUBBORN_ENGINE = """
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"type": "ready", "version": 2}), flush=True)
    elif message["type"] == "turn":
        answer = {"type": "move", "turn": message["turn"], "move": "play 1o"}
        print(json.dumps(answer), flush=True)
    elif message["type"] == "quit":
        break
"""


def test_an_engine_s_illegal_move_is_named_once_as_its_move(tmp_path: Path) -> None:
    engine = tmp_path / "stubborn.py"
    engine.write_text(STUBBORN_ENGINE)
    done = pocha("--engine", f"{sys.executable} {engine}", "--seed", "3", "--rule",
                 "schedule=1", "--plain")  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if "failed" in line]
    assert len(lines) == 4, done.stdout  # each seat's engine, once: a random bot plays on
    assert all(
        "bot failed (illegal): its move 'play 1o' is illegal: it is time for a bid" in line
        for line in lines
    ), done.stdout
    assert "played play" not in done.stdout


def test_an_engine_that_cannot_play_is_refused_before_the_game(tmp_path: Path) -> None:
    missing = pocha("--engine", str(tmp_path / "no-such-engine"), *SHORT)
    assert missing.returncode == 2, missing.stdout
    assert missing.stdout == ""  # no game began
    [line] = missing.stderr.splitlines()
    assert line.startswith(f"pocha play: engine '{tmp_path / 'no-such-engine'}' cannot play: ")
    assert "No such file" in line
    dies = pocha("--engine", f"{sys.executable} -c 'import sys; sys.exit(4)'", *SHORT)
    assert dies.returncode == 2, dies.stdout
    assert dies.stdout == ""
    [line] = dies.stderr.splitlines()
    assert "cannot play: its process ended (exit status 4)" in line, line


POCH_SHORT = ["--players", "3", "--rule", "end=deals", "--rule", "deals=1", "--plain"]


def test_poch_engines_play_a_whole_deal() -> None:
    engine = f"{sys.executable} -m pocha_rules engine heuristic"
    done = run_pocha("poch", "play", "--engine", engine, "--seed", "4", *POCH_SHORT)
    assert done.returncode == 0, done.stderr
    assert "seats: 0 engine, 1 engine, 2 engine" in done.stdout
    assert "winners:" in done.stdout
    assert "failed" not in done.stdout


def test_poch_play_against_a_bot_class_and_refusals() -> None:
    done = run_pocha("poch", "play", "--bot", "pocha_rules.poch:RandomBot", "--seed", "2",
                     *POCH_SHORT)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "seats: 0 RandomBot bot, 1 RandomBot bot, 2 RandomBot bot" in done.stdout
    assert "winners:" in done.stdout
    unknown = run_pocha("poch", "play", "--bot", "clever", *POCH_SHORT)
    assert unknown.returncode == 2
    assert "--bot clever: unknown bot 'clever': give one of heuristic, montecarlo, random" in (
        unknown.stderr
    )
    both = run_pocha("poch", "play", "--bot", "random", "--engine", "x", *POCH_SHORT)
    assert both.returncode == 2
    assert "--bot and --engine: give one of them" in both.stderr


@pytest.mark.parametrize("limit", ["0", "-1", "inf", "nan"])
def test_an_engines_time_limit_is_checked_as_a_matchs_is(limit: str) -> None:
    done = pocha("--engine", "x", "--time-limit", limit, *SHORT)
    assert done.returncode == 2
    assert f"--time-limit: above 0 seconds, got {float(limit)}" in done.stderr
