"""The engine protocol's overhead per decision.

Times the decisions of one seat in whole games played under the referee, the
seat played by :class:`HeuristicBot` in this process, by the same bot behind
the protocol (``pocha engine heuristic``: a Python process reading JSON lines),
and by the JavaScript example engine (``node examples/engine.js``), the other
seats by random bots. The runs are interleaved (in-process, Python engine,
JavaScript engine, and again), and the median time per decision of each
kind is reported with the overhead over the in-process bot: what the JSON
views, the pipes and the other process cost. Process start-up is counted
apart (once per game).

    python benchmarks/bench_engine.py [--games 20] [--repeats 5]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from pocha_rules import Bot, HeuristicBot, Move, PlayerView, RandomBot, RuleSet
from pocha_rules.engines import EngineBot
from pocha_rules.referee import referee_game

ROOT = Path(__file__).resolve().parent.parent


class Timed:
    """Times a bot's decisions (its first one apart: it starts an engine)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.first: float | None = None
        self.times: list[float] = []

    def act(self, view: PlayerView) -> Move:
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


def run(rules: RuleSet, make: Callable[[int], Bot], games: int) -> tuple[float, float]:
    """The mean seconds per decision (after the first) and per start."""
    decisions: list[float] = []
    starts: list[float] = []
    for number in range(games):
        timed = Timed(make(number))
        others = [RandomBot(seed=number * 8 + s) for s in range(1, rules.players)]
        played = referee_game(rules, [timed, *others], seed=number)
        assert not played.faults, played.faults
        decisions.extend(timed.times)
        if timed.first is not None:
            starts.append(timed.first)
    return statistics.fmean(decisions), statistics.fmean(starts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per run")
    parser.add_argument("--repeats", type=int, default=5, help="interleaved runs of each")
    args = parser.parse_args()
    rules = RuleSet(schedule=[1, 3, 5, 7, 9, 7, 5, 3, 1])
    serve = [sys.executable, "-m", "pocha_rules", "engine", "heuristic"]
    kinds: dict[str, Callable[[int], Bot]] = {
        "in-process HeuristicBot": lambda n: HeuristicBot(seed=n),
        "pocha engine heuristic": lambda n: EngineBot(serve, seed=n),
    }
    node = shutil.which("node")
    if node is not None:
        script = str(ROOT / "examples" / "engine.js")
        kinds["node examples/engine.js"] = lambda n: EngineBot([node, script], seed=n)
    per: dict[str, list[float]] = {name: [] for name in kinds}
    start: dict[str, list[float]] = {name: [] for name in kinds}
    for _ in range(args.repeats):
        for name, make in kinds.items():
            decision, started = run(rules, make, args.games)
            per[name].append(decision)
            start[name].append(started)
    base = statistics.median(per["in-process HeuristicBot"])
    print(f"{args.games} games x {args.repeats} interleaved runs, 4 players, rounds 1-9-1")
    print(f"{'seat played by':26} {'per decision':>13} {'overhead':>10} {'first move':>11}")
    for name in kinds:
        median = statistics.median(per[name])
        overhead = median - base
        first = statistics.median(start[name])
        print(f"{name:26} {median * 1e6:10.0f} us {overhead * 1e6:7.0f} us {first * 1e3:8.1f} ms")


if __name__ == "__main__":
    main()
