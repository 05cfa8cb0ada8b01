"""Calls that go up a layer without an import that goes up (private).

Some methods of a lower layer's types do their work in a module above it:
``GameState.to_dict`` is a method of the rules core, but the JSON codec
lives above the core and imports it; ``Card.name`` and ``_repr_svg_`` are
the same with the names and the pictures. The lower module declares an
:class:`Upcall` and calls it; the module above fills it when it is
imported, and :mod:`pocha_rules` imports every such module, so each
upcall is filled before a user's code runs. No import goes up a layer,
so the package's modules import one another without a cycle, and the
compiled core classes (which take no attribute set at run time) keep their
documented methods.

>>> double: Upcall[Callable[[int], int]] = Upcall("demo.double", "demo")
>>> double.fill(lambda x: 2 * x)(3)
6
>>> double.call(21)
42
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar, final

__all__ = ["JsonUpcalls", "Upcall"]

F = TypeVar("F", bound=Callable[..., object])
T = TypeVar("T")


@final
class Upcall(Generic[F]):
    """A function of a higher layer that a lower one calls: ``what`` names
    the call (``"GameState.to_dict"``), ``where`` the module that fills it."""

    __slots__ = ("_function", "what", "where")

    def __init__(self, what: str, where: str) -> None:
        self.what = what
        self.where = where
        self._function: F | None = None

    def fill(self, function: F) -> F:
        """Provide the function (the module above does, once, on import)."""
        self._function = function
        return function

    @property
    def call(self) -> F:
        """The function to call.

        Raises:
            RuntimeError: Nothing filled the upcall: ``where`` was not
                imported (only while :mod:`pocha_rules` itself is importing).

        """
        function = self._function
        if function is None:
            raise RuntimeError(
                f"{self.what} is provided by {self.where}, which is not imported yet"
            )
        return function

    def __repr__(self) -> str:
        return f"Upcall({self.what!r}, {self.where!r})"


@final
class JsonUpcalls(Generic[T, F]):
    """The JSON codec of a lower layer's type ``T`` (``what`` names it, as
    ``"GameState"``), filled by the module ``where``: :attr:`to_dict`, a
    function of type ``F``, and :attr:`from_dict` and :attr:`from_json`,
    which read a ``T`` back."""

    __slots__ = ("from_dict", "from_json", "to_dict")

    def __init__(self, what: str, where: str) -> None:
        self.to_dict: Upcall[F] = Upcall(f"{what}.to_dict", where)
        self.from_dict: Upcall[Callable[[object], T]] = Upcall(f"{what}.from_dict", where)
        self.from_json: Upcall[Callable[[str], T]] = Upcall(f"{what}.from_json", where)

    def fill(
        self, to_dict: F, from_dict: Callable[[object], T], from_json: Callable[[str], T]
    ) -> None:
        """Provide the three functions (the codec's module does, once, on import)."""
        self.to_dict.fill(to_dict)
        self.from_dict.fill(from_dict)
        self.from_json.fill(from_json)
