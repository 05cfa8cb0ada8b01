r"""Ratings from head-to-head results: the Bradley-Terry model on the Elo
scale, with 95% confidence intervals.

Each pairing of two players gives a number of *comparisons* (in a
tournament, the duplicate sets two bots played against each other), each a
win, a draw or a loss. The Bradley-Terry model gives every player a
strength :math:`\\theta`; the chance that *i* beats *j* is
:math:`1 / (1 + e^{\\theta_j - \\theta_i})`. A draw counts as half a win for
each side. The strengths that make the results most likely are found by
the minorisation-maximisation iteration (Hunter, 2004), and shown on the
Elo scale (:math:`400 / \\ln 10` points per unit of :math:`\\theta`, so a
lead of 200 points means winning about 76% of comparisons), centred so
that the players' mean rating is zero.

**The prior.** A player that won every comparison would have an infinite
rating; to keep every rating finite, each pair of rated players is given
one *virtual draw* (half a point each way) before any result. This is a
prior that pulls ratings towards each other, and its weight is that of one
comparison per pair: with few comparisons it matters, with many it fades.
So an unbeaten player's rating still grows with the number of its wins
(after ``n`` wins in ``n`` comparisons against one rival, its lead is
``ELO_PER_UNIT * ln(2n + 1)``: about 530 points after 10, 830 after 60),
because the data support a larger lead, but it is never infinite. The
standard errors come from the curvature of the likelihood at its maximum
(the observed information), which gives each rating a 95% interval of
about :math:`\\pm 1.96` standard errors; :attr:`Rating.comparisons` says how
many comparisons a rating rests on.

**Unrated players.** A player with no comparisons has no rating: its
``elo`` and interval are NaN, and it is listed after every rated player.

>>> table = ratings(["a", "b", "c"], [("a", "b", 30, 10), ("b", "c", 25, 15), ("a", "c", 35, 5)])
>>> [rating.name for rating in table]
['a', 'b', 'c']
>>> table[0].elo > 0 > table[2].elo
True
>>> table[0].low < table[0].elo < table[0].high
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Final

import attrs

from pocha_rules._common.errors import PochaError, say

__all__ = ["Rating", "ratings"]

ELO_PER_UNIT: Final = 400 / math.log(10)
"""Elo points per unit of Bradley-Terry strength."""

_Z95: Final = 1.959963984540054
_PRIOR_DRAWS: Final = 1.0


@attrs.frozen
class Rating:
    """A player's rating.

    Attributes:
        name: The player.
        elo: The rating on the Elo scale; the rated players' mean is
            zero. NaN for a player without comparisons (unrated).
        stderr: Its standard error, in Elo points.
        low: The low end of its 95% interval.
        high: The high end of its 95% interval.
        score: The share of its comparisons it won (a draw is half a win).
        comparisons: How many comparisons it played.

    """

    name: str
    elo: float
    stderr: float
    low: float
    high: float
    score: float
    comparisons: int

    def as_dict(self) -> dict[str, object]:
        """The rating as JSON-ready values."""
        rated = self.comparisons > 0
        return {
            "name": self.name,
            "elo": self.elo if rated else None,
            "stderr": self.stderr if rated else None,
            "ci95": [self.low, self.high] if rated else None,
            "score": None if math.isnan(self.score) else self.score,
            "comparisons": self.comparisons,
        }


def ratings(
    names: Sequence[str], results: Iterable[tuple[str, str, float, float]]
) -> list[Rating]:
    """The Bradley-Terry ratings of ``names`` from ``results``, best first.

    Args:
        names: The players (at least two).
        results: ``(first, second, first_points, second_points)`` for each
            pairing (a pairing may come more than once): a win is a point
            for the winner, a draw half a point for each.

    Raises:
        PochaError: A result names a player not in ``names``, pairs a player
            with itself, or has a negative count.

    """
    players = list(names)
    k = len(players)
    if k < 2 or len(set(players)) != k:
        raise PochaError(say("ratings_players", got=repr(players)))
    index = {name: i for i, name in enumerate(players)}
    points = [[0.0] * k for _ in range(k)]
    played = [0.0] * k
    for first, second, a, b in results:
        for name in (first, second):
            if name not in index:
                raise PochaError(say("ratings_unknown_player", name=repr(name)))
        if first == second:
            raise PochaError(say("ratings_self_pair", name=repr(first)))
        if a < 0 or b < 0:
            raise PochaError(say("ratings_negative", first=repr(first), second=repr(second)))
        i, j = index[first], index[second]
        points[i][j] += a
        points[j][i] += b
        played[i] += a + b
        played[j] += a + b
    # Only the players with comparisons are rated: the others have no data
    # to rest on, and are listed last, unrated.
    rated = [i for i in range(k) if played[i]]
    theta = dict.fromkeys(range(k), math.nan)
    variances = dict.fromkeys(range(k), math.nan)
    if rated:
        fitted, spread = _rate([[points[i][j] for j in rated] for i in rated], len(rated))
        for position, i in enumerate(rated):
            theta[i], variances[i] = fitted[position], spread[position]
    table = []
    for i, name in enumerate(players):
        elo = ELO_PER_UNIT * theta[i]
        stderr = ELO_PER_UNIT * math.sqrt(max(variances[i], 0.0))
        won = sum(points[i])
        table.append(
            Rating(
                name=name,
                elo=elo,
                stderr=stderr,
                low=elo - _Z95 * stderr,
                high=elo + _Z95 * stderr,
                score=won / played[i] if played[i] else math.nan,
                comparisons=round(played[i]),
            )
        )
    table.sort(
        key=lambda rating: (math.isnan(rating.elo), -rating.elo if rating.comparisons else 0)
    )
    return table


def _rate(points: list[list[float]], k: int) -> tuple[list[float], list[float]]:
    """The centred strengths and their variances, from each player's points
    against each other, with the prior's virtual draws added."""
    # The virtual draws: half a point each way between every pair.
    games = [
        [0.0 if i == j else points[i][j] + points[j][i] + _PRIOR_DRAWS for j in range(k)]
        for i in range(k)
    ]
    wins = [sum(points[i]) + _PRIOR_DRAWS / 2 * (k - 1) for i in range(k)]
    strength = _fit(games, wins)
    theta = [math.log(p) for p in strength]
    mean = sum(theta) / k
    return [t - mean for t in theta], _variances(games, strength)


