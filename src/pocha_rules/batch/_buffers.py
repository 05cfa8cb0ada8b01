"""Large output arrays used again once nobody holds them (private).

A vector environment returns a new observation array of several megabytes
at every step. Fresh memory costs: the system hands it out zeroed, page by
page, and it is cold in the caches, which made the first writes to a new
array cost as much as encoding the observations. :class:`ArrayPool` keeps
the arrays it handed out and gives one out again only when nothing but the
pool refers to it any more (its reference count says so: a caller that
keeps an array, a view of it or a tensor sharing its memory keeps it
referenced), so an array a caller can still see is never overwritten.
"""

from __future__ import annotations

import sys

import numpy as np

__all__ = ["ArrayPool"]


class ArrayPool:
    """Arrays of one shape and type, each handed out again once it is free
    (private; see the module notes).

    Args:
        shape: The arrays' shape.
        dtype: Their type.
        keep: How many arrays the pool remembers; when every one is held
            elsewhere, :meth:`take` makes a new array and remembers it in
            place of the oldest.

    """

    def __init__(self, shape: tuple[int, ...], dtype: type[np.generic], keep: int = 3) -> None:
        self.shape = shape
        self.dtype = dtype
        self._keep = keep
        self._arrays: list[np.ndarray] = [np.empty(0, dtype=dtype)]
        self._free = self._references(0)
        """The reference count of an array that only the pool holds (read
        the same way as in :meth:`take`, so whatever the interpreter counts
        on the way is counted in both)."""
        self._arrays.clear()

    def _references(self, index: int) -> int:
        return sys.getrefcount(self._arrays[index])

    def take(self) -> np.ndarray:
        """An array of the pool's shape and type that no one else refers to,
        its contents left as they were."""
        for index in range(len(self._arrays)):
            if self._references(index) <= self._free:
                return self._arrays[index]
        array = np.empty(self.shape, dtype=self.dtype)
        if len(self._arrays) < self._keep:
            self._arrays.append(array)
        else:
            # Every one is held elsewhere: forget the oldest (its holder
            # keeps it), remember the new one.
            del self._arrays[0]
            self._arrays.append(array)
        return array
