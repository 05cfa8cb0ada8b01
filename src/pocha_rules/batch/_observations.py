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

from typing import Final, NamedTuple

import numpy as np

from pocha_rules._pocha.schedules import RoundKind
from pocha_rules._pocha.state import Phase
from pocha_rules.batch._engine import Lockstep
from pocha_rules.batch._tables import BatchTables
from pocha_rules.observations import ObservationField, observation_layout

__all__ = ["Observer", "Pieces", "Placement", "placement", "put_rows", "squeeze", "squeeze_runs"]

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


class Placement(NamedTuple):
    """Where rows go in a larger array: row ``i`` to row ``rows[i]`` (private)."""

    rows: np.ndarray
    """``int64[m]``: the target row of each row."""
    runs: list[tuple[int, int, int]] | None
    """The same as runs of consecutive target rows, ``(target, source,
    length)`` each, when there are few (then copied as slices, much faster
    than scattered rows); ``None`` when there are many."""


_MOST_RUNS: Final = 48


def placement(rows: np.ndarray) -> Placement:
    """The :class:`Placement` of rows to ``rows``."""
    breaks = np.flatnonzero(np.diff(rows) != 1) + 1
    if len(breaks) >= _MOST_RUNS:
        return Placement(rows, None)
    starts = [0, *breaks.tolist()]
    ends = [*breaks.tolist(), len(rows)]
    targets = rows[starts].tolist() if len(rows) else []
    runs = [(t, a, b - a) for t, a, b in zip(targets, starts, ends, strict=True) if b > a]
    return Placement(rows, runs)


def put_rows(out: np.ndarray, rows: np.ndarray, where: Placement, columns: slice) -> None:
    """``out[where.rows, columns] = rows``, by slices when it can."""
    if where.runs is None:
        out[where.rows, columns] = rows
        return
    for target, source, length in where.runs:
        out[target : target + length, columns] = rows[source : source + length]


class _Rows(NamedTuple):
    """Index arrays for ``m`` games (private)."""

    rows: np.ndarray
    """``arange(m)``."""
    starts: np.ndarray
    """Where each game's row of bits starts in all of them, flat."""
    bytes: np.ndarray
    """Where each game's 8 bytes start in a ``uint64[m]`` seen as bytes."""


class _Round(NamedTuple):
    """What an engine's round in progress keeps from step to step (private)."""

    key: tuple[object, int, int]
    """The engine, the round's index and the games playing it."""
    dealt: np.ndarray
    """``uint64[players, m]``: the cards dealt to each position, squeezed."""
    totals: np.ndarray
    """``float32[players, m]``: each position's total before the round."""


