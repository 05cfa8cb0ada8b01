"""Observations for many games at once: the vectors of
:mod:`pocha_rules.observations`, filled for every game of a batch.

The layout is the one :func:`~pocha_rules.observations.observation_layout`
defines (each field by name, offset and shape), read from there; this module
only fills it from the engine's arrays instead of from a
:class:`~pocha_rules.PlayerView`. The test suite checks it equal to
``encode_view(observe(state, seat))`` at every decision of random games.
Seats are relative to the observer, as there: row ``r`` of a per-seat field
is the seat ``r`` places after the observer.
"""

from __future__ import annotations

from typing import Final

import numpy as np

from pocha_rules._schedules import RoundKind
from pocha_rules._state import Phase
from pocha_rules.batch._engine import Lockstep, RoundView
from pocha_rules.batch._tables import BatchTables
from pocha_rules.observations import ObservationField, observation_layout

__all__ = ["Observer"]

_PHASES: Final = (Phase.AUCTION, Phase.CHOOSE_TRUMP, Phase.BID, Phase.PLAY, Phase.OVER)
_KINDS: Final = (RoundKind.NORMAL, RoundKind.AUCTION, RoundKind.BLIND)


class Observer:
    """Fills the observation vectors of one rule set's games (private)."""

    def __init__(self, bt: BatchTables) -> None:
        self.layout: dict[str, ObservationField] = {
            field.name: field for field in observation_layout(bt.rules)
        }
        self.size = sum(field.size for field in self.layout.values())
        self.players = bt.players
        self.deck = bt.deck_size
        self.cards = bt.deck_cards
        """The card of each play id: the bit of a mask for each column."""
        self.play_id = bt.play_id
        self.rounds = len(bt.rules.schedule)

    def encode(self, engine: Lockstep, seats: np.ndarray) -> np.ndarray:
        """``float32[active, size]``: the vector of ``seats[i]`` (a seat
        number) in each game still playing."""
        n = self.players
        m = engine.active
        out = np.zeros((m, self.size), dtype=np.float32)
        if not m:
            return out
        at = self.layout
        view = engine.round_view()
        rows = np.arange(m)
        # The observer's position this round, and each relative seat's.
        own = (seats - view.eldest) % n
        position = [(own + r) % n for r in range(n)]

        def rel(positions: np.ndarray) -> np.ndarray:
            relative: np.ndarray = (positions - own) % n
            return relative

        def by_position(array: np.ndarray, r: int) -> np.ndarray:
            found: np.ndarray = array.reshape(n, m).ravel().take(position[r] * m + rows)
            return found

        def cards(field: str, masks: np.ndarray, row: int = 0) -> None:
            start = at[field].offset + row * self.deck
            out[:, start : start + self.deck] = self._columns(masks)

        def one_hot(field: str, index: np.ndarray, where: np.ndarray | None = None) -> None:
            columns = at[field].offset + index
            if where is None:
                out[rows, columns] = 1
            else:
                out[rows[where], columns[where]] = 1

        blind = engine.plan.kind is RoundKind.BLIND
        phase = engine.phase
        hand = by_position(view.hands, 0)
        if blind:
            # A seat sees every hand but its own, until it must play its card.
            shown = view.mover == own if phase is Phase.PLAY else np.zeros(m, dtype=bool)
            hand = np.where(shown, hand, np.uint64(0))
        cards("hand", hand)
        if blind and "other_hands" in at:
            for r in range(1, n):
                cards("other_hands", by_position(view.hands, r), r - 1)
        known = view.trump >= 0
        one_hot("trump", np.maximum(view.trump, 0), known)
        shown_card = view.trump_card >= 0
        one_hot("trump_card", self.play_id.take(np.maximum(view.trump_card, 0)), shown_card)
        out[:, at["dealer_holds_trump_card"].offset] = view.dealer_holds
        out[:, at["phase"].offset + _PHASES.index(phase)] = 1
        out[:, at["round_kind"].offset + _KINDS.index(engine.plan.kind)] = 1
        out[:, at["round_index"].offset + min(engine.round_index, self.rounds)] = 1
        out[:, at["round_cards"].offset + engine.plan.cards - 1] = 1
        one_hot("dealer", rel(np.full(m, n - 1)))
        one_hot("to_move", rel(view.mover))
        one_hot("leader", rel(view.leader))
        if "calls" in at:
            self._calls(out, view, own)
        width = at["bids"].shape[1]
        bids_field = at["bids"].offset
        won_field, needed_field = at["tricks_won"].offset, at["tricks_needed"].offset
        for r in range(n):
            bid = by_position(view.bids, r)
            won = by_position(view.won, r)
            made = bid >= 0
            out[rows[made], bids_field + r * width + bid[made]] = 1
            out[:, won_field + r] = won
            out[:, needed_field + r] = np.where(made, bid - won, 0)
        last = view.last_bidder >= 0
        one_hot("last_bidder", rel(view.last_bidder), last)
        forbidden = view.forbidden >= 0
        one_hot("forbidden_bid", np.maximum(view.forbidden, 0), forbidden)
        if view.trick is not None:
            # The trick's cards, each in the row of the position that played it.
            trick = np.zeros(n * m, dtype=np.uint64)
            for place in range(view.trick_length):
                player = (view.leader + place) % n
                trick[player * m + rows] = np.uint64(1) << view.trick[place]
            for r in range(n):
                cards("trick", by_position(trick, r), r)
        sizes = at["hand_sizes"].offset
        for r in range(n):
            cards("played", by_position(view.played, r), r)
            out[:, sizes + r] = np.bitwise_count(by_position(view.hands, r))
        scores = at["scores"].offset
        for r in range(n):
            out[:, scores + r] = view.totals[rows, (seats + r) % n]
        return out

    def _columns(self, masks: np.ndarray) -> np.ndarray:
        """``uint8[m, deck]``: the bit of each card of the deck, in play-id
        order, of each mask."""
        bits = np.unpackbits(masks.view(np.uint8).reshape(-1, 8), axis=1, bitorder="little")
        columns: np.ndarray = bits.take(self.cards, axis=1)
        return columns

    def _calls(self, out: np.ndarray, view: RoundView, own: np.ndarray) -> None:
        """The auction's calls and its winner, by relative seat."""
        n = self.players
        m = len(own)
        rows = np.arange(m)
        field = self.layout["calls"]
        width = field.shape[1]
        if view.calls is not None:
            for position in range(n):
                call = view.calls[position]
                made = call >= -1
                column = np.where(call >= 0, call, width - 1)
                index = field.offset + ((position - own) % n) * width + column
                out[rows[made], index[made]] = 1
        if view.winner is not None:
            winner = self.layout["auction_winner"].offset + (view.winner - own) % n
            out[rows, winner] = 1
