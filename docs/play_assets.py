"""Put the browser runtime of the Play page and the explorer into a built site.

The pages ``play`` and ``explorer`` run the library in the browser, in
Pyodide. This script copies into each built site given (the English one and
the Spanish one):

- ``_static/pyodide/``: the Pyodide runtime of the npm ``pyodide`` package
  (``npm ci`` at the repository root installs it, at the version that
  ``package-lock.json`` pins), so that the site serves it itself;
- ``_static/play/wheels/``: the pure wheel of pocha-rules (built here with
  ``POCHA_RULES_PURE_PYTHON=1 python -m build --wheel`` unless ``--wheel``
  names one) and attrs' wheel (downloaded from PyPI with ``pip download``
  unless ``--attrs-wheel`` names one), listed in ``_static/play/wheels.json``;
- ``_static/play/python-*.snapshot.gz``: a snapshot of Python's memory with
  the library and the pages' modules imported, made under Node.js by
  ``docs/play_snapshot.mjs`` with the same Pyodide (named in
  ``wheels.json``; the pages start from it in about a second, and without it
  start Python the long way). ``--no-snapshot`` leaves it out.

Run it from the repository root after ``sphinx-build``::

    npm ci
    python docs/play_assets.py docs/_build/html docs/_build/html/es

Without it the site still builds and works; the two pages then say that the
runtime is missing.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"
RUNTIME = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""The files of the npm package that the pages load."""


def pure_wheel(out: Path) -> Path:
    """Build the pure (uncompiled) wheel of this repository into ``out``."""
    env = {**os.environ, "POCHA_RULES_PURE_PYTHON": "1"}
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(out), str(ROOT)],
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return _one(out, "pocha_rules-*-py3-none-any.whl")


def attrs_wheel(out: Path) -> Path:
    """Download the wheel of the attrs that this Python has (any version >= 24.1)."""
    try:
        from importlib.metadata import version

        wanted = f"attrs=={version('attrs')}"
    except Exception:
        wanted = "attrs>=24.1"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "-q",
            "--no-deps",
            "--only-binary=:all:",
            "--dest",
            str(out),
            wanted,
        ],
        check=True,
    )
    return _one(out, "attrs-*.whl")


def _one(folder: Path, pattern: str) -> Path:
    found = sorted(folder.glob(pattern))
    if len(found) != 1:
        raise SystemExit(f"play_assets: expected one {pattern} in {folder}, found {len(found)}")
    return found[0]


def snapshot(site: Path, wheels: Sequence[Path], out: Path) -> Path | None:
    """Make the memory snapshot (``docs/play_snapshot.mjs``) from the pages'
    modules of the built ``site``; ``None`` when Node.js is missing."""
    node = shutil.which("node")
    if node is None:
        print("play_assets: no Node.js: the pages will start Python without a snapshot")
        return None
    script = ROOT / "docs" / "play_snapshot.mjs"
    play = site / "_static" / "play"
    scratch = out / "snapshot.gz"
    command = [node, str(script), str(scratch), str(play), *map(str, wheels)]
    subprocess.run(command, check=True, cwd=ROOT)
    digest = hashlib.sha256(scratch.read_bytes()).hexdigest()[:12]
    named = out / f"python-{digest}.snapshot.gz"
    scratch.rename(named)
    return named


def install(site: Path, wheels: Sequence[Path], memory: Path | None = None) -> None:
    """Copy the runtime, the wheels and the snapshot ``memory`` (if any)
    into the built ``site``."""
    static = site / "_static"
    if not (static / "play" / "play.js").is_file():
        raise SystemExit(f"play_assets: {site} is not a built site with the Play page")
    runtime = static / "pyodide"
    runtime.mkdir(exist_ok=True)
    for name in RUNTIME:
        shutil.copyfile(PYODIDE / name, runtime / name)
    folder = static / "play" / "wheels"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    for wheel in wheels:
        shutil.copyfile(wheel, folder / wheel.name)
    for old in (static / "play").glob("python-*.snapshot.gz"):
        old.unlink()
    if memory is not None:
        shutil.copyfile(memory, static / "play" / memory.name)
    manifest = {
        "wheels": [w.name for w in wheels],
        "snapshot": None if memory is None else memory.name,
    }
    (static / "play" / "wheels.json").write_text(json.dumps(manifest) + "\n")


def main(argv: Sequence[str] | None = None) -> int:
    """Copy the runtime and the wheels into every site named."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("sites", nargs="+", type=Path, help="built HTML sites")
    parser.add_argument("--wheel", type=Path, help="the pure wheel of pocha-rules to serve")
    parser.add_argument("--attrs-wheel", type=Path, help="the attrs wheel to serve")
    parser.add_argument(
        "--no-snapshot", action="store_true", help="serve no snapshot of Python's memory"
    )
    args = parser.parse_args(argv)
    if not (PYODIDE / "pyodide.mjs").is_file():
        print("play_assets: no node_modules/pyodide: run `npm ci` first", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="play-assets-") as scratch:
        wheel = args.wheel or pure_wheel(Path(scratch) / "pocha")
        if wheel.name.endswith("-py3-none-any.whl") is False:
            print(f"play_assets: {wheel.name} is not the pure wheel", file=sys.stderr)
            return 2
        attrs = args.attrs_wheel or attrs_wheel(Path(scratch) / "attrs")
        # The sites serve the same modules: one snapshot serves them all.
        first = args.sites[0]
        memory = None if args.no_snapshot else snapshot(first, [wheel, attrs], Path(scratch))
        for site in args.sites:
            install(site, [wheel, attrs], memory)
            made = f", {memory.name}" if memory else ""
            print(f"play_assets: {site}: Pyodide, {wheel.name}, {attrs.name}{made}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
