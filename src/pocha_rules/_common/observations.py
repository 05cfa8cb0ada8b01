"""What the observation encoders of both games share (private): the buffer
an encoding is written into, the description of one field, and writing a
view's entries into a list or a buffer. Each game's encoder lays out its own
fields (:mod:`pocha_rules.observations`, :mod:`pocha_rules.poch.observations`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple, Protocol

__all__ = ["FloatBuffer", "ObservationField", "fill_buffer", "new_vector"]


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
