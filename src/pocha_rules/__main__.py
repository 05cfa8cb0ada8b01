"""``python -m pocha_rules``: the ``pocha`` command (see ``pocha --help``)."""

from __future__ import annotations

from pocha_rules._cli import program

if __name__ == "__main__":
    raise SystemExit(program())
