"""The ``pocha`` command when the world goes wrong around it: a full disk,
a save path that is not a regular file (signals: ``test_cli_signals``)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
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
