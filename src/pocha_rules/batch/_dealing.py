"""Shuffling and dealing a round for many games at once.

Each game's deck is a row of card indices. The shuffle is Fisher and Yates',
one step for all the games at once, filled from the end of the deck: the
card drawn at each step is dealt at once, round the table from the first
player, so the shuffle stops as soon as every dealt card and the card under
them are drawn. Each step draws one uniform float ``u`` per game, and takes
the card at position ``floor(u * (i + 1))`` of the ``i + 1`` not drawn yet.
The rows are bytes, so the decks of a few thousand games fit in the cache.
"""

from __future__ import annotations

from typing import Final

import numpy as np

__all__ = ["Dealer"]

U64: Final = np.uint64
_ONE: Final = np.array(1, dtype=U64)
_BLOCK: Final = 8
"""Steps of the shuffle whose random draws are made at once."""


class Dealer:
    """Deals rounds to up to ``games`` games of the deck whose cards are
    ``deck_cards``, in buffers made once (private)."""

    def __init__(self, deck_cards: np.ndarray, games: int, players: int) -> None:
        size = len(deck_cards)
        self.players = players
        self._cards = np.asarray(deck_cards, dtype=np.uint8)
        self._fresh = np.tile(self._cards, games)
        """Every game's deck in order, copied over the shuffled ones."""
        self._deck = np.empty((games, size), dtype=np.uint8)
        self._base = np.arange(0, games * size, size, dtype=np.int64)
        steps = min(_BLOCK, size)
        self._uniform = np.empty(steps * games, dtype=np.float64)
        self._index = np.empty(steps * games, dtype=np.int64)
        self._drawn = np.empty((size, games), dtype=np.uint8)
        self._bits = np.empty((players, games), dtype=U64)
        self.under = np.empty(games, dtype=U64)
        """``uint64[games]``: the bit of the card under the dealt ones (the
        card turned up for trump), or of the dealer's last card when every
        card is dealt."""

    def deal(self, rng: np.random.Generator, hands: np.ndarray, cards: int) -> None:
        """Shuffle a deck for each of the games and deal ``cards`` cards to
        each player, into ``hands`` (``uint64[players, games]``, by position
        from the first player, 0, to the dealer, ``players - 1``); the first
        ``games`` entries of :attr:`under` hold the card under them."""
        players, games = hands.shape
        size = len(self._cards)
        dealt = players * cards
        steps = min(dealt + 1, size)
        deck = self._deck[:games]
        flat = deck.reshape(-1)
        np.copyto(flat, self._fresh[: games * size])
        base = self._base[:games]
        drawn = self._drawn[:steps, :games]
        block = len(self._uniform) // len(self._base)
        for first in range(0, steps, block):
            last = min(first + block, steps)
            # The draws of a block of steps at once (the generator gives the
            # same numbers as one step at a time): the position drawn in each
            # game's row at step s is floor(u * (top + 1)), top = size - 1 - s
            # (the cast truncates; a float below 1 times top + 1 stays below
            # it), plus the row's start.
            shape = (last - first, games)
            uniform = self._uniform[: shape[0] * games].reshape(shape)
            index = self._index[: shape[0] * games].reshape(shape)
            rng.random(out=uniform)
            tops = np.arange(size - first, size - last, -1, dtype=np.int64)
            np.multiply(uniform, tops[:, None], out=index, casting="unsafe")
            index += base
            for step in range(first, last):
                at = index[step - first]
                flat.take(at, out=drawn[step], mode="clip")
                if step < steps - 1:
                    flat[at] = deck[:, size - 1 - step]
        # The cards dealt to each position: every players-th card drawn, so
        # the rows of the drawn cards, players at a time, are one card of
        # each hand.
        np.left_shift(_ONE, drawn[:players], out=hands)
        bits = self._bits[:, :games]
        for start in range(players, dealt, players):
            np.left_shift(_ONE, drawn[start : start + players], out=bits)
            hands |= bits
        # The last card drawn: the one under the dealt cards, or with every
        # card dealt the dealer's last one (the dealer is dealt last).
        np.left_shift(_ONE, drawn[steps - 1], out=self.under[:games])
