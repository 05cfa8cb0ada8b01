"""The rules as numpy tables, built once per :class:`~pocha_rules.RuleSet`
from the engine's own compiled tables, so that every option is defined in
one place.

A trick in progress is one small number per game, its *state*
``trump * 192 + best * 4 + led``: the trump suit, the card winning the trick
and the suit led. The engine's obligations (:attr:`Tables.follow`) only
depend on those three, so each state has its chain of masks here; and the
state after a card is played is a table too (:attr:`BatchTables.next_state`),
worked out from :attr:`Tables.takes`. Round points come from
:meth:`Tables.points_of`, so every scoring option of the rules is honoured.

Every table is ``uint64`` (masks, states, indices alike): numpy then never
converts between integer types on the hot path, and index arrays are read
through an ``int64`` view, which costs nothing.
"""

from __future__ import annotations

from typing import Final

import numpy as np

from pocha_rules._common.caches import TableCache
from pocha_rules._pocha.cards import SUIT_OF
from pocha_rules._pocha.rules import RuleSet
from pocha_rules._pocha.tables import Tables, tables_for
from pocha_rules.actions import ActionTable, action_table

__all__ = ["PASS", "BatchTables", "batch_tables", "select_table"]

U64: Final = np.uint64
PASS: Final = 63
"""The value of a pass in an auction's mask of calls: bit 63, above any number."""

STATES: Final = 4 * 48 * 4


def select_table() -> np.ndarray:
    """For each byte and ``r``, the position of the byte's ``r``-th set bit
    (index ``byte * 8 + r``); the engine picks a random card with it."""
    table = np.zeros(256 * 8, dtype=U64)
    for byte in range(256):
        for r, bit in enumerate(i for i in range(8) if byte >> i & 1):
            table[byte * 8 + r] = bit
    return table


class BatchTables:
    """The numpy form of one rule set's compiled tables (private)."""

    def __init__(self, rules: RuleSet) -> None:
        t: Tables = tables_for(rules)
        actions: ActionTable = action_table(rules)
        self.rules = rules
        self.tables = t
        self.actions = actions
        self.players = t.players
        self.deck_size = len(t.deck_cards)
        self.deck_bits = np.array(t.deck_bits, dtype=U64)
        self.bit = np.array([1 << card for card in range(48)], dtype=U64)
        self.suit_of = np.array(SUIT_OF, dtype=U64)
        follow = np.zeros((3, STATES), dtype=U64)
        next_state = np.zeros((STATES, 48), dtype=U64)
        lead = np.zeros((4, 48), dtype=U64)
        for trump in range(4):
            for card in range(48):
                lead[trump, card] = trump * 192 + card * 4 + SUIT_OF[card]
            for best in range(48):
                takes = t.takes[trump][best]
                for led in range(4):
                    state = trump * 192 + best * 4 + led
                    follow[:, state] = t.follow[trump][best * 4 + led]
                    for card in range(48):
                        taken = takes >> card & 1
                        next_state[state, card] = trump * 192 + card * 4 + led if taken else state
        self.levels: tuple[int, ...] = tuple(level for level in range(3) if follow[level].any())
        """The levels of the chain that some state uses (a level that is 0
        everywhere, such as the ruff when it is not required, is skipped)."""
        self.follow = tuple(follow[level].copy() for level in self.levels)
        """The chain of masks of the states, one array per level used:
        ``follow[i][state]`` is level ``levels[i]`` of ``state``'s chain."""
        self.level_tag = tuple(
            np.array(level << 48, dtype=U64) for level in range(len(self.follow) + 1)
        )
        """``i << 48`` for each level used, and one more for the whole hand:
        the engine ranks the levels met by these high bits."""
        self.next_state = next_state.ravel()
        """The state after each card: ``next_state[state * 48 + card]``."""
        self.lead = lead.ravel()
        """The state of a trick led with ``card`` under ``trump``:
        ``lead[trump * 48 + card]``."""
        play_id = np.zeros(48, dtype=np.int64)
        card_of = np.zeros(actions.size, dtype=U64)
        for action, deck_card in enumerate(actions.cards):
            play_id[deck_card.index] = action
            card_of[action] = deck_card.index
        self.play_id = play_id
        """The action id of each card's play (0 for cards not in the deck)."""
        self.card_of = card_of
        """The card of each play id (0 for the other ids)."""
        self.deck_cards = np.array(t.deck_cards, dtype=np.int64)
        self.select = select_table()
        self._points: dict[int, np.ndarray] = {}

    def points(self, cards: int) -> np.ndarray:
        """What a round of ``cards`` cards scores, from :meth:`Tables.points_of`:
        ``points[(trump * (cards + 1) + bid) * (cards + 1) + won]``."""
        table = self._points.get(cards)
        if table is None:
            table = np.array(
                [self.tables.points_of(cards, trump) for trump in range(4)], dtype=np.int64
            ).ravel()
            self._points[cards] = table
        return table


_CACHE: Final[TableCache[BatchTables]] = TableCache(BatchTables, limit=32)


def batch_tables(rules: RuleSet) -> BatchTables:
    """The (cached) :class:`BatchTables` of ``rules``."""
    return _CACHE.get(rules)
