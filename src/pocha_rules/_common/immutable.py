"""Values that nothing changes once they are made (private): the cards of
both games and the tags of a record."""

from __future__ import annotations

from typing import ClassVar, Self

__all__ = ["Immutable"]


class Immutable:
    """A value whose attributes are set once, as it is built (with
    ``object.__setattr__``): setting or deleting one afterwards raises
    :class:`AttributeError`, and a copy of it is the value itself."""

    __slots__ = ()

    _refusal: ClassVar[str]
    """The message of the error raised on setting or deleting an attribute
    (``"Card is immutable"``)."""

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(self._refusal)

    def __delattr__(self, name: str) -> None:
        raise AttributeError(self._refusal)

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self
