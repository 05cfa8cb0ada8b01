"""An engine's process, seen from the arena: lines in and out through pipes,
every wait bounded by a deadline, and the whole process group ended at
the close (private: :mod:`pocha_rules.engines` speaks the protocol over it).

- The program starts in a process group of its own (a session), so that a
  wrapper (``bash -c 'engine; true'``) and whatever it starts in the
  background are ended with it: closing sends ``SIGKILL`` to the whole
  group, after a short grace for the program to exit by itself.
- Both pipes are non-blocking: a write to an engine that stopped reading,
  and a read from one that stopped writing, wait at most until the
  deadline they are given.
- The group is guarded (:func:`~pocha_rules._common.stopping.guard_group`):
  if the arena's process is killed before it ends the group, the group is
  ended all the same.
- A line is capped while it is read: an engine that writes more than
  :data:`MAX_LINE` bytes without a newline is refused as soon as it has,
  without keeping more than that.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import time
from collections import deque
from collections.abc import Sequence
from typing import IO, Final

from pocha_rules._common.stopping import guard_group, release_group

__all__ = ["MAX_LINE", "EngineProcess", "PipeFault"]

MAX_LINE: Final = 1 << 20
"""The longest line an engine may write, in bytes (1 MiB)."""

_CHUNK: Final = 1 << 16
_GROUP_KILL: Final = hasattr(os, "killpg")


class PipeFault(Exception):
    """What went wrong on the pipes: ``kind`` is ``crash``, ``timeout`` or
    ``garbage`` (the referee's fault kinds), ``reason`` a sentence."""

    def __init__(self, kind: str, reason: str) -> None:
        super().__init__(reason)
        self.kind = kind
        self.reason = reason


class EngineProcess:
    """A running engine program.

    Args:
        command: The program and its arguments.
        stderr: Where the program's standard error goes: a file open for
            appending, or ``None`` for the arena's own standard error.

    Raises:
        OSError: The program cannot be started.

    """

    def __init__(self, command: Sequence[str], stderr: IO[bytes] | None = None) -> None:
        self._process = subprocess.Popen(
            list(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            bufsize=0,
            start_new_session=_GROUP_KILL,
            close_fds=True,
        )
        if _GROUP_KILL:  # ended with the arena, even if the arena is killed
            guard_group(self._process.pid)
        assert self._process.stdin is not None
        assert self._process.stdout is not None
        self._in = self._process.stdin.fileno()
        self._out = self._process.stdout.fileno()
        os.set_blocking(self._in, False)
        os.set_blocking(self._out, False)
        self._readable = select.poll()
        self._readable.register(self._out, select.POLLIN)
        self._writable = select.poll()
        self._writable.register(self._in, select.POLLOUT)
        self._buffer = bytearray()
        self._lines: deque[bytes] = deque()
        self._eof = False
        self._ended = False

    @property
    def pid(self) -> int:
        """The program's process id (and its process group's)."""
        return self._process.pid

    def write(self, data: bytes, deadline: float) -> None:
        """Write ``data`` whole before ``deadline`` (a :func:`time.monotonic`
        time).

        Raises:
            PipeFault: The engine stopped reading (``timeout``) or closed
                its standard input (``crash``).

        """
        view = memoryview(data)
        while view:
            try:
                written = os.write(self._in, view)
            except BlockingIOError:
                written = 0
            except (BrokenPipeError, ConnectionResetError):
                raise PipeFault("crash", self.ended()) from None
            except OSError as error:
                raise PipeFault("crash", f"its standard input failed: {error}") from None
            view = view[written:]
            if view and not self._wait(self._writable, deadline):
                raise PipeFault("timeout", "it stopped reading its standard input")

    def pending(self) -> bytes | None:
        """A complete line the engine wrote and nobody asked for, if any (read
        without waiting)."""
        if not self._lines and not self._eof:
            self._fill()
        while self._lines:
            line = self._lines.popleft()
            if line.strip():
                return line
        return None

    def read_line(self, deadline: float) -> bytes:
        """The engine's next line that is not blank (without its newline),
        waiting until ``deadline`` at most.

        Raises:
            PipeFault: No line before the deadline (``timeout``), the engine
                closed its standard output (``crash``), or it wrote a line
                over :data:`MAX_LINE` bytes (``garbage``).

        """
        while True:
            while self._lines:
                line = self._lines.popleft()
                if line.strip():
                    return line
            if self._eof:
                raise PipeFault("crash", self.ended())
            if not self._wait(self._readable, deadline):
                raise PipeFault("timeout", "")
            self._fill()

    def _fill(self) -> None:
        """Read one chunk of what the pipe holds into complete lines (one at
        a time: an engine that writes without pause cannot keep the arena
        reading, nor fill its memory)."""
        try:
            chunk = os.read(self._out, _CHUNK)
        except BlockingIOError:
            return
        except OSError:
            chunk = b""
        if not chunk:
            self._eof = True
            return
        start = 0
        while (end := chunk.find(b"\n", start)) >= 0:
            self._buffer += chunk[start:end]
            self._check_length()
            self._lines.append(bytes(self._buffer))
            self._buffer.clear()
            start = end + 1
        self._buffer += chunk[start:]
        self._check_length()

    def _check_length(self) -> None:
        if len(self._buffer) > MAX_LINE:
            self._buffer.clear()
            raise PipeFault("garbage", f"wrote a line longer than {MAX_LINE} bytes")

    @staticmethod
    def _wait(poller: select.poll, deadline: float) -> bool:
        """Whether the pipe became ready before ``deadline``."""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return bool(poller.poll(0))
            if poller.poll(max(1, int(left * 1000 + 0.999))):
                return True

    def ended(self) -> str:
        """Why the pipes closed, in a sentence: the exit status, if the
        program ended within a moment."""
        try:
            status = self._process.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            return "it closed its standard output"
        self._ended = True
        if status < 0:
            with contextlib.suppress(ValueError):
                return f"its process ended (killed by {signal.Signals(-status).name})"
        return f"its process ended (exit status {status})"

    def close(self, grace: float) -> None:
        """End the program: give it ``grace`` seconds to exit by itself (it
        was told to quit), then end its whole process group."""
        process = self._process
        deadline = time.monotonic() + grace
        with contextlib.suppress(OSError):
            process.stdin.close()  # type: ignore[union-attr]
        # Its standard output closes when it exits (unless a child of its
        # own holds it): wait for that first, without sleeping.
        with contextlib.suppress(PipeFault):
            while not self._eof and self._wait(self._readable, deadline):
                self._fill()
                self._lines.clear()
        while not self._ended and self._exited() is None and time.monotonic() < deadline:
            time.sleep(0.002)
        self.kill()

    def _exited(self) -> object:
        """The leader's exit, seen without reaping it (so that its process
        group's id is not reused before the group is ended)."""
        waitid = getattr(os, "waitid", None)
        if waitid is None:
            return self._process.poll()
        try:
            return waitid(os.P_PID, self.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return True

    def kill(self) -> None:
        """End the program and every process of its group now, and reap it."""
        process = self._process
        if _GROUP_KILL:
            with contextlib.suppress(OSError):
                os.killpg(process.pid, signal.SIGKILL)
            release_group(process.pid)
        else:  # pragma: no cover - no process groups
            with contextlib.suppress(OSError):
                process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=5)
        self._ended = True
        for stream in (process.stdin, process.stdout):
            with contextlib.suppress(OSError):
                stream.close()  # type: ignore[union-attr]
