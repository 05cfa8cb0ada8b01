"""Observations for many games at once: the vectors of
:mod:`pocha_rules.observations`, filled for every game of a batch.

The layout is the one :func:`~pocha_rules.observations.observation_layout`
defines (each field by name, offset and shape), read from there; this module
only fills it from the engine's arrays instead of from a
:class:`~pocha_rules.PlayerView`. The test suite checks it equal to
``encode_view(observe(state, seat))`` at every decision of random games.
Seats are relative to the observer, as there: row ``r`` of a per-seat field
is the seat ``r`` places after the observer.

How it stays fast (a vector environment encodes thousands of vectors at
every step, most of the step's work): each game's vector is first built as
a row of bits, one per number, in a few 64-bit words. Every set of cards
(the hand, the others' hands, the card turned up, each seat's card on the
table and its cards played) is a 64-bit mask, squeezed so that the deck's
cards are its lowest bits in play-id order (a shift per run of cards the
deck keeps), then shifted into place among the words. One
``numpy.unpackbits`` spreads every game's words to bytes; the one-hot
numbers (trump, bids, seats...) are set in those bytes by one ``numpy.put``
(an absent one, such as a bid not made yet, points at the game's phase,
which is 1 anyway), the small counts are written as bytes, and one copy
turns the bytes into the float vectors; only the scores are written as
floats. Fresh memory is slow to write, so the caller may give the array to
write into.
"""

from __future__ import annotations

from typing import Final

import numpy as np

from pocha_rules._schedules import RoundKind
from pocha_rules._state import Phase
from pocha_rules.batch._engine import Lockstep
from pocha_rules.batch._tables import BatchTables
from pocha_rules.observations import ObservationField, observation_layout

__all__ = ["Observer", "squeeze", "squeeze_runs"]

U64: Final = np.uint64
_PHASES: Final = (Phase.AUCTION, Phase.CHOOSE_TRUMP, Phase.BID, Phase.PLAY, Phase.OVER)
_KINDS: Final = (RoundKind.NORMAL, RoundKind.AUCTION, RoundKind.BLIND)

Runs = list[tuple[np.uint64, np.uint64]]


def squeeze_runs(cards: np.ndarray) -> Runs:
    """How to move the bits of ``cards`` (the deck's card indices, rising)
    to bits 0, 1, 2...: one ``(shift, mask)`` per run of consecutive card
    indices, the run's bits being ``(masks >> shift) & mask``; an empty
    list when they are there already."""
    assert (np.diff(cards) > 0).all(), "play ids follow the card indices"
    runs: Runs = []
    column = 0
    start = 0
    for index in range(1, len(cards) + 1):
        if index == len(cards) or cards[index] != cards[index - 1] + 1:
            length = index - start
            shift = int(cards[start]) - column
            runs.append((U64(shift), U64(((1 << length) - 1) << column)))
            column += length
            start = index
    if len(runs) == 1 and not runs[0][0]:
        return []
    return runs


def squeeze(masks: np.ndarray, runs: Runs) -> np.ndarray:
    """``masks`` (``uint64``, any shape) with the bits of each run of
    :func:`squeeze_runs` moved down (a new array, or ``masks`` itself when
    there is nothing to move)."""
    if not runs:
        return masks
    squeezed = np.zeros_like(masks)
    part = np.empty_like(masks)
    for shift, mask in runs:
        np.right_shift(masks, shift, out=part)
        part &= mask
        squeezed |= part
    return squeezed


