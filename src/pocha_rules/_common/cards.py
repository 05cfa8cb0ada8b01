"""What the cards of both games share (private): a card is an interned,
immutable value, equal only to itself, hashed and ordered by its index.
Each game's :class:`Card` gives its ranks, suits, text and parsing."""

from __future__ import annotations

from typing import Any, Self

__all__ = ["InternedCard", "indices_of"]


class InternedCard:
    """The behaviour of an interned card with ``index``, ``rank`` and
    ``suit`` slots (its subclass declares them)."""

    __slots__ = ()

    index: int
    rank: int
    suit: Any

    def __repr__(self) -> str:
        return f"Card({self.rank}, Suit.{self.suit.name})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Card is immutable")

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Self) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Self) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Self) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Self) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.index >= other.index

    def __reduce__(self) -> tuple[object, tuple[int, Any]]:
        return (type(self), (self.rank, self.suit))

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self


def indices_of(mask: int) -> list[int]:
    """The card indices of a bit mask (bit ``i`` set for card ``i``), rising."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
