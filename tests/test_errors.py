"""Illegal moves of every kind: refused with a reason, the state untouched."""

from __future__ import annotations

from typing import Any

import pytest

from pocha_rules import (
    Bid,
    Call,
    Card,
    ChooseTrump,
    GameState,
    IllegalMoveError,
    Pass,
    Phase,
    Play,
    PochaError,
    RuleSet,
    Suit,
    apply,
    explain,
    is_legal,
    legal_moves,
)
from tests.helpers import assert_refused, deal, game

HANDS = ("1o 3o 5c", "12o 6c 2c", "10o 7o 7c", "6o 5o 4c")


def bidding() -> GameState:
    return game(RuleSet(schedule=[3]), [deal(*HANDS, trump="1e")], dealer=3)


def playing(*moves: str) -> GameState:
    return game(
        RuleSet(schedule=[3]),
        [deal(*HANDS, trump="1e")],
        ["bid 0", "bid 0", "bid 0", "bid 0", *moves],
        dealer=3,
    )


def auction(*moves: str) -> GameState:
    return game(RuleSet(schedule=["3a"]), [deal(*HANDS)], moves, dealer=3)


def choosing() -> GameState:
    return auction("call 1", "pass", "pass", "pass")


def over() -> GameState:
    state = game(
        RuleSet(schedule=[1], tiebreak="shared"),
        [deal("1o", "3o", "12o", "11o", trump="1e")],
        dealer=3,
    )
    while not state.is_over:
        state = apply(state, legal_moves(state)[0])
    return state


PHASES = {"bid": bidding, "play": playing, "auction": auction, "choose": choosing}


@pytest.mark.parametrize(
    ("phase", "move", "reason"),
    [
        ("bid", Play(Card.parse("1o")), "it is time for a bid ('bid N'), not play 1o"),
        ("bid", Call(1), "it is time for a bid ('bid N'), not call 1"),
        ("bid", Pass(), "it is time for a bid ('bid N'), not pass"),
        ("bid", ChooseTrump(Suit.OROS), "it is time for a bid ('bid N'), not trump o"),
        ("play", Bid(1), "it is time for a card to play ('play CARD'), not bid 1"),
        ("play", Call(1), "a card to play"),
        ("play", Pass(), "a card to play"),
        ("play", ChooseTrump(Suit.COPAS), "a card to play"),
        ("auction", Bid(1), "it is time for an auction call ('call N') or 'pass', not bid 1"),
        ("auction", Play(Card.parse("1o")), "an auction call"),
        ("auction", ChooseTrump(Suit.OROS), "an auction call"),
        ("choose", Bid(1), "it is time for a choice of trump ('trump SUIT'), not bid 1"),
        ("choose", Call(2), "a choice of trump"),
        ("choose", Pass(), "a choice of trump"),
        ("choose", Play(Card.parse("1o")), "a choice of trump"),
    ],
)
def test_wrong_kind_of_move(phase: str, move: Any, reason: str) -> None:
    state = PHASES[phase]()
    assert not is_legal(state, move)
    assert_refused(state, move, reason)


@pytest.mark.parametrize("phase", sorted(PHASES))
@pytest.mark.parametrize("thing", ["bid 1", None, 3, Card.parse("1o"), Suit.OROS])
def test_things_that_are_not_moves(phase: str, thing: Any) -> None:
    # A value of the wrong type is a TypeError naming the types expected,
    # not an illegal move.
    state = PHASES[phase]()
    assert not is_legal(state, thing)
    assert explain(state, thing) == f"{thing!r} is not a move"
    with pytest.raises(TypeError) as info:
        apply(state, thing)
    assert not isinstance(info.value, PochaError)
    assert "Bid, Play, ChooseTrump, Call or Pass" in str(info.value)


