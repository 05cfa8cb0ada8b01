"""How much faster games run spread over processes, and what a cluster costs.

1. **Speed-up.** Random 4-player ``classic`` games (the job of
   ``pocha_rules.parallel.simulate``) and games between heuristic bots (the
   job of a match) on one worker (this process alone), two workers and one
   per core (pools started once and kept), interleaved and repeated; the
   medians of the wall time per game and of the CPU time per game (the
   games' CPU time in the workers, plus all of this process's), and their
   ratios to one worker; then what starting the default pool costs a call.
   On a machine shared with other work the wall time says what you wait;
   the CPU time says what the spreading costs.
2. **Overhead per task** on Dask (``distributed.LocalCluster``, two worker
   processes) and Ray (``ray.init(num_cpus=2)``, through
   ``pocha_rules.cluster.RayExecutor``), against the local process pool:
   the wall time of empty tasks, two workers busy; from it, the games per
   task needed to stay within 10% of the local pool's speed; then that
   chunk size is run and measured, and grown fourfold (twice at most) until
   it is within 10% (the cluster's own processes share the cores too).

    python benchmarks/bench_parallel.py [--repeats 3] [--seconds 3] [--no-cluster]
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import importlib
import logging
import math
import multiprocessing
import os
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from pocha_rules import HeuristicBot, RuleSet
from pocha_rules import simulate as play_random
from pocha_rules._cli import version_line
from pocha_rules.matches import Match
from pocha_rules.parallel import available_cores, run_chunks

CLASSIC = RuleSet(players=4, schedule="classic")


class RandomGames:
    """Game ``i``: a random classic game, as ``parallel.simulate`` plays it."""

    def __call__(self, chunk: range) -> int:
        for i in chunk:
            play_random(CLASSIC, 1, seed=i)
        return len(chunk)


class BotGames:
    """Game ``i`` of a match between heuristic bots."""

    def __init__(self) -> None:
        self.match = Match(CLASSIC, {"h": HeuristicBot})

    def __call__(self, chunk: range) -> int:
        for i in chunk:
            self.match.play(i)
        return len(chunk)


class Nothing:
    """An empty task: what remains is the cost of sending it and back."""

    def __call__(self, chunk: range) -> int:
        return len(chunk)


class Timed:
    """A job's value, and the CPU seconds it took in the process that ran it."""

    def __init__(self, job: Callable[[range], int]) -> None:
        self.job = job

    def __call__(self, chunk: range) -> tuple[int, float]:
        start = time.process_time()
        value = self.job(chunk)
        return value, time.process_time() - start


def measure(
    job: Callable[[range], int],
    games: int,
    workers: int,
    executor: cf.Executor | None = None,
    chunk_size: int | None = None,
) -> tuple[float, float]:
    """Wall and CPU seconds per game of ``games`` games of ``job``."""
    wall, cpu = time.perf_counter(), time.process_time()
    chunks = run_chunks(
        Timed(job), games, workers=workers, executor=executor, chunk_size=chunk_size
    )
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    assert sum(value for _, (value, _) in chunks) == games
    if workers > 1 or executor is not None:  # the workers' CPU time is not ours
        cpu += sum(seconds for _, (_, seconds) in chunks)
    return wall / games, cpu / games


def sized(job: Callable[[range], int], seconds: float) -> int:
    """How many games of ``job`` one process plays in about ``seconds``."""
    games, start = 0, time.perf_counter()
    while time.perf_counter() - start < 0.5:
        job(range(games, games + 1))
        games += 1
    return max(16 * available_cores(), int(games * seconds / (time.perf_counter() - start)))


