"""Agent steps per second: the vector environment against the PettingZoo one.

An agent step is one decision of one game (a bid, a card, a call, a choice
of trump) with what a learner needs around it: the observation vector and
the action mask of the seat to move, the rewards, the ends of games and new
games dealt in their place. Every contender plays the same rules with
uniformly random legal actions, chosen by the caller: from the mask by
``rng.choice(np.flatnonzero(mask))`` for the PettingZoo environment, by
``sample_actions`` (from the legal moves kept as bits) for the vector
environment and the batch. The contenders, timed in turn within each
repeat:

* ``PettingZoo raw_env`` (the reference): ``observe`` of the agent to move,
  then ``step``, over whole games (``reset`` between them);
* ``PettingZoo env()``: the wrapped environment through ``agent_iter``,
  ``last`` and ``step``, as PettingZoo's documentation loops;
* ``VectorEnv, self-play``: :class:`pocha_rules.vector.VectorEnv` with
  ``--envs`` games, ``--steps`` calls of ``step`` (about a game's length by
  default, so that most games end and are dealt anew inside a run; the
  environment goes on from one repeat to the next); the caller draws one
  legal action per game each step with ``sample_actions``;
* ``VectorEnv, 3 random opponents``: the same with seats 1 to 3 played by
  the environment's random opponents (every decision counted, the
  opponents' too; the learner's are about a quarter);
* ``BatchGames, no rewards or resets``: :class:`pocha_rules.batch.BatchGames`
  with its observations and masks, for what the environment adds.

It prints the median agent steps per second over the repeats and the ratio
to the reference, by wall time and by this process's CPU time (on a machine
shared with other work, the CPU time is the steadier of the two: compare
the ratios).

    python benchmarks/bench_vector.py [--envs 4096] [--steps 700] [--repeats 5]
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from collections.abc import Callable

import numpy as np

from pocha_rules import RuleSet
from pocha_rules._cli import version_line
from pocha_rules.batch import BatchGames
from pocha_rules.pettingzoo import env, raw_env
from pocha_rules.vector import VectorEnv

Runner = Callable[[int], int]
"""Runs once (``repeat`` given); returns the number of agent steps."""
REFERENCE = "PettingZoo raw_env"


def pettingzoo_raw(rules: RuleSet, games: int) -> Runner:
    game = raw_env(rules)

    def run(repeat: int) -> int:
        rng = random.Random(repeat)
        steps = 0
        for episode in range(games):
            game.reset(seed=repeat * 1000 + episode)
            while not any(game.terminations.values()):
                mask = game.observe(game.agent_selection)["action_mask"]
                game.step(int(rng.choice(np.flatnonzero(mask))))
                steps += 1
        return steps

    return run


def pettingzoo_wrapped(rules: RuleSet, games: int) -> Runner:
    game = env(rules)

    def run(repeat: int) -> int:
        rng = random.Random(repeat)
        steps = 0
        for episode in range(games):
            game.reset(seed=repeat * 1000 + episode)
            for _ in game.agent_iter():
                observation, _, termination, truncation, _ = game.last()
                if termination or truncation:
                    game.step(None)
                    continue
                game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
                steps += 1
        return steps

    return run


def vector(rules: RuleSet, envs: int, steps: int, opponents: bool) -> Runner:
    environment = VectorEnv(
        rules, envs, opponents=dict.fromkeys((1, 2, 3), "random") if opponents else None
    )
    state = {"obs": environment.reset(seed=1)[0]}
    rng = np.random.default_rng(1)

    def run(repeat: int) -> int:
        obs = state["obs"]
        done = 0
        for _ in range(steps):
            obs, _, _, _, infos = environment.step(environment.sample_actions(rng))
            done += int((infos["to_move"] >= 0).sum())
        state["obs"] = obs
        return done

    return run


def batch(rules: RuleSet, envs: int, steps: int) -> Runner:
    games = BatchGames(rules, envs, seed=1)
    rng = np.random.default_rng(1)

    def run(repeat: int) -> int:
        done = 0
        for _ in range(steps):
            if games.done.all():
                games.reset()
            games.legal_mask  # noqa: B018 (made, as an agent reads it)
            games.observations()
            done += int((games.to_move >= 0).sum())
            games.step(games.sample_actions(rng))
        return done

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--envs", type=int, default=4096, help="games at a time (vector)")
    parser.add_argument("--steps", type=int, default=700, help="vector steps per timed run")
    parser.add_argument("--games", type=int, default=2, help="PettingZoo games per timed run")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs; medians reported")
    parser.add_argument("--schedule", default="classic", help="a preset name (default classic)")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {version_line()}")
    print("(timings on a shared machine: compare the ratios, taken in the same run)")
    rules = RuleSet(schedule=args.schedule)
    runners: dict[str, Runner] = {
        REFERENCE: pettingzoo_raw(rules, args.games),
        "PettingZoo env()": pettingzoo_wrapped(rules, args.games),
        "VectorEnv, self-play": vector(rules, args.envs, args.steps, False),
        "VectorEnv, 3 random opponents": vector(rules, args.envs, args.steps, True),
        "BatchGames, no rewards or resets": batch(rules, args.envs, args.steps),
    }
    wall: dict[str, list[float]] = {name: [] for name in runners}
    cpu: dict[str, list[float]] = {name: [] for name in runners}
    for repeat in range(args.repeats):
        for name, run in runners.items():
            start, start_cpu = time.perf_counter(), time.process_time()
            steps = run(repeat)
            wall[name].append(steps / (time.perf_counter() - start))
            cpu[name].append(steps / (time.process_time() - start_cpu))
    print(f"\nrandom games of 4 players, schedule {args.schedule!r}, {args.envs} games at a "
          f"time in the vector environment, median of {args.repeats} runs:")  # fmt: skip
    for clock, rates in (("wall time", wall), ("CPU time", cpu)):
        medians = {name: statistics.median(values) for name, values in rates.items()}
        reference = medians[REFERENCE]
        print(f"by {clock}:")
        for name, value in medians.items():
            spread = f"{min(rates[name]):,.0f}-{max(rates[name]):,.0f}"
            print(f"  {name:<34}{value:>12,.0f} agent steps/s ({spread})"
                  f"   {value / reference:7.1f}x reference")  # fmt: skip


if __name__ == "__main__":
    main()
