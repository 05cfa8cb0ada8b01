"""Where the ``pocha`` command writes: plain text, or rich tables and bars."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TextIO

__all__ = ["Output", "Stop", "aligned"]


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

    def __init__(self, stream: TextIO, *, plain: bool) -> None:
        self.stream = stream
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
    def progress(self, total: int, label: str) -> Iterator[Callable[[], None]]:
        """A progress bar (rich only; plain output shows none): yields a
        function to call once per finished step.
        """
        if self.console is None:
            yield lambda: None
            return
        from rich.progress import Progress

        with Progress(console=self.console, transient=True) as bar:
            task = bar.add_task(label, total=total)
            yield lambda: bar.advance(task)


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
