"""The server's tables: each a :class:`~pocha_rules.table.Table` with its
seats' tokens, its connections, and every move written down before anyone
hears of it."""

from __future__ import annotations

import asyncio
import json
import re
import secrets
import time
from collections.abc import Callable
from typing import Any, Final

from pocha_rules import games, messages
from pocha_rules._common.errors import PochaError, say
from pocha_rules._common.text import shown
from pocha_rules.serve._settings import TableSettings
from pocha_rules.serve._store import SavedTable, Statement, Store
from pocha_rules.table import Table

__all__ = ["ID_FORM", "Connection", "Limits", "Room", "Rooms", "refusal"]

ID_FORM: Final = re.compile(r"[A-Za-z0-9_-]{8,32}")
"""A table's id, as :func:`secrets.token_urlsafe` writes it."""

_INSERT_MOVE: Final = "INSERT INTO moves (tid, n, seat, move) VALUES (?, ?, ?, ?)"


class Limits:
    """How much the server takes: of each message, of tables, of
    connections. The defaults suit a server for friends."""

    def __init__(
        self,
        *,
        message_bytes: int = 2048,
        tables: int = 10_000,
        connections: int = 32,
        queued: int = 256,
    ) -> None:
        self.message_bytes = message_bytes
        """The most bytes of a message from a browser."""
        self.tables = tables
        """The most unfinished tables at once."""
        self.connections = connections
        """The most connections to one table (its seats' and spectators')."""
        self.queued = queued
        """The most messages waiting to be sent to one connection (a
        connection that falls that far behind is closed: it reconnects and
        is sent the current view)."""


def refusal(error: PochaError, lang: str, ref: object = None) -> dict[str, Any]:
    """The message refusing what a client asked: the error's code, its
    params and its message in ``lang``."""
    return {
        "type": "error",
        "code": error.code,
        "params": error.params,
        "message": messages.message(error, "es" if lang == "es" else "en"),
        "ref": ref,
    }


class Connection:
    """One browser's connection to a table: its seat (``None`` for a
    spectator) and the messages waiting to be sent to it."""

    def __init__(self, token: str | None, seat: int | None, lang: str, queued: int) -> None:
        self.token = token
        self.seat = seat
        self.lang = lang
        self.sent = 0
        """The number of the table's moves this connection has been told of."""
        self.outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(queued)

    def send(self, message: dict[str, Any] | None) -> None:
        """Queue ``message`` (``None`` closes the connection); a connection
        too far behind is closed."""
        try:
            self.outbox.put_nowait(message)
        except asyncio.QueueFull:
            while not self.outbox.empty():
                self.outbox.get_nowait()
            self.outbox.put_nowait(None)


class Room:
    """A table of the server."""

    def __init__(self, tid: str, settings: TableSettings, tokens: list[str | None]) -> None:
        self.id = tid
        self.settings = settings
        self.game = games.get(settings.game)
        self.table = Table(
            settings.rules(),
            seed=settings.seed,
            dealer=settings.dealer,
            bots=settings.make_bots(),
        )
        for seat, token in enumerate(tokens):
            if token is not None:
                self.table.sit(seat, token)
        self.tokens = tokens
        self.saved = 0
        """The number of moves written to the database."""
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.broken = False

    def rows(self, since: int) -> list[Statement]:
        """The statements that write the moves after the first ``since``."""
        out: list[Statement] = []
        for n, step in enumerate(self.table.steps(since), start=since):
            seat = self.game.to_move(step.before)
            out.append((_INSERT_MOVE, (self.id, n, seat, self.game.format_move(step.move))))
        if self.table.is_over:
            out.append(("UPDATE tables SET record = ? WHERE id = ?", (self.table.save(), self.id)))
        return out

    def replay(self, moves: list[tuple[int, str]]) -> None:
        """Make again the people's moves among ``moves`` (the bots make
        theirs again by themselves); then the moves must be the same.

        Raises:
            PochaError: The moves do not replay (the database is not this
                server's, or the bots have changed).

        """
        for n, (seat, text) in enumerate(moves):
            if n < self.table.moves:
                continue
            token = self.tokens[seat] if 0 <= seat < len(self.tokens) else None
            if token is None or n != self.table.moves:
                break
            self.table.play(token, text)
        made = [
            (self.game.to_move(step.before), self.game.format_move(step.move))
            for step in self.table.steps()
        ]
        if made != [(seat, text) for seat, text in moves]:
            raise PochaError(say("other", reason=f"table {self.id}: its moves do not replay"))
        self.saved = len(moves)

    def present(self) -> dict[str, Any]:
        """Who is at the table: for each seat whether a bot holds it and how
        many connections it has, and the number of spectators."""
        here = [0] * len(self.tokens)
        watching = 0
        for connection in self.connections:
            if connection.seat is None:
                watching += 1
            else:
                here[connection.seat] += 1
        seats = [
            {"seat": seat, "bot": self.settings.bots[seat], "connected": here[seat]}
            for seat in range(len(self.tokens))
        ]
        return {"type": "presence", "seats": seats, "spectators": watching}

    def welcome(self, connection: Connection) -> dict[str, Any]:
        """The first message to a connection: its seat and its view now."""
        moves, view = self.table.snapshot(connection.token)
        connection.sent = moves
        return {
            "type": "welcome",
            "table": self.id,
            "game": self.settings.game,
            "preset": self.settings.preset,
            "seat": connection.seat,
            "moves": moves,
            "view": view,
            "over": self.table.is_over,
        }

    def tell(self) -> None:
        """Send every connection the events it has not been told of (worked
        out once for each seat)."""
        moves = self.table.moves
        done: dict[tuple[str | None, int], list[dict[str, object]]] = {}
        for connection in self.connections:
            if connection.sent >= moves:
                continue
            key = (connection.token, connection.sent)
            events = done.get(key)
            if events is None:
                events = done[key] = self.table.events(connection.token, connection.sent)
            connection.send({"type": "events", "moves": moves, "events": events})
            connection.sent = moves


