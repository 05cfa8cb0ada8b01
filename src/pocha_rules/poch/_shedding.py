"""The third phase: shedding cards in suit sequences.

The starter leads any card. After each card, the holder of its successor
(same suit, next rank up) must play it; when no hand holds the successor
(the card is an ace, the successor is the turn-up or in the stock, or it is
on the table already) the card *stops* the series: every other player pays
its player ``stop_chips``, and he leads again. The first player to shed
his last card ends the deal and is paid ``card_chips`` for every card left
in the other hands.
"""

from __future__ import annotations

from typing import Final

from pocha_rules._common.cards import indices_of
from pocha_rules._common.errors import say
from pocha_rules.poch._cards import CARDS
from pocha_rules.poch._dealing import end_deal
from pocha_rules.poch._ledger import Reason
from pocha_rules.poch._moves import PLAYS, Move, Play
from pocha_rules.poch._payments import Purse
from pocha_rules.poch._rules import CENTRE_POOL
from pocha_rules.poch._state import GameState

__all__ = ["apply_shedding", "explain_shedding", "shedding_moves", "successor"]

_ACE_OFFSET: Final = 12


def successor(card: int) -> int:
    """The index of the next card up in the suit, -1 for an ace."""
    return -1 if card % 13 == _ACE_OFFSET else card + 1


def _holder(hands: tuple[int, ...] | list[int], card: int) -> int:
    if card < 0:
        return -1
    bit = 1 << card
    for seat, hand in enumerate(hands):
        if hand & bit:
            return seat
    return -1


def shedding_moves(state: GameState) -> tuple[Move, ...]:
    """The legal plays: every card of the hand to begin a series, else the
    successor of the last card."""
    if state._last < 0:
        return tuple(PLAYS[i] for i in indices_of(state._hands[state._to_move]))
    return (PLAYS[successor(state._last)],)


def explain_shedding(state: GameState, move: Move) -> str | None:
    """Why ``move`` is illegal in a shedding state, or ``None``."""
    seat = state._to_move
    if type(move) is not Play:
        return say("poch_betting_over")
    card = move.card.index
    if state._last >= 0:
        due = successor(state._last)
        if card == due:
            return None
        return say(
            "poch_must_follow", seat=seat, due=str(CARDS[due]), last=str(CARDS[state._last])
        )
    if not state._hands[seat] >> card & 1:
        return say("poch_not_in_hand", seat=seat, card=str(move.card))
    return None


def apply_shedding(state: GameState, move: Move) -> GameState:
    """The state after a legal play."""
    d = state._d
    assert d is not None
    assert type(move) is Play
    rules = state._g.rules
    seat = state._to_move
    card = move.card.index
    bit = 1 << card
    hands = list(state._hands)
    hands[seat] &= ~bit
    shown = state._shown
    if shown[seat] & bit:
        shown = tuple(mask & ~bit for mask in shown)
    table = (*state._table, (seat, card))
    played = state._played | bit
    moves = (*state._moves, (seat, move))
    nxt = successor(card)
    holder = _holder(hands, nxt)
    capped = rules.insolvency == "out"
    if hands[seat] == 0:
        # He goes out: the deal ends at once.
        purse = Purse(d.number, state._balances, state._pools, state._ledger, capped)
        if holder < 0 and rules.last_card_stop_pays:
            _stop(purse, d.order, seat, rules.stop_chips)
        for payer in _after(d.order, seat):
            purse.pay(payer, seat, rules.card_chips * hands[payer].bit_count(), Reason.CARDS)
        if rules.centre_pool:
            purse.take(CENTRE_POOL, seat, Reason.CENTRE)
        return end_deal(state, purse, tuple(hands), moves)
    if holder >= 0:
        return GameState(
            state._g,
            d,
            state._phase,
            holder,
            state._balances,
            state._pools,
            tuple(hands),
            shown,
            state._bet,
            table,
            played,
            card,
            moves,
            state._ledger,
            state._history,
        )
    purse = Purse(d.number, state._balances, state._pools, state._ledger, capped)
    _stop(purse, d.order, seat, rules.stop_chips)
    return GameState(
        state._g,
        d,
        state._phase,
        seat,
        tuple(purse.balances),
        tuple(purse.pools),
        tuple(hands),
        shown,
        state._bet,
        table,
        played,
        -1,
        moves,
        tuple(purse.ledger),
        state._history,
    )


def _after(order: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """The other seats of the deal, in play order after ``seat``."""
    i = order.index(seat)
    return order[i + 1 :] + order[:i]


def _stop(purse: Purse, order: tuple[int, ...], seat: int, chips: int) -> None:
    for payer in _after(order, seat):
        purse.pay(payer, seat, chips, Reason.STOP)
