"""Determinization: complete Poch states consistent with a seat's view
(private; the public door is :func:`pocha_rules.poch.views.sample_state`).

The cards the seat has not seen are placed constructively where the table
knows they are: a trump honour whose pool nobody took (and that is not the
turn-up) lies in the stock; so does the successor of a card that stopped a
series, unless it was on the table or turned up; the holder of the card due
next in a series holds it. The other unseen cards are dealt at random to
the hidden places, the deal is rebuilt from its starting position and its
moves are replayed; a draw whose view differs from the given one (a seat
that bet without a combination, a marriage or a run nobody showed) is drawn
again.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from pocha_rules._common.errors import PochaError, say
from pocha_rules.poch._cards import ACE, JACK, KING, QUEEN, TEN, card_index, deck_indices
from pocha_rules.poch._dealing import Standing, begin_deal
from pocha_rules.poch._engine import apply
from pocha_rules.poch._state import GameState, Phase, Setup

if TYPE_CHECKING:
    from pocha_rules.poch.views import PlayerView

__all__ = ["draw_state"]

ATTEMPTS = 2000
"""Draws tried before a view is declared impossible."""

_HONOUR_POOLS = {"ace": ACE, "king": KING, "queen": QUEEN, "jack": JACK, "ten": TEN}


def _successor(card: int) -> int:
    return -1 if card % 13 == 12 else card + 1


def draw_state(
    view: PlayerView, rng: random.Random, observe: Callable[[GameState, int], PlayerView]
) -> GameState:
    """A state whose view for ``view.seat`` equals ``view``: ``observe``
    (:func:`pocha_rules.poch.views.observe`, of the layer above) checks each
    state drawn."""
    if view.phase is Phase.OVER or view.dealer is None or view.turnup is None:
        raise PochaError(say("poch_sample_over"))
    rules = view.rules
    n = rules.players
    order = view.order
    k = len(order)
    turnup = view.turnup.index
    trump = turnup // 13
    known: dict[int, set[int]] = {seat: set() for seat in order}
    if view.seat in known:  # a seat out of the game holds nothing
        known[view.seat].update(card.index for card in view.hand)
    for seat, shown in enumerate(view.shown):
        if seat in known:
            known[seat].update(card.index for card in shown)
    table = [(p.seat, p.card.index) for p in view.table]
    for seat, card in table:
        known[seat].add(card)
    on_table = {card for _, card in table}
    if view.phase is Phase.SHEDDING and view.last_card is not None and view.to_move is not None:
        known[view.to_move].add(_successor(view.last_card.index))
    stock: set[int] = set()
    taken = {pool for pool, _ in view.takings}
    for pool, rank in _HONOUR_POOLS.items():
        card = card_index(rank, trump)
        if pool not in taken and card != turnup:
            stock.add(card)
    for j, (_, card) in enumerate(table):
        nxt = _successor(card)
        stopped = table[j + 1][1] != nxt if j + 1 < len(table) else view.last_card is None
        if stopped and nxt >= 0 and nxt not in on_table and nxt != turnup:
            stock.add(nxt)
    placed = set(stock) | {turnup}
    for held in known.values():
        placed |= held
    if any(len(held) > 5 for held in known.values()) or len(stock) > view.stock_size:
        raise PochaError(say("poch_sample_overfull"))
    free = [c for c in deck_indices(rules.deck) if c not in placed]
    previous_dealer = (
        (view.first_dealer - 1) % n if not view.past_deals else view.past_deals[-1].dealer
    )
    out = tuple(seat in view.out for seat in range(n))
    total = sum(view.balances) + sum(chips for _, chips in view.pools)
    for _ in range(ATTEMPTS):
        rng.shuffle(free)
        rest = iter(free)
        hands = {
            seat: [*known[seat], *(next(rest) for _ in range(5 - len(known[seat])))]
            for seat in order
        }
        ordering: list[int] = [0] * (5 * k + 1)
        for i, seat in enumerate(order):
            dealt = hands[seat]
            ordering[3 * i : 3 * i + 3] = dealt[:3]
            ordering[3 * k + 2 * i : 3 * k + 2 * i + 2] = dealt[3:]
        ordering[5 * k] = turnup
        ordering.extend(stock)
        ordering.extend(rest)
        g = Setup(
            rules,
            rng.getrandbits(63),
            view.first_dealer,
            (),
            view.starting_balances,
            view.deal_start_pools,
            total,
        )
        standing = Standing(
            view.deal_start_balances, view.deal_start_pools, out, view.past_deals, None
        )
        state = begin_deal(g, view.deal_number, previous_dealer, standing, tuple(ordering))
        if state.takings != view.takings:
            continue
        try:
            for _, move in view.moves:
                state = apply(state, move)
        except PochaError:
            continue
        if observe(state, view.seat) == view:
            return state
    raise PochaError(say("poch_sample_not_found", attempts=ATTEMPTS))
