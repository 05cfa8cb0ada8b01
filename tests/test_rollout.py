"""The fast paths (rollout, simulate) play exactly the games the public API plays."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pocha_rules import (
    Bid,
    GameState,
    IllegalMoveError,
    Move,
    PochaError,
    RuleSet,
    apply,
    legal_moves,
    new_game,
    rollout,
    rollout_rounds,
    simulate,
)
from pocha_rules._pocha.playout import _ones
from tests.strategies import game_states, play_out, rule_sets, seeds


def public_playout(state: GameState, rng: random.Random) -> GameState:
    """The reference: ``apply(state, rng.choice(legal_moves(state)))`` to the end."""
    while not state.is_over:
        state = apply(state, rng.choice(legal_moves(state)))
    return state


@given(state=game_states(), seed=seeds())
def test_rollout_makes_the_random_choices_apply_would(state: GameState, seed: int) -> None:
    reference_rng = random.Random(seed)
    final = public_playout(state, reference_rng)
    fast_rng = random.Random(seed)
    assert rollout(state, rng=fast_rng) == final.scores
    # The same number of draws: both generators end in the same state.
    assert fast_rng.getstate() == reference_rng.getstate()
    assert rollout_rounds(state, rng=random.Random(seed)) == final.round_scores


class OwnRandom(random.Random):
    """A generator with its own ``random()``: ``choice`` then draws through it."""

    def random(self) -> float:
        return super().random()


@given(state=game_states(), seed=seeds())
def test_a_generator_of_another_kind_is_drawn_from_alike(state: GameState, seed: int) -> None:
    final = public_playout(state, OwnRandom(seed))
    assert rollout_rounds(state, rng=OwnRandom(seed)) == final.round_scores


@settings(max_examples=10)
@given(rules=rule_sets(presets=True), seed=seeds(), dealer=st.integers(0, 7))
def test_whole_games_under_presets_end_the_same(rules: RuleSet, seed: int, dealer: int) -> None:
    start = new_game(rules, seed=seed, dealer=dealer % rules.players)
    final = public_playout(start, random.Random(seed))
    assert rollout(start, rng=random.Random(seed)) == final.scores
    assert rollout_rounds(start, rng=random.Random(seed)) == final.round_scores


@given(state=game_states(), seed=seeds())
def test_a_policy_is_offered_exactly_the_legal_moves(state: GameState, seed: int) -> None:
    offered: list[tuple[Move, ...]] = []
    rng = random.Random(seed)

    def policy(moves: tuple[Move, ...]) -> Move:
        offered.append(moves)
        return rng.choice(moves)

    scores = rollout(state, policy)
    seen: list[tuple[Move, ...]] = []
    reference_rng = random.Random(seed)
    reference = state
    while not reference.is_over:
        moves = legal_moves(reference)
        seen.append(moves)
        reference = apply(reference, reference_rng.choice(moves))
    assert offered == seen
    assert scores == reference.scores


@given(rules=rule_sets(), seed=seeds(), other=seeds())
def test_explicit_deals_are_played_then_the_seed_deals(
    rules: RuleSet, seed: int, other: int
) -> None:
    dealt = play_out(new_game(rules, seed=seed, dealer=0), seed).deals
    start = new_game(rules, seed=other, dealer=0, deals=dealt[:2])
    final = public_playout(start, random.Random(other))
    assert rollout_rounds(start, rng=random.Random(other)) == final.round_scores


@given(state=game_states(), seed=seeds())
def test_a_finished_game_returns_its_scores_without_drawing(state: GameState, seed: int) -> None:
    final = play_out(state, seed)
    rng = random.Random(seed)
    before = rng.getstate()
    assert rollout(final, rng=rng) == final.scores
    assert rollout_rounds(final, rng=rng) == final.round_scores
    assert rng.getstate() == before


def test_the_state_rolled_out_is_left_as_it_was() -> None:
    state = new_game(RuleSet(schedule=(3, "2a", "1b")), seed=11, dealer=2)
    copy = new_game(RuleSet(schedule=(3, "2a", "1b")), seed=11, dealer=2)
    rollout(state, rng=random.Random(3))
    assert state == copy
    assert state.round_moves == ()


def test_without_an_rng_a_fresh_one_is_used() -> None:
    state = new_game(RuleSet(schedule=(5, 5), tiebreak="shared"), seed=4)
    assert len(rollout(state)) == 4
    rounds = rollout_rounds(state)
    assert [len(points) for points in rounds] == [4, 4]


def test_a_policy_that_picks_an_illegal_move_is_refused() -> None:
    state = new_game(RuleSet(schedule=(2,)), seed=3, dealer=0)
    with pytest.raises(IllegalMoveError, match="the policy did not pick one of the legal moves"):
        rollout(state, lambda moves: Bid(5))


def test_a_policy_may_also_pick_by_its_own_rule() -> None:
    # Always the first legal move: the same game as applying legal_moves(s)[0].
    state = new_game(RuleSet(schedule=(4, "3a", 2)), seed=21, dealer=1)
    reference = state
    while not reference.is_over:
        reference = apply(reference, legal_moves(reference)[0])
    assert rollout(state, lambda moves: moves[0]) == reference.scores


def test_only_a_state_can_be_rolled_out() -> None:
    for roll in (rollout, rollout_rounds):
        with pytest.raises(TypeError, match="state must be a GameState, got str 'not a state'"):
            roll("not a state")  # type: ignore[arg-type]


def public_games(
    rules: RuleSet, games: int, seed: int, dealer: int | None, rng: random.Random
) -> tuple[GameState, ...]:
    """The games ``simulate`` plays, one after the other through the public API."""
    return tuple(
        public_playout(new_game(rules, seed=game_seed, dealer=dealer), rng)
        for game_seed in range(seed, seed + games)
    )


@settings(max_examples=25)
@given(
    rules=rule_sets(),
    games=st.integers(0, 3),
    seed=seeds(),
    dealer=st.none() | st.integers(0, 7),
    rng_seed=seeds(),
)
def test_simulate_plays_the_games_of_the_public_api(
    rules: RuleSet, games: int, seed: int, dealer: int | None, rng_seed: int
) -> None:
    if dealer is not None:
        dealer %= rules.players
    reference_rng = random.Random(rng_seed)
    finals = public_games(rules, games, seed, dealer, reference_rng)
    fast_rng = random.Random(rng_seed)
    scores = simulate(rules, games, seed=seed, dealer=dealer, rng=fast_rng)
    assert scores == tuple(final.scores for final in finals)
    # The same number of draws: both generators end in the same state.
    assert fast_rng.getstate() == reference_rng.getstate()


@settings(max_examples=10)
@given(rules=rule_sets(), seed=seeds(), rng_seed=seeds())
def test_simulate_with_a_policy_or_another_generator(
    rules: RuleSet, seed: int, rng_seed: int
) -> None:
    finals = public_games(rules, 2, seed, None, OwnRandom(rng_seed))
    assert simulate(rules, 2, seed=seed, rng=OwnRandom(rng_seed)) == tuple(
        final.scores for final in finals
    )
    offered: list[tuple[Move, ...]] = []
    policy_rng = random.Random(rng_seed)

    def policy(moves: tuple[Move, ...]) -> Move:
        offered.append(moves)
        return policy_rng.choice(moves)

    scores = simulate(rules, 2, seed=seed, policy=policy)
    seen: list[tuple[Move, ...]] = []
    reference_rng = random.Random(rng_seed)
    ends = []
    for game_seed in (seed, seed + 1):
        state = new_game(rules, seed=game_seed)
        while not state.is_over:
            moves = legal_moves(state)
            seen.append(moves)
            state = apply(state, reference_rng.choice(moves))
        ends.append(state.scores)
    assert offered == seen
    assert scores == tuple(ends)


def test_simulate_defaults_to_a_generator_seeded_like_the_games() -> None:
    rules = RuleSet(schedule=(4, "3a", 2, "1b"))
    assert simulate(rules, 3, seed=8) == simulate(rules, 3, seed=8, rng=random.Random(8))
    assert simulate(rules, 0, seed=8) == ()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"games": -1}, "games must be 0 or more, got -1"),
        ({"games": 1, "dealer": 4}, "dealer must be a seat from 0 to 3, got 4"),
        ({"games": 1, "seed": 2**256}, "a seed must be less than 2\\*\\*256 in size"),
        ({"games": 2, "seed": 2**256 - 1}, "a seed must be less than 2\\*\\*256 in size"),
    ],
)
def test_simulate_refuses_bad_arguments(arguments: dict[str, Any], message: str) -> None:
    arguments.setdefault("rules", RuleSet())
    with pytest.raises(PochaError, match=message):
        simulate(**arguments)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"rules": "classic", "games": 1}, "rules must be a RuleSet, got str 'classic'"),
        ({"games": 1.5}, "games must be an int, got float 1.5"),
        ({"games": 1, "seed": "7"}, "seed must be an int, got str '7'"),
        ({"games": 1, "dealer": True}, "dealer must be an int, got bool True"),
    ],
)
def test_simulate_wants_arguments_of_their_types(arguments: dict[str, Any], message: str) -> None:
    arguments.setdefault("rules", RuleSet())
    with pytest.raises(TypeError, match=message):
        simulate(**arguments)


def test_simulate_refuses_a_policy_that_picks_an_illegal_move() -> None:
    with pytest.raises(IllegalMoveError, match="the policy did not pick one of the legal moves"):
        simulate(RuleSet(schedule=(2,)), 1, policy=lambda moves: Bid(5))


@given(st.integers(min_value=0, max_value=2**48 - 1))
def test_the_trick_loop_counts_a_masks_cards_as_bit_count_does(mask: int) -> None:
    # The compiled trick loop counts the legal cards with this, not bit_count.
    assert _ones(mask) == mask.bit_count()
    assert _ones(mask & 0x5555_5555_5555) == (mask & 0x5555_5555_5555).bit_count()


def test_the_count_of_every_card_of_the_largest_deck() -> None:
    assert _ones(2**48 - 1) == 48
    assert [_ones(1 << card) for card in range(48)] == [1] * 48
    assert _ones(0) == 0
