"""Many games as one vector environment, for training (``pip install "pocha-rules[batch]"``).

Every seat's decisions are rows of the caller's steps here, for research
with several learners; for one learner against opponents played inside the
step, a :class:`gymnasium.vector.VectorEnv`, see
:mod:`pocha_rules.learner_vector`.

:class:`VectorEnv` runs ``num_envs`` games on the batch engine
(:mod:`pocha_rules.batch`) behind the calls of gymnasium's vector
environments (``reset``, ``step``, ``num_envs``, an autoreset mode), adapted
to a turn-based game of several seats:

- **Actions**: :meth:`VectorEnv.step` takes one action id of
  :mod:`pocha_rules.actions` per game, for the seat to move in that game.
- **Observations** are a dict of arrays, the batched form of the PettingZoo
  environment's: ``"observation"``, ``float32[num_envs, observation_size]``,
  the vector of :mod:`pocha_rules.observations` of the seat to move in each
  game, and ``"action_mask"``, ``int8[num_envs, num_actions]``, its legal
  action ids. :meth:`VectorEnv.observations` gives any seat's vectors.
- **Rewards** are per seat, ``float32[num_envs, players]``: when a round
  ends, each seat gets the points it scored in that round (as in
  :mod:`pocha_rules.pettingzoo`), so a seat's rewards over a game add up to
  its total. When a game ends, ``terminations`` is ``True`` for it and the
  infos hold its final ``"total"`` and ``"winner"`` per seat (ties
  included). ``truncations`` is always ``False``: a game always ends.
- **Whose turn**: ``infos["to_move"]``, ``int64[num_envs]``, the seat to
  move in each game (-1 in a game waiting to be reset), and
  ``infos["learner"]``, whether an action is wanted from the caller there
  (the seat is not played by an opponent, below).
- **Automatic reset**, game by game: a game that ends is replaced by a new
  one on its own, while the others play on. With ``autoreset_mode=
  "next_step"`` (gymnasium's default) the step that ends a game returns a
  zero observation and mask for it, and the next step deals the new game
  (its action there is ignored, its rewards are 0); with ``"same_step"``
  the step that ends a game already returns the new game's first
  observation. One exception keeps the environment fast: while games dealt
  at the same time as it still play tiebreak rounds (ties at the top), a
  game that ended waits for them, and for games that end one step after
  it, at most ``reset_delay`` steps more (two one-card rounds by default;
  ``reset_delay=0`` never waits), showing a zero observation and mask and
  ``to_move`` -1, so that they are dealt anew together. The few games
  whose tiebreak rounds outlast that wait (fewer than ``num_envs / 16``;
  about 1 in 250 default games) wait on, for the next games dealt
  together, at most until the others end their games.
- **Opponents**: ``opponents={seat: "random"}`` plays that seat in every
  game with uniformly random legal moves, and ``opponents={seat: policy}``
  with ``policy(observations, masks) -> actions``, a function on arrays
  (rows for the games where that seat is to move): a frozen copy of an
  agent, for self-play against it. Any :class:`~pocha_rules.bots.Bot`, or
  a built-in one's name (``"heuristic"``), plays from its
  :class:`~pocha_rules.PlayerView` of each game (earlier rounds shown by
  their totals): a slower path, at about the PettingZoo environment's speed
  per game. The caller's action is ignored where an opponent is to move.
- **Random moves**: :meth:`VectorEnv.sample_actions`, fast.
- **Seeds**: ``reset(seed=...)`` makes every game that follows reproducible
  (given the same actions); with one seed per game, each game's deals
  depend on its own seed only. Each game's deals and moves can be had as a
  :class:`~pocha_rules.records.GameRecord` with ``record=True``
  (:meth:`VectorEnv.record`). The deals are those of the batch engine, not
  those of :func:`~pocha_rules.new_game` for the same seed.

A malformed action array (wrong shape, not whole numbers, an id out of range
or not legal in its game) raises :class:`VectorActionError`, naming the game
and the reason, and no game moves.

How it stays fast: the batch engine plays games in lockstep, so the
environment keeps its games in a few lockstep batches, *cohorts*: the games
dealt at the same step start one, and every step moves every cohort by one
decision, a few dozen array operations each. Without the waits above every
tiebreak would split a cohort for good, and the cohorts would multiply.
Each step's observations are written into an array the caller has let go
of (one it keeps, a view of it or a tensor sharing it, is never written
again), because fresh memory is slow to write.

>>> import numpy as np
>>> from pocha_rules import RuleSet
>>> envs = VectorEnv(RuleSet(schedule=[2, 3]), 64, opponents={1: "random"})
>>> obs, infos = envs.reset(seed=3)
>>> obs["observation"].shape, obs["action_mask"].shape
((64, 471), (64, 44))
>>> rng = np.random.default_rng(0)
>>> ended = 0
>>> for _ in range(200):
...     actions = envs.sample_actions(rng)  # random legal ids; or a policy's
...     obs, rewards, terminations, truncations, infos = envs.step(actions)
...     ended += int(terminations.sum())
>>> rewards.shape, ended > 64
((64, 4), True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import numpy as np

from pocha_rules._common import checks
from pocha_rules._common.errors import PochaError, say
from pocha_rules._common.text import shown
from pocha_rules._pocha.rules import RuleSet
from pocha_rules._vector_bots import Shadows, check_opponents, first_illegal, reads_views
from pocha_rules._vector_games import VectorActionError, VectorGames, checked_rules, whole_ids
from pocha_rules.batch import BatchGames
from pocha_rules.batch._ids import ids_in_range, integer_array
from pocha_rules.batch._keyed import game_keys
from pocha_rules.batch._observations import Placement, placement
from pocha_rules.batch._sample import NO_DECISION, PHASE_ROWS, random_bits
from pocha_rules.bots import Bot
from pocha_rules.records import GameRecord

__all__ = ["AUTORESET_MODES", "OpponentPolicy", "VectorActionError", "VectorEnv"]

OpponentPolicy = Callable[[np.ndarray, np.ndarray], Any]
"""An opponent's policy on arrays: ``policy(observations, masks) -> actions``,
with ``observations`` ``float32[k, observation_size]`` and ``masks``
``int8[k, num_actions]`` for the ``k`` games where its seat is to move, and
one action id per row back."""

AUTORESET_MODES: Final = ("next_step", "same_step")
"""The autoreset modes :class:`VectorEnv` offers, named as gymnasium's
``AutoresetMode`` values are."""


_FEW: Final = 16
"""Games that end apart from the others, fewer than ``num_envs / _FEW``,
wait for the next games dealt together (when the environment waits at all)."""


class _Cohort:
    """Games dealt at the same step, played in lockstep (private)."""

    def __init__(self, games: BatchGames, slots: np.ndarray, num_envs: int, serial: int) -> None:
        self.games = games
        self.slots = slots
        """``int64[m]``: the environment's game index of each row."""
        self.scores = np.zeros((len(slots), games.rules.players), dtype=np.int64)
        """The totals of each row at the last look."""
        self.rounds = games.round_index
        self.done = np.zeros(len(slots), dtype=bool)
        self.identity = len(slots) == num_envs and bool((slots == np.arange(num_envs)).all())
        """Whether the cohort holds every game of the environment, in order."""
        self.serial = serial
        """The cohort's number: the count of cohorts made before it."""
        self.placement: Placement | None = None
        """Where its games still playing are in the environment's arrays."""


