"""Time to the first possible move on the site's Play page, with Python
started from the memory snapshot (``docs/play_snapshot.mjs``) and without
it (Python started the long way: the wheels unpacked, the modules
imported), in headless Chromium.

Each page load is cold (a fresh browser context: nothing cached), from the
navigation's start to the moment a card or a bid of the person may be
chosen. The two pages are loaded in turn within each repeat (interleaved,
so that a change of load on a shared machine falls on both); the script
reports the median time of each with its range, the bytes the page fetched
before its first move, and the ratio of the medians. Run it from the
repository root on a site built as ``docs/check_play.py`` wants it
(``sphinx-build``, ``npm ci``, ``docs/play_assets.py``)::

    python benchmarks/bench_play_start.py docs/_build/html --repeats 7
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs"))

from check_search import find_browser, serve  # type: ignore[import-not-found, unused-ignore]  # noqa: E402

DRIVER = """
import { chromium } from "playwright-core";
const bases = JSON.parse(process.argv[1]);
const [repeats, executablePath] = [Number(process.argv[2]), process.argv[3]];
const browser = await chromium.launch({ executablePath, headless: true, args: [
  "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
const READY = '#play-hand button[data-legal="1"], #play-moves button[data-legal="1"]';
const out = Object.fromEntries(Object.keys(bases).map((k) => [k, []]));
for (let i = 0; i < repeats; i++) {
  for (const [name, base] of Object.entries(bases)) {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    const started = Date.now();
    await page.goto(base + "play.html");
    await page.waitForSelector(READY, { timeout: 180000 });
    const ms = Date.now() - started;
    const bytes = await page.evaluate(() => performance.getEntriesByType("resource")
      .reduce((sum, e) => sum + (e.encodedBodySize || 0), 0));
    out[name].push({ ms, bytes });
    await context.close();
  }
}
await browser.close();
console.log(JSON.stringify(out));
"""


def without_snapshot(site: Path, scratch: Path) -> Path:
    """A view of ``site`` (links to its files) whose Play page has no
    snapshot to start from."""
    view = scratch / "site"
    (view / "_static" / "play").mkdir(parents=True)
    (view / "play.html").symlink_to(site.resolve() / "play.html")
    for entry in (site / "_static").iterdir():
        if entry.name != "play":
            (view / "_static" / entry.name).symlink_to(entry.resolve())
    for entry in (site / "_static" / "play").iterdir():
        if entry.name != "wheels.json":
            (view / "_static" / "play" / entry.name).symlink_to(entry.resolve())
    manifest = json.loads((site / "_static" / "play" / "wheels.json").read_text())
    manifest["snapshot"] = None
    (view / "_static" / "play" / "wheels.json").write_text(json.dumps(manifest))
    return view


def main() -> int:
    """Load the page both ways, in turn; print the medians and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("site", type=Path, help="the built English site")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--browser", help="the Chromium executable (default: found on PATH)")
    args = parser.parse_args()
    browser = find_browser(args.browser)
    manifest = args.site / "_static" / "play" / "wheels.json"
    if (
        browser is None
        or not manifest.is_file()
        or not json.loads(manifest.read_text())["snapshot"]
    ):
        print("bench_play_start: needs Chromium and a site built with play_assets.py")
        return 2
    with (
        tempfile.TemporaryDirectory(prefix="bench-play-") as scratch,
        serve(args.site) as snapshot,
        serve(without_snapshot(args.site, Path(scratch))) as long_way,
    ):
        bases = {"snapshot": snapshot, "long way": long_way}
        done = subprocess.run(
            [
                "node",
                "--input-type=module",
                "-e",
                DRIVER,
                json.dumps(bases),
                str(args.repeats),
                browser,
            ],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        )
    found = json.loads(done.stdout.strip().splitlines()[-1])
    medians = {}
    for name, loads in found.items():
        times = [load["ms"] / 1000 for load in loads]
        medians[name] = statistics.median(times)
        megabytes = statistics.median(load["bytes"] for load in loads) / 1e6
        print(
            f"{name:>9}: first move after {medians[name]:.2f} s (median of {len(times)},"
            f" {min(times):.2f} to {max(times):.2f} s), {megabytes:.1f} MB fetched"
        )
    print(f"  the long way / the snapshot: {medians['long way'] / medians['snapshot']:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
