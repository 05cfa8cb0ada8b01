"""Spread games over every core, or over a cluster, with the same results.

:func:`run_chunks` cuts the numbers ``0`` to ``count - 1`` into chunks and
hands each chunk to a job, on worker processes (a
:class:`~concurrent.futures.ProcessPoolExecutor` by default) or on any
:class:`concurrent.futures.Executor` you pass: Dask's
(``distributed.Client(...).get_executor()``), Ray's through
:class:`pocha_rules.cluster.RayExecutor`, or a thread pool. :func:`simulate`
plays random games that way, and :mod:`pocha_rules.matches` plays bot
matches.

The results never depend on how the work was spread: each game takes its
seeds from the caller's seed and its own number, never from the worker
that plays it, so the same call gives exactly the same results with one
worker or twenty, on any executor, and in chunks of any size.

Faults. A chunk whose worker dies is played again (``retries`` times at
most) and counted once; the default pool is rebuilt when a worker dies. When
a chunk cannot be played (the retries are spent, or an executor that was
passed in is broken), :exc:`LostGamesError` names the games that are
missing. An exception raised by the job itself (a bot's illegal move, say)
is not retried: it is raised again here, with a note naming the chunk's
games. Ctrl-C stops the default pool's workers at once and raises
:exc:`Interrupted`, which holds what had finished.

>>> from pocha_rules import RuleSet, simulate as one_by_one
>>> rules = RuleSet(schedule=(3, 2))
>>> scores = simulate(rules, 6, seed=10, workers=2)
>>> scores == simulate(rules, 6, seed=10, workers=1, chunk_size=4)
True
>>> scores[4] == one_by_one(rules, 1, seed=14)[0]
True
"""

from __future__ import annotations

import concurrent.futures as cf
import math
import multiprocessing
import os
import pickle
import signal
import sys
import threading
import time
import traceback
import weakref
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Final, Generic, NamedTuple, TypeVar

from pocha_rules._common.errors import PochaError, say
from pocha_rules._common.main_guard import check_main_module
from pocha_rules._common.stopping import STOP_SIGNALS, end_processes, end_with, handled
from pocha_rules._common.text import got, shown
from pocha_rules._pocha.rollout import simulate as _simulate
from pocha_rules._pocha.rules import RuleSet

__all__ = [
    "Interrupted",
    "LostGamesError",
    "available_cores",
    "describe_ranges",
    "run_chunks",
    "simulate",
]

R = TypeVar("R")

_MAX_COUNT: Final = 2**62
"""The most numbers (games) one run may cover."""

_MAX_WORKERS: Final = 4_096
"""The most workers a run may ask for (of the default pool, or of an
executor that was passed in)."""

_MAX_RETRIES: Final = 1_000
"""The most times a chunk may be played again."""

_TARGET_SECONDS: Final = 0.2
_TARGET_SECONDS_ELSEWHERE: Final = 1.0
"""How long a chunk should take when its size is left to the run: on the
default pool, and on an executor that was passed in (a cluster's tasks cost
milliseconds to send and to collect)."""


def available_cores() -> int:
    """The number of cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def _spans(ranges: Sequence[range]) -> list[str]:
    """Each of ``ranges`` as it is written in messages (``"0-9"``, ``"20"``),
    in order."""
    parts = []
    for r in sorted(ranges, key=lambda r: r.start):
        first, last = shown(r.start), shown(r.stop - 1)
        parts.append(first if r.start == r.stop - 1 else f"{first}-{last}")
    return parts


def describe_ranges(ranges: Sequence[range], noun: str = "games") -> str:
    """``ranges`` in words, for messages: ``"games 0-9, 20 and 40-59"``."""
    parts = _spans(ranges)
    if not parts:
        return f"no {noun}"
    text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return f"{noun} {text}"


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped a run; it holds what had finished.

    It is a :exc:`KeyboardInterrupt`, so a program that does not catch it
    stops as it would have without it.

    Attributes:
        finished: What had finished. For :func:`run_chunks`, the finished
            chunks as ``(range, result)`` pairs in order; for
            :func:`simulate`, a dictionary of the finished games' scores by
            game number; for :meth:`pocha_rules.matches.Match.run`, a
            :class:`~pocha_rules.matches.MatchResult` of the finished games.
        missing: The ranges of numbers that had not finished.

    """

    def __init__(self, finished: Any, missing: Sequence[range], noun: str = "games") -> None:
        self.finished = finished
        self.missing = tuple(missing)
        super().__init__(f"interrupted: {describe_ranges(self.missing, noun)} did not finish")


