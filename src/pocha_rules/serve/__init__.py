"""``pocha serve``: play Pocha and Poch with friends, each in their own browser.

Install the extra (``pip install "pocha-rules[serve]"``: Starlette, uvicorn
and websockets) and start the server with one command::

    pocha serve --port 8000 --db tables.sqlite3

A person opens the server's page, sets up a table (the game, a rules
preset, the number of players, bots in some seats) and gets one link for
each person's seat and one for spectators. Each seat's link carries a
secret token (after ``#``, so that it never reaches a server's or a proxy's
log); the page sends it when it connects, over a websocket, and every move
is checked against that seat (:class:`~pocha_rules.table.Table` compares
tokens in constant time). Each browser is sent its seat's compact view
(:mod:`pocha_rules.compact`) and then the events of every move as its seat
may be told them; a spectator is sent what every seat sees, and no hidden
card reaches anyone. A refused message gets the error's code, its params
and its message in English or Spanish (:mod:`pocha_rules.messages`).

The protocol, one JSON object a message:

- the browser's first message: ``{"type": "hello", "token": TOKEN, "lang":
  "es"}`` (no token for a spectator); the answer ``{"type": "welcome",
  "seat": ..., "moves": N, "view": VIEW, ...}``, then ``presence``
  messages (who is connected) whenever someone comes or goes;
- ``{"type": "move", "move": "bid 2", "ref": 7}``: answered by an
  ``events`` message to every connection (``{"type": "events", "moves": N,
  "events": [...]}``, the events to apply to the view with
  :func:`~pocha_rules.compact.update_view`) and then ``{"type": "ack",
  "ref": 7, "moves": N}`` to the mover, or ``{"type": "error", "code":
  ..., "params": ..., "message": ..., "ref": 7}``.

Nothing is lost. Each table's settings, its tokens and every move (the
people's and the bots') are written to SQLite and committed before anyone
is told of the move; on start the server reopens every unfinished table by
replaying its moves, and a browser that reconnects with the same link is
sent the current view. A finished game's record (``GET
/api/tables/ID/record``) replays with ``pocha replay`` (Pocha) or ``pocha
poch replay`` (Poch); an unfinished one is refused, since a record holds
every card.

The database is the standard library's :mod:`sqlite3`, driven by one
thread that does nothing else: the event loop hands it the statements of a
move and awaits their commit, and the thread commits whatever has come in
the meantime in one transaction (a group commit), so that many tables'
moves share one sync of the disk (WAL journal, ``synchronous=FULL``). That
is all ``aiosqlite`` would add (it too runs each connection in a thread),
without the group commit and with one more dependency.

Every input is size-limited (:class:`Limits`): a message from a browser
(2 kB), a table's settings (1 kB), the unfinished tables, the connections
to one table, the messages waiting for a slow browser.
"""

from __future__ import annotations

from pathlib import Path

from pocha_rules.serve._app import create_app
from pocha_rules.serve._rooms import Limits
from pocha_rules.serve._settings import BOTS, PRESETS, TableSettings

__all__ = ["BOTS", "PRESETS", "Limits", "TableSettings", "create_app", "run"]

WS_MAX_BYTES = 65536
"""The largest websocket message the server reads at all; the application
refuses anything over :attr:`Limits.message_bytes` with its error code."""


def run(
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | Path = "pocha-serve.sqlite3",
    limits: Limits | None = None,
    log_level: str = "info",
) -> None:
    """Serve tables over HTTP on ``host``:``port`` until interrupted, with
    the database ``db`` (made if missing). Behind a reverse proxy, uvicorn
    trusts the ``X-Forwarded-*`` headers of the addresses in the
    ``FORWARDED_ALLOW_IPS`` environment variable (the loopback by default)."""
    import uvicorn

    app = create_app(db, limits=limits)
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws="websockets-sansio",
        ws_max_size=WS_MAX_BYTES,
        proxy_headers=True,
        log_level=log_level,
        timeout_graceful_shutdown=5,
    )
