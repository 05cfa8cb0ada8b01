"""What the Monte Carlo bots of both games share: the budget, the seed and
the choice of the move whose playouts score best (private).

A game's bot says how to list a view's moves and how to score each move over
its sampled worlds (:meth:`MonteCarloSearch._totals`); everything else is
here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from pocha_rules._common import checks
from pocha_rules._common.errors import PochaError, say

__all__ = ["MonteCarloSearch"]

_V = TypeVar("_V")
_M = TypeVar("_M")


class MonteCarloSearch(Generic[_V, _M]):
    """The skeleton of a determinised Monte Carlo bot: ``samples`` worlds per
    decision, reproducible from ``seed``; the highest total wins, the first
    move on a tie. A game's bot gives ``_legal``, the legal moves of a view
    (raising when the seat is not to move), and ``_totals``."""

    _legal: Callable[[_V], Sequence[_M]]

    def __init__(self, seed: int | None, samples: int) -> None:
        if type(samples) is not int or samples < 1:
            raise PochaError(say("samples_too_few", got=repr(samples)))
        self._rng = random.Random(checks.bot_seed(seed))
        self._samples = samples

    @property
    def samples(self) -> int:
        """The worlds drawn per decision."""
        return self._samples

    def __repr__(self) -> str:
        return f"{type(self).__name__}(samples={self._samples})"

    def act(self, view: _V) -> _M:
        """The move whose playouts score best for the seat to move."""
        moves = self._legal(view)
        if len(moves) == 1:
            return moves[0]
        totals = self._totals(view, moves)
        best = max(range(len(moves)), key=lambda i: (totals[i], -i))
        return moves[best]

    def _totals(self, view: _V, moves: Sequence[_M]) -> list[int]:
        """Each move's total for the seat over the sampled worlds."""
        raise NotImplementedError
