"""pocha_rules.parallel: the same results however the work is spread, and
no game lost or counted twice when a worker dies (killed for real)."""

from __future__ import annotations

import concurrent.futures as cf
import os
import pickle
import random
import signal
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

import pytest

import pocha_rules
from pocha_rules import (
    Bid,
    IllegalMoveError,
    InvalidActionError,
    InvalidDealError,
    InvalidRecordError,
    InvalidRulesError,
    ParseError,
    PochaError,
    RuleSet,
    new_game,
    rollout,
)
from pocha_rules import simulate as serial_simulate
from pocha_rules.parallel import (
    LostGamesError,
    describe_ranges,
    run_chunks,
    simulate,
)
from tests.parallel_helpers import (
    DyingSquares,
    Failing,
    RaisesStubborn,
    Slow,
    Squares,
    group_is_gone,
    process_pool,
)

ROOT: Final = Path(__file__).resolve().parent.parent
PACKAGE_ROOT: Final = Path(pocha_rules.__file__).resolve().parent.parent
SHORT: Final = RuleSet(schedule=(2, 4, 3), tiebreak="shared")


def values(chunks: list[tuple[range, list[int]]]) -> list[int]:
    return [value for _, part in chunks for value in part]


def check_cover(chunks: Sequence[tuple[range, object]], count: int) -> None:
    """The chunks cover 0..count-1 exactly once, in order."""
    position = 0
    for chunk, _ in chunks:
        assert chunk.start == position
        assert chunk.step == 1
        assert len(chunk) > 0
        position = chunk.stop
    assert position == count


# --- run_chunks ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("workers", "chunk_size"), [(1, None), (1, 1), (1, 7), (2, None), (2, 3), (3, 50)]
)
def test_chunks_cover_every_number_once_in_order(workers: int, chunk_size: int | None) -> None:
    steps: list[int] = []
    chunks = run_chunks(
        Squares(), 103, workers=workers, chunk_size=chunk_size, progress=steps.append
    )
    check_cover(chunks, 103)
    assert values(chunks) == [n * n for n in range(103)]
    assert sum(steps) == 103
    if chunk_size is not None:
        assert all(len(chunk) == chunk_size for chunk, _ in chunks[:-1])


def test_any_executor_gives_the_same_results() -> None:
    expected = [n * n for n in range(40)]
    with cf.ThreadPoolExecutor(3) as threads:
        assert values(run_chunks(Squares(), 40, executor=threads, chunk_size=3)) == expected
    with process_pool(2) as processes:
        chunks = run_chunks(Squares(), 40, executor=processes, workers=2)
        assert values(chunks) == expected
        # An executor that was passed in is left running.
        assert processes.submit(abs, -3).result() == 3


