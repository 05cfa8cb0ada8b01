"""Events: what each move caused, checked against the states on either side,
over whole games of every round kind; and moves checked against the seat."""

from __future__ import annotations

import json
import pickle
import random

import pytest

from pocha_rules import (
    Bid,
    ChooseTrump,
    Deal,
    GameState,
    IllegalMoveError,
    OutOfTurnError,
    PochaError,
    RoundKind,
    RuleSet,
    apply,
    legal_moves,
    new_game,
    parse_move,
)
from pocha_rules.events import (
    KINDS,
    AuctionWon,
    Event,
    GameOver,
    MoveMade,
    RoundEnded,
    RoundStarted,
    TrickWon,
    TrumpNamed,
    events,
    step,
)

from .test_json_views import TOUR, validator

EVENT = validator("event")

RULES = (*TOUR, RuleSet(players=3, schedule="up_down_auction"))


def games() -> list[list[tuple[GameState, tuple[Event, ...], GameState]]]:
    out = []
    for number, rules in enumerate(RULES):
        rng = random.Random(number)
        state = new_game(rules, seed=number, dealer=0)
        steps = []
        while not state.is_over:
            move = rng.choice(legal_moves(state))
            after, happened = step(state, move)
            steps.append((state, happened, after))
            state = after
        out.append(steps)
    return out


GAMES = games()


def test_every_kind_of_event_happens() -> None:
    seen = {event.kind for steps in GAMES for _, happened, _ in steps for event in happened}
    assert seen == set(KINDS)


def test_events_say_what_each_move_caused() -> None:
    for steps in GAMES:
        for before, happened, after in steps:
            move = (after.round_moves or after.history)[-1]
            assert events(before, after) == happened
            assert happened[0] == MoveMade(before.to_move, move)  # type: ignore[arg-type]
            kinds = [type(event) for event in happened]
            n = before.rules.players
            completes = type(move).__name__ == "Play" and len(before.trick) == n - 1
            assert (TrickWon in kinds) == completes
            ended = len(after.round_results) > len(before.round_results)
            assert (RoundEnded in kinds) == ended
            assert (GameOver in kinds) == after.is_over
            assert (RoundStarted in kinds) == (ended and not after.is_over)
            assert (TrumpNamed in kinds) == isinstance(move, ChooseTrump)
            for event in happened:
                data = event.to_dict()
                assert json.loads(json.dumps(data)) == data
                EVENT.validate(data)
                if isinstance(event, TrickWon):
                    assert [p.card for p in event.cards[:-1]] == [p.card for p in before.trick]
                    assert event.cards[-1].seat == before.to_move
                    won = after.round_results[-1].won if ended else after.tricks_won
                    gained = [s for s in range(n) if won[s] != before.tricks_won[s]]
                    assert gained == [event.seat]
                    assert event.number == sum(before.tricks_won)
                    if not ended:
                        assert after.leader == event.seat
                if isinstance(event, TrumpNamed):
                    assert event.seat == before.to_move
                    assert after.trump is event.suit
                if isinstance(event, AuctionWon):
                    assert after.auction_winner == event.seat
                    assert after.to_move == event.seat  # the winner names trump
                if isinstance(event, RoundEnded):
                    assert event.result == after.round_results[-1]
                    assert event.totals == after.scores
                if isinstance(event, RoundStarted):
                    assert event.index == after.round_index == before.round_index + 1
                    assert event.dealer == after.dealer
                    assert event.trump_card is after.trump_card
                if isinstance(event, GameOver):
                    assert event.winners == after.winners
                    assert event.scores == after.scores


def test_each_auction_is_won_once_and_each_round_has_its_tricks() -> None:
    for steps in GAMES:
        by_round: dict[int, list[Event]] = {}
        for before, happened, _ in steps:
            by_round.setdefault(before.round_index, []).extend(happened)
        for index, caused in by_round.items():
            state = next(b for b, _, _ in steps if b.round_index == index)
            tricks = [e for e in caused if isinstance(e, TrickWon)]
            assert [t.number for t in tricks] == list(range(state.cards_per_player))
            auctions = [e for e in caused if isinstance(e, AuctionWon)]
            assert len(auctions) == (state.round_kind is RoundKind.AUCTION)


