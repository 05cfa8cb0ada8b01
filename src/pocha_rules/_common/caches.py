"""The cache of tables by rule set (private), shared by the action tables,
the observation encoders and the batch and JAX engines' tables."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

__all__ = ["TableCache"]

_T = TypeVar("_T")


class TableCache(Generic[_T]):
    """Tables by rule set, built once (at most ``limit`` kept: past that the
    cache starts again empty).

    The last rule set used is found by identity, in one entry that is read
    once and replaced in one store: a free-threaded interpreter may replace
    it between two reads, which would pair one rule set with another's
    table.
    """

    def __init__(self, build: Callable[[Any], _T], *, limit: int = 64) -> None:
        self._build = build
        self._limit = limit
        self._last: list[tuple[object, _T | None]] = [(None, None)]
        self._tables: dict[object, _T] = {}

    def get(self, rules: object) -> _T:
        """The table of ``rules``."""
        last, found = self._last[0]
        if last is rules and found is not None:
            return found
        try:
            table = self._tables.get(rules)
        except TypeError:  # unhashable, so no rule set: building says what is wrong
            return self._build(rules)
        if table is None:
            table = self._build(rules)
            if len(self._tables) >= self._limit:
                self._tables.clear()
            self._tables[rules] = table
        self._last[0] = (rules, table)
        return table