def plural(count: int, noun: str) -> str:
    """``count`` and ``noun``, the noun in the plural unless there is one."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (5 min: {five:.1f}) on {os.cpu_count()} cores"


def speedups(repeats: int, seconds: float) -> dict[str, float]:
    """Part 1; the seconds per game of one process, by job."""
    cores = available_cores()
    counts = sorted({1, 2, cores})
    context = multiprocessing.get_context("forkserver")
    # Pools started once and kept: the steady speed. What starting the
    # default pool costs each call is measured apart, below.
    pools = {n: cf.ProcessPoolExecutor(n, mp_context=context) for n in counts if n > 1}
    for n, pool in pools.items():
        run_chunks(Nothing(), 4 * n, executor=pool, workers=n, chunk_size=1)
    jobs: list[tuple[str, Callable[[range], int]]] = [
        ("random classic games", RandomGames()),
        ("heuristic bot games", BotGames()),
    ]
    per_game = {}
    for name, job in jobs:
        games = sized(job, seconds)
        runs: dict[int, list[tuple[float, float]]] = {n: [] for n in counts}
        for _ in range(repeats):
            for n in counts:  # interleaved, so that the load falls on all alike
                runs[n].append(measure(job, games, n, pools.get(n)))
        base_wall = statistics.median(wall for wall, _ in runs[1])
        base_cpu = statistics.median(cpu for _, cpu in runs[1])
        per_game[name] = base_wall
        print(f"\n{name}: {games} games a run, median of {repeats} runs, {load()}")
        print("  workers   wall ms/game  speed-up   CPU ms/game  CPU ratio")
        for n in counts:
            wall = statistics.median(w for w, _ in runs[n])
            cpu = statistics.median(c for _, c in runs[n])
            label = f"{n} (all)" if n == cores and n > 2 else str(n)
            print(
                f"  {label:<8}{1000 * wall:12.3f}{base_wall / wall:10.2f}x"
                f"{1000 * cpu:13.3f}{cpu / base_cpu:10.2f}x"
            )
    for pool in pools.values():
        pool.shutdown()
    for n in counts[1:]:
        starts = []
        for _ in range(repeats):
            start = time.perf_counter()
            run_chunks(Nothing(), n, workers=n, chunk_size=1)
            starts.append(time.perf_counter() - start)
        print(
            f"\nstarting and stopping the default pool of {n} workers: "
            f"{statistics.median(starts):.2f} s a call"
        )
    return per_game


@contextmanager
def dask_executor() -> Iterator[cf.Executor | None]:
    try:  # untyped where installed: Any, whether it is installed or not
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        print("\nDask: not installed (pip install 'pocha-rules[cluster]')")
        yield None
        return
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client.get_executor()


@contextmanager
def ray_executor() -> Iterator[cf.Executor | None]:
    try:
        import ray

        from pocha_rules.cluster import RayExecutor
    except ImportError:
        print("\nRay: not installed (pip install 'pocha-rules[cluster]')")
        yield None
        return
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield RayExecutor()
    finally:
        ray.shutdown()


def task_overhead(executor: cf.Executor, tasks: int, repeats: int) -> float:
    """Wall seconds per empty task and worker, two workers busy."""
    walls = []
    for _ in range(repeats):
        start = time.perf_counter()
        run_chunks(Nothing(), tasks, workers=2, executor=executor, chunk_size=1)
        walls.append(time.perf_counter() - start)
    return statistics.median(walls) * 2 / tasks


def clusters(repeats: int, per_game: dict[str, float]) -> None:
    """Part 2."""
    local = cf.ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("forkserver"))
    run_chunks(Nothing(), 20, workers=2, executor=local)  # start its workers
    print(f"\noverhead per task ({load()}):")
    print(f"  local process pool: {1000 * task_overhead(local, 1000, repeats):.2f} ms per task")
    engines: list[tuple[str, Callable[[], Any]]] = [("Dask", dask_executor), ("Ray", ray_executor)]
    for engine, start in engines:
        with start() as executor:
            if executor is None:
                continue
            run_chunks(Nothing(), 20, workers=2, executor=executor)  # warm the workers
            overhead = task_overhead(executor, 1000, repeats)
            print(f"\n{engine}: {1000 * overhead:.2f} ms per task and worker ({load()})")
            for name, seconds in per_game.items():
                # k games of g seconds in a task that costs o more stay within
                # 10% of the local speed when k g / (k g + o) >= 0.9. That
                # counts the task's latency only; the cluster's own processes
                # compete for the cores too, so the estimate is checked, and
                # the chunk grown fourfold until the speed is within 10%.
                needed = max(1, math.ceil(9 * overhead / seconds))
                job: Callable[[range], int] = (
                    RandomGames() if name.startswith("random") else BotGames()
                )
                print(f"  {name}: {plural(needed, 'game')} per task estimated from the latency")
                for size in (needed, 4 * needed, 16 * needed):
                    games = max(8 * size, int(6 / seconds))
                    games -= games % (2 * size)
                    here, there = [], []
                    for _ in range(repeats):  # interleaved
                        here.append(measure(job, games, 2, local)[0])
                        there.append(measure(job, games, 2, executor, chunk_size=size)[0])
                    cluster, pool = statistics.median(there), statistics.median(here)
                    print(
                        f"    {plural(size, 'game')} per task: {1000 * cluster:.3f} ms/game "
                        f"against {1000 * pool:.3f} on the local pool "
                        f"({pool / cluster:.0%} of the local speed)"
                    )
                    if pool / cluster >= 0.9:
                        break
    local.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="runs of each measurement")
    parser.add_argument("--seconds", type=float, default=3.0, help="one process's time a run")
    parser.add_argument("--no-cluster", action="store_true", help="skip Dask and Ray")
    args = parser.parse_args()
    print(version_line())
    print(f"{available_cores()} cores available to this process; {load()}")
    per_game = speedups(args.repeats, args.seconds)
    if not args.no_cluster:
        clusters(args.repeats, per_game)


if __name__ == "__main__":
    main()
