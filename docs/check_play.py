"""Check, in a real browser, the Play page and the "What may I play?" explorer.

Both pages run the library in the browser (Pyodide, served by the site
itself: ``docs/play_assets.py`` puts it there). This script serves the built
English site, with the Spanish one in its folder ``es/``, over HTTP on the
loopback interface and has ``docs/check_play.mjs`` drive them in headless
Chromium through the pages' own controls:

- a whole game of each game on the Play page in each language it offers:
  Pocha in English (the full game: normal, auction and blind rounds) and in
  Spanish (the short game), Poch in English, German and Spanish; played by
  keyboard (focus a choice, press Enter), with a refused card or bid now and
  then (the page must say why). Along the way: the focus stays in the hand
  after a card is played, the log is a live region and says what happened,
  every unplayable choice is ``aria-disabled``, a round's summary and the
  last trick with its winner are shown (Pocha), the board's pools (Poch);
  on a phone (375x812) the table and the hand (the largest hand of the game
  too) fit the first screen and the score sheet scrolls in its box; and
  axe-core's accessibility scan of the page finds no serious or critical
  violation, at 375x812 and at 1280x900,
  at the start, in the middle and at the end of each game. Screenshots at
  both sizes go to a folder (``--screenshots``; printed at the end);
- the explorer, in both languages, on random positions of real games (at
  least 200): each set up by clicking, and what the page says of every card
  compared with :func:`~pocha_rules.legal_moves` and
  :func:`~pocha_rules.explain` of the same position under CPython (the reasons
  word for word in English; in Spanish, the page's translation of them).

It prints the time from opening the Play page to the first move the page
offers (the goal: at most 3 s on a quiet machine). It also checks that every
page of every site has the language switch, and that its links lead to the
same page in each language that has it. Any request to a
host other than the site fails the check. Run it from the repository root
after building both sites and ``play_assets.py``::

    npm ci
    python docs/check_play.py docs/_build/html

The exit status is 0 when everything agrees, 1 otherwise, and 2 when no
browser, Node.js, ``node_modules`` or built site is found.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from pocha_rules import Phase, Play, RoundKind, RuleSet, apply, explain, legal_moves, new_game

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "_static" / "play"))

from check_search import find_browser, serve  # noqa: E402
from pocha_web import in_spanish  # noqa: E402
from site_languages import LANGUAGES, translates  # noqa: E402

ROOT = HERE.parent
GAMES = 5
"""Whole games played: Pocha in English and Spanish, Poch in English, German
and Spanish."""
OVER = ("Game over", "Fin de la partida", "Spielende")
GOAL_S = 3.0
"""The goal for the time to the first possible move, on a quiet machine."""


def positions(count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` positions of random games under random rules: who holds
    what, what lies on the table, and what the library says of each card."""
    rng = random.Random(seed)
    found: list[dict[str, Any]] = []
    while len(found) < count:
        rules = RuleSet(
            players=rng.choice((3, 4, 5, 6)),
            deck=rng.choice((40, 48)),
            schedule=rng.choice(("classic", "full")),
            must_overtake=rng.random() < 0.7,
            must_ruff=rng.random() < 0.7,
            must_overruff=rng.random() < 0.7,
        )
        state = new_game(rules, seed=rng.randrange(2**32))
        while not state.is_over and len(found) < count:
            if (
                state.phase is Phase.PLAY
                and state.round_kind is not RoundKind.BLIND
                and rng.random() < 0.08
            ):
                found.append(_position(state))
            state = apply(state, rng.choice(legal_moves(state)))
    return found


def _position(state: Any) -> dict[str, Any]:
    rules = state.rules
    seat = state.to_move
    legal = {move.card for move in legal_moves(state) if isinstance(move, Play)}
    return {
        "players": rules.players,
        "deck": rules.deck,
        "trump": state.trump.letter,
        "must_overtake": rules.must_overtake,
        "must_ruff": rules.must_ruff,
        "must_overruff": rules.must_overruff,
        "hand": [str(card) for card in state.hands[seat]],
        "table": [str(played.card) for played in state.trick],
        "expected": [
            {
                "card": str(card),
                "legal": card in legal,
                "reason": explain(state, Play(card)),
            }
            for card in state.hands[seat]
        ],
    }


