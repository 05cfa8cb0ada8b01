"""Stopping worker processes, and the signals that ask for it (private).

The one place where the library and the ``pocha`` command end processes
and set the handlers of Ctrl-C, a hangup and a termination request: every
wait is bounded, so that a stop on a busy machine is slower, never endless.

Nothing the arena starts outlives the process that started it, even when
that process is killed outright (``SIGKILL``, which it cannot catch):

- a worker process calls :func:`end_with` as it starts, with the process
  it works for, and a thread of its own kills it when that process has
  ended (its parent may be another: a fork server, which itself lives as
  long as its children do);
- an engine's process group is handed to a *warden* (:func:`guard_group`),
  a small process of its own session that the starting process feeds
  through a pipe: when that pipe closes, because the process that started
  the engines ended however it ended, the warden kills every group it
  still guards, and exits. A group ended in the ordinary way is released
  (:func:`release_group`) first.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import IO, Any, Final, Protocol

__all__ = [
    "STOP_SIGNALS",
    "StoppableProcess",
    "end_processes",
    "end_with",
    "guard_group",
    "handled",
    "release_group",
]

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


def exit_within(seconds: float, status: int) -> None:
    """Make sure this process ends, with ``status``, at most ``seconds``
    from now, even if the interpreter's own shutdown then waits on
    something that never comes (a pool's thread blocked on a queue its
    killed workers left behind, a worker that was being started when the
    run stopped). The process ends normally when it can; this only bounds
    how long that may take."""

    def end() -> None:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(status)

    timer = threading.Timer(seconds, end)
    timer.daemon = True  # it never keeps the process alive by itself
    timer.start()


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


# --- nothing outlives its parent ----------------------------------------------------

_WATCH_SECONDS: Final = 0.2
"""How often a process that cannot be told of another's end looks for it."""


def end_with(pid: int) -> None:
    """End this process (``SIGKILL``) as soon as process ``pid`` has ended,
    however it ended: for a worker process, called as it starts with the
    process whose work it does.

    A thread of this process waits for the end: on a descriptor of the
    process (Linux's ``pidfd_open``), which wakes it at once and never
    mistakes another process for it; elsewhere by looking every
    :data:`_WATCH_SECONDS`.
    """
    threading.Thread(
        target=_wait_then_die, args=(pid,), name="pocha-end-with", daemon=True
    ).start()


def _wait_then_die(pid: int) -> None:
    try:
        handle = os.pidfd_open(pid)
    except (AttributeError, OSError):  # no pidfd_open, or an old kernel
        while _running(pid):
            time.sleep(_WATCH_SECONDS)
    else:
        try:
            select.select([handle], [], [])  # readable once the process has ended
        finally:
            os.close(handle)
    os.kill(os.getpid(), getattr(signal, "SIGKILL", signal.SIGTERM))


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it runs, as another user
        return True
    return True


_WARDEN: Final = """
import os, signal, sys
for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
    signal.signal(number, signal.SIG_IGN)
groups = set()
for line in sys.stdin.buffer:
    sign, _, group = line.strip().partition(b" ")
    if group.isdigit():
        (groups.add if sign == b"+" else groups.discard)(int(group))
for group in groups:
    try:
        os.killpg(group, signal.SIGKILL)
    except OSError:
        pass
"""
"""The warden's program: it reads ``+ GROUP`` and ``- GROUP`` lines, and
kills the groups it holds when its input ends."""


class _Warden:
    """The warden of this process, started at the first group it is to guard
    (and again in a child process, which needs its own)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._owner = 0
        self._pipe: IO[bytes] | None = None
        self._process: subprocess.Popen[bytes] | None = None  # kept, never waited for

    def tell(self, line: str, *, start: bool = True) -> None:
        """Send the warden ``line`` (starting it first if need be and
        ``start``); a warden that cannot be started or told is done without,
        quietly."""
        with self._lock:
            if self._owner != os.getpid():  # a child process: not its warden
                self._pipe = self._process = None
            if self._pipe is None:
                if not start:
                    return
                self._process = self._start()
                self._pipe = None if self._process is None else self._process.stdin
                self._owner = os.getpid()
            if self._pipe is None:
                return
            try:
                self._pipe.write(line.encode() + b"\n")
                self._pipe.flush()
            except OSError:  # it died: the next group starts another
                self._pipe = None

    @staticmethod
    def _start() -> subprocess.Popen[bytes] | None:
        try:
            return subprocess.Popen(
                [sys.executable, "-I", "-S", "-c", _WARDEN],
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,  # a terminal's Ctrl-C to this command spares it
                close_fds=True,
            )
        except OSError:  # pragma: no cover - no interpreter to start
            return None


_warden = _Warden()


def guard_group(group: int) -> None:
    """Have process group ``group`` killed if this process ends before it
    releases it (:func:`release_group`), however this process ends."""
    if hasattr(os, "killpg"):
        _warden.tell(f"+ {group}")


def release_group(group: int) -> None:
    """Stop guarding ``group`` (its processes were ended)."""
    if hasattr(os, "killpg"):
        _warden.tell(f"- {group}", start=False)
