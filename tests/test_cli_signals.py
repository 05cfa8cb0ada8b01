"""Ctrl-C, a hangup or a termination request to any command that spreads
its games over worker processes: it reports what finished, says what did
not, exits with 130, and leaves no process behind (the forkserver, the
resource tracker and the workers all end).

The tests wait for readiness rather than for time: each command runs with
its standard error on a terminal, where it draws a progress bar; the
signal is sent once the bar counts finished games, so the workers are up
and something has finished whatever the machine's load. Every wait is
bounded, and generous, because a loaded machine only makes it slower.
"""

from __future__ import annotations

import contextlib
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import pytest

import pocha_rules

PACKAGE_ROOT: Final = Path(pocha_rules.__file__).resolve().parent.parent
SHORT: Final = ("--rule", "schedule=1,2", "--rule", "tiebreak=shared")
SPREAD: Final = ("--workers", "2", "--chunk-size", "1")
PATIENCE: Final = 240.0
"""Seconds any one wait may take before the test fails (not sleeps: each
wait ends as soon as what it waits for happens)."""

COMMANDS: Final = {
    "simulate": (("simulate", "-n", "100000", "--seed", "1", "--bots", "random", *SHORT), 100000),
    "match": (
        ("match", "-n", "100000", "--seed", "1", "--bot", "random")
        + ("--bot", "other=pocha_rules.bots:RandomBot", *SHORT),
        100000,
    ),
    "tournament": (
        ("tournament", "--sets", "50000", "--seed", "1", "--bot", "random")
        + ("--bot", "other=pocha_rules.bots:RandomBot", *SHORT),
        50000,
    ),
    "poch tournament": (
        ("poch", "tournament", "--sets", "50000", "--seed", "1", "--bot", "random")
        + ("--bot", "other=pocha_rules.poch.bots:RandomBot"),
        50000,
    ),
    "poch simulate": (
        ("poch", "simulate", "-n", "100000", "--seed", "1", "--bots", "random"),
        100000,
    ),
    "poch match": (
        ("poch", "match", "-n", "100000", "--seed", "1", "--bot", "random")
        + ("--bot", "other=pocha_rules.poch.bots:RandomBot"),
        100000,
    ),
}
SIGNALS: Final = ("SIGINT", "SIGTERM", "SIGHUP")


def _group(pgid: int) -> list[int]:
    """The processes still running in process group ``pgid``, from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # it ended meanwhile
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            found.append(int(entry))
    return found


class _Terminal:
    """The reading end of a pseudo-terminal, kept as text as it comes."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.text = ""

    def read_until(self, pattern: str, deadline: float) -> re.Match[str] | None:
        while (found := re.search(pattern, self.text)) is None:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([self.fd], [], [], min(left, 1.0))
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:  # every writer closed it
                    return None
                if not chunk:
                    return None
                self.text += chunk.decode("utf-8", "replace")
        return found

    def read_until_exit(self, process: subprocess.Popen[bytes], deadline: float) -> bool:
        """Keep reading until ``process`` has ended (and said everything);
        False if it is still running at ``deadline``.

        Reading goes on while it stops: a terminal nobody reads fills up
        (about 20 kB), and then the bar's next redraw blocks the command
        for ever, a hang of the test's making.
        """
        while process.poll() is None:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            ready, _, _ = select.select([self.fd], [], [], min(left, 0.2))
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:  # every writer closed it
                    chunk = b""
                if not chunk:
                    process.wait(max(0.0, deadline - time.monotonic()))
                    return True
                self.text += chunk.decode("utf-8", "replace")
        return True