def _fit(games: list[list[float]], wins: list[float]) -> list[float]:
    """The maximum-likelihood strengths (Hunter's MM iteration)."""
    k = len(wins)
    strength = [1.0] * k
    for _ in range(10_000):
        new = []
        for i in range(k):
            denominator = sum(
                games[i][j] / (strength[i] + strength[j]) for j in range(k) if j != i
            )
            new.append(wins[i] / denominator)
        total = math.exp(sum(math.log(p) for p in new) / k)
        new = [p / total for p in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < 1e-12:
            break
    return strength


def _variances(games: list[list[float]], strength: list[float]) -> list[float]:
    """The variance of each centred strength: the diagonal of the
    pseudo-inverse of the observed information (a weighted graph Laplacian,
    whose null space is the common shift of every strength)."""
    k = len(strength)
    weight = [
        [
            0.0
            if i == j
            else games[i][j] * strength[i] * strength[j] / (strength[i] + strength[j]) ** 2
            for j in range(k)
        ]
        for i in range(k)
    ]
    # L+ = (L + J/k)^-1 - J/k for a connected graph (J: all ones).
    matrix = [
        [(sum(weight[i]) if i == j else -weight[i][j]) + 1 / k for j in range(k)] for i in range(k)
    ]
    inverse = _invert(matrix)
    return [inverse[i][i] - 1 / k for i in range(k)]


def _invert(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small symmetric positive definite matrix
    (Gauss-Jordan elimination with partial pivoting)."""
    k = len(matrix)
    rows = [row[:] + [1.0 if i == j else 0.0 for j in range(k)] for i, row in enumerate(matrix)]
    for column in range(k):
        pivot = max(range(column, k), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        lead = rows[column][column]
        rows[column] = [value / lead for value in rows[column]]
        for r in range(k):
            if r != column and rows[r][column]:
                factor = rows[r][column]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[column], strict=True)]
    return [row[k:] for row in rows]
