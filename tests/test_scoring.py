"""Scoring, directly and through whole rounds."""

from __future__ import annotations

from typing import Any

import pytest

from pocha_rules import GameState, RuleSet, Suit, apply, legal_moves, round_score, score
from tests.helpers import deal, game

OROS, C, E, B = Suit.OROS, Suit.COPAS, Suit.ESPADAS, Suit.BASTOS


@pytest.mark.parametrize(
    ("bid", "won", "points"),
    [(0, 0, 10), (1, 1, 15), (2, 2, 20), (5, 5, 35), (2, 4, -10), (2, 0, -10), (0, 3, -15),
     (3, 2, -5), (7, 0, -35)],
)  # fmt: skip
def test_default_scoring(bid: int, won: int, points: int) -> None:
    assert round_score(RuleSet(), 7, C, bid, won) == points


@pytest.mark.parametrize(
    ("bid", "won", "points"),
    [(0, 0, 10), (0, 1, 0), (0, 5, 0), (2, 4, -10), (2, 0, -10), (3, 2, -15), (1, 0, -5)],
)
def test_per_trick_bid(bid: int, won: int, points: int) -> None:
    rules = RuleSet(miss_penalty="per_trick_bid")
    assert round_score(rules, 7, C, bid, won) == points


@pytest.mark.parametrize(
    ("bid", "won", "points"),
    [(0, 0, 10), (2, 2, 20), (2, 4, 20), (2, 0, 0), (0, 3, 15), (3, 2, 10), (7, 0, 0)],
)
def test_no_miss_penalty_scores_every_trick_won(bid: int, won: int, points: int) -> None:
    # Exact: 10 + 5 per trick bid; missed: 5 per trick won, nothing taken off.
    rules = RuleSet(miss_penalty="none")
    assert round_score(rules, 7, C, bid, won) == points
    doubled = RuleSet(miss_penalty="none", double_when_oros=True)
    assert round_score(doubled, 7, OROS, bid, won) == 2 * points


def test_hit_bonus_and_per_trick_are_settable() -> None:
    rules = RuleSet(hit_bonus=3, per_trick=2)
    assert round_score(rules, 5, C, 4, 4) == 3 + 2 * 4
    assert round_score(rules, 5, C, 4, 1) == -6
    assert round_score(RuleSet(hit_bonus=0, per_trick=0, tiebreak="shared"), 5, C, 4, 1) == 0
    bid_rules = RuleSet(hit_bonus=3, per_trick=2, miss_penalty="per_trick_bid")
    assert round_score(bid_rules, 5, C, 4, 1) == -8


def test_pocha_doubles_from_six_cards() -> None:
    rules = RuleSet()
    assert round_score(rules, 6, C, 6, 6) == 2 * (10 + 30)
    assert round_score(rules, 10, C, 10, 10) == 2 * (10 + 50)
    assert round_score(rules, 5, C, 5, 5) == 35
    assert round_score(rules, 6, C, 5, 5) == 35
    assert round_score(rules, 6, C, 6, 5) == -5


def test_pocha_min_cards_and_pocha_bonus_options() -> None:
    assert round_score(RuleSet(pocha_min_cards=3), 3, C, 3, 3) == 50
    assert round_score(RuleSet(pocha_min_cards=7), 6, C, 6, 6) == 40
    assert round_score(RuleSet(pocha_bonus=False), 10, C, 10, 10) == 60


@pytest.mark.parametrize("trump", [OROS, C, E, B])
def test_double_when_oros(trump: Suit) -> None:
    factor = 2 if trump is OROS else 1
    rules = RuleSet(double_when_oros=True)
    assert round_score(rules, 4, trump, 2, 2) == 20 * factor
    assert round_score(rules, 4, trump, 2, 0) == -10 * factor
    assert round_score(rules, 4, trump, 0, 0) == 10 * factor
    assert round_score(RuleSet(), 4, trump, 2, 0) == -10


