"""The shell commands of the README and of the contributing page work as
written in a fresh clone: each tool they run is installed by an earlier
command of the same page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = (ROOT / "README.md", ROOT / "docs" / "contributing.md")

# What a command runs, and what an earlier command must say to install it.
NEEDS = {
    r"-m build\b": (r"pip install build\b", r"--group release\b"),
    r"\bsphinx-build\b": (r"--group (lint --group )?docs\b",),
    r"\bsphinx-intl\b": (r"--group (lint --group )?docs\b",),
    r"docs/check_catalogs\.py": (r"--group (lint --group )?docs\b",),
    r"\bmutmut\b": (r"--group mutation\b",),
    r"\.venv/bin/": (r"python3 -m venv \.venv\b",),
}


def _commands(page: Path) -> list[str]:
    blocks = re.findall(r"^ *```sh\n(.*?)^ *```", page.read_text(), re.S | re.M)
    return [line.strip() for block in blocks for line in block.splitlines() if line.strip()]


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_each_tool_is_installed_before_it_runs(page: Path) -> None:
    commands = _commands(page)
    assert commands
    for at, command in enumerate(commands):
        for pattern, installers in NEEDS.items():
            found = re.search(pattern, command)
            if found is None:
                continue
            before = "\n".join([*commands[:at], command[: found.start()]])
            assert any(re.search(installer, before) for installer in installers), (
                f"{page.name}: `{command}` runs {pattern!r} before any command installs it"
            )
