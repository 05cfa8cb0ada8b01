"""Check that the translated sites are complete: every page has a catalog,
and every sentence the pages themselves write is translated.

The sites are the English sources read through gettext catalogs
(``docs/locales/LANG/LC_MESSAGES/PAGE.po``). A message without a translation,
or marked *fuzzy* (its English changed since it was translated), shows in
English on the translated page, so a stale catalog never breaks the build:
this check is what catches it.

Only the docs' own text must be translated. Two kinds of text stay English,
and their messages need not be in a catalog at all:

- the API reference's docstrings (the library's source is written in
  English, and its names are English), on ``api`` and ``poch/api``;
- the changelog's entries (``CHANGELOG.md``, included by ``changelog``).

Messages with nothing to translate (only code, numbers, links and
punctuation, as in the cells of a table of figures) need no translation
either. What is left, the narrative, is what this script checks. It reads
the message templates of a gettext build *with locations*, which say where
each message comes from::

    sphinx-build -E -b gettext -D gettext_location=1 docs docs/_build/gettext
    python docs/check_catalogs.py docs/_build/gettext

``--write DIR`` writes the templates of the narrative only, without
locations (with ``--lang``, of the pages that language translates), for
``sphinx-intl update -p DIR`` (docs/contributing.md,
"Translations"). The German site translates Poch's pages for players only
(``site_languages.py``): ``--lang de`` checks those. The exit status is 0 when every catalog
is complete, 1 otherwise, and 2 when the templates are missing.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po
from site_languages import LANGUAGES, translates

DOCS = Path(__file__).resolve().parent
LOCALES = DOCS / "locales"

TRANSLATED = tuple(code for code in LANGUAGES if code != "en")
"""The languages the site is translated into."""

_CODE = re.compile(
    r"``.*?``|`[^`]*`|\{[\w:-]+\}|:[\w:-]+:|\]\([^)]*\)|<[^>]*>|https?://\S+|\{\w+\}"
)


def needs_words(text: str) -> bool:
    """Whether ``text`` has words to translate once its code, roles, link
    targets and numbers are taken out."""
    return re.search(r"[^\W_]", _CODE.sub(" ", text)) is not None


@dataclass(frozen=True)
class Problem:
    """What is wrong with one page's catalog."""

    page: str
    what: str


def _is_narrative(locations: Sequence[tuple[str, int | None]], templates: Path) -> bool:
    # Babel splits a location at its spaces: a docstring's
    # "src/x.py:docstring of name:3" comes back as three pieces, and the
    # last two, read as paths, fall in the templates' own folder (inside
    # the docs when the templates are built there): never a page.
    built = templates.resolve()
    for filename, _line in locations:
        if "docstring of" in filename:
            continue
        path = (templates / filename).resolve()
        if path.is_relative_to(DOCS) and not path.is_relative_to(built):
            return True
    return False


def narrative(template: Path, templates: Path) -> Iterator[str]:
    """The messages of ``template`` that the docs write themselves and that
    have words to translate."""
    with template.open("rb") as file:
        catalog = read_po(file)
    for message in catalog:
        if not message.id or not isinstance(message.id, str):
            continue
        if _is_narrative(message.locations, templates) and needs_words(message.id):
            yield message.id


def check(templates: Path, lang: str, locales: Path = LOCALES) -> list[Problem]:
    """What is missing from the catalogs of ``lang`` (under ``locales``), page by page."""
    problems: list[Problem] = []
    for template in sorted(templates.rglob("*.pot")):
        page = template.relative_to(templates).with_suffix("").as_posix()
        if not translates(lang, page):
            continue
        po = locales / lang / "LC_MESSAGES" / f"{page}.po"
        if not po.is_file():
            problems.append(Problem(page, f"no catalog ({po})"))
            continue
        with po.open("rb") as file:
            catalog = read_po(file)
        for text in narrative(template, templates):
            entry = catalog.get(text)
            if entry is None or not entry.string:
                problems.append(Problem(page, f"untranslated: {_short(text)}"))
            elif entry.fuzzy:
                problems.append(Problem(page, f"fuzzy: {_short(text)}"))
    return problems


def write_narrative(templates: Path, out: Path, lang: str | None = None) -> int:
    """Write the templates of ``templates`` into ``out`` with the narrative
    only and no locations (of the pages ``lang`` translates, or all); the
    number of templates written."""
    written = 0
    for template in sorted(templates.rglob("*.pot")):
        page = template.relative_to(templates).with_suffix("").as_posix()
        if lang is not None and not translates(lang, page):
            continue
        with template.open("rb") as file:
            source = read_po(file)
        keep = set(narrative(template, templates))
        pruned = Catalog(
            project=source.project,
            version=source.version,
            copyright_holder=source.copyright_holder,
            creation_date=source.creation_date,
            fuzzy=False,
        )
        for message in source:
            if message.id in keep:
                pruned.add(message.id, context=message.context)
        target = out / template.relative_to(templates)
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as file:
            write_po(file, pruned, width=0, omit_header=False, no_location=True)
        written += 1
    return written


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 90 else text[:87] + "..."


def main(argv: Sequence[str] | None = None) -> int:
    """Check the catalogs (or write the narrative's templates); print what is missing."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument(
        "templates",
        type=Path,
        help="the .pot files of `sphinx-build -b gettext -D gettext_location=1`",
    )
    parser.add_argument(
        "--lang",
        action="append",
        choices=TRANSLATED,
        help="the language to check, or to write the templates of (repeatable; default: all)",
    )
    parser.add_argument(
        "--write", type=Path, metavar="DIR", help="write the narrative's templates into DIR"
    )
    args = parser.parse_args(argv)
    if not any(args.templates.rglob("*.pot")):
        print(f"check_catalogs: no .pot files in {args.templates}", file=sys.stderr)
        return 2
    if args.write is not None:
        if args.lang is not None and len(args.lang) > 1:
            parser.error("--write takes one --lang at most")
        count = write_narrative(args.templates, args.write, args.lang[0] if args.lang else None)
        print(f"{count} templates of the narrative written to {args.write}")
        return 0
    failed = 0
    for lang in args.lang or TRANSLATED:
        problems = check(args.templates, lang)
        for problem in problems:
            print(f"{lang}: {problem.page}: {problem.what}")
        pages = {p.page for p in problems}
        print(f"{lang}: {len(problems)} messages missing or fuzzy on {len(pages)} pages")
        failed += len(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
