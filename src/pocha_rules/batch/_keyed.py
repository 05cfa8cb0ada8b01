"""A random stream per game, for games reproducible one by one (private).

A batch deals every game from one generator, so a game's cards depend on
the games dealt beside it. A vector environment given one seed per game
deals each game from its own stream instead: :class:`KeyedUniform` stands
in for the generator the dealer draws from, and gives each game's column
the next numbers of that game's stream, SplitMix64 of the game's key and a
counter. A game draws the same count of numbers each round whatever the
other games do, so its deals depend on its key alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

import numpy as np

from pocha_rules._common.errors import PochaError, say
from pocha_rules.batch._setup import resolve_seed

if TYPE_CHECKING:
    from pocha_rules.batch._engine import Lockstep

__all__ = ["KeyedUniform", "game_keys", "mix", "split_seed"]

U64: Final = np.uint64
_GOLDEN: Final = U64(0x9E3779B97F4A7C15)
_M1: Final = U64(0xBF58476D1CE4E5B9)
_M2: Final = U64(0x94D049BB133111EB)


def mix(x: np.ndarray) -> np.ndarray:
    """SplitMix64's output function of every entry of ``uint64`` ``x`` (a
    new array)."""
    z: np.ndarray = x ^ (x >> U64(30))
    z *= _M1
    z ^= z >> U64(27)
    z *= _M2
    z ^= z >> U64(31)
    return z


def game_keys(seeds: np.ndarray, games: np.ndarray) -> np.ndarray:
    """``uint64[m]``: the key of game number ``games[i]`` (0 for the first)
    played at an index seeded ``seeds[i]`` (``uint64`` each)."""
    return mix(mix(seeds + _GOLDEN) + (games.astype(U64) + U64(1)) * _GOLDEN)


class KeyedUniform:
    """Uniform floats in [0, 1), one stream per game (see the module notes).

    Args:
        keys: ``uint64[games]``, each game's key.

    """

    def __init__(self, keys: np.ndarray) -> None:
        self.keys = keys.astype(U64)
        self.drawn = np.zeros(len(keys), dtype=U64)
        """How many numbers each game has drawn."""
        self.engine: Lockstep | None = None
        """The engine dealing, whose rows say which games draw (all of them
        until it is set)."""

    def first_dealers(self, players: int) -> np.ndarray:
        """``int64[games]``: each game's first dealer, from its key."""
        return (mix(self.keys ^ _M2) % U64(players)).astype(np.int64)

    def random(self, *, out: np.ndarray) -> np.ndarray:
        """Fill ``out``, ``float64[steps, m]``, column ``i`` with the next
        ``steps`` numbers of the ``i``-th game still playing."""
        steps, m = out.shape
        rows = np.arange(m) if self.engine is None else self.engine.rows
        keys = self.keys[rows]
        start = self.drawn[rows]
        counter = start + np.arange(1, steps + 1, dtype=U64)[:, None]
        words = mix(keys + counter * _GOLDEN)
        np.multiply(words >> U64(11), 2.0**-53, out=out)
        self.drawn[rows] = start + U64(steps)
        return out


def split_seed(seed: object, count: int) -> tuple[int | None, np.ndarray | None]:
    """A vector environment's ``reset(seed=...)`` for ``count`` games: the
    seed of the environment's streams and, given one seed per game, each
    game's (``uint64[count]``; ``None`` for one seed or none).

    Raises:
        TypeError: ``seed`` is not an int or a sequence of them.
        PochaError: ``seed`` is negative, or not one per game.

    """
    if seed is None or isinstance(seed, int | np.integer):
        return (None if seed is None else resolve_seed(seed)), None
    if not isinstance(seed, Sequence | np.ndarray) or isinstance(seed, str | bytes):
        raise TypeError(f"seed must be an int or one int per game, got {seed!r}")
    if len(seed) != count:
        raise PochaError(say("vector_seeds_count", num_envs=count, count=len(seed)))
    each = [resolve_seed(one) for one in seed]
    games = np.array(
        [np.random.SeedSequence(one).generate_state(1, np.uint64)[0] for one in each],
        dtype=np.uint64,
    )
    return int(np.random.SeedSequence(each).generate_state(1, np.uint64)[0]), games
