"""``pocha serve`` under load: many tables of bots playing at once over real
websockets against one server process on one core.

The server (``pocha serve``, a fresh SQLite file, every move committed
before it is acknowledged) runs pinned to one core with ``taskset``; this
script, the clients, runs on another core. It sets up ``--tables`` tables
of Pocha (the classic game, four seats each, every seat a websocket of its
own: 4 x tables connections) and has each seat play a random legal move as
soon as it is its turn. It measures, over ``--seconds`` after a warm-up:

- the time from a move sent to its acknowledgement (``ack``), which comes
  after the move and the bots' replies are committed to the database and
  every seat at the table has been sent its events: median, 99th
  percentile and worst;
- the moves per second the server sustains, and the CPU time it used
  (``utime + stime`` of the process) per move.

Each repeat is interleaved with the reference: the same number of moves
made through :class:`~pocha_rules.table.Table` in a process on the same
core, with no server, no websockets and no database (the rules' own cost).
The ratio of the two says what serving a move costs beyond the rules. Run
it from the repository root with the ``serve`` extra::

    python benchmarks/bench_serve.py --tables 200 --seconds 20 --repeats 3

On a shared machine the figures move with the other work on it: read the
median of the repeats, and the CPU time per move beside the wall-clock ones
(the share of its core each side got says how much the others left it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.serve_client import free_port  # noqa: E402

REFERENCE = """
import random, sys, time
from pocha_rules import RuleSet
from pocha_rules.table import Table
moves, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
made = 0
started = time.process_time()
while made < moves:
    table = Table(RuleSet(players=4, schedule="classic"), seed=rng.randrange(2**32))
    tokens = [table.sit(seat) for seat in range(4)]
    while not table.is_over and made < moves:
        seat = table.state.to_move
        table.play(tokens[seat], rng.choice(table.view(tokens[seat])["legal_moves"]))
        made += 1
print(time.process_time() - started)
"""


class Stats:
    """What the clients measured."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.window = (0.0, 0.0)
        self.errors: list[str] = []

    def count(self, sent: float, acked: float) -> None:
        if self.window[0] <= sent and acked <= self.window[1]:
            self.latencies.append(acked - sent)


async def seat(
    uri: str, token: str, stats: Stats, stop: asyncio.Event, rng: random.Random, think: float
) -> None:
    """One seat's bot: a random legal move whenever it is its turn, after
    thinking for a random time from 0 to ``2 * think`` seconds."""
    from websockets.asyncio.client import connect

    async with connect(uri, max_size=None, ping_interval=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        mine: int | None = None
        to_move: int | None = None
        legal: list[str] = []
        sent: float | None = None
        ref = 0
        async for text in ws:
            message = json.loads(text)
            kind = message["type"]
            if kind == "welcome":
                view = message["view"]
                mine, to_move, legal = message["seat"], view["to_move"], view["legal_moves"]
            elif kind == "events":
                turn = message["events"][-1]
                to_move, legal = turn["to_move"], turn["legal_moves"]
            elif kind == "ack":
                assert sent is not None
                stats.count(sent, time.perf_counter())
                sent = None
            elif kind == "error":
                stats.errors.append(message["code"])
                sent = None
            if stop.is_set() or to_move is None:
                return
            if to_move == mine and sent is None and legal:
                ref += 1
                if think:
                    await asyncio.sleep(rng.uniform(0, 2 * think))
                sent = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "move": rng.choice(legal), "ref": ref}))


def create(base: str, tables: int) -> list[tuple[str, list[str]]]:
    """``tables`` new tables of four people; each table's id and tokens."""
    made = []
    body = json.dumps({"game": "pocha", "preset": "classic", "players": 4}).encode()
    for _ in range(tables):
        request = urllib.request.Request(base + "/api/tables", data=body, method="POST")
        with urllib.request.urlopen(request, timeout=30) as answer:
            data = json.loads(answer.read())
        made.append((data["id"], [s["link"].split("#token=")[1] for s in data["seats"]]))
    return made


