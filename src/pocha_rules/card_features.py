"""Facts about each card of the hand, read from observation vectors (needs
numpy: ``pip install "pocha-rules[batch]"``).

A learner reading the observation vectors of :mod:`pocha_rules.observations`
must work out from raw one-hot fields which of its cards can win a trick,
which the trained bot's agent learned slowly. :class:`CardFeatures` computes
three facts for every card of the hand, on many vectors at once, so that
a network can be given them beside the vector (in the action table's card
order, ``0`` for the cards not in the hand):

- ``higher``: how many cards of its suit rank above it and are still
  unseen (neither in the hand nor played this round), over one less than
  the ranks in a suit;
- ``trump``: whether it is of the trump suit;
- ``wins``: whether it would win the trick as the trick stands (a trump
  over no trump or a higher trump, or the led suit above the best card of
  the led suit); ``0`` while no card of the trick is on the table.

They depend only on the vector and the rules (the deck and the order of
ranks), so the same vector always gets the same facts.

>>> import numpy as np
>>> from pocha_rules import RuleSet, apply, legal_moves, new_game
>>> from pocha_rules.observations import encode_view
>>> from pocha_rules.views import observe
>>> state = new_game(RuleSet(schedule=[3]), seed=2)
>>> for _ in range(5):  # the bids, then a first card
...     state = apply(state, legal_moves(state)[0])
>>> features = CardFeatures(state.rules)
>>> vector = np.array([encode_view(observe(state, state.to_move))], dtype=np.float32)
>>> facts = features(vector)
>>> facts.shape, features.size
((1, 120), 120)
>>> features.extend(vector).shape
(1, 590)
"""

from __future__ import annotations

from typing import Final

import numpy as np

from pocha_rules._pocha.rules import RuleSet
from pocha_rules.actions import action_table
from pocha_rules.observations import observation_layout, observation_size

__all__ = ["FACTS", "CardFeatures"]

FACTS: Final = ("higher", "trump", "wins")
"""The facts, in their order: a block of one number per card each."""


class CardFeatures:
    """The :data:`FACTS` of every card of the hand under ``rules``, from
    observation vectors (see the module notes).

    Args:
        rules: The rules the vectors were encoded under.

    Raises:
        TypeError: ``rules`` is not a :class:`~pocha_rules.RuleSet`.

    """

    def __init__(self, rules: RuleSet) -> None:
        if not isinstance(rules, RuleSet):
            raise TypeError(f"rules must be a RuleSet, got {type(rules).__name__}")
        self.rules = rules
        cards = action_table(rules).cards
        order = rules.rank_order
        self._suit = np.array([card.suit.value for card in cards], dtype=np.int64)
        self._strength = np.array(
            [len(order) - order.index(card.rank) for card in cards], dtype=np.float64
        )
        same_suit = self._suit[:, None] == self._suit[None, :]
        higher = same_suit & (self._strength[None, :] > self._strength[:, None])
        # Column c of the transpose counts, by one product, the cards above c.
        self._higher = higher.T.astype(np.float32)
        self._ranks_above = len(order) - 1
        self._suit_of = np.eye(4, dtype=np.float32)[self._suit]
        self._fields = {
            field.name: slice(field.offset, field.offset + int(np.prod(field.shape)))
            for field in observation_layout(rules)
        }
        self._cards = len(cards)
        self._observation_size = observation_size(rules)
        self.size: int = len(FACTS) * len(cards)
        """How many numbers :meth:`__call__` gives per vector."""

    def __call__(self, observations: np.ndarray) -> np.ndarray:
        """``float32[n, size]``: the facts of each row of ``observations``
        (``float32[n, observation_size]``), block by block.

        Raises:
            ValueError: ``observations`` is not a 2-D array of vectors of
                the rules' size.

        """
        obs = np.asarray(observations)
        if obs.ndim != 2 or obs.shape[1] != self._observation_size:
            raise ValueError(
                f"observations must have the shape (n, {self._observation_size}), got {obs.shape}"
            )
        n = len(obs)
        at = self._fields
        hand = obs[:, at["hand"]]
        trick = obs[:, at["trick"]].reshape(n, -1, self._cards)
        on_table = trick.sum(axis=1)
        played = obs[:, at["played"]].reshape(n, -1, self._cards).sum(axis=1)
        seen = np.minimum(hand + played + on_table, 1)
        higher = (1 - seen) @ self._higher / self._ranks_above
        is_trump = obs[:, at["trump"]][:, self._suit]
        leader = obs[:, at["leader"]].argmax(axis=1)
        led_card = trick[np.arange(n), leader]
        of_led_suit = (led_card @ self._suit_of)[:, self._suit]
        # Every card's place in this trick: trumps above the led suit, the
        # led suit above the rest, then by rank.
        key = is_trump * 100 + of_led_suit * 50 + self._strength
        best = np.where(on_table > 0, key, -1).max(axis=1, keepdims=True)
        started = led_card.sum(axis=1, keepdims=True) > 0
        wins = hand * (key > best) * started
        facts: np.ndarray = np.concatenate([hand * higher, hand * is_trump, wins], axis=1)
        return facts.astype(np.float32)

    def extend(self, observations: np.ndarray) -> np.ndarray:
        """``observations`` with their facts appended to each row:
        ``float32[n, observation_size + size]``."""
        obs = np.asarray(observations, dtype=np.float32)
        return np.concatenate([obs, self(obs)], axis=1)

    def __repr__(self) -> str:
        return f"CardFeatures({self.rules!r})"