class LostGamesError(RuntimeError):
    """Some chunks could not be played: their workers died more often than
    the retries allow, or the executor broke. Nothing was counted twice.

    Attributes:
        finished: What had finished, as for :exc:`Interrupted`.
        missing: The ranges of numbers that are missing.

    """

    def __init__(
        self, finished: Any, missing: Sequence[range], reason: str, noun: str = "games"
    ) -> None:
        self.finished = finished
        self.missing = tuple(missing)
        self.reason = reason
        super().__init__(f"{describe_ranges(self.missing, noun)} are missing: {reason}")


# --- what a worker runs --------------------------------------------------------------


class _Outcome(NamedTuple):
    """What a worker sends back: the job's value, or the error it raised."""

    value: Any
    error: BaseException | None
    trace: str
    seconds: float


def _portable(error: Exception) -> Exception:
    """``error``, or a stand-in that says what it was if it does not survive
    pickling (it would break the pool that sends it back)."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        return RuntimeError(f"{type(error).__qualname__}: {error}")
    return error


def _call(job: Callable[[range], Any], chunk: range, attempt: int) -> _Outcome:
    """Run ``job`` on ``chunk`` in a worker. ``attempt`` makes each try a
    distinct task for executors that cache a task by its arguments (Dask)."""
    start = time.perf_counter()
    try:
        value = job(chunk)
    except Exception as error:
        return _Outcome(None, _portable(error), traceback.format_exc(), 0.0)
    return _Outcome(value, None, "", time.perf_counter() - start)


def _start_worker(owner: int) -> None:
    """Workers of the default pool leave Ctrl-C, and a hangup (the terminal
    closed), to the process that runs them, which stops them. (A
    termination request still ends a worker: that is how they are stopped.)
    A worker ends with ``owner``, the process it works for, even if that
    process is killed outright."""
    end_with(owner)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)


# --- the default pool ------------------------------------------------------------------


def _new_pool(workers: int) -> cf.ProcessPoolExecutor:
    # forkserver (spawn where it is missing): forking a process whose other
    # threads hold locks (a progress bar's, an executor's) is unsafe.
    methods = multiprocessing.get_all_start_methods()
    method = "forkserver" if "forkserver" in methods else "spawn"
    return cf.ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context(method),
        initializer=_start_worker,
        initargs=(os.getpid(),),
    )


_STOP_SECONDS: Final = 5.0
"""How long a stopped worker is given to end before it is killed, and the
pool's own thread to wind up after."""


_STOPPED_THREADS: Final[weakref.WeakSet[threading.Thread]] = weakref.WeakSet()
"""The threads of the pools :func:`_stop_pool` stopped."""


def _quiet_when_stopped(args: Any) -> None:
    """``threading.excepthook``, less one error of a stopped pool's thread.

    When the pool breaks as its workers are stopped, Python 3.11's thread
    of the pool sets an error on every chunk still pending, and raises
    ``InvalidStateError`` for those already cancelled (a race inside
    ``concurrent.futures``, gone from later Pythons). The run is ending
    and says what finished: that error is no news, and its traceback
    would only garble the terminal.
    """
    if args.thread in _STOPPED_THREADS and issubclass(args.exc_type, cf.InvalidStateError):
        return
    _next_hook(args)


_next_hook: Callable[[Any], object] = threading.excepthook
"""The hook :func:`_quiet_when_stopped` hands every other error to."""


