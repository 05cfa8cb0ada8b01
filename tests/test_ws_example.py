"""The guide's websocket server (examples/ws_table.py) plays a whole game
with four real websocket clients: each keeps its compact view current with
the events it is sent and answers with a move whenever it may move."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from pocha_rules import RuleSet
from pocha_rules.compact import update_view
from pocha_rules.table import Table

pytest.importorskip("websockets", reason="websockets is in the serve extra")

from websockets.asyncio.client import connect
from websockets.asyncio.server import serve

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "ws_table.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ws_table", EXAMPLE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ws_table"] = module
    spec.loader.exec_module(module)
    return module


example = load_example()


async def client(url: str, seat: int, seed: int, log: list[dict[str, Any]]) -> dict[str, Any]:
    """A seat's client: sits, keeps its view, plays a random legal move
    whenever it may (and once a move out of turn, which is refused)."""
    rng = random.Random(seed)
    async with connect(url) as ws:
        await ws.send(json.dumps({"sit": seat}))
        hello = json.loads(await ws.recv())
        assert hello["seat"] == seat
        view: dict[str, Any] = hello["view"]
        tried_out_of_turn = False
        while view["phase"] != "over":
            if view["legal_moves"]:
                await ws.send(json.dumps({"move": rng.choice(view["legal_moves"])}))
            elif not tried_out_of_turn:
                tried_out_of_turn = True
                await ws.send(json.dumps({"move": "bid 0"}))
            reply = json.loads(await ws.recv())
            if "error" in reply:
                log.append(reply)
                continue
            view = update_view(view, reply["events"])
        return view


def test_four_websocket_clients_play_a_whole_game() -> None:
    rules = RuleSet(players=4, schedule=[1, 2, 3, "1b"])

    async def play() -> tuple[Table, list[dict[str, Any]], list[dict[str, Any]]]:
        table = Table(rules, seed=8, dealer=0)
        server = example.Server(table, lang="es")
        async with serve(server.handle, "127.0.0.1", 0) as running:
            port = running.sockets[0].getsockname()[1]
            url = f"ws://127.0.0.1:{port}"
            errors: list[dict[str, Any]] = []
            views = await asyncio.wait_for(
                asyncio.gather(*(client(url, seat, seat, errors) for seat in range(4))), 120
            )
            async with connect(url) as late:  # a seat taken is refused with its code
                await late.send(json.dumps({"sit": 0}))
                errors.append(json.loads(await late.recv()))
        return table, list(views), errors

    table, views, errors = asyncio.run(play())
    assert table.is_over
    for seat, view in enumerate(views):
        assert view["phase"] == "over"
        assert view["seat"] == seat
        assert view["scores"] == list(table.state.scores)
    assert errors[-1]["error"] == "seat_taken"
    assert errors[-1]["message"] == "el puesto 0 está ocupado"
    out_of_turn = [e for e in errors[:-1] if e["error"] == "out_of_turn"]
    assert out_of_turn  # at least one client moved out of turn and was told why, in Spanish
    assert all("le toca al puesto" in e["message"] for e in out_of_turn)
