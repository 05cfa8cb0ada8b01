"""One learner's seat in many games, as a gymnasium vector environment
(``pip install "pocha-rules[rl,batch]"``).

:class:`LearnerVectorEnv` is a :class:`gymnasium.vector.VectorEnv` of
``num_envs`` games played on the batch engine (:mod:`pocha_rules.batch`).
The learner holds one seat (``seat``) in every game; the other seats are
played *inside* :meth:`~LearnerVectorEnv.step` by opponents, so that every
row of every step is a decision of the learner's:

- **Observations**: a dict, as the PettingZoo environment gives one seat's:
  ``"observation"``, ``float32[num_envs, observation_size]``, the learner's
  vector of :mod:`pocha_rules.observations`, and ``"action_mask"``,
  ``int8[num_envs, num_actions]``, its legal action ids. With
  ``mask_in_observation=False`` the observation is the vector alone (a
  ``Box``) and the masks are ``infos["action_mask"]``;
  :meth:`~LearnerVectorEnv.action_masks` gives them either way.
  ``single_observation_space`` and ``single_action_space`` are one game's
  spaces; ``observation_space`` and ``action_space`` the batched ones.
- **Actions**: one action id of :mod:`pocha_rules.actions` per game.
- **Rewards**: ``float32[num_envs]``: when a round ends, the points the
  learner's seat scored in it, so a game's rewards add up to its total
  (as :mod:`pocha_rules.single_agent` gives them). At a game's end
  ``terminations`` is ``True`` and the infos hold the seat's final
  ``"total"`` and whether it is a ``"winner"`` (ties included).
- **Opponents**: ``"random"`` (uniformly random legal moves, drawn on the
  arrays), a built-in bot's name (``"heuristic"``) or any
  :class:`~pocha_rules.bots.Bot` (each reading its
  :class:`~pocha_rules.PlayerView` of each game: a slower path, at about
  the PettingZoo environment's speed per opponent decision), or a policy
  function on arrays, ``policy(observations, masks) -> actions`` (rows for
  the games where that seat is to move): a frozen copy of the learner, for
  self-play against its earlier snapshots.
- **Automatic reset**, game by game, with gymnasium's semantics: with
  ``autoreset_mode=AutoresetMode.NEXT_STEP`` (the default) the step that
  ends a game returns its final observation (zeros and an empty mask: a
  game that is over has no decision) and the next step deals a new game
  there, ignoring that row's action (reward 0); with
  ``AutoresetMode.SAME_STEP`` the step that ends a game already returns
  the new game's first observation, and the ended game's final
  observation and info are ``infos["final_obs"]`` and
  ``infos["final_info"]`` (with their masks ``"_final_obs"`` and
  ``"_final_info"``).
- **Games cut short** (``truncations``): games end together unless some
  are tied at the top and play tiebreak rounds; the new games of those
  that end apart (fewer than ``num_envs / 16`` at a time) are cut short,
  truncated, when other games end, so as to be dealt anew together with
  them (their final observation is then their decision at hand). This
  keeps the games in a few lockstep batches (see below); ``regroup=False``
  never cuts a game short, at a cost in speed that grows as game starts
  drift apart.
- **Seeds**: ``reset(seed=...)`` makes every game that follows
  reproducible (given the same actions); with one seed per game, each
  game's deals depend on its own seed only. With ``record=True``,
  :meth:`~LearnerVectorEnv.record` gives each game as a
  :class:`~pocha_rules.records.GameRecord`.

How every row is a decision of the learner's on a lockstep engine: a
game's decisions come in *units* in which each seat decides once (the
bids of a round, each trick, an auction's calls; the dealer naming trump
is a unit of its own, and for rules with one the games of a batch share
their first dealer so that it is the learner's in all of them or in
none). Before a step returns, each batch is played ahead to the learner's
decision in the unit at hand, game by game, with the opponents' moves
before it kept; the batch is then put back where the unit began. The
step plays the unit for real: the kept moves, the learner's action, and
the opponents after it.

:mod:`pocha_rules.vector` keeps the other way of stepping many games,
every seat's decisions in turn, for research on several learners.

>>> import numpy as np
>>> from pocha_rules import RuleSet
>>> envs = LearnerVectorEnv(RuleSet(schedule=[2, 3]), 64, opponents="random")
>>> obs, infos = envs.reset(seed=3)
>>> obs["observation"].shape, obs["action_mask"].shape, envs.single_action_space
((64, 471), (64, 44), Discrete(44))
>>> rng = np.random.default_rng(0)
>>> ended = 0
>>> for _ in range(40):
...     actions = envs.sample_actions(rng)  # random legal ids; or a policy's
...     obs, rewards, terminations, truncations, infos = envs.step(actions)
...     ended += int(terminations.sum())
>>> rewards.shape, ended > 64
((64,), True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, NamedTuple

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode

from pocha_rules._common import checks
from pocha_rules._common.errors import PochaError, say
from pocha_rules._opponents import others_opponents
from pocha_rules._pocha.rules import RuleSet
from pocha_rules._pocha.state import GameState, Phase
from pocha_rules._vector_bots import Shadows, check_opponents, first_illegal, reads_views
from pocha_rules._vector_games import VectorGames, checked_rules, whole_ids
from pocha_rules.actions import apply_action, move_to_action
from pocha_rules.batch import BatchGames
from pocha_rules.batch._keyed import KeyedUniform, game_keys
from pocha_rules.batch._observations import squeeze
from pocha_rules.batch._sample import NO_DECISION, PHASE_ROWS, id_table, random_bits
from pocha_rules.batch._units import Snapshot, Subset, dealer_names_trump, unit_length, write_mask
from pocha_rules.bots import Bot
from pocha_rules.observations import observation_layout
from pocha_rules.records import GameRecord
from pocha_rules.vector import OpponentPolicy, VectorActionError
from pocha_rules.views import observe

__all__ = ["LearnerVectorEnv", "Opponent"]

Opponent = str | Bot | OpponentPolicy
"""An opponent: ``"random"``, a built-in bot's name, a
:class:`~pocha_rules.bots.Bot`, or a policy function on arrays
(:data:`pocha_rules.vector.OpponentPolicy`)."""

_MODES: Final = {
    AutoresetMode.NEXT_STEP.value: AutoresetMode.NEXT_STEP,
    AutoresetMode.SAME_STEP.value: AutoresetMode.SAME_STEP,
    "next_step": AutoresetMode.NEXT_STEP,
    "same_step": AutoresetMode.SAME_STEP,
}
"""The autoreset modes, by gymnasium's value and by the name of
:mod:`pocha_rules.vector`'s."""


