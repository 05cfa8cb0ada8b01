"""The rules as constant arrays, built once per :class:`~pocha_rules.RuleSet`
from the engine's own compiled tables, so that every option is defined in
one place.

Cards are numbered by their play id (:mod:`pocha_rules.actions`): the deck
in play, in card order. A trick in progress is summed up by trump, the
card winning it and the suit led; the obligations of play depend on those
alone, so :attr:`JaxTables.follow` holds each one's chain of masks (the
legal cards are the hand's cards in the first mask it meets, or the whole
hand), and :attr:`JaxTables.takes` the cards that would take the trick from
the winning one. Round points are :meth:`Tables.points_of`'s.
"""

from __future__ import annotations

from typing import Final

import numpy as np

from pocha_rules._common.caches import TableCache
from pocha_rules._pocha.cards import SUIT_OF
from pocha_rules._pocha.rules import RuleSet
from pocha_rules._pocha.schedules import RoundKind
from pocha_rules._pocha.tables import tables_for
from pocha_rules.actions import action_table

__all__ = ["AUCTION", "BLIND", "NORMAL", "JaxTables", "jax_tables"]

NORMAL: Final = 0
AUCTION: Final = 1
BLIND: Final = 2
_KINDS: Final = {RoundKind.NORMAL: NORMAL, RoundKind.AUCTION: AUCTION, RoundKind.BLIND: BLIND}


class JaxTables:
    """The numpy tables of one rule set, and its sizes (private)."""

    def __init__(self, rules: RuleSet) -> None:
        t = tables_for(rules)
        table = action_table(rules)
        self.rules = rules
        self.players = rules.players
        self.deck = deck = len(t.deck_cards)
        self.schedule = rules.schedule
        self.rounds = len(rules.schedule)
        self.largest = max(entry.cards for entry in rules.schedule)
        self.tiebreak = t.tiebreak_rounds
        self.dealer_chooses = t.dealer_chooses
        self.hook_in_one_card_rounds = t.hook_in_one_card_rounds
        self.auction_winner_leads = t.auction_winner_leads
        self.auctions = any(entry.kind is RoundKind.AUCTION for entry in rules.schedule)
        self.blind = any(entry.kind is RoundKind.BLIND for entry in rules.schedule)
        self.round_cards = np.array([entry.cards for entry in rules.schedule], dtype=np.int32)
        self.round_kinds = np.array([_KINDS[entry.kind] for entry in rules.schedule], np.int32)
        self.actions = table.size
        self.bid_start = table.bids.start
        self.call_start = table.calls.start
        self.pass_action = -1 if table.pass_action is None else table.pass_action
        self.trump_start = table.trump_choices.start
        self.cards = table.cards
        cards = t.deck_cards
        self.suit = np.array([SUIT_OF[card] for card in cards], dtype=np.int32)

        def ids(mask: int) -> np.ndarray:
            return np.array([mask >> card & 1 for card in cards], dtype=bool)

        follow = np.zeros((3, 4, deck, 4, deck), dtype=bool)
        takes = np.zeros((4, deck, deck), dtype=bool)
        for trump in range(4):
            for best, card in enumerate(cards):
                takes[trump, best] = ids(t.takes[trump][card])
                for led in range(4):
                    for level, mask in enumerate(t.follow[trump][card * 4 + led]):
                        follow[level, trump, best, led] = ids(mask)
        self.follow = follow.reshape(3, 4 * deck * 4, deck)
        """``follow[level, (trump * deck + best) * 4 + led]``: level ``level``
        of the chain of the trick's state, over play ids."""
        self.takes = takes.reshape(4 * deck, deck)
        """``takes[trump * deck + best]``: the cards that beat ``best``."""
        size = self.largest + 1
        points = np.zeros((size, 4, size, size), dtype=np.int32)
        for count in range(1, size):
            for trump in range(4):
                for bid, row in enumerate(t.points_of(count, trump)):
                    points[count, trump, bid, : count + 1] = row
        self.points = points
        """``points[cards, trump, bid, won]``: what a seat scores."""


_CACHE: Final[TableCache[JaxTables]] = TableCache(JaxTables, limit=32)


def jax_tables(rules: RuleSet) -> JaxTables:
    """The (cached) :class:`JaxTables` of ``rules``."""
    return _CACHE.get(rules)
