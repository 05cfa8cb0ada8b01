"""A bot that learned to play Pocha by playing it, shipped with the library
(needs numpy: ``pip install "pocha-rules[batch]"``).

:class:`TrainedBot` plays the policy of an agent trained with PPO from
scratch (``examples/train_vector_ppo.py``) at the default table: four
players, the 40-card deck and the classic schedule, against random bots.
Its weights, a network of two hidden layers of 128 units in half
precision, sit beside this module (``trained.npz``, about 0.2 MB) and are
read once, with numpy alone: no PyTorch at run time. It plays the legal
move its network rates highest, so it needs no seed.

It reads the observation vectors of :mod:`pocha_rules.observations`, with
the facts of :mod:`pocha_rules.card_features` appended. Their size depends
on the rules: it plays any rule set whose observations and
action ids have the sizes it learned on (it is at its best on the default
rules) and refuses the others with :class:`~pocha_rules.InvalidRulesError`.

>>> from pocha_rules import RuleSet
>>> from pocha_rules.bots import RandomBot, play_game
>>> bots = [TrainedBot()] + [RandomBot(seed=s) for s in range(3)]
>>> final = play_game(RuleSet(), bots, seed=1)
>>> final.is_over
True

From the command line it is the bot ``trained``: ``pocha play --human 0
--bot trained``, ``pocha match --bot trained --bot heuristic``.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Final

import numpy as np

from pocha_rules._common.errors import InvalidRulesError, say
from pocha_rules._pocha.moves import Move
from pocha_rules._pocha.rules import RuleSet
from pocha_rules.actions import action_table
from pocha_rules.card_features import CardFeatures
from pocha_rules.observations import observation_size
from pocha_rules.policy import Policy, PolicyBot
from pocha_rules.views import PlayerView

__all__ = ["TRAINED_ON", "WEIGHTS", "TrainedBot"]

WEIGHTS: Final = Path(__file__).with_name("trained.npz")
"""The trained network's weights and its observations' normalisation."""
TRAINED_ON: Final = RuleSet()
"""The rules the network learned on: the defaults."""


class _Network:
    """The policy network, on numpy: the observation with its card features
    normalised as in training, two ``tanh`` layers, then a logit per action
    id."""

    def __init__(self, path: Path) -> None:
        with np.load(path) as saved:
            arrays = {name: saved[name].astype(np.float32) for name in saved.files}
        self.scale = 1.0 / np.sqrt(arrays["obs_var"] + arrays["epsilon"])
        self.mean = arrays["obs_mean"]
        self.clip = float(arrays["clip"])
        count = sum(1 for name in arrays if name[0] == "w" and name[1:].isdigit())
        # Transposed once, so that each layer is one matrix product.
        self.layers = [(arrays[f"w{i}"].T.copy(), arrays[f"b{i}"]) for i in range(count)]
        self.out = (arrays["w_out"].T.copy(), arrays["b_out"])
        self.observation_size = len(self.mean) - CardFeatures(TRAINED_ON).size
        self.num_actions = len(self.out[1])

    def __call__(self, observation: np.ndarray, mask: np.ndarray) -> int:
        x = np.clip((observation - self.mean) * self.scale, -self.clip, self.clip)
        for weights, bias in self.layers:
            x = np.tanh(x @ weights + bias)
        logits = x @ self.out[0] + self.out[1]
        return int(np.where(mask.astype(bool), logits, -np.inf).argmax())


@functools.cache
def _network() -> _Network:
    return _Network(WEIGHTS)


@functools.lru_cache(maxsize=16)
def _policy(rules: RuleSet) -> Policy:
    """The network as a policy on the vectors of ``rules`` (their card
    features computed under ``rules``)."""
    network = _network()
    features = CardFeatures(rules)

    def policy(observation: np.ndarray, mask: np.ndarray) -> int:
        return network(features.extend(observation[None])[0], mask)

    return policy


class TrainedBot(PolicyBot):
    """The trained agent as a :class:`~pocha_rules.bots.Bot`.

    Args:
        seed: Ignored (it plays the move it rates highest); taken so that
            the command line and matches can build it as any other bot.

    """

    def __init__(self, *, seed: int | None = None) -> None:
        network = _network()
        super().__init__(network, seed=seed)
        self._network = network

    def act(self, view: PlayerView) -> Move:
        """The legal move the network rates highest for ``view``.

        Raises:
            InvalidRulesError: ``view``'s rules have observations or action
                ids of other sizes than the network learned on.

        """
        rules = view.rules
        network = self._network
        size, actions = observation_size(rules), action_table(rules).size
        if (size, actions) != (network.observation_size, network.num_actions):
            differs = [
                name
                for name in ("players", "deck", "schedule")
                if getattr(rules, name) != getattr(TRAINED_ON, name)
            ]
            raise InvalidRulesError(
                differs[0] if differs else "schedule",
                say(
                    "trained_rules",
                    size=size,
                    actions=actions,
                    trained_size=network.observation_size,
                    trained_actions=network.num_actions,
                ),
            )
        self.policy = _policy(rules)  # the card features follow the view's rules
        return super().act(view)

    def __repr__(self) -> str:
        return "TrainedBot()"
