"""``pocha serve`` as its players meet it: a real server process, real
websockets. Nobody plays another's seat, a spectator learns only what every
seat knows, inputs are size-limited, and nothing is lost: a server killed
with SIGKILL mid-game goes on with every table exactly where it was."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="pocha serve needs the serve extra")
pytest.importorskip("uvicorn", reason="pocha serve needs the serve extra")
pytest.importorskip("websockets", reason="pocha serve needs the serve extra")

from websockets.exceptions import ConnectionClosed

from tests.serve_client import Client, Server, over, token_of

# What a seat's view holds that no other seat, nor a spectator, is told.
PRIVATE = ("seat", "hand", "visible_hands", "legal_moves", "legal_actions")
CARD = re.compile(r"(?:play )?((?:1[0-2]|[1-9])[oceb])")


def cards_in(data: object) -> set[str]:
    """Every card a message names (a round's name, such as ``1b``, aside)."""
    if isinstance(data, dict):
        return set().union(*(cards_in(v) for k, v in data.items() if k not in ("rules", "round")))
    if isinstance(data, list):
        return set().union(*(cards_in(v) for v in data))
    found = CARD.fullmatch(data) if isinstance(data, str) else None
    return {found.group(1)} if found else set()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("serve")
    running = Server(folder / "tables.sqlite3", folder / "server.log").start()
    yield running
    running.stop()


def seats_of(server: Server, answer: dict[str, Any], lang: str = "en") -> dict[int, Client]:
    """A client at every person's seat of a new table."""
    return {
        seat["seat"]: Client(server, answer["id"], token_of(seat["link"]), lang)
        for seat in answer["seats"]
        if seat["link"]
    }


def play_on(
    seats: dict[int, Client],
    watchers: list[Client],
    rng: random.Random,
    moves: int | None = None,
    check: Any = None,
) -> None:
    """Play random legal moves at the seats to move (``moves`` of them, or
    to the end), every client kept in step, ``check`` called after each."""
    made = 0
    while moves is None or made < moves:
        any_seat = next(iter(seats.values()))
        if over(any_seat.view):
            return
        mover = seats[any_seat.view["to_move"]]
        ack = mover.move(rng.choice(mover.view["legal_moves"]))
        assert ack["type"] == "ack", ack
        for client in [*seats.values(), *watchers]:
            client.sync(ack["moves"])
        if check is not None:
            check()
        made += 1


def close(*clients: Client) -> None:
    for client in clients:
        client.close()


# --- tokens ------------------------------------------------------------------


def test_a_wrong_token_is_refused_and_the_connection_closed(server: Server) -> None:
    answer = server.table(game="pocha", players=3, bots=[None, "random", "random"])
    wrong = Client(server, answer["id"], "x" * 32)
    assert wrong.first["type"] == "error"
    assert wrong.first["code"] == "token_unknown"
    with pytest.raises(ConnectionClosed):
        wrong.receive(5)
    # A token of another table is wrong here too.
    other = server.table(game="pocha", players=3, bots=[None, "random", "random"])
    stranger = Client(server, answer["id"], token_of(other["seats"][0]["link"]), "es")
    assert stranger.first["code"] == "token_unknown"
    assert stranger.first["message"] == "ningún puesto tiene esta clave"


def test_a_spectator_cannot_move_nor_a_seat_move_for_another(server: Server) -> None:
    answer = server.table(game="pocha", players=3)
    seats = seats_of(server, answer)
    spectator = Client(server, answer["id"])
    assert spectator.first["type"] == "welcome"
    assert spectator.seat is None
    to_move = seats[0].view["to_move"]
    mover, other = seats[to_move], seats[(to_move + 1) % 3]
    legal = mover.view["legal_moves"][0]
    refused = spectator.move(legal)
    assert refused["code"] == "token_missing"
    refused = other.move(legal, seat=to_move)
    assert refused["code"] == "seat_not_yours"
    assert refused["params"] == {"seat": other.seat, "got": str(to_move)}
    refused = other.move(legal, seat=True)  # not a seat's number at all
    assert refused["code"] == "seat_not_yours"
    refused = other.move(legal)
    assert refused["code"] == "out_of_turn"
    refused = mover.move("bid 99")
    assert refused["type"] == "error"
    refused = mover.move("nonsense")
    assert refused["type"] == "error"
    assert refused["message"].startswith("cannot parse")
    # Nothing was made: the seat to move makes its move now.
    assert mover.move(legal)["moves"] == 1
    close(spectator, *seats.values())


def test_errors_are_told_in_spanish(server: Server) -> None:
    answer = server.table(game="pocha", players=3)
    seats = seats_of(server, answer, "es")
    to_move = seats[0].view["to_move"]
    other = seats[(to_move + 1) % 3]
    refused = other.move("bid 0")
    assert refused["code"] == "out_of_turn"
    assert refused["message"].startswith("jugada no permitida"), refused["message"]
    close(*seats.values())


# --- what a spectator sees ----------------------------------------------------


@pytest.mark.parametrize(
    ("settings", "seed"),
    [
        (
            {
                "game": "pocha",
                "players": 4,
                "preset": "short",
                "bots": [None, None, "heuristic", None],
            },
            1,
        ),
        ({"game": "poch", "players": 3, "preset": "short"}, 2),
    ],
)
def test_a_spectator_learns_only_what_every_seat_knows(
    server: Server, settings: dict[str, Any], seed: int
) -> None:
    answer = server.table(**settings)
    seats = seats_of(server, answer)
    spectator = Client(server, answer["id"])
    checked = 0

    def check() -> None:
        nonlocal checked
        views = [client.view for client in seats.values()]
        seen = spectator.view
        for name, value in seen.items():
            if name in PRIVATE:
                continue
            # What every seat sees, the spectator sees; nothing more.
            assert all(view[name] == value for view in views), name
        assert seen["seat"] is None
        assert seen["legal_moves"] == []
        assert seen["hand"] == []
        assert set(seen) == set(views[0])
        if "visible_hands" in seen:
            assert seen["visible_hands"] == [None] * len(views[0]["hand_sizes"])
        checked += 1

    check()
    play_on(seats, [spectator], random.Random(seed), check=check)
    assert over(spectator.view)
    assert checked > 20
    if settings["game"] == "pocha":
        # No card reached the spectator before it was played (or turned up).
        public: set[str] = set()
        for text in spectator.raw:
            message = json.loads(text)
            for event in message.get("events", []):
                if event.get("event") == "move" and event["move"].startswith("play "):
                    public.add(event["move"][5:])
                if event.get("event") == "round_started" and event.get("trump_card"):
                    public.add(event["trump_card"])
            if message["type"] == "welcome":
                public.add(str(message["view"].get("trump_card")))
            shown = cards_in(message)
            assert shown <= public, shown - public
    # A spectator who comes late is told the same view.
    late = Client(server, answer["id"])
    assert late.view == spectator.view
    close(late, spectator, *seats.values())


# --- limits ------------------------------------------------------------------


def test_inputs_are_size_limited(server: Server) -> None:
    status, answer = server.post("/api/tables", "{" + " " * 2000 + "}")
    assert status == 413
    assert answer["error"]["code"] == "message_too_long"
    status, answer = server.post("/api/tables", json.dumps({"game": "chess"}))
    assert status == 400
    assert answer["error"]["code"] == "option_choice"
    assert answer["error"]["params"]["where"] == "game"
    status, answer = server.post("/api/tables", json.dumps({"players": 9}))
    assert status == 400
    assert answer["error"]["params"]["where"] == "players"
    status, answer = server.post("/api/tables", json.dumps({"players": 3, "bots": ["random"] * 3}))
    assert status == 400
    assert answer["error"]["code"] == "no_person_seat"
    status, answer = server.post(
        "/api/tables", json.dumps({"bots": ["montecarlo", None, None, None]})
    )
    assert status == 400
    assert answer["error"]["params"]["where"] == "bots[0]"
    status, answer = server.post("/api/tables", "[1, 2]")
    assert status == 400
    assert answer["error"]["code"] == "message_form"
    table = server.table(players=3)
    seat = seats_of(server, table)[0]
    seat.send({"type": "move", "move": "x" * 3000})
    refused = seat.error()
    assert refused["code"] == "message_too_long"
    assert refused["params"]["most"] == 2048
    seat.send("not json")
    assert seat.error()["code"] == "message_form"
    # A message far over the limit is not read at all: the connection closes.
    seat.send("x" * 100_000)
    with pytest.raises(ConnectionClosed):
        seat.drain()
    assert server.get("/api/tables/nosuchtable/record")[0] == 404
    assert server.get("/api/tables/../record")[0] == 404


# --- reconnecting -----------------------------------------------------------


def test_a_reconnected_seat_gets_the_current_view(server: Server) -> None:
    answer = server.table(game="pocha", players=3, bots=[None, None, "random"])
    seats = seats_of(server, answer)
    # A second window at seat 0 stays connected throughout.
    twin = Client(server, answer["id"], token_of(answer["seats"][0]["link"]))
    rng = random.Random(5)
    play_on(seats, [twin], rng, moves=4)
    seats[0].close()
    others = {1: seats[1]}
    while not over(twin.view) and twin.view["to_move"] != 0 and twin.moves < 12:
        play_on(others, [twin], rng, moves=1)
    again = Client(server, answer["id"], token_of(answer["seats"][0]["link"]))
    assert again.first["type"] == "welcome"
    assert again.seat == 0
    assert again.moves == twin.moves > 4
    assert again.view == twin.view
    presence = again.receive()
    assert presence["type"] == "presence"
    assert [s["connected"] for s in presence["seats"]] == [2, 1, 0]
    assert [s["bot"] for s in presence["seats"]] == [None, None, "random"]
    close(again, twin, seats[1])


# --- nothing lost ---------------------------------------------------------------


def test_a_killed_server_goes_on_with_every_table_exactly(tmp_path: Path) -> None:
    server = Server(tmp_path / "tables.sqlite3", tmp_path / "server.log").start()
    try:
        settings = [
            {"game": "pocha", "players": 4, "bots": [None, "heuristic", None, "random"]},
            {"game": "pocha", "players": 3, "preset": "short"},
            {"game": "poch", "players": 3, "bots": [None, "heuristic", None]},
        ]
        tables = [server.table(**each) for each in settings]
        rng = random.Random(11)
        before: list[dict[int, tuple[int, dict[str, Any]]]] = []
        for answer in tables:
            seats = seats_of(server, answer)
            play_on(seats, [], rng, moves=7)
            before.append({seat: (c.moves, c.view) for seat, c in seats.items()})
            # Left open: the kill comes with the browsers still connected.
        server.kill()
        server.start()
        for answer, was in zip(tables, before, strict=True):
            seats = seats_of(server, answer)
            for seat, client in seats.items():
                assert (client.moves, client.view) == was[seat], (answer["game"], seat)
            # The game goes on, and ends; its record replays.
            status, _ = server.get(f"/api/tables/{answer['id']}/record")
            assert status == 409
            play_on(seats, [], rng)
            close(*seats.values())
        for answer in tables:
            status, record = server.get(f"/api/tables/{answer['id']}/record")
            assert status == 200
            path = tmp_path / f"{answer['id']}.json"
            path.write_text(json.dumps(record))
            command = ["replay", str(path)]
            if answer["game"] == "poch":
                command = ["poch", *command]
            done = subprocess.run(
                [sys.executable, "-m", "pocha_rules", "--plain", *command],
                capture_output=True,
                text=True,
                timeout=60,
            )
            assert done.returncode == 0, done.stderr
        # Finished tables are not reopened, and their records stay.
        server.stop()
        server.start()
        assert "0 unfinished tables reopened" in (tmp_path / "server.log").read_text()
        status, record = server.get(f"/api/tables/{tables[0]['id']}/record")
        assert status == 200
        assert record["format"] == "pocha-record"
    finally:
        server.stop()


def test_the_command_says_when_the_extra_is_missing() -> None:
    code = (
        "import sys; sys.modules['starlette'] = None; "
        "from pocha_rules._cli import main; sys.exit(main(['serve', '--port', '0']))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert 'pip install "pocha-rules[serve]"' in done.stderr
    assert "starlette" in done.stderr
