"""Games on real local clusters: Dask (``distributed.LocalCluster``, worker
processes) through its own executor, and Ray (``ray.init(num_cpus=2)``)
through :class:`pocha_rules.cluster.RayExecutor`. They give exactly the
results of one process, and a worker killed for real loses no game.

These tests need the ``cluster`` extra (``pip install
"pocha-rules[cluster]"``) and skip without it; CI installs it.
"""

from __future__ import annotations

import concurrent.futures as cf
import functools
import logging
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import pytest

import pocha_rules
from pocha_rules import HeuristicBot, RandomBot, RuleSet
from pocha_rules.matches import BotFactory, Match
from pocha_rules.parallel import simulate
from pocha_rules.tournaments import SetResult, Tournament
from tests.parallel_helpers import DyingBot, Slow, Squares

RULES: Final = RuleSet(schedule=(3, 5, 3))
BOTS: Final[dict[str, BotFactory]] = {"heuristic": HeuristicBot, "random": RandomBot}
NEEDS: Final = 'needs the cluster extra: pip install "pocha-rules[cluster]"'


@pytest.fixture(scope="module")
def dask() -> Iterator[cf.Executor]:
    distributed = pytest.importorskip("distributed", reason=NEEDS)
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


@pytest.fixture(scope="module")
def ray_executor() -> Iterator[cf.Executor]:
    ray = pytest.importorskip("ray", reason=NEEDS)
    from pocha_rules.cluster import RayExecutor

    root = str(Path(__file__).resolve().parent.parent)
    package = str(Path(pocha_rules.__file__).resolve().parent.parent)
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        # The workers import the tests' helpers, and the package these
        # tests import (the source tree, or a built wheel), as this process does.
        runtime_env={"env_vars": {"PYTHONPATH": os.pathsep.join([root, package])}},
    )
    try:
        yield RayExecutor()
    finally:
        ray.shutdown()


def check_same_results(executor: cf.Executor) -> None:
    expected = simulate(RULES, 24, seed=3, workers=1)
    assert simulate(RULES, 24, seed=3, executor=executor, workers=2, chunk_size=5) == expected
    match = Match(RULES, BOTS, seed=12, duplicate=True)
    reference = match.run(16, workers=1)
    assert match.run(16, executor=executor, workers=2) == reference
    assert match.run(16, executor=executor, workers=2, chunk_size=2) == reference


def check_a_killed_worker_loses_nothing(executor: cf.Executor, marker: Path) -> None:
    dying = functools.partial(DyingBot, marker=str(marker), home=os.getpid())
    bots: dict[str, BotFactory] = {"random": dying, "heuristic": HeuristicBot}
    steps: list[int] = []
    result = Match(RULES, bots, seed=5).run(
        16, executor=executor, workers=2, chunk_size=2, progress=steps.append
    )
    assert marker.exists()  # a worker process was killed
    assert sum(steps) == 16
    reference = Match(RULES, {"random": RandomBot, "heuristic": HeuristicBot}, seed=5).run(
        16, workers=1
    )
    assert result == reference


def check_tournament(executor: cf.Executor, marker: Path) -> None:
    """A tournament on the cluster gives the results of one process, even
    when a worker is killed, and hands every set over as it finishes."""
    dying = functools.partial(DyingBot, marker=str(marker), home=os.getpid())
    bots: dict[str, BotFactory] = {"heuristic": HeuristicBot, "random": dying, "b": RandomBot}
    saved: list[SetResult] = []
    result = Tournament(RULES, bots, sets=4, seed=2).run(
        executor=executor, workers=2, chunk_size=2, on_result=saved.extend
    )
    assert marker.exists()  # a worker process was killed
    reference = Tournament(
        RULES, {"heuristic": HeuristicBot, "random": RandomBot, "b": RandomBot}, sets=4, seed=2
    ).run(workers=1)
    assert result == reference
    assert sorted(saved, key=lambda r: (r.pair, r.number)) == sorted(
        reference.sets, key=lambda r: (r.pair, r.number)
    )


# --- Dask ------------------------------------------------------------------------------


def test_dask_gives_the_results_of_one_process(dask: cf.Executor) -> None:
    check_same_results(dask)


def test_a_killed_dask_worker_loses_nothing(dask: cf.Executor, tmp_path: Path) -> None:
    check_a_killed_worker_loses_nothing(dask, tmp_path / "died")


def test_a_tournament_on_dask(dask: cf.Executor, tmp_path: Path) -> None:
    check_tournament(dask, tmp_path / "died")


# --- Ray -------------------------------------------------------------------------------


def test_ray_gives_the_results_of_one_process(ray_executor: cf.Executor) -> None:
    check_same_results(ray_executor)


def test_a_killed_ray_worker_loses_nothing(ray_executor: cf.Executor, tmp_path: Path) -> None:
    check_a_killed_worker_loses_nothing(ray_executor, tmp_path / "died")


def test_a_tournament_on_ray(ray_executor: cf.Executor, tmp_path: Path) -> None:
    check_tournament(ray_executor, tmp_path / "died")


def test_cancelling_a_ray_future_cancels_its_task(ray_executor: cf.Executor) -> None:
    slow = [ray_executor.submit(Slow(60), range(1)) for _ in range(2)]  # both CPUs
    time.sleep(1)
    for future in slow:
        assert future.cancel()
    started = time.monotonic()
    quick = ray_executor.submit(Squares(), range(3))
    assert quick.result(timeout=30) == [0, 1, 4]
    assert time.monotonic() - started < 30  # the slow tasks gave their CPUs back


def test_a_ray_executor_that_was_shut_down_refuses_work() -> None:
    pytest.importorskip("ray", reason=NEEDS)
    from pocha_rules.cluster import RayExecutor

    executor = RayExecutor()
    executor.shutdown()
    with pytest.raises(RuntimeError, match="cannot schedule new futures after shutdown"):
        executor.submit(abs, -1)


def test_without_ray_the_executor_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    from pocha_rules.cluster import RayExecutor

    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    with pytest.raises(ImportError, match=r'needs Ray: pip install "pocha-rules\[cluster\]"'):
        RayExecutor()
