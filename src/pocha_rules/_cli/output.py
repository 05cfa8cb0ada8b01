"""Where the ``pocha`` command writes: plain text, or rich tables and bars."""

from __future__ import annotations

import os
import shutil
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol, TextIO

import attrs

from pocha_rules._cli.i18n import _

__all__ = ["Advance", "Output", "PlainBar", "Stop", "aligned", "padded"]


class Advance(Protocol):
    """Counts finished steps of a progress bar."""

    def __call__(self, steps: int = 1, /) -> None: ...


class Stop(Exception):
    """Leave a command early with an exit status (the message is printed)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


# --- output ---------------------------------------------------------------------


class Output:
    """Where the command writes: plain text, or rich when it is wanted and
    available (a terminal, no ``NO_COLOR``, no ``--plain``).
    """

    def __init__(self, stream: TextIO, *, plain: bool, errors: TextIO | None = None) -> None:
        self.stream = stream
        self.errors = sys.stderr if errors is None else errors
        self.plain = plain
        self.console: Any = None
        if plain or os.environ.get("NO_COLOR") or not stream.isatty():
            return
        try:
            from rich.console import Console
        except ImportError:  # the optional 'cli' extra is not installed
            return
        self.console = Console(file=stream, highlight=False)

    @property
    def rich(self) -> bool:
        """Whether output goes through rich."""
        return self.console is not None

    def line(self, text: str = "", *, style: str | None = None) -> None:
        """Write one line."""
        if self.console is not None:
            from rich.text import Text

            self.console.print(Text(text, style=style or ""))
        else:
            print(text, file=self.stream, flush=True)

    def table(
        self,
        title: str | None,
        headers: Sequence[str],
        rows: Sequence[Sequence[str]],
        *,
        left: int = 1,
    ) -> None:
        """Write a table; the first ``left`` columns are left-aligned, the
        others right-aligned.
        """
        if self.console is not None:
            from rich.table import Table

            table = Table(title=title)
            for i, header in enumerate(headers):
                table.add_column(header, justify="left" if i < left else "right")
            for row in rows:
                table.add_row(*row)
            self.console.print(table)
            return
        if title:
            self.line(title)
        for row in aligned([headers, *rows], left):
            self.line(row)

    @contextmanager
    def progress(self, total: int, label: str, *, unit: str | None = None) -> Iterator[Advance]:
        """A progress bar with a live rate (``unit`` per second): yields a
        function to call with the number of steps each time some finish.

        It is rich's bar when output goes through rich; otherwise a plain
        bar on stderr when stderr is a terminal; none with ``--plain`` or
        when nobody is watching. The bar is erased when it ends. ``unit``
        is games unless given.
        """
        if unit is None:
            unit = _("games")
        if self.console is not None:
            with _rich_bar(self.console, total, label, unit) as advance:
                yield advance
            return
        if self.plain or not _is_terminal(self.errors):
            yield _ignore
            return
        bar = PlainBar(self.errors, total, label, unit)
        try:
            yield bar.advance
        finally:
            bar.close()


def _ignore(steps: int = 1) -> None:
    """No bar: nothing to show."""


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or unusual stream
        return False


@contextmanager
def _rich_bar(console: Any, total: int, label: str, unit: str) -> Iterator[Advance]:
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        Task,
        TextColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class Rate(ProgressColumn):
        def render(self, task: Task) -> Text:
            elapsed = task.elapsed or 0.0
            rate = task.completed / elapsed if elapsed > 0 else 0.0
            return Text(f"{rate:,.1f} {unit}/s", style="progress.data.speed")

    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        Rate(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(label, total=total)

        def advance(steps: int = 1) -> None:
            bar.advance(task, steps)

        yield advance


@attrs.define(eq=False)
class PlainBar:
    """A progress bar in plain text, redrawn in place on a terminal:
    ``label [#####.....] 120/400 games, 35.2 games/s, 0:07 left``."""

    stream: TextIO
    total: int
    label: str
    unit: str
    clock: Callable[[], float] = attrs.field(default=time.monotonic, kw_only=True)
    done: int = attrs.field(default=0, init=False)
    start: float = attrs.field(init=False)
    drawn: float = attrs.field(default=-1.0, init=False)
    width: int = attrs.field(default=0, init=False)

    def __attrs_post_init__(self) -> None:
        self.start = self.clock()
        self.draw()

    def text(self) -> str:
        """The bar as it stands."""
        elapsed = self.clock() - self.start
        rate = self.done / elapsed if elapsed > 0 else 0.0
        share = self.done / self.total if self.total else 1.0
        filled = int(20 * share)
        text = f"{self.label} [{'#' * filled}{'.' * (20 - filled)}] "
        text += f"{self.done}/{self.total} {self.unit}, {rate:,.1f} {self.unit}/s"
        if rate > 0 and self.done < self.total:
            left = int((self.total - self.done) / rate)
            text += _(", {time} left").format(time=f"{left // 60}:{left % 60:02d}")
        return text

    def advance(self, steps: int = 1) -> None:
        """Count ``steps`` more finished; redraw at most ten times a second."""
        self.done += steps
        now = self.clock()
        if now - self.drawn >= 0.1 or self.done >= self.total:
            self.draw()

    def draw(self) -> None:
        text = self.text()[: max(10, shutil.get_terminal_size().columns - 1)]
        self.stream.write("\r" + text.ljust(self.width))
        self.stream.flush()
        self.width = len(text)
        self.drawn = self.clock()

    def close(self) -> None:
        """Erase the bar."""
        self.stream.write("\r" + " " * self.width + "\r")
        self.stream.flush()


def padded(labels: dict[str, str]) -> dict[str, str]:
    """``labels``, each padded to one width: one more than the longest."""
    width = max(map(len, labels.values())) + 1
    return {key: label.ljust(width) for key, label in labels.items()}


def aligned(rows: Sequence[Sequence[str]], left: int) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    out = []
    for row in rows:
        cells = [
            cell.ljust(width) if i < left else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        out.append("  ".join(cells).rstrip())
    return out
