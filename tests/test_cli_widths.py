"""What ``pocha`` prints fits an 80-column terminal, with rich's tables and
without, and ``pocha rules`` explains what it lists."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import Final

import pytest

from pocha_rules import RuleSet
from pocha_rules._cli.rules import MEANINGS
from tests.test_cli import PACKAGE_ROOT, SHORT, pocha

pty = pytest.importorskip("pty", reason="needs pseudo-terminals (POSIX)")

MATCH: Final = ("match", "-n", "8", "--seed", "2", "--bot", "montecarlo", "--bot", "heuristic")
SIMULATE: Final = (
    "simulate",
    "-n",
    "4",
    "--seed",
    "2",
    "--bots",
    "montecarlo,heuristic,random,random",
)


def on_a_terminal(args: tuple[str, ...], pythonpath: str) -> str:
    """What ``pocha args`` shows on an 80-column terminal (stdout on it)."""
    master, slave = pty.openpty()
    env = {**os.environ, "PYTHONPATH": pythonpath, "COLUMNS": "80", "LINES": "50"}
    env.pop("NO_COLOR", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "pocha_rules", *args, *SHORT],
        stdin=subprocess.DEVNULL,
        stdout=slave,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    os.close(slave)
    shown = b""
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(master, 4096)
                except OSError:
                    break
                if not chunk:
                    break
                shown += chunk
            elif process.poll() is not None:
                break
        assert process.wait(timeout=60) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(master)
    return shown.decode().replace("\r\n", "\n")


def check_fits(text: str, names: list[str]) -> None:
    lines = text.splitlines()
    too_wide = [line for line in lines if len(_visible(line)) > 80]
    assert not too_wide, text
    for name in names:  # one line per row, to its last cell: nothing wrapped, nothing cut
        rows = [line for line in lines if name in line and "%" in line]
        assert len(rows) == 1, text


def _visible(line: str) -> str:
    """``line`` without its colour codes."""
    import re

    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", line)


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (MATCH, ["montecarlo ", "heuristic "]),
        (SIMULATE, ["seat 0 (montecarlo)", "seat 3 (random)"]),
    ],
    ids=["match", "simulate"],
)
@pytest.mark.parametrize("rich", ["rich", "no rich", "piped"])
def test_tables_fit_80_columns(
    tmp_path: Path, args: tuple[str, ...], names: list[str], rich: str
) -> None:
    # Before: the match table was 91 columns wide, and rich wrapped its rows.
    pythonpath = str(PACKAGE_ROOT)
    if rich == "piped":
        result = pocha(*args, *SHORT, env={"COLUMNS": "80"})
        assert result.returncode == 0, result.stderr
        check_fits(result.stdout, [name.strip() for name in names])
        return
    if rich == "no rich":
        (tmp_path / "rich").mkdir()
        (tmp_path / "rich" / "__init__.py").write_text("raise ImportError('not installed')\n")
        pythonpath = os.pathsep.join([str(tmp_path), pythonpath])
    else:
        pytest.importorskip("rich", reason="the cli extra's tables need rich")
    shown = on_a_terminal(args, pythonpath)
    assert ("┃" in shown or "│" in shown) == (rich == "rich")
    check_fits(shown, [name.strip() for name in names])


def test_the_match_table_shows_each_mean_with_its_interval() -> None:
    result = pocha(*MATCH, *SHORT)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1].split("  ")[0] == "bot"
    assert "mean score ± 95%" in lines[1]
    assert "vs the others ± 95%" in lines[1]
    assert lines[4] == "± 95%: half the width of the 95% confidence interval (--json: std. errors)"


@pytest.mark.parametrize(
    "args",
    [(), ("full",), ("classic", "--players", "8", "--deck", "48"), ("up_down", "--players", "3")],
)
def test_rules_explains_each_option_in_one_line_and_the_schedule_codes(
    args: tuple[str, ...],
) -> None:
    # Before: the options' names and values, with no word on what they mean.
    result = pocha("rules", *args)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert max(map(len, lines)) <= 80
    options = [name for name in RuleSet().options() if name != "schedule"]
    assert sorted(MEANINGS) == sorted(options)
    start = lines.index("What each option means (change one with --rule NAME=VALUE):")
    explained = lines[start + 1 : start + 1 + len(options)]
    for name, line in zip(options, explained, strict=True):
        assert line.split()[0] == name
        assert line.endswith(MEANINGS[name])
    codes = lines[lines.index("schedule codes:") :]
    assert codes[1].split() == ["8", "a", "round", "of", "8", "cards", "each"]
    assert codes[2].startswith("  8a  an auction round: ")
    assert any(line.startswith("  1b  a blind round: ") for line in codes)