def _stop_pool(pool: cf.ProcessPoolExecutor) -> None:
    """Stop the pool's workers now, in the middle of their chunks.

    Every wait here is bounded: a worker that does not end when asked is
    killed, and the pool's own thread, which may block on a queue the
    stopped workers left in a dirty state, is not waited for beyond
    :data:`_STOP_SECONDS` (nor, then, when the interpreter exits).
    """
    workers = list((getattr(pool, "_processes", None) or {}).values())
    thread = getattr(pool, "_executor_manager_thread", None)  # shutdown forgets it
    if thread is not None:
        _STOPPED_THREADS.add(thread)
        if threading.excepthook is not _quiet_when_stopped:
            global _next_hook  # the hook chains to whatever was there
            _next_hook = threading.excepthook
            threading.excepthook = _quiet_when_stopped
    end_processes(workers, _STOP_SECONDS)
    pool.shutdown(wait=False, cancel_futures=True)
    if thread is not None:
        thread.join(_STOP_SECONDS)
        if thread.is_alive():  # pragma: no cover - a thread stuck on a dead queue
            # Python would wait for it at exit, for ever: leave it behind.
            getattr(cf.process, "_threads_wakeups", {}).pop(thread, None)


def _picklable(job: object) -> None:
    try:
        pickle.dumps(job)
    except Exception as error:
        raise TypeError(
            "the work must pickle to run in other processes (define bots and jobs at the "
            f"top level of a module, not as lambdas or local classes): {error}"
        ) from error


# --- the run ---------------------------------------------------------------------------


class _Sizer:
    """Cuts ``0..count-1`` into chunks: of ``fixed`` numbers, or sized from
    the time chunks take so that each takes about ``target`` seconds."""

    def __init__(self, count: int, fixed: int | None, slots: int, target: float) -> None:
        self.count = count
        self.fixed = fixed
        self.slots = slots
        self.target = target
        self.next = 0
        self.units = 0
        self.seconds = 0.0

    def take(self) -> range | None:
        remaining = self.count - self.next
        if remaining <= 0:
            return None
        if self.fixed is not None:
            size = self.fixed
        elif not self.units:
            size = 1
        else:
            size = max(1, int(self.target * self.units / max(self.seconds, 1e-9)))
            size = min(size, max(1, math.ceil(remaining / self.slots)))
        chunk = range(self.next, min(self.count, self.next + size))
        self.next = chunk.stop
        return chunk

    def record(self, chunk: range, seconds: float) -> None:
        self.units += len(chunk)
        self.seconds += seconds


