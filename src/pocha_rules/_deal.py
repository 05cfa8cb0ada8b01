"""Dealing: seeded shuffles and explicit deals (RULES.md 4.1 and 4.2)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, NamedTuple

import attrs

from pocha_rules._cards import CARDS, Card, cards_of
from pocha_rules._errors import InvalidDealError
from pocha_rules._schedules import Round, RoundKind
from pocha_rules._tables import Tables

try:  # the digest's own C module: importing all of hashlib costs milliseconds
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - interpreters built without it
    from hashlib import blake2b

__all__ = ["Deal", "DealtRound", "check_deal", "check_deals", "deal_from_seed"]


def _card(value: Card | str) -> Card:
    return value if isinstance(value, Card) else Card.parse(value)


def _hands(value: Iterable[Iterable[Card | str]]) -> tuple[tuple[Card, ...], ...]:
    # Hands are kept in card order, so equal deals compare equal however the
    # cards were listed (a hand is a set of cards, not a sequence).
    return tuple(tuple(sorted(_card(card) for card in hand)) for hand in value)


def _trump_card(value: Card | str | None) -> Card | None:
    return None if value is None else _card(value)


@attrs.frozen
class Deal:
    """The cards of one round as dealt: each seat's hand, and the card that
    shows trump.

    ``trump_card`` is the card turned up from the stock, or the dealer's shown
    last card when every card is dealt (``dealer_last_card``); it is ``None``
    in auction rounds and when the dealer chooses trump. The cards nobody
    holds form the stock. Cards may be given as text.

    >>> deal = Deal(hands=[["1o"], ["3o"], ["12o"], ["2c"]], trump_card="5e")
    >>> deal.hands[1], deal.trump_card
    ((Card(3, Suit.OROS),), Card(5, Suit.ESPADAS))
    """

    hands: tuple[tuple[Card, ...], ...] = attrs.field(converter=_hands)
    """The cards of each seat, by seat number, each hand in card order."""
    trump_card: Card | None = attrs.field(default=None, converter=_trump_card)
    """The card that shows trump, if any."""


class DealtRound(NamedTuple):
    """A deal in the engine's terms (private): masks and card indices."""

    hands: tuple[int, ...]
    stock: int
    trump_card: int
    """The turned-up or shown card, or -1."""
    shown: bool
    """Whether ``trump_card`` is the dealer's shown card (in their hand)."""

    def public(self) -> Deal:
        trump = CARDS[self.trump_card] if self.trump_card >= 0 else None
        return Deal(hands=tuple(cards_of(hand) for hand in self.hands), trump_card=trump)


_new: Final = tuple.__new__
_AUCTION_ROUND: Final = RoundKind.AUCTION  # cheaper than the enum's class look-up


_BLAKE2B: Final = blake2b(digest_size=40, person=b"pocha")


def seeded_number(text: str) -> int:
    """A 320-bit number drawn from ``text``: its personalised BLAKE2b digest.

    The same text gives the same number on every machine and Python version,
    and different texts give unrelated numbers, so a game's seed and a round's
    index name a deal without any generator state to carry.
    """
    digest = _BLAKE2B.copy()  # cheaper than building a personalised one
    digest.update(text.encode())
    return int.from_bytes(digest.digest(), "little")


def seeded_dealer(seed: int, players: int) -> int:
    """The first dealer drawn from a game's seed."""
    return seeded_number(f"{seed}:dealer") % players


_Steps = tuple[tuple[int, tuple[tuple[int, int, int], ...]], ...]
_STEPS: Final[dict[tuple[int, int, int], _Steps]] = {}
"""The shuffle's steps by deck size, cards dealt and players (a few dozen)."""


def _shuffle_steps(size: int, dealt: int, players: int) -> _Steps:
    """The steps of :func:`deal_from_seed`'s shuffle, in chunks.

    Each step is ``(position, radix, slot)``: the position filled, the
    number of positions it draws from, and where its card goes (``k`` for
    the ``k``-th seat from the first player, ``players`` for the card under
    the dealt ones). A chunk's radices multiply to less than ``2**30``: one
    division of the big number per chunk yields a small one, whose digits
    are then taken with CPython's fast one-digit arithmetic. The digits are
    those of dividing the big number step by step.
    """
    key = (size, dealt, players)
    steps = _STEPS.get(key)
    if steps is None:
        last = size - 1
        chunks: list[tuple[int, tuple[tuple[int, int, int], ...]]] = []
        chunk: list[tuple[int, int, int]] = []
        product = 1
        for i in range(last, max(last - dealt - 1, 0), -1):
            if product * (i + 1) >= 1 << 30:
                chunks.append((product, tuple(chunk)))
                chunk, product = [], 1
            slot = (last - i) % players if i > last - dealt else players
            chunk.append((i, i + 1, slot))
            product *= i + 1
        chunks.append((product, tuple(chunk)))
        steps = _STEPS[key] = tuple(chunks)
    return steps


