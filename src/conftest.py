"""The doctests of a module or package that needs an optional dependency
(an adapter, the batch and JAX engines) are collected only where that dependency is
installed, so that the README's test command passes with no extra; their
tests in ``tests/`` skip with a message."""

from __future__ import annotations

import importlib.util

_NEEDS = {
    "pocha_rules/pettingzoo.py": ("pettingzoo", "gymnasium", "numpy"),
    "pocha_rules/openspiel.py": ("pyspiel", "numpy"),
    "pocha_rules/_spiel.py": ("pyspiel", "numpy"),
    "pocha_rules/poch/pettingzoo.py": ("pettingzoo", "gymnasium", "numpy"),
    "pocha_rules/poch/openspiel.py": ("pyspiel", "numpy"),
    "pocha_rules/batch": ("numpy",),
    "pocha_rules/jax": ("jax", "numpy"),
    "pocha_rules/vector.py": ("numpy",),
    "pocha_rules/_vector_bots.py": ("numpy",),
    "pocha_rules/_vector_games.py": ("numpy",),
    "pocha_rules/policy.py": ("numpy",),
    "pocha_rules/trained.py": ("numpy",),
    "pocha_rules/card_features.py": ("numpy",),
    "pocha_rules/single_agent.py": ("gymnasium", "numpy"),
    "pocha_rules/learner_vector.py": ("gymnasium", "numpy"),
    "pocha_rules/stable_baselines.py": ("stable_baselines3", "gymnasium", "numpy"),
    "pocha_rules/serve": ("starlette", "uvicorn", "websockets"),
}

collect_ignore = [
    path
    for path, modules in _NEEDS.items()
    if any(importlib.util.find_spec(module) is None for module in modules)
]
