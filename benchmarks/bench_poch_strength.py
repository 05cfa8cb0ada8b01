"""The strength of Poch's built-in bots: duplicate matches.

Each line is a duplicate match (:mod:`pocha_rules.matches`) of one seat of
a bot against three seats of another in 4-player Poch games (the defaults:
four deals, one dealt by each player): every set of games replays the same
packs with the bots one seat further on each time, so that each bot holds
every hand and the luck of the cards mostly cancels out. It prints each
bot's mean net chips per game and the difference with its 95% interval, as
a Markdown table (the Poch bot page's). Run it with ``nice`` on a shared
machine: the Monte Carlo lines take minutes.

    python benchmarks/bench_poch_strength.py [--sets 50] [--mc-sets 10] [--samples 8]
"""

from __future__ import annotations

import argparse
import functools
import time
from typing import Any

from pocha_rules.matches import play_match
from pocha_rules.poch import HeuristicBot, MonteCarloBot, RandomBot, RuleSet


def line(label: str, a: Any, b: Any, sets: int, seed: int) -> str:
    start = time.perf_counter()
    result = play_match(
        RuleSet(players=4),
        {"a": a, "b": b},
        games=4 * sets,
        lineup=["a", "b", "b", "b"],
        seed=seed,
        duplicate=True,
        workers=1,
    )
    bots = result.bots
    diff = result.difference("a", "b")
    seconds = time.perf_counter() - start
    assert diff.low is not None
    assert diff.high is not None
    return (
        f"| {label} | {bots['a'].score.mean:+.1f} | {bots['b'].score.mean:+.1f} | "
        f"{diff.mean:+.1f} [{diff.low:+.1f}, {diff.high:+.1f}] | {result.sets} | "
        f"{result.games} | {seconds:.0f} s |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=int, default=50, help="deal sets of the fast lines")
    parser.add_argument(
        "--mc-sets", type=int, default=10, help="deal sets of the Monte Carlo lines"
    )
    parser.add_argument("--samples", type=int, default=8, help="the Monte Carlo bot's samples")
    args = parser.parse_args()
    mc = functools.partial(MonteCarloBot, samples=args.samples)
    print(
        "| one seat of A against three of B | A chips/game | B chips/game | A - B [95%] "
        "| deal sets | games | time |"
    )
    print("|---|---|---|---|---|---|---|")
    print(line("heuristic vs random", HeuristicBot, RandomBot, args.sets, 1))
    print(line("random vs heuristic", RandomBot, HeuristicBot, args.sets, 2))
    print(line(f"Monte Carlo ({args.samples}) vs heuristic", mc, HeuristicBot, args.mc_sets, 3))
    print(line(f"Monte Carlo ({args.samples}) vs random", mc, RandomBot, args.mc_sets, 4))


if __name__ == "__main__":
    main()
