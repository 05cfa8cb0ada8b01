"""A hangup or a termination request stops a command as Ctrl-C does."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator

__all__ = ["interruptible"]


@contextlib.contextmanager
def interruptible() -> Iterator[None]:
    """While in the block, a hangup (the terminal closed) or a termination
    request (``kill``, a service manager stopping it) raises
    :exc:`KeyboardInterrupt` as Ctrl-C does, so that the command keeps what
    it finished (a game is saved, the games played are reported) and stops
    its worker processes before it ends.
    """
    signals = [
        number
        for number in (getattr(signal, "SIGHUP", None), getattr(signal, "SIGTERM", None))
        if number is not None
    ]
    previous = {}
    try:
        for number in signals:
            previous[number] = signal.signal(number, signal.default_int_handler)
    except ValueError:  # not the main thread: signals stay as they are
        pass
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
