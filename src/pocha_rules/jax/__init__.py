"""Pocha on accelerators: the rules as pure JAX functions.

Needs JAX (``pip install "pocha-rules[jax]"``); the rest of the library never
imports it.
"""

try:
    import jax  # noqa: F401
except ImportError as error:  # pragma: no cover - the extra is installed in the tests
    raise ImportError(
        "pocha_rules.jax needs JAX: pip install 'pocha-rules[jax]'", name="jax"
    ) from error

from pocha_rules.jax._engine import Game, State
from pocha_rules.jax._functions import (
    current_player,
    init,
    legal_action_mask,
    observation,
    random_action,
    rewards,
    step,
    terminated,
)

__all__ = [
    "Game",
    "State",
    "current_player",
    "init",
    "legal_action_mask",
    "observation",
    "random_action",
    "rewards",
    "step",
    "terminated",
]
