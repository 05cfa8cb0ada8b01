"""``pocha tournament``: ratings and a crosstable in 80 columns, every set
saved as it finishes, and --resume after Ctrl-C with nothing lost."""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pocha_rules._cli import main

ROOT = Path(__file__).resolve().parent.parent
ARGS = ["--bot", "heuristic", "--bot", "random", "--bot", "r2=random", "--rule", "schedule=2,3"]


def pocha(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pocha_rules", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        check=False,
        env={**os.environ, "COLUMNS": "80"},
    )


def test_tournament_prints_ratings_and_a_crosstable_in_80_columns(tmp_path: Path) -> None:
    results = tmp_path / "t.jsonl"
    done = pocha("tournament", *ARGS, "--sets", "3", "--seed", "1", "--results", str(results))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "tournament, 9 sets, 18 games"
    assert lines[1].split() == ["#", "bot", "elo", "±", "95%", "interval", "score", "sets"]
    assert {line.split()[1] for line in lines[2:5]} == {"heuristic", "random", "r2"}
    assert any(line.startswith("crosstable") for line in lines)
    assert max(len(line) for line in lines) <= 80
    saved = results.read_text().splitlines()
    assert len(saved) == 1 + 9
    assert json.loads(saved[0])["format"] == "pocha-tournament"


def test_tournament_json_and_refusals(tmp_path: Path) -> None:
    done = pocha("tournament", *ARGS, "--sets", "2", "--seed", "4", "--json")
    report = json.loads(done.stdout)
    assert report["complete"] is True
    assert report["sets"] == 6
    assert sorted(r["name"] for r in report["ratings"]) == ["heuristic", "r2", "random"]
    for args, message in [
        (["--bot", "heuristic"], "give two entrants or more"),
        (["--bot", "heuristic", "--bot", "heuristic"], "two entrants named 'heuristic'"),
        (["--bot", "a", "--engine", "nocommand"], "expected NAME=COMMAND"),
        ([*ARGS, "--sets", "0"], "--sets: from 1 to 1,000,000,000,000, got 0"),
        ([*ARGS, "--sets", str(10**80)], "--sets: from 1 to 1,000,000,000,000, got 1000"),
        ([*ARGS, "--resume", str(tmp_path / "none.jsonl")], "--resume"),
    ]:
        refused = pocha("tournament", *args)
        assert refused.returncode == 2
        assert message in refused.stderr
    existing = tmp_path / "t.jsonl"
    existing.write_text("x\n")
    refused = pocha("tournament", *ARGS, "--results", str(existing))
    assert refused.returncode == 2
    assert "exists" in refused.stderr


