"""Throughput of the JAX engine, :mod:`pocha_rules.jax`, beside the numpy
batch engine, on whatever device JAX finds (a GPU when there is one).

Two kinds of work, for batch sizes from 1,024 games up:

* **random hands**: one 9-card hand of 4 players with a 40-card deck (the
  work of ``bench_batch.py`` and ``bench_openspiel.py``), the deal included,
  every move drawn uniformly at random from the legal ones: the JAX engine
  plays a whole batch of hands in one compiled call (``jax.vmap`` of a
  ``jax.lax.fori_loop`` over the hand's 40 decisions, the random draws made
  on the device); the numpy batch engine's ``simulate_batch`` beside it;
* **agent steps**: the pgx-style :class:`~pocha_rules.jax.PochaEnv` stepped
  by a random agent, each step giving the next state, the observation vector
  of the seat to move and its legal-action mask (a game that ends is dealt
  afresh, as a training loop does): ``--steps`` steps per compiled call;
  the numpy ``BatchGames`` beside it, stepped with its ``observations()``
  and ``legal_mask`` at every step.

Rates are medians over ``--repeats`` interleaved runs, by wall time (the
device's work waited for); the first call of each size compiles and is not
timed (the compile time is printed). numpy's sizes are capped by
``--numpy-max`` (it runs on one core of the host).

    python benchmarks/bench_jax.py [--sizes 1024,16384,65536] [--repeats 5]
    python benchmarks/bench_jax.py --quick   # on a GPU: up to 4,194,304 games
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

import pocha_rules.jax as pj
from pocha_rules import RuleSet
from pocha_rules.batch import BatchGames, simulate_batch

RULES = RuleSet(players=4, deck=40, schedule=(9,), tiebreak="shared")
"""One 9-card hand of 4 players with 40 cards."""
DECISIONS = 4 + 4 * 9
"""The decisions of such a hand: four bids, 36 cards."""


def jax_hands(games: int) -> Callable[[int], Any]:
    """A compiled function of a seed playing ``games`` random hands."""

    def hand(key: jax.Array) -> jax.Array:
        start, rest = jax.random.split(key)
        state = pj.init(start, RULES)

        def body(index: int, carry: tuple[pj.State, jax.Array]) -> tuple[pj.State, jax.Array]:
            state, key = carry
            key, pick, deal = jax.random.split(key, 3)
            return pj.step(state, pj.random_action(state, pick), deal), key

        state, _ = jax.lax.fori_loop(0, DECISIONS, body, (state, rest))
        totals: jax.Array = state.totals
        return totals

    play = jax.jit(jax.vmap(hand))

    def run(seed: int) -> Any:
        return play(jax.random.split(jax.random.PRNGKey(seed), games))

    return run


def jax_steps(games: int, steps: int) -> Callable[[int], Any]:
    """A compiled function of a seed making ``steps`` agent steps in each
    of ``games`` games of :class:`~pocha_rules.jax.PochaEnv`."""
    env = pj.PochaEnv(RULES)
    init = jax.jit(jax.vmap(env.init))

    def advance(states: pj.EnvState, key: jax.Array) -> tuple[pj.EnvState, jax.Array]:
        def one(state: pj.EnvState, key: jax.Array) -> pj.EnvState:
            pick, move, fresh = jax.random.split(key, 3)
            noise = jax.random.uniform(pick, state.legal_action_mask.shape)
            action = jnp.argmax(jnp.where(state.legal_action_mask, noise, -1.0))
            after = env.step(state, action, move)
            # A finished game is dealt afresh (auto-reset).
            new = env.init(fresh)
            chosen: pj.EnvState = jax.tree_util.tree_map(
                lambda a, b: jnp.where(after.terminated, b, a), after, new
            )
            return chosen

        def body(states: pj.EnvState, key: jax.Array) -> tuple[pj.EnvState, jax.Array]:
            states = jax.vmap(one)(states, jax.random.split(key, games))
            # What a learner reads at each step: the observation and mask.
            return states, states.observation[0, 0] + states.legal_action_mask[0].sum()

        return jax.lax.scan(body, states, jax.random.split(key, steps))

    compiled = jax.jit(advance)
    holder: dict[str, Any] = {}

    def run(seed: int) -> Any:
        if "states" not in holder:
            holder["states"] = init(jax.random.split(jax.random.PRNGKey(seed), games))
        holder["states"], seen = compiled(holder["states"], jax.random.PRNGKey(seed))
        return seen

    return run


def numpy_hands(games: int) -> Callable[[int], Any]:
    return lambda seed: simulate_batch(RULES, games, seed=seed).scores


def numpy_steps(games: int, steps: int) -> Callable[[int], Any]:
    holder: dict[str, BatchGames] = {}

    def run(seed: int) -> Any:
        batch = holder.get("batch")
        out = np.empty((games, 0), dtype=np.float32)
        rng = np.random.default_rng(seed)
        for _ in range(steps):
            if batch is None or batch.done.all():
                batch = holder["batch"] = BatchGames(RULES, games, seed=seed)
            mask = batch.legal_mask
            out = batch.observations()
            choice = (rng.random(mask.shape) * mask).argmax(axis=1)
            batch.step(choice)
        return out

    return run


def timed(run: Callable[[int], Any], seed: int) -> float:
    began = time.perf_counter()
    jax.block_until_ready(run(seed))  # type: ignore[no-untyped-call]
    return time.perf_counter() - began


def measure(
    runners: dict[str, tuple[Callable[[int], Any], int]], repeats: int
) -> dict[str, float]:
    """The median rate of each runner (units per second), interleaved."""
    walls: dict[str, list[float]] = {name: [] for name in runners}
    for repeat in range(repeats):
        for name, (run, _) in runners.items():
            walls[name].append(timed(run, repeat + 1))
    return {name: runners[name][1] / statistics.median(walls[name]) for name in runners}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1024,16384,65536", help="batch sizes, comma-separated")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--steps", type=int, default=40, help="agent steps per compiled call")
    parser.add_argument("--numpy-max", type=int, default=65536, help="largest numpy batch")
    parser.add_argument(
        "--quick", action="store_true", help="GPU: sizes 1,024 to 4,194,304, 3 repeats"
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.sizes, args.repeats = "1024,65536,1048576,4194304", 3
    sizes = [int(size) for size in args.sizes.split(",")]
    device = jax.devices()[0]
    print(f"JAX {jax.__version__} on {device.platform}: {device.device_kind} ({device}); "
          f"Python {platform.python_version()}, numpy {np.__version__}")  # fmt: skip
    print(f"4 players, 40 cards, one 9-card hand; median of {args.repeats} interleaved runs")
    header = f"{'games':>10} {'JAX':>16} {'numpy batch':>16} {'JAX/numpy':>10} {'compile':>9}"
    for kind in ("random hands", "agent steps (observation and mask)"):
        print(f"\n{kind} per second\n{header}")
        for games in sizes:
            if kind == "random hands":
                runners = {"jax": (jax_hands(games), games)}
                if games <= args.numpy_max:
                    runners["numpy"] = (numpy_hands(games), games)
            else:
                runners = {"jax": (jax_steps(games, args.steps), games * args.steps)}
                if games <= args.numpy_max:
                    runners["numpy"] = (numpy_steps(games, args.steps), games * args.steps)
            compile_time = timed(runners["jax"][0], 0)
            rates = measure(runners, args.repeats)
            jax_rate = rates["jax"]
            numpy_rate = rates.get("numpy")
            shown = "-" if numpy_rate is None else f"{numpy_rate:,.0f}"
            ratio = "-" if numpy_rate is None else f"{jax_rate / numpy_rate:.2f}x"
            print(f"{games:>10,} {jax_rate:>16,.0f} {shown:>16} {ratio:>10} {compile_time:>8.1f}s",
                  flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
