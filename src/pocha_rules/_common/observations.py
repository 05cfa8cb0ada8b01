"""What the observation encoders of both games share (private): the buffer
an encoding is written into, the description of one field, and writing a
view's entries into a list or a buffer. Each game's encoder lays out its own
fields (:mod:`pocha_rules.observations`, :mod:`pocha_rules.poch.observations`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from pocha_rules._common.caches import TableCache
from pocha_rules._common.text import got

__all__ = [
    "Encoder",
    "Encoders",
    "FieldSpec",
    "FloatBuffer",
    "ObservationField",
    "card_ids",
    "fill_buffer",
    "lay_out",
    "new_vector",
]


class FloatBuffer(Protocol):
    """What ``encode_view_into`` can fill: a list of floats, an
    ``array.array("f")``, a NumPy array..."""

    def __len__(self) -> int: ...

    def __setitem__(self, index: int, value: float, /) -> None: ...


class ObservationField(NamedTuple):
    """One field of the observation vector: ``vector[offset:offset + size]``,
    read as an array of ``shape`` (rows by relative seat where there are
    rows), each number from ``low`` to ``high``."""

    name: str
    """The field's name."""
    offset: int
    """Where the field starts in the vector."""
    size: int
    """How many numbers it takes (the product of :attr:`shape`)."""
    shape: tuple[int, ...]
    """Its shape: ``(players, cards)`` for a field with a row per seat."""
    meaning: str
    """What the numbers say, in one line."""
    low: float
    """The smallest value a number of the field takes."""
    high: float
    """The largest value a number of the field takes (``inf`` where there is
    no bound: the scores of a game with no bound on its length, chips)."""

    @property
    def slice(self) -> slice:
        """The field's place in the vector, as a slice."""
        return slice(self.offset, self.offset + self.size)


# The public modules are their home, for reprs and the API reference.
FloatBuffer.__module__ = ObservationField.__module__ = "pocha_rules.observations"


FieldSpec = tuple[str, tuple[int, ...], str, float, float]
"""A field to lay out: its name, shape, meaning, lowest and highest value."""


def lay_out(specs: Iterable[FieldSpec]) -> tuple[ObservationField, ...]:
    """The fields of ``specs``, one after the other from offset 0."""
    fields: list[ObservationField] = []
    offset = 0
    for name, shape, meaning, low, high in specs:
        size = math.prod(shape)
        fields.append(ObservationField(name, offset, size, shape, meaning, low, high))
        offset += size
    return tuple(fields)


def card_ids(indices: Iterable[int], cards: int) -> tuple[int, ...]:
    """For each card index below ``cards``, its place among ``indices`` (the
    deck in play, in card order), -1 for a card not in the deck."""
    ids = [-1] * cards
    for position, index in enumerate(indices):
        ids[index] = position
    return tuple(ids)


def new_vector(zeros: list[float], entries: Iterable[tuple[int, float]]) -> list[float]:
    """A copy of ``zeros`` with ``entries`` (index, value) written in."""
    vector = zeros[:]
    for index, value in entries:
        vector[index] = value
    return vector


def fill_buffer(
    buffer: FloatBuffer, zeros: list[float], entries: Iterable[tuple[int, float]]
) -> None:
    """Write ``zeros`` then ``entries`` into ``buffer``, whatever it held.

    Raises:
        ValueError: ``buffer`` is not as long as ``zeros``.

    """
    size = len(zeros)
    if len(buffer) != size:
        raise ValueError(
            f"the buffer holds {len(buffer)} numbers; these rules' observation has {size}"
        )
    fill = getattr(buffer, "fill", None)
    if fill is not None:  # a NumPy array
        fill(0)
    elif isinstance(buffer, list):
        buffer[:] = zeros
    else:
        for index in range(size):
            buffer[index] = 0.0
    for index, value in entries:
        buffer[index] = value


class Encoder:
    """The layout of one rule set (:attr:`fields`, :attr:`size`) and the
    entries of a view's vector (:meth:`entries`, each game's own)."""

    def __init__(self, specs: Iterable[FieldSpec]) -> None:
        self.fields = lay_out(specs)
        """The fields, in order."""
        self.size = self.fields[-1].offset + self.fields[-1].size
        """The length of the vector."""
        self.zeros = [0.0] * self.size
        """A vector of zeros, to copy."""

    def entries(self, view: Any) -> list[tuple[int, float]]:
        """The non-zero entries of ``view``'s vector, as ``(index, value)``."""
        raise NotImplementedError


_E = TypeVar("_E", bound=Encoder)


class Encoders(Generic[_E]):
    """A game's encoder of each rule set, built once (see
    :class:`~pocha_rules._common.actions.TableCache`), and the calls of its
    public module: the layout and size of a rule set's vector, a view's
    vector as a new list or written into a buffer."""

    def __init__(
        self, build: Callable[[Any], _E], rules_type: type, view_type: type, game: str = ""
    ) -> None:
        self._build = build
        self._rules_type = rules_type
        self._view_type = view_type
        self._game = game
        """The game's name before its types' in messages (``"poch "``), or ``""``."""
        self._cache: TableCache[_E] = TableCache(self._new)

    def _new(self, rules: object) -> _E:
        if not isinstance(rules, self._rules_type):
            raise TypeError(f"expected a {self._game}RuleSet, got {got(rules)}")
        return self._build(rules)

    def of_rules(self, rules: object) -> _E:
        """The encoder of ``rules``.

        Raises:
            TypeError: ``rules`` is not the game's rule set.

        """
        return self._cache.get(rules)

    def of_view(self, view: object) -> _E:
        """The encoder of ``view``'s rules.

        Raises:
            TypeError: ``view`` is not the game's view.

        """
        if not isinstance(view, self._view_type):
            raise TypeError(f"expected a {self._game}PlayerView, got {got(view)}")
        return self._cache.get(view.rules)  # type: ignore[attr-defined]

    def encode(self, view: object) -> list[float]:
        """The vector of ``view``, as a new list of floats."""
        encoder = self.of_view(view)
        return new_vector(encoder.zeros, encoder.entries(view))

    def encode_into(self, view: object, buffer: FloatBuffer) -> None:
        """Write the vector of ``view`` into ``buffer``, whatever it held."""
        encoder = self.of_view(view)
        fill_buffer(buffer, encoder.zeros, encoder.entries(view))