class Rooms:
    """Every table of the server, with the database they are written to."""

    def __init__(self, store: Store, limits: Limits, log: Callable[[str], None]) -> None:
        self.store = store
        self.limits = limits
        self.log = log
        self.rooms: dict[str, Room] = {}

    def open(self, saved: list[SavedTable]) -> None:
        """Take back the unfinished tables of the database, each replayed."""
        for table in saved:
            self._reopen(table)
        self.log(f"{len(self.rooms)} unfinished tables reopened")

    def _reopen(self, table: SavedTable) -> Room | None:
        try:
            settings = TableSettings.from_saved(table.settings)
            room = Room(table.id, settings, json.loads(table.tokens))
            room.replay(table.moves)
        except (PochaError, ValueError, KeyError, TypeError) as error:
            self.log(f"table {table.id} not reopened: {error}")
            return None
        self.rooms[table.id] = room
        return room

    async def find(self, tid: str) -> Room | None:
        """The table ``tid``: in memory, or a finished one read back from
        the database (the server lets a finished table go once nobody is
        connected to it); ``None`` when there is none."""
        if not ID_FORM.fullmatch(tid):
            return None
        room = self.rooms.get(tid)
        if room is None:
            saved = await asyncio.to_thread(self.store.load, tid)
            room = self.rooms.get(tid)  # read back meanwhile by another connection
            if room is None and saved is not None:
                room = self._reopen(saved)
        return room

    def unfinished(self) -> int:
        """The number of unfinished tables."""
        return sum(not room.table.is_over for room in self.rooms.values())

    async def create(self, settings: TableSettings) -> Room:
        """A new table, written to the database (with its bots' first moves).

        Raises:
            PochaError: The server holds as many unfinished tables as it may.

        """
        if self.unfinished() >= self.limits.tables:
            raise PochaError(say("tables_too_many", most=self.limits.tables))
        tid = secrets.token_urlsafe(9)
        tokens = [None if bot else secrets.token_urlsafe(24) for bot in settings.bots]
        room = Room(tid, settings, tokens)
        statements: list[Statement] = [
            (
                "INSERT INTO tables (id, settings, tokens, created) VALUES (?, ?, ?, ?)",
                (tid, settings.to_json(), json.dumps(tokens), time.time()),
            ),
            *room.rows(0),
        ]
        await self.store.write(statements)
        room.saved = room.table.moves
        self.rooms[tid] = room
        return room

    async def move(self, room: Room, connection: Connection, data: dict[str, Any]) -> None:
        """Make a connection's move (``{"type": "move", "move": "bid 2",
        "ref": 3}``, with ``"seat"`` optional), write it and the bots'
        replies, then tell everyone and acknowledge it (``ack`` with the
        same ``ref``); refuse it with its error code otherwise."""
        ref = data.get("ref")
        if not isinstance(ref, int | str | None):
            ref = None
        async with room.lock:
            if room.broken:
                connection.send(refusal(PochaError(say("storage_failed")), connection.lang, ref))
                return
            try:
                self._check(connection, data)
                room.table.play(connection.token, data["move"])  # type: ignore[arg-type]
            except PochaError as error:
                connection.send(refusal(error, connection.lang, ref))
                return
            before = room.saved
            try:
                await self.store.write(room.rows(before))
            except Exception as error:  # the disk: nobody hears of the move
                room.broken = True
                self.log(f"table {room.id}: cannot write a move: {error}")
                broken = PochaError(say("storage_failed"))
                for each in room.connections:
                    each.send(refusal(broken, each.lang))
                    each.send(None)
                return
            room.saved = room.table.moves
            room.tell()
            connection.send({"type": "ack", "ref": ref, "moves": room.saved})

    @staticmethod
    def _check(connection: Connection, data: dict[str, Any]) -> None:
        if connection.token is None or connection.seat is None:
            raise PochaError(say("token_missing"))
        seat = data.get("seat", connection.seat)
        if type(seat) is not int or seat != connection.seat:
            raise PochaError(say("seat_not_yours", seat=connection.seat, got=shown(seat)))
        if not isinstance(data.get("move"), str):
            raise PochaError(say("message_form", types='{"type": "move", "move": TEXT}'))

    async def join(self, room: Room, connection: Connection) -> None:
        """Seat a connection at its table: its welcome (the view after the
        moves written so far: a move being written waits, and comes as
        events), and everyone told who is there.

        Raises:
            PochaError: The table has as many connections as it may.

        """
        async with room.lock:
            if len(room.connections) >= self.limits.connections:
                raise PochaError(say("connections_too_many", most=self.limits.connections))
            room.connections.add(connection)
            connection.send(room.welcome(connection))
            self.presence(room)

    def leave(self, room: Room, connection: Connection) -> None:
        """A connection went away: everyone told; a finished table nobody
        watches any more is let go (its record stays in the database)."""
        room.connections.discard(connection)
        self.presence(room)
        self.let_go(room)

    def let_go(self, room: Room) -> None:
        """Let a finished table that nobody is connected to go from memory
        (the database keeps it: :meth:`find` reads it back)."""
        if room.table.is_over and not room.connections:
            self.rooms.pop(room.id, None)

    @staticmethod
    def presence(room: Room) -> None:
        """Tell everyone at the table who is there."""
        message = room.present()
        for each in room.connections:
            each.send(message)
