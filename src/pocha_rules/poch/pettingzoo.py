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
- ``render_mode="ansi"``: :meth:`~pocha_rules.pettingzoo.GameEnv.render` returns what the seat to
  move sees (:func:`~pocha_rules.poch.observations.view_text`);
  ``render_mode="human"`` prints it to standard output instead.
- **Seeds**, **copies** and ``opponents={seat: bot}`` (seats played inside
  the environment by Poch bots, or ``"random"`` or ``"heuristic"``) work
  as in Pocha's environment: both are
  :class:`pocha_rules.pettingzoo.GameEnv`, written once over the game
  protocol (:mod:`pocha_rules.games`).

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

from collections.abc import Mapping
from typing import Any

from gymnasium.utils import EzPickle
from pettingzoo import AECEnv

from pocha_rules._common import checks
from pocha_rules.games import POCH
from pocha_rules.pettingzoo import ILLEGAL_ACTION_REWARD, GameEnv, wrap
from pocha_rules.poch._rules import RuleSet
from pocha_rules.poch._state import GameState

__all__ = ["ILLEGAL_ACTION_REWARD", "env", "raw_env"]


def env(
    rules: RuleSet | None = None,
    *,
    single_deal: bool = False,
    render_mode: str | None = None,
    opponents: Mapping[int, Any] | None = None,
) -> AECEnv:
    """The environment of :class:`raw_env`, wrapped as PettingZoo's classic
    games are (:func:`pocha_rules.pettingzoo.wrap`): an illegal action ends
    the episode with a reward of :data:`~pocha_rules.pettingzoo.ILLEGAL_ACTION_REWARD` for its
    agent; an action outside the action space is refused; the API is used in
    order."""
    return wrap(
        raw_env(rules, single_deal=single_deal, render_mode=render_mode, opponents=opponents)
    )


class raw_env(GameEnv):  # PettingZoo names the bare environment so
    """Poch as a PettingZoo AEC environment, without wrappers.

    Args:
        rules: The rules (four players and the defaults when ``None``).
        single_deal: End each episode when the first deal ends.
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        opponents: Seats played by bots inside the environment: a mapping
            from seat to a Poch :class:`~pocha_rules.poch.Bot` or the name
            of a built-in one (``"random"``, ``"heuristic"``).

    Raises:
        TypeError: ``rules`` is not a Poch :class:`~pocha_rules.poch.RuleSet`.
        ValueError: ``render_mode`` is none of ``None``, ``"ansi"`` and
            ``"human"``.

    Resetting with a ``seed`` makes the episodes that follow reproducible.

    """

    metadata: dict[str, Any] = {**GameEnv.metadata, "name": "poch_v0"}  # noqa: RUF012
    """PettingZoo's metadata: the environment's name and render modes."""

    def __init__(
        self,
        rules: RuleSet | None = None,
        *,
        single_deal: bool = False,
        render_mode: str | None = None,
        opponents: Mapping[int, Any] | None = None,
    ) -> None:
        EzPickle.__init__(
            self, rules, single_deal=single_deal, render_mode=render_mode, opponents=opponents
        )
        self.single_deal = checks.flag(single_deal, "single_deal")
        super().__init__(
            POCH, rules, single_deal=single_deal, render_mode=render_mode, opponents=opponents
        )

    @property
    def game_state(self) -> GameState:
        """The game as it stands (raises before the first
        :meth:`~pocha_rules.pettingzoo.GameEnv.reset`)."""
        state: GameState = super().game_state
        return state