class Observer:
    """Fills the observation vectors of one rule set's games (private)."""

    def __init__(self, bt: BatchTables) -> None:
        self.layout: dict[str, ObservationField] = {
            field.name: field for field in observation_layout(bt.rules)
        }
        at = self.layout
        self.size = sum(field.size for field in at.values())
        n = self.players = bt.players
        deck = self.deck = bt.deck_size
        self.rounds = len(bt.rules.schedule)
        self._runs = squeeze_runs(bt.deck_cards)
        squeezed = np.zeros(49, dtype=U64)
        squeezed[bt.deck_cards] = U64(1) << np.arange(deck, dtype=U64)
        self._squeezed_bit = squeezed
        """The squeezed mask of each card index (bit i for play id i; 0 for
        a card out of the deck and, last, for none: index -1)."""
        self._dealt_cache: tuple[object, np.ndarray] = (None, np.zeros(0, dtype=U64))
        self._mod = np.arange(3 * n, dtype=np.int64) % n
        self._relative = np.arange(n, dtype=np.int64)[:, None]
        self._words = -(-self.size // 64)
        self._width = 64 * self._words
        """The bits of a game's row: the vector and a few spare ones."""
        # The masks of a game, in order: its hand, the others' hands (with
        # blind rounds), the card turned up, the trick and the cards
        # played by relative seat; each one's first bit in the row.
        self._others = "other_hands" in at
        hands = n if self._others else 1
        starts = [at["hand"].offset + row * deck for row in range(hands)]
        starts.append(at["trump_card"].offset)
        starts += [at["trick"].offset + row * deck for row in range(n)]
        starts += [at["played"].offset + row * deck for row in range(n)]
        self._trump_card = hands
        self._trick = hands + 1
        self._played = hands + 1 + n
        self._masks = len(starts)
        # Each mask's word, its shift in it, and whether it spills over
        # into the next word.
        place = np.array(starts, dtype=np.int64)
        self._word = (place // 64).tolist()
        shifts = place % 64
        self._low = shifts.astype(U64)[:, None]
        self._high = (64 - shifts).astype(U64)[:, None]
        self._spills = (shifts + deck > 64).tolist()
        self._phase_column = {
            phase: at["phase"].offset + index for index, phase in enumerate(_PHASES)
        }
        self._kind_column = {kind: at["round_kind"].offset + i for i, kind in enumerate(_KINDS)}
        self._rows_cache = (-1, np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64))

    def _rows(self, m: int) -> tuple[np.ndarray, np.ndarray]:
        """``arange(m)`` and each row's first index in the rows of bits."""
        cached, rows, starts = self._rows_cache
        if cached != m:
            rows = np.arange(m, dtype=np.int64)
            starts = rows * self._width
            self._rows_cache = (m, rows, starts)
        return rows, starts

    def encode(
        self, engine: Lockstep, seats: np.ndarray, out: np.ndarray | None = None
    ) -> np.ndarray:
        """``float32[active, size]``: the vector of ``seats[i]`` (a seat
        number) in each game still playing; written into ``out`` when given
        (a C-contiguous array of that shape and type, whatever it holds)."""
        n = self.players
        m = engine.active
        if out is None:
            out = np.empty((m, self.size), dtype=np.float32)
        if not m:
            return out
        at = self.layout
        rows, starts = self._rows(m)
        mod = self._mod
        # The observer's position this round, and, for each relative seat,
        # the position it is and its entries' flat indices in an array by
        # position ``[players, m]`` and in the bytes of a byte per position.
        own = seats - engine.eldest()
        own += n
        mod.take(own, out=own)
        position = mod.take(own + self._relative)
        gather = position * m
        gather += rows
        in_bytes = position
        in_bytes += rows * 8
        dealt, unplayed = self._dealt(engine), squeeze(engine._unplayed, self._runs)
        hands = dealt.ravel().take(gather)
        hands &= unplayed
        bits = self._card_bits(engine, own, gather, dealt, unplayed, hands)
        flat = bits.ravel()
        # The one-hot numbers, as indices in ``flat``.
        phase = engine.phase
        plan = engine.plan
        auction = plan.kind is RoundKind.AUCTION
        decided = auction and phase is not Phase.AUCTION
        shown = self._phase_column[phase]
        back = n - own  # the relative seat of position p is mod[p + back]
        bids = engine._bids.view(np.uint8).take(in_bytes).astype(np.int64)
        made = engine._bid_made().ravel().take(gather)
        width = at["bids"].shape[1]
        bid_columns = bids + (at["bids"].offset + self._relative * width)
        np.copyto(bid_columns, shown, where=~made)
        trump = engine._trump.view(np.int64)
        ones = [
            bid_columns,
            np.where(trump < 4, at["trump"].offset + trump, shown),
            mod.take(back + (n - 1)) + at["dealer"].offset,
            mod.take(back + engine.mover_position()) + at["to_move"].offset,
            mod.take(back + engine._leader) + at["leader"].offset,
        ]
        # The last bidder, under the hook: the dealer, or the seat before
        # it when it won the auction (unknown before the auction ends).
        if not auction:
            ones.append(mod.take(back + (n - 1)) + at["last_bidder"].offset)
        elif decided:
            last = np.where(engine._winner == n - 1, n - 2, n - 1)
            ones.append(mod.take(back + last) + at["last_bidder"].offset)
        cards = plan.cards
        if phase is Phase.BID and engine.step == engine._bidders - 1 and engine._hooked:
            hole = engine._bid_sum
            ones.append(np.where(hole <= cards, cards - hole + at["forbidden_bid"].offset, shown))
        if "calls" in at:
            ones += self._calls(engine, gather, back, shown, decided)
        index = np.concatenate([np.atleast_2d(column) for column in ones])
        index += starts
        np.put(flat, index, 1, mode="clip")
        for column in (
            shown,
            self._kind_column[plan.kind],
            at["round_index"].offset + min(engine.round_index, self.rounds),
            at["round_cards"].offset + cards - 1,
        ):
            bits[:, column] = 1
        # The counts, as bytes (the tricks needed may be negative).
        signed = bits.view(np.int8)
        if engine._shown:
            # Whether the dealer still holds the card it showed.
            card = np.maximum(engine._trump_card, 0).astype(U64)
            signed[:, at["dealer_holds_trump_card"].offset] = (engine._unplayed >> card) & U64(1)
        won = engine._won.view(np.uint8).take(in_bytes)
        field = at["tricks_won"].offset
        signed[:, field : field + n] = won.T
        bids -= won
        bids *= made
        field = at["tricks_needed"].offset
        signed[:, field : field + n] = bids.T
        field = at["hand_sizes"].offset
        signed[:, field : field + n] = np.bitwise_count(hands).T
        np.copyto(out, signed[:, : self.size])
        # The scores, as floats: the totals are kept by position from each
        # game's first player of its first round.
        by_seat = seats - engine._first_eldest
        by_seat += n
        by_seat = mod.take(by_seat + self._relative)
        by_seat *= m
        by_seat += rows
        field = at["scores"].offset
        out[:, field : field + n] = engine._totals.ravel().take(by_seat).T
        return out

    def _dealt(self, engine: Lockstep) -> np.ndarray:
        """``uint64[players, active]``: the cards dealt to each position this
        round, squeezed (kept for the round)."""
        key = (engine, engine.round_index, engine.active)
        cached, dealt = self._dealt_cache
        if cached != key:
            dealt = squeeze(engine._dealt.reshape(self.players, engine.active), self._runs)
            self._dealt_cache = (key, dealt)
        return dealt

    def _card_bits(
        self,
        engine: Lockstep,
        own: np.ndarray,
        gather: np.ndarray,
        dealt: np.ndarray,
        unplayed: np.ndarray,
        hands: np.ndarray,
    ) -> np.ndarray:
        """``uint8[active, width]``: each game's row of bits with every field
        of cards set, the rest 0. The masks are squeezed: bit i is play id i."""
        n = self.players
        m = engine.active
        masks = np.zeros((self._masks, m), dtype=U64)
        hand = hands[0]
        phase = engine.phase
        if engine.plan.kind is RoundKind.BLIND:
            # A seat sees every hand but its own, until it must play its card.
            if phase is Phase.PLAY:
                masks[0] = np.where(engine.mover_position() == own, hand, U64(0))
            if self._others:
                masks[1:n] = hands[1:]
        else:
            masks[0] = hand
        bit = self._squeezed_bit
        bit.take(engine._trump_card, out=masks[self._trump_card], mode="wrap")
        if phase is Phase.PLAY and engine.position:
            # Each card of the trick in the row of the seat that played it.
            trick = engine._cards
            assert trick is not None
            flat = masks.ravel()
            first = engine._leader - own
            first += n
            rows = self._rows(m)[0]
            for place in range(engine.position):
                row = self._mod.take(first + place)
                row += self._trick
                row *= m
                row += rows
                flat[row] = bit.take(trick[place].view(np.int64), mode="clip")
        played = masks[self._played :]
        dealt.ravel().take(gather, out=played)
        played &= ~unplayed
        # Each mask shifted into its word (and the next one, where it spills).
        low = masks << self._low
        high = masks >> self._high
        words = np.zeros((m, self._words), dtype=U64)
        for mask, (word, spills) in enumerate(zip(self._word, self._spills, strict=True)):
            words[:, word] |= low[mask]
            if spills:
                words[:, word + 1] |= high[mask]
        bits: np.ndarray = np.unpackbits(words.view(np.uint8), bitorder="little")
        return bits.reshape(m, self._width)

    def _calls(
        self, engine: Lockstep, gather: np.ndarray, back: np.ndarray, shown: int, decided: bool
    ) -> list[np.ndarray]:
        """The one-hot indices of the auction's calls (a row per relative
        seat) and of its winner, in an auction round."""
        if engine.plan.kind is not RoundKind.AUCTION:
            return []
        field = self.layout["calls"]
        width = field.shape[1]
        calls = engine._calls.ravel().take(gather)
        column = np.where(calls >= 0, calls, width - 1)
        column += field.offset + self._relative * width
        np.copyto(column, shown, where=calls < -1)
        ones = [column]
        if decided:
            winner = self.layout["auction_winner"].offset
            ones.append(self._mod.take(back + engine._winner) + winner)
        return ones
