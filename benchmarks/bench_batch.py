"""Throughput of the batch engine, :func:`pocha_rules.batch.simulate_batch`,
against OpenSpiel's C++ game loop, on one core.

The work is that of ``bench_openspiel.py``: one 9-card hand of 4 players
with a 40-card deck, the deal included, every move drawn uniformly at random
from the legal moves. The contenders, timed in turn within each repeat
(interleaved, so that a change of load on a shared machine falls on all of
them), are

* OpenSpiel's ``oh_hell`` with its game loop in C++:
  ``pyspiel.evaluate_bots(state, bots, seed)`` with
  ``pyspiel.make_uniform_random_bot`` bots, one call per hand: the
  reference for the ratios (skipped without ``pyspiel``:
  ``pip install -e ".[bench]"``);
* ``simulate_batch`` playing 1,024, 16,384 and 65,536 hands per call (in
  chunks of 16,384 games, its default), and 65,536 hands in chunks of other
  sizes;
* ``BatchGames`` stepped through 16,384 hands by an agent that plays the
  first legal action of each game (the cost of the stepping interface: the
  legal masks, and the checks of every action);
* whole games under the ``classic`` and ``full`` schedules, with
  ``simulate_batch`` and with the single-game fast path
  :func:`pocha_rules.simulate`.

It reports the median rate of each over the repeats, by wall time (with the
range) and by the CPU time of the process, and the ratios of the medians;
then the peak memory (``tracemalloc``, which sees
numpy's buffers) of a fresh interpreter simulating 1,024, 16,384 and 65,536
hands, next to the memory the results themselves take; and the rate of a
fresh interpreter that only calls ``simulate_batch`` for 16,384 hands again
and again (a program's usual case: in the runs above, the other contenders'
larger arrays have already moved the C library's threshold for mapping
memory afresh, which a fresh interpreter pays until the engine's own
buffers spare it).

    python benchmarks/bench_batch.py [--repeats 7]

numpy, OpenBLAS and MKL are held to one thread; the engine uses one core.
"""

from __future__ import annotations

import os

for _variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_variable] = "1"

import argparse  # noqa: E402
import platform  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import tracemalloc  # noqa: E402
from collections.abc import Callable  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402
from bench_openspiel import RULES, openspiel_game  # noqa: E402

from pocha_rules import RuleSet, simulate  # noqa: E402
from pocha_rules._cli import version_line  # noqa: E402
from pocha_rules.batch import BatchGames, simulate_batch  # noqa: E402
from pocha_rules.batch._simulate import CHUNK  # noqa: E402

OPENSPIEL = "OpenSpiel, C++ loop (evaluate_bots)"
CLASSIC = RuleSet()
FULL = RuleSet(schedule="full")

Runner = Callable[[int], int]
"""Plays one timed run from a seed; returns how many hands or games it played."""


def batch_hands(games: int, chunk: int = CHUNK) -> Runner:
    def run(seed: int) -> int:
        simulate_batch(RULES, games, seed=seed, chunk=chunk)
        return games

    return run


def openspiel_hands(game: Any, games: int) -> Runner:
    import pyspiel  # type: ignore[import-not-found,unused-ignore]

    def run(seed: int) -> int:
        bots = [pyspiel.make_uniform_random_bot(player, seed * 7 + player) for player in range(4)]
        for index in range(games):
            pyspiel.evaluate_bots(game.new_initial_state(), bots, (seed * 100_003 + index) % 2**31)
        return games

    return run


def stepped_hands(games: int) -> Runner:
    """Hands stepped through ``BatchGames`` by an agent that plays each
    game's first legal action (argmax of the mask): the interface's own
    cost, with the legal masks and the checks of every action."""

    def run(seed: int) -> int:
        batch = BatchGames(RULES, games, seed=seed)
        while not batch.done.all():
            batch.step(batch.legal_mask.argmax(axis=1))
        return games

    return run


def batch_games(rules: RuleSet, games: int) -> Runner:
    def run(seed: int) -> int:
        simulate_batch(rules, games, seed=seed)
        return games

    return run


def fast_path_games(rules: RuleSet, games: int) -> Runner:
    def run(seed: int) -> int:
        simulate(rules, games, seed=seed * 1_000_003)
        return games

    return run


Rates = dict[str, tuple[list[float], list[float]]]
"""Items per second of each runner, by wall time and by CPU time, one per repeat."""


def rates(runners: dict[str, Runner], repeats: int) -> Rates:
    """Items per second of each runner in each repeat (wall and CPU time of
    this process), the runners timed in turn within a repeat."""
    out: Rates = {name: ([], []) for name in runners}
    for run in runners.values():  # a warm-up run each: tables, caches
        run(10_000)
    for repeat in range(repeats):
        for name, run in runners.items():
            wall, cpu = time.perf_counter(), time.process_time()
            count = run(repeat)
            out[name][0].append(count / (time.perf_counter() - wall))
            out[name][1].append(count / (time.process_time() - cpu))
    return out


