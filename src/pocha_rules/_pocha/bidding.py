"""Bidding with the hook, and the auction of subastadas."""

from __future__ import annotations

from typing import Final

from pocha_rules._pocha.moves import BIDS, CALLS, PASS, Bid, Call, Pass

__all__ = ["auction_moves", "bid_moves", "forbidden_bid", "hooked"]


def hooked(cards: int, hook_in_one_card_rounds: bool) -> bool:
    """Whether the hook is in force in a round of ``cards`` cards."""
    return cards > 1 or hook_in_one_card_rounds


def forbidden_bid(cards: int, others: int) -> int:
    """The bid the hooked last bidder may not make (``-1`` when none is).

    ``others`` is the total of everybody else's bids: the forbidden bid is the
    one that would make the total equal ``cards``.

    >>> forbidden_bid(1, 1), forbidden_bid(8, 5), forbidden_bid(3, 4)
    (0, 3, -1)
    """
    rest = cards - others
    return rest if rest >= 0 else -1


_BID_MOVES: Final[dict[tuple[int, int], tuple[Bid, ...]]] = {}


def bid_moves(cards: int, forbidden: int) -> tuple[Bid, ...]:
    """Every bid from 0 to ``cards`` except ``forbidden``."""
    key = (cards, forbidden)
    moves = _BID_MOVES.get(key)
    if moves is None:
        moves = _BID_MOVES[key] = tuple(b for b in BIDS[: cards + 1] if b.tricks != forbidden)
    return moves


def auction_moves(cards: int, highest: int) -> tuple[Call | Pass, ...]:
    """The auction moves after a highest call of ``highest`` (``-1``: the
    first caller, who must name a number and may not pass).
    """
    if highest < 0:
        return CALLS[: cards + 1]
    return CALLS[highest + 1 : cards + 1] + (PASS,)
