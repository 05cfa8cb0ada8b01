"""What the cards of both games share (private): a card is an interned,
immutable value, equal only to itself, hashed and ordered by its index.
Each game's :class:`Card` gives its ranks, suits, text and parsing."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Self, TypeVar

from pocha_rules._common.immutable import Immutable
from pocha_rules._common.text import got

__all__ = [
    "InternedCard",
    "SuitName",
    "check_card_types",
    "find_suit",
    "indices_of",
    "mask_of",
    "suits_by_text",
]

_E = TypeVar("_E", bound=enum.Enum)


class SuitName(enum.Enum):
    """A suit's text: ``str(suit)`` is its name in lower case, ``repr`` the
    member as Python writes it. Each game's ``Suit`` names its members."""

    def __str__(self) -> str:
        return self.name.lower()

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


def suits_by_text(suits: Sequence[_E], letters: Sequence[str]) -> dict[str, _E]:
    """Each of ``suits`` by its letter (``letters``, in the same order) and
    by its name in lower case."""
    return {**dict(zip(letters, suits, strict=True)), **{s.name.lower(): s for s in suits}}


def find_suit(by_text: Mapping[str, _E], text: object, example: str) -> _E | None:
    """The suit of ``by_text`` whose letter or name is ``text``, in any
    case; ``None`` when it names none.

    Raises:
        TypeError: ``text`` is not a str (``example`` shows one).

    """
    if not isinstance(text, str):
        raise TypeError(f"a suit's text must be a str such as {example!r}, got {got(text)}")
    return by_text.get(text.strip().lower())


class InternedCard(Immutable):
    """The behaviour of an interned card with ``index``, ``rank`` and
    ``suit`` slots (its subclass declares them)."""

    __slots__ = ()
    _refusal = "Card is immutable"

    index: int
    rank: int
    suit: Any

    def __repr__(self) -> str:
        return f"Card({self.rank}, Suit.{self.suit.name})"

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

    @classmethod
    def _make(cls, index: int, rank: int, suit: Any) -> Self:
        """The one card of ``index``, built once when the deck is made."""
        card = object.__new__(cls)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        return card


def check_card_types(rank: object, suit: object, suit_type: type[enum.Enum]) -> None:
    """Refuse a card's rank unless it is an int, and its suit unless it is
    a ``suit_type``.

    Raises:
        TypeError: ``rank`` is not an int or ``suit`` not a ``suit_type``.

    """
    if type(rank) is not int:
        raise TypeError(f"a card's rank must be an int, got {got(rank)}")
    if not isinstance(suit, suit_type):
        raise TypeError(f"a card's suit must be a Suit, got {got(suit)}")


def indices_of(mask: int) -> list[int]:
    """The card indices of a bit mask (bit ``i`` set for card ``i``), rising."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(cards: Iterable[InternedCard]) -> int:
    """The bit mask of an iterable of cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask
