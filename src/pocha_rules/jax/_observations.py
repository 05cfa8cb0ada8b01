"""The observation vector of :mod:`pocha_rules.observations`, as a JAX
function of a :class:`~pocha_rules.jax.State` and a seat.

The layout is the one :func:`~pocha_rules.observations.observation_layout`
defines, read from there: each field is built as an array of its shape (rows
by seat relative to the observer) and the fields are joined in the layout's
order. The test suite checks every number equal to
``encode_view(observe(state, seat))`` at every decision of random games.
"""

from __future__ import annotations

from typing import Final

import jax
import jax.numpy as jnp

from pocha_rules.jax._engine import PHASE_AUCTION, PHASE_BID, PHASE_PLAY, JaxGame, State
from pocha_rules.jax._tables import AUCTION, BLIND
from pocha_rules.observations import observation_layout

__all__ = ["Observer"]

_F32: Final = jnp.float32


def _one_hot(index: jax.Array, size: int, present: jax.Array | bool = True) -> jax.Array:
    """A one-hot row of ``size`` (all 0 where ``present`` is false or
    ``index`` out of range)."""
    return (jnp.arange(size) == index) & present


class Observer:
    """Fills the observation vectors of one rule set's games (private)."""

    def __init__(self, game: JaxGame) -> None:
        self.game = game
        self.layout = observation_layout(game.rules)
        self.size = sum(field.size for field in self.layout)

    def observe(self, state: State, seat: jax.Array) -> jax.Array:
        """``float32[size]``: the vector of ``seat`` in ``state``."""
        game = self.game
        t = game.tables
        n = t.players
        deck = t.deck
        seat = jnp.asarray(seat, jnp.int32)
        seats = (seat + jnp.arange(n)) % n
        """The seat of each relative seat."""

        def relative(of: jax.Array) -> jax.Array:
            return (of - seat) % n

        blind = state.kind == BLIND
        auction = state.kind == AUCTION
        decided = auction & (state.phase != PHASE_AUCTION)
        holds = (state.dealt[None, :] == seats[:, None]) & ~state.played[None, :]
        own = holds[0] & (~blind | ((state.phase == PHASE_PLAY) & (state.mover == seat)))
        eldest = game.eldest(state)
        dealer = (eldest + n - 1) % n
        bids = state.bids[seats]
        won = state.won[seats]
        made = bids >= 0
        last = jnp.where(auction & (state.winner == dealer), (dealer + n - 1) % n, dealer)
        forbidden = state.cards - state.bid_sum
        hole = (
            (state.phase == PHASE_BID)
            & (state.turn == game.bidders(state) - 1)
            & game.hooked(state)
            & (forbidden >= 0)
        )
        by_seat = state.dealt[None, :] == seats[:, None]
        fields: dict[str, jax.Array] = {
            "hand": own,
            "trump": _one_hot(state.trump, 4),
            "trump_card": _one_hot(state.trump_card, deck),
            "dealer_holds_trump_card": (
                state.shown & ~state.played[jnp.maximum(state.trump_card, 0)]
            )[None],
            "phase": _one_hot(state.phase, 5),
            "round_kind": _one_hot(state.kind, 3),
            "round_index": _one_hot(jnp.minimum(state.round, t.rounds), t.rounds + 1),
            "round_cards": _one_hot(state.cards - 1, t.largest),
            "dealer": _one_hot(relative(dealer), n),
            "to_move": _one_hot(relative(state.mover), n, state.mover >= 0),
            "leader": _one_hot(relative(state.leader), n),
            "bids": (jnp.arange(t.largest + 1)[None, :] == bids[:, None]) & made[:, None],
            "last_bidder": _one_hot(relative(last), n, ~auction | decided),
            "forbidden_bid": _one_hot(forbidden, t.largest + 1, hole),
            "tricks_won": won,
            "tricks_needed": jnp.where(made, bids - won, 0),
            "trick": by_seat & state.on_table[None, :],
            "played": by_seat & state.played[None, :],
            "hand_sizes": holds.sum(axis=1),
            "scores": state.totals[seats],
        }
        if t.blind:
            fields["other_hands"] = holds[1:] & blind
        if t.auctions:
            width = self.layout_shape("calls")[1]
            calls = state.calls[seats]
            column = jnp.where(calls >= 0, calls, width - 1)
            fields["calls"] = (jnp.arange(width)[None, :] == column[:, None]) & (
                calls[:, None] >= -1
            )
            fields["auction_winner"] = _one_hot(relative(state.winner), n, decided)
        parts = []
        for field in self.layout:
            part = fields[field.name]
            assert part.size == field.size, field.name
            parts.append(part.astype(_F32).reshape(-1))
        return jnp.concatenate(parts)

    def layout_shape(self, name: str) -> tuple[int, ...]:
        """The shape of field ``name``."""
        return next(field.shape for field in self.layout if field.name == name)
