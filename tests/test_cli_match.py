"""``pocha match``, ``pocha simulate --workers`` and the progress bars, driven
as a user would: real subprocesses, a real terminal (a pty) and real Ctrl-C."""

from __future__ import annotations

import io
import json
import os
import pty
import re
import select
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Final

import pytest

from pocha_rules import HeuristicBot, RandomBot, RuleSet
from pocha_rules._cli import Output, build_parser
from pocha_rules._cli.output import PlainBar
from pocha_rules.matches import play_match
from tests.parallel_helpers import group_is_gone
from tests.test_cli import PACKAGE_ROOT, SHORT, pocha

TIMING: Final = ("seconds", "games_per_second", "workers")
SHORT_RULES: Final = RuleSet(schedule=(1, 2), tiebreak="shared")

MY_BOTS: Final = '''
from pocha_rules import HeuristicBot


class Greedy(HeuristicBot):
    """The heuristic bot under another name."""


class NotABot:
    def __init__(self, seed=None):
        pass
'''


def without_timing(report: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in report.items() if key not in TIMING}


# --- pocha match -----------------------------------------------------------------------


def test_match_prints_a_table_with_intervals() -> None:
    result = pocha("match", "-n", "8", "--seed", "2", "--duplicate", *SHORT)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "duplicate match, 8 games, 4 deal sets, seed 2"
    assert lines[1].split()[:4] == ["bot", "seats", "mean", "score"]
    assert lines[2].startswith("heuristic  ")
    assert lines[3].startswith("random  ")
    assert " ± " in lines[2]
    assert lines[5] == "lineup of the first game: heuristic, random, heuristic, random"
    assert lines[6].endswith("games per second")


def test_match_json_is_the_librarys_result() -> None:
    args = ("-n", "12", "--seed", "7", "--lineup", "random,heuristic,random,random")
    result = pocha("match", *args, "--json", *SHORT)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    expected = play_match(
        SHORT_RULES, {"heuristic": HeuristicBot, "random": RandomBot}, 12, seed=7,
        lineup=["random", "heuristic", "random", "random"], workers=1,
    ).as_dict()  # fmt: skip
    assert report["game"] == "pocha"
    for key, value in expected.items():
        assert report[key] == value, key
    assert report["format"] == "seated"
    assert report["games_asked"] == 12
    assert report["rules"]["schedule"] == ["1", "2"]


def test_match_gives_the_same_result_with_more_workers() -> None:
    args = ("-n", "16", "--seed", "9", "--duplicate", "--json", *SHORT)
    one = json.loads(pocha("match", *args).stdout)
    two = json.loads(pocha("match", *args, "--workers", "2", "--chunk-size", "2").stdout)
    assert two["workers"] == 2
    assert without_timing(one) == without_timing(two)