class _Run(Generic[R]):
    """One call of :func:`run_chunks`: the chunks in flight, done and lost."""

    def __init__(
        self,
        job: Callable[[range], R],
        count: int,
        executor: cf.Executor | None,
        workers: int,
        chunk_size: int | None,
        retries: int,
        progress: Callable[[int], None] | None,
        on_result: Callable[[range, R], None] | None = None,
        until: Callable[[R], bool] | None = None,
    ) -> None:
        self.job = job
        self.on_result = on_result
        self.until = until
        self.halted = False
        self.own = executor is None
        self.pool: cf.Executor | None = executor
        self.workers = workers
        target = _TARGET_SECONDS if executor is None else _TARGET_SECONDS_ELSEWHERE
        self.sizer = _Sizer(count, chunk_size, 2 * workers, target)
        self.retries = retries
        self.progress = progress
        self.done: list[tuple[range, R]] = []
        self.again: deque[tuple[range, int]] = deque()
        self.lost: list[range] = []
        self.reasons: list[str] = []
        self.flying: dict[cf.Future[_Outcome], tuple[range, int, cf.Executor]] = {}
        self.broken: BaseException | None = None

    def missing(self) -> list[range]:
        """Every range not finished, merged where they touch."""
        finished = sorted((chunk for chunk, _ in self.done), key=lambda r: r.start)
        gaps, position = [], 0
        for chunk in finished:
            if chunk.start > position:
                gaps.append(range(position, chunk.start))
            position = chunk.stop
        if position < self.sizer.count:
            gaps.append(range(position, self.sizer.count))
        return gaps

    def finished(self) -> list[tuple[range, R]]:
        return sorted(self.done, key=lambda item: item[0].start)

    def accept(self, chunk: range, outcome: _Outcome, *, remote: bool = True) -> None:
        if outcome.error is not None:
            error = outcome.error
            if remote:  # the worker's traceback, lost when the error was pickled
                error.add_note(f"raised by the job on {chunk!r} in a worker:\n{outcome.trace}")
            raise error
        self.done.append((chunk, outcome.value))
        self.sizer.record(chunk, outcome.seconds)
        if self.on_result is not None:
            self.on_result(chunk, outcome.value)
        if self.progress is not None:
            self.progress(len(chunk))
        if self.until is not None and self.until(outcome.value):
            self.halted = True

    # In this process, one chunk after the other.

    def serial(self) -> list[tuple[range, R]]:
        while not self.halted and (chunk := self.sizer.take()) is not None:
            self.accept(chunk, _call(self.job, chunk, 0), remote=False)
        return self.finished()

    # On an executor.

    def submit(self, chunk: range, attempt: int) -> None:
        if self.pool is None:
            self.pool = _new_pool(self.workers)
        pool = self.pool
        try:
            future = pool.submit(_call, self.job, chunk, attempt)
        except BrokenProcessPool:
            if not self.own:
                raise
            # A worker died before the pool told us: a new pool takes the chunk.
            pool.shutdown(wait=False, cancel_futures=True)
            pool = self.pool = _new_pool(self.workers)
            future = pool.submit(_call, self.job, chunk, attempt)
        self.flying[future] = (chunk, attempt, pool)

    def fill(self) -> None:
        while self.broken is None and len(self.flying) < 2 * self.workers:
            if self.again:
                chunk, attempt = self.again.popleft()
            else:
                next_chunk = self.sizer.take()
                if next_chunk is None:
                    return
                chunk, attempt = next_chunk, 0
            try:
                self.submit(chunk, attempt)
            except Exception as error:
                if self.own:
                    raise
                # An executor that was passed in and refuses work (broken,
                # shut down) cannot be mended here: what is left is lost.
                self.broken = error
                self.reasons.append(f"the executor refused the work ({_named(error)})")
                self.lost.append(chunk)

    def failed(self, chunk: range, attempt: int, pool: cf.Executor, error: BaseException) -> None:
        """A chunk came back without a result: its worker died, or the
        executor failed it. Play it again, or count it lost."""
        if self.own and isinstance(error, BrokenProcessPool) and pool is self.pool:
            self.pool = None  # the next submission builds a fresh pool
            pool.shutdown(wait=False, cancel_futures=True)
        if attempt >= self.retries or self.broken is not None:
            self.lost.append(chunk)
            tries = "once" if attempt == 0 else f"{attempt + 1} times"
            self.reasons.append(f"their worker failed {tries} ({_named(error)})")
            return
        self.again.append((chunk, attempt + 1))

    def spread(self) -> list[tuple[range, R]]:
        try:
            self.fill()
            while self.flying:
                done = _wait_first(self.flying)
                for future in done:
                    chunk, attempt, pool = self.flying.pop(future)
                    try:
                        outcome = future.result()
                    except BaseException as error:
                        self.failed(chunk, attempt, pool, error)
                        continue
                    self.accept(chunk, outcome)
                if self.halted:  # what finished is kept; the rest is not played
                    self.stop()
                    return self.finished()
                self.fill()
            if self.own and self.pool is not None:
                self.pool.shutdown(wait=True)
        except BaseException:
            # A second Ctrl-C, hangup or termination request while the
            # workers are stopped does not cut the stopping short (leaving
            # workers behind): the run is ending already.
            with handled(STOP_SIGNALS, signal.SIG_IGN):
                self.stop()
            raise
        if self.broken is not None:
            # Nothing more can be submitted: every chunk not done is lost.
            self.lost = self.missing()
        return self.finished()

    def stop(self) -> None:
        """Cancel the chunks in flight (keeping those that already finished),
        and stop the default pool's workers."""
        for future, (chunk, _, _) in list(self.flying.items()):
            if future.done() and not future.cancelled() and future.exception() is None:
                outcome = future.result()
                if outcome.error is None:
                    self.done.append((chunk, outcome.value))
                    if self.on_result is not None:
                        self.on_result(chunk, outcome.value)
            else:
                future.cancel()
        self.flying.clear()
        if self.own and isinstance(self.pool, cf.ProcessPoolExecutor):
            _stop_pool(self.pool)


def _wait_first(futures: Any) -> set[cf.Future[Any]]:
    """The futures of ``futures`` that are done, once one is.

    A stop signal turned into :exc:`KeyboardInterrupt` may land while the
    wait releases its lock, and Python 3.11 then raises ``RuntimeError``
    ("release unlocked lock") over it: the interrupt is raised as it was
    meant, so that the run stops and says what finished.
    """
    try:
        return cf.wait(futures, return_when=cf.FIRST_COMPLETED).done
    except RuntimeError as error:
        if isinstance(error.__context__, KeyboardInterrupt):
            raise error.__context__ from None
        raise


