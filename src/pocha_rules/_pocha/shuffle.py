"""Seeded shuffles: the cards of every round, and the first
dealer, drawn from a game's seed with no generator state to carry."""

from __future__ import annotations

from typing import Any, Final

from pocha_rules._common.digest import blake2b
from pocha_rules._pocha.deal import DealtRound
from pocha_rules._pocha.schedules import Round, RoundKind
from pocha_rules._pocha.tables import Tables

__all__ = [
    "deal_from_seed",
    "dealer_in",
    "seeded_dealer",
    "seeded_hands",
    "seeded_number",
    "seeded_start",
]

_new: Final = tuple.__new__
_DEALT_ROUND: Final = DealtRound  # compiled, read directly (not looked up)
_AUCTION_ROUND: Final = RoundKind.AUCTION  # cheaper than the enum's class look-up


_BLAKE2B: Final = blake2b(digest_size=40, person=b"pocha")
# The methods, found once: compiled code would look each one up on every call.
_COPY: Final = blake2b.copy
_UPDATE: Final = blake2b.update
_DIGEST: Final = blake2b.digest
_FROM_BYTES: Final = int.from_bytes


def seeded_number(text: str) -> int:
    """A 320-bit number drawn from ``text``: its personalised BLAKE2b digest.

    The same text gives the same number on every machine and Python version,
    and different texts give unrelated numbers, so a game's seed and a round's
    index name a deal without any generator state to carry.
    """
    return _FROM_BYTES(_seeded_digest(text), "little")


def _seeded_digest(text: str) -> bytes:
    """The digest :func:`seeded_number` reads (little-endian)."""
    digest = _COPY(_BLAKE2B)  # cheaper than building a personalised one
    _UPDATE(digest, text.encode())
    return _DIGEST(digest)


def seeded_dealer(seed: int, players: int) -> int:
    """The first dealer drawn from a game's seed: the top 64 bits of
    ``seeded_number(f"{seed}:0")`` (the first round's number) modulo
    ``players``.

    One digest serves both the first dealer and the first deal: the shuffle
    reads the number's lowest digits (at most 203 bits for 48 cards), the
    dealer its top 64 bits, and the two are independent but for a bias
    below one part in 2**53.
    """
    return dealer_in(_seeded_digest(f"{seed}:0"), players)


def dealer_in(digest: bytes, players: int) -> int:
    """The first dealer a first round's digest draws (see :func:`seeded_dealer`)."""
    if 256 % players == 0:
        # 4 or 8 players: 256 is a multiple of them, so the lowest byte of
        # the top 64 bits alone decides (no number built).
        return digest[32] % players
    return _FROM_BYTES(digest[32:], "little") % players


def seeded_start(t: Tables, seed: int, cards: int) -> list[int]:
    """The first round of a game as :func:`seeded_hands` deals it, its
    dealer (last) drawn from ``seed``: both from one digest."""
    digest = _seeded_digest(f"{seed}:0")
    dealer = dealer_in(digest, t.players)
    return _hands(t, _FROM_BYTES(digest, "little"), cards, dealer)


CHUNK_BITS: Final = 30

_Steps = tuple[tuple[int, tuple[int, ...]], ...]
_STEPS: Final[dict[int, _Steps]] = {}
"""The shuffle's steps by deck size and cards dealt (``size << 8 | dealt``;
a few dozen)."""


