"""Public names shown at their public home (private)."""

from __future__ import annotations

from collections.abc import Iterable, MutableMapping

__all__ = ["show_at_home"]


def show_at_home(namespace: MutableMapping[str, object], names: Iterable[str]) -> None:
    """Give each of ``names`` in a package's ``namespace`` (its
    ``globals()``) the package as its ``__module__``, so that reprs,
    tracebacks and the API reference name it where users import it
    (``pocha_rules.Card``), not in the private module that defines it."""
    home = namespace["__name__"]
    for name in names:
        setattr(namespace[name], "__module__", home)  # noqa: B010