def _named(error: BaseException) -> str:
    text = str(error)
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def run_chunks(
    job: Callable[[range], R],
    count: int,
    *,
    workers: int | None = None,
    executor: cf.Executor | None = None,
    chunk_size: int | None = None,
    retries: int = 2,
    progress: Callable[[int], None] | None = None,
    on_result: Callable[[range, R], None] | None = None,
) -> list[tuple[range, R]]:
    """Call ``job(chunk)`` for chunks of the numbers ``0`` to ``count - 1``,
    spread over workers; return each chunk with its result, in order.

    ``job`` must pickle (a module-level function, or an instance of a
    module-level class) unless it runs in this process or on threads, and
    its result for a number must not depend on the chunk the number is in:
    then the results, put together, are the same for any ``workers``,
    ``executor`` and ``chunk_size``.

    Args:
        job: Called with a :class:`range` of numbers; returns one value for
            the whole chunk (a list of per-number results, or sums).
        count: How many numbers (at most ``2**62``).
        workers: The number of worker processes of the default pool (by
            default one per core of this machine); ``1`` runs every chunk in
            this process. With an ``executor``, the number of workers it
            has: twice as many chunks are kept in flight. At most 4,096.
        executor: Any :class:`concurrent.futures.Executor`; the default is a
            :class:`~concurrent.futures.ProcessPoolExecutor` built for the
            call and shut down at its end. An executor passed in is left
            running.
        chunk_size: The numbers in each chunk; by default chunks are sized
            from the time the first ones take, to about a fifth of a second
            (a second on an executor that was passed in).
        retries: How many times a chunk is played again when its worker dies
            before the run gives up on it.
        progress: Called in this process with the size of each chunk that
            finishes.
        on_result: Called in this process with each chunk that finishes
            and its result, as it finishes (to save it at once: a run that
            is interrupted later loses nothing that was handed over).

    Raises:
        LostGamesError: Some chunks could not be played; it names them and
            holds the finished chunks.
        Interrupted: Ctrl-C; it holds the finished chunks.
        TypeError: ``job`` does not pickle and must, or an argument is not
            of its type.
        PochaError: ``count``, ``workers``, ``chunk_size`` or ``retries``
            is out of range.
        RuntimeError: The default pool's workers could not start from this
            program: it calls this at the top level of a script outside
            ``if __name__ == "__main__":``, or it was read from standard
            input. Nothing was started; the message says what to do.

    >>> def squares(chunk):
    ...     return [n * n for n in chunk]
    >>> run_chunks(squares, 5, workers=1, chunk_size=2)
    [(range(0, 2), [0, 1]), (range(2, 4), [4, 9]), (range(4, 5), [16])]

    """
    return _run_chunks(
        job, count, workers, executor, chunk_size, retries, progress, None, on_result
    )


def _run_chunks(
    job: Callable[[range], R],
    count: int,
    workers: int | None,
    executor: cf.Executor | None,
    chunk_size: int | None,
    retries: int,
    progress: Callable[[int], None] | None,
    until: Callable[[R], bool] | None,
    on_result: Callable[[range, R], None] | None = None,
) -> list[tuple[range, R]]:
    """:func:`run_chunks`, which also stops, keeping what finished, as soon
    as ``until`` is true of a chunk's result (the matches stop at a bot's
    fault this way): the chunks not finished then are not played, and the
    result covers only those that finished."""
    if not callable(job):
        raise TypeError(f"job must be callable, got {job!r}")
    count = _whole("count", count, 0)
    if workers is not None:
        workers = _whole("workers", workers, 1, _MAX_WORKERS)
    if chunk_size is not None:
        chunk_size = _whole("chunk_size", chunk_size, 1)
    retries = _whole("retries", retries, 0, _MAX_RETRIES)
    if executor is not None and not isinstance(executor, cf.Executor):
        raise TypeError(f"executor must be a concurrent.futures.Executor, got {executor!r}")
    size = workers if workers is not None else available_cores()
    if on_result is not None and not callable(on_result):
        raise TypeError(f"on_result must be callable, got {on_result!r}")
    run = _Run(job, count, executor, size, chunk_size, retries, progress, on_result, until)
    serial = executor is None and size == 1
    if executor is None and not serial:
        check_main_module(sys._getframe(1))
    if not serial and not isinstance(executor, cf.ThreadPoolExecutor):
        _picklable(job)
    try:
        done = run.serial() if serial else run.spread()
    except KeyboardInterrupt:
        raise Interrupted(run.finished(), run.missing(), "numbers") from None
    if run.lost:
        reason = "; ".join(dict.fromkeys(run.reasons))
        raise LostGamesError(done, run.missing(), reason, "numbers")
    return done


