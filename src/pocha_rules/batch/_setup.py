"""The arguments both doors of the batch engine take, checked, and the
random generators they deal and choose with."""

from __future__ import annotations

import operator

import numpy as np

from pocha_rules._errors import InvalidRulesError, PochaError, say
from pocha_rules._rules import RuleSet
from pocha_rules._schedules import Round

__all__ = [
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
        raise TypeError(f"expected a RuleSet, got {type(rules).__name__}: {rules!r}")
    if round is None:
        return rules
    if isinstance(round, bool) or not isinstance(round, int | str | Round):
        raise TypeError(f"round must be a number of cards, a round text or a Round, got {round!r}")
    options = rules.options()
    options.update(schedule=(round,), tiebreak="shared")
    try:
        return RuleSet(**options)  # type: ignore[arg-type]
    except InvalidRulesError as error:
        raise PochaError(say("batch_round", round=repr(round), reason=error.reason)) from None


def check_games(games: object) -> int:
    """The number of games, checked: a whole number, 0 or more."""
    if isinstance(games, bool):
        raise TypeError(f"games must be an int, got {games!r}")
    try:
        count = operator.index(games)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"games must be an int, got {type(games).__name__}: {games!r}") from None
    if count < 0:
        raise PochaError(say("games_negative", got=count))
    return count


def resolve_seed(seed: object) -> int:
    """The seed to use: ``seed`` checked, or fresh entropy for ``None``."""
    if seed is None:
        entropy = np.random.SeedSequence().entropy
        assert isinstance(entropy, int)
        return entropy
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
        raise TypeError(f"seed must be an int, got {type(seed).__name__}: {seed!r}")
    if seed < 0:
        raise PochaError(say("seed_negative", got=seed))
    return int(seed)


def generator(seed: int, stream: int) -> np.random.Generator:
    """The generator of stream ``stream`` of ``seed`` (one per chunk of
    games): SFC64 seeded through a :class:`numpy.random.SeedSequence`."""
    return np.random.Generator(np.random.SFC64(np.random.SeedSequence(seed, spawn_key=(stream,))))


def check_dealer(dealer: object, players: int) -> int | None:
    """The first dealer of every game, checked; ``None`` draws each one."""
    if dealer is None:
        return None
    if isinstance(dealer, bool) or not isinstance(dealer, int | np.integer):
        raise TypeError(f"dealer must be an int or None, got {type(dealer).__name__}: {dealer!r}")
    if not 0 <= dealer < players:
        raise PochaError(say("dealer_out_of_range", high=players - 1, got=dealer))
    return int(dealer)


def first_dealers(
    rng: np.random.Generator, games: int, players: int, dealer: int | None
) -> np.ndarray:
    """Each game's first dealer: ``dealer`` for all, or drawn uniformly from
    ``rng`` when it is ``None``."""
    if dealer is None:
        return rng.integers(0, players, size=games, dtype=np.int64)
    return np.full(games, dealer, dtype=np.int64)
