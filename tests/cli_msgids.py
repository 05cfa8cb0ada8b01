"""The English texts of the command line, read from its source.

Every ``_("...")``, ``N_("...")`` and ``ngettext("...", "...", n)`` call in
``src/pocha_rules/_cli`` with literal strings; tests/test_cli_lang.py checks
that each one is in the Spanish catalog. :func:`reached_msgids` keeps those
that code reachable from given names can show: tests/poch/test_cli_languages.py
checks that each text ``pocha poch`` can show, in Poch's own modules or in
those shared with Pocha, is in the German catalog. Run as a script, it prints
the entries the Spanish catalog lacks, in .po form, ready to translate.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable
from pathlib import Path

CLI = Path(__file__).resolve().parent.parent / "src" / "pocha_rules" / "_cli"


def msgids() -> dict[str, tuple[str | None, list[str]]]:
    """Each msgid to its plural (or None) and the places it is used."""
    found: dict[str, tuple[str | None, list[str]]] = {}
    for path in sorted(CLI.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            name = node.func.id
            if name not in ("_", "N_", "ngettext"):
                continue
            texts = [arg.value for arg in node.args if isinstance(arg, ast.Constant)]
            if not texts or not isinstance(texts[0], str):
                raise AssertionError(f"{path.name}:{node.lineno}: {name}() takes a literal string")
            plural = texts[1] if name == "ngettext" and len(texts) > 1 else None
            assert plural is None or isinstance(plural, str)
            where = f"{path.relative_to(CLI).as_posix()}:{node.lineno}"
            entry = found.setdefault(texts[0], (plural, []))
            entry[1].append(where)
    return found


class _Module:
    """One module of ``_cli``: its top-level names (each a function, a
    class or an assigned constant, with the lines it spans), the names it
    imports, and the names each top-level name refers to."""

    def __init__(self, name: str, path: Path) -> None:
        self.name = name
        self.path = path.relative_to(CLI).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        self.imported: dict[str, tuple[str, str | None]] = {}
        for node in ast.walk(tree):  # imports inside functions count too
            if isinstance(node, ast.ImportFrom) and node.module:
                for alias in node.names:
                    self.imported[alias.asname or alias.name] = (node.module, alias.name)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname:
                        self.imported[alias.asname] = (alias.name, None)
        self.spans: dict[str, list[tuple[int, int]]] = {}
        self.uses: dict[str, set[tuple[str, str]]] = {}
        for statement in tree.body:
            if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names = [statement.name]
            elif isinstance(statement, ast.Assign | ast.AnnAssign):
                targets = (
                    statement.targets if isinstance(statement, ast.Assign) else [statement.target]
                )
                names = [t.id for t in targets if isinstance(t, ast.Name)]
            else:
                continue
            for name in names:
                span = (statement.lineno, statement.end_lineno or statement.lineno)
                self.spans.setdefault(name, []).append(span)
                self.uses.setdefault(name, set()).update(self._refers(statement))

    def _refers(self, statement: ast.stmt) -> set[tuple[str, str]]:
        """The (module, name) pairs ``statement`` refers to: a name of this
        module or one it imports (not a function's own name that hides it),
        or ``alias.name`` of a module it imports."""
        found: set[tuple[str, str]] = set()

        def visit(node: ast.AST, local: frozenset[str]) -> None:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                arguments = node.args
                every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
                every += [a for a in (arguments.vararg, arguments.kwarg) if a is not None]
                stored = {
                    n.id
                    for n in ast.walk(node)
                    if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
                }
                local = local | {a.arg for a in every} | stored
            if isinstance(node, ast.Name) and node.id not in local:
                if node.id in self.imported:
                    module, name = self.imported[node.id]
                    if name is not None:
                        found.add((module, name))
                else:
                    found.add((self.name, node.id))
            elif (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in self.imported
                and node.value.id not in local
            ):
                module, name = self.imported[node.value.id]
                # m.f after "import m as m", or after "from package import m"
                where = module if name is None else f"{module}.{name}"
                found.add((where, node.attr))
            for child in ast.iter_child_nodes(node):
                visit(child, local)

        visit(statement, frozenset())
        return found


def cli_modules() -> dict[str, Path]:
    """The modules of ``_cli`` by name (``pocha_rules._cli.simulate``), each
    to its file."""
    found = {}
    for path in sorted(CLI.rglob("*.py")):
        parts = path.relative_to(CLI.parent.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def reached_msgids(
    roots: Iterable[tuple[str, str]], stops: Iterable[tuple[str, str]] = ()
) -> dict[str, tuple[str | None, list[str]]]:
    """The texts of :func:`msgids` that code reachable from ``roots`` can
    show: each root is a (module, name) of ``_cli`` (``name`` ``"*"``: all
    the module's names), followed through the names each one refers to,
    in its module or imported from another (``from m import f``,
    ``m.f`` after ``import m as m``), never into ``stops``.

    A class brings all its methods, a constant all of its value. A module
    handed over as a value, not through one of its names, brings nothing
    (the games' options modules in ``games.GAMES``), nor does a name looked
    up by a string."""
    modules = {name: _Module(name, path) for name, path in cli_modules().items()}
    todo: list[tuple[str, str]] = []
    for module, name in roots:
        names = modules[module].spans if name == "*" else [name]
        todo.extend((module, each) for each in names)
    seen: set[tuple[str, str]] = set(stops)
    lines: dict[str, set[int]] = {}
    while todo:
        module, name = todo.pop()
        if (module, name) in seen:
            continue
        seen.add((module, name))
        if f"{module}.{name}" in modules:  # from package import submodule
            continue
        found = modules.get(module)
        if found is None or name not in found.spans:
            continue  # outside _cli, or a builtin or local name
        for first, last in found.spans[name]:
            lines.setdefault(found.path, set()).update(range(first, last + 1))
        todo.extend(found.uses[name])
    reached: dict[str, tuple[str | None, list[str]]] = {}
    for msgid, (plural, places) in msgids().items():
        here = [
            p for p in places if int(p.rpartition(":")[2]) in lines.get(p.rpartition(":")[0], ())
        ]
        if here:
            reached[msgid] = (plural, here)
    return reached


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


if __name__ == "__main__":
    sys.path.insert(0, str(CLI.parent.parent))
    from pocha_rules._cli.i18n import catalog_path, read_po

    known = read_po(catalog_path("es"))
    for msgid, (plural, places) in msgids().items():
        if msgid in known:
            continue
        print(f"#: {' '.join(places)}")
        print(f"msgid {_quoted(msgid)}")
        if plural is None:
            print('msgstr ""\n')
        else:
            print(f"msgid_plural {_quoted(plural)}")
            print('msgstr[0] ""\nmsgstr[1] ""\n')