def cpu_seconds(pid: int) -> float:
    """The CPU time (user + system) of the process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def load(
    port: int, tables: int, think: float, warm: float, seconds: float, seed: int, pid: int
) -> dict[str, Any]:
    """Play at every table for ``warm + seconds``; the measures of the window."""
    base = f"http://127.0.0.1:{port}"
    made = await asyncio.to_thread(create, base, tables)
    stats = Stats()
    stop = asyncio.Event()
    rng = random.Random(seed)
    uri = f"ws://127.0.0.1:{port}/ws"
    tasks = [
        asyncio.create_task(
            seat(
                f"{uri}/{tid}",
                token,
                stats,
                stop,
                random.Random(rng.random()),
                think,
            )
        )
        for tid, tokens in made
        for token in tokens
    ]
    now = time.perf_counter()
    stats.window = (now + warm, now + warm + seconds)
    await asyncio.sleep(warm)
    cpu = cpu_seconds(pid)
    mine = time.process_time()
    await asyncio.sleep(seconds)
    cpu = cpu_seconds(pid) - cpu
    mine = time.process_time() - mine
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    moves = len(stats.latencies)
    ordered = sorted(stats.latencies)
    return {
        "moves": moves,
        "moves_per_s": moves / seconds,
        "p50_ms": 1000 * ordered[len(ordered) // 2],
        "p99_ms": 1000 * ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))],
        "max_ms": 1000 * ordered[-1],
        "server_cpu_ms_per_move": 1000 * cpu / max(moves, 1),
        "server_cpu_share": cpu / seconds,
        "client_cpu_share": mine / seconds,
        "errors": len(stats.errors),
    }


def start(taskset: str, core: int, db: Path) -> tuple[subprocess.Popen[bytes], int]:
    """``pocha serve`` pinned to ``core``, once it answers; with its port."""
    port = free_port()
    command = [taskset, "-c", str(core), sys.executable, "-m", "pocha_rules"]
    command += ["serve", "--port", str(port), "--db", str(db)]
    with db.with_suffix(".log").open("wb") as log:
        server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2).close()
            return server, port
        except OSError:
            if time.monotonic() > deadline:
                server.kill()
                raise
            time.sleep(0.1)


def main() -> int:
    """Run the repeats; print each and the medians."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warm", type=float, default=3.0)
    parser.add_argument("--think", type=float, default=1.0, help="the paced bots' mean think time")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--server-core", type=int, default=0)
    parser.add_argument("--client-core", type=int, default=1)
    args = parser.parse_args()
    taskset = shutil.which("taskset")
    if taskset is None:
        print("bench_serve: taskset (util-linux) is needed to pin the server", file=sys.stderr)
        return 2
    os.sched_setaffinity(0, {args.client_core})
    modes = {"paced": args.think, "flat out": 0.0}
    runs: dict[str, list[dict[str, Any]]] = {mode: [] for mode in modes}
    references: list[float] = []
    for repeat in range(args.repeats):
        for mode, think in modes.items():
            with tempfile.TemporaryDirectory(prefix="bench-serve-") as scratch:
                server, port = start(taskset, args.server_core, Path(scratch) / "tables.sqlite3")
                try:
                    run = asyncio.run(
                        load(port, args.tables, think, args.warm, args.seconds, repeat, server.pid)
                    )
                finally:
                    server.terminate()
                    server.wait(30)
            runs[mode].append(run)
            print(
                f"repeat {repeat + 1}, {mode}: {run['moves_per_s']:.0f} moves/s, ack p50 "
                f"{run['p50_ms']:.1f} ms, p99 {run['p99_ms']:.1f} ms, "
                f"worst {run['max_ms']:.1f} ms; "
                f"server CPU {run['server_cpu_ms_per_move']:.2f} ms/move "
                f"({run['server_cpu_share']:.0%} of a core, the clients "
                f"{run['client_cpu_share']:.0%} of theirs); errors {run['errors']}",
                flush=True,
            )
        # The reference: as many moves through Table alone, on the server's core.
        moves = runs["flat out"][-1]["moves"]
        code = [taskset, "-c", str(args.server_core), sys.executable, "-c", REFERENCE]
        done = subprocess.run(
            [*code, str(moves), str(repeat)], capture_output=True, text=True, check=True
        )
        references.append(1000 * float(done.stdout) / max(moves, 1))
        print(f"repeat {repeat + 1}, Table alone: {references[-1]:.2f} ms/move", flush=True)
    reference = statistics.median(references)
    print(
        f"median of {args.repeats} repeats, {args.tables} tables ({4 * args.tables} websockets):"
    )
    for mode, think in modes.items():
        median = {key: statistics.median(run[key] for run in runs[mode]) for key in runs[mode][0]}
        paced = f"think {think:g} s on average" if think else "no think time"
        print(
            f"  {mode} ({paced}): {median['moves_per_s']:.0f} moves/s, move->ack p50 "
            f"{median['p50_ms']:.1f} ms, p99 {median['p99_ms']:.1f} ms (goal <= 50 ms), "
            f"server CPU {median['server_cpu_ms_per_move']:.2f} ms/move, "
            f"{median['server_cpu_ms_per_move'] / reference:.1f}x Table alone "
            f"({reference:.2f} ms/move)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
