"""Lookup tables compiled once per :class:`RuleSet`, for the hot path.

The engine never walks a rank order while playing: the strength of each card
and, for each card, the mask of the cards of its suit that beat it are worked
out here, once, and shared by every state of every game under those rules.

The obligations of play are compiled too. Whatever the trick,
what may be played depends only on three things: the led suit, the card that
is winning (``best``) and trump. For each combination :attr:`Tables.follow`
holds a short chain of masks; the legal cards are the hand's cards in the
first mask of the chain that the hand meets, or the whole hand when it meets
none (see :func:`~pocha_rules._pocha.play.legal_plays`). :attr:`Tables.takes`
holds, for each trump and winning card, the cards that would take the trick
from it.
"""

from __future__ import annotations

from typing import Final

from pocha_rules._pocha.cards import SUIT_MASKS, SUIT_OF, Suit, card_index
from pocha_rules._pocha.rules import MissPenalty, RuleSet, Tiebreak, TrumpWhenAllDealt
from pocha_rules._pocha.schedules import RoundKind
from pocha_rules._pocha.scoring import round_score

__all__ = ["Tables", "tables_for"]


class Tables:
    """The compiled form of a :class:`RuleSet` (private)."""

    __slots__ = (
        "auction_winner_leads",
        "beats",
        "deal_slots",
        "dealer_chooses",
        "deck_bits",
        "deck_cards",
        "deck_mask",
        "deck_size",
        "follow",
        "hook_in_one_card_rounds",
        "must_overruff",
        "must_overtake",
        "must_ruff",
        "no_bids",
        "no_tricks",
        "players",
        "points",
        "round_cards",
        "round_kinds",
        "rules",
        "schedule",
        "seats_from",
        "shuffle_steps",
        "strength",
        "takes",
        "tiebreak_rounds",
    )

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.points: list[tuple[tuple[int, ...], ...] | None] = [None] * (4 * 49)
        """Filled by :meth:`points_of`, by ``cards * 4 + trump`` (a list: read
        faster than a dictionary)."""
        self.players = n = rules.players
        self.seats_from: tuple[tuple[int, ...], ...] = tuple(
            tuple((first + i) % n for i in range(n)) for first in range(n)
        )
        """Every seat in turn from each seat (bidding order from the first player)."""
        self.no_bids = (-1,) * n
        self.no_tricks = (0,) * n
        self.deal_slots = (0,) * (n + 2)
        """The places of a seeded deal's list: the hands, the card under
        them, the dealer (``shuffle``)."""
        self.schedule = rules.schedule
        self.round_cards: tuple[int, ...] = tuple(plan.cards for plan in rules.schedule)
        """The cards of each round of the schedule (read without an attribute look-up)."""
        self.round_kinds: tuple[RoundKind, ...] = tuple(plan.kind for plan in rules.schedule)
        """The kind of each round of the schedule."""
        self.hook_in_one_card_rounds = rules.hook_in_one_card_rounds
        self.dealer_chooses = rules.trump_when_all_dealt is TrumpWhenAllDealt.DEALER_CHOOSES
        self.must_overtake = rules.must_overtake
        self.must_ruff = rules.must_ruff
        self.must_overruff = rules.must_overruff
        self.auction_winner_leads = rules.auction_winner_leads
        self.tiebreak_rounds = rules.tiebreak is Tiebreak.ONE_CARD_ROUNDS
        """Whether a tie at the top after the last round is played off."""
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
        self.deck_bits: tuple[int, ...] = tuple(1 << i for i in self.deck_cards)
        self.deck_mask = sum(1 << i for i in deck_cards)
        self.deck_size = len(deck_cards)
        self.shuffle_steps: list[tuple[tuple[int, tuple[int, ...]], ...] | None] = [None] * (
            len(deck_cards) + 1
        )
        """The steps of the seeded shuffle by number of cards dealt, worked
        out when first needed (``shuffle``)."""
        self.strength: tuple[int, ...] = tuple(strength)
        self.beats: tuple[int, ...] = tuple(beats)
        self.takes: tuple[tuple[int, ...], ...] = tuple(
            tuple(beats[best] | (SUIT_MASKS[trump] if SUIT_OF[best] != trump else 0)
                  for best in range(48))
            for trump in range(4)
        )  # fmt: skip
        self.follow: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
            tuple(self._chain(best, led, trump) for best in range(48) for led in range(4))
            for trump in range(4)
        )

    def _chain(self, best: int, led: int, trump: int) -> tuple[int, int, int]:
        """The masks that decide what may be played to a trick led in ``led``
        whose winning card is ``best``, under ``trump`` (index ``best * 4 + led``
        of ``follow[trump]``).
        """
        suit = SUIT_MASKS[led]
        trumps = SUIT_MASKS[trump] if led != trump else 0
        if SUIT_OF[best] == led:
            # Nobody has ruffed: follow suit, beating ``best`` when able and
            # required; void, ruff when required.
            overtake = self.beats[best] if self.must_overtake else suit
            return (overtake, suit, trumps if self.must_ruff else 0)
        if SUIT_OF[best] == trump:
            # Somebody ruffed: follow suit (no need to beat a trump); void,
            # over-ruff when able and required.
            return (suit, self.beats[best] if self.must_overruff else 0, 0)
        # No trick reaches this (the winning card is of the led suit or a
        # trump); it reads the obligations as a trick led in ``led`` would.
        return (suit, trumps if self.must_ruff else 0, 0)

    def points_of(self, cards: int, trump: int) -> tuple[tuple[int, ...], ...]:
        """What a round of ``cards`` cards under ``trump`` scores:
        ``points[bid][won]`` is :func:`~pocha_rules._pocha.scoring.round_score`'s
        answer, worked out once per round size and trump.
        """
        points = self.points[cards * 4 + trump]
        if points is None:
            suit = Suit(trump)
            points = tuple(
                tuple(round_score(self.rules, cards, suit, bid, won) for won in range(cards + 1))
                for bid in range(cards + 1)
            )
            self.points[cards * 4 + trump] = points
        return points

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
_BY_ID: Final[dict[int, tuple[RuleSet, Tables]]] = {}
_CACHE_LIMIT: Final = 256


def tables_for(rules: RuleSet) -> Tables:
    """The (cached) tables of ``rules``.

    A rule set seen before is found by identity first, which spares hashing
    its every field (the schedule included) on each new game. The identity
    entry holds the rule set alive, so its ``id`` cannot be reused by another
    object while the entry exists.
    """
    seen = _BY_ID.get(id(rules))
    if seen is not None and seen[0] is rules:
        return seen[1]
    tables = _CACHE.get(rules)
    if tables is None:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        tables = _CACHE[rules] = Tables(rules)
    if len(_BY_ID) >= _CACHE_LIMIT:
        _BY_ID.clear()
    _BY_ID[id(rules)] = (rules, tables)
    return tables
