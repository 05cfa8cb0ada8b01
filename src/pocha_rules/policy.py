"""A trained policy as a bot (needs numpy: ``pip install "pocha-rules[batch]"``).

A *policy* here is a function from a seat's observation vector
(:mod:`pocha_rules.observations`, ``float32``) and its action mask (one
``int8`` per action id of :mod:`pocha_rules.actions`) to an action id: what
an agent trained on :mod:`pocha_rules.single_agent`,
:mod:`pocha_rules.vector` or :mod:`pocha_rules.pettingzoo` computes.
:class:`PolicyBot` turns one into a :class:`~pocha_rules.bots.Bot`, so it can
play in :func:`~pocha_rules.bots.play_game`,
:func:`~pocha_rules.matches.play_match` and ``pocha match``.

For ``pocha match --bot MODULE:CLASS`` the command line builds each bot as
``CLASS(seed=...)``: give it a subclass that loads its policy,

.. code-block:: python

    class Trained(PolicyBot):
        def __init__(self, seed: int | None = None) -> None:
            model = load_my_model("agent.zip")
            super().__init__(lambda obs, mask: model.predict(obs, action_masks=mask)[0])

>>> import numpy as np
>>> from pocha_rules import RuleSet
>>> from pocha_rules.bots import RandomBot, play_game
>>> def highest(observation: np.ndarray, mask: np.ndarray) -> int:
...     return int(np.flatnonzero(mask)[-1])  # the last legal id
>>> bots = [PolicyBot(highest)] + [RandomBot(seed=s) for s in range(3)]
>>> final = play_game(RuleSet(schedule=[2, 3]), bots, seed=1)
>>> final.is_over
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from pocha_rules._common.errors import InvalidActionError, say
from pocha_rules._pocha.moves import Move
from pocha_rules.actions import action_table, legal_action_mask
from pocha_rules.observations import encode_view_into, observation_size
from pocha_rules.views import PlayerView

__all__ = ["Policy", "PolicyBot"]

Policy = Callable[[np.ndarray, np.ndarray], Any]
"""``policy(observation, mask) -> action id``: ``observation`` is
``float32[observation_size]`` and ``mask`` ``int8[num_actions]`` (1 for a
legal id); the id may be an ``int`` or a numpy integer (of any shape with
one element, as ``model.predict`` returns)."""


class PolicyBot:
    """A :class:`~pocha_rules.bots.Bot` that plays what ``policy`` chooses.

    Args:
        policy: The :data:`Policy`.
        seed: Ignored (the command line passes one to every bot); a policy
            that samples keeps its own generator.

    Raises:
        TypeError: ``policy`` is not callable.

    """

    def __init__(self, policy: Policy, *, seed: int | None = None) -> None:
        if not callable(policy):
            raise TypeError(f"policy must be callable, got {type(policy).__name__}: {policy!r}")
        self.policy = policy

    def act(self, view: PlayerView) -> Move:
        """The move of the id ``policy`` chooses for ``view``.

        Raises:
            InvalidActionError: The policy chose an id that is not a whole
                number, out of range or not legal (naming the id, the seat
                and why).

        """
        rules = view.rules
        vector = np.zeros(observation_size(rules), dtype=np.float32)
        encode_view_into(view, vector)
        mask = np.frombuffer(legal_action_mask(view), dtype=np.int8).copy()
        chosen = np.asarray(self.policy(vector, mask))
        if chosen.size != 1 or not np.issubdtype(chosen.dtype, np.integer):
            raise InvalidActionError(chosen.tolist(), view.seat, say("policy_not_an_id"))
        action = int(chosen.reshape(()))
        if not 0 <= action < len(mask):
            raise InvalidActionError(
                action, view.seat, say("policy_id_out_of_range", high=len(mask) - 1)
            )
        if not mask[action]:
            move = action_table(rules).move(action)
            raise InvalidActionError(action, view.seat, say("policy_move_illegal", move=move))
        return action_table(rules).move(action)

    def __repr__(self) -> str:
        return f"PolicyBot({self.policy!r})"
