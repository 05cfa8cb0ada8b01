"""Pocha as a PettingZoo AEC environment (``pip install "pocha-rules[rl]"``).

:func:`env` builds the environment with PettingZoo's standard wrappers;
:class:`raw_env` is the bare one. Any :class:`~pocha_rules.RuleSet` can be
played, a whole game or (``single_round=True``) only its first round.

- **Agents** are ``player_0`` to ``player_{n-1}``, one per seat.
- **Observations** are dicts: ``"observation"``, the seat's vector of
  :mod:`pocha_rules.observations` (float32), and ``"action_mask"``, one
  int8 per action id of :mod:`pocha_rules.actions` (all 0 when it is not
  the agent's turn).
- **Actions** are the action ids of :mod:`pocha_rules.actions`
  (``Discrete(num_actions(rules))``).
- **Rewards** come when a round ends: each agent gets the points its seat
  scored in that round, so an agent's rewards over an episode add up to its
  game total. When the episode ends, every agent's ``infos`` entry holds
  ``"total"`` (its seat's final total) and ``"winner"`` (whether the seat
  won, ties included); ``env.unwrapped.game_state`` is the
  :class:`~pocha_rules.GameState`. With ``single_round=True`` it is then the
  first round as it ended (over, nobody to move), and so is what the agents
  observe last.
- ``render_mode="ansi"``: :meth:`raw_env.render` returns what the seat to
  move sees at the table (:func:`~pocha_rules.observations.view_text`);
  ``render_mode="human"`` prints it to standard output instead.
- **Seeds**: ``reset(seed=...)`` takes a whole number of 0 or more (a
  NumPy integer too), as gymnasium's environments do.
- **Copies**: :func:`copy.copy`, :func:`copy.deepcopy` and pickling give an
  environment of its own, at the same point of the same game.
- ``opponents={seat: bot}``: those seats are played inside the environment
  by bots (any :class:`~pocha_rules.bots.Bot`, or ``"random"`` or
  ``"heuristic"``), and are not agents: the agents are the other seats,
  named by their seat numbers still, and the environment lets the bots move
  until an agent is to move.

An illegal action in :class:`raw_env` raises
:class:`~pocha_rules.InvalidActionError` (naming the id, the seat and the
reason) and leaves the environment as it was; the wrapped :func:`env`
follows PettingZoo's convention instead: the offending agent gets a reward
of -1 and the episode ends.

>>> from pocha_rules import RuleSet
>>> from pocha_rules.pettingzoo import env
>>> game = env(rules=RuleSet(schedule=[2, 3]))
>>> game.reset(seed=42)
>>> for agent in game.agent_iter():
...     observation, reward, termination, truncation, info = game.last()
...     if termination or truncation:
...         action = None
...     else:
...         mask = observation["action_mask"]
...         action = game.action_space(agent).sample(mask)
...     game.step(action)
>>> sorted(info)
['total', 'winner']
"""

from __future__ import annotations

import copy
import operator
import random
from collections.abc import Mapping
from typing import Any, Final

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from pocha_rules._common.errors import InvalidActionError, PochaError, say
from pocha_rules._common.text import got, shown
from pocha_rules._opponents import Opponents, check_opponents
from pocha_rules._pocha.engine import apply
from pocha_rules._pocha.game import new_game
from pocha_rules._pocha.rules import RuleSet
from pocha_rules._pocha.scoring import winners
from pocha_rules._pocha.state import GameState, Phase, stretch
from pocha_rules.actions import apply_action, legal_action_mask, num_actions
from pocha_rules.bots import Bot
from pocha_rules.observations import (
    encode_view_into,
    observation_layout,
    observation_size,
    view_text,
)
from pocha_rules.views import observe

__all__ = ["ILLEGAL_ACTION_REWARD", "env", "raw_env"]

ILLEGAL_ACTION_REWARD: Final = -1.0
"""The reward :func:`env` gives an agent for an illegal action (the episode
then ends)."""

Observation = dict[str, Any]


