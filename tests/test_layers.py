"""The package's layers: no import cycle among its modules, and the rules
cores import nothing but themselves, the shared machinery, attrs and the
standard library.

Imports are read from the source with :mod:`ast`, those inside functions
included (they run too, only later); only the imports under
``if TYPE_CHECKING:`` are left out, since they never run.
"""

from __future__ import annotations

import ast
import itertools
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "src"
PACKAGE = "pocha_rules"

Graph = dict[str, dict[str, int]]
"""Each module, and the modules of the package it imports, with the line of
the first such import."""


def module_files(root: Path, package: str) -> dict[str, Path]:
    """Every module of ``package`` under ``root``, by dotted name."""
    found = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _type_checking_only(tree: ast.Module) -> set[int]:
    """The ids of the nodes inside ``if TYPE_CHECKING:`` blocks."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) in (
            "TYPE_CHECKING",
            "typing.TYPE_CHECKING",
        ):
            for statement in node.body:
                skipped.update(id(inner) for inner in ast.walk(statement))
    return skipped


def imported_names(name: str, path: Path) -> list[tuple[str, int]]:
    """The dotted names a module imports, with their lines: for
    ``from X import a``, both ``X`` and ``X.a``; relative imports resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    skipped = _type_checking_only(tree)
    found: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found.extend((alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = name if path.name == "__init__.py" else name.rpartition(".")[0]
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            found.append((base, node.lineno))
            found.extend((f"{base}.{alias.name}", node.lineno) for alias in node.names)
    return found


def import_graph(root: Path, package: str) -> Graph:
    """Which modules of the package each of its modules imports."""
    modules = module_files(root, package)
    graph: Graph = {}
    for name, path in modules.items():
        edges = graph[name] = {}
        for target, line in imported_names(name, path):
            while target and target not in modules:  # a name inside a module
                target = target.rpartition(".")[0]
            if target and target != name:
                edges.setdefault(target, line)
    return graph


def cycles(graph: Graph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's
    algorithm, iterative): the groups of modules that import one another,
    each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(graph[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(graph[target])))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        components.append(component)
    return sorted(sorted(component) for component in components)


def one_cycle(graph: Graph, component: list[str]) -> list[str]:
    """A shortest cycle through the first module of a component."""
    start = component[0]
    paths = {start: [start]}
    queue = [start]
    for node in queue:
        for target in graph[node]:
            if target == start:
                return [*paths[node], start]
            if target in component and target not in paths:
                paths[target] = [*paths[node], target]
                queue.append(target)
    raise AssertionError("a strongly connected component without a cycle")


def describe(graph: Graph, component: list[str]) -> str:
    """The modules of a component, and one cycle among them, import by import."""
    return f"{len(component)} modules: {', '.join(component)}; one cycle:\n" + "\n".join(
        f"  {importer} imports {imported} (line {graph[importer][imported]})"
        for importer, imported in itertools.pairwise(one_cycle(graph, component))
    )


GRAPH = import_graph(SOURCE, PACKAGE)


def test_the_scan_reads_every_module_and_their_imports() -> None:
    assert len(GRAPH) > 100
    # An import inside a function counts: Card.name does its work in names,
    # and names imports cards; the scan must still see names -> cards.
    assert "pocha_rules._pocha.cards" in GRAPH["pocha_rules.names"]
    assert "pocha_rules._pocha.seats" in GRAPH["pocha_rules.views"]  # inside a method


def test_no_import_cycle_among_the_package_modules() -> None:
    found = cycles(GRAPH)
    assert not found, "import cycles:\n" + "\n\n".join(describe(GRAPH, c) for c in found)


# --- the layers ---------------------------------------------------------------

COMMON = "pocha_rules._common"
POCHA_CORE = "pocha_rules._pocha"
POCH = "pocha_rules.poch"

ALLOWED_OUTSIDE = {"attrs", "__future__"} | set(sys.stdlib_module_names)
"""What the cores may import from outside the package."""


def layer(module: str) -> str | None:
    """The core layer a module belongs to, or ``None`` for the layers above
    them (the doors and their helpers)."""
    if module == COMMON or module.startswith(f"{COMMON}."):
        return "common"
    if module == POCHA_CORE or module.startswith(f"{POCHA_CORE}."):
        return "pocha"
    parent, _, last = module.rpartition(".")
    if parent == POCH and last.startswith("_"):
        return "poch"
    return None


MAY_IMPORT = {"common": {"common"}, "pocha": {"pocha", "common"}, "poch": {"poch", "common"}}
"""The package's layers each core layer may import."""


def layer_breaches(root: Path, package: str) -> list[str]:
    modules = module_files(root, package)
    breaches = []
    for name, path in modules.items():
        own = layer(name)
        if own is None:
            continue
        for target, line in imported_names(name, path):
            top = target.partition(".")[0]
            where = f"{path.relative_to(root)}:{line}: {name} imports {target}"
            if top != package:
                if top not in ALLOWED_OUTSIDE:
                    breaches.append(f"{where} (outside the standard library and attrs)")
                continue
            if target not in modules and target.rpartition(".")[0] in modules:
                continue  # a name imported from a module (X.name of `from X import name`)
            if layer(target) not in MAY_IMPORT[own]:
                breaches.append(f"{where} (a layer above)")
    return breaches


def test_the_layers_are_told_apart() -> None:
    assert layer("pocha_rules._common.errors") == "common"
    assert layer("pocha_rules._pocha.engine") == "pocha"
    assert layer("pocha_rules.poch._engine") == "poch"
    for door in ("pocha_rules.views", "pocha_rules.poch", "pocha_rules.poch.views", "pocha_rules"):
        assert layer(door) is None
    cores = {name for name in GRAPH if layer(name) is not None}
    assert {"pocha_rules._pocha.state", "pocha_rules.poch._state"} <= cores


def test_the_rules_cores_import_only_the_cores_attrs_and_the_standard_library() -> None:
    breaches = layer_breaches(SOURCE, PACKAGE)
    assert not breaches, "\n".join(breaches)


# --- the checks themselves, on a package made for them ------------------------


def _package(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")


def test_a_cycle_through_an_import_inside_a_function_is_found(tmp_path: Path) -> None:
    _package(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/_pocha/__init__.py": "",
            "pkg/a.py": "from pkg.b import thing\n",
            "pkg/b.py": """
                def thing():
                    from pkg import a
                    return a
            """,
            "pkg/c.py": """
                from typing import TYPE_CHECKING
                import pkg.a
                if TYPE_CHECKING:
                    from pkg.c2 import C
            """,
            "pkg/c2.py": "from .c import x\n",
        },
    )
    graph = import_graph(tmp_path, "pkg")
    assert graph["pkg.b"] == {"pkg": 3, "pkg.a": 3}
    assert "pkg.c2" not in graph["pkg.c"]  # under TYPE_CHECKING: never runs
    assert graph["pkg.c2"] == {"pkg.c": 1}  # a relative import
    assert cycles(graph) == [["pkg.a", "pkg.b"]]
    assert "pkg.b imports pkg.a (line 3)" in describe(graph, cycles(graph)[0])


def test_a_core_module_reaching_up_or_out_is_a_breach(tmp_path: Path) -> None:
    _package(
        tmp_path,
        {
            "pocha_rules/__init__.py": "",
            "pocha_rules/views.py": "from pocha_rules._pocha.cards import Card\n",
            "pocha_rules/_common/__init__.py": "",
            "pocha_rules/_common/errors.py": "import attrs\nimport json\n",
            "pocha_rules/_pocha/__init__.py": "",
            "pocha_rules/_pocha/cards.py": """
                from pocha_rules._common.errors import say
                def name(card):
                    from pocha_rules.views import observe
                    import numpy
            """,
        },
    )
    breaches = layer_breaches(tmp_path, "pocha_rules")
    assert [breach.split(": ", 1)[1] for breach in breaches] == [
        "pocha_rules._pocha.cards imports pocha_rules.views (a layer above)",
        "pocha_rules._pocha.cards imports numpy (outside the standard library and attrs)",
    ]


# --- the calls that go up a layer -----------------------------------------------


def upcall_names() -> list[str]:
    """``module:NAME`` of every module-level ``NAME = Upcall(...)`` (with or
    without an annotation) in the package, and ``module:NAME.to_dict`` (and
    ``from_dict``, ``from_json``) of every ``NAME = JsonUpcalls(...)``."""
    found: list[str] = []
    for name, path in module_files(SOURCE, PACKAGE).items():
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if not isinstance(node, ast.AnnAssign | ast.Assign) or not isinstance(
                node.value, ast.Call
            ):
                continue
            called = ast.unparse(node.value.func)
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if called == "Upcall":
                found.extend(f"{name}:{ast.unparse(target)}" for target in targets)
            elif called == "JsonUpcalls":
                found.extend(
                    f"{name}:{ast.unparse(target)}.{part}"
                    for target in targets
                    for part in ("to_dict", "from_dict", "from_json")
                )
    return found


def test_every_upcall_is_filled_once_the_package_is_imported() -> None:
    names = upcall_names()
    assert len(names) >= 17
    assert "pocha_rules._pocha.state:JSON.from_json" in names
    # In a fresh interpreter: importing a core module alone imports the
    # package first, whose __init__ imports the modules that fill them.
    program = textwrap.dedent(
        f"""
        import importlib, json
        empty = []
        for entry in {names!r}:
            module, _, name = entry.partition(":")
            upcall = importlib.import_module(module)
            for part in name.split("."):
                upcall = getattr(upcall, part)
            try:
                upcall.call
            except RuntimeError:
                empty.append(entry)
        print(json.dumps(empty))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True
    )
    assert json.loads(done.stdout) == []


def test_an_upcall_not_filled_says_which_module_fills_it() -> None:
    from pocha_rules._common.upcalls import Upcall

    upcall: Upcall[object] = Upcall("Thing.method", "pocha_rules.things")  # type: ignore[type-var]
    with pytest.raises(RuntimeError, match=r"Thing\.method is provided by pocha_rules\.things"):
        upcall.call  # noqa: B018
    assert upcall.fill(len) is len
    assert upcall.call is len


def test_every_module_imports_with_the_extras_mocked() -> None:
    # The docs build reads every module with the optional packages it lacks
    # replaced by stand-ins (autodoc's mocks): what a module runs at import
    # must not need more of numpy and the others than names to call.
    pytest.importorskip("sphinx", reason="needs Sphinx (pip install --group docs)")
    script = textwrap.dedent(
        """
        import importlib, pkgutil
        from sphinx.ext.autodoc.mock import mock
        extras = ["numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel",
                  "stable_baselines3", "sb3_contrib", "torch", "jax", "dask",
                  "distributed", "ray", "starlette", "uvicorn", "websockets"]
        with mock(extras):
            import pocha_rules
            for info in pkgutil.walk_packages(pocha_rules.__path__, "pocha_rules."):
                if not info.name.endswith("__main__"):
                    importlib.import_module(info.name)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
        env={**os.environ, "PYTHONPATH": str(SOURCE)},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
