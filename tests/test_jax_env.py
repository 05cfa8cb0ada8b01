"""The pgx-style environment of :mod:`pocha_rules.jax`: its protocol, its
rewards, illegal actions, and opponents inside the step."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("jax", reason="the JAX engine needs jax (pip install .[jax])")

import jax
import jax.numpy as jnp
import numpy as np

from pocha_rules import RuleSet
from pocha_rules.actions import num_actions
from pocha_rules.jax import EnvState, PochaEnv
from pocha_rules.observations import observation_size

RULES = RuleSet(players=4, schedule=[1, 2, 3, "2a", "1b"])
GAMES = 16


_COMPILED: dict[int, tuple[Any, Any]] = {}


def compiled(env: PochaEnv) -> tuple[Any, Any]:
    """``env``'s ``init`` and ``step``, vmapped and compiled once."""
    found = _COMPILED.get(id(env))
    if found is None:
        found = _COMPILED[id(env)] = (jax.jit(jax.vmap(env.init)), jax.jit(jax.vmap(env.step)))
    return found


AGENTS = PochaEnv(RULES)
"""Every seat an agent."""


def run(env: PochaEnv, seed: int, steps: int) -> tuple[EnvState, list[EnvState]]:
    """Step ``GAMES`` games with random legal actions, pgx style."""
    init, step = compiled(env)
    key = jax.random.PRNGKey(seed)
    state = init(jax.random.split(key, GAMES))
    seen = [state]
    for index in range(steps):
        noise = jax.random.uniform(jax.random.fold_in(key, index), state.legal_action_mask.shape)
        action = jnp.argmax(jnp.where(state.legal_action_mask, noise, -1.0), axis=1)
        state = step(state, action)
        seen.append(state)
        if bool(state.terminated.all()):
            break
    return state, seen


def test_the_state_has_pgx_attributes_of_the_right_shapes() -> None:
    env = AGENTS
    init, _ = compiled(env)
    states = init(jax.random.split(jax.random.PRNGKey(3), GAMES))
    state = jax.tree_util.tree_map(lambda a: a[0], states)
    n = RULES.players
    assert (env.num_players, env.id, env.version) == (n, "pocha", "v1")
    assert env.num_actions == num_actions(RULES)
    assert env.observation_shape == (observation_size(RULES),)
    assert (state.current_player.dtype, state.current_player.shape) == (jnp.int32, ())
    assert state.observation.shape == env.observation_shape
    assert state.observation.dtype == jnp.float32
    assert state.legal_action_mask.shape == (env.num_actions,)
    assert state.legal_action_mask.dtype == jnp.bool_
    assert (state.rewards.shape, state.rewards.dtype) == ((n,), jnp.float32)
    assert not bool(state.terminated)
    assert not bool(state.truncated)
    observe = jax.jit(env.observe)
    assert np.array_equal(observe(state), state.observation)
    other = (int(state.current_player) + 1) % n
    assert not np.array_equal(observe(state, other), state.observation)


def test_rewards_add_up_to_the_scores_and_a_game_ends() -> None:
    env = AGENTS
    final, seen = run(env, 1, 400)
    assert bool(final.terminated.all())
    assert bool(final.legal_action_mask.all())  # pgx: all True once over
    total = sum(np.asarray(state.rewards) for state in seen)
    assert np.array_equal(total, np.asarray(final.game.totals))
    # Stepping a finished game changes nothing and rewards nothing.
    again = compiled(env)[1](final, jnp.zeros(GAMES, jnp.int32))
    assert not np.asarray(again.rewards).any()
    assert np.array_equal(again.game.totals, final.game.totals)


def test_an_illegal_action_ends_the_game_with_a_penalty() -> None:
    env = AGENTS
    init, step = compiled(env)
    state = init(jax.random.split(jax.random.PRNGKey(5), GAMES))
    mask = np.asarray(state.legal_action_mask)
    illegal = np.argmin(mask, axis=1)  # the first illegal id of each game
    illegal[1] = env.num_actions  # out of range
    illegal[2] = -1
    legal = np.argmax(mask, axis=1)
    illegal[3] = legal[3]  # this game's move is legal
    after = step(state, jnp.asarray(illegal))
    assert np.asarray(after.terminated).tolist() == [i != 3 for i in range(GAMES)]
    expected = np.zeros((GAMES, RULES.players), dtype=np.float32)
    expected[np.arange(GAMES), np.asarray(state.current_player)] = -1
    expected[3] = 0
    assert np.array_equal(after.rewards, expected)
    assert bool(after.legal_action_mask[np.arange(GAMES) != 3].all())


def test_random_opponents_move_inside_the_step() -> None:
    seat = 2
    env = PochaEnv(RULES, opponent="random", seat=seat)
    final, seen = run(env, 2, 200)
    assert bool(final.terminated.all())
    for state in seen:
        player = np.asarray(state.current_player)
        over = np.asarray(state.terminated)
        assert (player[~over] == seat).all()
    total = sum(np.asarray(state.rewards) for state in seen)
    assert np.array_equal(total, np.asarray(final.game.totals))


def test_a_policy_function_plays_the_opponents() -> None:
    def lowest(observation: jax.Array, mask: jax.Array, key: jax.Array) -> jax.Array:
        assert observation.shape == (observation_size(RULES),)
        return jnp.argmax(mask)  # the lowest legal id: bid 0, the lowest card

    env = PochaEnv(RULES, opponent=lowest, seat=1)
    final, seen = run(env, 4, 200)
    assert bool(final.terminated.all())
    assert (np.asarray(seen[0].current_player) == 1).all()
    # In the first round the opponents bidding before seat 1 all bid 0.
    bids = np.asarray(seen[0].game.bids)
    assert set(bids[bids >= 0].tolist()) == {0}


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(TypeError, match="RuleSet"):
        PochaEnv("classic")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="opponent"):
        PochaEnv(RULES, opponent="greedy")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat must be 0 to 3"):
        PochaEnv(RULES, opponent="random", seat=4)
