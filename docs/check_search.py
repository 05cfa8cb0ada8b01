"""Check, in a real browser, that the site's search finds the rules first.

Players look a rule up in their own words ("under-trump", "screw the
dealer", "how many tricks"), on the Spanish site in a Spanish table's words
("asistir", "contrafallar", "cuántas bazas") and on the German pages of
Poch in a German table's. ``docs/search_questions.toml`` holds those
questions, each with the page it must find first: the rules of Pocha or of
Poch. For each one this script serves the built site over HTTP on the
loopback interface, loads its search page in headless Chromium, lets the
page's own JavaScript run the search over the search index, and reads the
results from the page: the first result must be that page (or a place on
it, such as an answer of its FAQ or a glossary term), and the sentence that
sums up the search must read right in the site's language, with the number
of pages it lists. A query that matches nothing must say so, in that
language too.

Build the sites afresh first (``-E``: an incremental build of Sphinx 9 keeps
the search index's index entries of the pages it rebuilt only), then run it
from the repository root::

    sphinx-build -E -n -W --keep-going -q -b html docs docs/_build/html
    sphinx-build -E -n -W --keep-going -q -D language=es -b html docs docs/_build/html/es
    sphinx-build -E -n -W --keep-going -q -D language=de -b html docs docs/_build/html/de
    python docs/check_search.py docs/_build/html

(``--lang en`` searches the English site only; ``--query`` runs other
questions.)

Chromium is found on the ``PATH`` (``chromium``, ``chromium-browser``,
``google-chrome``) or named with ``--browser``; on Debian it is the
``chromium`` package. The exit status is 0 when every search is right, 1
otherwise, and 2 when no browser, no built site or an incomplete search
index is found.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import tomllib
import urllib.parse
from collections import Counter
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from html.parser import HTMLParser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

QUESTIONS = Path(__file__).with_name("search_questions.toml")
"""What players type, by site, and the page each must find first."""

SITES = {"en": "", "es": "es", "de": "de"}
"""Each language's site: its folder under the English one."""

SUMMARIES: dict[str, tuple[str, str]] = {
    "en": (
        r"Search finished, found (one page|(?P<count>\d+) pages) matching the search query\.",
        "Your search did not match any documents. Please make sure that all words are"
        " spelled correctly and that you've selected enough categories.",
    ),
    "es": (
        r"Búsqueda terminada: se (ha encontrado una página|han encontrado (?P<count>\d+)"
        r" páginas)\.",
        "La búsqueda no ha encontrado ninguna página. Comprueba que todas las palabras"
        " estén bien escritas, o prueba con otras.",
    ),
    "de": (
        r"Suche abgeschlossen: (eine Seite|(?P<count>\d+) Seiten) gefunden\.",
        "Die Suche hat keine Seite gefunden. Prüfe, ob alle Wörter richtig geschrieben"
        " sind, oder versuche es mit anderen.",
    ),
}
"""How the search page sums up a search in each language: the sentence of a
search that found pages (``count`` is their number when more than one), and
the sentence of one that found none."""

NO_MATCH = "qxzjvwk"
"""A query that no page matches: the search page must say so in its language."""


def questions(lang: str, path: Path = QUESTIONS) -> dict[str, str]:
    """The questions of ``lang`` in the data file, each with the page it must find."""
    with path.open("rb") as file:
        by_page = tomllib.load(file).get(lang, {})
    return {query: page for page, queries in by_page.items() for query in queries}


BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


@dataclass(frozen=True)
class Hit:
    """One result of a search, as the page lists it."""

    href: str
    title: str


@dataclass(frozen=True)
class Outcome:
    """What one query found."""

    query: str
    expected: str
    finished: bool
    hits: tuple[Hit, ...]
    summary: str

    @property
    def passed(self) -> bool:
        """Whether the search finished and its first result is the expected page."""
        return bool(self.finished and self.hits and _page(self.hits[0].href) == self.expected)


