"""Poch as a PettingZoo AEC environment (``pip install "pocha-rules[rl]"``).

:func:`env` builds the environment with PettingZoo's standard wrappers;
:class:`raw_env` is the bare one. Any Poch
:class:`~pocha_rules.poch.RuleSet` can be played, a whole game or
(``single_deal=True``) only its first deal. The same shape as Pocha's
environment (:mod:`pocha_rules.pettingzoo`):

- **Agents** are ``player_0`` to ``player_{n-1}``, one per seat.
- **Observations** are dicts: ``"observation"``, the seat's vector of
  :mod:`pocha_rules.poch.observations` (float32), and ``"action_mask"``,
  one int8 per action id of :mod:`pocha_rules.poch.actions` (all 0 when it
  is not the agent's turn).
- **Actions** are the action ids of :mod:`pocha_rules.poch.actions`.
- **Rewards** are chips: after every step each agent gets its seat's
  change of balance (a bet costs at once, a pool or a stop pays at once;
  the first dressing and trump pools, before anyone acts, come with the
  first step's rewards), so an agent's rewards over an episode add up to
  its net result: the game's, or with ``single_deal=True`` the first
  deal's. When the episode ends every agent's ``infos`` entry holds
  ``"net"`` and ``"winner"`` (first place, ties included);
  ``env.unwrapped.game_state`` is the :class:`~pocha_rules.poch.GameState`.
- ``render_mode="ansi"``: :meth:`raw_env.render` returns what the seat to
  move sees (:func:`~pocha_rules.poch.observations.view_text`).

An illegal action in :class:`raw_env` raises
:class:`~pocha_rules.InvalidActionError` and leaves the environment as it
was; the wrapped :func:`env` ends the episode with a reward of -1 for the
offending agent, as PettingZoo's classic games do.

>>> from pocha_rules.poch import RuleSet
>>> from pocha_rules.poch.pettingzoo import env
>>> game = env(rules=RuleSet(players=3))
>>> game.reset(seed=42)
>>> for agent in game.agent_iter():
...     observation, reward, termination, truncation, info = game.last()
...     if termination or truncation:
...         action = None
...     else:
...         action = game.action_space(agent).sample(observation["action_mask"])
...     game.step(action)
>>> sorted(info)
['net', 'winner']
"""

from __future__ import annotations

import random
from typing import Any, Final

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from pocha_rules._common.errors import InvalidActionError, say
from pocha_rules._common.text import got
from pocha_rules.poch._game import new_game
from pocha_rules.poch._rules import RuleSet
from pocha_rules.poch._state import GameState
from pocha_rules.poch.actions import apply_action, legal_action_mask, num_actions
from pocha_rules.poch.observations import (
    encode_view_into,
    observation_layout,
    observation_size,
    view_text,
)
from pocha_rules.poch.views import observe

__all__ = ["ILLEGAL_ACTION_REWARD", "env", "raw_env"]

ILLEGAL_ACTION_REWARD: Final = -1.0
"""The reward :func:`env` gives an agent for an illegal action (the episode
then ends)."""


def env(
    rules: RuleSet | None = None, *, single_deal: bool = False, render_mode: str | None = None
) -> AECEnv:
    """The environment of :class:`raw_env`, wrapped as PettingZoo's classic
    games are: an illegal action ends the episode with a reward of
    :data:`ILLEGAL_ACTION_REWARD` for its agent; an action outside the
    action space is refused; the API is used in order."""
    game: AECEnv = raw_env(rules, single_deal=single_deal, render_mode=render_mode)
    game = wrappers.TerminateIllegalWrapper(game, illegal_reward=ILLEGAL_ACTION_REWARD)
    game = wrappers.AssertOutOfBoundsWrapper(game)
    return wrappers.OrderEnforcingWrapper(game)


