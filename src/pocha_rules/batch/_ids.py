"""The one check of an array of whole numbers given to the batch engine or
the vector environment: action ids, seats (private)."""

from __future__ import annotations

import numpy as np

from pocha_rules._common.errors import PochaError, Reason
from pocha_rules._common.text import got

__all__ = ["ids_in_range", "integer_array"]


def integer_array(value: object, what: str, reason: Reason) -> np.ndarray:
    """``value`` as an array of whole numbers, in the integer type it has.

    Raises:
        PochaError: ``value`` is a ragged sequence (``reason`` says so).
        TypeError: It does not hold whole numbers (floats, booleans, or
            Python objects, such as integers too large for any array):
            ``what`` and what was given.

    """
    try:
        given = np.asarray(value)
    except ValueError:  # a ragged sequence: numpy makes no array of it
        raise PochaError(reason) from None
    if given.dtype == bool or not np.issubdtype(given.dtype, np.integer):
        detail = f"an array of {given.dtype}" if isinstance(value, np.ndarray) else got(value)
        raise TypeError(f"{what}, got {detail}")
    return given


def ids_in_range(given: np.ndarray, size: int) -> np.ndarray:
    """Whether each of ``given`` (whole numbers) is from 0 to ``size - 1``,
    compared in the array's own type: an unsigned id of 2**63 or more is out
    of range, never a negative number once cast."""
    return (given >= 0) & (given < size)
