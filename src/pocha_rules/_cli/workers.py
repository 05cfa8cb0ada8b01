"""How every command that spreads its games over worker processes runs
them: the options, the signals, the progress bar, and what it says when
the run stops early.

``pocha simulate``, ``pocha match``, ``pocha tournament``, ``pocha poch
simulate`` and ``pocha poch match`` all run their games through
:func:`spread`: Ctrl-C, a hangup or a termination request stops the
workers, the command reports the games that finished and says which did
not (:func:`stop_status`), and no worker process outlives it
(:func:`reap_workers`). Every wait on the way out is bounded, so that a
busy machine makes the exit slower, never endless.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections.abc import Callable, Sequence
from typing import Final, Generic, NamedTuple, TypeVar

from pocha_rules._cli.i18n import _, ngettext
from pocha_rules._cli.options import MAX_GAMES, Fail
from pocha_rules._cli.output import Output
from pocha_rules._cli.signals import interruptible
from pocha_rules._common.stopping import end_processes
from pocha_rules._common.text import shown
from pocha_rules.parallel import Interrupted, LostGamesError, available_cores
from pocha_rules.parallel import _spans as spans

__all__ = [
    "MAX_WORKERS",
    "Spread",
    "missing_text",
    "reap_workers",
    "speed_line",
    "spread",
    "spread_arguments",
    "stop_status",
    "workers_from_args",
]

R = TypeVar("R")

MAX_WORKERS: Final = 4_096
"""The most workers ``--workers`` may ask for (as the library allows)."""

_REAP_SECONDS: Final = 5.0
"""How long a worker process is given to end after it is asked to, before
it is killed; and how long it is then given to go."""


def spread_arguments(parser: argparse.ArgumentParser) -> None:
    """``--workers`` and ``--chunk-size``: how a long command spreads its games."""
    group = parser.add_argument_group(_("spreading the games"))
    group.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help=_(
            "worker processes (default 1: this process alone; 0: one per core); "
            "the results are the same for any number"
        ),
    )
    group.add_argument(
        "--chunk-size",
        type=int,
        default=None,
        metavar="GAMES",
        help=_("games handed to a worker at a time (default: sized from the first games)"),
    )


def workers_from_args(args: argparse.Namespace, fail: Fail) -> int:
    """The number of workers ``--workers`` asks for (0: one per core); more
    workers than cores are allowed, with a word on stderr."""
    if not 0 <= args.workers <= MAX_WORKERS:
        fail(
            _("--workers: 0 to {most}, got {got}").format(
                most=f"{MAX_WORKERS:,}", got=shown(args.workers)
            )
        )
    if args.chunk_size is not None and not 1 <= args.chunk_size <= MAX_GAMES:
        fail(
            _("--chunk-size: 1 to {most} games, got {got}").format(
                most=f"{MAX_GAMES:,}", got=shown(args.chunk_size)
            )
        )
    cores = available_cores()
    if args.workers > cores:
        print(
            f"pocha {args.command}: "
            + ngettext(
                "{workers} workers on {cores} core: the extra workers only wait their turn "
                "(--workers 0 takes one per core)",
                "{workers} workers on {cores} cores: the extra workers only wait their turn "
                "(--workers 0 takes one per core)",
                cores,
            ).format(workers=args.workers, cores=cores),
            file=sys.stderr,
        )
    return int(args.workers) or cores


class Spread(NamedTuple, Generic[R]):
    """What a run of :func:`spread` gave."""

    result: R
    """The whole result, or what finished when the run stopped early."""
    stopped: Exception | KeyboardInterrupt | None
    """Why the run stopped early (one of the exceptions :func:`spread`
    catches), or ``None`` when it played everything."""
    seconds: float
    """How long the run took."""


def spread(
    out: Output,
    total: int,
    label: str,
    work: Callable[[Callable[[int], None]], R],
    *,
    done: int = 0,
    stops: tuple[type[Exception], ...] = (),
) -> Spread[R]:
    """Run ``work(advance)`` with a progress bar of ``total`` steps
    (``done`` of them already finished), where Ctrl-C, a hangup or a
    termination request stops it.

    ``work`` runs the games (through :func:`pocha_rules.parallel.run_chunks`
    or what is built on it) and calls ``advance`` as they finish. When it
    raises :exc:`~pocha_rules.parallel.Interrupted`,
    :exc:`~pocha_rules.parallel.LostGamesError` or one of ``stops`` (each
    of which holds what finished in ``finished``), the run's result is what
    finished; the worker processes that are left are then ended
    (:func:`reap_workers`).
    """
    started = time.perf_counter()
    stopped: Exception | KeyboardInterrupt | None = None
    with interruptible(), out.progress(total, label) as advance:
        if done:
            advance(done)
        caught: tuple[type[Exception] | type[KeyboardInterrupt], ...] = (
            Interrupted,
            LostGamesError,
            *stops,
        )
        try:
            result = work(advance)
        except caught as stop:
            result, stopped = getattr(stop, "finished"), stop  # noqa: B009 - each has it
    if stopped is not None:
        reap_workers()
    return Spread(result, stopped, time.perf_counter() - started)


def reap_workers(seconds: float = _REAP_SECONDS) -> None:
    """End every worker process this process started and that is still
    running: ask it to stop, and kill it if it has not within ``seconds``.
    Never waits longer than about twice ``seconds``."""
    end_processes(multiprocessing.active_children(), seconds)


def stop_status(
    command: str, stopped: BaseException | None, done: int, asked: int, *, unit: str = "games"
) -> int:
    """The exit status of a long command that spread its games, after it
    printed what finished; on stderr, why games are missing.

    ``stopped`` is the run's :exc:`~pocha_rules.parallel.Interrupted` or
    :exc:`~pocha_rules.parallel.LostGamesError`, or ``None`` when every
    game was played; ``done`` and ``asked`` count ``unit`` (``"games"`` or
    ``"sets"``).
    """
    if stopped is None:
        return 0
    assert isinstance(stopped, Interrupted | LostGamesError)
    missing = missing_text(stopped.missing, unit)
    if isinstance(stopped, Interrupted):
        said = (
            _("interrupted: {done} of {asked} sets finished; {missing} did not")
            if unit == "sets"
            else _("interrupted: {done} of {asked} games finished; {missing} did not")
        ).format(done=done, asked=asked, missing=missing)
        print(f"pocha {command}: {said}", file=sys.stderr)
        return 130
    said = _("{missing} are missing: {reason}").format(missing=missing, reason=stopped.reason)
    print(f"pocha {command}: {said}", file=sys.stderr)
    return 1


def missing_text(ranges: Sequence[range], unit: str = "games") -> str:
    """The games (or, for ``unit`` ``"sets"``, the sets) numbered in
    ``ranges``, in words of the current language: ``games 0-9, 20 and
    40-59``."""
    parts = spans(ranges)
    if not parts:
        return _("no sets") if unit == "sets" else _("no games")
    numbers = parts[0]
    if len(parts) > 1:
        numbers = _("{first} and {last}").format(first=", ".join(parts[:-1]), last=parts[-1])
    said = _("sets {numbers}") if unit == "sets" else _("games {numbers}")
    return said.format(numbers=numbers)


def speed_line(games: int, seconds: float, workers: int) -> str:
    """``"2.50 s, 40.0 games per second (2 workers)"``: how fast a run went."""
    rate = f"{games / seconds:.1f}" if seconds else "inf"
    spread = _(" ({workers} workers)").format(workers=workers) if workers > 1 else ""
    return _("{seconds} s, {rate} games per second{spread}").format(
        seconds=f"{seconds:.2f}", rate=rate, spread=spread
    )
