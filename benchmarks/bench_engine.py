"""The engine protocol's round trip per decision, and what it sends.

Times the decisions of one seat in whole games played under the referee, the
other seats played by random bots, the seat played by:

- :class:`HeuristicBot` in this process (the reference);
- the smallest engine there is, in C (``benchmarks/minimal_engine.c``, built
  here with ``cc``; it plays the first legal action), speaking version 2 of
  the protocol (the round's view and the events since its last turn) and,
  to see what version 2 saves, version 1 (the whole view at every turn);
- the same bot behind the protocol (``pocha engine heuristic``: a Python
  process reading JSON lines, asking for the whole view);
- the JavaScript example engine (``node examples/engine.js``), if node is
  installed.

The runs are interleaved (each kind once, then again), and the median time
per decision of each kind is reported, with the bytes sent to the engine
per game; process start-up is counted apart (the first decision of a game).

    python benchmarks/bench_engine.py [--games 4] [--repeats 5] [--classic]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pocha_rules import HeuristicBot, RandomBot, RuleSet
from pocha_rules._engine_process import EngineProcess
from pocha_rules.engines import EngineBot
from pocha_rules.referee import referee_game

ROOT = Path(__file__).resolve().parent.parent
_SENT = [0]


class Timed:
    """Times a bot's decisions (its first one apart: it starts an engine)."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.first: float | None = None
        self.times: list[float] = []

    def act(self, view: Any) -> Any:
        started = time.perf_counter()
        move = self.bot.act(view)
        spent = time.perf_counter() - started
        if self.first is None:
            self.first = spent
        else:
            self.times.append(spent)
        return move

    def notify(self, events: object) -> None:
        notify = getattr(self.bot, "notify", None)
        if callable(notify):
            notify(events)

    def close(self) -> None:
        close = getattr(self.bot, "close", None)
        if callable(close):
            close()


def counting(write: Callable[..., None]) -> Callable[..., None]:
    """``EngineProcess.write``, counting the bytes it sends."""

    def counted(self: EngineProcess, data: bytes, deadline: float) -> None:
        _SENT[0] += len(data)
        write(self, data, deadline)

    return counted


def run(rules: RuleSet, make: Callable[[int], Any], games: int) -> tuple[float, float, float]:
    """The median seconds per decision (after the first), the mean per
    start, and the bytes sent per game."""
    decisions: list[float] = []
    starts: list[float] = []
    _SENT[0] = 0
    for number in range(games):
        timed = Timed(make(number))
        others = [RandomBot(seed=number * 8 + s) for s in range(1, rules.players)]
        played = referee_game(rules, [timed, *others], seed=number)
        assert not played.faults, played.faults
        decisions.extend(timed.times)
        if timed.first is not None:
            starts.append(timed.first)
    return statistics.median(decisions), statistics.fmean(starts), _SENT[0] / games


def minimal_engine(folder: Path) -> list[str] | None:
    """The minimal C engine, built in ``folder``; ``None`` without ``cc``."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        return None
    program = folder / "minimal_engine"
    source = ROOT / "benchmarks" / "minimal_engine.c"
    subprocess.run([compiler, "-O2", "-o", str(program), str(source)], check=True)
    return [str(program)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games per run")
    parser.add_argument("--repeats", type=int, default=5, help="interleaved runs of each")
    parser.add_argument(
        "--classic", action="store_true", help="classic games (28 rounds) instead of 1-9-1"
    )
    args = parser.parse_args()
    rules = RuleSet() if args.classic else RuleSet(schedule=[1, 3, 5, 7, 9, 7, 5, 3, 1])
    EngineProcess.write = counting(EngineProcess.write)  # type: ignore[method-assign]
    serve = [sys.executable, "-m", "pocha_rules", "engine", "heuristic"]
    with tempfile.TemporaryDirectory() as folder:
        kinds: dict[str, Callable[[int], Any]] = {
            "in-process HeuristicBot": lambda n: HeuristicBot(seed=n)
        }
        minimal = minimal_engine(Path(folder))
        if minimal is not None:
            kinds["minimal C engine, v2"] = lambda n: EngineBot(minimal, seed=n)
            kinds["minimal C engine, v1"] = lambda n: EngineBot([*minimal, "1"], seed=n)
        kinds["pocha engine heuristic"] = lambda n: EngineBot(serve, seed=n)
        node = shutil.which("node")
        if node is not None:
            script = str(ROOT / "examples" / "engine.js")
            kinds["node examples/engine.js"] = lambda n: EngineBot([node, script], seed=n)
        per: dict[str, list[float]] = {name: [] for name in kinds}
        start: dict[str, list[float]] = {name: [] for name in kinds}
        sent: dict[str, list[float]] = {name: [] for name in kinds}
        for _ in range(args.repeats):
            for name, make in kinds.items():
                decision, started, volume = run(rules, make, args.games)
                per[name].append(decision)
                start[name].append(started)
                sent[name].append(volume)
    shape = "classic (28 rounds)" if args.classic else "rounds 1-9-1"
    print(f"{args.games} games x {args.repeats} interleaved runs, 4 players, {shape}")
    print(f"{'seat played by':26} {'per decision':>13} {'first move':>11} {'sent per game':>14}")
    for name in kinds:
        median = statistics.median(per[name])
        first = statistics.median(start[name])
        volume = statistics.median(sent[name])
        shown = f"{volume / 1024:11.1f} KB" if volume else f"{'':>14}"
        print(f"{name:26} {median * 1e6:10.0f} us {first * 1e3:8.1f} ms {shown}")


if __name__ == "__main__":
    main()
