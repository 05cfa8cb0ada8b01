"""docs/check_catalogs.py: which messages must be translated, and what it
reports about a catalog."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("babel", reason="the docs group (babel comes with Sphinx)")

ROOT = Path(__file__).resolve().parents[1]


sys.path.insert(0, str(ROOT / "docs"))  # where the script finds site_languages


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "check_catalogs", ROOT / "docs" / "check_catalogs.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


cc = _load()

HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'


def _entry(msgid: str, location: str, msgstr: str = "", fuzzy: bool = False) -> str:
    flag = "#, fuzzy\n" if fuzzy else ""
    return f'#: {location}\n{flag}msgid "{msgid}"\nmsgstr "{msgstr}"\n\n'


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Playing a game", True),
        ("52,512", True),  # numbers are written the other language's way
        ("**2.19x** (1.68x before)", True),
        ("`players`", False),
        ("{doc}`rules`", False),
        ("{move}: {reason}", False),
        ("``pocha_rules.games``", False),
        ("", False),
    ],
)
def test_what_needs_a_translation(text: str, expected: bool) -> None:
    assert cc.needs_words(text) is expected


def _site(tmp_path: Path) -> tuple[Path, Path]:
    templates = tmp_path / "gettext"
    (templates / "poch").mkdir(parents=True)
    page = cc.DOCS / "page.md"
    source = cc.DOCS.parent / "src" / "pocha_rules" / "games.py"
    (templates / "page.pot").write_text(
        HEADER
        + _entry("A sentence of the page.", f"{page}:3")
        + _entry("Another sentence.", f"{page}:5")
        + _entry("Changed sentence.", f"{page}:7")
        + _entry("`code_only`", f"{page}:9")
        + _entry("A docstring.", f"{source}:docstring of pocha_rules.games:1")
        + _entry("An entry of the changelog.", f"{cc.DOCS.parent / 'CHANGELOG.md'}:4"),
        encoding="utf-8",
    )
    (templates / "poch" / "rules.pot").write_text(
        HEADER + _entry("Poch's rules.", f"{cc.DOCS / 'poch' / 'rules.md'}:1"), encoding="utf-8"
    )
    (templates / "poch" / "bots.pot").write_text(
        HEADER + _entry("Poch's bots.", f"{cc.DOCS / 'poch' / 'bots.md'}:1"), encoding="utf-8"
    )
    locales = tmp_path / "locales"
    catalogs = locales / "es" / "LC_MESSAGES"
    catalogs.mkdir(parents=True)
    (catalogs / "page.po").write_text(
        HEADER
        + _entry("A sentence of the page.", "x", "Una frase de la página.")
        + _entry("Changed sentence.", "x", "Frase cambiada.", fuzzy=True),
        encoding="utf-8",
    )
    return templates, locales


def test_reports_untranslated_fuzzy_and_missing_catalogs(tmp_path: Path) -> None:
    templates, locales = _site(tmp_path)
    problems = cc.check(templates, "es", locales)
    assert [(p.page, p.what.split(" ")[0]) for p in problems] == [
        ("page", "untranslated:"),
        ("page", "fuzzy:"),
        ("poch/bots", "no"),
        ("poch/rules", "no"),
    ]
    assert (
        problems[3].what == f"no catalog ({locales / 'es' / 'LC_MESSAGES' / 'poch' / 'rules.po'})"
    )
    assert "Another sentence." in problems[0].what
    assert "Changed sentence." in problems[1].what


def test_german_checks_the_poch_pages_for_players_only(tmp_path: Path) -> None:
    templates, locales = _site(tmp_path)
    assert [p.page for p in cc.check(templates, "de", locales)] == ["poch/rules"]


def test_writes_the_narrative_without_api_text(tmp_path: Path) -> None:
    templates, _ = _site(tmp_path)
    out = tmp_path / "narrative"
    assert cc.write_narrative(templates, out) == 3
    text = (out / "page.pot").read_text(encoding="utf-8")
    assert "A sentence of the page." in text
    assert "Changed sentence." in text
    for left_out in ("`code_only`", "A docstring.", "An entry of the changelog.", "#:"):
        assert left_out not in text


def test_writes_the_templates_of_a_language(tmp_path: Path) -> None:
    templates, _ = _site(tmp_path)
    out = tmp_path / "german"
    assert cc.write_narrative(templates, out, "de") == 1
    assert [p.relative_to(out).as_posix() for p in out.rglob("*.pot")] == ["poch/rules.pot"]


def test_a_docstring_is_not_narrative_when_the_templates_are_built_inside_the_docs() -> None:
    # The contributing page builds them into docs/_build/gettext, where the
    # pieces Babel splits a docstring's location into read as paths there.
    templates = cc.DOCS / "_build" / "gettext-test-locations"
    source = cc.DOCS.parent / "src" / "pocha_rules" / "games.py"
    locations = [(f"{source}:docstring", None), ("of", None), ("pocha_rules.games", 1)]
    assert not cc._is_narrative(locations, templates)
    assert cc._is_narrative([(str(cc.DOCS / "rules.md"), 3)], templates)
