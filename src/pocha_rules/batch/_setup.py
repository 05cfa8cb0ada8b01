"""The arguments both doors of the batch engine take, checked, and the
random generators they deal and choose with."""

from __future__ import annotations

from typing import Final

import numpy as np

from pocha_rules._common.checks import whole
from pocha_rules._common.errors import InvalidRulesError, PochaError, say
from pocha_rules._common.text import got, shown
from pocha_rules._pocha.game import MAX_SEED_BITS
from pocha_rules._pocha.rules import RuleSet
from pocha_rules._pocha.schedules import Round

__all__ = [
    "MAX_GAMES",
    "check_chunk",
    "check_dealer",
    "check_games",
    "first_dealers",
    "game_rules",
    "generator",
    "resolve_seed",
]


def game_rules(rules: object, round: int | str | Round | None) -> RuleSet:
    """The rules the batch plays: ``rules``, or with ``round`` given, the
    rules of a game of that one round (its only schedule entry, no tiebreak
    rounds)."""
    if not isinstance(rules, RuleSet):
        raise TypeError(f"expected a RuleSet, got {got(rules)}")
    if round is None:
        return rules
    if isinstance(round, bool) or not isinstance(round, int | str | Round):
        raise TypeError(
            f"round must be a number of cards, a round text or a Round, got {got(round)}"
        )
    options = rules.options()
    options.update(schedule=(round,), tiebreak="shared")
    try:
        return RuleSet(**options)  # type: ignore[arg-type]
    except InvalidRulesError as error:
        raise PochaError(say("batch_round", round=shown(round), reason=error.reason)) from None


MAX_GAMES: Final = 2**40
"""The most games one batch may hold: far more than memory holds the
results of (each game's scores alone take 8 bytes a seat)."""


def check_games(games: object) -> int:
    """The number of games, checked: a whole number, 0 to :data:`MAX_GAMES`."""
    count = whole(games, "games")
    if count < 0:
        raise PochaError(say("games_negative", got=shown(count)))
    if count > MAX_GAMES:
        raise PochaError(say("games_too_many", got=shown(count)))
    return count


def check_chunk(chunk: object) -> int:
    """The number of games played at once, checked: a whole number, 1 or more."""
    size = whole(chunk, "chunk")
    if size < 1:
        raise PochaError(say("chunk_too_small", got=shown(size)))
    return size


def resolve_seed(seed: object) -> int:
    """The seed to use: ``seed`` checked (0 or more, below ``2**256``, as
    a game record holds it), or fresh entropy for ``None``."""
    if seed is None:
        entropy = np.random.SeedSequence().entropy
        assert isinstance(entropy, int)
        return entropy
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
        raise TypeError(f"seed must be an int, got {got(seed)}")
    value = int(seed)
    if value < 0:
        raise PochaError(say("seed_negative", got=shown(value)))
    if value.bit_length() > MAX_SEED_BITS:
        raise PochaError(say("batch_seed_too_large", bits=MAX_SEED_BITS, got=shown(value)))
    return value


def generator(seed: int, stream: int) -> np.random.Generator:
    """The generator of stream ``stream`` of ``seed`` (one per chunk of
    games): SFC64 seeded through a :class:`numpy.random.SeedSequence`."""
    return np.random.Generator(np.random.SFC64(np.random.SeedSequence(seed, spawn_key=(stream,))))


def check_dealer(dealer: object, players: int) -> int | None:
    """The first dealer of every game, checked; ``None`` draws each one."""
    if dealer is None:
        return None
    if isinstance(dealer, bool) or not isinstance(dealer, int | np.integer):
        raise TypeError(f"dealer must be an int or None, got {got(dealer)}")
    if not 0 <= dealer < players:
        raise PochaError(say("dealer_out_of_range", high=players - 1, got=shown(dealer)))
    return int(dealer)


def first_dealers(
    rng: np.random.Generator, games: int, players: int, dealer: int | None
) -> np.ndarray:
    """Each game's first dealer: ``dealer`` for all, or drawn uniformly from
    ``rng`` when it is ``None``."""
    if dealer is None:
        return rng.integers(0, players, size=games, dtype=np.int64)
    return np.full(games, dealer, dtype=np.int64)
