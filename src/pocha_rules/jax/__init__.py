"""Pocha on accelerators: the rules as pure JAX functions.

Needs JAX (``pip install "pocha-rules[jax]"``); the rest of the library never
imports it.

A game is a :class:`State`, a tree of arrays of fixed shapes (the rules ride
along as static data), and every function of it is pure and free of Python
branches on its values: :func:`jax.jit` compiles it and :func:`jax.vmap`
plays many games at once, with the deals drawn on the device from the keys
given to :func:`init` and :func:`step`. Every rule set is covered (every
option, every schedule with auction and blind rounds, both tiebreaks); the
action ids are those of :mod:`pocha_rules.actions`, the observation vector
that of :mod:`pocha_rules.observations`, number for number. The test suite
replays games played by this engine through :func:`~pocha_rules.new_game`
and :func:`~pocha_rules.apply`, decision by decision.

:class:`PochaEnv` is the same game as an environment with the protocol of
pgx, with opponents inside the step for training one learner.

>>> import jax
>>> from pocha_rules import RuleSet
>>> state = init(jax.random.PRNGKey(0), RuleSet(schedule=[2, 3]), dealer=3)
>>> int(current_player(state)), [int(i) for i in legal_action_mask(state).nonzero()[0]]
(0, [40, 41, 42])
"""

try:
    import jax  # noqa: F401
except ImportError as error:  # pragma: no cover - the extra is installed in the tests
    raise ImportError(
        "pocha_rules.jax needs JAX: pip install 'pocha-rules[jax]'", name="jax"
    ) from error

from pocha_rules._common.exports import show_at_home
from pocha_rules.jax._engine import JaxGame, State
from pocha_rules.jax._env import EnvState, PochaEnv, Policy
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
    "EnvState",
    "JaxGame",
    "PochaEnv",
    "Policy",
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

show_at_home(globals(), (name for name in __all__ if name != "Policy"))