class Pieces(NamedTuple):
    """The vectors of some games in pieces (private): the bits of the
    fields of cards, where the one-hot numbers are, and the counts and
    scores."""

    words: np.ndarray
    """``uint64[m, width // 64]``: each game's vector as bits, little end
    first (number ``i`` is bit ``i % 64`` of word ``i // 64``), with every
    field of cards set and every other number 0."""
    ones: np.ndarray
    """``int64[k, m]``: columns of the one-hot numbers that are 1, ``k``
    for each game (a game's column of this array)."""
    counts: np.ndarray
    """``int8[m, 1 + 3 * players]``: whether the dealer still holds the card
    it showed, then the tricks won, the tricks needed and the hand sizes
    by relative seat."""
    scores: np.ndarray
    """``float32[m, players]``: the scores by relative seat."""


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
        self._round_cache: _Round | None = None
        self._mod = np.arange(3 * n, dtype=np.int64) % n
        self._relative = np.arange(n, dtype=np.int64)[:, None]
        # ``column[field][p - own + n]``: the column of the seat at
        # position p in a one-hot field by relative seat.
        self._seat_column = {
            name: self._mod + at[name].offset
            for name in ("dealer", "to_move", "leader", "last_bidder", "auction_winner")
            if name in at
        }
        self._bid_base = at["bids"].offset + self._relative * at["bids"].shape[1]
        self._words = -(-self.size // 64)
        self.width = 64 * self._words
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
        self._rows_cache: _Rows | None = None

    def _rows(self, m: int) -> _Rows:
        """The index arrays for ``m`` games (kept for the next call)."""
        found = self._rows_cache
        if found is None or len(found.rows) != m:
            rows = np.arange(m, dtype=np.int64)
            found = self._rows_cache = _Rows(rows, rows * self.width, rows * 8)
        return found

    def encode(
        self,
        engine: Lockstep,
        seats: np.ndarray | None = None,
        out: np.ndarray | None = None,
        rows: Placement | None = None,
    ) -> np.ndarray:
        """``float32[active, size]``: the vector of ``seats[i]`` (a seat
        number; by default the seat to move) in each game still playing;
        written into ``out`` when given (a C-contiguous array of that shape
        and type, whatever it holds), or with ``rows`` into row ``rows[i]``
        of ``out`` (``float32[any, size]``; its other rows left as they
        are; see :class:`Placement`)."""
        m = engine.active
        if out is None:
            out = np.empty((m, self.size), dtype=np.float32)
        if not m:
            return out
        signed, scores = self.parts(engine, seats)
        n = self.players
        field = self.layout["scores"].offset
        if rows is None:
            np.copyto(out, signed[:, : self.size])
            out[:, field : field + n] = scores
        else:
            put_rows(out, signed[:, : self.size], rows, slice(None))
            put_rows(out, scores, rows, slice(field, field + n))
        return out

    def parts(
        self, engine: Lockstep, seats: np.ndarray | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """The vectors of :meth:`encode` (``engine.active`` of them, at least
        one) in two parts: ``int8[active, width]``, every number but the
        scores in the first ``size`` columns (0 in the scores' columns and
        past ``size``), and ``float32[active, players]``, the scores."""
        found = self.pieces(engine, seats)
        signed = self.assemble(found.words, found.ones + self._rows(engine.active).starts)
        self.write_counts(signed, found.counts)
        return signed, found.scores

    def assemble(self, words: np.ndarray, ones: np.ndarray) -> np.ndarray:
        """``int8[m, width]``: the rows of :class:`Pieces` ``words``, a byte
        per bit, with the bytes at the flat indices ``ones`` set to 1."""
        bits: np.ndarray = np.unpackbits(words.view(np.uint8), bitorder="little")
        bits[ones] = 1
        signed: np.ndarray = bits.reshape(len(words), self.width).view(np.int8)
        return signed

    def write_counts(self, signed: np.ndarray, counts: np.ndarray) -> None:
        """Write :class:`Pieces` ``counts`` into their columns of the rows
        ``signed`` (as :meth:`assemble` gives them)."""
        n = self.players
        at = self.layout
        signed[:, at["dealer_holds_trump_card"].offset] = counts[:, 0]
        for number, name in enumerate(("tricks_won", "tricks_needed", "hand_sizes")):
            field = at[name].offset
            signed[:, field : field + n] = counts[:, 1 + number * n : 1 + (number + 1) * n]

    def pieces(self, engine: Lockstep, seats: np.ndarray | None = None) -> Pieces:
        """The vectors of :meth:`encode` (``engine.active`` of them, at least
        one), in :class:`Pieces`."""
        n = self.players
        m = engine.active
        at = self.layout
        index = self._rows(m)
        mod = self._mod
        phase = engine.phase
        plan = engine.plan
        mover = engine.mover_position()
        # The observer's position this round; for each relative seat, the
        # position it is, and that position's entries' flat indices in an
        # array by position, ``[players, m]``, and in a ``uint64[m]`` seen
        # as a byte per position.
        if seats is None:
            own = mover
        else:
            own = seats - engine.eldest()
            own += n
            mod.take(own, out=own)
        position = mod.take(own + self._relative)
        gather = position * m
        gather += index.rows
        in_bytes = position + index.bytes
        this_round = self._round(engine)
        dealt, unplayed = this_round.dealt, squeeze(engine._unplayed, self._runs)
        hands = dealt.ravel().take(gather)
        hands &= unplayed
        words = self._card_words(engine, own, mover, seats is None, gather, dealt, unplayed, hands)
        # The one-hot numbers: the columns of those that are the same in
        # every game are set at once, the others' indices in the bits
        # gathered, then set by one put.
        shown = self._phase_column[phase]
        fixed = [
            shown,
            self._kind_column[plan.kind],
            at["round_index"].offset + min(engine.round_index, self.rounds),
            at["round_cards"].offset + plan.cards - 1,
        ]
        column = self._seat_column
        behind = (2 * n - 1) - own  # the dealer's index in the seat columns
        ones = [column["dealer"].take(behind)]
        back = n - own  # the index of the seat at position p is p + back
        if seats is None:
            fixed.append(at["to_move"].offset)
        else:
            ones.append(column["to_move"].take(back + mover))
        ones.append(column["leader"].take(back + engine._leader))
        bids = engine._bids.view(np.uint8).take(in_bytes)
        bid_columns = bids + self._bid_base
        made = None if phase is Phase.PLAY else engine._bid_made().ravel().take(gather)
        if made is not None:
            np.copyto(bid_columns, shown, where=~made)
        ones.append(bid_columns)
        trump = engine._trump.view(np.int64)
        if phase is Phase.PLAY or phase is Phase.BID:
            ones.append(trump + at["trump"].offset)  # known by then
        else:
            ones.append(np.where(trump < 4, trump + at["trump"].offset, shown))
        # The last bidder, under the hook: the dealer, or the seat before
        # it when it won the auction (not known before the auction ends).
        auction = plan.kind is RoundKind.AUCTION
        decided = auction and phase is not Phase.AUCTION
        if not auction:
            ones.append(column["last_bidder"].take(behind))
        elif decided:
            last = np.where(engine._winner == n - 1, n - 2, n - 1)
            ones.append(column["last_bidder"].take(back + last))
        cards = plan.cards
        # (A subset of games joined from several decisions has a step by game.)
        last_bid = np.equal(engine.step, engine._bidders - 1)
        if phase is Phase.BID and engine._hooked and last_bid.any():
            hole = engine._bid_sum
            forbidden = hole <= cards
            forbidden &= last_bid
            ones.append(np.where(forbidden, cards - hole + at["forbidden_bid"].offset, shown))
        if auction:
            ones += self._calls(engine, gather, back, shown, decided)
        ones.append(np.broadcast_to(np.array(fixed)[:, None], (len(fixed), m)))
        flat = np.concatenate([np.atleast_2d(one) for one in ones])
        # The counts, as bytes (the tricks needed may be negative).
        counts = np.zeros((m, 1 + 3 * n), dtype=np.int8)
        if engine._shown:
            # Whether the dealer still holds the card it showed.
            card = np.maximum(engine._trump_card, 0).astype(U64)
            counts[:, 0] = (engine._unplayed >> card) & U64(1)
        won = engine._won.view(np.uint8).take(in_bytes)
        counts[:, 1 : 1 + n] = won.T
        needed = np.subtract(bids, won, dtype=np.int16)
        if made is not None:
            needed *= made
        counts[:, 1 + n : 1 + 2 * n] = needed.T
        counts[:, 1 + 2 * n :] = np.bitwise_count(hands).T
        # The scores, as floats.
        scores = this_round.totals.ravel().take(gather).T
        return Pieces(words, flat, counts, scores)

    def _round(self, engine: Lockstep) -> _Round:
        """What stays the same for the whole round in progress (kept until
        the next)."""
        whole: Lockstep | None = getattr(engine, "whole", None)
        if whole is not None:
            # Some games of a batch: theirs of the whole batch's.
            of_whole = self._round(whole)
            if getattr(engine, "every_row", False):
                return of_whole
            rows: np.ndarray = getattr(engine, "rows")  # noqa: B009
            dealt = of_whole.dealt.take(rows, axis=1)
            return _Round(of_whole.key, dealt, of_whole.totals.take(rows, axis=1))
        key = (engine, engine.round_index, engine.active)
        found = self._round_cache
        if found is None or found.key != key:
            n = self.players
            m = engine.active
            dealt = squeeze(engine._dealt.reshape(n, m), self._runs)
            # The totals are kept by the position each seat had in the
            # first round: a round's position p is (p + round_index) % n.
            by_position = np.roll(engine._totals, -(engine.round_index % n), axis=0)
            found = self._round_cache = _Round(key, dealt, by_position.astype(np.float32))
        return found

    def _card_words(
        self,
        engine: Lockstep,
        own: np.ndarray,
        mover: np.ndarray,
        movers: bool,
        gather: np.ndarray,
        dealt: np.ndarray,
        unplayed: np.ndarray,
        hands: np.ndarray,
    ) -> np.ndarray:
        """``uint64[active, width // 64]``: each game's row of bits with
        every field of cards set, the rest 0 (``movers``: the observers are
        the seats to move). The masks are squeezed: bit i is play id i."""
        n = self.players
        m = engine.active
        masks = np.zeros((self._masks, m), dtype=U64)
        hand = hands[0]
        phase = engine.phase
        if engine.plan.kind is not RoundKind.BLIND:
            masks[0] = hand
        else:
            # A seat sees every hand but its own, until it must play its card.
            if phase is Phase.PLAY:
                masks[0] = hand if movers else np.where(mover == own, hand, U64(0))
            if self._others:
                masks[1:n] = hands[1:]
        bit = self._squeezed_bit
        bit.take(engine._trump_card, out=masks[self._trump_card], mode="wrap")
        # (A subset of games joined from several decisions has a position
        # in the trick by game.)
        positions: int | np.ndarray = engine.position
        if phase is Phase.PLAY and np.any(positions):
            # Each card of the trick in the row of the seat that played it.
            trick = engine._cards
            assert trick is not None
            if isinstance(positions, np.ndarray):
                # As below, but no card where the trick has fewer (the row
                # of a seat still to play stays empty).
                flat = masks.ravel()
                first = engine._leader - own
                first += n
                rows = self._rows(m).rows
                for place in range(int(positions.max())):
                    row = self._mod.take(first + place)
                    row += self._trick
                    row *= m
                    row += rows
                    cards_in = bit.take(trick[place].view(np.int64), mode="clip")
                    cards_in *= place < positions
                    flat[row] = cards_in
            elif movers:
                # The seat that played the trick's card at ``place`` is the
                # same number of seats before the seat to move everywhere.
                for place in range(engine.position):
                    row = self._trick + (place - engine.position) % n
                    bit.take(trick[place].view(np.int64), out=masks[row], mode="clip")
            else:
                flat = masks.ravel()
                first = engine._leader - own
                first += n
                rows = self._rows(m).rows
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
        return words

    def _calls(
        self, engine: Lockstep, gather: np.ndarray, back: np.ndarray, shown: int, decided: bool
    ) -> list[np.ndarray]:
        """The one-hot indices of the auction's calls (a row per relative
        seat) and of its winner, in an auction round."""
        field = self.layout["calls"]
        width = field.shape[1]
        calls = engine._calls.ravel().take(gather)
        column = np.where(calls >= 0, calls, width - 1)
        column += field.offset + self._relative * width
        np.copyto(column, shown, where=calls < -1)
        ones = [column]
        if decided:
            ones.append(self._seat_column["auction_winner"].take(back + engine._winner))
        return ones
