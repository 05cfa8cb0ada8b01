"""The English texts of the command line, read from its source.

Every ``_("...")``, ``N_("...")`` and ``ngettext("...", "...", n)`` call in
``src/pocha_rules/_cli`` with literal strings; tests/test_cli_lang.py checks
that each one is in the Spanish catalog. Run as a script, it prints the
entries the catalog lacks, in .po form, ready to translate.
"""

from __future__ import annotations

import ast
import sys
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
