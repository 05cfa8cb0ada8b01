"""Jobs and bots for the tests of :mod:`pocha_rules.parallel` and
:mod:`pocha_rules.matches`, at the top level of a module so that worker
processes can unpickle them. Some of them kill the worker that runs them,
for real, to check that no game is lost or counted twice."""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import os
import signal
import time

from pocha_rules import Move, PlayerView, RandomBot


def process_pool(workers: int) -> cf.ProcessPoolExecutor:
    """A pool of ``workers`` processes started by a forkserver: forking the
    test process itself is unsafe once other threads hold locks (JAX starts
    threads in the tests that import it), and a worker could then hang."""
    return cf.ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("forkserver"))


def first_time(marker: str) -> bool:
    """True once per ``marker`` file, across processes."""
    try:
        with open(marker, "x"):
            return True
    except FileExistsError:
        return False


def die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def group_is_gone(group: int, within: float) -> bool:
    """Whether every process of the process group ``group`` has ended
    within ``within`` seconds."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    return False


class Squares:
    """A job: the square of every number of the chunk."""

    def __call__(self, chunk: range) -> list[int]:
        return [n * n for n in chunk]


class DyingSquares(Squares):
    """Squares, but the worker that reaches ``fatal`` dies: the first time
    only when ``marker`` names a file, every time otherwise."""

    def __init__(self, fatal: int, marker: str | None = None) -> None:
        self.fatal = fatal
        self.marker = marker
        self.home = os.getpid()  # the test run, which must not die

    def __call__(self, chunk: range) -> list[int]:
        fatal = self.fatal in chunk and os.getpid() != self.home
        if fatal and (self.marker is None or first_time(self.marker)):
            die()
        return super().__call__(chunk)


class Failing(Squares):
    """Squares, but raises ``ValueError`` at ``bad``; counts its calls in
    ``log`` (one line each)."""

    def __init__(self, bad: int, log: str) -> None:
        self.bad = bad
        self.log = log

    def __call__(self, chunk: range) -> list[int]:
        with open(self.log, "a") as file:
            file.write(f"{chunk.start}\n")
        if self.bad in chunk:
            raise ValueError(f"no square for {self.bad}")
        return super().__call__(chunk)


class Slow(Squares):
    """Squares, ``seconds`` per number."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def __call__(self, chunk: range) -> list[int]:
        time.sleep(self.seconds * len(chunk))
        return super().__call__(chunk)


class DyingBot(RandomBot):
    """A random bot whose first construction in a process other than
    ``home`` (the test run's) kills that process; the ``marker`` file says
    it happened. Give it as ``partial(DyingBot, marker=..., home=os.getpid())``."""

    def __init__(self, seed: int | None = None, *, marker: str, home: int) -> None:
        if os.getpid() != home and first_time(marker):
            die()
        super().__init__(seed)


class FirstMoveBot:
    """Always the first legal move: a bot with no randomness at all."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def act(self, view: PlayerView) -> Move:
        return view.legal_moves()[0]


class IllegalBot:
    """Bids 99 whenever it may bid."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def act(self, view: PlayerView) -> Move:
        from pocha_rules import Bid

        return Bid(99) if view.phase.name == "BID" else view.legal_moves()[0]


class Stubborn(Exception):
    """An exception that pickles but cannot be unpickled."""

    def __init__(self, a: int, b: int) -> None:
        super().__init__(f"{a} and {b}")


class RaisesStubborn(Squares):
    def __call__(self, chunk: range) -> list[int]:
        raise Stubborn(1, 2)


class FaultyBot(RandomBot):
    """A random bot that fails at its first move when its seed is one of
    ``fail_seeds``: it raises, returns ``None``, or bids 99 (``how``)."""

    def __init__(
        self, seed: int | None = None, *, fail_seeds: frozenset[int] = frozenset(), how: str
    ) -> None:
        super().__init__(seed)
        self.failing = seed in fail_seeds
        self.how = how

    def act(self, view: PlayerView) -> Move:
        if self.failing:
            if self.how == "raise":
                raise ValueError("the bot broke")
            if self.how == "none":
                return None  # type: ignore[return-value]
            if self.how == "illegal" and view.phase.name == "BID":
                from pocha_rules import Bid

                return Bid(99)
        return super().act(view)
