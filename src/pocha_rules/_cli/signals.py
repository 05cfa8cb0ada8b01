"""A hangup or a termination request stops a command as Ctrl-C does."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator

from pocha_rules._common.stopping import STOP_SIGNALS, handled

__all__ = ["interruptible"]


@contextlib.contextmanager
def interruptible() -> Iterator[None]:
    """While in the block, a hangup (the terminal closed) or a termination
    request (``kill``, a service manager stopping it) raises
    :exc:`KeyboardInterrupt` as Ctrl-C does, so that the command keeps what
    it finished (a game is saved, the games played are reported) and stops
    its worker processes before it ends.
    """
    stops = [number for number in STOP_SIGNALS if number != signal.SIGINT]
    with handled(stops, signal.default_int_handler):
        yield
