"""The keyed digest that turns seeds into deals in both games (private):
BLAKE2b from its own C module, since importing all of :mod:`hashlib` costs
milliseconds."""

from __future__ import annotations

try:
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - interpreters built without it
    from hashlib import blake2b

__all__ = ["blake2b"]
