"""What the two vector environments on the batch engine share (private):
:class:`~pocha_rules.vector.VectorEnv` (every seat's decisions are the
caller's) and :class:`~pocha_rules.learner_vector.LearnerVectorEnv` (one
learner's seat). Both check their rules and number of games the same way,
reseed the same streams on ``reset(seed=...)``, check an array of action
ids the same way, draw random legal ids from the legal moves kept as bits,
and give a game's record."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import numpy as np

from pocha_rules._common.checks import number_param
from pocha_rules._common.errors import InvalidActionError, PochaError, say
from pocha_rules._opponents import build
from pocha_rules._pocha.rules import RuleSet
from pocha_rules._vector_bots import reads_views
from pocha_rules.actions import ActionTable
from pocha_rules.batch import BatchGames
from pocha_rules.batch._buffers import ArrayPool
from pocha_rules.batch._ids import ids_in_range
from pocha_rules.batch._keyed import split_seed
from pocha_rules.batch._sample import NO_DECISION, id_table, random_bits
from pocha_rules.batch._setup import check_games, resolve_seed
from pocha_rules.bots import Bot
from pocha_rules.records import GameRecord

__all__ = ["VectorActionError", "VectorGames", "checked_rules", "generator", "whole_ids"]


class VectorActionError(InvalidActionError):
    """A malformed action array refused by :meth:`VectorEnv.step`: no game
    moved.

    Attributes:
        game: The index of the (first) game whose action was refused, or
            ``None`` when the array as a whole is wrong (its shape).
        action: The entry refused (the whole array's shape when ``game`` is
            ``None``).
        seat: The seat to move in that game, or ``None``.
        reason: Why it was refused.

    """

    def __init__(self, game: int | None, action: object, seat: int | None, reason: str) -> None:
        self.game = game
        super().__init__(action, seat, reason)
        where = "the action array" if game is None else f"game {game}"
        who = "" if seat is None else f" (seat {seat} to move)"
        self.args = (f"invalid action {action!r} for {where}{who}: {self.reason}",)


VectorActionError.__module__ = "pocha_rules.vector"  # its public home


def checked_rules(rules: RuleSet | None, num_envs: object) -> tuple[RuleSet, int]:
    """The rules (the defaults for ``None``) and the number of games.

    Raises:
        TypeError: ``rules`` is not a RuleSet, or ``num_envs`` not an int.
        PochaError: ``num_envs`` is less than one.

    """
    if rules is None:
        rules = RuleSet()
    if not isinstance(rules, RuleSet):
        raise TypeError(f"expected a RuleSet, got {type(rules).__name__}: {rules!r}")
    count = check_games(num_envs)
    if count == 0:
        raise PochaError(say("num_envs_too_small"))
    return rules, count


def generator(seed: int, stream: int) -> np.random.Generator:
    """The generator of stream number ``stream`` of ``seed``."""
    return np.random.Generator(np.random.SFC64(np.random.SeedSequence(seed, spawn_key=(stream,))))


def whole_ids(
    actions: object, wanted: np.ndarray, seat_of: Callable[[int], int | None], size: int
) -> tuple[np.ndarray, np.ndarray]:
    """An array of one action id per game, checked where an action is
    ``wanted``: the array's ids and whether each is from 0 to ``size - 1``.

    Raises:
        VectorActionError: The array is not one whole number per game, or a
            wanted id is out of range (the error names the first such game
            and its seat, ``seat_of(game)``).

    """
    given = np.asarray(actions)
    count = len(wanted)
    if given.shape != (count,):
        raise VectorActionError(
            None, given.shape, None,
            f"one action per game is needed, shape ({count},); got shape {given.shape}",
        )  # fmt: skip
    if given.dtype == bool or not np.issubdtype(given.dtype, np.integer):
        wrong = np.ones(count, dtype=bool)
        if np.issubdtype(given.dtype, np.floating):
            wrong = given != np.floor(given)
        game = int(np.argmax(wrong & wanted)) if (wrong & wanted).any() else 0
        raise VectorActionError(
            game, _entry(given[game]), seat_of(game),
            f"action ids are whole numbers, got an array of {given.dtype}",
        )  # fmt: skip
    in_range = ids_in_range(given, size)
    bad = wanted & ~in_range
    if bad.any():
        game = int(np.argmax(bad))
        raise VectorActionError(
            game, int(given[game]), seat_of(game),
            f"out of range: these rules have ids 0 to {size - 1}",
        )  # fmt: skip
    return given, in_range


def _entry(value: object) -> object:
    """An entry of an action array as an error shows it: a Python number
    (one too long to write, by its size)."""
    if isinstance(value, np.generic):
        value = value.item()
    return number_param(value) if isinstance(value, int) else value


class _Games(Protocol):
    def record(self, row: int) -> GameRecord: ...


class _Cohort(Protocol):
    @property
    def games(self) -> _Games: ...


class VectorGames:
    """The state and calls the two vector environments share: what the
    environment is, the seeds of the games, the random streams and the bots,
    the observation and mask arrays, random legal ids and the games'
    records. A subclass calls :meth:`_set_up` in its ``__init__`` and sets
    the other attributes."""

    _rules: RuleSet
    _table: ActionTable
    _size: int
    _record: bool
    _opponents: Mapping[int, Any]
    _bots: dict[int, Bot]
    _seed: int | None
    _started: int
    """How many times games were dealt since the seed was given."""
    _game_seeds: np.ndarray | None
    """``uint64[num_envs]``: each game's seed, when reset gave one per game."""
    _games_played: np.ndarray
    """How many games each index has dealt since its seed was given."""
    _rng: np.random.Generator
    """The random opponents' stream."""
    _sampler: np.random.Generator
    """The stream of :meth:`_random_ids` by default."""
    _ids: np.ndarray
    _id_at: np.ndarray
    _legal_bits: np.ndarray
    _slot_cohort: Sequence[_Cohort | None]
    _slot_row: np.ndarray
    """Each game's row in its cohort's batch."""
    _pool: ArrayPool
    """The observation arrays, each used again once the caller lets go of it."""
    _obs: np.ndarray
    _mask: np.ndarray

    def _set_up(self, rules: RuleSet, count: int) -> BatchGames:
        """Set the state both environments keep for ``count`` games of
        ``rules`` (checked already); returns an empty batch of those rules,
        to read what else the environment needs of them."""
        probe = BatchGames(rules, 0, seed=0)
        self._rules = rules
        self._table = probe.actions
        self._size = probe.observation_size
        self._ids = id_table(self._table)
        self._slot_row = np.zeros(count, dtype=np.int64)
        self._pool = ArrayPool((count, self._size), np.float32)
        self._obs = np.zeros((count, self._size), dtype=np.float32)
        self._mask = np.zeros((count, self._table.size), dtype=np.int8)
        self._legal_bits = np.zeros(count, dtype=np.uint64)
        """Each game's legal moves as bits of its phase's section of ids."""
        self._id_at = np.full(count, NO_DECISION, dtype=np.int64)
        """Where each game's phase's row starts in :attr:`_ids`."""
        self._seed = None
        self._started = 0
        self._game_seeds = None
        self._games_played = np.zeros(count, dtype=np.int64)
        self._rng = np.random.default_rng(0)
        self._sampler = np.random.default_rng(0)
        return probe

    # --- what the environment is --------------------------------------------------

    @property
    def rules(self) -> RuleSet:
        """The rules played."""
        return self._rules

    @property
    def actions(self) -> ActionTable:
        """The :class:`~pocha_rules.actions.ActionTable` of the rules: the
        action ids."""
        return self._table

    @property
    def num_actions(self) -> int:
        """How many action ids there are: the width of the action masks."""
        return self._table.size

    @property
    def observation_size(self) -> int:
        """The length of an observation vector."""
        return self._size

    @property
    def seed(self) -> int | None:
        """The seed of the last seeded ``reset`` (drawn when not given; with
        one seed per game, drawn from them); ``None`` before the first."""
        return self._seed

    def _reseed(self, seed: int | Sequence[int] | None, options: dict[str, Any] | None) -> None:
        """The seeds of ``reset(seed=..., options=...)``: with ``seed``, or at
        the first reset, the random streams and the bots are seeded anew.

        Raises:
            TypeError: ``seed`` is not an int or a sequence of them, or
                ``options`` is given (there are none).
            PochaError: ``seed`` is negative, or not one per game.

        """
        if options is not None:
            raise TypeError(f"{type(self).__name__}.reset takes no options, got {options!r}")
        seed, per_game = split_seed(seed, len(self._games_played))
        if per_game is not None:
            self._game_seeds = per_game
            self._games_played[:] = 0
        elif seed is not None:
            self._game_seeds = None
        if seed is not None or self._seed is None:
            self._seed = resolve_seed(seed)
            self._started = 0
            self._rng = generator(self._seed, 1)
            self._sampler = generator(self._seed, 2)
            seeds = np.random.SeedSequence(self._seed, spawn_key=(3,)).generate_state(
                self._rules.players
            )
            self._bots = {
                seat: build(spec, int(seeds[seat]))
                for seat, spec in self._opponents.items()
                if reads_views(spec)
            }

    def _random_ids(self, rng: np.random.Generator | None) -> np.ndarray:
        """A uniformly random legal id in every game, from the legal moves
        kept as bits (by default from :attr:`_sampler`).

        Raises:
            TypeError: ``rng`` is not a :class:`numpy.random.Generator`.

        """
        if rng is None:
            rng = self._sampler
        elif not isinstance(rng, np.random.Generator):
            raise TypeError(f"rng must be a numpy Generator, got {type(rng).__name__}")
        chosen: np.ndarray = self._ids.take(
            self._id_at + random_bits(self._legal_bits, rng).view(np.int64)
        )
        return chosen

    def _game_record(self, game: int) -> GameRecord:
        """The record of the game at index ``game``.

        Raises:
            PochaError: The environment does not record, there is no such
                game, or ``reset`` was never called.

        """
        if not self._record:
            raise PochaError(say("vector_not_recorded"))
        if isinstance(game, bool) or not isinstance(game, int | np.integer):
            raise TypeError(f"game must be an int, got {type(game).__name__}: {game!r}")
        count = len(self._games_played)
        if not 0 <= game < count:
            raise PochaError(say("vector_game_range", high=count - 1, game=game))
        cohort = self._slot_cohort[game]
        if cohort is None:
            raise PochaError(say("vector_record_before_reset"))
        return cohort.games.record(int(self._slot_row[game]))