def test_your_own_bot_from_the_current_directory(tmp_path: Path) -> None:
    (tmp_path / "mybots.py").write_text(MY_BOTS)
    result = pocha(
        "match", "--bot", "mine=mybots:Greedy", "--bot", "heuristic", "-n", "8", "--seed", "4",
        "--lineup", "mine,heuristic,heuristic,heuristic", "--workers", "2", "--json",
        "--duplicate", *SHORT,
        cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert [bot["name"] for bot in report["bots"]] == ["mine", "heuristic"]
    assert [bot["seats"] for bot in report["bots"]] == [1, 3]
    # The same bot under two names, each holding every hand of a deal: its
    # margin over the field is exactly nothing.
    assert report["bots"][0]["advantage"]["mean"] == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("--bot", "oracle"),
            "--bot oracle: unknown bot 'oracle': "
            "give one of heuristic, montecarlo, random, trained",
        ),
        (("--bot", "nosuchmodule:Bot"), "--bot nosuchmodule:Bot: cannot import 'nosuchmodule'"),
        (("--bot", "mybots:Missing"), "--bot mybots:Missing: module 'mybots' has no 'Missing'"),
        (("--bot", "mybots:NotABot"), "made <mybots.NotABot object"),
        (("--bot", "random", "--bot", "random"), "two bots named 'random'"),
        (("--lineup", "heuristic,random"), "--lineup: the lineup names 2 seats, the rules have 4"),
        (
            ("-n", "5"),
            "-n: a positive multiple of 2 (a set: every bot in every seat), "
            "up to 1,000,000,000,000, got 5",
        ),
        (("--workers", "-1"), "--workers: 0 to 4,096, got -1"),
        (("--workers", "10" * 20), f"--workers: 0 to 4,096, got {'10' * 20}"),
        (("--chunk-size", "0"), "--chunk-size: 1 to 1,000,000,000,000 games, got 0"),
        (("--seed", "9" * 100), "--seed: the seeds must be less than 2**256 in size, got 99"),
    ],
)
def test_match_refuses_bad_arguments(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    (tmp_path / "mybots.py").write_text(MY_BOTS)
    result = pocha("match", *args, *SHORT, cwd=tmp_path)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("command", ["match", "simulate"])
def test_help_ends_with_examples_that_parse(command: str) -> None:
    result = pocha(command, "--help")
    assert result.returncode == 0
    assert "--workers N" in result.stdout
    lines = [line for line in result.stdout.split("\nexamples:\n")[1].splitlines() if line]
    assert lines
    for line in lines:
        words = shlex.split(line)
        assert words[:2] == ["pocha", command], line
        build_parser().parse_args(words[1:])  # a bad example exits here


# --- pocha simulate --workers ------------------------------------------------------------


def test_simulate_gives_the_same_summary_with_more_workers() -> None:
    args = ("simulate", "-n", "9", "--seed", "5", "--bots", "heuristic,random,random,random")
    one = json.loads(pocha(*args, "--json", *SHORT).stdout)
    two = pocha(*args, "--json", "--workers", "2", "--chunk-size", "2", *SHORT)
    assert two.returncode == 0, two.stderr
    report = json.loads(two.stdout)
    assert report["workers"] == 2
    assert report["complete"] is True
    assert without_timing(one) == without_timing(report)


# --- progress bars ---------------------------------------------------------------------


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_plain_bar_shows_the_count_the_rate_and_what_is_left() -> None:
    now = [100.0]
    stream = _Terminal()
    bar = PlainBar(stream, 400, "match", "games", clock=lambda: now[0])
    now[0] = 104.0
    bar.advance(120)
    assert bar.text() == "match [######..............] 120/400 games, 30.0 games/s, 0:09 left"
    assert stream.getvalue().endswith("\r" + bar.text())
    now[0] = 104.05
    bar.advance(1)  # under a tenth of a second later: not redrawn
    assert stream.getvalue().endswith("120/400 games, 30.0 games/s, 0:09 left")
    bar.close()
    assert stream.getvalue().endswith("\r" + " " * len(bar.text()) + "\r")


def test_the_bar_goes_to_a_terminal_on_stderr_when_rich_is_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "rich.console", None)  # as if rich were not installed
    errors = _Terminal()
    out = Output(io.StringIO(), plain=False, errors=errors)
    with out.progress(3, "match") as advance:
        advance(2)
        advance()
    assert "3/3 games" in errors.getvalue()
    quiet = _Terminal()
    with Output(io.StringIO(), plain=True, errors=quiet).progress(3, "x") as advance:
        advance(3)
    assert quiet.getvalue() == ""  # --plain: no bar
    piped = io.StringIO()
    with Output(io.StringIO(), plain=False, errors=piped).progress(3, "x") as advance:
        advance(3)
    assert piped.getvalue() == ""  # nobody watching


def test_rich_bars_count_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    stream = _Terminal()
    out = Output(stream, plain=False)
    assert out.rich
    with out.progress(10, "match") as advance:
        advance(4)
        advance(6)
    assert "games/s" in stream.getvalue()


def _start_on_a_terminal(*args: str) -> tuple[subprocess.Popen[str], int]:
    """Start ``pocha args`` with stderr on a pseudo-terminal (stdout piped),
    in its own process group; the process and the terminal's reading end."""
    master, slave = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(PACKAGE_ROOT), "COLUMNS": "120"}
    process = subprocess.Popen(
        [sys.executable, "-m", "pocha_rules", *args],
        stdout=subprocess.PIPE,
        stderr=slave,
        stdin=subprocess.DEVNULL,
        text=True,
        env=env,
        start_new_session=True,
    )
    os.close(slave)
    return process, master


def _read(master: int, until: float, stop: str | None = None) -> str:
    """What the terminal shows until ``stop`` appears, it closes or time runs out."""
    text = ""
    while time.monotonic() < until:
        ready, _, _ = select.select([master], [], [], 0.1)
        if not ready:
            continue
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the other end closed
            break
        if not chunk:
            break
        text += chunk.decode(errors="replace")
        if stop is not None and stop in text:
            break
    return text


def _run_on_a_terminal(*args: str) -> tuple[int, str, str]:
    """Run ``pocha args`` to its end with stderr on a terminal: its exit
    status, what the terminal showed, and its stdout."""
    process, master = _start_on_a_terminal(*args)
    try:
        shown = _read(master, time.monotonic() + 120)
        out, _ = process.communicate(timeout=60)
    finally:
        os.close(master)
    return process.returncode, shown, out


def test_a_plain_bar_on_a_terminal_with_the_games_per_second() -> None:
    match = ("match", "-n", "40", "--seed", "3", "--rule", "schedule=3,4,3")
    status, shown, out = _run_on_a_terminal(*match, "--plain")
    assert status == 0
    assert shown == "", "--plain shows no bar"
    assert "40 games" in out
    status, shown, out = _run_on_a_terminal(*match)
    assert status == 0
    assert "match [" in shown
    assert "/40 games, " in shown
    assert "games/s" in shown
    assert shown.endswith("\r")  # erased at the end
    assert "40 games" in out


