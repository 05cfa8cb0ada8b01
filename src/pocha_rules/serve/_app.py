"""The web application: its pages, its HTTP API and its websockets."""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import sys
from collections.abc import AsyncIterator
from functools import cache
from pathlib import Path
from typing import Any, Final

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from pocha_rules import svg
from pocha_rules._common.errors import PochaError, say
from pocha_rules._pocha.cards import CARDS
from pocha_rules.serve._rooms import Connection, Limits, Room, Rooms, refusal
from pocha_rules.serve._settings import BOTS, PRESETS, SETTINGS_BYTES, TableSettings
from pocha_rules.serve._store import Store

__all__ = ["create_app"]

STATIC: Final = Path(__file__).parent / "static"
HELLO_S: Final = 30.0
"""How long a new connection has to say who it is."""

_PAGE: Final = """<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="/static/serve.css">
</head>
<body>
<main id="pocha-serve" class="pocha-app" data-page="{page}" data-options='{options}'>
<noscript>{noscript}</noscript>
</main>
<script type="module" src="/static/{page}.js"></script>
</body>
</html>
"""

_TITLES: Final = {
    ("index", "en"): "Play Pocha and Poch with friends",
    ("index", "es"): "Juega a la Pocha y al Poch con amigos",
    ("table", "en"): "A table of Pocha or Poch",
    ("table", "es"): "Una mesa de Pocha o de Poch",
}


def _lang(request: Request) -> str:
    """The page's language: ``?lang=`` if given, else the browser's first."""
    asked = request.query_params.get("lang")
    if asked in ("en", "es", "de"):
        return asked
    accepted = request.headers.get("accept-language", "").lower()
    for part in accepted.split(","):
        code = part.strip()[:2]
        if code in ("en", "es", "de"):
            return code
    return "en"


def _page(request: Request, page: str) -> HTMLResponse:
    lang = _lang(request)
    options = {
        "presets": {game: list(names) for game, names in PRESETS.items()},
        "bots": list(BOTS),
        "players": {"pocha": [3, 8], "poch": [3, 6]},
    }
    text = _PAGE.format(
        lang=lang,
        page=page,
        title=_TITLES[page, "es" if lang == "es" else "en"],
        options=html.escape(json.dumps(options), quote=True),
        noscript="This page needs JavaScript."
        if lang != "es"
        else "Esta página necesita JavaScript.",
    )
    headers = {
        "Content-Security-Policy": "default-src 'self'; connect-src 'self' ws: wss:; "
        "img-src 'self' data:; style-src 'self' 'unsafe-inline'",
        "Referrer-Policy": "no-referrer",
        "X-Content-Type-Options": "nosniff",
    }
    return HTMLResponse(text, headers=headers)


def _error(error: PochaError, status: int, lang: str = "en") -> JSONResponse:
    body = refusal(error, lang)
    del body["type"], body["ref"]
    return JSONResponse({"error": body}, status_code=status)


@cache
def _faces(lang: str) -> bytes:
    """Every card of the Spanish deck as the library draws it, by card
    text, as JSON."""
    return json.dumps(
        {str(c): svg.card(c, lang="es" if lang == "es" else "en") for c in CARDS}
    ).encode()


