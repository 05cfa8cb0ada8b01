"""Check, in a real browser, ``pocha serve``: friends at one table.

This script starts a real ``pocha serve`` (on a free loopback port, with a
fresh database), sets up tables through its HTTP API, and has
``docs/check_serve.mjs`` drive headless Chromium through the pages' own
buttons:

- a whole game of Pocha with four people, each in a browser context of
  their own (two in English, two in Spanish), and one of Poch with three
  (German, English, Spanish);
- the first page, in Spanish, setting up a table of Poch with a bot (a
  link for each person's seat, one for spectators);
- a spectator watching each game, whose page has no hand and says so;
- a link with a wrong token, refused with its error code and message;
- in the middle of each game one player closes the page and opens the same
  link again: the others see them leave and come back, and they are given
  the view they had.

Along the way every page must say the same seat is to move. At the end, the
view each page kept from the events (``view.js``) must equal the view the
server sends a seat that connects afresh (its compact view, made by the
library), the log must have said each move, and the game's record link must
be offered. Screenshots go to a folder (``--screenshots``). Run it from the
repository root (``npm ci`` first) with the ``serve`` extra installed::

    python docs/check_serve.py --screenshots serve-screenshots

The exit status is 0 when everything agrees, 1 otherwise, and 2 when no
browser, Node.js, ``node_modules`` or serve extra is found.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

from check_search import find_browser  # noqa: E402

TABLES: list[dict[str, Any]] = [
    {
        "name": "pocha",
        "settings": {"game": "pocha", "preset": "short", "players": 4},
        "langs": ["en", "es"],
        "seed": 7,
    },
    {
        "name": "poch",
        "settings": {"game": "poch", "preset": "short", "players": 3},
        "langs": ["de", "en", "es"],
        "seed": 11,
    },
]


def main(argv: Sequence[str] | None = None) -> int:
    """Start a server, play, compare."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--browser", help="the Chromium executable (default: found on PATH)")
    parser.add_argument(
        "--screenshots", type=Path, default=Path("serve-screenshots"), help="save them here"
    )
    args = parser.parse_args(argv)
    browser = find_browser(args.browser)
    node = shutil.which("node")
    try:
        import uvicorn  # noqa: F401
        from websockets.sync.client import connect  # noqa: F401

        extra = True
    except ImportError:
        extra = False
    missing = [
        what
        for what, ok in (
            ("Chromium (apt-get install chromium)", browser),
            ("Node.js", node),
            ("node_modules (npm ci)", (ROOT / "node_modules" / "playwright-core").is_dir()),
            ('the serve extra (pip install ".[serve]")', extra),
        )
        if not ok
    ]
    if missing:
        print(f"check_serve: missing {', '.join(missing)}", file=sys.stderr)
        return 2
    assert browser is not None
    assert node is not None
    from tests.serve_client import Client, Server

    shots = args.screenshots.resolve()
    shots.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="check-serve-") as scratch:
        folder = Path(scratch)
        server = Server(folder / "tables.sqlite3", folder / "server.log").start()
        try:
            config: dict[str, Any] = {"tables": []}
            answers = []
            for table in TABLES:
                answer = server.table(**table["settings"])
                answers.append(answer)
                links = [seat["link"] for seat in answer["seats"]]
                spectator = answer["spectator"]
                config["tables"].append({**table, "links": links, "spectator": spectator})
            given = folder / "config.json"
            given.write_text(json.dumps(config))
            out = folder / "found.json"
            command = [node, str(HERE / "check_serve.mjs"), str(given), str(out), browser]
            subprocess.run([*command, str(shots)], check=False, timeout=600, cwd=ROOT)
            report: dict[str, Any] = (
                json.loads(out.read_text()) if out.is_file() else {"errors": ["no report"]}
            )
            problems = list(report.get("errors", []))
            played = report.get("tables", [])
            for table, answer, found in zip(TABLES, answers, played, strict=False):
                problems += compare(server, Client, table, answer, found)
            if len(report.get("tables", [])) != len(TABLES):
                problems.append("not every table was played")
            made = report.get("setUp") or {}
            if made.get("seats") != [0, 2] or not made.get("table"):
                problems.append(f"the first page did not set up a table as asked: {made}")
        finally:
            server.stop()
    for found in report.get("tables", []):
        print(f"check_serve: {found['name']}: {found['moves']} moves played in the browsers")
    print(f"check_serve: {time.monotonic() - started:.1f} s; screenshots in {shots}")
    for problem in problems:
        print(f"check_serve: {problem}", file=sys.stderr)
    return 1 if problems else 0


def compare(
    server: Any, client: Any, table: dict[str, Any], answer: dict[str, Any], found: dict[str, Any]
) -> list[str]:
    """What the pages of one table showed against what the server says."""
    name = table["name"]
    problems = []
    refused = found["refused"]
    if refused["code"] != "token_unknown" or refused["hand"]:
        problems.append(f"{name}: the wrong token was not refused as it should be: {refused}")
    if found["reconnected"] is None:
        problems.append(f"{name}: nobody reconnected")
    for seat in answer["seats"]:
        token = seat["link"].split("#token=", 1)[1]
        fresh = client(server, answer["id"], token)
        if found["views"][str(seat["seat"])] != fresh.view:
            problems.append(f"{name}: seat {seat['seat']}'s page ended with another view")
        fresh.close()
        log = found["logs"][str(seat["seat"])]
        # A line for each move at least (seat 2's since it came back).
        since = found["reconnected"] if seat["seat"] == 2 else 0
        if len(log) < found["moves"] - since:
            problems.append(f"{name}: seat {seat['seat']}'s log said {len(log)} lines")
    watcher = client(server, answer["id"])
    if found["spectator"] != watcher.view or found["spectatorHand"]:
        problems.append(f"{name}: the spectator's page differs from a spectator's view")
    watcher.close()
    if watcher.view["to_move"] is not None:
        problems.append(f"{name}: the game did not end")
    if not found.get("record", "").endswith(f"/api/tables/{answer['id']}/record"):
        problems.append(f"{name}: no link to the record")
    status, record = server.get(f"/api/tables/{answer['id']}/record")
    if status != 200 or record.get("format") != f"{table['settings']['game']}-record":
        problems.append(f"{name}: the record did not download: {status}")
    return problems


if __name__ == "__main__":
    sys.exit(main())