def test_ctrl_c_stops_the_workers_and_prints_what_finished() -> None:
    process, master = _start_on_a_terminal(
        "match", "-n", "40000", "--seed", "1", "--workers", "2", "--chunk-size", "2",
        "--rule", "schedule=2,3",
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 120
        shown = ""
        while True:  # until the bar says some games are done
            counts = re.findall(r"\] (\d+)/40000 games", shown)
            if counts and int(counts[-1]) >= 4:
                break
            assert time.monotonic() < deadline, shown
            shown += _read(master, time.monotonic() + 0.5)
        os.killpg(process.pid, signal.SIGINT)  # Ctrl-C reaches the whole group
        out, _ = process.communicate(timeout=60)
        shown += _read(master, time.monotonic() + 5)
    finally:
        if process.poll() is None:
            process.kill()
        os.close(master)
    assert process.returncode == 130, shown
    title = out.splitlines()[0]
    assert title.startswith("seated match, ")
    played = int(title.split(", ")[1].split(" of ")[0])
    assert 4 <= played < 40000
    assert title.split(", ")[1] == f"{played} of 40000 games"
    assert f"pocha match: interrupted: {played} of 40000 games finished; games " in shown
    assert "Traceback" not in shown
    assert group_is_gone(process.pid, 10), "worker processes outlived the command"


FAULTY_BOTS: Final = '''
from pocha_rules import Bid, RandomBot


class Faulty(RandomBot):
    """A random bot that fails in some games (those of some seeds)."""

    def __init__(self, seed=None):
        super().__init__(seed)
        self.failing = seed % 5 == 0

    def act(self, view):
        if self.failing:
            raise ValueError("the bot broke")
        return super().act(view)


class NoMove(Faulty):
    def act(self, view):
        return "bid 1" if self.failing else RandomBot.act(self, view)


class Illegal(Faulty):
    def act(self, view):
        if self.failing and view.phase.name == "BID":
            return Bid(99)
        return RandomBot.act(self, view)
'''


@pytest.mark.parametrize(
    ("bot", "kind", "reason"),
    [
        ("Faulty", "error", "raised ValueError: the bot broke (--traceback shows where)"),
        ("NoMove", "garbage", "answered str 'bid 1', which is not a move"),
        (
            "Illegal",
            "illegal",
            "its move 'bid 99' is illegal: bids run from 0 to 1 in a 1-card round",
        ),
    ],
)
@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_failing_bot_forfeits_its_games_in_one_line_each_and_the_match_goes_on(
    tmp_path: Path, bot: str, kind: str, reason: str, workers: str
) -> None:
    # Before: a 40-line traceback, and the finished games thrown away.
    (tmp_path / "mybots.py").write_text(FAULTY_BOTS)
    result = pocha(
        "match", "--bot", f"bad=mybots:{bot}", "--bot", "random", "-n", "40", "--seed", "3",
        "--workers", workers, *SHORT,
        cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    assert lines
    games = []
    for line in lines:
        found = re.fullmatch(
            rf"pocha match: game (\d+): bot 'bad' at seat (\d) forfeits \({kind}\): "
            + re.escape(reason),
            line,
        )
        assert found, line
        games.append(int(found[1]))
    assert games == sorted(games)
    assert result.stdout.startswith("seated match, 40 games, ")
    assert "Traceback" not in result.stderr


def test_traceback_shows_where_the_bot_failed(tmp_path: Path) -> None:
    (tmp_path / "mybots.py").write_text(FAULTY_BOTS)
    result = pocha(
        "match", "--bot", "bad=mybots:Faulty", "--bot", "random", "-n", "40", "--seed", "3",
        "--workers", "1", "--traceback", *SHORT,
        cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0
    lines = result.stderr.splitlines()
    assert lines[0] == "Traceback (most recent call last):"
    assert 'mybots.py", line 14, in act' in result.stderr
    assert "ValueError: the bot broke" in lines
    assert lines[-1].startswith("pocha match: game ")
    assert "(--traceback shows where)" not in result.stderr


def test_more_workers_than_cores_is_said_on_stderr() -> None:
    # Before: `--workers 50` started 50 processes on 2 cores without a word.
    from pocha_rules.parallel import available_cores

    cores = available_cores()
    result = pocha("simulate", "-n", "2", "--seed", "1", "--workers", str(cores + 1), *SHORT)
    assert result.returncode == 0, result.stderr
    assert result.stderr == (
        f"pocha simulate: {cores + 1} workers on {cores} core{'s' if cores != 1 else ''}: "
        "the extra workers only wait their turn (--workers 0 takes one per core)\n"
    )
