"""The ``pocha`` command when the world goes wrong around it: a full disk,
signals, a save path that is not a regular file."""

from __future__ import annotations

import os
import re
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Final

import pytest

import pocha_rules
from pocha_rules import RuleSet, new_game
from pocha_rules.records import GameRecord, dump, load

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


# --- saving over something that is not a regular file ---------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")
@pytest.mark.parametrize("through_a_link", [False, True], ids=["fifo", "link to a fifo"])
def test_save_with_force_never_replaces_a_fifo(tmp_path: Path, through_a_link: bool) -> None:
    # As root, `--save /dev/null --force` replaced the system's /dev/null
    # with a regular file. A FIFO here stands for any special file.
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    path = tmp_path / "link" if through_a_link else fifo
    if through_a_link:
        path.symlink_to(fifo)
    done = subprocess.run(
        [sys.executable, "-m", "pocha_rules", "play", "--seed", "1", *SHORT]
        + ["--save", str(path), "--force"],
        capture_output=True,
        text=True,
        env=environment(),
        timeout=120,
        check=False,
    )
    assert done.returncode == 2
    assert f"--save {path}: that is a FIFO, not a regular file; name a file" in done.stderr
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted({"pipe", path.name})


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")
@pytest.mark.parametrize("through_a_link", [False, True], ids=["fifo", "link to a fifo"])
def test_dump_never_replaces_a_fifo(tmp_path: Path, through_a_link: bool) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    path = tmp_path / "link" if through_a_link else fifo
    if through_a_link:
        path.symlink_to(fifo)
    record = GameRecord.from_state(new_game(RuleSet(schedule=[1]), seed=1))
    with pytest.raises(OSError, match="is a FIFO, not a regular file") as refused:
        dump(record, path)
    assert not isinstance(refused.value, FileExistsError)
    with pytest.raises(FileExistsError):
        dump(record, path, overwrite=False)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted({"pipe", path.name})
    regular = tmp_path / "game.json"
    regular.write_text("old")
    dump(record, regular)  # a regular file is still replaced
    assert load(regular) == record


# --- a termination request or a hangup -------------------------------------------------


def _children() -> dict[int, list[int]]:
    """Every process's children, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            text = Path(f"/proc/{entry}/stat").read_text()
        except OSError:  # it ended meanwhile
            continue
        parent = int(text.rsplit(")", 1)[1].split()[1])
        children.setdefault(parent, []).append(int(entry))
    return children


def _descendants(pid: int) -> set[int]:
    children = _children()
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def _running(pid: int) -> bool:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return text.rsplit(")", 1)[1].split()[0] != "Z"


SPREAD_COMMANDS: Final = {
    "simulate": ("simulate", "-n", "1000000", "--seed", "1", "--bots", "random"),
    "match": (
        "match",
        "-n",
        "1000000",
        "--seed",
        "1",
        "--bot",
        "random",
        "--bot",
        "other=pocha_rules.bots:RandomBot",
    ),
}


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
@pytest.mark.parametrize("signal_name", ["SIGTERM", "SIGHUP"])
@pytest.mark.parametrize("command", sorted(SPREAD_COMMANDS))
def test_a_termination_signal_stops_a_spread_run_like_ctrl_c(
    command: str, signal_name: str
) -> None:
    # Before: it ended silently, with no partial result, and its workers
    # and the forkserver stayed alive as orphans.
    process = subprocess.Popen(
        [sys.executable, "-m", "pocha_rules", *SPREAD_COMMANDS[command], *SHORT]
        + ["--workers", "2", "--chunk-size", "10"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment(),
    )
    family: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while len(family) < 3 and time.monotonic() < deadline:  # forkserver, 2 workers
            assert process.poll() is None, process.communicate()
            family |= _descendants(process.pid)
            time.sleep(0.1)
        assert len(family) >= 3, "the workers did not start"
        time.sleep(3)  # some chunks finish, on a busy machine too
        family |= _descendants(process.pid)
        process.send_signal(getattr(signal, signal_name))
        out, errors = process.communicate(timeout=60)
        assert process.returncode == 130, errors
        finished = re.search(
            rf"pocha {command}: interrupted: (\d+) of 1000000 games finished; "
            r"games [-0-9, and]*999999 did not\n",
            errors,
        )
        assert finished, errors
        assert int(finished[1]) > 0
        assert f"{finished[1]} of 1000000 games" in out
        deadline = time.monotonic() + 20
        while any(map(_running, family)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [pid for pid in family if _running(pid)]
    finally:  # leave no process behind, whatever happened
        for pid in [process.pid, *family]:
            if _running(pid):
                os.kill(pid, signal.SIGKILL)
        process.wait()