@contextlib.contextmanager
def _spread_run(
    arguments: tuple[str, ...], out: Path, lang: str = "en"
) -> Iterator[tuple[subprocess.Popen[bytes], _Terminal]]:
    """The command run with ``arguments`` over two workers, its standard
    error on a terminal and its report in ``out``; whatever happens, it and
    its process group are killed at the end."""
    primary, secondary = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(PACKAGE_ROOT), "COLUMNS": "200", "LANG": "C.UTF-8"}
    env.pop("NO_COLOR", None)
    env.pop("LANGUAGE", None)
    with out.open("w") as stdout:
        process = subprocess.Popen(
            [sys.executable, "-m", "pocha_rules", "--lang", lang, *arguments, *SPREAD],
            stdin=subprocess.DEVNULL,
            stdout=stdout,
            stderr=secondary,
            env=env,
            start_new_session=True,  # its own process group: what it leaves is easy to see
        )
    os.close(secondary)
    try:
        yield process, _Terminal(primary)
    finally:  # leave no process behind, whatever happened
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        os.close(primary)


def _stop(process: subprocess.Popen[bytes], terminal: _Terminal, signal_name: str) -> None:
    """Send the signal once the bar counts finished games (the workers are
    up), and read the terminal until the command has ended."""
    deadline = time.monotonic() + PATIENCE
    assert terminal.read_until(r"\] [1-9]\d*/", deadline), terminal.text
    process.send_signal(getattr(signal, signal_name))
    assert terminal.read_until_exit(process, time.monotonic() + PATIENCE), terminal.text


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
@pytest.mark.parametrize("signal_name", SIGNALS)
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_signal_stops_a_spread_run_keeps_what_finished_and_leaves_no_process(
    command: str, signal_name: str, tmp_path: Path
) -> None:
    arguments, asked = COMMANDS[command]
    out = tmp_path / "out.txt"
    with _spread_run(arguments, out) as (process, terminal):
        _stop(process, terminal, signal_name)
        # It has ended: what it said is on the terminal already.
        said = terminal.read_until(r"did not\r?\n", time.monotonic() + 10)
        assert said, terminal.text
        assert process.returncode == 130, terminal.text
        unit = "sets" if command.endswith("tournament") else "games"
        finished = re.search(
            rf"pocha {command}: interrupted: (\d+) of {asked} {unit} finished; "
            rf"{unit} [-0-9, and]*{asked - 1} did not",
            terminal.text,
        )
        assert finished, terminal.text
        report = out.read_text()
        assert f"{finished[1]} of {asked}" in report, report
        left = _group(process.pid)
        deadline = time.monotonic() + PATIENCE
        while left and time.monotonic() < deadline:
            time.sleep(0.05)
            left = _group(process.pid)
        assert not left, f"left behind: {left}"


def test_an_interrupted_poch_simulate_says_what_finished_in_german(tmp_path: Path) -> None:
    arguments, asked = COMMANDS["poch simulate"]
    out = tmp_path / "out.txt"
    with _spread_run(arguments, out, lang="de") as (process, terminal):
        _stop(process, terminal, "SIGINT")
        assert terminal.read_until(r" nicht\r?\n", time.monotonic() + 10), terminal.text
        assert process.returncode == 130, terminal.text
        finished = re.search(
            rf"pocha poch simulate: unterbrochen: (\d+) von {asked} Partien beendet; "
            rf"Partien [-0-9, und]*{asked - 1} nicht",
            terminal.text,
        )
        assert finished, terminal.text
        title = f"{finished[1]} von {asked} Partien (Startwerte ab 1); "
        title += "die übrigen wurden nicht beendet"
        report = out.read_text()
        assert report.splitlines()[0] == title, report
        assert "Platz 0 (random)" in report, report


def test_the_program_ends_in_bounded_time_even_when_shutdown_would_wait_for_ever() -> None:
    # A thread that never ends holds the interpreter's shutdown for ever;
    # the bound ends the process anyway, with the status it had.
    script = (
        "import threading, pocha_rules._common.stopping as s\n"
        "threading.Thread(target=threading.Event().wait).start()\n"
        "s.exit_within(0.5, 7)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(PACKAGE_ROOT)}
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", script], env=env, timeout=PATIENCE, check=False)
    assert done.returncode == 7
    assert time.monotonic() - started < 60