class VectorEnv(VectorGames):
    """``num_envs`` games of one rule set, stepped together, each reset on
    its own when it ends (see the module notes).

    Args:
        rules: The rules (the defaults when ``None``).
        num_envs: How many games at a time.
        opponents: Seats played inside the environment, each ``"random"``,
            an :data:`OpponentPolicy`, a :class:`~pocha_rules.bots.Bot` or
            a built-in bot's name; the other seats are the learners.
        autoreset_mode: ``"next_step"`` or ``"same_step"``.
        reset_delay: How many steps more a game that ended may wait to be
            dealt anew while the games it was dealt with play their tiebreak
            rounds, so as to be dealt with them (``None``: four steps per
            player, two one-card rounds; 0: never).
        record: Keep every game's deals and moves, for :meth:`record`.

    Raises:
        TypeError: An argument of the wrong type.
        PochaError: An opponent seat out of range, every seat an opponent,
            or an unknown autoreset mode.

    """

    metadata: dict[str, Any] = {"autoreset_mode": "next_step"}  # noqa: RUF012 (gymnasium's name)
    """``{"autoreset_mode": ...}``, as gymnasium's vector environments say it."""

    def __init__(
        self,
        rules: RuleSet | None = None,
        num_envs: int = 1024,
        *,
        opponents: Mapping[int, str | Bot | OpponentPolicy] | None = None,
        autoreset_mode: str = "next_step",
        reset_delay: int | None = None,
        record: bool = False,
    ) -> None:
        rules, count = checked_rules(rules, num_envs)
        mode = getattr(autoreset_mode, "value", autoreset_mode)  # gymnasium's AutoresetMode
        if not isinstance(mode, str):
            raise TypeError(f"autoreset_mode must be a str, got {autoreset_mode!r}")
        if mode not in AUTORESET_MODES:
            raise PochaError(
                say("autoreset_mode_unknown", value=", ".join(AUTORESET_MODES), mode=repr(mode))
            )
        checks.flag(record, "record")
        if reset_delay is None:
            reset_delay = 4 * rules.players
        if isinstance(reset_delay, bool) or not isinstance(reset_delay, int):
            raise TypeError(f"reset_delay must be an int or None, got {reset_delay!r}")
        if reset_delay < 0:
            raise PochaError(say("reset_delay_negative", reset_delay=reset_delay))
        self._delay = reset_delay
        self.metadata = {"autoreset_mode": mode}
        self._num_envs = count
        self._record = record
        self._same_step = mode == "same_step"
        n = rules.players
        self._opponents = check_opponents(opponents, n)
        self._learners = tuple(seat for seat in range(n) if seat not in self._opponents)
        self._bots: dict[int, Bot] = {}
        """The opponents that read views, by seat (built by :meth:`reset`)."""
        self._shadows = (
            Shadows(rules, count)
            if any(reads_views(o) for o in self._opponents.values())
            else None
        )
        self._played = np.zeros(count, dtype=np.int64)
        self._is_learner = np.array([seat not in self._opponents for seat in range(n)] + [False])
        """Indexed by seat, and -1 (no game) last: whether it is a learner's."""
        self._set_up(rules, count)
        self._cohorts: list[_Cohort] = []
        self._slot_cohort: list[_Cohort | None] = [None] * count
        self._pending = np.zeros(count, dtype=bool)
        """Games that ended and are not yet dealt anew."""
        self._ended_at = np.zeros(count, dtype=np.int64)
        """The step at which each game last ended."""
        self._steps = 0
        self._to_move = np.full(count, -1, dtype=np.int64)
        self._mask_rows = np.arange(count, dtype=np.int64) * self._table.size
        """Where each game's row starts in the flat masks."""
        self._made = 0
        """How many cohorts were made."""

    # --- what the environment is --------------------------------------------------

    @property
    def num_envs(self) -> int:
        """How many games are played at a time."""
        return self._num_envs

    @property
    def players(self) -> int:
        """How many seats each game has (the width of the rewards)."""
        return self._rules.players

    @property
    def learners(self) -> tuple[int, ...]:
        """The seats not played by an opponent, rising."""
        return self._learners

    # --- the gymnasium calls ------------------------------------------------------

    def reset(
        self,
        *,
        seed: int | Sequence[int] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
        """Deal a new game everywhere; with ``seed``, reseed the deals (and
        the random opponents) first. Returns the observations and infos.

        ``seed`` is one int, or one per game (as gymnasium takes it): then
        each game's deals and first dealer, game after game, depend on its
        own seed only, whatever the other games do. The random opponents
        and :meth:`sample_actions` draw from a stream seeded by all of them.

        Raises:
            TypeError: ``seed`` is not an int or a sequence of them, or
                ``options`` is given (there are none).
            PochaError: ``seed`` is negative, or not one per game.

        """
        self._reseed(seed, options)
        self._cohorts = []
        self._pending[:] = False
        self._steps = 0
        self._blank()
        self._start(np.arange(self._num_envs, dtype=np.int64))
        self._clear()
        if self._shadows is not None:
            self._shadows.clear()
            self._follow(np.full(self._num_envs, -1, dtype=np.int64))
        return self._observation(), self._infos(np.zeros(self._num_envs, dtype=bool))

    def step(
        self, actions: object
    ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, np.ndarray]]:
        """Play one action id in every game, for its seat to move.

        Args:
            actions: One action id per game (an integer array-like of length
                :attr:`num_envs`). Entries are ignored where an opponent is
                to move or a game is waiting to be reset.

        Returns:
            ``(observations, rewards, terminations, truncations, infos)``,
            as the module notes describe them.

        Raises:
            VectorActionError: ``actions`` is not one whole number per game,
                or an id is out of range or not legal in its game: the error
                names the game and the reason, and no game moves.
            PochaError: :meth:`reset` was never called.

        """
        if not self._cohorts and not self._pending.any():
            raise PochaError(say("vector_step_before_reset"))
        chosen = self._checked(actions)
        # Every check is made: from here on the games move.
        played = np.where(self._to_move >= 0, self._played, -1)
        self._blank()
        n = self.players
        rewards = np.zeros((self._num_envs, n), dtype=np.float32)
        ended = np.zeros(self._num_envs, dtype=bool)
        totals = np.zeros((self._num_envs, n), dtype=np.int64)
        self._steps += 1
        for cohort, moves in chosen:
            self._advance(cohort, moves, rewards, ended, totals)
        self._cohorts = [c for c in self._cohorts if _active(c.games)]
        finished = np.flatnonzero(ended)
        if len(finished):
            # They show zeros and -1 to move (not written by their cohorts).
            self._pending[finished] = True
            self._ended_at[finished] = self._steps
        self._restart()
        self._clear()
        if self._shadows is not None:
            self._follow(played)
        infos = self._infos(ended)
        infos["total"] = totals
        if len(finished):
            infos["winner"] = self._winners(totals) & ended[:, None]
        else:
            infos["winner"] = np.zeros((self._num_envs, n), dtype=bool)
        return (
            self._observation(),
            rewards,
            ended,
            np.zeros(self._num_envs, dtype=bool),
            infos,
        )

    def observations(self, seats: object) -> np.ndarray:
        """Every game's observation vector for ``seats``: a seat number for
        that seat in every game, or one seat per game.

        Returns:
            ``float32[num_envs, observation_size]``; zeros for a game
            waiting to be reset.

        Raises:
            TypeError: ``seats`` is not a seat number or an array of them.
            PochaError: A seat is out of range, or ``seats`` is not one per
                game.

        """
        given = integer_array(
            seats, "seats must be seat numbers", say("seats_ragged", games=self._num_envs)
        )
        if given.shape not in ((), (self._num_envs,)):
            raise PochaError(say("vector_seats_shape", num_envs=self._num_envs, shape=given.shape))
        if not ids_in_range(given, self.players).all():
            raise PochaError(say("vector_seats_range", high=self.players - 1, seats=shown(seats)))
        every = np.broadcast_to(given, (self._num_envs,)).astype(np.int64)
        out = np.zeros((self._num_envs, self._size), dtype=np.float32)
        for cohort in self._cohorts:
            live = cohort.slots >= 0
            # The cohort's seats, one per row (its finished rows show zeros).
            rows = np.zeros(len(cohort.slots), dtype=np.int64)
            rows[live] = every[cohort.slots[live]]
            encoded = cohort.games.observations(rows)
            out[cohort.slots[live]] = encoded[live]
        out[self._pending] = 0
        return out

    def sample_actions(self, rng: np.random.Generator | None = None) -> np.ndarray:
        """A uniformly random legal action id for the seat to move in every
        game (0 in a game waiting to be reset), drawn from the legal moves
        kept as bits: several times faster than from the masks.

        Args:
            rng: The generator to draw from; by default the environment's
                own, seeded by :meth:`reset`'s seed (apart from the random
                opponents').

        Returns:
            ``int64[num_envs]``, ready for :meth:`step`.

        Raises:
            TypeError: ``rng`` is not a :class:`numpy.random.Generator`.

        """
        return self._random_ids(rng)

    def record(self, game: int) -> GameRecord:
        """The game now at index ``game`` (or, right after it ended with
        ``autoreset_mode="next_step"``, the game that ended) as a
        :class:`~pocha_rules.records.GameRecord`, when the environment
        records.

        Raises:
            PochaError: The environment does not record, there is no such
                game, or :meth:`reset` was never called.

        """
        return self._game_record(game)

    def close(self) -> None:
        """Nothing to release."""

    def __repr__(self) -> str:
        return (
            f"VectorEnv({self._rules!r}, {self._num_envs}, "
            f"autoreset_mode={self.metadata['autoreset_mode']!r})"
        )

    # --- inside ---------------------------------------------------------------

    def _restart(self) -> None:
        """Deal anew the games that ended, when their time has come: at once
        (the next step, or this one with ``same_step``), unless the other
        games of their cohorts are still in tiebreak rounds, for which they
        wait up to ``reset_delay`` steps more; a few that end apart from the
        others wait for the next games dealt together."""
        pending = self._pending
        if not pending.any():
            return
        ready = pending.copy()
        if not self._same_step:
            ready &= self._ended_at < self._steps  # not the games that just ended
        slots = np.flatnonzero(ready)
        if not len(slots):
            return
        ended = self._ended_at[slots]
        fresh = ended[ended >= 0]  # not the few put off below
        if len(fresh):
            waited = self._steps - int(fresh.min()) - (0 if self._same_step else 1)
        else:
            waited = self._delay
        # Wait while the games they were dealt with play on, and for games
        # that just ended (ready at the next step), to be dealt with them.
        if waited < self._delay and (
            len(slots) < np.count_nonzero(pending)
            or any(_active(c.games) for c in self._origins(slots))
        ):
            return
        if self._delay and self._cohorts and len(slots) * _FEW < self._num_envs:
            # A few games whose tiebreak rounds outlasted the wait: they
            # wait for the next games dealt together instead of playing on
            # as a small batch of their own, each step of which would cost
            # almost as much as the big one's.
            self._ended_at[slots] = -1
            return
        self._pending[slots] = False
        self._start(slots)

    def _origins(self, slots: np.ndarray) -> list[_Cohort]:
        """The cohorts the games at ``slots`` were last dealt in."""
        found: dict[int, _Cohort] = {}
        for slot in slots.tolist():
            cohort = self._slot_cohort[slot]
            if cohort is not None:
                found[id(cohort)] = cohort
        return list(found.values())

    def _start(self, slots: np.ndarray) -> None:
        """Deal new games at ``slots``, as one new cohort."""
        assert self._seed is not None
        state = np.random.SeedSequence(self._seed, spawn_key=(0, self._started))
        self._started += 1
        seed = int.from_bytes(state.generate_state(2, np.uint32).tobytes(), "little")
        if self._game_seeds is None:
            games = BatchGames(self._rules, len(slots), seed=seed, record=self._record)
        else:
            keys = game_keys(self._game_seeds[slots], self._games_played[slots])
            self._games_played[slots] += 1
            games = BatchGames._keyed(self._rules, keys, seed=seed, record=self._record)
        self._made += 1
        cohort = _Cohort(games, slots.copy(), self._num_envs, self._made)
        self._cohorts.append(cohort)
        for slot in slots.tolist():
            self._slot_cohort[slot] = cohort
        self._slot_row[slots] = np.arange(len(slots))
        self._look(cohort)

    def _look(self, cohort: _Cohort) -> None:
        """Write the observations, masks and seats to move of ``cohort``'s
        games still playing into the environment's arrays."""
        games = cohort.games
        engine = games._engine  # its rows are the games still playing
        seats = engine.to_move()
        observer = games._observer()
        if cohort.identity and engine.active == self._num_envs:
            # The one cohort holds every game, in order: written in place.
            self._to_move = seats
            observer.encode(engine, None, self._obs)
            np.copyto(self._legal_bits, games._fill_legal(self._mask.view(bool)))
            self._id_at.fill(PHASE_ROWS[engine.phase] * 64)
            return
        where = cohort.placement
        if where is None or len(where.rows) != engine.active:
            # Games ended since: their rows are gone.
            where = cohort.placement = placement(cohort.slots[engine.rows])
        slots = where.rows
        self._to_move[slots] = seats
        observer.encode(engine, None, self._obs, where)
        self._legal_bits[slots] = games._fill_legal(self._mask.view(bool), where)
        self._id_at[slots] = PHASE_ROWS[engine.phase] * 64

    def _blank(self) -> None:
        """New arrays for this step's observations, masks and seats to move
        (the last step's are the caller's now): the masks all 0 and the
        seats -1, for the games that no cohort writes (those waiting to be
        dealt anew; :meth:`_clear` zeroes their observations)."""
        self._obs = self._pool.take()
        self._mask = np.zeros((self._num_envs, self._table.size), dtype=np.int8)
        self._to_move = np.full(self._num_envs, -1, dtype=np.int64)
        self._legal_bits = np.zeros(self._num_envs, dtype=np.uint64)
        self._id_at = np.full(self._num_envs, NO_DECISION, dtype=np.int64)

    def _clear(self) -> None:
        """Zero the observations of the games that no cohort wrote."""
        waiting = self._to_move < 0
        if waiting.all():
            self._obs.fill(0)
        elif waiting.any():
            self._obs[waiting] = 0

    def _checked(self, actions: object) -> list[tuple[_Cohort, np.ndarray]]:
        """Each cohort's actions (opponents' included), once every one is
        checked; raises :class:`VectorActionError` otherwise."""
        wanted = self._is_learner[self._to_move]
        given, in_range = whole_ids(
            actions, wanted, lambda game: _seat(self._to_move[game]), self.num_actions
        )
        chosen = np.where(in_range, given, 0).astype(np.int64)
        # The mask's entry of each chosen id (of id 0 where none is wanted).
        picked = self._mask.ravel().take(self._mask_rows + np.where(wanted, chosen, 0))
        illegal = wanted & (picked == 0)
        if illegal.any():
            raise self._illegal(int(np.argmax(illegal)), int(chosen[np.argmax(illegal)]))
        if self._opponents and all(o == "random" for o in self._opponents.values()):
            # Random opponents only: a move drawn in every game at once (fewer
            # passes than picking their rows out), kept where they move.
            drawn = random_bits(self._legal_bits, self._rng).view(np.int64)
            drawn += self._id_at
            theirs = (self._to_move >= 0) & ~wanted
            np.copyto(chosen, self._ids.take(drawn), where=theirs)
        else:
            for seat, opponent in self._opponents.items():
                at = np.flatnonzero(self._to_move == seat)
                if len(at):
                    chosen[at] = self._opponent_moves(seat, opponent, at)
        self._played = chosen
        # Each cohort's rows (a finished row, slot -1, reads an entry its
        # batch ignores).
        return [
            (cohort, chosen if cohort.identity else chosen.take(cohort.slots, mode="wrap"))
            for cohort in self._cohorts
        ]

    def _illegal(self, game: int, action: int) -> VectorActionError:
        cohort = self._slot_cohort[game]
        assert cohort is not None
        try:
            refusal = cohort.games._refusal(  # the batch's own explanation
                _engine_row(cohort.games, int(self._slot_row[game])), action, True
            )
            reason: str = refusal.reason
        except (AssertionError, KeyError, IndexError):  # pragma: no cover - a safety net
            reason = f"{self._table.move(action)} is not legal here"
        return VectorActionError(game, action, _seat(self._to_move[game]), reason)

    def _opponent_moves(
        self, seat: int, opponent: str | Bot | OpponentPolicy, at: np.ndarray
    ) -> Any:
        if opponent == "random":
            return self._random_moves(at)
        mask = self._mask[at]
        bot = self._bots.get(seat)
        if bot is not None:
            assert self._shadows is not None
            chosen = self._shadows.moves(bot, seat, at)
            moves = np.array([-1 if move is None else move for move in chosen], dtype=np.int64)
        else:
            assert callable(opponent)
            moves = np.asarray(opponent(self._obs[at], mask))
        wrong = first_illegal(moves, mask, seat)
        if wrong is not None:
            raise VectorActionError(
                int(at[wrong]), int(moves[wrong]), seat,
                f"the opponent at seat {seat} chose an illegal action",
            )  # fmt: skip
        return moves

    def _follow(self, played: np.ndarray) -> None:
        """Bring the bots' states to every game's decision at hand."""
        assert self._shadows is not None
        games = [
            None if seat < 0 or cohort is None else (cohort.games, int(row), cohort.serial)
            for seat, cohort, row in zip(
                self._to_move.tolist(), self._slot_cohort, self._slot_row.tolist(), strict=True
            )
        ]
        self._shadows.follow(games, played)

    def _random_moves(self, at: np.ndarray) -> np.ndarray:
        """A uniformly random legal move in each game at ``at``."""
        bits = random_bits(self._legal_bits[at], self._rng)
        moves: np.ndarray = self._ids.take(self._id_at[at] + bits.view(np.int64))
        return moves

    def _advance(
        self,
        cohort: _Cohort,
        moves: np.ndarray,
        rewards: np.ndarray,
        ended: np.ndarray,
        totals: np.ndarray,
    ) -> None:
        """One decision in every game of ``cohort``; its rewards and ends
        written at the games' indices."""
        games = cohort.games
        games._play(moves)  # checked by the caller: each one legal
        active = _active(games)
        if games.round_index != cohort.rounds:
            # A round ended (and games end only then): the points are the
            # change in the totals.
            now_done = games.done
            newly = now_done & ~cohort.done
            scores = games.scores
            live = cohort.slots >= 0
            slots = cohort.slots[live]
            rewards[slots] = (scores - cohort.scores)[live]
            cohort.scores = scores
            cohort.rounds = games.round_index
            if newly.any():
                rows = np.flatnonzero(newly & live)
                ended[cohort.slots[rows]] = True
                totals[cohort.slots[rows]] = scores[rows]
                cohort.slots[rows] = -1
                cohort.done = now_done
        if active:
            self._look(cohort)

    def _winners(self, totals: np.ndarray) -> np.ndarray:
        won: np.ndarray = totals == totals.max(axis=1, keepdims=True)
        if self._rules.zero_wins:
            won |= totals == 0
        return won

    def _observation(self) -> dict[str, np.ndarray]:
        return {"observation": self._obs, "action_mask": self._mask.copy()}

    def _infos(self, ended: np.ndarray) -> dict[str, np.ndarray]:
        return {"to_move": self._to_move, "learner": self._is_learner[self._to_move]}


def _seat(seat: np.integer[Any] | int) -> int | None:
    return None if seat < 0 else int(seat)


def _active(games: BatchGames) -> int:
    """How many games of ``games`` are still playing."""
    return games._engine.active


def _engine_row(games: BatchGames, game: int) -> int:
    """The row of the batch engine that plays game ``game`` of ``games``."""
    rows = games._engine.rows
    return int(np.searchsorted(rows, game))
