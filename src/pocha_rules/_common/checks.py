"""The one check of a whole number, a seat, a seed or a count that enters
the library through any door (private).

Each check refuses a value of the wrong type with a :exc:`TypeError`
naming the type it expects, and a value out of range with a
:class:`~pocha_rules._common.errors.PochaError` carrying a code. Whatever
the value, even a whole number too long for Python to write as text
(``10**5000``), only these two come out: the messages describe such a
number by its size (:func:`~pocha_rules._common.text.shown`).

A whole number is an ``int`` or a value of an integer type that says it
is one (``operator.index``: numpy's integers); ``bool`` is refused, though
Python counts it an ``int``, and so are floats, even whole ones.
"""

from __future__ import annotations

import operator
from typing import Final

from pocha_rules._common.errors import PochaError, say
from pocha_rules._common.text import got, shown

__all__ = ["MAX_SEED_BITS", "bot_seed", "flag", "number_param", "seat", "seed", "whole"]

MAX_SEED_BITS: Final = 256
"""The most bits a seed may have."""

_HUGE_BITS: Final = 64
"""A number with more bits than this is given to a message's parameters
as the text describing it (:func:`number_param`)."""


def flag(value: object, name: str) -> bool:
    """``value``, checked to be ``True`` or ``False``.

    Raises:
        TypeError: ``value`` is not a ``bool`` (numpy's included).

    """
    if type(value) is not bool:
        raise TypeError(f"{name} must be True or False, got {got(value)}")
    return value


def whole(value: object, name: str, *, least: int | None = None, most: int | None = None) -> int:
    """``value`` as an ``int``, checked to be from ``least`` to ``most``.

    Raises:
        TypeError: ``value`` is not a whole number (or is a ``bool``).
        PochaError: It is out of range (codes ``argument_too_small`` and
            ``argument_too_large``).

    >>> whole(3, "count", least=0)
    3
    >>> whole(10**5000, "count", most=10)
    Traceback (most recent call last):
    ...
    pocha_rules...PochaError: count must be at most 10, got a whole number of about 5000 ...

    """
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got {got(value)}")
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:  # not a whole number (an array of one is not one either)
        raise TypeError(f"{name} must be an int, got {got(value)}") from None
    if least is not None and number < least:
        raise PochaError(say("argument_too_small", name=name, least=least, got=shown(number)))
    if most is not None and number > most:
        raise PochaError(say("argument_too_large", name=name, most=f"{most:,}", got=shown(number)))
    return number


def seat(value: object, players: int, name: str = "seat") -> int:
    """``value`` as one of the seats ``0`` to ``players - 1``.

    Raises:
        TypeError: ``value`` is not a whole number.
        PochaError: It is not a seat (code ``seat_out_of_range``, or
            ``dealer_out_of_range`` when ``name`` is ``"dealer"``).

    """
    number = whole(value, name)
    if not 0 <= number < players:
        if name == "dealer":
            raise PochaError(say("dealer_out_of_range", high=players - 1, got=shown(number)))
        raise PochaError(say("seat_out_of_range", high=players - 1, got=shown(number)))
    return number


def seed(value: object, name: str = "seed") -> int:
    """``value`` as a seed: a whole number less than ``2**256`` in size.

    Raises:
        TypeError: ``value`` is not a whole number.
        PochaError: It is too large (code ``seed_too_large``).

    """
    number = whole(value, name)
    if number.bit_length() > MAX_SEED_BITS:
        raise PochaError(say("seed_too_large", bits=MAX_SEED_BITS, got=shown(number)))
    return number


def number_param(value: int) -> int | str:
    """``value`` as a message's parameter: itself, or, when it is too long
    to write in a message, the words describing it."""
    return value if value.bit_length() <= _HUGE_BITS else shown(value)


def bot_seed(value: object) -> int | None:
    """A bot's seed: ``None`` (seeded from the system) or a whole number of
    any size.

    Raises:
        TypeError: ``value`` is neither.

    """
    return None if value is None else whole(value, "seed")