def create_app(
    db: str | Path = "pocha-serve.sqlite3",
    *,
    limits: Limits | None = None,
    log: Any = None,
) -> Starlette:
    """The server as an ASGI application (run it with uvicorn, or any ASGI
    server that speaks websockets).

    Args:
        db: The SQLite file that keeps the tables (made if missing).
        limits: How much the server takes (:class:`Limits`' defaults when
            ``None``).
        log: Called with a line of text for what the server has to say
            (reopened tables, a failed write); stderr when ``None``.

    """
    store = Store(Path(db))
    limits = Limits() if limits is None else limits
    say_line = (
        log if log is not None else (lambda line: print(f"pocha serve: {line}", file=sys.stderr))
    )
    rooms = Rooms(store, limits, say_line)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        rooms.open(await asyncio.to_thread(store.open))
        try:
            yield
        finally:
            await asyncio.to_thread(store.close)

    async def index(request: Request) -> Response:
        return _page(request, "index")

    async def table_page(request: Request) -> Response:
        return _page(request, "table")

    async def create(request: Request) -> Response:
        lang = _lang(request)
        size = request.headers.get("content-length")
        if size is not None and (not size.isdigit() or int(size) > SETTINGS_BYTES):
            error = PochaError(say("message_too_long", most=SETTINGS_BYTES, length=size[:20]))
            return _error(error, 413, lang)
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > SETTINGS_BYTES:
                error = PochaError(say("message_too_long", most=SETTINGS_BYTES, length=len(body)))
                return _error(error, 413, lang)
        try:
            settings = TableSettings.from_json(body)
            room = await rooms.create(settings)
        except PochaError as error:
            return _error(error, 400, lang)
        base = str(request.base_url).rstrip("/")
        link = f"{base}/table/{room.id}"
        seats = [
            {
                "seat": seat,
                "bot": settings.bots[seat],
                "link": None if token is None else f"{link}#token={token}",
            }
            for seat, token in enumerate(room.tokens)
        ]
        body_out = {
            "id": room.id,
            "game": settings.game,
            "preset": settings.preset,
            "players": settings.players,
            "seats": seats,
            "spectator": link,
            "record": f"{base}/api/tables/{room.id}/record",
        }
        return JSONResponse(body_out, status_code=201)

    async def record(request: Request) -> Response:
        tid = request.path_params["tid"]
        lang = _lang(request)
        room = await rooms.find(tid)
        if room is None:
            return _error(PochaError(say("table_unknown")), 404, lang)
        if not room.table.is_over:
            return _error(PochaError(say("record_hidden")), 409, lang)
        text = room.table.save()
        game = room.settings.game
        rooms.let_go(room)
        headers = {"Content-Disposition": f'attachment; filename="{game}-{tid}.json"'}
        return Response(text, media_type="application/json", headers=headers)

    async def faces(request: Request) -> Response:
        lang = "es" if request.query_params.get("lang") == "es" else "en"
        headers = {"Cache-Control": "public, max-age=86400"}
        return Response(_faces(lang), media_type="application/json", headers=headers)

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        room = await rooms.find(websocket.path_params["tid"])
        try:
            text = await asyncio.wait_for(websocket.receive_text(), HELLO_S)
        except (TimeoutError, WebSocketDisconnect, KeyError, RuntimeError):
            await _close(websocket)
            return
        hello = _read(text, limits.message_bytes)
        lang = "en"
        if isinstance(hello, dict) and hello.get("lang") in ("en", "es", "de"):
            lang = str(hello["lang"])
        try:
            if isinstance(hello, PochaError):
                raise hello
            if hello.get("type") != "hello":
                raise PochaError(say("message_form", types='{"type": "hello", "token": TOKEN}'))
            if room is None:
                raise PochaError(say("table_unknown"))
            token = hello.get("token")
            if token is not None and not isinstance(token, str):
                raise PochaError(say("token_unknown"))
            seat = None if token is None else room.table.seat_of(token)
            connection = Connection(token, seat, lang, limits.queued)
            await rooms.join(room, connection)
        except PochaError as error:
            await websocket.send_text(json.dumps(refusal(error, lang)))
            await _close(websocket, 4400)
            return
        sender = asyncio.create_task(_send(websocket, connection))
        try:
            await _receive(websocket, room, connection)
        finally:
            rooms.leave(room, connection)
            connection.send(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(sender, 5)

    async def _receive(websocket: WebSocket, room: Room, connection: Connection) -> None:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            if text is None:
                text = (message.get("bytes") or b"").decode("utf-8", "replace")
            data = _read(text, limits.message_bytes)
            if isinstance(data, PochaError):
                connection.send(refusal(data, connection.lang))
            elif data.get("type") == "move":
                await rooms.move(room, connection, data)
            elif data.get("type") == "ping":
                connection.send({"type": "pong", "ref": data.get("ref")})
            else:
                error = PochaError(say("message_form", types="move, ping"))
                connection.send(refusal(error, connection.lang, data.get("ref")))

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204)

    routes = [
        Route("/", index),
        Route("/favicon.ico", no_icon),
        Route("/table/{tid}", table_page),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{tid}/record", record),
        Route("/api/faces", faces),
        WebSocketRoute("/ws/{tid}", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.rooms = rooms
    return app


def _read(text: str, most: int) -> dict[str, Any] | PochaError:
    """A message from a browser: a JSON object of at most ``most`` bytes."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > most:
        return PochaError(say("message_too_long", most=most, length=size))
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if not isinstance(data, dict):
        return PochaError(say("message_form", types="hello, move, ping"))
    return data


async def _send(websocket: WebSocket, connection: Connection) -> None:
    """Send a connection its messages as they come; close it on ``None``."""
    try:
        while True:
            message = await connection.outbox.get()
            if message is None:
                break
            await websocket.send_text(json.dumps(message, separators=(",", ":")))
    except Exception:  # the browser went away
        return
    await _close(websocket)


async def _close(websocket: WebSocket, code: int = 1000) -> None:
    if websocket.application_state != WebSocketState.DISCONNECTED:
        with contextlib.suppress(Exception):
            await websocket.close(code)
