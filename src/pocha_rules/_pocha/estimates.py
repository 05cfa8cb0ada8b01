"""What a hand is worth in tricks, on bit masks: the cheap estimates that
:class:`~pocha_rules.HeuristicBot` bids with and that the Monte Carlo bot's
playouts use for every seat's calls and bids.

Everything here takes what one seat knows as masks: its hand, the cards it
has not seen (``unseen``) and the share of those that sit in other hands.
"""

from __future__ import annotations

from typing import Final

from pocha_rules._pocha.cards import SUIT_MASKS, SUIT_OF
from pocha_rules._pocha.play import winning_position
from pocha_rules._pocha.tables import Tables

__all__ = [
    "LEAD_WINNER",
    "blind_chance",
    "card_chance",
    "hand_estimate",
    "lead_chance",
    "nearest_bid",
    "one_card_chance",
    "surely_beaten",
]

# Chance that a side-suit card with ``h`` unseen higher cards of its suit
# takes a trick in a round of several cards, measured in self-play of 4
# players with 40 cards (about 0.65 for the best card left in a suit).
_SIDE_CHANCE: Final = (0.65, 0.31, 0.2, 0.1, 0.06, 0.03, 0.01)


def card_chance(
    t: Tables, card: int, trump: int, unseen: int, share: float, cards: int, players: int
) -> float:
    """A rough chance that ``card`` takes a trick in a round of ``cards``
    cards, from the unseen cards of its suit that beat it and the ``share``
    of the unseen cards held by other seats."""
    higher = (unseen & t.beats[card]).bit_count()
    if SUIT_OF[card] == trump:
        return 1.0 / (1.0 + higher * (0.08 + 0.3 * share))
    side = _SIDE_CHANCE[min(higher, len(_SIDE_CHANCE) - 1)]
    return side * min(1.0, 0.2 + 0.2 * cards) * min(1.0, 3 / (players - 1))


def hand_estimate(
    t: Tables, hand: int, trump: int, unseen: int, share: float, cards: int, players: int
) -> float:
    """The tricks ``hand`` is expected to take with ``trump`` as trump: the
    sum of its cards' chances, at most ``cards``."""
    total = 0.0
    while hand:
        low = hand & -hand
        total += card_chance(t, low.bit_length() - 1, trump, unseen, share, cards, players)
        hand ^= low
    return min(float(cards), total)


def one_card_chance(
    t: Tables, card: int, trump: int, unseen: int, others: int, leads: bool
) -> float:
    """The chance that the only card of a one-card round takes the trick,
    each of the ``others`` seats holding one of the ``unseen`` cards at
    random; ``leads`` when the seat plays first."""
    count = unseen.bit_count()
    if not count:
        return 1.0
    beaten_by = t.beats[card] | (0 if SUIT_OF[card] == trump else SUIT_MASKS[trump])
    safe = 1.0 - (unseen & beaten_by).bit_count() / count
    if leads or SUIT_OF[card] == trump:
        return safe**others
    below = unseen & SUIT_MASKS[SUIT_OF[card]] & ~t.beats[card]
    return below.bit_count() / count * safe ** (others - 1)


def blind_chance(
    t: Tables, trump: int, before: tuple[int, ...], after: tuple[int, ...], mine: int
) -> float:
    """The chance of taking the one trick of a blind round: the share of the
    cards in ``mine`` (those the seat might hold) that beat every other card,
    the seat playing after the cards ``before`` and before those ``after``."""
    wins = total = 0
    while mine:
        low = mine & -mine
        index = low.bit_length() - 1
        mine ^= low
        trick = (*before, index, *after)
        total += 1
        wins += winning_position(t, trick, trump) == len(before)
    return wins / total if total else 0.0


def surely_beaten(t: Tables, card: int, unseen: int, share: float) -> bool:
    """Whether another seat almost surely holds a card of ``card``'s suit
    that beats it (nine chances in ten or more): led, it loses the trick
    under the overtake duty, since that seat must play a higher card."""
    return (1.0 - share) ** (unseen & t.beats[card]).bit_count() <= 0.1


LEAD_WINNER: Final = 0.3
"""A lead at least this likely to win is worth making while tricks are
needed (see :func:`lead_chance`)."""


def lead_chance(
    t: Tables, card: int, trump: int, unseen: int, share: float, size: int, players: int
) -> float:
    """A rough chance that ``card``, led from a hand of ``size`` cards, takes
    the trick: no other seat holds a higher card of its suit (whoever does
    must overtake), and for a side card, nobody void in its suit ruffs."""
    chance = (1.0 - share) ** (unseen & t.beats[card]).bit_count()
    total = unseen.bit_count()
    if SUIT_OF[card] == trump or not total or not unseen & SUIT_MASKS[trump]:
        return chance
    suit = (unseen & SUIT_MASKS[SUIT_OF[card]]).bit_count()
    void = (1.0 - suit / total) ** size
    return chance * (1.0 - void * share) ** (players - 1)


SHADE: Final = 0.15
"""Taken off an estimate before it is rounded to a bid in rounds of several
cards: measured in duplicate games, bids a little under the estimate score
better (an extra trick is easier to avoid than a missing one to find)."""


def nearest_bid(estimate: float, cards: int, forbidden: int) -> int:
    """The bid for an ``estimate`` of the tricks in a round of ``cards``
    cards: shaded by :data:`SHADE` when several cards are dealt, rounded, and
    moved by one, towards the estimate, off the ``forbidden`` bid (``-1``
    when none is)."""
    if cards > 1:
        estimate -= SHADE
    bid = max(0, min(cards, round(estimate)))
    if bid == forbidden:
        up, down = bid + 1, bid - 1
        bid = up if down < 0 or (up <= cards and estimate >= bid) else down
    return bid