def summary_problem(outcome: Outcome, lang: str) -> str | None:
    """What is wrong with the sentence that sums up ``outcome``, if anything."""
    found, none = SUMMARIES[lang]
    if not outcome.hits:
        return None if outcome.summary == none else f"no results, but says {outcome.summary!r}"
    match = re.fullmatch(found, outcome.summary)
    if match is None:
        return f"says {outcome.summary!r}"
    count = int(match["count"]) if match["count"] else 1
    if count != len(outcome.hits):
        return f"says {count} pages, lists {len(outcome.hits)}"
    return None


def _page(href: str) -> str:
    return href.split("#", 1)[0].split("?", 1)[0]


FINISHED_TITLES = frozenset({"Search Results", "Resultados de la búsqueda", "Suchergebnisse"})
"""The title the search page shows once the search has finished, by language."""


class _Results(HTMLParser):
    """The first link of each item of ``<ul class="search">``, and whether the
    page says the search finished."""

    def __init__(self) -> None:
        super().__init__()
        self.hits: list[Hit] = []
        self.finished = False
        self._depth = 0  # of nested lists, inside the results list
        self._wants_link = False  # inside a result that has no link yet
        self._href: str | None = None
        self._text: list[str] = []
        self._in_summary = False
        self._summary: list[str] = []
        self._title: list[str] | None = None  # the text of an <h2>, while inside it

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        classes = (attributes.get("class") or "").split()
        if tag == "ul" and (self._depth or "search" in classes):
            self._depth += 1
        elif tag == "li" and self._depth == 1:
            self._wants_link = True
        elif tag == "a" and self._wants_link:
            self._wants_link = False
            self._href = attributes.get("href") or ""
            self._text = []
        elif tag == "p" and "search-summary" in classes:
            self._in_summary = True
        elif tag == "h2":
            self._title = []

    @property
    def summary(self) -> str:
        """The sentence under the results' title."""
        return " ".join("".join(self._summary).split())

    def handle_endtag(self, tag: str) -> None:
        if tag == "ul" and self._depth:
            self._depth -= 1
        elif tag == "a" and self._href is not None:
            self.hits.append(Hit(self._href, " ".join("".join(self._text).split())))
            self._href = None
        elif tag == "p":
            self._in_summary = False
        elif tag == "h2" and self._title is not None:
            if " ".join("".join(self._title).split()) in FINISHED_TITLES:
                self.finished = True
            self._title = None

    def handle_data(self, data: str) -> None:
        if self._in_summary and data.strip():
            # "Search finished, found N pages..." or "Your search did not match..."
            self.finished = True
            self._summary.append(data)
        if self._title is not None:
            self._title.append(data)
        if self._href is not None:
            self._text.append(data)


def find_browser(name: str | None) -> str | None:
    """The browser to run: ``name`` if given, else the first Chromium on the PATH."""
    if name:
        return shutil.which(name) or (name if Path(name).is_file() else None)
    for candidate in BROWSERS:
        found = shutil.which(candidate)
        if found:
            return found
    return None


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextlib.contextmanager
def serve(site: Path) -> Iterator[str]:
    """Serve ``site`` on a free loopback port; yields its base URL."""
    handler = functools.partial(_QuietHandler, directory=str(site))
    with ThreadingHTTPServer(("127.0.0.1", 0), handler) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{server.server_address[1]}/"
        finally:
            server.shutdown()
            thread.join()


def search(browser: str, base: str, query: str, expected: str, budget_ms: int) -> Outcome:
    """Run ``query`` on the search page under ``base`` in headless Chromium."""
    url = base + "search.html?" + urllib.parse.urlencode({"q": query})
    with tempfile.TemporaryDirectory(prefix="check-search-") as profile:
        dom = subprocess.run(
            [
                browser,
                "--headless",
                "--no-sandbox",  # needed as root, as in containers
                "--disable-gpu",
                "--no-first-run",
                f"--user-data-dir={profile}",
                f"--virtual-time-budget={budget_ms}",
                "--dump-dom",
                url,
            ],
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        ).stdout
    parser = _Results()
    parser.feed(dom)
    return Outcome(query, expected, parser.finished, tuple(parser.hits), parser.summary)