def _shuffle_steps(size: int, dealt: int) -> _Steps:
    """The steps of :func:`deal_from_seed`'s shuffle, in chunks.

    The ``k``-th step fills position ``size - 1 - k`` of the deck, drawing
    from the positions up to it: its radix is the number of positions it
    draws from (the position filled is the radix less one). A chunk is
    ``(product, radices)``, and its radices multiply to less than ``2**30``:
    one division of the big number per chunk yields a small one, whose
    digits are then taken with fast one-digit arithmetic. The digits are
    those of dividing the big number step by step.
    """
    key = size << 8 | dealt
    steps = _STEPS.get(key)
    if steps is None:
        last = size - 1
        chunks: list[tuple[int, tuple[int, ...]]] = []
        chunk: list[int] = []
        product = 1
        for i in range(last, max(last - dealt - 1, 0), -1):
            if product * (i + 1) >= 1 << CHUNK_BITS:
                chunks.append((product, tuple(chunk)))
                chunk, product = [], 1
            chunk.append(i + 1)
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
    hands = seeded_hands(t, seed, index, plan.cards, dealer)
    del hands[-1]  # the dealer
    under = hands.pop()
    held = 0
    for hand in hands:
        held |= hand
    # The hands are disjoint parts of the deck: the stock is what is left.
    return _with_trump(t, plan, tuple(hands), t.deck_mask ^ held, under)


def seeded_hands(t: Tables, seed: int, index: int, cards: int, dealer: int) -> list[int]:
    """:func:`deal_from_seed`'s hands (masks by seat), then the card under
    the dealt ones (the dealer's last card when every card is dealt), then
    ``dealer``: one list, which costs less to build than a tuple of them."""
    return _hands(t, seeded_number(f"{seed}:{index}"), cards, dealer)


def _hands(t: Tables, number: int, cards: int, dealer: int) -> list[int]:
    """:func:`seeded_hands` from the round's number."""
    # The deck holds card indices (small numbers, which Python never
    # allocates). A placed position is never read again, so each card is
    # noted in dealing order the moment the shuffle puts it in place: the
    # same deal as shuffling first and dealing after.
    # Typed Any, the compiled build moves them as they are, without
    # converting each to a machine integer and back.
    deck: list[Any] = list(t.deck_cards)
    n = t.players
    dealt = n * cards
    steps = t.shuffle_steps[dealt]
    if steps is None:
        steps = t.shuffle_steps[dealt] = _shuffle_steps(len(deck), dealt)
    # The dealt cards from the top, then the card under them (made at their
    # full length, cheaper than growing; a slice of ``deck``, cheaper compiled
    # than ``[0] * (dealt + 1)``; it holds ``dealt`` when every card is dealt).
    order: list[Any] = deck[: dealt + 1]
    placed = 0
    last = len(steps) - 1
    for chunk in range(len(steps)):
        product, radices = steps[chunk]
        # (Two operations, not divmod: a compiled divmod builds a tuple.
        # The last chunk needs no quotient.)
        low = number % product
        if chunk < last:
            number //= product
        for radix in radices:
            j = low % radix
            low //= radix
            order[placed] = deck[j]
            placed += 1
            deck[j] = deck[radix - 1]
    # The shuffle leaves position 0 alone: the card under the dealt ones
    # when one card is left over, the dealer's last card when none is.
    if placed <= dealt:
        order[placed] = deck[0]
        placed += 1
    # The k-th card dealt goes to the k-th seat (mod n) from the first player.
    first = dealer + 1
    hands: list[int] = list(t.deal_slots)
    for seat in range(n):
        mask = 0
        k = (seat - first) % n
        while k < dealt:  # (a compiled range with a step of n would be a Python object)
            card: int = order[k]
            mask |= 1 << card
            k += n
        hands[seat] = mask
    hands[n] = order[placed - 1]
    hands[n + 1] = dealer
    return hands


def _with_trump(
    t: Tables, plan: Round, hands: tuple[int, ...], stock: int, shown: int
) -> DealtRound:
    if plan.kind is _AUCTION_ROUND:
        return _new(_DEALT_ROUND, (hands, stock, -1, False))
    if stock:
        return _new(_DEALT_ROUND, (hands, stock, shown, False))
    if t.dealer_chooses:
        return _new(_DEALT_ROUND, (hands, stock, -1, False))
    return _new(_DEALT_ROUND, (hands, stock, shown, True))