def show(title: str, measured: Rates, unit: str, reference: str | None) -> None:
    print(f"\n{title}")
    print(f"  {'':<46}{'wall time':>13}{'(range)':>22}{'CPU time':>12}{'ratios':>16}")
    base = measured.get(reference) if reference else None
    for name, (wall, cpu) in measured.items():
        line = (
            f"  {name:<46}{statistics.median(wall):>13,.0f}"
            f"{f'({min(wall):,.0f}-{max(wall):,.0f})':>22}{statistics.median(cpu):>12,.0f}"
        )
        if base is not None and name != reference:
            line += (
                f"{statistics.median(wall) / statistics.median(base[0]):>8.1f}x"
                f"{statistics.median(cpu) / statistics.median(base[1]):>7.1f}x"
            )
        print(line + f"  {unit}/s" if name == next(iter(measured)) else line)


def peak_memory(games: int) -> tuple[int, int]:
    """Peak traced memory of a fresh interpreter simulating ``games`` hands,
    and the bytes its result holds."""
    command = [sys.executable, __file__, "--memory-child", str(games)]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(path for path in sys.path if path))
    output = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    peak, held = output.stdout.split()
    return int(peak), int(held)


def memory_child(games: int) -> None:
    simulate_batch(RULES, 100, seed=1)  # the tables, built once per rule set
    tracemalloc.start()
    result = simulate_batch(RULES, games, seed=0)
    peak = tracemalloc.get_traced_memory()[1]
    held = sum(
        array.nbytes
        for array in (result.scores, result.first_dealer, result.rounds, result.trumps,
                      result.bids, result.won, result.points)
    )  # fmt: skip
    print(peak, held)


def fresh_rate() -> tuple[float, float]:
    """Median hands per second (wall, CPU) of a fresh interpreter calling
    ``simulate_batch`` for 16,384 hands again and again."""
    command = [sys.executable, __file__, "--fresh-child"]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(path for path in sys.path if path))
    output = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    wall, cpu = output.stdout.split()
    return float(wall), float(cpu)


def fresh_child(calls: int = 15) -> None:
    simulate_batch(RULES, 16_384, seed=0)  # the tables and the buffers
    walls, cpus = [], []
    for seed in range(1, calls + 1):
        wall, cpu = time.perf_counter(), time.process_time()
        simulate_batch(RULES, 16_384, seed=seed)
        walls.append(16_384 / (time.perf_counter() - wall))
        cpus.append(16_384 / (time.process_time() - cpu))
    print(statistics.median(walls), statistics.median(cpus))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7, help="interleaved timed runs")
    parser.add_argument("--memory-child", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--fresh-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.memory_child is not None:
        memory_child(args.memory_child)
        return
    if args.fresh_child:
        fresh_child()
        return
    print(f"Python {platform.python_version()} on {platform.machine()}, numpy {np.__version__}, "
          f"{version_line()}; one thread")  # fmt: skip
    hands: dict[str, Runner] = {}
    game = openspiel_game()
    if game is None:
        print("OpenSpiel is not installed (pip install open-spiel): its column is skipped")
    else:
        hands[OPENSPIEL] = openspiel_hands(game, 20_000)
    for games in (1024, 16_384, 65_536):
        hands[f"simulate_batch, {games:,} hands a call"] = batch_hands(games)
    for chunk in (4096, 65_536):
        hands[f"simulate_batch, 65,536 hands, chunks of {chunk:,}"] = batch_hands(65_536, chunk)
    hands["BatchGames, 16,384 hands, first legal action"] = stepped_hands(16_384)
    whole: dict[str, Runner] = {
        "classic, simulate (one game at a time)": fast_path_games(CLASSIC, 300),
        "classic, simulate_batch, 16,384 games a call": batch_games(CLASSIC, 16_384),
        "full, simulate (one game at a time)": fast_path_games(FULL, 200),
        "full, simulate_batch, 16,384 games a call": batch_games(FULL, 16_384),
    }
    measured = rates({**hands, **whole}, args.repeats)
    show(
        f"Random 9-card hands, 4 players, 40 cards, deal included "
        f"(median of {args.repeats} interleaved runs; the machine may be shared):",
        {name: measured[name] for name in hands},
        "hands",
        OPENSPIEL,
    )
    show(
        "Whole random games (the classic 28 rounds and the full 32, tiebreaks included):",
        {name: measured[name] for name in whole},
        "games",
        None,
    )
    for schedule in ("classic", "full"):
        one = measured[f"{schedule}, simulate (one game at a time)"]
        many = measured[f"{schedule}, simulate_batch, 16,384 games a call"]
        print(f"  {schedule}, simulate_batch / simulate: "
              f"{statistics.median(many[0]) / statistics.median(one[0]):.1f}x wall, "
              f"{statistics.median(many[1]) / statistics.median(one[1]):.1f}x CPU")  # fmt: skip
    print("\nPeak traced memory of a fresh interpreter simulating hands (tracemalloc):")
    for games in (1024, 16_384, 65_536):
        peak, held = peak_memory(games)
        mib = 2**20
        print(f"  {games:>6,} hands: peak {peak / mib:6.2f} MiB, of which the results "
              f"{held / mib:5.2f} MiB: working memory {(peak - held) / mib:5.2f} MiB")  # fmt: skip
    wall, cpu = fresh_rate()
    print("\nA fresh interpreter calling simulate_batch for 16,384 hands, 15 times (median):")
    print(f"  {wall:,.0f} hands/s wall, {cpu:,.0f} hands/s CPU")


if __name__ == "__main__":
    main()
