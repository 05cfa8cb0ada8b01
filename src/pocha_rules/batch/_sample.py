"""Uniformly random legal moves for many games at once, from bit masks
(private).

A game's legal values are a 64-bit mask (the engine's, squeezed so that bit
``i`` is the ``i``-th id of the phase's section of action ids). A random one
is its ``k``-th set bit for a ``k`` drawn below the number of bits set. The
``k``-th set bit is found a byte at a time, for every game at once with a
few array operations on whole words: the bits set in each byte, their
running sums along the word (one multiplication), the byte where the sum
passes ``k`` (one comparison of all eight bytes at once), and the bit within
that byte from a table. It is several times cheaper than drawing a random
number for every entry of an action mask and taking the largest.
"""

from __future__ import annotations

from typing import Final

import numpy as np

from pocha_rules._pocha.state import Phase
from pocha_rules.actions import ActionTable
from pocha_rules.batch._tables import PASS

__all__ = ["NO_DECISION", "PHASE_ROWS", "byte_sums", "id_table", "random_bits", "select_bits"]

U64: Final = np.uint64
_BYTES: Final = U64(0x0101_0101_0101_0101)
"""A 1 in every byte: times a number, that number in every byte; times bytes
that are counts, the running sums of the counts (byte ``i`` holds the sum of
bytes ``0`` to ``i``; they never carry, being at most 64)."""
_TOPS: Final = U64(0x8080_8080_8080_8080)
"""The top bit of every byte."""


def _bit_in_byte() -> np.ndarray:
    """``uint8[256 * 8]``: at ``byte * 8 + r``, the position of the ``r``-th
    set bit of ``byte`` (0 past its last)."""
    table = [0] * (256 * 8)
    for byte in range(256):
        for rank, position in enumerate(i for i in range(8) if byte >> i & 1):
            table[byte * 8 + rank] = position
    return np.array(table, dtype=np.uint8)


_BIT_IN_BYTE: Final = _bit_in_byte()


def select_bits(words: np.ndarray, k: np.ndarray, *, sums: np.ndarray | None = None) -> np.ndarray:
    """``uint64[m]``: the position of the ``k[i]``-th set bit (from 0, low
    bits first) of each of the ``uint64[m]`` ``words``; ``k[i]`` must be below
    the number of bits set in ``words[i]`` (otherwise the result is some
    position from 0 to 63, not a set bit). ``k`` is an unsigned array of
    ``m`` numbers; ``sums``, when given, the words' running byte sums (see
    :func:`byte_sums`)."""
    if sums is None:
        sums = byte_sums(words)
    rank = k.astype(U64)
    # Byte by byte, 128 + (sum so far) - (k + 1): its top bit is set where
    # more than k bits are set up to that byte (no byte carries: the sums
    # are at most 64, k below 64).
    past = (U64(127) - rank) * _BYTES
    past += sums
    past &= _TOPS
    # The bytes past the one sought are the highest ones: they say where
    # it starts.
    shift = np.bitwise_count(past).astype(U64)
    shift <<= U64(3)
    np.subtract(U64(64), shift, out=shift)
    before = (sums << U64(8)) >> shift  # the bits set below that byte
    before &= U64(0xFF)
    at = (words >> shift) & U64(0xFF)
    at <<= U64(3)
    at += rank
    at -= before
    position: np.ndarray = _BIT_IN_BYTE.take(at).astype(U64)
    position += shift
    np.minimum(position, U64(63), out=position)  # k out of range: some position
    return position


def byte_sums(words: np.ndarray) -> np.ndarray:
    """``uint64[m]``: for each word of ``uint64[m]`` ``words``, byte ``i``
    holds the number of bits set in its bytes ``0`` to ``i`` (its top byte,
    the bits set in the whole word)."""
    counts: np.ndarray = np.bitwise_count(words.view(np.uint8)).view(U64)
    counts *= _BYTES
    return counts


def random_bits(words: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """``uint64[m]``: one of the set bits of each of the ``uint64[m]``
    ``words``, uniformly at random (one draw from ``rng`` per word); 63 for
    a word with no bit set."""
    sums = byte_sums(words)
    k = rng.random(len(words))
    k *= sums >> U64(56)
    return select_bits(words, k.astype(U64), sums=sums)


PHASE_ROWS: Final = {Phase.PLAY: 0, Phase.BID: 1, Phase.AUCTION: 2, Phase.CHOOSE_TRUMP: 3}
"""The row of :func:`id_table` of each phase with a decision (row 4: none)."""
NO_DECISION: Final = 4 * 64
"""Where the row of no decision starts in :func:`id_table`, flat."""


def id_table(table: ActionTable, deck_cards: np.ndarray | None = None) -> np.ndarray:
    """``int64[5 * 64]``: the action id of bit ``i`` of a legal mask in the
    phase of row ``r`` (:data:`PHASE_ROWS`) at ``r * 64 + i``; row 4, for a
    game with no decision, all 0. Entries past a section are in range but
    never read for a legal bit. Plays are by squeezed bit (the ``i``-th
    card of the deck); with ``deck_cards`` (the engine's bit of each card of
    the deck, in order), by the engine's own bit of each card, so that the
    engine's legal cards need no squeezing to be drawn from."""
    ids = np.zeros((5, 64), dtype=np.int64)
    bits = np.arange(64, dtype=np.int64)
    high = table.size - 1
    if deck_cards is None:
        ids[0] = np.minimum(table.plays.start + bits, high)
    else:
        ids[0] = table.plays.start
        ids[0, deck_cards] = table.plays.start + np.arange(len(deck_cards))
    ids[1] = np.minimum(table.bids.start + bits, high)
    ids[2] = np.minimum(table.calls.start + bits, high)
    if table.pass_action is not None:
        ids[2, PASS] = table.pass_action
    ids[3] = np.minimum(table.trump_choices.start + bits, high)
    return ids.ravel()
