"""The JAX engine is a second implementation of the rules: it is proved
equal to the engine, decision by decision, across random rule sets.

Games are played on the device by the JAX engine with random legal actions
(its own deals, drawn on the device); each one is then replayed through
``new_game(..., deals=...)`` from the deals the JAX engine dealt, and
``apply``: at every decision the seat to move, the legal action ids and the
observation vectors must be the engine's, and at the end the scores too.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

pytest.importorskip("jax", reason="the JAX engine needs jax (pip install .[jax])")

import jax
import jax.numpy as jnp
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import pocha_rules.jax as pj
from pocha_rules import Deal, GameState, RuleSet, new_game, observe
from pocha_rules.actions import action_table, apply_action, legal_actions
from pocha_rules.observations import encode_view
from tests.strategies import rule_sets

_CHUNK = 64


@dataclass
class Played:
    """What the JAX engine showed at each step of a batch of games: arrays
    ``[steps, games, ...]``, and the final states."""

    mover: np.ndarray
    mask: np.ndarray
    action: np.ndarray
    round: np.ndarray
    dealt: np.ndarray
    trump_card: np.ndarray
    views: np.ndarray
    """``float32[steps, games, seats, size]``: the vectors of the seats
    observed (every seat, or the seat to move alone)."""
    rewards: np.ndarray
    first_dealer: np.ndarray
    totals: np.ndarray


def play(rules: RuleSet, games: int, seed: int, *, every_seat: bool) -> Played:
    """Play ``games`` games on the device, ``_CHUNK`` steps per call."""
    n = rules.players

    def one(state: pj.State, key: jax.Array) -> tuple[pj.State, tuple[jax.Array, ...]]:
        pick, deal = jax.random.split(key)
        action = pj.random_action(state, pick)
        if every_seat:
            views = jnp.stack([pj.observation(state, seat) for seat in range(n)])
        else:
            views = pj.observation(state, jnp.maximum(state.mover, 0))[None]
        after = pj.step(state, action, deal)
        record = (
            state.mover,
            pj.legal_action_mask(state),
            action,
            state.round,
            state.dealt,
            state.trump_card,
            views,
            pj.rewards(after),
        )
        return after, record

    def chunk(states: pj.State, key: jax.Array) -> tuple[pj.State, tuple[jax.Array, ...]]:
        def body(s: pj.State, k: jax.Array) -> tuple[pj.State, tuple[jax.Array, ...]]:
            stepped: tuple[pj.State, tuple[jax.Array, ...]] = jax.vmap(one)(
                s, jax.random.split(k, games)
            )
            return stepped

        done: tuple[pj.State, tuple[jax.Array, ...]] = jax.lax.scan(
            body, states, jax.random.split(key, _CHUNK)
        )
        return done

    run = jax.jit(chunk)
    key = jax.random.PRNGKey(seed)
    key, start = jax.random.split(key)
    states = jax.vmap(lambda k: pj.init(k, rules))(jax.random.split(start, games))
    first = np.asarray(states.first_dealer)
    parts = []
    while not bool(pj.terminated(states).all()):
        key, now = jax.random.split(key)
        states, record = run(states, now)
        parts.append([np.asarray(array) for array in record])
    columns = [np.concatenate(column) for column in zip(*parts, strict=True)]
    mover, mask, action, round, dealt, trump_card, views, rewards = columns
    return Played(mover, mask, action, round, dealt, trump_card, views, rewards,
                  first_dealer=first, totals=np.asarray(states.totals))  # fmt: skip


def replay(rules: RuleSet, played: Played, game: int) -> tuple[GameState, int]:
    """Replay game ``game`` through the engine, checking each decision;
    the final state and the number of decisions."""
    table = action_table(rules)
    mover = played.mover[:, game]
    steps = np.flatnonzero(mover >= 0)
    deals = []
    seen = -1
    for at in steps:
        if played.round[at, game] != seen:
            seen = played.round[at, game]
            dealt = played.dealt[at, game]
            card = played.trump_card[at, game]
            hands = [
                [table.cards[c] for c in np.flatnonzero(dealt == s)] for s in range(rules.players)
            ]
            deals.append(Deal(hands=hands, trump_card=table.cards[card] if card >= 0 else None))
    state = new_game(rules, seed=0, dealer=int(played.first_dealer[game]), deals=deals)
    points = np.zeros(rules.players, dtype=np.int64)
    for index, at in enumerate(steps):
        where = f"game {game}, decision {index}: {state!r}"
        assert state.to_move == mover[at], where
        legal = tuple(np.flatnonzero(played.mask[at, game]).tolist())
        assert legal_actions(state) == legal, where
        views = played.views[at, game]
        seats = range(rules.players) if len(views) > 1 else [int(mover[at])]
        for row, seat in enumerate(seats):
            expected = np.array(encode_view(observe(state, seat)), dtype=np.float32)
            assert np.array_equal(views[row], expected), f"{where}, the view of seat {seat}"
        state = apply_action(state, int(played.action[at, game]))
        points += played.rewards[at, game].astype(np.int64)
    assert state.is_over
    assert state.scores == tuple(played.totals[game])
    assert tuple(points) == state.scores  # the rewards add up to the scores
    return state, len(steps)


def check(rules: RuleSet, games: int, seed: int, *, every_seat: bool = False) -> int:
    """Play a batch on the device and prove every game of it the engine's;
    the number of decisions compared."""
    played = play(rules, games, seed, every_seat=every_seat)
    assert not played.mask[played.mover < 0].any()  # no move once over
    return sum(replay(rules, played, game)[1] for game in range(games))


# Each rule set compiles its own functions (seconds): few examples here,
# many more in the slow tests below.
@settings(max_examples=3)
@given(rules=rule_sets(), seed=st.integers(0, 2**31 - 1))
def test_games_on_the_device_are_the_engines_games(rules: RuleSet, seed: int) -> None:
    check(rules, 8, seed)


def test_whole_games_of_the_presets_are_the_engines_games() -> None:
    rules = RuleSet(players=5, deck=48, schedule="full", trump_when_all_dealt="dealer_chooses")
    assert check(rules, 2, 1, every_seat=True) > 500


@pytest.mark.slow
@settings(max_examples=25)
@given(rules=rule_sets(presets=True), seed=st.integers(0, 2**31 - 1))
def test_many_more_games_are_the_engines_games(rules: RuleSet, seed: int) -> None:
    check(rules, 16, seed)


@pytest.mark.slow
@settings(max_examples=8)
@given(rules=rule_sets(presets=True), seed=st.integers(0, 2**31 - 1))
def test_many_more_observations_are_the_engines(rules: RuleSet, seed: int) -> None:
    check(rules, 2, seed, every_seat=True)