class _Switch(HTMLParser):
    """The links of the sidebar's language switch (``div.pocha-languages``)."""

    def __init__(self) -> None:
        super().__init__()
        self.links: dict[str, str] = {}
        self._inside = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "div" and "pocha-languages" in (attributes.get("class") or "").split():
            self._inside = True
        elif tag == "a" and self._inside:
            self.links[attributes.get("hreflang") or ""] = attributes.get("href") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "div":
            self._inside = False


def language_switches(site: Path) -> list[str]:
    """What is wrong with the language switch of the pages of ``site`` (English)
    and of the translated sites in its folders (``es/``, ``de/``): each page must
    link to itself in every language that has it (``site_languages.py``)."""
    problems = []
    for code, language in LANGUAGES.items():
        root = site / language.folder
        pages = sorted(
            p for p in root.rglob("*.html") if _docname(root, p).split("/")[0] not in SKIPPED
        )
        if len(pages) < (5 if language.pages is None else len(language.pages)):
            problems.append(f"{root}: no built pages")
        for page in pages:
            docname = _docname(root, page)
            parser = _Switch()
            parser.feed(page.read_text(encoding="utf-8"))
            wanted_languages = {c for c in LANGUAGES if c == code or translates(c, docname)}
            if set(parser.links) != wanted_languages:
                problems.append(
                    f"{page}: the language switch offers {sorted(parser.links)},"
                    f" not {sorted(wanted_languages)}"
                )
                continue
            for lang, href in parser.links.items():
                target = (page.parent / href).resolve()
                wanted = (site / LANGUAGES[lang].folder / f"{docname}.html").resolve()
                if target != wanted:
                    problems.append(f"{page}: the {lang} link goes to {href}, not to {wanted}")
    return problems


SKIPPED = frozenset({"_static", "_sources", "_images", "es", "de"})
"""Folders of a built site that hold no pages of its own."""


def _docname(root: Path, page: Path) -> str:
    return page.relative_to(root).with_suffix("").as_posix()


