"""A table for four people over websockets, on :class:`pocha_rules.table.Table`.

A client sends ``{"sit": SEAT}`` (or ``{"token": TOKEN}`` to come back) and
gets ``{"token", "seat", "view", "seen"}``: its secret token and compact
view. It then sends ``{"move": "bid 1"}``; after every move each client gets
``{"events": [...], "seen": N}``, which ``pocha_rules.compact.update_view``
(or the same dozen lines in any language) applies to its view. A refused
move is answered ``{"error": CODE, "message": TEXT}``. Needs ``websockets``.

    python examples/ws_table.py [--port 8765] [--seed N] [--lang es]
"""

from __future__ import annotations

import argparse
import asyncio
import json

from websockets.asyncio.server import ServerConnection, serve

from pocha_rules import PochaError, RuleSet
from pocha_rules.messages import message
from pocha_rules.table import Table


class Server:
    """Seats websocket clients at ``table`` and tells each of them every move."""

    def __init__(self, table: Table, lang: str = "en") -> None:
        self.table, self.lang = table, lang
        self.clients: dict[ServerConnection, tuple[str, int]] = {}  # token, moves told

    def _error(self, error: PochaError) -> str:
        return json.dumps({"error": error.code, "message": message(error, self.lang)})

    async def handle(self, ws: ServerConnection) -> None:
        hello = json.loads(await ws.recv())
        try:
            token = hello["token"] if "token" in hello else self.table.sit(hello["sit"])
            seen, view = self.table.snapshot(token)
        except PochaError as error:
            await ws.send(self._error(error))
            return
        self.clients[ws] = (token, seen)
        seat = self.table.seat_of(token)
        await ws.send(json.dumps({"token": token, "seat": seat, "view": view, "seen": seen}))
        try:
            async for text in ws:
                try:
                    self.table.play(token, json.loads(text)["move"])
                except PochaError as error:
                    await ws.send(self._error(error))
                    continue
                await self.tell_everyone()
        finally:
            self.clients.pop(ws, None)

    async def tell_everyone(self) -> None:
        for ws, (token, seen) in list(self.clients.items()):
            now, events = self.table.moves, self.table.events(token, seen)
            self.clients[ws] = (token, now)  # before the await: no move is told twice
            await ws.send(json.dumps({"events": events, "seen": now}))


async def main(port: int, seed: int | None, lang: str) -> None:
    server = Server(Table(RuleSet(players=4), seed=seed), lang)
    async with serve(server.handle, "localhost", port):
        print(f"a table for four at ws://localhost:{port}")
        await asyncio.get_running_loop().create_future()  # until Ctrl-C


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--seed", type=int)
    parser.add_argument("--lang", choices=("en", "es"), default="en")
    args = parser.parse_args()
    asyncio.run(main(args.port, args.seed, args.lang))
