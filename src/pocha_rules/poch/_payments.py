"""Moving chips: a small builder that pays, collects and shares while it
writes every payment to the deal's ledger (private)."""

from __future__ import annotations

from pocha_rules.poch._ledger import Payment, Reason
from pocha_rules.poch._rules import POOLS


class Purse:
    """The balances and pools of a position being worked out, and the
    payments made so far in the deal."""

    def __init__(
        self,
        deal: int,
        balances: tuple[int, ...],
        pools: tuple[int, ...],
        ledger: tuple[Payment, ...],
        capped: bool,
    ) -> None:
        self.deal = deal
        self.balances = list(balances)
        self.pools = list(pools)
        self.ledger = list(ledger)
        self.capped = capped
        """Whether a seat pays at most its balance (``insolvency="out"``)."""

    def to_pool(self, seat: int, pool: int, chips: int, reason: Reason) -> None:
        """``seat`` puts ``chips`` in ``pool`` (the caller has checked it can)."""
        if chips > 0:
            self.balances[seat] -= chips
            self.pools[pool] += chips
            self.ledger.append(Payment(self.deal, seat, POOLS[pool], chips, reason))

    def from_pool(self, pool: int, seat: int, chips: int, reason: Reason) -> None:
        """``seat`` takes ``chips`` out of ``pool``."""
        if chips > 0:
            self.pools[pool] -= chips
            self.balances[seat] += chips
            self.ledger.append(Payment(self.deal, POOLS[pool], seat, chips, reason))

    def take(self, pool: int, seat: int, reason: Reason) -> None:
        """``seat`` takes the whole of ``pool``."""
        self.from_pool(pool, seat, self.pools[pool], reason)

    def share(self, pool: int, winners: list[int], eldest_first: bool, reason: Reason) -> None:
        """The ``winners`` (in play order from the eldest) share ``pool``
        equally; the chips that do not divide go one each to the first
        winners with ``eldest_first``, or stay in the pool."""
        total = self.pools[pool]
        each, odd = divmod(total, len(winners))
        for number, seat in enumerate(winners):
            extra = 1 if eldest_first and number < odd else 0
            self.from_pool(pool, seat, each + extra, reason)

    def pay(self, payer: int, payee: int, chips: int, reason: Reason) -> None:
        """``payer`` pays ``payee``; a capped payer pays what it has."""
        if self.capped:
            chips = min(chips, max(self.balances[payer], 0))
        if chips > 0:
            self.balances[payer] -= chips
            self.balances[payee] += chips
            self.ledger.append(Payment(self.deal, payer, payee, chips, reason))
