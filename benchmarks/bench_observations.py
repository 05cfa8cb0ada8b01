"""The cost of one observation vector, against the cost of the view it reads.

States are taken from random games (the default rules and the ``full``
schedule, with its auction and blind rounds); every state is observed from
the seat to move. Each repeat times, interleaved over the same states:

* ``observe``: the seat's :class:`~pocha_rules.PlayerView` (the reference:
  every encoding starts from one);
* ``encode_view`` into a new list of floats;
* ``encode_view_into`` a reused NumPy float32 buffer (skipped without numpy);
* ``legal_action_mask`` of the view, the other half of an RL observation.

It prints the median time per call over the repeats and the ratio to
``observe``, by the clock on the wall and by the CPU time of the process
(what one idle core gives), and the share of a core the process got: well
below 1 means the machine was busy with other work.

    python benchmarks/bench_observations.py [--games 30] [--repeats 7]
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from pocha_rules import GameState, PlayerView, RuleSet, apply, legal_moves, new_game, observe
from pocha_rules._cli import version_line
from pocha_rules.actions import legal_action_mask
from pocha_rules.observations import encode_view, encode_view_into, observation_size

REFERENCE = "observe (reference)"


def states_of(rules: RuleSet, games: int) -> list[tuple[GameState, int]]:
    """Every state of ``games`` random games but the last, with the seat to move."""
    rng = random.Random(1)
    states = []
    for game in range(games):
        state = new_game(rules, seed=game)
        while state.to_move is not None:
            states.append((state, state.to_move))
            state = apply(state, rng.choice(legal_moves(state)))
    return states


def encoders(rules: RuleSet) -> dict[str, Callable[[PlayerView], object]]:
    """What is timed on the views, besides ``observe`` itself."""
    runners: dict[str, Callable[[PlayerView], object]] = {"encode_view -> list": encode_view}
    try:
        import numpy
    except ImportError:
        print("numpy is not installed: the NumPy buffer is skipped")
    else:
        buffer: Any = numpy.zeros(observation_size(rules), dtype=numpy.float32)
        runners["encode_view_into numpy"] = lambda view: encode_view_into(view, buffer)
    runners["legal_action_mask"] = legal_action_mask
    return runners


def timed(run: Callable[[Any], object], items: list[Any]) -> tuple[float, float]:
    """The wall-clock and CPU seconds of ``run`` over every item."""
    start, cpu = time.perf_counter(), time.process_time()
    for item in items:
        run(item)
    return time.perf_counter() - start, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="random games to take states from")
    parser.add_argument("--repeats", type=int, default=7, help="timed passes; medians reported")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {version_line()}")
    print("(timings on a shared machine: compare the ratios, taken in the same run)")
    for name, rules in (("default rules", RuleSet()), ("full schedule", RuleSet(schedule="full"))):
        states = states_of(rules, args.games)
        views = [observe(state, seat) for state, seat in states]
        runners = encoders(rules)
        times: dict[str, list[float]] = {REFERENCE: [], **{label: [] for label in runners}}
        cpu_times: dict[str, list[float]] = {label: [] for label in times}
        shares: list[float] = []
        jobs: list[tuple[str, Callable[[Any], object], list[Any]]] = [
            (REFERENCE, lambda pair: observe(*pair), states)
        ]
        jobs += [(label, run, views) for label, run in runners.items()]
        for _ in range(args.repeats):
            for label, run, items in jobs:
                wall, used = timed(run, items)
                times[label].append(wall / len(items))
                cpu_times[label].append(used / len(items))
                shares.append(used / wall)
        medians = {label: statistics.median(values) for label, values in times.items()}
        cpu_medians = {label: statistics.median(values) for label, values in cpu_times.items()}
        reference, cpu_reference = medians[REFERENCE], cpu_medians[REFERENCE]
        print(f"\n{name}: {len(views):,} states, {observation_size(rules)} numbers per vector; "
              f"the process got {statistics.median(shares):.0%} of a core (median)")  # fmt: skip
        print(f"  {'':<22}{'wall':>8}{'ratio':>9}{'CPU':>11}{'ratio':>9}")
        for label, value in medians.items():
            by_cpu = cpu_medians[label]
            print(f"  {label:<22}{value * 1e6:6.1f} us{value / reference:8.2f}x"
                  f"{by_cpu * 1e6:8.1f} us{by_cpu / cpu_reference:8.2f}x")  # fmt: skip


if __name__ == "__main__":
    main()
