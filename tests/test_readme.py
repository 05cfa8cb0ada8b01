"""The README's tour, the first code PyPI shows, runs and prints what its
comments say."""

from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_tour_prints_what_its_comments_say() -> None:
    blocks = re.findall(r"^```python\n(.*?)^```", README.read_text(), re.S | re.M)
    assert len(blocks) == 1
    tour = blocks[0]
    assert len(tour.splitlines()) == 10
    # Each print's comment starts with what it prints, up to a colon or the end.
    expected = [
        re.sub(r":.*", "", line.split("# ", 1)[1]).strip()
        for line in tour.splitlines()
        if line.startswith("print(")
    ]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(tour, str(README), "exec"), {})
    assert out.getvalue().splitlines() == expected


# The README's "Run the tests" command installs no extra: the whole suite
# must collect (and its extras' tests skip) with none of them.

_EXTRAS_MODULES = (
    "numpy",
    "jax",
    "pettingzoo",
    "gymnasium",
    "pyspiel",
    "open_spiel",
    "distributed",
    "ray",
    "starlette",
    "uvicorn",
    "websockets",
)

_BLOCKER = f"""
import sys
for name in {_EXTRAS_MODULES!r}:
    sys.modules[name] = None  # `import name` fails; find_spec(name) is None
"""


def _readme_test_command() -> str:
    text = README.read_text()
    section = text[text.index("### Run the tests") :]
    return str(re.findall(r"^```sh\n(.*?)\n```", section, re.S | re.M)[0])


def test_the_readme_test_command_installs_no_extra() -> None:
    command = _readme_test_command()
    assert "pip install -e . --group test" in command
    assert "[" not in command
    assert command.endswith(".venv/bin/python -m pytest")


def test_the_suite_collects_without_any_extra(tmp_path: Path) -> None:
    # As on a fresh clone with the README's command: every extra missing.
    # (Before: the batch package's doctests were 9 collection errors.)
    (tmp_path / "no_extras.py").write_text(_BLOCKER)
    root = README.parent
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(root / "src")])}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no_extras", "-p", "no:cacheprovider"]
        + ["--collect-only", "-q"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "ERROR" not in done.stdout
    assert re.search(r"^\d{3,} tests collected", done.stdout, re.M), done.stdout[-2000:]
    doctests = [line for line in done.stdout.splitlines() if line.startswith("src/")]
    assert not [line for line in doctests if "pocha_rules/batch" in line]
    assert "SKIPPED" in done.stdout
    assert "needs numpy" in done.stdout


def test_ci_runs_the_readme_test_command_as_written_before_any_extra() -> None:
    script = (README.parent / ".ci" / "run").read_text()
    readme_run = script.index("readme_command=$(awk")
    extras = script.index('pip install -e ".[$EXTRAS]"')
    assert readme_run < extras
    assert 'bash -euo pipefail -c "$readme_command"' in script
    assert "passed" in script[readme_run:extras]
    workflow = (README.parent / ".github" / "workflows" / "ci.yml").read_text()
    assert "[cli]" not in workflow
    assert "/^### Run the tests/" in workflow
    assert "passed" in workflow


def test_the_install_instructions_work_before_the_first_release() -> None:
    # `pip install pocha-rules` finds nothing until a release is uploaded:
    # the README and the getting-started page say how to install from a
    # clone (or a wheel built from it), and claim no wheels on PyPI.
    guide = (README.parent / "docs" / "getting-started.md").read_text()
    for text in (README.read_text(), guide):
        assert "pip install pocha-rules" in text
        assert "Until the first" in text
        assert "git clone https://github.com/pocha-rules/pocha-rules.git" in text
        assert "--wheel" in text
        assert "PyPI has" not in text
