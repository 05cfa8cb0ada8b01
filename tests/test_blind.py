"""Blind rounds (india / vista): one card each, trump turned up as usual, and
each seat sees every card but its own."""

from __future__ import annotations

import pytest
from hypothesis import given

from pocha_rules import (
    Bid,
    InvalidRulesError,
    Phase,
    Play,
    RoundKind,
    RuleSet,
    Suit,
    legal_moves,
    new_game,
    observe,
    sample_states,
    unseen_cards,
)
from tests.helpers import card, deal, game, play
from tests.strategies import seeds

BLIND = RuleSet(players=4, schedule=["1b"])
DEAL = deal("1o", "3c", "5e", "7b", trump="4o")


def test_a_blind_round_deals_one_card_each() -> None:
    state = game(BLIND, [DEAL], dealer=3)
    assert state.round_kind is RoundKind.BLIND
    assert [len(hand) for hand in state.hands] == [1, 1, 1, 1]
    assert len(state.stock) == 36


def test_a_blind_round_turns_trump_up_as_usual() -> None:
    state = game(BLIND, [DEAL], dealer=3)
    assert state.trump_card == card("4o")
    assert card("4o") in state.stock
    assert not state.trump_card_shown_by_dealer
    assert state.trump is Suit.OROS
    assert state.phase is Phase.BID
    assert state.to_move == 0


@given(seeds())
def test_a_seeded_blind_round_turns_up_a_card_of_the_stock(seed: int) -> None:
    state = new_game(RuleSet(players=5, schedule=["1b", "1b"]), seed=seed, dealer=0)
    assert state.trump_card is not None
    assert state.trump_card in state.stock
    assert state.trump is state.trump_card.suit


def test_a_blind_round_deals_exactly_one_card() -> None:
    with pytest.raises(InvalidRulesError, match="a blind round deals exactly 1 card"):
        RuleSet(schedule=["2b"])


@pytest.mark.parametrize(("hook", "last_bids"), [(True, (Bid(1),)), (False, (Bid(0), Bid(1)))])
def test_blind_bids_follow_the_one_card_hook_option(hook: bool, last_bids: tuple[Bid]) -> None:
    rules = RuleSet(players=4, schedule=["1b"], hook_in_one_card_rounds=hook)
    state = game(rules, [DEAL], ["bid 1", "bid 0", "bid 0"], dealer=3)
    assert legal_moves(state) == last_bids


def test_a_blind_round_is_played_and_scored_like_a_one_card_round() -> None:
    state = game(BLIND, [DEAL], ["bid 0", "bid 1", "bid 0", "bid 1"], dealer=3)
    state = play(state, ["play 1o", "play 3c", "play 5e", "play 7b"])
    result = state.round_results[0]
    assert result.kind is RoundKind.BLIND
    assert result.won == (1, 0, 0, 0)
    assert result.scores == (-5, -5, 10, -5)


def test_the_full_preset_ends_with_a_blind_round_per_player() -> None:
    rules = RuleSet.preset("full", players=4)
    assert [str(entry) for entry in rules.schedule[-4:]] == ["1b"] * 4
    state = new_game(rules, seed=8, dealer=0)
    while state.round_index < len(rules.schedule) - 4:
        state = play(state, [legal_moves(state)[0]])
    assert state.round_kind is RoundKind.BLIND
    view = observe(state, 2)
    assert view.hand == ()
    assert view.visible_hands[2] is None
    assert all(view.visible_hands[seat] == state.hands[seat] for seat in (0, 1, 3))


def test_each_seat_sees_every_card_but_its_own() -> None:
    state = game(BLIND, [DEAL], dealer=3)
    view = observe(state, 0)
    assert view.hand == ()
    assert view.visible_hands == (None, (card("3c"),), (card("5e"),), (card("7b"),))
    assert view.hand_sizes == (1, 1, 1, 1)
    assert card("1o") in unseen_cards(view)
    assert card("3c") not in unseen_cards(view)
    assert view.legal_moves() == (Bid(0), Bid(1))


def test_a_blind_view_does_not_change_with_the_own_card() -> None:
    other = deal("2c", "3c", "5e", "7b", trump="4o")  # seat 0 holds 2c, not 1o
    moves = ["bid 0", "bid 1"]
    here, there = game(BLIND, [DEAL], moves, dealer=3), game(BLIND, [other], moves, dealer=3)
    assert observe(here, 0) == observe(there, 0)
    assert observe(here, 1) != observe(there, 1)


def test_the_own_card_shows_only_when_its_forced_play_is_due() -> None:
    state = game(BLIND, [DEAL], ["bid 0", "bid 1", "bid 0", "bid 1", "play 1o"], dealer=3)
    assert state.to_move == 1
    mover = observe(state, 1)
    assert mover.hand == (card("3c"),)
    assert mover.legal_moves() == legal_moves(state) == (Play(card("3c")),)
    assert observe(state, 2).hand == ()
    assert observe(state, 2).visible_hands[1] == (card("3c"),)


def test_samples_of_a_blind_view_move_only_the_own_card() -> None:
    state = game(BLIND, [DEAL], ["bid 0"], dealer=3)
    view = observe(state, 0)
    own = set()
    for sample in sample_states(view, seed=4, count=60):
        assert sample.hands[1:] == state.hands[1:]
        assert sample.trump_card == card("4o")
        own.add(sample.hands[0][0])
    assert len(own) > 20
    assert own <= set(unseen_cards(view))


def test_sampling_a_blind_view_is_reproducible() -> None:
    view = observe(game(BLIND, [DEAL], dealer=3), 2)
    assert sample_states(view, seed=9, count=5) == sample_states(view, seed=9, count=5)
    assert sample_states(view, seed=9, count=5) != sample_states(view, seed=10, count=5)
