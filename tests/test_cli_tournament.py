"""``pocha tournament``: ratings and a crosstable in 80 columns, every set
saved as it finishes, and --resume after Ctrl-C with nothing lost."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

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
        ([*ARGS, "--sets", "0"], "--sets: at least 1"),
        (["--resume", str(tmp_path / "none.jsonl")], "--resume"),
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
    assert f"'pocha tournament --resume {results}' goes on" in err
    kept = len(results.read_text().splitlines()) - 1
    assert 2 <= kept < 36
    resumed = pocha("tournament", "--resume", str(results), "--json")
    assert resumed.returncode == 0, resumed.stderr
    whole = pocha("tournament", *setup, "--json")
    first, second = json.loads(resumed.stdout), json.loads(whole.stdout)
    for report in (first, second):
        report.pop("seconds")
    assert first == second
    assert len(results.read_text().splitlines()) == 1 + 36


def test_in_process_main_runs_a_tournament() -> None:
    assert main(["tournament", *ARGS, "--sets", "1", "--seed", "2", "--plain"]) == 0