def _whole(name: str, value: object, least: int, most: int = _MAX_COUNT) -> int:
    if type(value) is not int:
        raise TypeError(f"{name} must be an int, got {got(value)}")
    if value < least:
        raise PochaError(say("argument_too_small", name=name, least=least, got=shown(value)))
    if value > most:
        raise PochaError(say("argument_too_large", name=name, most=f"{most:,}", got=shown(value)))
    return value


# --- random games ----------------------------------------------------------------------


class _RandomGames:
    """The job of :func:`simulate`: game ``i`` of a chunk, on its own seeds."""

    def __init__(self, rules: RuleSet, seed: int, dealer: int | None) -> None:
        self.rules = rules
        self.seed = seed
        self.dealer = dealer

    def __call__(self, chunk: range) -> list[tuple[int, ...]]:
        rules, seed, dealer = self.rules, self.seed, self.dealer
        return [_simulate(rules, 1, seed=seed + i, dealer=dealer)[0] for i in chunk]


def simulate(
    rules: RuleSet,
    games: int,
    *,
    seed: int = 0,
    dealer: int | None = None,
    workers: int | None = None,
    executor: cf.Executor | None = None,
    chunk_size: int | None = None,
    retries: int = 2,
    progress: Callable[[int], None] | None = None,
) -> tuple[tuple[int, ...], ...]:
    """Play ``games`` random games spread over workers; return each one's
    final scores, in order.

    Game ``i`` is ``pocha_rules.simulate(rules, 1, seed=seed + i,
    dealer=dealer)``: the game of ``new_game(rules, seed=seed + i,
    dealer=dealer)`` played with uniformly random moves drawn from its own
    ``random.Random(seed + i)``. Because no game shares a generator with
    another, the results are the same for any workers, executor and chunk
    size. (:func:`pocha_rules.simulate` draws every game's moves from one
    generator, so its games after the first are not these.)

    The other arguments are those of :func:`run_chunks`; ``chunk_size``
    and ``progress`` count games.

    Raises:
        PochaError: ``games``, ``seed`` or ``dealer`` is out of range.
        TypeError: ``rules`` is not a rule set, or another argument not of
            its type.
        LostGamesError: Some games could not be played; it names them, and
            its ``finished`` holds the finished games' scores by number.
        Interrupted: Ctrl-C; its ``finished`` holds the finished games'
            scores by number.

    >>> import random
    >>> from pocha_rules import RuleSet, new_game, rollout
    >>> rules = RuleSet(schedule=(2, 3))
    >>> scores = simulate(rules, 3, seed=7, workers=1)
    >>> scores[2] == rollout(new_game(rules, seed=9), rng=random.Random(9))
    True

    """
    if type(games) is not int:
        raise TypeError(f"games must be an int, got {got(games)}")
    if not 0 <= games <= _MAX_COUNT:
        raise PochaError(say("games_count_range", got=shown(games)))
    _simulate(rules, 0, seed=seed, dealer=dealer)  # checks the other arguments
    job = _RandomGames(rules, seed, dealer)
    try:
        chunks = run_chunks(
            job,
            games,
            workers=workers,
            executor=executor,
            chunk_size=chunk_size,
            retries=retries,
            progress=progress,
        )
    except Interrupted as stop:
        raise Interrupted(_by_game(stop.finished), stop.missing) from None
    except LostGamesError as error:
        raise LostGamesError(_by_game(error.finished), error.missing, error.reason) from error
    return tuple(scores for _, part in chunks for scores in part)


def _by_game(chunks: list[tuple[range, list[tuple[int, ...]]]]) -> dict[int, tuple[int, ...]]:
    return {i: scores for chunk, part in chunks for i, scores in zip(chunk, part, strict=True)}
