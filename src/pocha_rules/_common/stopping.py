"""Stopping worker processes, and the signals that ask for it (private).

The one place where the library and the ``pocha`` command end processes
and set the handlers of Ctrl-C, a hangup and a termination request: every
wait is bounded, so that a stop on a busy machine is slower, never endless.
"""

from __future__ import annotations

import contextlib
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, Protocol

__all__ = ["STOP_SIGNALS", "StoppableProcess", "end_processes", "handled"]

STOP_SIGNALS: Final = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)
"""Ctrl-C, a termination request and a hangup, where the system has them."""


class StoppableProcess(Protocol):
    """What :func:`end_processes` needs of a process
    (:class:`multiprocessing.Process` has it)."""

    def terminate(self) -> None: ...
    def kill(self) -> None: ...
    def join(self, timeout: float | None = None) -> None: ...
    def is_alive(self) -> bool: ...


def end_processes(processes: Sequence[StoppableProcess], seconds: float) -> None:
    """Ask each of ``processes`` to end, and kill those still running after
    ``seconds``; waits about ``2 * seconds`` at most."""
    for process in processes:
        process.terminate()
    _join_all(processes, seconds)
    late = [process for process in processes if process.is_alive()]
    for process in late:
        process.kill()
    _join_all(late, seconds)


def _join_all(processes: Sequence[StoppableProcess], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))


@contextlib.contextmanager
def handled(numbers: Sequence[int], handler: Callable[[int, Any], Any] | int) -> Iterator[None]:
    """While in the block, the signals ``numbers`` go to ``handler`` (a
    function, or :data:`signal.SIG_IGN`); then they go back to theirs.
    Outside the main thread, where handlers cannot be set, signals stay as
    they are."""
    previous = {}
    try:
        for number in numbers:
            previous[number] = signal.signal(number, handler)
    except ValueError:  # not the main thread
        pass
    try:
        yield
    finally:
        for number, old in previous.items():
            signal.signal(number, old)
