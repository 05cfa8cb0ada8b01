"""Poch for learning agents: the action ids, the observation vector (and
that it does not change in other worlds the seat cannot tell apart)."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pocha_rules import InvalidActionError, PochaError
from pocha_rules.poch import (
    Card,
    Close,
    GameState,
    Match,
    Open,
    Pass,
    Play,
    Reopen,
    RuleSet,
    apply,
    legal_moves,
    new_game,
    observe,
    sample_state,
)
from pocha_rules.poch.actions import (
    MAX_BET_ACTIONS,
    action_table,
    action_to_move,
    apply_action,
    legal_action_mask,
    legal_actions,
    move_to_action,
    num_actions,
)
from pocha_rules.poch.observations import (
    encode_view,
    encode_view_into,
    observation_layout,
    observation_size,
    view_text,
)
from tests.poch.strategies import games, poch_rules

# --- action ids -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "size"),
    [
        (RuleSet(players=4), 3 + 10 + 10 + 32),
        (RuleSet(players=5), 3 + 10 + 10 + 52),
        (RuleSet(players=3, bet_max=1), 3 + 1 + 1 + 32),
        (RuleSet(players=6, deck=32, bet_max=20), 3 + 20 + 20 + 32),
    ],
)
def test_the_table_is_dense_and_in_sections(rules: RuleSet, size: int) -> None:
    table = action_table(rules)
    assert num_actions(rules) == table.size == len(table.moves) == size
    assert table.moves[:3] == (Pass(), Match(), Close())
    assert [table.moves[i] for i in table.opens] == [Open(k) for k in range(1, rules.bet_max + 1)]
    assert [table.moves[i] for i in table.reopens] == [
        Reopen(k) for k in range(1, rules.bet_max + 1)
    ]
    assert [table.moves[i] for i in table.plays] == [Play(card) for card in table.cards]
    assert list(table.cards) == sorted(table.cards)
    for action, move in enumerate(table.moves):
        assert move_to_action(rules, move) == action
        assert action_to_move(rules, action) == move


@given(games(), st.data())
@settings(max_examples=25, deadline=None)
def test_legal_actions_are_the_legal_moves_rising(
    states: list[GameState], data: st.DataObject
) -> None:
    rules = states[0].rules
    if rules.bet_max > MAX_BET_ACTIONS:  # pragma: no cover - the strategy keeps bets small
        return
    table = action_table(rules)
    for state in states[:: max(1, len(states) // 15)]:
        actions = legal_actions(state)
        assert [table.moves[a] for a in actions] == list(legal_moves(state))
        assert list(actions) == sorted(actions)
        mask = legal_action_mask(state)
        assert [i for i, bit in enumerate(mask) if bit] == list(actions)
        if state.to_move is not None:
            view = observe(state, state.to_move)
            assert legal_actions(view) == actions
            action = data.draw(st.sampled_from(actions))
            assert apply_action(state, action) == apply(state, table.moves[action])


def test_bad_actions_and_moves_are_refused() -> None:
    rules = RuleSet(players=4)
    state = new_game(rules, seed=1, dealer=0)
    with pytest.raises(InvalidActionError) as caught:
        apply_action(state, 2)
    assert (caught.value.action, caught.value.seat) == (2, 1)
    assert caught.value.reason.startswith("close: only the opener closes")
    with pytest.raises(InvalidActionError, match="out of range: these rules have ids 0 to 54"):
        apply_action(state, 55)
    with pytest.raises(InvalidActionError, match="out of range"):
        action_to_move(rules, -1)
    with pytest.raises(InvalidActionError, match="no move of these rules"):
        move_to_action(rules, Open(11))
    with pytest.raises(InvalidActionError, match="no move of these rules"):
        move_to_action(rules, Play(Card.parse("2h")))
    with pytest.raises(TypeError, match="an action id is an int"):
        apply_action(state, True)
    with pytest.raises(TypeError, match="an action id is an int"):
        action_to_move(rules, "3")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a poch move"):
        move_to_action(rules, "pass")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="poch GameState"):
        apply_action(None, 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="poch RuleSet"):
        num_actions(None)  # type: ignore[arg-type]
    with pytest.raises(PochaError, match="bet_max up to 1000"):
        num_actions(RuleSet(players=3, bet_max=1001))
    assert apply_action(state, 0) != state  # a pass is legal, and state is unchanged
    assert state == new_game(rules, seed=1, dealer=0)


# --- observations ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "rules",
    [RuleSet(players=3), RuleSet(players=6, centre_pool=True), RuleSet(players=4, deck=52)],
)
def test_the_layout_tiles_the_vector(rules: RuleSet) -> None:
    layout = observation_layout(rules)
    offset = 0
    for field in layout:
        assert field.offset == offset
        assert field.size == math.prod(field.shape)
        offset += field.size
    assert offset == observation_size(rules)
    names = [field.name for field in layout]
    assert names[:4] == ["hand", "turnup", "trump", "phase"]
    assert len(set(names)) == len(names)


def _field(vector: list[float], rules: RuleSet, name: str) -> list[float]:
    field = next(f for f in observation_layout(rules) if f.name == name)
    return vector[field.slice]


def test_the_vector_says_what_the_view_says() -> None:
    rules = RuleSet(players=4)
    state = new_game(rules, seed=3, dealer=0)
    view = observe(state, 2)
    vector = encode_view(view)
    assert sum(_field(vector, rules, "hand")) == 5
    assert _field(vector, rules, "trump") == [
        1.0 if suit == state.trump.value else 0.0 for suit in range(4)
    ]
    assert _field(vector, rules, "phase") == [1.0, 0.0, 0.0, 0.0]
    # relative seats: the dealer (seat 0) is two seats after seat 2; seat 1 moves
    assert _field(vector, rules, "dealer") == [0.0, 0.0, 1.0, 0.0]
    assert _field(vector, rules, "to_move") == [0.0, 0.0, 0.0, 1.0]
    assert _field(vector, rules, "balances") == [
        float(state.balances[(2 + i) % 4]) for i in range(4)
    ]
    assert _field(vector, rules, "pools") == [float(c) for c in state.pools.values()] + [0.0]
    assert _field(vector, rules, "hand_sizes") == [5.0] * 4
    buffer = [7.0] * observation_size(rules)
    encode_view_into(view, buffer)
    assert buffer == vector
    with pytest.raises(ValueError, match="the buffer holds 3 numbers"):
        encode_view_into(view, [0.0] * 3)
    with pytest.raises(TypeError, match="poch PlayerView"):
        encode_view(state)  # type: ignore[arg-type]
    assert view_text(view).splitlines()[-1] == "seat 2 holds: " + " ".join(map(str, state.hand(2)))


@given(games(), st.data())
@settings(max_examples=30, deadline=None)
def test_the_observation_does_not_change_in_other_worlds(
    states: list[GameState], data: st.DataObject
) -> None:
    """Resample what the seat cannot see (the other hands, the stock) and the
    vector stays the same, and within the layout's bounds."""
    state = states[data.draw(st.integers(0, len(states) - 2))]
    seat = data.draw(st.integers(0, state.players - 1))
    view = observe(state, seat)
    vector = encode_view(view)
    rng = random.Random(data.draw(st.integers(0, 1000)))
    for _ in range(2):
        other = sample_state(view, rng)
        assert encode_view(observe(other, seat)) == vector
    for field in observation_layout(state.rules):
        for value in vector[field.slice]:
            assert field.low <= value <= field.high


@given(poch_rules())
@settings(max_examples=20, deadline=None)
def test_the_vectors_size_depends_on_the_rules_alone(rules: RuleSet) -> None:
    state = new_game(rules, seed=1)
    for seat in range(rules.players):
        assert len(encode_view(observe(state, seat))) == observation_size(rules)
