"""The engine's functions on a :class:`~pocha_rules.jax.State` alone (the
rules come from the state), each ready for :func:`jax.jit` and
:func:`jax.vmap`."""

from __future__ import annotations

from typing import Final

import jax
import jax.numpy as jnp

from pocha_rules._common.caches import TableCache
from pocha_rules._pocha.rules import RuleSet
from pocha_rules.jax._engine import PHASE_OVER, JaxGame, State, game_for
from pocha_rules.jax._observations import Observer

__all__ = [
    "current_player",
    "init",
    "legal_action_mask",
    "observation",
    "observer_for",
    "random_action",
    "rewards",
    "step",
    "terminated",
]

_OBSERVERS: Final[TableCache[Observer]] = TableCache(
    lambda rules: Observer(game_for(rules)), limit=32
)


def observer_for(rules: RuleSet) -> Observer:
    """The (cached) :class:`Observer` of ``rules``."""
    return _OBSERVERS.get(rules)


def _game(state: State) -> JaxGame:
    if not isinstance(state, State):
        raise TypeError(f"expected a pocha_rules.jax.State, got {type(state).__name__}")
    return game_for(state.rules)


def init(key: jax.Array, rules: RuleSet, dealer: int | jax.Array | None = None) -> State:
    """A new game of ``rules``: its first dealer drawn from ``key`` (unless
    ``dealer`` is given) and its first round dealt from ``key``.

    Raises:
        TypeError: ``rules`` is not a :class:`~pocha_rules.RuleSet`.

    """
    if not isinstance(rules, RuleSet):
        raise TypeError(f"expected a RuleSet, got {type(rules).__name__}: {rules!r}")
    return game_for(rules).init(key, None if dealer is None else jnp.asarray(dealer))


def step(state: State, action: jax.Array | int, key: jax.Array) -> State:
    """The game after the seat to move plays ``action``, a legal action id
    of :mod:`pocha_rules.actions` (unchecked: an illegal id gives a state
    the rules cannot reach; :class:`~pocha_rules.jax.PochaEnv` checks). A
    move that ends a round deals the next one from ``key``; a finished game
    stays as it is."""
    return _game(state).step(state, jnp.asarray(action, jnp.int32), key)


def current_player(state: State) -> jax.Array:
    """``int32``: the seat to move, -1 once the game is over."""
    return state.mover


def legal_action_mask(state: State) -> jax.Array:
    """``bool[num_actions]``: the legal action ids of the seat to move."""
    return _game(state).legal_action_mask(state)


def observation(state: State, seat: jax.Array | int) -> jax.Array:
    """``float32[observation_size]``: the observation vector of ``seat``,
    number for number :func:`pocha_rules.observations.encode_view`'s."""
    return observer_for(state.rules).observe(state, jnp.asarray(seat, jnp.int32))


def rewards(state: State) -> jax.Array:
    """``float32[players]``: each seat's points for the round the last step
    ended (0 when it ended none): over a game they add up to the totals."""
    return state.points.astype(jnp.float32)


def terminated(state: State) -> jax.Array:
    """``bool``: whether the game is over."""
    return state.phase == PHASE_OVER


def random_action(state: State, key: jax.Array) -> jax.Array:
    """``int32``: a legal action id drawn uniformly from ``key`` (0 once
    the game is over)."""
    mask = legal_action_mask(state)
    noise = jax.random.uniform(key, mask.shape)
    return jnp.argmax(jnp.where(mask, noise, -1.0)).astype(jnp.int32)