def test_no_numbers_no_work() -> None:
    assert run_chunks(Squares(), 0, workers=2) == []


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"workers": 0}, ValueError, "workers must be 1 or more, got 0"),
        ({"workers": 1.5}, TypeError, "workers must be an int, got float 1.5"),
        ({"chunk_size": 0}, ValueError, "chunk_size must be 1 or more, got 0"),
        ({"retries": -1}, ValueError, "retries must be 0 or more, got -1"),
        ({"executor": "dask"}, TypeError, "executor must be a concurrent.futures.Executor"),
    ],
)
def test_bad_arguments_are_refused(kwargs: dict[str, object], error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        run_chunks(Squares(), 10, **kwargs)  # type: ignore[arg-type]


def test_a_job_must_pickle_to_leave_this_process() -> None:
    def local(chunk: range) -> list[int]:
        return list(chunk)

    assert values(run_chunks(local, 5, workers=1)) == [0, 1, 2, 3, 4]
    with pytest.raises(TypeError, match="the work must pickle to run in other processes"):
        run_chunks(local, 5, workers=2)


def test_an_error_of_the_job_is_raised_with_its_chunk_and_not_retried(tmp_path: Path) -> None:
    log = tmp_path / "calls"
    with pytest.raises(ValueError, match="no square for 13") as caught:
        run_chunks(Failing(13, str(log)), 40, workers=2, chunk_size=5)
    notes = "\n".join(getattr(caught.value, "__notes__", []))
    assert "raised by the job on range(10, 15) in a worker" in notes
    assert "Traceback" in notes
    assert log.read_text().split().count("10") == 1


def test_library_errors_cross_processes_whole() -> None:
    errors = [
        IllegalMoveError(Bid(3), 2, "the hook"),
        InvalidActionError(999, None, "out of range"),
        InvalidDealError(4, "two hands hold 3c"),
        InvalidRecordError("moves[2]", "not a move"),
        InvalidRulesError("players", "3 to 8"),
        ParseError("13x", "no such card"),
        PochaError("plain"),
    ]
    for error in errors:
        error.add_note("a note")
        twin = pickle.loads(pickle.dumps(error))
        assert type(twin) is type(error)
        assert str(twin) == str(error)
        assert vars(twin) == vars(error)


def test_an_error_that_cannot_travel_is_described() -> None:
    with pytest.raises(RuntimeError, match=r"^Stubborn: 1 and 2\n"):
        run_chunks(RaisesStubborn(), 4, workers=2)


def test_describe_ranges() -> None:
    assert describe_ranges([range(40, 60), range(10), range(20, 21)]) == (
        "games 0-9, 20 and 40-59"
    )
    assert describe_ranges([range(3, 5)], "sets") == "sets 3-4"
    assert describe_ranges([]) == "no games"


# --- faults ----------------------------------------------------------------------------


def test_a_dead_worker_loses_and_repeats_nothing(tmp_path: Path) -> None:
    marker = tmp_path / "died"
    steps: list[int] = []
    chunks = run_chunks(
        DyingSquares(21, str(marker)), 60, workers=2, chunk_size=4, progress=steps.append
    )
    assert marker.exists()  # a worker was killed
    check_cover(chunks, 60)
    assert values(chunks) == [n * n for n in range(60)]
    assert sum(steps) == 60  # each chunk counted once, the replayed one too


def test_a_chunk_that_always_kills_its_worker_is_named(tmp_path: Path) -> None:
    with pytest.raises(LostGamesError) as caught:
        run_chunks(DyingSquares(21), 40, workers=2, chunk_size=4, retries=1)
    error = caught.value
    assert any(21 in missing for missing in error.missing)
    assert "numbers" in str(error)
    assert "their worker failed 2 times (BrokenProcessPool" in str(error)
    done = [n for chunk, _ in error.finished for n in chunk]
    lost = [n for missing in error.missing for n in missing]
    assert sorted(done + lost) == list(range(40))  # nothing twice, nothing forgotten
    assert values(error.finished) == [n * n for n in done]


def test_a_broken_executor_that_was_passed_in_names_the_missing_games() -> None:
    with process_pool(2) as pool, pytest.raises(LostGamesError) as caught:
        run_chunks(DyingSquares(9), 30, executor=pool, workers=2, chunk_size=3)
    error = caught.value
    assert any(9 in missing for missing in error.missing)
    done = [n for chunk, _ in error.finished for n in chunk]
    lost = [n for missing in error.missing for n in missing]
    assert sorted(done + lost) == list(range(30))
    assert str(error).startswith("numbers ")


_CTRL_C_SCRIPT: Final = """
from pocha_rules.parallel import Interrupted, run_chunks
from tests.parallel_helpers import Slow

def report(steps):
    print("done", steps, flush=True)

try:
    run_chunks(Slow(0.05), 100_000, workers=2, chunk_size=2, progress=report)
except Interrupted as stop:
    done = sum(len(chunk) for chunk, _ in stop.finished)
    missing = sum(len(r) for r in stop.missing)
    print("finished", done, "missing", missing, flush=True)
    raise
"""


def test_ctrl_c_stops_the_workers_and_keeps_what_finished() -> None:
    env = {**os.environ, "PYTHONPATH": f"{PACKAGE_ROOT}{os.pathsep}{ROOT}"}
    process = subprocess.Popen(
        [sys.executable, "-c", _CTRL_C_SCRIPT],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
        start_new_session=True,  # its own process group, as a terminal's job
    )
    assert process.stdout is not None
    try:
        for _ in range(3):  # some chunks have finished
            assert process.stdout.readline().startswith("done")
        os.killpg(process.pid, signal.SIGINT)  # Ctrl-C reaches the whole group
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == -signal.SIGINT or process.returncode == 1, err
    assert "KeyboardInterrupt" in err or "Interrupted" in err
    line = next(line for line in out.splitlines() if line.startswith("finished"))
    _, done, _, missing = line.split()
    assert int(done) >= 6
    assert int(done) + int(missing) == 100_000
    assert group_is_gone(process.pid, 10), "worker processes outlived the run"


# --- simulate --------------------------------------------------------------------------


def test_simulate_plays_each_game_on_its_own_seeds() -> None:
    scores = simulate(SHORT, 12, seed=30, workers=1, chunk_size=5)
    for i, game in enumerate(scores):
        assert game == serial_simulate(SHORT, 1, seed=30 + i)[0]
        assert game == rollout(new_game(SHORT, seed=30 + i), rng=random.Random(30 + i))


def test_simulate_gives_the_same_games_however_they_are_spread() -> None:
    rules = RuleSet(players=5, schedule=(1, 5, 3))
    expected = simulate(rules, 30, seed=-4, dealer=2, workers=1)
    assert len(expected) == 30
    for kwargs in ({"workers": 2}, {"workers": 2, "chunk_size": 1}, {"chunk_size": 7}):
        assert simulate(rules, 30, seed=-4, dealer=2, **kwargs) == expected  # type: ignore[arg-type]
    with cf.ThreadPoolExecutor(2) as threads:
        assert simulate(rules, 30, seed=-4, dealer=2, executor=threads) == expected


def test_simulate_refuses_bad_values() -> None:
    with pytest.raises(PochaError, match="games must be a whole number, 0 to 2\\*\\*62, got -1"):
        simulate(RuleSet(), -1, workers=1)
    with pytest.raises(TypeError, match="rules must be a RuleSet, got str 'classic'"):
        simulate("classic", 3, workers=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"games must be an int, got float 3\.0"):
        simulate(RuleSet(), 3.0, workers=1)  # type: ignore[arg-type]


def test_simulate_reports_lost_games_by_number() -> None:
    with process_pool(1) as pool:
        with pytest.raises(LostGamesError):  # its worker dies: the pool is broken
            run_chunks(DyingSquares(0), 1, executor=pool, workers=1)
        with pytest.raises(LostGamesError, match=r"^games 0-9 are missing") as caught:
            simulate(SHORT, 10, executor=pool, workers=1)
    assert caught.value.finished == {}


def test_chunks_are_sized_from_the_time_the_first_ones_take() -> None:
    chunks = run_chunks(Slow(0.005), 120, workers=1)
    check_cover(chunks, 120)
    sizes = [len(chunk) for chunk, _ in chunks]
    assert sizes[0] == 1  # nothing is known yet
    assert max(sizes) > 1  # a game takes far less than a chunk should
    assert len(chunks) < 120


def test_a_stopped_pools_cancelled_chunk_error_is_not_printed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Python 3.11's pool thread may fail a cancelled chunk as its workers
    # are stopped; that error of that thread is dropped, every other error
    # of any thread still reaches the hook that was there.
    import threading

    from pocha_rules import parallel

    seen: list[type[BaseException]] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: seen.append(args.exc_type))
    pool = cf.ProcessPoolExecutor(max_workers=1)
    pool.submit(int).result()
    thread = pool._executor_manager_thread
    parallel._stop_pool(pool)
    assert threading.excepthook is parallel._quiet_when_stopped
    other = threading.Thread(target=lambda: None)
    for where, error in [(thread, cf.InvalidStateError), (thread, OSError),
                         (other, cf.InvalidStateError)]:  # fmt: skip
        args = threading.ExceptHookArgs((error, error(), None, where))
        threading.excepthook(args)
    assert seen == [OSError, cf.InvalidStateError]


def test_an_interrupt_python_buries_in_the_waits_lock_is_raised_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from pocha_rules import parallel

    def interrupted_wait(*args: object, **kwargs: object) -> None:
        try:
            raise KeyboardInterrupt
        finally:
            raise RuntimeError("release unlocked lock")

    monkeypatch.setattr(cf, "wait", interrupted_wait)
    with pytest.raises(KeyboardInterrupt):
        parallel._wait_first(set())

    def broken_wait(*args: object, **kwargs: object) -> None:
        raise RuntimeError("something else")

    monkeypatch.setattr(cf, "wait", broken_wait)
    with pytest.raises(RuntimeError, match="something else"):
        parallel._wait_first(set())
