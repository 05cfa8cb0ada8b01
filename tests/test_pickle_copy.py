"""States, moves, rules and deals survive pickle, copy and deepcopy as equal values."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pocha_rules import (
    Bid,
    Call,
    Card,
    ChooseTrump,
    Deal,
    GameState,
    Pass,
    Play,
    Round,
    RoundKind,
    RuleSet,
    Suit,
    apply,
    legal_moves,
    new_game,
)
from tests.strategies import game_states, play_out, rule_sets

VALUES: list[Any] = [
    Card.parse("12o"),
    Suit.BASTOS,
    Bid(3),
    Play(Card.parse("1e")),
    ChooseTrump(Suit.COPAS),
    Call(2),
    Pass(),
    Round(10, RoundKind.AUCTION),
    RuleSet(players=6, deck=48, schedule="full", miss_penalty="per_trick_bid"),
    Deal(hands=[["1o"], ["3o"], ["12o"], ["2c"]], trump_card="5e"),
]


def round_trips(value: Any) -> list[Any]:
    return [
        pickle.loads(pickle.dumps(value)),
        pickle.loads(pickle.dumps(value, protocol=0)),
        copy.copy(value),
        copy.deepcopy(value),
    ]


@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_values_round_trip(value: Any) -> None:
    for twin in round_trips(value):
        assert twin == value
        assert hash(twin) == hash(value)
        assert type(twin) is type(value)


def test_cards_stay_interned() -> None:
    card = Card.parse("7b")
    for twin in round_trips(card):
        assert twin is card


def check_state(state: GameState) -> None:
    for twin in round_trips(state):
        assert twin == state
        assert hash(twin) == hash(state)
        assert legal_moves(twin) == legal_moves(state)
        assert twin.history == state.history
        assert twin.scores == state.scores
        assert twin.hands == state.hands
        if not state.is_over:
            move = legal_moves(state)[-1]
            assert apply(twin, move) == apply(state, move)


def test_states_through_a_whole_game_round_trip() -> None:
    rules = RuleSet(players=4, schedule=[2, "3a", "1b", 4], trump_when_all_dealt="dealer_chooses")
    play_out(new_game(rules, seed=8, dealer=1), 8, on_state=check_state)


@given(game_states(rule_sets(), max_moves=60))
def test_random_states_round_trip(state: GameState) -> None:
    check_state(state)


@given(rule_sets(presets=True))
def test_random_rules_round_trip(rules: RuleSet) -> None:
    for twin in round_trips(rules):
        assert twin == rules
        assert twin.options() == rules.options()


@given(st.sampled_from(VALUES[:8]))
def test_moves_survive_pickle_in_containers(value: Any) -> None:
    box = {"moves": [value, value]}
    again = pickle.loads(pickle.dumps(box))
    assert again == box