class raw_env(AECEnv, EzPickle):  # PettingZoo names the bare environment so
    """Poch as a PettingZoo AEC environment, without wrappers.

    Args:
        rules: The rules (four players and the defaults when ``None``).
        single_deal: End each episode when the first deal ends.
        render_mode: ``None`` or ``"ansi"``.

    Raises:
        TypeError: ``rules`` is not a Poch :class:`~pocha_rules.poch.RuleSet`.
        ValueError: ``render_mode`` is neither ``None`` nor ``"ansi"``.

    Resetting with a ``seed`` makes the episodes that follow reproducible.

    """

    metadata: Final[dict[str, Any]] = {
        "name": "poch_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: RuleSet | None = None,
        *,
        single_deal: bool = False,
        render_mode: str | None = None,
    ) -> None:
        EzPickle.__init__(self, rules, single_deal=single_deal, render_mode=render_mode)
        super().__init__()
        if rules is None:
            rules = RuleSet(players=4)
        if not isinstance(rules, RuleSet):
            raise TypeError(f"rules must be a poch RuleSet, got {got(rules)}")
        if type(single_deal) is not bool:
            raise TypeError(f"single_deal must be True or False, got {single_deal!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.rules = rules
        self.single_deal = single_deal
        self.render_mode = render_mode
        self.possible_agents: list[str] = [f"player_{seat}" for seat in range(rules.players)]
        self.agents: list[str] = []
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = observation_size(rules)
        low = np.empty(size, dtype=np.float32)
        high = np.empty(size, dtype=np.float32)
        for field in observation_layout(rules):
            low[field.slice] = field.low
            high[field.slice] = field.high
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
        self._over = False
        self._pending: list[int] = []

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

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game; with ``seed``, reseed the source of game seeds."""
        if seed is not None:
            self._rng.seed(seed)
        self._state = new_game(self.rules, seed=self._rng.getrandbits(63))
        self._over = False
        self.agents = self.possible_agents[:]
        # The first dressing and trump pools come before any agent acts:
        # they are paid out with the first step's rewards.
        start = self._state.starting_balances
        self._pending = [b - s for b, s in zip(self._state.balances, start, strict=True)]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent_to_move(self._state)

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation: its vector and its action mask."""
        state = self.game_state
        seat = self._seats[agent]
        vector = np.zeros(self._size, dtype=np.float32)
        encode_view_into(observe(state, seat), vector)
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

        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        if action is None:
            raise InvalidActionError(action, state.to_move, say("agent_must_act"))
        after = apply_action(state, action)
        self._state = after
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        for other, seat in self._seats.items():
            self.rewards[other] = after.balances[seat] - state.balances[seat]
        finished = after.deals_played > state.deals_played
        if after.is_over or (finished and self.single_deal):
            self._over = True
            if after.is_over:
                net, winners = after.net, after.winners
            else:  # the deal's end: the next deal's dressing is not the episode's
                result = after.deal_results[-1]
                for other, seat in self._seats.items():
                    self.rewards[other] = result.balances[seat] - state.balances[seat]
                net = result.changes
                winners = tuple(s for s, c in enumerate(net) if c == max(net))
            for other, seat in self._seats.items():
                self.infos[other] = {"net": net[seat], "winner": seat in winners}
            self.terminations = dict.fromkeys(self.agents, True)
        if any(self._pending):
            for other, seat in self._seats.items():
                self.rewards[other] += self._pending[seat]
            self._pending = [0] * len(self._pending)
        if not self._over:
            self.agent_selection = self._agent_to_move(after)
        self._accumulate_rewards()

    def render(self) -> str | None:
        """What the seat to move sees (the balances once the episode is
        over), with ``render_mode="ansi"``."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (use 'ansi')")
            return None
        state = self.game_state
        if self._over:
            lines = [f"{agent}: {state.balances[seat]}" for agent, seat in self._seats.items()]
            return "the episode is over\n" + "\n".join(lines)
        seat = state.to_move
        assert seat is not None
        return f"{self.possible_agents[seat]} to act\n{view_text(observe(state, seat))}"

    def close(self) -> None:
        """Nothing to release."""

    def _agent_to_move(self, state: GameState) -> str:
        assert state.to_move is not None
        return self.possible_agents[state.to_move]