def test_bids_out_of_range_and_the_hook() -> None:
    state = bidding()
    assert_refused(state, Bid(4), "bids run from 0 to 3 in a 3-card round")
    assert_refused(state, Bid(12), "bids run from 0 to 3")
    hooked = game(
        RuleSet(schedule=[3]), [deal(*HANDS, trump="1e")], ["bid 1", "bid 1", "bid 0"], dealer=3
    )
    assert_refused(hooked, Bid(1), "the hook: the last bidder may not bid 1")


def test_cards_not_in_the_hand() -> None:
    state = playing()
    assert state.to_move == 0
    assert_refused(state, "play 12o", "12o is not in the hand (1o, 3o, 5c)")
    assert_refused(state, "play 1e", "1e is not in the hand")  # the turned-up card
    assert_refused(state, "play 2b", "not in the hand")  # still in the stock
    assert_refused(state, Play(Card.parse("8o")), "8o is not in the hand")  # not in a 40 deck
    after = apply(state, Play(Card.parse("1o")))
    assert_refused(after, "play 1o", "1o is not in the hand")  # already played


def test_cards_removed_by_trimming_are_refused() -> None:
    rules = RuleSet(players=3, schedule=[1])
    state = game(
        rules, [deal("1o", "3o", "12o", trump="1e")], ["bid 0", "bid 0", "bid 0"], dealer=2
    )
    assert state.phase is Phase.PLAY
    assert_refused(state, Play(Card.parse("2o")), "2o is not in the hand")


@pytest.mark.parametrize(
    ("table", "card", "reason"),
    [
        ("1o", "6c", "must follow suit: oros was led and the hand holds 12o"),
        ("5c", "2c", "must overtake 5c with a higher copas: 6c"),
        ("5c", "12o", "must follow suit: copas was led and the hand holds 6c"),
        ("5c 6c", "10o", "must follow suit: copas was led and the hand holds 7c"),
    ],
)
def test_revokes(table: str, card: str, reason: str) -> None:
    state = playing(*[f"play {c}" for c in table.split()])
    assert_refused(state, f"play {card}", reason)


def test_ruff_and_overruff_refusals() -> None:
    hands = ("4c 4o", "2e 5o", "1e 6o", "7o 10o")
    rules = RuleSet(schedule=[2])
    state = game(rules, [deal(*hands, trump="3e")], ["bid 0"] * 4 + ["play 4c"], dealer=3)
    assert_refused(state, "play 5o", "void in copas, must ruff with a trump (espadas): 2e")
    state = apply(state, Play(Card.parse("2e")))
    assert_refused(state, "play 6o", "must over-ruff 2e with a higher trump: 1e")


def test_auction_refusals() -> None:
    state = auction()
    assert_refused(state, Pass(), "the first player must call a number and may not pass")
    assert_refused(state, Call(4), "calls run from 0 to 3 in a 3-card round")
    state = auction("call 2")
    assert_refused(state, Call(2), "a call must beat the highest call so far (2)")
    assert_refused(state, Call(1), "a call must beat the highest call so far (2)")
    assert_refused(state, Call(4), "calls run from 0 to 3")


def test_after_the_game_is_over() -> None:
    state = over()
    for move in (Bid(0), Play(Card.parse("1o")), Call(0), Pass(), ChooseTrump(Suit.OROS)):
        assert explain(state, move) == "the game is over"
        error = assert_refused(state, move, "the game is over")
        assert error.seat is None


def test_error_carries_move_seat_and_reason() -> None:
    state = bidding()
    with pytest.raises(IllegalMoveError) as info:
        apply(state, Bid(9))
    error = info.value
    assert isinstance(error, PochaError)
    assert isinstance(error, ValueError)
    assert error.move == Bid(9)
    assert error.seat == 0
    assert error.reason == "bids run from 0 to 3 in a 3-card round"
    assert str(error) == "illegal move bid 9 by seat 0: bids run from 0 to 3 in a 3-card round"


def test_legal_moves_are_explained_as_legal() -> None:
    for factory in (bidding, playing, auction, choosing):
        state = factory()
        for move in legal_moves(state):
            assert explain(state, move) is None
            assert is_legal(state, move)
