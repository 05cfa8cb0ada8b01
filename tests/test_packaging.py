"""What the build gives: the source distribution holds the project and nothing
else, and only the builds that compile ask for the compiler."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import tomllib
import venv
from pathlib import Path

import pytest
from hatchling.builders.sdist import SdistBuilder
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]

PROJECT = (
    ".gitignore",
    "CHANGELOG.md",
    "LICENSE",
    "README.md",
    "benchmarks",
    "docs",
    "examples",
    "hatch_build.py",
    "pyproject.toml",
    "src",
    "tests",
)
"""What the source distribution ships: the root's files and folders."""

NOT_SOURCE = shutil.ignore_patterns(
    "__pycache__",
    "*.py[cod]",
    "_build",
    "*.so",
    "*.pyd",
    ".pytest_cache",
    ".hypothesis",
    "*.mo",
)
"""What a working tree holds in those folders that is not the project:
what Python, the compiler, the tests and Sphinx leave behind (Sphinx compiles
the Spanish catalogs into ``.mo`` files next to them)."""

STRAYS = (
    # Names that the sdist's patterns would match at any depth if they
    # were not anchored at the root.
    "env-3.13/lib/site-packages/somepkg/README.md",
    "env-3.13/lib/site-packages/somepkg/LICENSE",
    "env-3.13/lib/site-packages/somepkg/CHANGELOG.md",
    "env-3.13/lib/site-packages/somepkg/hatch_build.py",
    "env-3.13/lib/site-packages/somepkg/tests/test_somepkg.py",
    "env-3.13/lib/site-packages/somepkg/docs/index.md",
    "env-3.13/lib/site-packages/somepkg/src/module.py",
    "env-3.13/lib/site-packages/somepkg/benchmarks/bench.py",
    "env-3.13/lib/site-packages/somepkg/examples/train.py",
    "notes/README.md",
    "scratch/tests/test_idea.py",
    "third_party/cards/fonts/LICENSE",
    # What .gitignore keeps out.
    ".venv/lib/site-packages/otherpkg/README.md",
    "build/lib/pocha_rules/__init__.py",
    "dist/pocha_rules-0.0.0.tar.gz",
    "docs/_build/html/index.html",
    "src/pocha_rules/__pycache__/_engine.cpython-311.pyc",
    "src/pocha_rules/_engine.cpython-311-x86_64-linux-gnu.so",
    "tests/__pycache__/conftest.cpython-311.pyc",
    ".pytest_cache/README.md",
)


def copy_project(tree: Path) -> set[str]:
    """Copy the project's files into ``tree``; their paths, relative to it."""
    for name in PROJECT:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tree / name, ignore=NOT_SOURCE)
        else:
            shutil.copy2(source, tree / name)
    return {path.relative_to(tree).as_posix() for path in tree.rglob("*") if path.is_file()}


def build_sdist(tree: Path, out: Path) -> list[str]:
    """Build the sdist of ``tree`` with hatchling; the paths of its files."""
    sdist = next(SdistBuilder(str(tree)).build(directory=str(out), versions=["standard"]))
    with tarfile.open(sdist) as archive:
        names = [member.name for member in archive.getmembers() if member.isfile()]
    top = {name.split("/", 1)[0] for name in names}
    assert top == {Path(sdist).name.removesuffix(".tar.gz")}
    return [name.split("/", 1)[1] for name in names]