class _Outcome(NamedTuple):
    """What a step's units leave, by row of the environment (private)."""

    rewards: np.ndarray
    ended: np.ndarray
    totals: np.ndarray
    won: np.ndarray


class _Cohort:
    """Games dealt at the same step, played in lockstep (private)."""

    def __init__(self, games: BatchGames, slots: np.ndarray, num_envs: int, seat: int) -> None:
        self.games = games
        self.engine = games._engine
        self.slots = slots
        """``int64[games]``: the environment's row of each game of the batch."""
        self.apart = 2 * len(slots) < num_envs
        """Whether it was dealt apart from most games (and is regrouped)."""
        self.total = np.zeros(len(slots), dtype=np.int64)
        """The learner's total in each game at the last round's end."""
        self.seat = seat
        self.when: np.ndarray = np.zeros(0, dtype=np.int64)
        """The learner's decision in the unit at hand: its index in the unit,
        per row of the engine."""
        self.kept: list[np.ndarray] = []
        """The engine's values of the opponents' moves of the unit's
        decisions before the learner's, per row of the engine."""
        self.length = 0
        """The unit's number of decisions."""
        self.round = 0
        """The round the games were in at the last look."""
        self.states: list[GameState] | None = None
        """Each game's state, for bots that read views (per row of the engine)."""
        self.legal_bits: np.ndarray | None = None
        """The legal values of the decision at hand (see :meth:`legal`),
        once read; ``None`` whenever the engine moves."""

    def legal(self) -> np.ndarray:
        """``uint64[active]``: the engine's legal values of the decision at
        hand, as the engine keeps them (for plays, the engine's bits of the
        cards: see :meth:`squeezed`)."""
        legal = self.legal_bits
        if legal is None:
            legal = self.legal_bits = self.engine.legal()
        return legal

    def squeezed(self, legal: np.ndarray, phase: Phase) -> np.ndarray:
        """``legal`` values of a decision of ``phase`` as bits of the
        phase's section of action ids (bit ``i`` for its ``i``-th id)."""
        if phase is Phase.PLAY:
            return squeeze(legal, self.games._squeeze)
        return legal

    def rows_slots(self) -> np.ndarray:
        """The environment's row of each row of the engine."""
        slots: np.ndarray = self.slots.take(self.engine.rows)
        return slots


