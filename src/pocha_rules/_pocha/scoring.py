"""Scoring of a finished round, and the winners at the end of the game."""

from __future__ import annotations

from collections.abc import Sequence

from pocha_rules._common.text import got
from pocha_rules._pocha.cards import Suit
from pocha_rules._pocha.rules import MissPenalty, RuleSet

__all__ = ["round_score", "winners"]


def round_score(rules: RuleSet, cards: int, trump: Suit | None, bid: int, won: int) -> int:
    """The points one player scores for a round.

    Exact: ``hit_bonus + per_trick * bid``. Missed: minus ``per_trick`` for
    each trick off (``per_trick_off``) or for each trick bid
    (``per_trick_bid``), or plus ``per_trick`` for each trick won (``none``).
    A pocha (bid and won all of at least ``pocha_min_cards``) doubles, and so
    does a round with oros as trump under ``double_when_oros``; the two
    multiply.

    >>> rules = RuleSet()
    >>> round_score(rules, 5, Suit.COPAS, 2, 2), round_score(rules, 5, Suit.COPAS, 0, 0)
    (20, 10)
    >>> round_score(rules, 5, Suit.COPAS, 2, 4)
    -10

    Raises:
        TypeError: An argument is not of its type.

    """
    if not isinstance(rules, RuleSet):
        raise TypeError(f"rules must be a RuleSet, got {got(rules)}")
    if trump is not None and not isinstance(trump, Suit):
        raise TypeError(f"trump must be a Suit or None, got {got(trump)}")
    for name, value in (("cards", cards), ("bid", bid), ("won", won)):
        if type(value) is not int:
            raise TypeError(f"{name} must be an int, got {got(value)}")
    if won == bid:
        points = rules.hit_bonus + rules.per_trick * bid
        if rules.pocha_bonus and cards >= rules.pocha_min_cards and bid == cards:
            points *= 2
    elif rules.miss_penalty is MissPenalty.PER_TRICK_OFF:
        points = -rules.per_trick * abs(won - bid)
    elif rules.miss_penalty is MissPenalty.PER_TRICK_BID:
        points = -rules.per_trick * bid
    else:
        points = rules.per_trick * won
    if rules.double_when_oros and trump is Suit.OROS:
        points *= 2
    return points


def winners(rules: RuleSet, totals: Sequence[int]) -> tuple[int, ...]:
    """The winning seats for final ``totals``: every seat on the top score,
    plus every seat on exactly 0 when ``zero_wins`` is on.

    >>> winners(RuleSet(zero_wins=True), (30, 0, 30, -5))
    (0, 1, 2)
    """
    top = max(totals)
    return tuple(
        seat
        for seat, total in enumerate(totals)
        if total == top or (rules.zero_wins and total == 0)
    )
