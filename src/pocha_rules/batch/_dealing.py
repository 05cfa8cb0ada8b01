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

import numpy as np

__all__ = ["Dealer"]


class Dealer:
    """Deals rounds to up to ``games`` games of the deck whose cards are
    ``deck_cards``, in buffers made once (private)."""

    def __init__(self, deck_cards: np.ndarray, games: int, players: int) -> None:
        size = len(deck_cards)
        self.players = players
        self._cards = np.asarray(deck_cards, dtype=np.uint8)
        self._bit = np.array([1 << card for card in range(48)], dtype=np.uint64)
        self._deck = np.empty((games, size), dtype=np.uint8)
        self._base = np.arange(0, games * size, size, dtype=np.int64)
        self._uniform = np.empty(games, dtype=np.float64)
        self._index = np.empty(games, dtype=np.int64)
        self._card = np.empty(games, dtype=np.uint8)
        self._drawn = np.empty(games, dtype=np.uint64)
        self.under = np.empty(games, dtype=np.uint64)
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
        deck = self._deck[:games]
        deck[...] = self._cards
        flat = deck.reshape(-1)
        base = self._base[:games]
        uniform = self._uniform[:games]
        index = self._index[:games]
        card = self._card[:games]
        drawn = self._drawn[:games]
        hands[...] = 0
        for step in range(min(dealt + 1, size)):
            top = size - 1 - step
            # The position drawn in each game's row: floor(u * (top + 1)) (the
            # cast truncates; a float below 1 times top + 1 stays below it),
            # plus the row's start.
            rng.random(out=uniform)
            np.multiply(uniform, top + 1, out=index, casting="unsafe")
            index += base
            flat.take(index, out=card, mode="clip")
            flat[index] = deck[:, top]
            self._bit.take(card, out=drawn, mode="clip")
            if step < dealt:
                hands[step % players] |= drawn
        # The last card drawn: the one under the dealt cards, or with every
        # card dealt the dealer's last one (the dealer is dealt last).
        np.copyto(self.under[:games], drawn)
