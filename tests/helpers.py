"""Small builders for test scenarios: explicit deals from text, moves from text.

Every scenario in the suite is built from an explicit :class:`Deal`, so no test
depends on what a particular seed happens to deal.
"""

from __future__ import annotations

import pickle
from collections.abc import Iterable, Sequence

import pytest

from pocha_rules import (
    Bot,
    Card,
    Deal,
    GameState,
    IllegalMoveError,
    Move,
    PlayerView,
    RuleSet,
    apply,
    explain,
    legal_moves,
    new_game,
    parse_move,
)


def cards(text: str) -> tuple[Card, ...]:
    """The cards of a space-separated text such as ``"3c 4c 1b"``."""
    return tuple(Card.parse(word) for word in text.split())


def card(text: str) -> Card:
    """One card from its text form."""
    return Card.parse(text)


def deal(*hands: str, trump: str | None = None) -> Deal:
    """A deal from one text per seat (``"3c 4c 1b"``) and the trump card."""
    return Deal(hands=[cards(hand) for hand in hands], trump_card=trump)


def move(text: str | Move, deck: int = 48) -> Move:
    """A move from its text form (moves pass through)."""
    return parse_move(text, deck=deck) if isinstance(text, str) else text


def play(state: GameState, moves: Iterable[str | Move]) -> GameState:
    """Apply moves (text or values) one after the other."""
    for item in moves:
        state = apply(state, move(item, state.rules.deck))
    return state


def moves_of(text: str) -> list[str]:
    """Moves from a comma-separated text: ``"bid 0, bid 1, play 3c"``."""
    return [part.strip() for part in text.split(",") if part.strip()]


def game(
    rules: RuleSet,
    deals: Sequence[Deal],
    moves: Iterable[str | Move] = (),
    *,
    dealer: int = 0,
    seed: int = 1,
) -> GameState:
    """A game with explicit deals for its first rounds, after ``moves``."""
    return play(new_game(rules, seed=seed, dealer=dealer, deals=deals), moves)


def plays(state: GameState) -> set[Move]:
    """The legal moves as a set."""
    return set(legal_moves(state))


def assert_refused(state: GameState, item: str | Move, *reasons: str) -> IllegalMoveError:
    """Assert that ``item`` is refused with a reason naming every substring,
    that :func:`explain` gives that reason, and that the state is unchanged.
    """
    the_move = move(item, state.rules.deck)
    before = legal_moves(state)
    snapshot = (state.hands, state.trick, state.bids, state.history, state.to_move)
    twin = pickle.loads(pickle.dumps(state))  # an independent copy to compare with
    with pytest.raises(IllegalMoveError) as info:
        apply(state, the_move)
    error = info.value
    why = explain(state, the_move)
    assert why is not None
    assert error.reason == why
    assert error.move == the_move
    assert error.seat == state.to_move
    for reason in reasons:
        assert reason in error.reason, (reason, error.reason)
        assert reason in str(error)
    assert legal_moves(state) == before
    assert (state.hands, state.trick, state.bids, state.history, state.to_move) == snapshot
    assert state == twin
    return error


class Checked:
    """Wraps a bot: every view it gets is its own seat's, every move legal."""

    def __init__(self, bot: Bot, seat: int) -> None:
        self.bot = bot
        self.seat = seat
        self.moves = 0

    def act(self, view: PlayerView) -> Move:
        assert isinstance(view, PlayerView)
        assert view.seat == view.to_move == self.seat
        move = self.bot.act(view)
        assert move in view.legal_moves()
        self.moves += 1
        return move
