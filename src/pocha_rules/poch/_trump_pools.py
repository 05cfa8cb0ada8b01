"""The first phase: the trump pools, settled without a decision as soon as
the cards are dealt.

Each honour pool (ace, king, queen, jack, ten) goes to the holder of that
card of trump; when the card is the turned-up one, to the dealer or to the
next deal (``turnup_pool``). The marriage pool goes to the holder of the
king and queen of trump. The sequence pool goes to the holder of the 7, 8
and 9 of trump, or under ``sequence_rule="longest_run"`` to the best run of
three or more cards of one suit. A pool nobody wins keeps its chips.
"""

from __future__ import annotations

from typing import Final

from pocha_rules.poch._cards import ACE, JACK, KING, QUEEN, TEN, card_index
from pocha_rules.poch._rules import (
    MARRIAGE_POOL,
    SEQUENCE_POOL,
    RuleSet,
)

__all__ = ["best_run", "trump_pools"]

HONOURS: Final = (ACE, KING, QUEEN, JACK, TEN)
"""The rank of each honour pool, in board order."""


def best_run(hand: int, trump: int) -> tuple[tuple[int, ...], int]:
    """The best run of a hand: three or more cards of one suit in
    consecutive ranks (the ace high, never low). Its key is ``(length,
    top rank, 1 if trump else 0)``; ``((), 0)`` when the hand has none. A
    five-card hand holds at most one run of three or more."""
    best: tuple[int, ...] = ()
    cards = 0
    for suit in range(4):
        bits = (hand >> (13 * suit)) & 0x1FFF
        length = 0
        for i in range(14):  # one past the ace closes a run that reaches it
            if i < 13 and bits >> i & 1:
                length += 1
                continue
            if length >= 3:
                key = (length, i + 1, 1 if suit == trump else 0)
                if key > best:
                    best = key
                    cards = ((1 << length) - 1) << (13 * suit + i - length)
            length = 0
    return best, cards


def trump_pools(
    rules: RuleSet,
    dealt: tuple[int, ...],
    order: tuple[int, ...],
    dealer: int,
    turnup: int,
    trump: int,
) -> tuple[list[tuple[int, list[int]]], list[int]]:
    """Who takes which pool of the first phase, and the cards shown to take
    them. Returns ``(awards, shown)``: ``awards`` lists ``(pool, winners)``
    with the winners in play order from the eldest (several only when tied
    runs share the sequence pool); ``shown[seat]`` is a mask of cards."""
    shown = [0] * len(dealt)
    awards: list[tuple[int, list[int]]] = []

    def holder(card: int) -> int:
        bit = 1 << card
        for seat in order:
            if dealt[seat] & bit:
                return seat
        return -1

    for pool, rank in enumerate(HONOURS):
        card = card_index(rank, trump)
        seat = holder(card)
        if seat >= 0:
            shown[seat] |= 1 << card
            awards.append((pool, [seat]))
        elif card == turnup and rules.turnup_pool == "dealer":
            awards.append((pool, [dealer]))

    king, queen = card_index(KING, trump), card_index(QUEEN, trump)
    seat = holder(king)
    if seat >= 0 and seat == holder(queen):
        awards.append((MARRIAGE_POOL, [seat]))  # both already shown for their pools

    if rules.sequence_rule == "trump_789":
        sequence = [card_index(rank, trump) for rank in (7, 8, 9)]
        seat = holder(sequence[0])
        if seat >= 0 and all(holder(card) == seat for card in sequence):
            for card in sequence:
                shown[seat] |= 1 << card
            awards.append((SEQUENCE_POOL, [seat]))
    else:
        runs = [(best_run(dealt[seat], trump), seat) for seat in order]
        top = max(key for (key, _), _ in runs)
        if top:
            winners = [seat for (key, _), seat in runs if key == top]
            if rules.sequence_tie == "eldest":
                winners = winners[:1]
            for (_key, cards), seat in runs:
                if seat in winners:
                    shown[seat] |= cards
            awards.append((SEQUENCE_POOL, winners))
    return awards, shown
