"""apply finds a played card two ways: compiled, an interned play (one that
legal_moves hands out) is found by identity among the legal cards; any other
Play, and every Play in the pure build, is read from the move. Both ways
must give the same states and refuse the same moves the same way."""

from __future__ import annotations

import random

import pytest

from pocha_rules import (
    GameState,
    IllegalMoveError,
    Phase,
    Play,
    RuleSet,
    apply,
    legal_moves,
    new_game,
)
from pocha_rules._pocha import engine as _engine
from pocha_rules._pocha.cards import CARDS
from pocha_rules._pocha.moves import PLAYS

RULES = (
    RuleSet(),
    RuleSet(players=3, deck=48, schedule=["12", "3a", "1b"]),
    RuleSet(players=8, schedule=[5, 2]),
)


def test_the_build_flag_is_the_build() -> None:
    assert _engine._COMPILED is (not _engine.__file__.endswith(".py"))


def _play_states(rules: RuleSet, seed: int) -> list[GameState]:
    """Every state of a random game that waits for a card."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    states = []
    while not state.is_over:
        if state.phase is Phase.PLAY:
            states.append(state)
        state = apply(state, rng.choice(legal_moves(state)))
    return states


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("seed", range(4))
def test_a_play_built_by_the_caller_gives_the_interned_plays_state(
    rules: RuleSet, seed: int
) -> None:
    for state in _play_states(rules, seed):
        for move in legal_moves(state):
            assert isinstance(move, Play)
            fresh = Play(move.card)
            assert fresh is not move
            assert fresh is not PLAYS[move.card.index]
            assert apply(state, fresh) == apply(state, move)


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("seed", range(4))
def test_every_refused_card_is_refused_alike_both_ways(rules: RuleSet, seed: int) -> None:
    deck = rules.deck
    for state in _play_states(rules, seed)[::3]:
        legal = set(legal_moves(state))
        before = state.hands, state.trick, state.to_move, state.history
        for card in CARDS:
            if deck == 40 and card.rank in (8, 9):
                continue
            interned = PLAYS[card.index]
            if interned in legal:
                continue
            errors = []
            for move in (interned, Play(card)):
                with pytest.raises(IllegalMoveError) as caught:
                    apply(state, move)
                errors.append(str(caught.value))
            assert errors[0] == errors[1]
            assert f"by seat {state.to_move}" in errors[0]
        assert (state.hands, state.trick, state.to_move, state.history) == before
