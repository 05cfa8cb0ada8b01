"""Builders for Poch test scenarios: a pack ordering from the hands a table
was dealt, and moves from text checked seat by seat."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pocha_rules.poch import (
    Card,
    GameState,
    RuleSet,
    apply,
    legal_moves,
    new_game,
    parse_move,
)
from pocha_rules.poch._cards import CARDS, deck_indices


def ordering(
    players: int,
    dealer: int,
    hands: Mapping[int, str],
    turnup: str,
    *,
    deck: int = 32,
    out: Sequence[int] = (),
) -> list[Card]:
    """The pack, top first, that deals ``hands`` (seat -> "c1 c2 ...") three
    then two cards from the eldest hand, turns up ``turnup`` and leaves the
    rest in the stock (in card order)."""
    seats = [(dealer + 1 + i) % players for i in range(players)]
    seats = [s for s in seats if s not in out]
    n = len(seats)
    cards = {seat: [Card.parse(c, deck=deck) for c in hands[seat].split()] for seat in seats}
    top: list[Card | None] = [None] * (5 * n + 1)
    for i, seat in enumerate(seats):
        held = cards[seat]
        assert len(held) == 5, (seat, held)
        top[3 * i : 3 * i + 3] = held[:3]
        top[3 * n + 2 * i : 3 * n + 2 * i + 2] = held[3:]
    top[5 * n] = Card.parse(turnup, deck=deck)
    used = {c for c in top if c is not None}
    assert len(used) == 5 * n + 1, "a card is dealt twice"
    stock = [CARDS[i] for i in deck_indices(deck) if CARDS[i] not in used]
    return [c for c in top if c is not None] + stock


def start(
    rules: RuleSet,
    hands: Mapping[int, str],
    turnup: str,
    *,
    dealer: int = 0,
    balances: Sequence[int] | None = None,
    pools: Mapping[str, int] | None = None,
) -> GameState:
    """A game whose first deal gives ``hands`` and turns up ``turnup``."""
    out = []
    if balances is not None and rules.insolvency == "out":
        out = [s for s, b in enumerate(balances) if b < rules.dressed_pools]
    deal = ordering(rules.players, dealer, hands, turnup, deck=rules.deck, out=out)
    return new_game(rules, seed=0, dealer=dealer, deals=[deal], balances=balances, pools=pools)


def play(state: GameState, *steps: tuple[int, str]) -> GameState:
    """Apply moves given as ``(seat, "text")``, checking that each seat is
    the one to move and each move is legal."""
    for seat, text in steps:
        assert state.to_move == seat, f"seat {state.to_move} is to move, not {seat} ({text})"
        move = parse_move(text)
        assert move in legal_moves(state), f"{text} is not legal: {legal_moves(state)}"
        state = apply(state, move)
    return state


def texts(state: GameState) -> list[str]:
    """The legal moves as text."""
    return [str(m) for m in legal_moves(state)]


def opens(verb: str, top: int) -> list[str]:
    """``["open 1", ..., "open top"]``."""
    return [f"{verb} {k}" for k in range(1, top + 1)]