def env(
    rules: RuleSet | None = None,
    *,
    single_round: bool = False,
    render_mode: str | None = None,
    opponents: Mapping[int, Bot | str] | None = None,
) -> AECEnv:
    """The environment of :class:`raw_env`, wrapped as PettingZoo's classic
    games are: an illegal action ends the episode with a reward of
    :data:`ILLEGAL_ACTION_REWARD` for its agent; an action outside the
    action space is refused; the API is used in order."""
    game: AECEnv = raw_env(
        rules, single_round=single_round, render_mode=render_mode, opponents=opponents
    )
    game = wrappers.TerminateIllegalWrapper(game, illegal_reward=ILLEGAL_ACTION_REWARD)
    game = wrappers.AssertOutOfBoundsWrapper(game)
    return _OrderEnforcing(game)


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's wrapper, whose shallow copy is a game of its own too
    (not a second wrapper around the same environment)."""

    def __copy__(self) -> _OrderEnforcing:
        return copy.deepcopy(self)

    def __str__(self) -> str:
        return str(self.env)  # the environment's name, as PettingZoo's wrapper gives it


class raw_env(AECEnv, EzPickle):  # PettingZoo names the bare environment so
    """Pocha as a PettingZoo AEC environment, without wrappers.

    Args:
        rules: The rules (the defaults when ``None``).
        single_round: End each episode when the first round ends, instead of
            playing the whole game (tiebreak rounds included).
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        opponents: Seats played by bots inside the environment: a mapping
            from seat to a :class:`~pocha_rules.bots.Bot` or the name of a
            built-in one (``"random"``, ``"heuristic"``).

    Raises:
        TypeError: ``rules`` is not a :class:`~pocha_rules.RuleSet`, or an
            opponent is not a bot or a name.
        ValueError: ``render_mode`` is none of ``None``, ``"ansi"`` and
            ``"human"``; an opponent seat is out of range, or every seat is
            an opponent.

    Resetting with a ``seed`` makes the episodes that follow reproducible:
    each game's seed is drawn from it, and so are the seeds of the bots
    given by name.

    """

    metadata: Final[dict[str, Any]] = {
        "name": "pocha_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: RuleSet | None = None,
        *,
        single_round: bool = False,
        render_mode: str | None = None,
        opponents: Mapping[int, Bot | str] | None = None,
    ) -> None:
        EzPickle.__init__(
            self, rules, single_round=single_round, render_mode=render_mode, opponents=opponents
        )
        super().__init__()
        if rules is None:
            rules = RuleSet()
        if not isinstance(rules, RuleSet):
            raise TypeError(f"expected a RuleSet, got {got(rules)}")
        if type(single_round) is not bool:
            raise TypeError(f"single_round must be True or False, got {got(single_round)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be None, 'ansi' or 'human', got {shown(render_mode)}"
            )
        self.rules = rules
        self.single_round = single_round
        self.render_mode = render_mode
        n = rules.players
        specs = {} if opponents is None else check_opponents(opponents, n)
        if len(specs) == n:
            raise PochaError(say("every_seat_an_opponent"))
        self._opponents = Opponents(specs)
        self.possible_agents: list[str] = [_agent(seat) for seat in range(n) if seat not in specs]
        self.agents: list[str] = []
        self._seats = {_agent(seat): seat for seat in range(n) if seat not in specs}
        size = observation_size(rules)
        low = np.empty(size, dtype=np.float32)
        high = np.empty(size, dtype=np.float32)
        for field in observation_layout(rules):
            low[field.slice] = field.low
            high[field.slice] = field.high
            if field.name == "scores" and single_round:
                # One round is played: its points bound the totals.
                options: dict[str, Any] = rules.options()
                options.update(schedule=rules.schedule[:1], tiebreak="shared")
                first = RuleSet(**options)
                (one,) = [f for f in observation_layout(first) if f.name == "scores"]
                low[field.slice] = one.low
                high[field.slice] = one.high
        actions = num_actions(rules)
        self._size = size
        self._actions = actions
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=low, high=high, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self._rng = random.Random()
        self._state: GameState | None = None
        self._totals: tuple[int, ...] | None = None
        """The seats' totals once the episode is over."""

    # --- spaces and state -----------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Dict:
        """The observation space of ``agent`` (the same object every call)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """The action space of ``agent`` (the same object every call)."""
        return self._action_spaces[agent]

    @property
    def game_state(self) -> GameState:
        """The game as it stands (raises before the first :meth:`reset`)."""
        if self._state is None:
            raise RuntimeError("call reset() before using the environment")
        return self._state

    # --- the AEC API ------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game; with ``seed``, reseed the source of game seeds.

        Raises:
            TypeError: ``seed`` is not a whole number.
            PochaError: ``seed`` is negative (gymnasium's seeds are 0 or
                more); the environment is left as it was.

        """
        if seed is not None:
            if isinstance(seed, bool):
                raise TypeError(f"seed must be a whole number or None, got {got(seed)}")
            try:
                seed = operator.index(seed)
            except TypeError:
                raise TypeError(f"seed must be a whole number or None, got {got(seed)}") from None
            if seed < 0:
                raise PochaError(say("seed_negative", got=shown(seed)))
            self._rng.seed(seed)
            self._opponents.reseed(self._rng)
        self._state = self._bots_play(new_game(self.rules, seed=self._rng.getrandbits(63)))
        self._totals = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent_to_move(self._state)

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation: its vector and its action mask."""
        state = self.game_state
        seat = self._seats[agent]
        vector = np.zeros(self._size, dtype=np.float32)
        encode_view_into(observe(state, seat), vector)
        # The mask of the state is the mask of the view of the seat to move
        # (and costs less); the other seats have no legal action.
        mask = np.zeros(self._actions, dtype=np.int8)
        if seat == state.to_move:
            mask[:] = np.frombuffer(legal_action_mask(state), dtype=np.int8)
        return {"observation": vector, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play action id ``action`` for the agent to move (``None`` for an
        agent whose episode has ended).

        Raises:
            InvalidActionError: ``action`` is out of range or illegal; the
                environment is left as it was.
            PochaError: :meth:`reset` was not called yet, or the episode is
                over and every agent has stepped out of it.

        """
        if self._state is None:
            raise PochaError(say("step_before_reset"))
        if not self.agents:
            raise PochaError(say("step_after_end"))
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        if action is None:
            raise InvalidActionError(action, state.to_move, say("agent_must_act"))
        if _too_long(action):
            # Described, not written: Python refuses to write it as text.
            raise InvalidActionError(
                shown(action), state.to_move, say("action_out_of_range", high=self._actions - 1)
            )
        before, after = state, apply_action(state, action)
        bots = self._opponents.bots
        while not self._ended(after) and after.to_move in bots:
            seat = after.to_move
            before, after = after, apply(after, bots[seat].act(observe(after, seat)))
        self._state = after
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        finished = after.round_results[len(state.round_results) :]
        for result in finished:
            for other, seat in self._seats.items():
                self.rewards[other] += result.scores[seat]
        if self._ended(after):
            if not after.is_over:
                # The episode ends with the round: it is what the agents see.
                after = self._state = _round_as_ended(before, after)
            totals = after.scores
            won = winners(self.rules, totals)
            for other, seat in self._seats.items():
                self.infos[other] = {"total": totals[seat], "winner": seat in won}
            self.terminations = dict.fromkeys(self.agents, True)
            self._totals = totals
        else:
            self.agent_selection = self._agent_to_move(after)
        self._accumulate_rewards()

    def render(self) -> str | None:
        """What the seat to move sees at the table (the final scores once the
        episode is over): returned with ``render_mode="ansi"``, printed to
        standard output with ``render_mode="human"``."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render_mode (use 'ansi' or 'human')"
            )
            return None
        text = self._table_text()
        if self.render_mode == "human":
            print(text, flush=True)
            return None
        return text

    def _table_text(self) -> str:
        state = self.game_state
        totals = self._totals
        if totals is not None:
            won = winners(self.rules, totals)
            lines = [f"{_agent(seat)}: {total}" for seat, total in enumerate(totals)]
            names = ", ".join(_agent(seat) for seat in won)
            return "the episode is over\n" + "\n".join(lines) + f"\nwon: {names}"
        seat = state.to_move
        assert seat is not None
        return f"{_agent(seat)} to act\n{view_text(observe(state, seat))}"

    def close(self) -> None:
        """Nothing to release."""

    # --- copies -----------------------------------------------------------------------

    def __getstate__(self) -> dict[str, Any]:
        # Everything, the game and the source of game seeds included (not
        # only the arguments, as EzPickle would: a copy at the same point).
        return dict(self.__dict__)

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    def __copy__(self) -> raw_env:
        # The spaces, the rules and the (immutable) game are shared; the
        # episode's bookkeeping and the source of seeds are the copy's own.
        twin = type(self).__new__(type(self))
        twin.__dict__.update(self.__dict__)
        rng = random.Random()
        rng.setstate(self._rng.getstate())
        twin._rng = rng
        for name in ("agents", "rewards", "_cumulative_rewards", "terminations", "truncations"):
            if name in self.__dict__:
                setattr(twin, name, copy.copy(self.__dict__[name]))
        if "infos" in self.__dict__:
            twin.infos = {agent: dict(info) for agent, info in self.infos.items()}
        return twin

    def _agent_to_move(self, state: GameState) -> str:
        assert state.to_move is not None
        return _agent(state.to_move)

    def _ended(self, state: GameState) -> bool:
        return state.is_over or (self.single_round and len(state.round_results) > 0)

    def _bots_play(self, state: GameState) -> GameState:
        """Let the opponents move until an agent is to move or the episode
        ends."""
        bots = self._opponents.bots
        while not self._ended(state) and state.to_move in bots:
            seat = state.to_move
            assert seat is not None
            state = apply(state, bots[seat].act(observe(state, seat)))
        return state


def _too_long(action: object) -> bool:
    """Whether ``action`` is a whole number too long to write as text."""
    try:
        return operator.index(action).bit_length() > 64  # type: ignore[arg-type]
    except TypeError:
        return False


def _round_as_ended(before: GameState, after: GameState) -> GameState:
    """The round that the last card of ``before`` ended, as the engine shows
    a game's last round at its end (nobody to move, every card played, the
    round's tricks and scores counted), for an episode of one round:
    ``after`` is already the next round's deal."""
    s = before._s
    ended = stretch(s.g, s.r, after._s.ledger)
    won = after.round_results[-1].won
    return GameState(ended, before._bids, before._leader, won, Phase.OVER, -1, -1, (), 0, (), 0)


def _agent(seat: int) -> str:
    """The agent name of ``seat``."""
    return f"player_{seat}"
