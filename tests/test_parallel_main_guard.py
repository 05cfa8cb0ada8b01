"""A program that starts the default pool's workers outside
``if __name__ == "__main__":`` (or that was read from standard input) is
told so at once, in one line, instead of losing its games after retries."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Final

import pocha_rules

PACKAGE_ROOT: Final = Path(pocha_rules.__file__).resolve().parent.parent

UNGUARDED: Final = """\
from pocha_rules import RuleSet
from pocha_rules import parallel

print(len(parallel.simulate(RuleSet(schedule=(1, 2)), 20, seed=1, workers=2)))
"""

CALLED_FROM_A_FUNCTION: Final = """\
from pocha_rules import RuleSet
from pocha_rules.matches import Match
from pocha_rules.bots import RandomBot


def main():
    match = Match(RuleSet(schedule=(1, 2)), {"a": RandomBot, "b": RandomBot}, seed=1)
    print(match.run(8, workers=2).games)


main()
"""

GUARDED: Final = """\
from pocha_rules import RuleSet
from pocha_rules import parallel


def main():
    print(len(parallel.simulate(RuleSet(schedule=(1, 2)), 20, seed=1, workers=2)))


if __name__ == "__main__":
    main()
"""


def run(
    tmp_path: Path, source: str, *, from_stdin: bool = False
) -> subprocess.CompletedProcess[str]:
    script = tmp_path / "program.py"
    script.write_text(source)
    command = [sys.executable, "-"] if from_stdin else [sys.executable, str(script)]
    return subprocess.run(
        command,
        input=source if from_stdin else None,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(PACKAGE_ROOT)},
        timeout=120,
        check=False,
    )


def test_a_script_without_the_main_guard_is_told_at_once(tmp_path: Path) -> None:
    # Before: LostGamesError ... BrokenProcessPool after three tries.
    started = time.monotonic()
    done = run(tmp_path, UNGUARDED)
    assert time.monotonic() - started < 30
    assert done.returncode == 1
    assert done.stdout == ""
    last = done.stderr.strip().splitlines()[-1]
    assert last == (
        "RuntimeError: worker processes import this program's main module "
        f"({tmp_path / 'program.py'}) again, and it starts them at its top level (line 4): "
        'put that code under `if __name__ == "__main__":`, or pass workers=1'
    )
    assert "BrokenProcessPool" not in done.stderr
    assert "LostGamesError" not in done.stderr


def test_a_match_started_from_an_unguarded_call_is_told_at_once(tmp_path: Path) -> None:
    done = run(tmp_path, CALLED_FROM_A_FUNCTION)
    assert done.returncode == 1
    assert "starts them at its top level (line 11)" in done.stderr
    assert "BrokenProcessPool" not in done.stderr


def test_a_script_read_from_stdin_is_told_at_once(tmp_path: Path) -> None:
    done = run(tmp_path, GUARDED.replace('if __name__ == "__main__":\n    ', ""), from_stdin=True)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines()[-1] == (
        "RuntimeError: worker processes import this program's main module again, and it "
        "was read from <stdin>, not a file: save it to a file and run that (with the run "
        'under `if __name__ == "__main__":`), or pass workers=1'
    )
    assert "BrokenProcessPool" not in done.stderr


def test_a_guarded_script_runs_its_workers(tmp_path: Path) -> None:
    done = run(tmp_path, GUARDED)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "20\n"