def has_index_entries(site: Path, page: str) -> bool:
    """Whether the site's search index holds index entries of ``page``."""
    text = (site / "searchindex.js").read_text(encoding="utf-8")
    index = json.loads(text[text.index("(") + 1 : text.rindex(")")])
    rules = index["docnames"].index(page.removesuffix(".html"))
    entries = index.get("indexentries", {}).values()
    return any(place[0] == rules for places in entries for place in places)


def main(argv: Sequence[str] | None = None) -> int:
    """Run every query and print what each found first."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument(
        "site", nargs="?", default="docs/_build/html", type=Path, help="the built HTML site"
    )
    parser.add_argument("--browser", help="the Chromium executable (default: found on PATH)")
    parser.add_argument("--query", action="append", help="run this query instead (repeatable)")
    parser.add_argument(
        "--lang",
        choices=(*SITES, "all"),
        default="all",
        help="the site to search: en (SITE), es (SITE/es), de (SITE/de) or all (default)",
    )
    parser.add_argument(
        "--budget", type=int, default=10_000, help="virtual time for each page, in ms"
    )
    parser.add_argument("--jobs", type=int, default=2, help="browsers run at once")
    args = parser.parse_args(argv)

    browser = find_browser(args.browser)
    if browser is None:
        print(
            "check_search: no Chromium found (on Debian: apt-get install chromium)",
            file=sys.stderr,
        )
        return 2
    languages = tuple(SITES) if args.lang == "all" else (args.lang,)
    for lang in languages:
        site = args.site / SITES[lang]
        if not (site / "search.html").is_file():
            print(f"check_search: no built site in {site} (run sphinx-build)", file=sys.stderr)
            return 2
        rules = Counter(questions(lang).values()).most_common(1)[0][0]
        if not has_index_entries(site, rules):
            print(
                f"check_search: the search index of {site} has no index entries of {rules};"
                " build the site afresh (sphinx-build -E)",
                file=sys.stderr,
            )
            return 2

    failed = 0
    for lang in languages:
        wanted = questions(lang)
        if args.query:
            usual = Counter(wanted.values()).most_common(1)[0][0]
            wanted = {query: wanted.get(query, usual) for query in args.query}
        failed += run(browser, args.site / SITES[lang], lang, wanted, args.budget, args.jobs)
    return 1 if failed else 0


def run(
    browser: str, site: Path, lang: str, wanted: dict[str, str], budget: int, jobs: int
) -> int:
    """Run each query of ``wanted`` on ``site``, and one that matches nothing; print what
    each found first and what the page said. The number of failures."""
    queries = [*wanted, NO_MATCH]
    with serve(site) as base, ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        outcomes = list(
            pool.map(lambda q: search(browser, base, q, wanted.get(q, ""), budget), queries)
        )

    width = max(len(q) for q in queries) + 2
    failed = 0
    for outcome in outcomes:
        problem = summary_problem(outcome, lang) if outcome.finished else None
        found = not outcome.hits if outcome.query == NO_MATCH else outcome.passed
        ok = outcome.finished and found and problem is None
        failed += not ok
        if not outcome.finished:
            first = "(the search did not finish)"
        elif not outcome.hits:
            first = "(no results)"
        else:
            hit = outcome.hits[0]
            first = f"{hit.href}  {hit.title}"
        wrong = f"  [summary {problem}]" if problem else ""
        print(f"{'ok  ' if ok else 'FAIL'} {outcome.query!r:<{width}} -> {first}{wrong}")
    print(f"{len(outcomes) - failed} of {len(outcomes)} searches right ({site})")
    return failed


if __name__ == "__main__":
    sys.exit(main())
