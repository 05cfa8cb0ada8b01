"""The ledger: every payment of a game as data, and the record of a
finished deal.

A :class:`Payment` names who paid (a seat or a pool), who was paid, how many
chips and why, so that an application can say "seat 2 takes the marriage
pool: 12 chips" without working anything out. Chips never enter or leave a
game: every change of a balance or a pool is one of these payments.
"""

from __future__ import annotations

import attrs

from pocha_rules._common.enums import NamedStrEnum
from pocha_rules.poch._cards import Card, Suit
from pocha_rules.poch._moves import Move

__all__ = ["DealResult", "Payment", "Reason"]


class Reason(NamedStrEnum):
    """Why chips moved."""

    DRESSING = "dressing"
    """A player puts a chip in a pool before the deal."""
    TRUMP_POOL = "trump_pool"
    """A player takes a pool of the first phase (an honour, the marriage,
    the sequence)."""
    BET = "bet"
    """A player puts chips in the poch pool: opening, matching, reopening."""
    POCH = "poch"
    """A player takes the poch pool, or a share of it."""
    STOP = "stop"
    """A player pays the one whose card ended a series."""
    CARDS = "cards"
    """A player pays the one who went out, for the cards left in his hand."""
    CENTRE = "centre"
    """The player who went out takes the centre pool."""
    BOARD = "board"
    """At the end of the game a player takes his share of a pool."""


def _party(value: int | str) -> str:
    return f"seat {value}" if isinstance(value, int) else f"the {value} pool"


@attrs.frozen
class Payment:
    """One movement of chips.

    ``payer`` and ``payee`` are each a seat number or a pool's name
    (``"ace"`` ... ``"poch"``, ``"centre"``).

    >>> Payment(deal=0, payer="marriage", payee=2, chips=12, reason=Reason.TRUMP_POOL)
    Payment(deal=0, payer='marriage', payee=2, chips=12, reason=Reason.TRUMP_POOL)
    >>> print(_)
    seat 2 takes the marriage pool: 12 chips
    """

    deal: int
    """The deal it belongs to (0-based); the sharing of the board at the end
    of a game counts as the deal after the last."""
    payer: int | str
    """The seat or the pool the chips came from."""
    payee: int | str
    """The seat or the pool the chips went to."""
    chips: int
    """How many chips (at least 1)."""
    reason: Reason
    """Why."""

    def __str__(self) -> str:
        chips = f"{self.chips} chip{'s' if self.chips != 1 else ''}"
        payer, payee = _party(self.payer), _party(self.payee)
        reason = self.reason
        if reason is Reason.DRESSING:
            return f"{payer} dresses {payee}: {chips}"
        if reason is Reason.BET:
            return f"{payer} bets {chips} into {payee}"
        if reason is Reason.STOP:
            return f"{payer} pays {payee} {chips} for a stop"
        if reason is Reason.CARDS:
            return f"{payer} pays {payee} {chips} for the cards left in hand"
        if reason is Reason.BOARD:
            return f"{payee} takes a share of {payer}: {chips}"
        return f"{payee} takes {payer}: {chips}"


@attrs.frozen
class DealResult:
    """A finished deal: its cards, its moves and its payments."""

    index: int
    """The deal's number in the game (0-based)."""
    dealer: int
    """The seat that dealt."""
    seats: tuple[int, ...]
    """The seats that took part, in play order from the eldest hand."""
    ordering: tuple[Card, ...]
    """The whole pack as it was dealt, top card first."""
    trump: Suit
    """The suit of the turned-up card."""
    turnup: Card
    """The turned-up card."""
    moves: tuple[tuple[int, Move], ...]
    """Every move of the deal with its seat, in order."""
    payments: tuple[Payment, ...]
    """Every payment of the deal, in order."""
    balances: tuple[int, ...]
    """Every seat's balance when the deal was over."""
    changes: tuple[int, ...]
    """Each seat's result in the deal: its balance change."""
