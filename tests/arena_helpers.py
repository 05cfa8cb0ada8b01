"""Bots and engines that misbehave, for the tests of the arena. Module-level
classes, so that they pickle for worker processes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from pocha_rules import Move, PlayerView, RandomBot

ROOT = Path(__file__).resolve().parent.parent


def run_pocha(*args: str, stdin: str = "", cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """Run the ``pocha`` command with ``args``, from this checkout (whose
    tests' helpers it can import), and return what it did."""
    return subprocess.run(
        [sys.executable, "-m", "pocha_rules", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=300,
        check=False,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])},
    )


class BrokenBot(RandomBot):
    """Raises on its third turn of a game in one game of three (by seed)."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed)
        self.turns = 0
        self.broken = seed is not None and seed % 3 == 0

    def act(self, view: PlayerView) -> Move:
        self.turns += 1
        if self.broken and self.turns == 3:
            raise RuntimeError("the broken bot broke")
        return super().act(view)
