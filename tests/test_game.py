"""A whole game: dealer rotation, schedules, the end of the game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pocha_rules import (
    Bid,
    GameState,
    Phase,
    Round,
    RoundKind,
    RuleSet,
    Tiebreak,
    apply,
    classic,
    full,
    is_legal,
    legal_moves,
    new_game,
    observe,
    score,
    up_down,
)
from pocha_rules.observations import view_text
from tests.helpers import assert_refused, deal, game
from tests.strategies import random_game


def check_finished(rules: RuleSet, state: GameState) -> None:
    n = rules.players
    assert state.is_over
    assert state.phase is Phase.OVER
    assert state.to_move is None
    assert legal_moves(state) == ()
    plan = rules.schedule
    results = state.round_results
    assert len(results) >= len(plan)
    for i, result in enumerate(results):
        assert result.index == i
        expected = plan[i] if i < len(plan) else Round(1)
        assert (result.cards, result.kind) == (expected.cards, expected.kind)
        assert result.dealer == (state.first_dealer + i) % n
        assert sum(result.won) == result.cards
    totals = tuple(sum(r.scores[s] for r in results) for s in range(n))
    assert state.scores == score(state) == totals
    top = max(totals)
    if rules.tiebreak is Tiebreak.ONE_CARD_ROUNDS:
        assert totals.count(top) == 1
        # extra rounds only while the top was tied
        for k in range(len(plan), len(results)):
            before = [sum(r.scores[s] for r in results[:k]) for s in range(n)]
            assert before.count(max(before)) > 1
    else:
        assert len(results) == len(plan)
    expected_winners = tuple(
        s for s in range(n) if totals[s] == top or (rules.zero_wins and totals[s] == 0)
    )
    assert state.winners == expected_winners
    assert len(state.deals) == len(results)


@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("deck", [40, 48])
def test_classic_games_play_to_the_end(players: int, deck: int) -> None:
    rules = RuleSet(players=players, deck=deck)  # type: ignore[arg-type]
    state = random_game(rules, seed=players * 100 + deck)
    check_finished(rules, state)
    assert [r.cards for r in state.round_results[: len(rules.schedule)]] == [
        r.cards for r in classic(players, deck)
    ]


@pytest.mark.parametrize("players", [3, 4, 7])
def test_full_games_play_to_the_end(players: int) -> None:
    rules = RuleSet.preset("full", players=players, tiebreak="shared")
    state = random_game(rules, seed=players)
    check_finished(rules, state)
    kinds = [r.kind for r in state.round_results]
    assert kinds == [r.kind for r in full(players)]
    assert kinds.count(RoundKind.AUCTION) == players
    assert kinds[-players:] == [RoundKind.BLIND] * players


@pytest.mark.parametrize("name", ["up_down", "up_down_auction"])
def test_up_down_games_play_to_the_end(name: str) -> None:
    rules = RuleSet.preset(name, players=5, deck=48, trump_when_all_dealt="dealer_chooses")
    state = random_game(rules, seed=11)
    check_finished(rules, state)
    plan = up_down(5, 48, final_auction=name == "up_down_auction")
    assert [r.cards for r in state.round_results[: len(plan)]] == [r.cards for r in plan]


def test_custom_schedule_not_a_multiple_of_players() -> None:
    rules = RuleSet(players=4, schedule=[3, "2a", 1, "1b", 5], tiebreak="shared")
    state = random_game(rules, seed=5, dealer=2)
    check_finished(rules, state)
    assert [str(Round(r.cards, r.kind)) for r in state.round_results] == [
        "3",
        "2a",
        "1",
        "1b",
        "5",
    ]
    assert [r.dealer for r in state.round_results] == [2, 3, 0, 1, 2]


def test_dealer_rotates_and_the_first_player_follows_the_dealer() -> None:
    rules = RuleSet(players=5, schedule=[1] * 7)
    state = new_game(rules, seed=3, dealer=4)
    seen: list[tuple[int, int, int, int | None]] = []
    while not state.is_over:
        if not seen or seen[-1][0] != state.round_index:
            seen.append((state.round_index, state.dealer, state.eldest, state.to_move))
        state = apply(state, legal_moves(state)[0])
    for index, dealer, eldest, first in seen[:7]:
        assert dealer == (4 + index) % 5
        assert eldest == first == (dealer + 1) % 5


# --- the end of the game ------------------------------------------------

# Seat 1 bids 0 but must win both tricks; with per_trick_bid that costs 0.
HANDS = ("4o 5o", "1o 3o", "6o 7o", "10o 11o")
BIDS = ["bid 0", "bid 0", "bid 1", "bid 0"]


def finish(state: GameState) -> GameState:
    index = state.round_index
    while not state.is_over and state.round_index == index:
        state = apply(state, legal_moves(state)[0])
    return state


def one_round(**options: Any) -> GameState:
    rules = RuleSet(schedule=[2], miss_penalty="per_trick_bid", **options)
    return finish(game(rules, [deal(*HANDS, trump="1e")], BIDS, dealer=3))


def test_shared_tiebreak() -> None:
    state = one_round(tiebreak="shared")
    assert state.is_over
    assert state.scores == (10, 0, -5, 10)
    assert state.winners == (0, 3)


def test_zero_wins() -> None:
    state = one_round(tiebreak="shared", zero_wins=True)
    assert state.winners == (0, 1, 3)


def test_one_card_tiebreak_rounds() -> None:
    rules = RuleSet(schedule=[2], miss_penalty="per_trick_bid")
    extra = deal("1o", "4c", "5c", "6c", trump="2e")
    state = game(rules, [deal(*HANDS, trump="1e"), extra], BIDS, dealer=3)
    state = finish(state)
    assert not state.is_over
    assert state.scores == (10, 0, -5, 10)
    assert state.round_index == 1
    assert state.round == Round(1)
    assert state.dealer == 0
    assert state.to_move == 1
    assert state.deal == extra
    # the hook applies in the one-card tiebreak round too
    state = apply(apply(apply(state, Bid(0)), Bid(0)), Bid(0))
    assert legal_moves(state) == (Bid(0),)
    state = finish(state)
    assert state.is_over
    assert state.round_results[1].won == (0, 0, 0, 1)
    assert state.scores == (20, 10, 5, 10)  # seat 3 missed a bid of 0: costs 0
    assert state.winners == (0,)


def test_one_card_tiebreak_rounds_go_on_while_tied() -> None:
    # Everybody bids 0 and seat 0 (holding 1o) takes every trick: the other
    # three stay tied at the top round after round.
    rules = RuleSet(schedule=[1])
    d = deal("1o", "3o", "12o", "11o", trump="1e")
    state = game(rules, [d, d, d, d], dealer=0)
    for _ in range(4):
        state = finish(state)
    assert not state.is_over
    assert state.round_index == 4
    assert state.scores == (-20, 40, 40, 40)
    assert [r.dealer for r in state.round_results] == [0, 1, 2, 3]
    assert all(r.bids == (0, 0, 0, 0) for r in state.round_results)


def test_no_move_after_the_end() -> None:
    state = one_round(tiebreak="shared")
    assert legal_moves(state) == ()
    assert not is_legal(state, Bid(0))
    error = assert_refused(state, "bid 0", "the game is over")
    assert error.seat is None
    assert "after the game is over" in str(error)
    assert state.trick == ()
    assert state.hands == ((), (), (), ())
    assert state.round_moves == ()
    assert repr(state).startswith("<GameState over")


def test_the_repr_numbers_rounds_from_one_as_the_views_do() -> None:
    # One numbering wherever a person reads it: `round 1 of 28`, as
    # view_text and the command line say (it said `round 0 (1)`).
    state = new_game(RuleSet(), seed=1, dealer=0)
    assert repr(state) == (
        "<GameState round 1 of 28: 1 card each (normal), bid, seat 1 to move, trump "
        f"{state.trump}>"
    )
    assert view_text(observe(state, 1)).startswith("round 1 of 28: 1 card each (normal)")
    rng = random.Random(0)
    while state.round_index == 0:
        state = apply(state, rng.choice(legal_moves(state)))
    assert repr(state).startswith("<GameState round 2 of 28: 1 card each (normal), bid")
    blind = new_game(RuleSet(schedule=(1, "1b")), seed=1, dealer=0)
    while blind.round_index == 0:
        blind = apply(blind, rng.choice(legal_moves(blind)))
    assert repr(blind).startswith("<GameState round 2 of 2: 1 card each (blind), bid")


def test_the_repr_of_a_tiebreak_round_counts_the_tiebreak_rounds() -> None:
    rng = random.Random(2)
    state = new_game(RuleSet(schedule=[1], tiebreak="one_card_rounds"), seed=2)
    while state.round_index == 0:
        state = apply(state, rng.choice(legal_moves(state)))
    assert repr(state).startswith("<GameState tiebreak round 1: 1 card each (normal), bid")
