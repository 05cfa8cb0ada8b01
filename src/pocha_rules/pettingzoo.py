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
- ``render_mode="ansi"``: :meth:`GameEnv.render` returns what the seat to
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

from pocha_rules._common import checks
from pocha_rules._common.errors import InvalidActionError, PochaError, say
from pocha_rules._common.text import got, shown
from pocha_rules._opponents import Opponents, check_opponents
from pocha_rules._pocha.rules import RuleSet
from pocha_rules._pocha.state import GameState, Phase, stretch
from pocha_rules.bots import Bot
from pocha_rules.games import POCHA, Game
from pocha_rules.observations import observation_layout

__all__ = ["ILLEGAL_ACTION_REWARD", "GameEnv", "env", "raw_env", "wrap"]

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
    """The environment of :class:`raw_env`, wrapped by :func:`wrap`."""
    return wrap(
        raw_env(rules, single_round=single_round, render_mode=render_mode, opponents=opponents)
    )


def wrap(game: AECEnv) -> AECEnv:
    """``game`` wrapped as PettingZoo's classic games are: an illegal action
    ends the episode with a reward of :data:`ILLEGAL_ACTION_REWARD` for its
    agent; an action outside the action space is refused; the API is used in
    order."""
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


class GameEnv(AECEnv, EzPickle):
    """Any :class:`~pocha_rules.games.Game` as a PettingZoo AEC environment,
    without wrappers: the one implementation behind Pocha's :class:`raw_env`
    and Poch's :class:`pocha_rules.poch.pettingzoo.raw_env`.

    Agents, observations, actions, seeds, copies and opponents are as the
    module notes say; the observation vector and the action ids are the
    game's (:meth:`~pocha_rules.games.Game.encode_view`,
    :meth:`~pocha_rules.games.Game.num_actions`). **Rewards**: after every
    step each agent gets the change of its seat's score
    (:meth:`~pocha_rules.games.Game.scores`), so that an agent's rewards
    over an episode add up to its seat's result: the game's, or with
    ``single_deal=True`` the first deal's
    (:meth:`~pocha_rules.games.Game.deal_scores`). When the episode ends
    each agent's ``infos`` entry holds its result (under the game's
    :attr:`~pocha_rules.games.Game.score_name`) and ``"winner"``.

    Args:
        game: The game.
        rules: The game's rules (its defaults when ``None``).
        single_deal: End each episode when the first deal ends.
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        opponents: Seats played by bots inside the environment: a mapping
            from seat to a bot of the game or the name of a built-in one
            (``"random"``, ``"heuristic"``).

    Raises:
        TypeError: ``rules`` is not the game's rule set, or an opponent is
            not a bot or a name.
        ValueError: ``render_mode`` is none of ``None``, ``"ansi"`` and
            ``"human"``; an opponent seat is out of range, or every seat is
            an opponent.

    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's name)
        "name": "game_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }
    """PettingZoo's metadata: the environment's name and render modes."""

    def __init__(
        self,
        game: Game[Any, Any, Any, Any],
        rules: Any = None,
        *,
        single_deal: bool = False,
        render_mode: str | None = None,
        opponents: Mapping[int, Any] | None = None,
    ) -> None:
        super().__init__()
        if rules is None:
            rules = game.rules_type() if game.name == "pocha" else game.rules_type(players=4)
        if not isinstance(rules, game.rules_type):
            raise TypeError(f"expected a {self._rules_name(game)}, got {got(rules)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be None, 'ansi' or 'human', got {shown(render_mode)}"
            )
        self.game = game
        self.rules = rules
        self.render_mode = render_mode
        self._single = single_deal
        n = game.players(rules)
        specs = {} if opponents is None else check_opponents(opponents, n)
        if len(specs) == n:
            raise PochaError(say("every_seat_an_opponent"))
        self._opponents = Opponents(specs, game)
        self.possible_agents: list[str] = [_agent(seat) for seat in range(n) if seat not in specs]
        self.agents: list[str] = []
        self._seats = {_agent(seat): seat for seat in range(n) if seat not in specs}
        low, high = self._bounds()
        actions = game.num_actions(rules)
        self._size = len(low)
        self._actions = actions
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=np.array(low, dtype=np.float32),
                        high=np.array(high, dtype=np.float32),
                        dtype=np.float32,
                    ),
                    "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self._rng = random.Random()
        self._state: Any = None
        self._paid: tuple[int, ...] = (0,) * n
        """The scores the rewards so far add up to."""
        self._totals: tuple[int, ...] | None = None
        """The seats' results once the episode is over."""

    @staticmethod
    def _rules_name(game: Game[Any, Any, Any, Any]) -> str:
        return f"{game.name} RuleSet"

    def _bounds(self) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """The observation vector's bounds."""
        return self.game.observation_bounds(self.rules)

    # --- spaces and state -----------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Dict:
        """The observation space of ``agent`` (the same object every call)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """The action space of ``agent`` (the same object every call)."""
        return self._action_spaces[agent]

    @property
    def game_state(self) -> Any:
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
        start = self.game.new_game(self.rules, seed=self._rng.getrandbits(63))
        self._state = self._bots_play(start, start)[1]
        self._paid = (0,) * self.game.players(self.rules)
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
        game = self.game
        vector = np.zeros(self._size, dtype=np.float32)
        game.encode_view_into(game.observe(state, seat), vector)
        # The mask of the state is the mask of the view of the seat to move
        # (and costs less); the other seats have no legal action.
        mask = np.zeros(self._actions, dtype=np.int8)
        if seat == game.to_move(state):
            mask[:] = np.frombuffer(game.legal_action_mask(state), dtype=np.int8)
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
        game = self.game
        state = self.game_state
        if action is None:
            raise InvalidActionError(action, game.to_move(state), say("agent_must_act"))
        if _too_long(action):
            # Described, not written: Python refuses to write it as text.
            raise InvalidActionError(
                shown(action),
                game.to_move(state),
                say("action_out_of_range", high=self._actions - 1),
            )
        before, after = self._bots_play(state, game.apply_action(state, action))
        self._state = after
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        ended = self._ended(after)
        scores = game.deal_scores(after, 0) if ended and self._single else game.scores(after)
        for other, seat in self._seats.items():
            self.rewards[other] = scores[seat] - self._paid[seat]
        self._paid = scores
        if ended:
            self._state = self._last_state(before, after)
            won = game.winners(self.rules, scores)
            for other, seat in self._seats.items():
                self.infos[other] = {game.score_name: scores[seat], "winner": seat in won}
            self.terminations = dict.fromkeys(self.agents, True)
            self._totals = scores
        else:
            self.agent_selection = self._agent_to_move(after)
        self._accumulate_rewards()

    def render(self) -> str | None:
        """What the seat to move sees at the table (the final results once
        the episode is over): returned with ``render_mode="ansi"``, printed
        to standard output with ``render_mode="human"``."""
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
            won = self.game.winners(self.rules, totals)
            lines = [f"{_agent(seat)}: {total}" for seat, total in enumerate(totals)]
            names = ", ".join(_agent(seat) for seat in won)
            return "the episode is over\n" + "\n".join(lines) + f"\nwon: {names}"
        seat = self.game.to_move(state)
        assert seat is not None
        return f"{_agent(seat)} to act\n{self.game.view_text(self.game.observe(state, seat))}"

    def close(self) -> None:
        """Nothing to release."""

    # --- copies -----------------------------------------------------------------------

    def __getstate__(self) -> dict[str, Any]:
        # Everything, the game and the source of game seeds included (not
        # only the arguments, as EzPickle would: a copy at the same point).
        return dict(self.__dict__)

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    def __copy__(self) -> GameEnv:
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

    # --- inside -----------------------------------------------------------------------

    def _agent_to_move(self, state: Any) -> str:
        seat = self.game.to_move(state)
        assert seat is not None
        return _agent(seat)

    def _ended(self, state: Any) -> bool:
        return self.game.is_over(state) or (self._single and self.game.deals_played(state) > 0)

    def _last_state(self, before: Any, after: Any) -> Any:
        """The state the agents see once the episode has ended at ``after``
        (``before`` is the state before the last move)."""
        return after

    def _bots_play(self, before: Any, after: Any) -> tuple[Any, Any]:
        """Let the opponents move from ``after`` until an agent is to move or
        the episode ends: the states before and after the last move."""
        game = self.game
        bots = self._opponents.bots
        while not self._ended(after):
            seat = game.to_move(after)
            if seat is None or seat not in bots:
                break
            before, after = after, game.apply(after, bots[seat].act(game.observe(after, seat)))
        return before, after


class raw_env(GameEnv):  # PettingZoo names the bare environment so
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

    metadata: dict[str, Any] = {**GameEnv.metadata, "name": "pocha_v0"}  # noqa: RUF012
    """PettingZoo's metadata: the environment's name and render modes."""

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
        self.single_round = checks.flag(single_round, "single_round")
        super().__init__(
            POCHA,
            rules,
            single_deal=single_round,
            render_mode=render_mode,
            opponents=opponents,
        )

    @staticmethod
    def _rules_name(game: Game[Any, Any, Any, Any]) -> str:
        return "RuleSet"

    @property
    def game_state(self) -> GameState:
        """The game as it stands (raises before the first
        :meth:`~GameEnv.reset`)."""
        state: GameState = super().game_state
        return state

    def _bounds(self) -> tuple[tuple[float, ...], tuple[float, ...]]:
        low, high = super()._bounds()
        if not self.single_round:
            return low, high
        # One round is played: its points bound the totals.
        options: dict[str, Any] = self.rules.options()
        options.update(schedule=self.rules.schedule[:1], tiebreak="shared")
        first = RuleSet(**options)
        (one,) = [f for f in observation_layout(first) if f.name == "scores"]
        (field,) = [f for f in observation_layout(self.rules) if f.name == "scores"]
        low_list, high_list = list(low), list(high)
        low_list[field.slice] = [one.low] * field.size
        high_list[field.slice] = [one.high] * field.size
        return tuple(low_list), tuple(high_list)

    def _last_state(self, before: Any, after: Any) -> Any:
        if after.is_over:
            return after
        # The episode ends with the round: it is what the agents see.
        return _round_as_ended(before, after)


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
