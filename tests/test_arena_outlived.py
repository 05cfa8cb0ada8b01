"""Nothing the arena starts outlives it: ``pocha match`` and ``pocha
tournament`` killed outright (``SIGKILL``, which they cannot catch) in the
middle of games against engines leave no process behind, neither their
workers nor the engines, not even engines that ignore their input closing
and every signal but ``SIGKILL``, with a child of their own.

The tests wait for readiness, not for time: the command is killed once
each engine it started has been sent a turn (each writes a file then),
and every process it started, directly or not, is then looked for in
/proc until it is gone, within a hard bound.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Final

import pytest

import pocha_rules

PACKAGE_ROOT: Final = Path(pocha_rules.__file__).resolve().parent.parent
BOUND: Final = 20.0
"""Seconds within which everything must be gone once the command is killed."""
PATIENCE: Final = 120.0
"""Seconds the command may take to get its engines to their turns."""

STUBBORN: Final = """
import json, os, signal, subprocess, sys, time
for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
    signal.signal(number, signal.SIG_IGN)
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"type": "ready", "version": 2}), flush=True)
    elif message["type"] == "turn":
        open(os.path.join(sys.argv[1], str(os.getpid())), "w").close()
time.sleep(600)  # its input closed: it stays, as does its child
"""
"""An engine that never answers a turn, ignores its input closing and the
signals that can be ignored, and starts a child of its own."""

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")


def _stat(pid: int) -> tuple[int, str, int] | None:
    """A process's parent, state and start time, or None if it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return int(fields[1]), fields[0], int(fields[19])


def _descendants(root: int) -> set[tuple[int, int]]:
    """Every living process below ``root``, as (pid, start time)."""
    children: dict[int, list[tuple[int, int]]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (stat := _stat(int(entry))) is not None:
            parent, state, start = stat
            if state != "Z":
                children.setdefault(parent, []).append((int(entry), start))
    found: set[tuple[int, int]] = set()
    todo = [root]
    while todo:
        for pid, start in children.get(todo.pop(), []):
            found.add((pid, start))
            todo.append(pid)
    return found


def _alive(processes: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """Those of ``processes`` still running (the same process: not a zombie,
    and not another one that was given its number since)."""
    alive = set()
    for pid, start in processes:
        stat = _stat(pid)
        if stat is not None and stat[1] != "Z" and stat[2] == start:
            alive.add((pid, start))
    return alive


COMMANDS: Final = {
    "match, one process": ("match", "--bot", "random", "-n", "400", "--workers", "1"),
    "match, two workers": ("match", "--bot", "random", "-n", "400", "--workers", "2"),
    "tournament, two workers": (
        ("tournament", "--bot", "random", "--sets", "200", "--workers", "2", "--chunk-size", "1")
    ),
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_killed_arena_leaves_no_process_behind(command: str, tmp_path: Path) -> None:
    arguments = COMMANDS[command]
    engine = tmp_path / "stubborn.py"
    engine.write_text(STUBBORN)
    turns = tmp_path / "turns"
    turns.mkdir()
    workers = int(arguments[arguments.index("--workers") + 1])
    env = {**os.environ, "PYTHONPATH": str(PACKAGE_ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-m", "pocha_rules", *arguments, "--seed", "1",
         "--rule", "schedule=1", "--time-limit", "300", "--start-limit", "60",
         "--engine", f"stubborn={sys.executable} {engine} {turns}"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=env,
        start_new_session=True,
    )  # fmt: skip
    started: set[tuple[int, int]] = set()
    try:
        deadline = time.monotonic() + PATIENCE
        # Ready: each worker's engine has been sent its turn (and hangs on it).
        while len(os.listdir(turns)) < workers:
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            assert time.monotonic() < deadline, "the engines were never sent a turn"
            time.sleep(0.05)
        started = _descendants(process.pid)
        engines = {int(name) for name in os.listdir(turns)}
        assert engines <= {pid for pid, _start in started}
        process.kill()
        process.wait()
        deadline = time.monotonic() + BOUND
        left = _alive(started)
        while left and time.monotonic() < deadline:
            time.sleep(0.05)
            left = _alive(started)
        assert not left, f"left behind: {sorted(left)} of {sorted(started)}"
    finally:  # leave nothing behind, whatever happened
        for pid, _start in _alive(started):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        if process.stderr:
            process.stderr.close()
