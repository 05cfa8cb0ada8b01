"""Check, in a real browser, that the site's search finds the rules first.

Players look a rule up in their own words ("under-trump", "screw the
dealer", "renuncio"), and on the Spanish site in a Spanish table's words
("asistir", "contrafallar", "arrastrar"). For each of those words this script serves the built
site over HTTP on the loopback interface, loads its search page in headless
Chromium, lets the page's own JavaScript run the search over the search
index, and reads the results from the page: the first result must be the
rules page (or a place on it, such as an answer of its FAQ or a glossary
term).

Build the site afresh first (``-E``: an incremental build of Sphinx 9 keeps
the search index's index entries of the pages it rebuilt only), then run it
from the repository root::

    sphinx-build -E -n -W --keep-going -q -b html docs docs/_build/html
    sphinx-build -E -n -W --keep-going -q -D language=es -b html docs docs/_build/html/es
    python docs/check_search.py docs/_build/html

(``--lang en`` searches the English site only.)

Chromium is found on the ``PATH`` (``chromium``, ``chromium-browser``,
``google-chrome``) or named with ``--browser``; on Debian it is the
``chromium`` package. The exit status is 0 when every query finds the rules
page first, 1 otherwise, and 2 when no browser, no built site or an
incomplete search index is found.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.parse
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from html.parser import HTMLParser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

EXPECTED_PAGE = "rules.html"

QUERIES: tuple[str, ...] = (
    # The questions of the FAQ, as asked ...
    "may I under-trump",
    "must I beat a card when someone has already ruffed",
    "may the dealer bid the total",
    "what is trump when all the cards are dealt",
    "who leads after an auction",
    # ... and by their key words.
    "under-trump",
    "undertrump",
    "under trump",
    "already ruffed",
    "screw the dealer",
    "dealer's restriction",
    "dealer bid total",
    "all cards dealt",
    "no trump",
    "auction lead",
    "duck",
    "slam",
    "nil bid",
    "renege",
    "tie",
    # The words of the glossary, in English ...
    "follow suit",
    "hook",
    "ruff",
    "overtrump",
    "overruff",
    "over-ruff",
    "overtake",
    "revoke",
    "void",
    "discard",
    "trick",
    "up and down the river",
    "oh hell",
    # ... and in Spanish.
    "baza",
    "pinte",
    "postre",
    "renuncio",
    "subastada",
    "india",
)
"""What a player types; each must list the rules page first."""

SPANISH_QUERIES: tuple[str, ...] = (
    # The Spanish site (built into the folder es/ of the English one), in the
    # words of a Spanish table: the duties ...
    "asistir",
    "contrafallar",
    "sobrefallar",
    "fallar",
    "montar",
    "matar",
    "arrastrar",
    "renuncio",
    "descartarse",
    "tener fallo",
    # ... the table and the game ...
    "repartidor",
    "cantar",
    "pedir",
    "postre",
    "mano",
    "baza",
    "triunfo",
    "pinta",
    "palo",
    "pocha",
    "subastada",
    "india",
    # ... and the questions of the FAQ, as asked.
    "puedo fallar por debajo",
    "tengo que matar si alguien ya ha fallado",
    "puede el que reparte pedir lo que cuadra",
    "qué pinta cuando se reparten todas las cartas",
    "quién sale después de una subasta",
    "hay rondas sin triunfo",
)
"""What a Spanish player types on the Spanish site; each must list its rules
page first."""

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
    finished: bool
    hits: tuple[Hit, ...]

    @property
    def passed(self) -> bool:
        """Whether the search finished and its first result is the rules page."""
        return bool(self.finished and self.hits and _page(self.hits[0].href) == EXPECTED_PAGE)


def _page(href: str) -> str:
    return href.split("#", 1)[0].split("?", 1)[0]


FINISHED_TITLES = frozenset({"Search Results", "Resultados de la búsqueda"})
"""The title the search page shows once the search has finished, by language.
The summary under it says so too, but Sphinx's Spanish messages leave the
summary of a search that found pages empty."""


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


def search(browser: str, base: str, query: str, budget_ms: int) -> Outcome:
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
    return Outcome(query, parser.finished, tuple(parser.hits))


def has_index_entries(site: Path) -> bool:
    """Whether the site's search index holds index entries of the rules page."""
    text = (site / "searchindex.js").read_text(encoding="utf-8")
    index = json.loads(text[text.index("(") + 1 : text.rindex(")")])
    rules = index["docnames"].index(EXPECTED_PAGE.removesuffix(".html"))
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
        choices=("en", "es", "all"),
        default="all",
        help="the site to search: en (SITE), es (SITE/es) or all (default)",
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
    sites = {"en": (args.site, QUERIES), "es": (args.site / "es", SPANISH_QUERIES)}
    languages = ("en", "es") if args.lang == "all" else (args.lang,)
    for lang in languages:
        site = sites[lang][0]
        if not (site / "search.html").is_file():
            print(f"check_search: no built site in {site} (run sphinx-build)", file=sys.stderr)
            return 2
        if not has_index_entries(site):
            print(
                f"check_search: the search index of {site} has no index entries of the rules"
                " page; build the site afresh (sphinx-build -E)",
                file=sys.stderr,
            )
            return 2

    failed = 0
    for lang in languages:
        site, default = sites[lang]
        queries = args.query or default
        failed += run(browser, site, queries, args.budget, args.jobs)
    return 1 if failed else 0


def run(browser: str, site: Path, queries: Sequence[str], budget: int, jobs: int) -> int:
    """Run ``queries`` on ``site``, print what each found first; the number that failed."""
    with serve(site) as base, ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        outcomes = list(pool.map(lambda q: search(browser, base, q, budget), queries))

    width = max(len(q) for q in queries) + 2
    for outcome in outcomes:
        mark = "ok  " if outcome.passed else "FAIL"
        if not outcome.finished:
            first = "(the search did not finish)"
        elif not outcome.hits:
            first = "(no results)"
        else:
            hit = outcome.hits[0]
            first = f"{hit.href}  {hit.title}"
        print(f"{mark} {outcome.query!r:<{width}} -> {first}")
    failed = [o.query for o in outcomes if not o.passed]
    print(
        f"{len(outcomes) - len(failed)} of {len(outcomes)} queries list {EXPECTED_PAGE} first"
        f" ({site})"
    )
    return len(failed)


if __name__ == "__main__":
    sys.exit(main())
