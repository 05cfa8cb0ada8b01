"""The docs, docstrings and tests cite only what a reader can open.

The rules are stated in the project's own words. A variant is named by what
it is ("the free-following classic", "up and down"), a worked example by its
own name ("Overtake when you can"); never by the number of a private source
text or a section of a private specification. This test scans the sources,
the documentation, the README, the changelog, the benchmarks and the tests
(names of files included) for such citations.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final

import pytest

ROOT: Final = Path(__file__).resolve().parent.parent

SCANNED: Final = ("src", "docs", "tests", "benchmarks", "README.md", "CHANGELOG.md")
SUFFIXES: Final = {".py", ".md", ".rst", ".txt", ".toml", ".css", ".json"}
SKIPPED_DIRS: Final = {"_build", "__pycache__", ".hypothesis", ".pytest_cache", ".mypy_cache"}

CITATIONS: Final = {
    "the private specification": re.compile(r"RULES\.md"),
    "the private specification of Poch": re.compile(r"POCH\.md"),
    "a numbered rule text": re.compile(r"rule[ _-]?books?\W*\d", re.IGNORECASE),
    "a section number": re.compile(r"\bsections? \d+(\.\d+)*\b", re.IGNORECASE),
    "rule texts' numbers in brackets": re.compile(r"\(\s*00[0-4](\s*(,|and)\s*00[0-4])*\s*\)"),
    "a range of rule texts' numbers": re.compile(r"\b00[0-4]\s*(to|-|\u2013)\s*00[0-4]\b"),
}
"""What a citation nobody outside can open looks like."""

EXPECTED_PARTS: Final = (
    "src/pocha_rules/_pocha/rules.py",
    "docs/rules.md",
    "README.md",
    "tests/test_golden.py",
)


def citations(text: str) -> list[str]:
    """The kinds of private citation found in ``text``."""
    return [kind for kind, pattern in CITATIONS.items() if pattern.search(text)]


def scanned_files() -> list[Path]:
    found: list[Path] = []
    for name in SCANNED:
        top = ROOT / name
        candidates = [top] if top.is_file() else sorted(top.rglob("*"))
        for path in candidates:
            relative = path.relative_to(ROOT)
            if SKIPPED_DIRS & set(relative.parts) or not path.is_file():
                continue
            if path.suffix in SUFFIXES and path != Path(__file__).resolve():
                found.append(path)
    return found


@pytest.mark.parametrize(
    "text",
    [
        "the obligations of RULES.md section 5",
        "(rulebooks 001, 004)",
        "Rulebook 002 example B",
        "tests/golden/rulebook002_3p.json",
        'ids=["spanish", "rulebook-002"]',
        "the full plan of rulebook 000",
        "who wins a trick (section 4.5)",
        "Number of seats, 3 to 8 (001).",
        "the numbers in brackets: (000, 001, 004)",
        "five texts, numbered 000 to 004",
    ],
)
def test_a_private_citation_is_recognised(text: str) -> None:
    assert citations(text)


@pytest.mark.parametrize(
    "text",
    [
        "RULES_VERSION",
        "the rules page, docs/rules.md",
        "1,000 and 10,000 hands",
        "about 0.002 ms",
        "seed * 1_000_003",
        "the worked example Overtake when you can",
        "the long game with auctions and blind rounds",
    ],
)
def test_ordinary_text_is_not_a_citation(text: str) -> None:
    assert citations(text) == []


def test_no_private_citations() -> None:
    files = scanned_files()
    # The scan must reach every part it is meant to check.
    for part in EXPECTED_PARTS:
        assert ROOT / part in files, part
    found = []
    for path in files:
        relative = path.relative_to(ROOT).as_posix()
        for kind in citations(relative):
            found.append(f"{relative}: {kind} in the file name")
        text = path.read_text(encoding="utf-8")
        for number, line in enumerate(text.splitlines(), 1):
            for kind in citations(line):
                found.append(f"{relative}:{number}: {kind}: {line.strip()}")
    assert not found, "private citations:\n" + "\n".join(found)