def test_ctrl_c_keeps_every_finished_set_and_resume_finishes_the_same(tmp_path: Path) -> None:
    results = tmp_path / "t.jsonl"
    setup = [*ARGS, "--bot", "montecarlo", "--sets", "6", "--seed", "9"]
    process = subprocess.Popen(
        [sys.executable, "-m", "pocha_rules", "tournament", *setup, "--results", str(results),
         "--chunk-size", "1"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if results.exists() and len(results.read_text().splitlines()) >= 3:
            break
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 130, err
    assert "interrupted" in err
    assert f"'pocha tournament --resume {results}' with the same entrants goes on" in err
    assert "interrupted: " in err
    assert " of 36 sets finished; sets " in err
    kept = len(results.read_text().splitlines()) - 1
    assert 2 <= kept < 36
    resumed = pocha("tournament", *setup, "--resume", str(results), "--json")
    assert resumed.returncode == 0, resumed.stderr
    whole = pocha("tournament", *setup, "--json")
    first, second = json.loads(resumed.stdout), json.loads(whole.stdout)
    for report in (first, second):
        report.pop("seconds")
    assert first == second
    assert len(results.read_text().splitlines()) == 1 + 36


def test_in_process_main_runs_a_tournament() -> None:
    assert main(["tournament", *ARGS, "--sets", "1", "--seed", "2", "--plain"]) == 0


def test_resume_runs_only_what_the_command_line_names(tmp_path: Path) -> None:
    """A results file is data: its header's engines and bots are never run
    unless the command line gives them again, the same."""
    results = tmp_path / "t.jsonl"
    marker = tmp_path / "ran"
    done = pocha("tournament", *ARGS, "--sets", "1", "--seed", "3", "--results", str(results))
    assert done.returncode == 0, done.stderr
    lines = results.read_text().splitlines()
    header = json.loads(lines[0])
    header["entrants"]["r2"] = f"engine:touch {marker}"  # a planted command
    results.write_text("\n".join([json.dumps(header), *lines[1:2]]) + "\n")
    alone = pocha("tournament", "--resume", str(results))
    assert alone.returncode == 2
    assert "give the entrants again" in alone.stderr
    other = pocha("tournament", *ARGS, "--resume", str(results))
    assert other.returncode == 2
    assert "the entrants differ from the file's: r2: engine:touch" in other.stderr
    assert not marker.exists(), "nothing the file names was run"


def test_resume_ends_a_last_line_without_its_newline(tmp_path: Path) -> None:
    results = tmp_path / "t.jsonl"
    setup = [*ARGS, "--sets", "2", "--seed", "5"]
    assert pocha("tournament", *setup, "--results", str(results)).returncode == 0
    lines = results.read_text().splitlines()
    results.write_text("\n".join(lines[:3]))  # two sets, the last line unended
    for _ in range(2):
        resumed = pocha("tournament", *setup, "--resume", str(results), "--json")
        assert resumed.returncode == 0, resumed.stderr
        assert json.loads(resumed.stdout)["sets"] == 6
    saved = results.read_text()
    assert saved.endswith("\n")
    assert len(saved.splitlines()) == 1 + 6
    assert all(json.loads(line) for line in saved.splitlines())


def test_a_full_disk_stops_the_tournament_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from pocha_rules.tournaments import TournamentLog

    results = tmp_path / "t.jsonl"
    full = OSError(errno.ENOSPC, "No space left on device")

    def no_room(self: TournamentLog, sets: object) -> None:
        raise full

    monkeypatch.setattr(TournamentLog, "append", no_room)
    status = main(["tournament", *ARGS, "--sets", "2", "--seed", "2", "--plain",
                   "--workers", "1", "--results", str(results)])  # fmt: skip
    err = capsys.readouterr().err
    assert status == 1
    assert f"cannot write {results}: [Errno 28] No space left on device" in err
    assert "usage" not in err
    assert len(results.read_text().splitlines()) == 1, "only the header"

    def no_file(self: TournamentLog, *, force: bool = False) -> None:
        raise full

    monkeypatch.setattr(TournamentLog, "create", no_file)
    status = main(["tournament", *ARGS, "--sets", "2", "--plain",
                   "--results", str(tmp_path / "u.jsonl")])  # fmt: skip
    err = capsys.readouterr().err
    assert status == 1
    assert "No space left on device" in err
    assert "usage" not in err


def test_a_header_without_room_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pocha_rules.tournaments import TournamentLog

    path = tmp_path / "t.jsonl"
    real_fsync = os.fsync

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError, match="No space"):
        TournamentLog(path, {"sets": 1}).create()
    assert not path.exists()
    monkeypatch.setattr(os, "fsync", real_fsync)


@pytest.mark.skipif(shutil.which("perl") is None, reason="perl is not installed")
def test_poch_tournament_with_the_perl_example_engine(tmp_path: Path) -> None:
    results = tmp_path / "poch.jsonl"
    done = pocha(
        "poch", "tournament", "--bot", "heuristic", "--bot", "random",
        "--engine", "perl=perl examples/poch_engine.pl", "--players", "3",
        "--rule", "end=deals", "--rule", "deals=1", "--sets", "1", "--seed", "2",
        "--results", str(results), "--engine-log", str(tmp_path),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "tournament, 3 sets, 9 games"
    assert {line.split()[1] for line in lines[2:5]} == {"heuristic", "random", "perl"}
    assert "forfeit" not in done.stderr
    assert json.loads(results.read_text().splitlines()[0])["game"] == "poch"
    assert (tmp_path / "perl.log").exists(), "the engine's standard error has its file"


def test_help_shows_a_plain_percent_sign() -> None:
    done = pocha("tournament", "--help")
    assert "95% intervals" in done.stdout
    assert "%%" not in done.stdout


def test_a_partial_table_lists_an_entrant_without_sets_last_and_unrated() -> None:
    import io

    from pocha_rules._cli.output import Output
    from pocha_rules._cli.tournament import _print
    from pocha_rules.tournaments import SetResult, TournamentResult

    names = ("a_rather_long_name", "b", "c")
    played = tuple(
        SetResult(("a_rather_long_name", "b"), n, (10 + n, 5), (2, 2), 2) for n in range(3)
    )
    stream = io.StringIO()
    _print(Output(stream, plain=True), TournamentResult(names, played, False), 9)
    lines = stream.getvalue().splitlines()
    assert lines[0] == "tournament, 3 of 9 sets, 6 games"
    rows = [line.split() for line in lines[2:5]]
    assert [row[1] for row in rows[:2]] == ["a_rather_long_name", "b"]
    assert rows[2] == ["c", "-", "-", "-", "0"], "unrated, last, with no sets"
    assert any(line.startswith("1 a_rather_long_name") for line in lines), "whole names"