def test_a_worked_trick() -> None:
    # Trump oros: the 1 of copas is led, the 3 of copas follows, the 2 of
    # oros ruffs and takes the trick; seat 3 throws the 4 of bastos.
    deal = Deal(hands=[["1c"], ["3c"], ["2o"], ["4b"]], trump_card="7o")
    state = new_game(RuleSet(schedule=[1]), seed=0, dealer=3, deals=[deal])
    for text in ["bid 0", "bid 0", "bid 1", "bid 1", "play 1c", "play 3c", "play 2o"]:
        state = apply(state, parse_move(text))
    state, happened = step(state, parse_move("play 4b"))
    trick = happened[1]
    assert isinstance(trick, TrickWon)
    assert trick.seat == 2
    assert trick.to_dict() == {
        "event": "trick_won",
        "seat": 2,
        "cards": [[0, "1c"], [1, "3c"], [2, "2o"], [3, "4b"]],
        "number": 0,
    }


def test_events_refuse_states_that_are_not_one_move_apart() -> None:
    steps = GAMES[0]
    first = steps[0][0]
    with pytest.raises(PochaError, match="after is not the state one move after before"):
        events(first, steps[3][0])
    with pytest.raises(PochaError, match="it is a new game"):
        events(first, first)
    with pytest.raises(TypeError, match="after must be a GameState, got"):
        events(first, None)  # type: ignore[arg-type]


# --- seat-checked moves ---------------------------------------------------------


def test_a_move_by_a_seat_whose_turn_it_is_not_is_refused_naming_both() -> None:
    state = new_game(RuleSet(), seed=1, dealer=0)
    before = hash(state), state.history, state.to_move
    with pytest.raises(OutOfTurnError) as caught:
        apply(state, Bid(0), seat=3)
    error = caught.value
    assert isinstance(error, IllegalMoveError)
    assert (error.seat, error.by, error.move) == (1, 3, Bid(0))
    assert str(error) == "illegal move bid 0 by seat 3: it is seat 1's turn, not seat 3's"
    assert error.reason == "it is seat 1's turn, not seat 3's"
    assert (hash(state), state.history, state.to_move) == before
    copy = pickle.loads(pickle.dumps(error))
    assert (type(copy), copy.seat, copy.by, str(copy)) == (OutOfTurnError, 1, 3, str(error))


def test_a_move_by_the_seat_to_move_is_applied_as_without_a_seat() -> None:
    for steps in GAMES[:2]:
        for before, _, after in steps[:200]:
            move = (after.round_moves or after.history)[-1]
            assert before.to_move is not None
            assert apply(before, move, seat=before.to_move) == after
            assert step(before, move, seat=before.to_move)[0] == after


def test_an_illegal_move_by_the_right_seat_is_refused_as_before() -> None:
    state = new_game(RuleSet(), seed=1, dealer=0)
    with pytest.raises(IllegalMoveError) as caught:
        apply(state, Bid(5), seat=1)
    assert type(caught.value) is IllegalMoveError


def test_the_seat_must_be_an_int() -> None:
    state = new_game(RuleSet(), seed=1, dealer=0)
    with pytest.raises(TypeError) as info:
        apply(state, Bid(0), seat="1")  # type: ignore[arg-type]
    # The pure build's words, or the compiled build's own check.
    assert str(info.value) in (
        "seat must be an int, got str '1'",
        "int or None object expected; got str",
    )


def test_a_finished_game_refuses_any_move_by_any_seat_as_before() -> None:
    over = GAMES[0][-1][2]
    with pytest.raises(IllegalMoveError, match="after the game is over"):
        apply(over, Bid(0), seat=0)
