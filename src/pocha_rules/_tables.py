"""Lookup tables compiled once per :class:`RuleSet`, for the hot path.

The engine never walks a rank order while playing: the strength of each card
and, for each card, the mask of the cards of its suit that beat it are worked
out here, once, and shared by every state of every game under those rules.
"""

from __future__ import annotations

from typing import Final

from pocha_rules._cards import card_index
from pocha_rules._rules import MissPenalty, RuleSet, TrumpWhenAllDealt

__all__ = ["Tables", "tables_for"]


class Tables:
    """The compiled form of a :class:`RuleSet` (private)."""

    __slots__ = (
        "auction_winner_leads",
        "beats",
        "dealer_chooses",
        "deck_cards",
        "deck_mask",
        "hook_in_one_card_rounds",
        "must_overruff",
        "must_overtake",
        "must_ruff",
        "players",
        "rules",
        "schedule",
        "strength",
    )

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.players = rules.players
        self.schedule = rules.schedule
        self.hook_in_one_card_rounds = rules.hook_in_one_card_rounds
        self.dealer_chooses = rules.trump_when_all_dealt is TrumpWhenAllDealt.DEALER_CHOOSES
        self.must_overtake = rules.must_overtake
        self.must_ruff = rules.must_ruff
        self.must_overruff = rules.must_overruff
        self.auction_winner_leads = rules.auction_winner_leads
        ranks = rules.ranks
        strength = [0] * 48
        beats = [0] * 48
        deck_cards = []
        for suit in range(4):
            for position, rank in enumerate(ranks):
                index = card_index(rank, suit)
                deck_cards.append(index)
                strength[index] = len(ranks) - position
                for stronger in ranks[:position]:
                    beats[index] |= 1 << card_index(stronger, suit)
        self.deck_cards: tuple[int, ...] = tuple(sorted(deck_cards))
        self.deck_mask = sum(1 << i for i in deck_cards)
        self.strength: tuple[int, ...] = tuple(strength)
        self.beats: tuple[int, ...] = tuple(beats)

    def __eq__(self, other: object) -> bool:
        return type(other) is Tables and other.rules == self.rules

    def __hash__(self) -> int:
        return hash(self.rules)

    def __reduce__(self) -> tuple[object, tuple[RuleSet]]:
        return (tables_for, (self.rules,))

    def __copy__(self) -> Tables:
        return self

    def __deepcopy__(self, memo: object) -> Tables:
        return self

    @property
    def per_trick_off(self) -> bool:
        return self.rules.miss_penalty is MissPenalty.PER_TRICK_OFF


_CACHE: Final[dict[RuleSet, Tables]] = {}
_CACHE_LIMIT: Final = 256


def tables_for(rules: RuleSet) -> Tables:
    """The (cached) tables of ``rules``."""
    tables = _CACHE.get(rules)
    if tables is None:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        tables = _CACHE[rules] = Tables(rules)
    return tables