def test_multipliers_combine() -> None:
    rules = RuleSet(double_when_oros=True)
    assert round_score(rules, 6, OROS, 6, 6) == 4 * 40
    assert round_score(rules, 6, C, 6, 6) == 2 * 40
    bid_rules = RuleSet(double_when_oros=True, miss_penalty="per_trick_bid")
    assert round_score(bid_rules, 6, OROS, 0, 2) == 0
    assert round_score(bid_rules, 6, OROS, 3, 2) == -30


def test_auction_round_with_no_trump_yet_is_not_doubled() -> None:
    assert round_score(RuleSet(double_when_oros=True), 3, None, 1, 1) == 15


# --- through a whole round ------------------------------------------------

POCHA_DEAL = ("1e 3e 12e 11e 10e 7e", "1c 3c 12c 11c 10c 7c", "1b 3b 12b 11b 10b 7b",
              "1o 3o 12o 11o 10o 7o")  # fmt: skip


def finish_round(state: GameState) -> GameState:
    index = state.round_index
    while not state.is_over and state.round_index == index:
        state = apply(state, legal_moves(state)[0])
    return state


def pocha_round(trump: str, **options: Any) -> GameState:
    rules = RuleSet(schedule=[6], **options)
    state = game(rules, [deal(*POCHA_DEAL, trump=trump)], ["bid 6", "bid 0", "bid 0"], dealer=3)
    return finish_round(apply(state, legal_moves(state)[-1]))


def test_a_pocha_in_play() -> None:
    state = pocha_round("6e")
    result = state.round_results[0]
    assert result.trump is E
    assert result.bids == (6, 0, 0, 6)
    assert result.won == (6, 0, 0, 0)
    assert result.scores == (80, 10, 10, -30)
    assert state.scores == score(state) == (80, 10, 10, -30)


def test_a_pocha_without_the_bonus() -> None:
    assert pocha_round("6e", pocha_bonus=False).scores == (40, 10, 10, -30)


def test_a_pocha_under_oros_counts_four_times() -> None:
    deal_oros = ("1o 3o 12o 11o 10o 7o", "1c 3c 12c 11c 10c 7c", "1b 3b 12b 11b 10b 7b",
                 "1e 3e 12e 11e 10e 7e")  # fmt: skip
    rules = RuleSet(schedule=[6], double_when_oros=True)
    state = game(rules, [deal(*deal_oros, trump="6o")], ["bid 6", "bid 0", "bid 0", "bid 1"],
                 dealer=3)  # fmt: skip
    state = finish_round(state)
    result = state.round_results[0]
    assert result.trump is OROS
    assert result.won == (6, 0, 0, 0)
    assert result.scores == (160, 20, 20, -10)


def test_per_trick_bid_in_play_bid_zero_costs_nothing() -> None:
    # seat 1 bids 0 but holds the two best oros and must overtake: it wins both
    hands = ("4o 5o", "1o 3o", "6o 7o", "10o 11o")
    rules = RuleSet(schedule=[2], miss_penalty="per_trick_bid")
    state = game(rules, [deal(*hands, trump="1e")], ["bid 0", "bid 0", "bid 1", "bid 0"], dealer=3)
    state = finish_round(state)
    result = state.round_results[0]
    assert result.won == (0, 2, 0, 0)
    assert result.scores == (10, 0, -5, 10)
    default = RuleSet(schedule=[2])
    state = game(default, [deal(*hands, trump="1e")], ["bid 0", "bid 0", "bid 1", "bid 0"],
                 dealer=3)  # fmt: skip
    assert finish_round(state).round_results[0].scores == (10, -10, -5, 10)


def test_totals_add_up_over_rounds() -> None:
    hands = ("4o 5o", "1o 3o", "6o 7o", "10o 11o")
    rules = RuleSet(schedule=[2, 2], tiebreak="shared")
    d = deal(*hands, trump="1e")
    state = game(rules, [d, d], ["bid 0", "bid 0", "bid 1", "bid 0"], dealer=3)
    state = finish_round(state)
    assert state.scores == (10, -10, -5, 10)
    # the second round is dealt by the next seat; first legal moves throughout
    state = finish_round(state)
    assert state.is_over
    first, second = state.round_scores
    assert state.scores == tuple(a + b for a, b in zip(first, second, strict=True))
    assert state.round_results[1].dealer == 0