def test_sdist_holds_the_project_and_nothing_else(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    tree.mkdir()
    project = copy_project(tree)
    # A real virtual environment that .gitignore does not name, and strays.
    venv.create(tree / "env-3.13", with_pip=False)
    for stray in STRAYS:
        (tree / stray).parent.mkdir(parents=True, exist_ok=True)
        (tree / stray).write_text("not part of the project\n")

    files = build_sdist(tree, tmp_path / "dist")

    assert len(files) == len(set(files))
    expected = project | {"PKG-INFO"}
    unexpected, missing = sorted(set(files) - expected), sorted(expected - set(files))
    assert (unexpected, missing) == ([], [])
    # The copy itself holds what a build and the tests need.
    for needed in (
        "pyproject.toml",
        "hatch_build.py",
        "LICENSE",
        "src/pocha_rules/__init__.py",
        "src/pocha_rules/py.typed",
        "src/pocha_rules/_pocha/engine.py",
        "tests/conftest.py",
        "tests/test_packaging.py",
        "docs/conf.py",
        "docs/_inventories/python.inv",
    ):
        assert needed in files


def build_requires(hook: str, *, pure: bool = False) -> set[str]:
    """The names of the packages a build asks for: the static requirements
    of pyproject.toml and what the backend's PEP 517 hook adds, called as a
    frontend does (in a fresh process, from the project's root)."""
    system = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]
    paths = [str(ROOT / path) for path in system.get("backend-path", [])]
    code = (
        "import importlib, json, sys\n"
        f"sys.path[:0] = {paths!r}\n"
        f"backend = importlib.import_module({system['build-backend']!r})\n"
        f"print(json.dumps(backend.{hook}()))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "POCHA_RULES_PURE_PYTHON"}
    if pure:
        env["POCHA_RULES_PURE_PYTHON"] = "1"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    requirements = [*system["requires"], *json.loads(result.stdout)]
    return {Requirement(requirement).name for requirement in requirements}


COMPILER = {"mypy", "setuptools"}


def test_a_wheel_build_asks_for_the_compiler() -> None:
    assert build_requires("get_requires_for_build_wheel") >= COMPILER


@pytest.mark.parametrize(
    ("hook", "pure"),
    [
        ("get_requires_for_build_editable", False),
        ("get_requires_for_build_wheel", True),
        ("get_requires_for_build_sdist", False),
    ],
    ids=["editable", "pure wheel", "sdist"],
)
def test_builds_that_compile_nothing_skip_the_compiler(hook: str, pure: bool) -> None:
    requires = build_requires(hook, pure=pure)
    assert "hatchling" in requires
    assert not COMPILER & requires


def test_the_wheel_ships_the_json_schemas(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import zipfile

    from hatchling.builders.wheel import WheelBuilder

    from pocha_rules.schemas import NAMES, VERSIONS

    tree = tmp_path / "tree"
    tree.mkdir()
    copy_project(tree)
    monkeypatch.setenv("POCHA_RULES_PURE_PYTHON", "1")
    wheel = next(
        WheelBuilder(str(tree)).build(directory=str(tmp_path / "dist"), versions=["standard"])
    )
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    for name in NAMES:
        assert f"pocha_rules/schemas/{name}-{VERSIONS[name]}.json" in names
    assert "pocha_rules/schemas/__init__.py" in names
    shipped = {n for n in names if n.startswith("pocha_rules/schemas/") and n.endswith(".json")}
    assert len(shipped) == len(NAMES)


def test_the_wheel_ships_the_spanish_catalogs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command line's catalogs are in the wheel as .po files (read as
    they are: there is no .mo to build), and the command installed from the
    wheel speaks Spanish."""
    import zipfile

    from hatchling.builders.wheel import WheelBuilder

    tree = tmp_path / "tree"
    tree.mkdir()
    copy_project(tree)
    monkeypatch.setenv("POCHA_RULES_PURE_PYTHON", "1")
    wheel = next(
        WheelBuilder(str(tree)).build(directory=str(tmp_path / "dist"), versions=["standard"])
    )
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        archive.extractall(site)
    for domain in ("pocha", "argparse"):
        assert f"pocha_rules/_cli/locales/es/LC_MESSAGES/{domain}.po" in names
    env = {**os.environ, "PYTHONPATH": str(site), "LANG": "es_ES.UTF-8"}
    env.pop("LANGUAGE", None)
    env.pop("LC_ALL", None)
    env.pop("LC_MESSAGES", None)
    result = subprocess.run(
        [sys.executable, "-m", "pocha_rules", "rules", "--help"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("uso: pocha rules")
    assert "Muestra todas las opciones de un juego de reglas" in result.stdout
