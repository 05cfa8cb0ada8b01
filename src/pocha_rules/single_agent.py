"""One seat against bots, as a gymnasium environment (``pip install "pocha-rules[rl]"``).

:class:`SingleAgentEnv` is a plain :class:`gymnasium.Env`: the agent plays
one seat of a whole game (or, with ``single_round=True``, of its first
round or deal), and every other seat is played inside the environment by a
bot, built-in (``"random"``, ``"heuristic"``) or any bot of the game
(:class:`~pocha_rules.bots.Bot`, :class:`~pocha_rules.poch.Bot`). The game
is the rules' own: a :class:`~pocha_rules.RuleSet` plays Pocha, a
:class:`pocha_rules.poch.RuleSet` plays Poch (the environment is written
once over :mod:`pocha_rules.games`).
It passes gymnasium's ``gymnasium.utils.env_checker.check_env``, and the libraries
that train on one agent take it as it is.

- **Observations**: the seat's vector of :mod:`pocha_rules.observations`
  (Poch: :mod:`pocha_rules.poch.observations`; ``float32``, a ``Box`` with
  the layout's bounds).
- **Actions**: the action ids of :mod:`pocha_rules.actions`
  (:mod:`pocha_rules.poch.actions`; ``Discrete(num_actions(rules))``). The legal ones are in
  ``info["action_mask"]`` (``int8``, one per id) after every ``reset`` and
  ``step``, and :meth:`SingleAgentEnv.action_masks` gives them as
  sb3-contrib's ``MaskablePPO`` asks for them.
- **Rewards**: the change of the seat's score at each step (as the
  PettingZoo environment gives them): in Pocha the points of each round
  as it ends, in Poch the chips as they move. The rewards of an episode add
  up to the seat's result. When the episode ends, ``info`` holds that
  result (``"total"`` in Pocha, ``"net"`` in Poch) and ``"winner"``
  (whether it won, ties included).
- **Seeds**: ``reset(seed=...)`` seeds the deals and rebuilds the bots
  given by name with seeds drawn from it, so that the episodes that follow
  are reproducible (a bot given as an object keeps its own generator).

An illegal action (out of range or not legal) ends the episode, by default,
with a reward of :data:`ILLEGAL_ACTION_REWARD` and ``info["illegal"]``
``True``: the convention of PettingZoo's wrapped environments, and what
gymnasium's checker expects of an environment whose action space holds
illegal actions. With ``illegal_action="raise"`` it raises
:class:`~pocha_rules.InvalidActionError` instead (naming the id, the seat
and the reason) and leaves the environment as it was.

>>> from pocha_rules import RuleSet
>>> env = SingleAgentEnv(RuleSet(schedule=[2, 3]), opponents="heuristic")
>>> observation, info = env.reset(seed=1)
>>> total = 0.0
>>> while True:
...     action = env.action_space.sample(info["action_mask"])
...     observation, reward, terminated, truncated, info = env.step(action)
...     total += reward
...     if terminated:
...         break
>>> total == info["total"]
True
"""

from __future__ import annotations

import random
from typing import Any, Final

import gymnasium
import numpy as np
from gymnasium import spaces

from pocha_rules._common import checks
from pocha_rules._common.errors import InvalidActionError, PochaError, say
from pocha_rules._opponents import Opponents, check_opponent, others_opponents
from pocha_rules.games import POCHA, for_rules

__all__ = ["ILLEGAL_ACTION_REWARD", "SingleAgentEnv"]

ILLEGAL_ACTION_REWARD: Final = -1.0
"""The reward of an illegal action, which ends the episode (unless the
environment raises instead)."""


class SingleAgentEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of Pocha or Poch against bots (see the module notes).

    Args:
        rules: The rules, Pocha's or Poch's (Pocha's defaults when ``None``).
        seat: The agent's seat.
        opponents: The other seats' bots: one bot or name for all of them
            (``"random"`` by default), a sequence with one per other seat in
            seat order, or a mapping from each other seat to its bot.
        single_round: End each episode when the first round (Poch: deal)
            ends.
        illegal_action: ``"end"`` (the episode ends with
            :data:`ILLEGAL_ACTION_REWARD`) or ``"raise"``.
        render_mode: ``None``, ``"ansi"`` or ``"human"`` (printed).

    Raises:
        TypeError: An argument of the wrong type.
        PochaError: ``seat`` out of range, or the opponents do not name
            every other seat once.

    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"]}  # noqa: RUF012 (gymnasium's name)
    """The render modes (gymnasium's convention)."""

    def __init__(
        self,
        rules: Any = None,
        *,
        seat: int = 0,
        opponents: Any = "random",
        single_round: bool = False,
        illegal_action: str = "end",
        render_mode: str | None = None,
    ) -> None:
        game = POCHA if rules is None else for_rules(rules)
        if rules is None:
            rules = game.rules_type()
        n = game.players(rules)
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"seat must be an int, got {type(seat).__name__}: {seat!r}")
        if not 0 <= seat < n:
            raise PochaError(say("single_agent_seat_range", high=n - 1, seat=seat))
        checks.flag(single_round, "single_round")
        if illegal_action not in ("end", "raise"):
            raise PochaError(say("illegal_action_option", illegal_action=repr(illegal_action)))
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', got {render_mode!r}")
        self.game = game
        self.rules = rules
        self.seat = seat
        self.single_round = single_round
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self._opponents = Opponents(others_opponents(opponents, seat, n, check_opponent), game)
        low, high = game.observation_bounds(rules)
        self.observation_space = spaces.Box(
            low=np.array(low, dtype=np.float32),
            high=np.array(high, dtype=np.float32),
            dtype=np.float32,
        )
        self.action_space = spaces.Discrete(game.num_actions(rules))
        self._size = len(low)
        self._actions = game.num_actions(rules)
        self._rng = random.Random()
        self._state: Any = None
        self._paid = 0
        self._totals: tuple[int, ...] | None = None

    @property
    def game_state(self) -> Any:
        """The game as it stands (raises before the first :meth:`reset`):
        a :class:`~pocha_rules.GameState` or a
        :class:`pocha_rules.poch.GameState`."""
        if self._state is None:
            raise RuntimeError("call reset() before using the environment")
        return self._state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Deal a new game and let the bots play up to the agent's first
        turn; with ``seed``, reseed the deals and the named bots first."""
        super().reset(seed=seed)
        if seed is not None or self._state is None:
            self._rng.seed(int(self.np_random.integers(2**63)))
            self._opponents.reseed(self._rng)
        state = self.game.new_game(self.rules, seed=self._rng.getrandbits(63))
        self._totals = None
        self._paid = 0
        self._state = self._bots_play(state)
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Play action id ``action`` for the agent, then the bots up to the
        agent's next turn (or the end of the episode).

        Raises:
            InvalidActionError: With ``illegal_action="raise"``, ``action``
                is out of range or not legal; the environment is left as it
                was.
            PochaError: The episode is over (call :meth:`reset`).

        """
        state = self.game_state
        game = self.game
        if self._totals is not None:
            raise PochaError(say("episode_over"))
        if isinstance(action, np.ndarray) and action.size == 1:
            action = action.reshape(()).item()
        if isinstance(action, np.integer):
            action = int(action)
        try:
            played = game.apply_action(state, action)
        except InvalidActionError:
            if self.illegal_action == "raise":
                raise
            self._totals = game.scores(state)
            info = self._info()
            info["illegal"] = True
            return self._observation(), ILLEGAL_ACTION_REWARD, True, False, info
        after = self._bots_play(played)
        self._state = after
        terminated = self._ended(after)
        ends_deal = terminated and self.single_round
        scores = game.deal_scores(after, 0) if ends_deal else game.scores(after)
        reward = scores[self.seat] - self._paid
        self._paid = scores[self.seat]
        if terminated:
            self._totals = scores
        return self._observation(), float(reward), terminated, False, self._info()

    def action_masks(self) -> np.ndarray:
        """``bool[num_actions]``: the legal action ids now (all ``False``
        once the episode is over), as ``MaskablePPO`` asks for them."""
        return self._mask().astype(bool)

    def render(self) -> str | None:
        """What the agent's seat sees at the table (its final result once
        the episode is over): returned with ``render_mode="ansi"``, printed
        with ``render_mode="human"``."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render_mode (use 'ansi' or 'human')"
            )
            return None
        state = self.game_state
        if self._totals is not None:
            text = f"the episode is over: {self.game.score_name} {self._totals[self.seat]}"
        else:
            text = self.game.view_text(self.game.observe(state, self.seat))
        if self.render_mode == "human":
            print(text, flush=True)
            return None
        return text

    # --- inside -------------------------------------------------------------

    def _ended(self, state: Any) -> bool:
        """Whether the episode is over at ``state``."""
        game = self.game
        return game.is_over(state) or (self.single_round and game.deals_played(state) > 0)

    def _bots_play(self, state: Any) -> Any:
        """Let the bots move until the agent is to move or the episode ends."""
        game = self.game
        bots = self._opponents.bots
        while not self._ended(state):
            seat = game.to_move(state)
            if seat is None or seat == self.seat:
                break
            state = game.apply(state, bots[seat].act(game.observe(state, seat)))
        return state

    def _mask(self) -> np.ndarray:
        state = self.game_state
        if self._totals is not None or self.game.to_move(state) != self.seat:
            return np.zeros(self._actions, dtype=np.int8)
        return np.frombuffer(self.game.legal_action_mask(state), dtype=np.int8).copy()

    def _observation(self) -> np.ndarray:
        vector = np.zeros(self._size, dtype=np.float32)
        self.game.encode_view_into(self.game.observe(self.game_state, self.seat), vector)
        return vector

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self._mask()}
        if self._totals is not None:
            info["illegal"] = False
            info[self.game.score_name] = self._totals[self.seat]
            info["winner"] = self.seat in self.game.winners(self.rules, self._totals)
        return info
