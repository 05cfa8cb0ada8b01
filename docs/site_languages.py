"""The languages of the site, for conf.py and the checks.

The site is written in English. The Spanish site translates every page;
the German site translates Poch's pages for players (the game's index, its
rules, its options and its worked examples): Poch is a German game, while
its developer pages (the bots' guide, the command line, the benchmarks, the
API) are read by the same people as the rest of the library, in English. A
link from a German page to a page it does not translate leads to the
English one.
"""

from __future__ import annotations

from typing import NamedTuple


class Language(NamedTuple):
    """One language of the site."""

    label: str
    """Its name, in itself, as the language switch shows it."""
    folder: str
    """Its folder under the English site ("" for the English site itself)."""
    pages: tuple[str, ...] | None
    """The pages it translates (their docnames), or None for all of them."""


LANGUAGES: dict[str, Language] = {
    "en": Language("English", "", None),
    "es": Language("Español", "es/", None),
    "de": Language(
        "Deutsch", "de/", ("poch/index", "poch/rules", "poch/options", "poch/examples")
    ),
}
"""Each language of the site, by its code."""


def translates(code: str, page: str) -> bool:
    """Whether the site of language ``code`` has ``page`` (a docname)."""
    pages = LANGUAGES[code].pages
    return pages is None or page in pages
