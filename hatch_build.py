"""Build hook and build backend: compile the engine's hot modules with mypyc.

A wheel built from this source tree (``pip install .``, ``python -m build``)
carries the modules of :data:`COMPILED` as C extensions next to their Python
source, and CPython imports the extensions. The source is the same: mypyc
compiles the typed Python that the pure build runs.

Left pure (a ``py3-none-any`` wheel):

* editable installs (``pip install -e .``), so that an edited module takes
  effect without a rebuild;
* any build with ``POCHA_RULES_PURE_PYTHON=1`` in the environment;
* a build where compiling fails (no C compiler, say): the hook says why on
  standard error and the wheel is built from the Python source alone.
  ``pocha --version`` tells which build is installed.

Compiling needs :data:`COMPILER_REQUIRES` in the build environment; the
builds that compile nothing do not install them. pyproject.toml names this
module as the build backend: it is hatchling's, except that an editable
install does not ask for the compiler. (hatchling asks a hook for its
dependencies without saying whether the build is editable.)
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.build import (
    build_editable,
    build_sdist,
    build_wheel,
    get_requires_for_build_sdist,
    get_requires_for_build_wheel,
)
from hatchling.build import get_requires_for_build_editable as _hatchling_requires_for_editable
from hatchling.builders.hooks.plugin.interface import BuildHookInterface

__all__ = [
    "build_editable",
    "build_sdist",
    "build_wheel",
    "get_requires_for_build_editable",
    "get_requires_for_build_sdist",
    "get_requires_for_build_wheel",
]

COMPILED = (
    "_pocha/bidding",
    "_pocha/engine",
    "_pocha/estimates",
    "_pocha/play",
    "_pocha/playout",
    "_pocha/scoring",
    "_pocha/shuffle",
    "_pocha/state",
    "_pocha/tables",
    "_pocha/world",
    "poch/_betting",
    "poch/_dealing",
    "poch/_engine",
    "poch/_payments",
    "poch/_shedding",
    "poch/_state",
    "poch/_trump_pools",
)
"""The modules of ``pocha_rules`` on the hot path of legal_moves, apply,
the rollouts and the Monte Carlo bot's playouts (Pocha's under ``_pocha/``,
Poch's under ``poch/``). The others (attrs classes,
the command line, records, views) stay interpreted: they gain little, and
mypyc cannot compile attrs fields with converters."""

PACKAGE = "pocha_rules"

COMPILER_REQUIRES = ("mypy>=2.4,<3", "attrs>=24.1", "setuptools>=75")
"""What compiling needs: mypyc ships with mypy, mypy type-checks the modules
against attrs, and setuptools drives the C compiler."""


def pure_python_requested() -> bool:
    """Whether ``POCHA_RULES_PURE_PYTHON`` asks for a pure build."""
    return os.environ.get("POCHA_RULES_PURE_PYTHON", "") not in ("", "0")


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    """PEP 660: hatchling's requirements for an editable wheel, without the
    compiler, since an editable install compiles nothing."""
    return [
        requirement
        for requirement in _hatchling_requires_for_editable(config_settings)
        if requirement not in COMPILER_REQUIRES
    ]


class MypycHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compiles :data:`COMPILED` into the wheel, unless the build is pure."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        return [] if pure_python_requested() else list(COMPILER_REQUIRES)

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        self._scratch: tempfile.TemporaryDirectory[str] | None = None
        if self.target_name != "wheel" or version == "editable":
            return
        if pure_python_requested():
            return
        # Kept until the wheel is written (finalize), which copies from it.
        self._scratch = tempfile.TemporaryDirectory(prefix="pocha-mypyc-")
        # Any failure, mypy's exit on an error included, means a pure wheel.
        try:
            built = self._compile(Path(self._scratch.name))
        except (Exception, SystemExit) as error:
            print(
                f"pocha-rules: compiling with mypyc failed ({error!r}); "
                "building a pure Python wheel",
                file=sys.stderr,
            )
            self._scratch.cleanup()
            self._scratch = None
            return
        for source, target in built.items():
            build_data["force_include"][str(source)] = target
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if self._scratch is not None:
            self._scratch.cleanup()

    def _compile(self, scratch: Path) -> dict[Path, str]:
        """Compile in ``scratch``; map each extension built to its place in
        the wheel."""
        # mypyc's builder and setuptools are build dependencies of this hook
        # only (see pyproject.toml), imported when a compiled wheel is built.
        from mypyc.build import mypycify
        from setuptools import Distribution

        root = Path(self.root)
        sources = [f"src/{PACKAGE}/{name}.py" for name in COMPILED]
        cwd = os.getcwd()
        os.chdir(root)  # mypy finds the package and its config from the root
        try:
            extensions = mypycify(
                [*sources, "--cache-dir", str(scratch / "mypy-cache")],
                opt_level="3",
                debug_level="0",
                # The runtime shared by the modules: pocha_rules__mypyc.*.so
                # at the top of the wheel, rather than a name made of a hash.
                group_name=PACKAGE,
                target_dir=str(scratch / "c"),
            )
            distribution = Distribution({"name": PACKAGE, "ext_modules": extensions})
            command = distribution.get_command_obj("build_ext")
            command.build_lib = str(scratch / "lib")
            command.build_temp = str(scratch / "tmp")
            command.ensure_finalized()
            command.run()
        finally:
            os.chdir(cwd)
        lib = scratch / "lib"
        return {
            path: path.relative_to(lib).as_posix() for path in lib.rglob("*") if path.is_file()
        }
