"""The server's database: SQLite in one file, written by one thread.

Every write goes through :meth:`Store.write`, which hands its statements to
the writer thread and returns once they are committed. The thread commits
whatever is waiting in one transaction (group commit): under load a single
commit, and a single sync of the disk, covers the moves of many tables.
"""

from __future__ import annotations

import asyncio
import queue
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

__all__ = ["SavedTable", "Statement", "Store"]

Statement = tuple[str, Sequence[Any]]
"""One SQL statement and its parameters."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    settings TEXT NOT NULL,
    tokens TEXT NOT NULL,
    created REAL NOT NULL,
    record TEXT
);
CREATE TABLE IF NOT EXISTS moves (
    tid TEXT NOT NULL,
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (tid, n)
) WITHOUT ROWID;
"""


class SavedTable(NamedTuple):
    """An unfinished table as the database holds it."""

    id: str
    settings: str
    tokens: str
    moves: list[tuple[int, str]]
    """Each move made (people's and bots'), in order: its seat and its text."""


class _Job(NamedTuple):
    statements: Sequence[Statement]
    loop: asyncio.AbstractEventLoop
    done: asyncio.Future[None]


def _settle(done: asyncio.Future[None], error: BaseException | None) -> None:
    if done.cancelled():
        return
    if error is None:
        done.set_result(None)
    else:
        done.set_exception(error)


def _saved(connection: sqlite3.Connection, row: tuple[str, str, str]) -> SavedTable:
    tid, settings, tokens = row
    moves = connection.execute("SELECT seat, move FROM moves WHERE tid = ? ORDER BY n", (tid,))
    return SavedTable(tid, settings, tokens, [(seat, move) for seat, move in moves])


def connect(path: Path) -> sqlite3.Connection:
    """A connection to the database at ``path``, made if missing: WAL
    journal, each commit synced to the disk."""
    connection = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=FULL")
    connection.execute("PRAGMA busy_timeout=5000")
    return connection


class Store:
    """The database of tables and their moves, in the file ``path``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._queue: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._connection: sqlite3.Connection | None = None

    def open(self) -> list[SavedTable]:
        """Open the database (made if missing), start the writer; the
        unfinished tables, with their moves."""
        connection = connect(self.path)
        connection.executescript(_SCHEMA)
        rows = connection.execute(
            "SELECT id, settings, tokens FROM tables WHERE record IS NULL ORDER BY created"
        ).fetchall()
        saved = [_saved(connection, row) for row in rows]
        self._connection = connection
        self._thread = threading.Thread(target=self._run, name="pocha-serve-store", daemon=True)
        self._thread.start()
        return saved

    def load(self, tid: str) -> SavedTable | None:
        """The table ``tid`` (a finished one, say, that the server let go),
        read in the calling thread with a connection of its own; ``None``
        when the database has no such table."""
        connection = sqlite3.connect(self.path)
        try:
            row = connection.execute(
                "SELECT id, settings, tokens FROM tables WHERE id = ?", (tid,)
            ).fetchone()
            return None if row is None else _saved(connection, row)
        finally:
            connection.close()

    async def write(self, statements: Sequence[Statement]) -> None:
        """Run ``statements`` in a transaction; return once it is committed.

        Raises:
            sqlite3.Error: The database refused them (nothing is written).

        """
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._queue.put(_Job(statements, loop, done))
        await done

    def close(self) -> None:
        """Write what is waiting, stop the writer and close the database."""
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join()
            self._thread = None
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def _run(self) -> None:
        connection = self._connection
        assert connection is not None
        stop = False
        while not stop:
            job = self._queue.get()
            if job is None:
                return
            jobs = [job]
            while True:  # whatever else is waiting joins the same commit
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                jobs.append(more)
            error: BaseException | None = None
            try:
                connection.execute("BEGIN IMMEDIATE")
                try:
                    for each in jobs:
                        for sql, parameters in each.statements:
                            connection.execute(sql, parameters)
                except BaseException:
                    connection.execute("ROLLBACK")
                    raise
                connection.execute("COMMIT")
            except Exception as failure:  # every job of the group is told
                error = failure
            for each in jobs:
                each.loop.call_soon_threadsafe(_settle, each.done, error)