def compare(lang: str, wanted: list[dict[str, Any]], shown: list[dict[str, Any]]) -> list[str]:
    """What the explorer showed that differs from the library."""
    problems = []
    for number, (position, answer) in enumerate(zip(wanted, shown, strict=True)):
        expected = [
            {
                "card": e["card"],
                "legal": e["legal"],
                "reason": e["reason"]
                if lang == "en" or not e["reason"]
                else in_spanish(e["reason"]),
            }
            for e in position["expected"]
        ]
        if answer["cards"] != expected:
            problems.append(
                f"{lang} position {number} (hand {position['hand']}, table {position['table']},"
                f" trump {position['trump']}): the page showed"
                f" {answer['cards'] or answer['error']}, the library says {expected}"
            )
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    """Play, explore, compare; print the timings."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("site", nargs="?", default="docs/_build/html", type=Path)
    parser.add_argument("--browser", help="the Chromium executable (default: found on PATH)")
    parser.add_argument("--positions", type=int, default=200, help="explorer positions (English)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--screenshots",
        type=Path,
        help="save the screenshots here (default: play-screenshots next to the site)",
    )
    args = parser.parse_args(argv)

    browser = find_browser(args.browser)
    node = shutil.which("node")
    missing = [
        what
        for what, ok in (
            ("Chromium (apt-get install chromium)", browser),
            ("Node.js", node),
            (
                "node_modules (npm ci)",
                (ROOT / "node_modules" / "playwright-core").is_dir()
                and (ROOT / "node_modules" / "axe-core" / "axe.min.js").is_file(),
            ),
            (
                f"a site built with play_assets.py in {args.site} and {args.site}/es",
                (args.site / "_static/play/wheels.json").is_file()
                and (args.site / "es/_static/play/wheels.json").is_file(),
            ),
        )
        if not ok
    ]
    if missing:
        print(f"check_play: missing {', '.join(missing)}", file=sys.stderr)
        return 2
    assert browser is not None
    assert node is not None

    wanted = {
        "en": positions(args.positions, args.seed),
        "es": positions(max(20, args.positions // 10), args.seed + 1),
    }
    shots = args.screenshots or args.site.resolve().parent / "play-screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="check-play-") as scratch, serve(args.site) as base:
        given = Path(scratch) / "positions.json"
        given.write_text(json.dumps(wanted))
        out = Path(scratch) / "found.json"
        command = [node, str(HERE / "check_play.mjs"), base, str(given), str(out), browser]
        command.append(str(shots.resolve()))
        subprocess.run(command, check=False, timeout=900, cwd=ROOT)
        report: dict[str, Any] = (
            json.loads(out.read_text()) if out.is_file() else {"errors": ["no report"]}
        )

    problems = list(report.get("errors", []))
    switches = language_switches(args.site)
    problems += switches
    pages = len(list(args.site.glob("*.html"))) + len(list((args.site / "es").glob("*.html")))
    print(f"{'ok  ' if not switches else 'FAIL'} language switch on all {pages} pages")
    first_moves = []
    for game in report.get("games", []):
        over = game["status"].startswith(OVER)
        first_moves.append(game["firstMoveMs"])
        print(
            f"{'ok  ' if over else 'FAIL'} play {game['kind']} ({game['lang']}, {game['game']}):"
            f" {game['moves']} moves by keyboard, {game['refusals']} refused with a reason,"
            f" {game['logLines']} lines in the log; first possible move"
            f" {game['firstMoveMs'] / 1000:.1f} s after opening the page;"
            f" whole game {game['totalMs'] / 1000:.1f} s; {game['status']}"
        )
        steps = game.get("steps", {})
        if steps:
            print(
                "     loading, in seconds since the page opened: Python"
                f" {steps.get('python', 0) / 1000:.1f}"
                f" ({'from the snapshot' if steps.get('snapshot') else 'started the long way'}),"
                f" library imported {steps.get('library', 0) / 1000:.1f},"
                f" first move offered {game['pageReadyMs'] / 1000:.1f}"
            )
        if not over:
            problems.append(f"the {game['kind']} game in {game['lang']} did not reach its end")
    if len(report.get("games", [])) != GAMES:
        problems.append("not every game was played")
    if first_moves:
        print(
            f"     time to the first possible move: best {min(first_moves) / 1000:.1f} s,"
            f" median {statistics.median(first_moves) / 1000:.1f} s"
            f" over {len(first_moves)} page loads"
            f" (goal: at most {GOAL_S:.0f} s on a quiet machine)"
        )
    scans = report.get("scans", [])
    serious = sum(s["serious"] for s in scans)
    verdict = "ok  " if not serious and scans else "FAIL"
    print(
        f"{verdict} accessibility (axe-core): {len(scans)} scans"
        f" of the Play page at 375x812 and 1280x900, {serious} serious or critical violations;"
        f" minor ones: {sorted({i for s in scans for i in s['ids']}) or 'none'}"
    )
    if not scans:
        problems.append("the accessibility scan did not run")
    for run in report.get("explorer", []):
        lang = run["lang"]
        found = compare(lang, wanted[lang], run["answers"])
        problems += found
        cards = sum(len(p["expected"]) for p in wanted[lang])
        print(
            f"{'ok  ' if not found else 'FAIL'} explorer ({lang}): {len(wanted[lang])} positions,"
            f" {cards} cards, {len(found)} differ from legal_moves/explain;"
            f" ready {run['readyMs'] / 1000:.1f} s, all positions {run['totalMs'] / 1000:.1f} s"
        )
    if len(report.get("explorer", [])) != 2:
        problems.append("the explorer was not checked in both languages")
    print(f"     screenshots (375x812 and 1280x900): {shots.resolve()}")
    for problem in problems[:20]:
        print(f"FAIL {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