def deal_from_seed(t: Tables, seed: int, index: int, plan: Round, dealer: int) -> DealtRound:
    """Shuffle with the game's seed and the round's index, then deal one card
    at a time from the first player round to the dealer.

    The shuffle is Fisher and Yates', filled from the end of the deck, each
    step taking its position from the next digits of :func:`seeded_number` in
    a mixed radix (320 bits for at most 48! orders: the bias this leaves is
    below one part in 2**117). The
    cards are dealt from the end of the deck, so the shuffle stops as soon as
    every dealt card and the card under them are in place.
    """
    # The deck holds each card's bit, and each card goes to its hand's mask
    # the moment the shuffle puts it in place (a placed position is never
    # read again): the same deal as shuffling first and dealing after.
    deck = list(t.deck_bits)
    number = seeded_number(f"{seed}:{index}")
    n = t.players
    dealt = n * plan.cards
    last = len(deck) - 1
    slots = [0] * (n + 1)  # by seat from the first player; the card under last
    for product, steps in _shuffle_steps(last + 1, dealt, n):
        number, low = divmod(number, product)
        for i, radix, slot in steps:
            j = low % radix
            low //= radix
            slots[slot] |= deck[j]
            deck[j] = deck[i]
    # The shuffle leaves position 0 alone: the card under the dealt ones
    # when one card is left over, the dealer's last card when none is.
    if dealt == last:
        slots[n] = deck[0]
    elif dealt > last:
        slots[last % n] |= deck[0]
        slots[n] = deck[0]
    under = slots.pop()
    turn = n - (dealer + 1) % n
    hands = (*slots[turn:], *slots[:turn])
    # The hands are disjoint parts of the deck: the stock is what is left.
    stock = t.deck_mask - sum(hands)
    return _with_trump(t, plan, hands, stock, under.bit_length() - 1)


def _with_trump(
    t: Tables, plan: Round, hands: tuple[int, ...], stock: int, shown: int
) -> DealtRound:
    if plan.kind is _AUCTION_ROUND:
        return _new(DealtRound, (hands, stock, -1, False))
    if stock:
        return _new(DealtRound, (hands, stock, shown, False))
    if t.dealer_chooses:
        return _new(DealtRound, (hands, stock, -1, False))
    return _new(DealtRound, (hands, stock, shown, True))


def check_deal(t: Tables, index: int, plan: Round, dealer: int, deal: Deal) -> DealtRound:
    """Check an explicit deal against the rules and its round, and convert it."""

    def refuse(reason: str) -> InvalidDealError:
        return InvalidDealError(index, reason)

    if not isinstance(deal, Deal):
        raise refuse(f"expected a Deal, got {deal!r}")
    n = t.players
    if len(deal.hands) != n:
        raise refuse(f"{len(deal.hands)} hands for {n} players")
    hands = []
    seen = 0
    for seat, hand in enumerate(deal.hands):
        if len(hand) != plan.cards:
            raise refuse(f"seat {seat} holds {len(hand)} cards; this round deals {plan.cards}")
        mask = 0
        for dealt in hand:
            bit = 1 << dealt.index
            if not t.deck_mask & bit:
                raise refuse(f"{dealt} is not in this game's deck")
            if seen & bit:
                raise refuse(f"{dealt} is dealt twice")
            seen |= bit
            mask |= bit
        hands.append(mask)
    stock = t.deck_mask & ~seen
    card = deal.trump_card
    needs_card = plan.kind is not RoundKind.AUCTION and bool(stock or not t.dealer_chooses)
    if card is None:
        if needs_card:
            where = "turned up from the stock" if stock else "shown by the dealer"
            raise refuse(f"this round needs a trump_card {where}")
        return DealtRound(tuple(hands), stock, -1, False)
    if not needs_card:
        if plan.kind is RoundKind.AUCTION:
            raise refuse("an auction round has no trump card: the auction winner names trump")
        raise refuse("every card is dealt and the dealer chooses trump: no trump_card")
    bit = 1 << card.index
    if stock:
        if not stock & bit:
            raise refuse(f"the turned-up card {card} must come from the stock, not a hand")
        return DealtRound(tuple(hands), stock, card.index, False)
    if not hands[dealer] & bit:
        raise refuse(f"the shown card {card} must be in the dealer's (seat {dealer}) hand")
    return DealtRound(tuple(hands), stock, card.index, True)


def check_deals(t: Tables, first_dealer: int, deals: Sequence[Deal]) -> tuple[DealtRound, ...]:
    """Check explicit deals for the first rounds of a game."""
    plan = t.schedule
    out = []
    for index, deal in enumerate(deals):
        entry = plan[index] if index < len(plan) else Round(1)
        out.append(check_deal(t, index, entry, (first_dealer + index) % t.players, deal))
    return tuple(out)
