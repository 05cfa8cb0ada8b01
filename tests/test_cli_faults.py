"""The ``pocha`` command when the world goes wrong around it: a full disk,
signals, a save path that is not a regular file."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Final

import pytest

import pocha_rules

PACKAGE_ROOT: Final = Path(pocha_rules.__file__).resolve().parent.parent
GOLDEN: Final = Path(__file__).resolve().parent / "golden"
SHORT: Final = ("--rule", "schedule=1,2", "--rule", "tiebreak=shared")


def environment(**extra: str) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(PACKAGE_ROOT), **extra}
    env.pop("NO_COLOR", None)
    return env


# --- a full disk ----------------------------------------------------------------------

EVERY_COMMAND: Final = (
    (),
    ("--help",),
    ("--version",),
    ("play", "--help"),
    ("play", "--seed", "1", *SHORT),
    ("simulate", "-n", "2", "--seed", "1", *SHORT),
    ("simulate", "-n", "2", "--seed", "1", "--json", *SHORT),
    ("match", "-n", "4", "--seed", "1", *SHORT),
    ("rules",),
    ("validate", str(GOLDEN / "classic_4p.json")),
    ("replay", str(GOLDEN / "classic_4p.json")),
)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("args", EVERY_COMMAND, ids=lambda args: " ".join(args[:2]) or "bare")
def test_a_full_disk_on_stdout_is_one_line_and_a_failure(args: tuple[str, ...]) -> None:
    # Before: a traceback from every command, and `--help` exited 0 with its
    # text lost.
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "pocha_rules", *args],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env=environment(),
            timeout=120,
            check=False,
        )
    assert done.returncode == 1
    assert done.stderr == "pocha: cannot write to standard output: No space left on device\n"
