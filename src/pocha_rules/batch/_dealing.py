"""Shuffling and dealing a round for many games at once.

Each game's deck is a row of card bits. The shuffle is Fisher and Yates',
one step for all the games at once, filled from the end of the deck: the
card drawn at each step is dealt at once, round the table from the first
player, so the shuffle stops as soon as every dealt card and the card under
them are drawn. Each step draws one uniform float ``u`` per game, and takes
the card at position ``floor(u * (i + 1))`` of the ``i + 1`` not drawn yet.
"""

from __future__ import annotations

import numpy as np

__all__ = ["Dealer"]


class Dealer:
    """Deals rounds to up to ``games`` games of a deck of cards whose bits
    are ``deck_bits``, in buffers made once (private)."""

    def __init__(self, deck_bits: np.ndarray, games: int, players: int) -> None:
        size = len(deck_bits)
        self.deck_bits = deck_bits
        self.players = players
        self._deck = np.empty((games, size), dtype=np.uint64)
        self._base = np.arange(0, games * size, size, dtype=np.int64)
        self._uniforms = np.empty(size * games, dtype=np.float64)
        self._position = np.empty(games, dtype=np.float64)
        self._index = np.empty(games, dtype=np.int64)
        self.hands = np.empty((players, games), dtype=np.uint64)
        """``uint64[players, games]``: the hands of the last deal, by position
        from the first player (0) to the dealer (``players - 1``)."""
        self.under = np.empty(games, dtype=np.uint64)
        """``uint64[games]``: the bit of the card under the dealt ones (the
        card turned up for trump), or of the dealer's last card when every
        card is dealt."""

    def deal(self, rng: np.random.Generator, games: int, cards: int) -> None:
        """Shuffle the first ``games`` decks and deal ``cards`` cards to each
        player: :attr:`hands` and :attr:`under` (their first ``games``
        columns) hold the deal."""
        players = self.players
        size = len(self.deck_bits)
        dealt = players * cards
        draws = min(dealt + 1, size)
        deck = self._deck[:games]
        deck[...] = self.deck_bits
        flat = deck.reshape(-1)
        base = self._base[:games]
        position = self._position[:games]
        index = self._index[:games]
        hands = self.hands[:, :games]
        hands[...] = 0
        card = self.under[:games]
        uniforms = self._uniforms[: draws * games].reshape(draws, games)
        rng.random(out=uniforms)
        for step in range(draws):
            top = size - 1 - step
            # The position drawn in each game's row: floor(u * (top + 1)) (the
            # cast truncates; a float below 1 times top + 1 stays below it),
            # plus the row's start.
            np.multiply(uniforms[step], top + 1, out=position)
            index[...] = position
            index += base
            np.take(flat, index, out=card, mode="clip")
            flat[index] = deck[:, top]
            if step < dealt:
                hands[step % players] |= card
        # ``card`` is left holding the last card drawn: the one under the
        # dealt cards, or with every card dealt the dealer's last one (the
        # dealer is dealt last).
