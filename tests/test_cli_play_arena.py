"""``pocha play`` against any bot: ``--bot MODULE:CLASS`` and ``--engine``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHORT = ["--rule", "schedule=2,3", "--plain"]


def pocha(*args: str, stdin: str = "", cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pocha_rules", "play", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=300,
        check=False,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])},
    )


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
def test_engines_play_a_whole_game_and_an_engine_that_dies_is_replaced() -> None:
    done = pocha("--engine", "node examples/engine.js", "--seed", "4", *SHORT)
    assert done.returncode == 0, done.stderr
    assert "final:" in done.stdout
    dying = pocha("--engine", f"{sys.executable} -c 'import sys; sys.exit(4)'", *SHORT)
    assert dying.returncode == 0, dying.stderr
    assert "bot failed (crash): its process ended (exit status 4); a random bot plays on" in (
        dying.stdout
    )
