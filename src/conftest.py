"""The doctests of an adapter module are collected only where its optional
dependency is installed; its tests in ``tests/`` skip with a message."""

from __future__ import annotations

import importlib.util

_NEEDS = {
    "pocha_rules/pettingzoo.py": ("pettingzoo", "gymnasium", "numpy"),
    "pocha_rules/openspiel.py": ("pyspiel", "numpy"),
    "pocha_rules/poch/pettingzoo.py": ("pettingzoo", "gymnasium", "numpy"),
}

collect_ignore = [
    path
    for path, modules in _NEEDS.items()
    if any(importlib.util.find_spec(module) is None for module in modules)
]
