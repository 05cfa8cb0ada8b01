"""What the random bots of both games share (private): a seeded choice
among the legal moves of a view."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from pocha_rules._common import checks

__all__ = ["RandomChoice"]

_V = TypeVar("_V")
_M = TypeVar("_M")


class RandomChoice(Generic[_V, _M]):
    """Plays a uniformly random legal move; reproducible with ``seed``. A
    game's bot gives ``_legal``, the legal moves of a view."""

    _legal: Callable[[_V], Sequence[_M]]

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(checks.bot_seed(seed))

    def act(self, view: _V) -> _M:
        """A random legal move of the seat to move."""
        return self._rng.choice(self._legal(view))

    def __repr__(self) -> str:
        return "RandomBot()"
