"""Time per decision of :class:`MonteCarloBot`, by budget and kind of decision.

Collects the decisions of a few 4-player ``classic`` games (every decision
with more than one legal move, of every seat), then times the Monte Carlo
bot on each of them at each budget, interleaved with :class:`HeuristicBot`
on the same view as the reference, and prints the median, 90th percentile
and largest time per decision (milliseconds), by kind of decision, and the
median ratio to the heuristic. Run it in the build to measure: the compiled
build (``.venv-compiled``, see the README) or the pure one (``.venv``).

    python benchmarks/bench_montecarlo.py [--games 2] [--samples 8 32 128]
"""

from __future__ import annotations

import argparse
import statistics
import time

from pocha_rules import HeuristicBot, MonteCarloBot, PlayerView, RuleSet, apply, new_game, observe
from pocha_rules._cli import version_line


def decisions(rules: RuleSet, games: int) -> list[PlayerView]:
    """The views of every decision with a choice in heuristic self-play."""
    views = []
    for game in range(games):
        bots = [HeuristicBot(seed=game * 10 + seat) for seat in range(rules.players)]
        state = new_game(rules, seed=game)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = observe(state, seat)
            if len(view.legal_moves()) > 1:
                views.append(view)
            state = apply(state, bots[seat].act(view))
    return views


def kind(view: PlayerView) -> str:
    """The kind of decision, with the hand size for bids and plays."""
    name = view.phase.value
    return f"{name} ({len(view.hand)} cards)" if view.hand else name


def timed(bot: MonteCarloBot | HeuristicBot, view: PlayerView) -> float:
    start = time.perf_counter()
    bot.act(view)
    return time.perf_counter() - start


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return (
        f"median {1000 * statistics.median(ordered):6.2f}  p90 {1000 * p90:6.2f}  "
        f"max {1000 * ordered[-1]:6.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games to collect decisions from")
    parser.add_argument("--samples", type=int, nargs="+", default=[8, 32, 128])
    args = parser.parse_args()
    views = decisions(RuleSet(players=4), args.games)
    print(version_line())
    print(f"{len(views)} decisions of {args.games} classic games (shared machine: medians)")
    for samples in args.samples:
        bot = MonteCarloBot(seed=1, samples=samples)
        reference = HeuristicBot(seed=1)
        mine: dict[str, list[float]] = {}
        ratios = []
        for view in views:
            heuristic = timed(reference, view)
            spent = timed(bot, view)
            ratios.append(spent / heuristic)
            for key in ("all", kind(view).split(" (")[0], kind(view)):
                mine.setdefault(key, []).append(spent)
        print(f"MonteCarloBot(samples={samples}): {statistics.median(ratios):.0f}x the heuristic")
        big = [key for key in mine if key.endswith("(10 cards)") or " (" not in key]
        for key in sorted(big):
            print(f"  {key:18} n={len(mine[key]):4}  {summary(mine[key])}")


if __name__ == "__main__":
    main()