class LearnerVectorEnv(VectorGames, gymnasium.vector.VectorEnv[Any, Any, Any]):
    """``num_envs`` games of one rule set, the learner at ``seat`` in each,
    the other seats played by ``opponents`` inside :meth:`step` (see the
    module notes).

    Args:
        rules: The rules (the defaults when ``None``).
        num_envs: How many games at a time.
        seat: The learner's seat.
        opponents: The other seats: one opponent for all of them
            (``"random"`` by default), a sequence with one per other seat
            in seat order, or a mapping from each other seat to its
            opponent. An opponent is ``"random"``, a built-in bot's name, a
            :class:`~pocha_rules.bots.Bot` or a policy function on arrays
            (:data:`pocha_rules.vector.OpponentPolicy`).
        autoreset_mode: ``AutoresetMode.NEXT_STEP`` or
            ``AutoresetMode.SAME_STEP`` (or their values as strings).
        mask_in_observation: Whether the observation is a dict with the
            action mask (else the vector, the masks in the infos).
        regroup: Whether games dealt apart are cut short to be dealt with
            the others.
        record: Keep every game's deals and moves, for :meth:`record`.

    Raises:
        TypeError: An argument of the wrong type.
        PochaError: A seat out of range, opponents that do not name every
            other seat once, or an unknown autoreset mode.

    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(
        self,
        rules: RuleSet | None = None,
        num_envs: int = 1024,
        *,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] | Mapping[int, Opponent] = "random",
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        mask_in_observation: bool = True,
        regroup: bool = True,
        record: bool = False,
    ) -> None:
        rules, count = checked_rules(rules, num_envs)
        n = rules.players
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"seat must be an int, got {type(seat).__name__}: {seat!r}")
        if not 0 <= seat < n:
            raise PochaError(say("single_agent_seat_range", high=n - 1, seat=seat))
        if isinstance(autoreset_mode, AutoresetMode):
            autoreset_mode = autoreset_mode.value
        if not isinstance(autoreset_mode, str):
            raise TypeError(f"autoreset_mode must be an AutoresetMode, got {autoreset_mode!r}")
        mode = _MODES.get(autoreset_mode)
        if mode is None:
            raise PochaError(
                say("autoreset_mode_unknown", value=", ".join(_MODES), mode=repr(autoreset_mode))
            )
        checks.flag(mask_in_observation, "mask_in_observation")
        checks.flag(regroup, "regroup")
        checks.flag(record, "record")
        self.metadata = {"autoreset_mode": mode}
        self._same_step = mode is AutoresetMode.SAME_STEP
        self.num_envs = count
        self._seat = seat
        self._opponents = check_opponents(others_opponents(opponents, seat, n, _as_given), n)
        self._all_random = all(spec == "random" for spec in self._opponents.values())
        self._reads_views = any(reads_views(spec) for spec in self._opponents.values())
        self._bots: dict[int, Bot] = {}
        self._shadows = Shadows(rules, 0)
        self._in_obs = mask_in_observation
        self._regroup = regroup
        self._record = record
        probe = self._set_up(rules, count)
        self._draw_ids = id_table(self._table, probe._bt.deck_cards)
        """The action id of each bit of the engine's legal values, by phase
        (as :attr:`_ids`, but plays by the engine's bits of the cards)."""
        self._aligned = dealer_names_trump(probe)
        low = np.empty(self._size, dtype=np.float32)
        high = np.empty(self._size, dtype=np.float32)
        for field in observation_layout(rules):
            low[field.slice] = field.low
            high[field.slice] = field.high
        vector = spaces.Box(low=low, high=high, dtype=np.float32)
        size = self._table.size
        masks = spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8)
        self.single_observation_space = (
            spaces.Dict({"observation": vector, "action_mask": masks}) if self._in_obs else vector
        )
        self.single_action_space = spaces.Discrete(size)
        self.observation_space = gymnasium.vector.utils.batch_space(
            self.single_observation_space, count
        )
        self.action_space = spaces.MultiDiscrete(np.full(count, size, dtype=np.int64))
        self._cohorts: list[_Cohort] = []
        self._slot_cohort: list[_Cohort | None] = [None] * count
        self._pending = np.zeros(count, dtype=bool)
        """Rows whose game ended at the last step, dealt anew at this one
        (next-step mode)."""
        # Each row's vector is kept in the pieces the observer gives
        # (:class:`~pocha_rules.batch._observations.Pieces`), written by rows
        # as the learner's decisions come; they become this step's float
        # vectors at once, at the end (:meth:`_flush`).
        self._observer = observer = probe._observer()
        self._words = np.zeros((count, observer.width // 64), dtype=np.uint64)
        self._ones: list[np.ndarray] = []
        """The flat indices of the one-hot numbers set since the last flush,
        in a ``[num_envs, width]`` array."""
        self._counts = np.zeros((count, 1 + 3 * n), dtype=np.int8)
        self._scores = np.zeros((count, n), dtype=np.float32)
        scores = observer.layout["scores"].offset
        self._score_columns = slice(scores, scores + n)

    # --- what the environment is --------------------------------------------------

    @property
    def seat(self) -> int:
        """The learner's seat."""
        return self._seat

    # --- the gymnasium calls ------------------------------------------------------

    def reset(
        self,
        *,
        seed: int | Sequence[int] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Any, dict[str, Any]]:
        """Deal a new game everywhere; with ``seed`` (one int, or one per
        game), reseed the deals and the opponents first.

        Raises:
            TypeError: ``seed`` is not an int or a sequence of them, or
                ``options`` is given (there are none).
            PochaError: ``seed`` is negative, or not one per game.

        """
        self._reseed(seed, options)
        self._cohorts = []
        self._slot_cohort = [None] * self.num_envs
        self._pending[:] = False
        self._blank()
        self._deal(np.arange(self.num_envs, dtype=np.int64))
        self._flush()
        return self._observation(), self._infos()

    def step(self, actions: Any) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Play the learner's action in every game, then the opponents up to
        the learner's next decision (or the game's end).

        Raises:
            VectorActionError: ``actions`` is not one whole number per game,
                or an id is out of range or not legal in its game (naming
                the game and the reason); no game moves.
            PochaError: :meth:`reset` was never called.

        """
        if not self._cohorts and not self._pending.any():
            raise PochaError(say("vector_step_before_reset"))
        chosen = self._checked(actions)
        count = self.num_envs
        rewards = np.zeros(count, dtype=np.float32)
        ended = np.zeros(count, dtype=bool)
        cut = np.zeros(count, dtype=bool)
        totals = np.zeros(count, dtype=np.int64)
        won = np.zeros(count, dtype=bool)
        outcome = _Outcome(rewards, ended, totals, won)
        for cohort in self._cohorts:
            self._play_unit(cohort, chosen, outcome)
        self._cohorts = [c for c in self._cohorts if c.engine.active]
        finished = np.flatnonzero(ended)
        dealt = self._pending.copy()
        self._blank()
        for cohort in self._cohorts:
            self._plan_unit(cohort)
        if len(finished) and self._regroup:
            # The games dealt apart from most are cut short, to be dealt
            # anew with those that just ended (their final observation:
            # their decision at hand).
            for cohort in self._cohorts:
                if cohort.apart:
                    cut[cohort.rows_slots()] = True
            self._cohorts = [c for c in self._cohorts if not c.apart]
        infos: dict[str, Any] = {}
        over = ended | cut
        # A game over has no decision to show.
        self._words[ended] = 0
        self._counts[ended] = 0
        self._scores[ended] = 0
        self._flush()
        if self._same_step:
            restart = np.flatnonzero(over)
            if len(restart):
                final_obs = np.full(count, None, dtype=object)
                for slot in restart.tolist():
                    final_obs[slot] = self._one_observation(slot)
                infos["final_obs"] = final_obs
                infos["_final_obs"] = over
                infos["final_info"] = {"total": totals, "_total": ended.copy(),
                                       "winner": won, "_winner": ended.copy()}  # fmt: skip
                infos["_final_info"] = over
                self._deal(restart)
                self._flush(restart)
        else:
            if dealt.any():
                rows = np.flatnonzero(dealt)
                self._deal(rows)
                self._flush(rows)
            self._pending = over
            if ended.any():
                infos.update(total=totals, _total=ended, winner=won, _winner=ended.copy())
        infos = self._infos(infos)
        return self._observation(), rewards, ended, cut, infos

    def action_masks(self) -> np.ndarray:
        """``bool[num_envs, num_actions]``: the legal action ids of every
        game's decision at hand (none in a game over, or waiting to be
        dealt with next-step autoreset)."""
        masks: np.ndarray = self._mask.astype(bool)
        return masks

    def sample_actions(self, rng: np.random.Generator | None = None) -> np.ndarray:
        """A uniformly random legal action id in every game (0 where no
        decision is at hand), drawn from the legal moves kept as bits.

        Raises:
            TypeError: ``rng`` is not a :class:`numpy.random.Generator`.

        """
        return self._random_ids(rng)

    def record(self, game: int) -> GameRecord:
        """The game now at row ``game`` (or the one that just ended there)
        as a :class:`~pocha_rules.records.GameRecord`, when recording.

        Raises:
            PochaError: The environment does not record, there is no such
                game, or :meth:`reset` was never called.

        """
        return self._game_record(game)

    def close(self, **kwargs: Any) -> None:
        """Nothing to release."""

    def __repr__(self) -> str:
        return (
            f"LearnerVectorEnv({self._rules!r}, {self.num_envs}, seat={self._seat}, "
            f"autoreset_mode={self.metadata['autoreset_mode']})"
        )

    # --- dealing --------------------------------------------------------------------

    def _deal(self, slots: np.ndarray) -> None:
        """Deal new games at ``slots`` and play them to the learner's first
        decision (the rows' observations written)."""
        assert self._seed is not None
        self._mask[slots] = 0  # shown already at this step when cut short
        state = np.random.SeedSequence(self._seed, spawn_key=(0, self._started))
        self._started += 1
        seed = int.from_bytes(state.generate_state(2, np.uint32).tobytes(), "little")
        n = self._rules.players
        keys = None
        if self._game_seeds is not None:
            keys = game_keys(self._game_seeds[slots], self._games_played[slots])
            self._games_played[slots] += 1
        groups: list[tuple[np.ndarray, int | None]] = [(np.arange(len(slots)), None)]
        if self._aligned:
            # The dealer names trump in some rounds: the games of a batch
            # share their first dealer, so that the learner is the dealer in
            # all of them or in none.
            if keys is None:
                dealers = np.random.default_rng(seed).integers(0, n, size=len(slots))
            else:
                dealers = KeyedUniform(keys).first_dealers(n)
            groups = [(np.flatnonzero(dealers == d), d) for d in range(n)]
        for number, (part, dealer) in enumerate(groups):
            if not len(part):
                continue
            if keys is None:
                games = BatchGames(self._rules, len(part), seed=seed + number, dealer=dealer,
                                   record=self._record)  # fmt: skip
            else:
                games = BatchGames._keyed(self._rules, keys[part], seed=seed, record=self._record)
            cohort = _Cohort(games, slots[part].copy(), self.num_envs, self._seat)
            self._cohorts.append(cohort)
            for slot in cohort.slots.tolist():
                self._slot_cohort[slot] = cohort
            self._slot_row[cohort.slots] = np.arange(len(part))
            self._follow_round(cohort)
            self._plan_unit(cohort)

    # --- a unit of decisions ------------------------------------------------------

    def _plan_unit(self, cohort: _Cohort) -> None:
        """Play ``cohort`` ahead to the learner's decision in the unit at
        hand, keeping the opponents' moves before it and writing the
        learner's observations; then put it back. A unit where the learner
        has no decision (the dealer naming trump, another seat's) is played
        for real."""
        engine = cohort.engine
        while True:
            length = unit_length(engine)
            snapshot = Snapshot(engine)
            states = None if cohort.states is None else list(cohort.states)
            m = engine.active
            slots = cohort.rows_slots()
            # In a trick the learner plays in every game, its turn known at
            # once: the seats after the leader play in order.
            turn = None
            if engine.phase is Phase.PLAY:
                turn = (cohort.seat - engine.eldest() - engine._leader) % engine.players
            when = np.full(m, -1, dtype=np.int64) if turn is None else turn
            last = -1 if turn is None else int(turn.max())
            kept: list[np.ndarray] = []
            # The games as they stand at the learner's decision, by phase
            # (every row copied at the phase's first such decision, then
            # each brought forward to its own), which rows decide in that
            # phase, and the legal values of each game's decision.
            seen: dict[Phase, tuple[Subset, np.ndarray]] = {}
            legal = np.zeros(m, dtype=np.uint64)
            for k in range(length):
                if turn is None:
                    seats = engine.to_move()
                    new = (seats == cohort.seat) & (when < 0)
                    when[new] = k
                    ready = bool((when >= 0).all())
                    waiting = when < 0
                else:
                    seats, new, ready = None, turn == k, k == last
                    waiting = turn > k
                if new.any():
                    found = seen.get(engine.phase)
                    if found is None:
                        games = Subset(engine, None)
                        if turn is not None:
                            games.in_trick(turn)
                        seen[engine.phase] = (games, new)
                    else:
                        games, deciding = found
                        games.catch_up(engine, new)
                        deciding |= new
                    np.copyto(legal, cohort.legal(), where=new)
                if ready:
                    break
                values = self._opponent_values(cohort, seats, waiting, slots)
                kept.append(values)
                self._apply(cohort, values)
            if (when >= 0).all():
                self._show(cohort, seen, legal, slots)
                snapshot.restore(engine)
                cohort.legal_bits = None
                cohort.states = states
                cohort.when, cohort.kept, cohort.length = when, kept, length
                return
            # No decision of the learner's in the unit (the same in every
            # game of the batch): it was played for real.
            assert (when < 0).all(), "the learner decides in some games of a unit only"
            self._after_unit(cohort, None)

    def _play_unit(self, cohort: _Cohort, chosen: np.ndarray, outcome: _Outcome) -> None:
        """Play the unit at hand of ``cohort``: the kept moves, the
        learner's ``chosen`` actions (by row of the environment), and the
        opponents after them."""
        slots = cohort.rows_slots()
        mine = cohort.games._value_of.take(chosen.take(slots))
        when = cohort.when
        kept = cohort.kept
        for k in range(cohort.length):
            after = when < k
            fresh = None
            if after.any():
                fresh = self._opponent_values(cohort, None, after, slots)
            if k < len(kept):
                values = kept[k] if fresh is None else np.where(after, fresh, kept[k])
            else:
                values = mine if fresh is None else fresh
            values = np.where(when == k, mine, values)
            self._apply(cohort, values)
        self._after_unit(cohort, outcome)

    def _after_unit(self, cohort: _Cohort, outcome: _Outcome | None) -> None:
        """When a round ended: the learner's points, and the games that ended."""
        engine = cohort.engine
        if engine.round_index == cohort.round:
            return
        cohort.round = engine.round_index
        games = cohort.games
        every = games.scores
        scores = every[:, cohort.seat]
        points = scores - cohort.total
        cohort.total = scores
        live = cohort.slots >= 0
        newly = games.done & live
        if outcome is not None:
            outcome.rewards[cohort.slots[live]] += points[live]
        if newly.any():
            rows = np.flatnonzero(newly)
            slots = cohort.slots[rows]
            if outcome is not None:
                outcome.ended[slots] = True
                outcome.totals[slots] = scores[rows]
                final = every[rows]
                won = final[:, cohort.seat] == final.max(axis=1)
                if self._rules.zero_wins:
                    won |= final[:, cohort.seat] == 0
                outcome.won[slots] = won
            cohort.slots[rows] = -1
        self._follow_round(cohort)

    def _follow_round(self, cohort: _Cohort) -> None:
        """The games' states at the start of their round, for the bots."""
        engine = cohort.engine
        if self._reads_views and engine.active:
            starts: dict[int, tuple[Any, ...]] = {}
            cohort.states = [
                self._shadows._round_start(cohort.games, int(game), starts) for game in engine.rows
            ]

    def _apply(self, cohort: _Cohort, values: np.ndarray) -> None:
        """One decision in every game of ``cohort``: the engine's ``values``
        by row of the engine, each legal."""
        engine = cohort.engine
        if cohort.states is not None:
            ids = self._draw_ids.take(values.view(np.int64) + PHASE_ROWS[engine.phase] * 64)
            cohort.states = [
                apply_action(state, action)
                for state, action in zip(cohort.states, ids.tolist(), strict=True)
            ]
        engine.apply(values)
        cohort.games._mask = None
        cohort.legal_bits = None

    # --- the opponents ------------------------------------------------------------

    def _opponent_values(
        self, cohort: _Cohort, seats: np.ndarray | None, wanted: np.ndarray, slots: np.ndarray
    ) -> np.ndarray:
        """The engine's value of a legal move in every row of ``cohort``'s
        engine: the opponents' where ``wanted`` (an opponent is to move
        there), any legal one elsewhere; ``seats``, the seat to move in each
        (read from the engine for ``None``)."""
        engine = cohort.engine
        legal = cohort.legal()
        phase = engine.phase
        # A legal value is the number of its bit (a card's, a bid's, ...).
        values = random_bits(legal, self._rng)
        if self._all_random:
            return values
        if seats is None:
            seats = engine.to_move()
        for seat, spec in self._opponents.items():
            if spec == "random":
                continue
            at = np.flatnonzero(wanted & (seats == seat))
            if not len(at):
                continue
            mask = np.zeros((len(at), self._table.size), dtype=np.int8)
            theirs = cohort.squeezed(legal.take(at), phase)
            write_mask(mask, None, theirs, phase, engine.plan.cards, self._table)
            bot = self._bots.get(seat)
            if bot is not None:
                assert cohort.states is not None
                moves = np.array(
                    [
                        _bot_action(self._rules, bot, cohort.states[row], seat)
                        for row in at.tolist()
                    ],
                    dtype=np.int64,
                )
            else:
                assert callable(spec)
                observations = cohort.games._observer().encode(Subset(engine, at))  # type: ignore[arg-type]
                moves = np.asarray(spec(observations, mask))
            wrong = first_illegal(moves, mask, seat)
            if wrong is not None:
                raise VectorActionError(
                    int(slots[at[wrong]]), int(moves[wrong]), seat,
                    f"the opponent at seat {seat} chose an illegal action",
                )  # fmt: skip
            values[at] = cohort.games._value_of.take(moves)
        return values

    # --- what the learner sees ----------------------------------------------------

    def _show(
        self,
        cohort: _Cohort,
        seen: dict[Phase, tuple[Subset, np.ndarray]],
        legal: np.ndarray,
        slots: np.ndarray,
    ) -> None:
        """Write the learner's observations, masks and legal bits into their
        rows of the environment, from ``seen`` (by phase, the games as they
        stood at the learner's decision and which rows decide in that phase)
        and ``legal`` (the legal values of each game's decision)."""
        engine = cohort.engine
        for phase, (games, deciding) in seen.items():
            bits = legal
            if len(seen) > 1:
                rows = np.flatnonzero(deciding)
                games, bits = games.some(rows), legal.take(rows)
            bits = cohort.squeezed(bits, phase)
            where = slots.take(games.rows)
            pieces = cohort.games._observer().pieces(games)  # type: ignore[arg-type]
            self._words[where] = pieces.words
            self._ones.append(pieces.ones + where * self._observer.width)
            self._counts[where] = pieces.counts
            self._scores[where] = pieces.scores
            write_mask(self._mask, where, bits, phase, engine.plan.cards, self._table)
            self._legal_bits[where] = bits
            self._id_at[where] = PHASE_ROWS[phase] * 64

    def _blank(self) -> None:
        """Fresh arrays for this step's observations and masks (the last
        step's are the caller's)."""
        count = self.num_envs
        self._obs = self._pool.take()  # every row is written, or zeroed, before it is shown
        self._ones.clear()  # none left by a step that raised
        self._mask = np.zeros((count, self._table.size), dtype=np.int8)
        self._legal_bits = np.zeros(count, dtype=np.uint64)
        self._id_at = np.full(count, NO_DECISION, dtype=np.int64)

    def _flush(self, rows: np.ndarray | None = None) -> None:
        """Turn the rows' vectors (every row for ``None``) into the floats
        of this step's observations."""
        observer = self._observer
        width = observer.width
        ones = np.concatenate([flat.ravel() for flat in self._ones] or [np.zeros(0, np.int64)])
        self._ones.clear()
        if rows is None:
            signed = observer.assemble(self._words, ones)
            observer.write_counts(signed, self._counts)
            np.copyto(self._obs, signed[:, : self._size])
            self._obs[:, self._score_columns] = self._scores
            return
        # Only these rows were shown since the last flush.
        if len(ones):
            slot = ones // width
            inverse = np.zeros(self.num_envs, dtype=np.int64)
            inverse[rows] = np.arange(len(rows))
            ones = (ones - slot * width) + inverse.take(slot) * width
        signed = observer.assemble(self._words.take(rows, axis=0), ones)
        observer.write_counts(signed, self._counts.take(rows, axis=0))
        self._obs[rows] = signed[:, : self._size]
        self._obs[rows, self._score_columns] = self._scores.take(rows, axis=0)

    def _observation(self) -> Any:
        if self._in_obs:
            return {"observation": self._obs, "action_mask": self._mask}
        return self._obs

    def _one_observation(self, slot: int) -> Any:
        if self._in_obs:
            return {"observation": self._obs[slot].copy(), "action_mask": self._mask[slot].copy()}
        return self._obs[slot].copy()

    def _infos(self, infos: dict[str, Any] | None = None) -> dict[str, Any]:
        infos = {} if infos is None else infos
        if not self._in_obs:
            infos["action_mask"] = self._mask
        return infos

    # --- checks ---------------------------------------------------------------------

    def _checked(self, actions: object) -> np.ndarray:
        """The learner's actions, once every one is checked."""
        count = self.num_envs
        wanted = ~self._pending
        size = self.num_actions
        given, in_range = whole_ids(actions, wanted, lambda game: self._seat, size)
        chosen = np.where(wanted & in_range, given, 0).astype(np.int64)
        picked = self._mask.ravel().take(np.arange(count, dtype=np.int64) * size + chosen)
        illegal = wanted & (picked == 0)
        if illegal.any():
            game = int(np.argmax(illegal))
            move = self._table.move(int(chosen[game]))
            raise VectorActionError(
                game, int(chosen[game]), self._seat, f"{move} is not legal here"
            )
        return chosen


def _bot_action(rules: RuleSet, bot: Bot, state: GameState, seat: int) -> int:
    """The action id ``bot`` chooses at ``seat`` (-1 for a move that is no
    action id)."""
    move = bot.act(observe(state, seat))
    try:
        return move_to_action(rules, move)
    except (TypeError, PochaError):
        return -1


def _as_given(spec: object, what: str) -> Any:
    """An opponent as given (:func:`check_opponents` checks them all)."""
    return spec
