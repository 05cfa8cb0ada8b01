"""Shuffling and dealing a round for many games at once.

Each game's deck is a row of card indices. The shuffle is Fisher and Yates',
one step for all the games at once, filled from the end of the deck: the
card drawn at each step is dealt at once, round the table from the first
player, so the shuffle stops as soon as every dealt card and the card under
them are drawn. Each step draws one uniform float ``u`` per game, and takes
the card at position ``floor(u * (i + 1))`` of the ``i + 1`` not drawn yet.
The rows are bytes, so the decks of a few thousand games fit in the cache.

With ``fewest_draws`` (what :func:`~pocha_rules.batch.simulate_batch` deals
with), when fewer cards are left over than a hand holds, the shuffle stops
sooner: it draws the other players' hands round the table, then the card
under them (with every card dealt, the card the dealer shows, one of the
dealer's own) and the cards left over, and the dealer's hand is what they
leave. Every hand is as random as before (a shuffle drawn in any order is
a uniformly random one), from fewer draws: 31 instead of 37 for 4 hands of
9 cards from 40.
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

    def __init__(
        self, deck_cards: np.ndarray, games: int, players: int, *, fewest_draws: bool = False
    ) -> None:
        size = len(deck_cards)
        self.players = players
        self.fewest_draws = fewest_draws
        """Draw the dealer's hand as what the others leave when that takes
        fewer draws (see the module notes): the same odds, other deals."""
        self._all = np.array(sum(1 << int(card) for card in deck_cards), dtype=U64)
        self._cards = np.asarray(deck_cards, dtype=np.uint8)
        self._deck = np.empty((games, size), dtype=np.uint8)
        self._base = np.arange(0, games * size, size, dtype=np.int64)
        self._tops = np.arange(size, 0, -1, dtype=np.int64)[:, None]
        """The cards not drawn yet at each step of the shuffle."""
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
        others = (players - 1) * cards
        stock = max(size - dealt - 1, 0)
        fewest = self.fewest_draws and stock < cards
        if fewest:
            # The other hands, the card under them and the stock (none when
            # every card is dealt): the dealer's hand is what they leave.
            steps = others + 1 + stock
        deck = self._deck[:games]
        deck[...] = self._cards
        flat = deck.reshape(-1)
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
            np.multiply(uniform, self._tops[first:last], out=index, casting="unsafe")
            index += base
            for step in range(first, last):
                at = index[step - first]
                flat.take(at, out=drawn[step], mode="clip")
                if step < steps - 1:
                    flat[at] = deck[:, size - 1 - step]
        if fewest:
            self._fill_leaving(drawn, hands, others, dealt < size)
            return
        # The cards dealt to each position: every players-th card drawn, so
        # the rows of the drawn cards, players at a time, are one card of
        # each hand.
        self._fill(drawn[:dealt], hands)
        # The last card drawn: the one under the dealt cards, or with every
        # card dealt the dealer's last one (the dealer is dealt last).
        np.left_shift(_ONE, drawn[steps - 1], out=self.under[: hands.shape[1]])

    def _fill(self, drawn: np.ndarray, hands: np.ndarray) -> None:
        """Deal the cards ``drawn`` (``uint8[cards * k, games]``) round the
        ``k`` positions of ``hands`` (``uint64[k, games]``), one each in turn."""
        k, games = hands.shape
        np.left_shift(_ONE, drawn[:k], out=hands)
        bits = self._bits[:k, :games]
        for start in range(k, len(drawn), k):
            np.left_shift(_ONE, drawn[start : start + k], out=bits)
            hands |= bits

    def _fill_leaving(
        self, drawn: np.ndarray, hands: np.ndarray, others: int, under_apart: bool
    ) -> None:
        """Deal the first ``others`` cards drawn round every position but the
        dealer's; the next is the card under them, and the dealer's hand is
        what the others, and the card under them when it is not the
        dealer's (``under_apart``), and the stock after it, leave."""
        players, games = hands.shape
        rest = hands[: players - 1]
        self._fill(drawn[:others], rest)
        under = self.under[:games]
        np.left_shift(_ONE, drawn[others], out=under)
        dealer = hands[players - 1]
        np.bitwise_or.reduce(rest, axis=0, out=dealer)
        if under_apart:
            dealer |= under
        bits = self._bits[0, :games]
        for card in drawn[others + 1 :]:
            np.left_shift(_ONE, card, out=bits)
            dealer |= bits
        np.bitwise_xor(dealer, self._all, out=dealer)
