"""Learner steps per second: many games on the batch engine against one game
at a time, for Stable-Baselines3 and for gymnasium.

A learner step is one decision of the learner's seat, with the opponents'
decisions up to its next one played inside the step (three uniformly random
opponents here) and what a learner needs around it: its observation vector,
its action mask, its reward, the ends of games and new games dealt in their
place. The learner's actions are uniformly random legal ones. The
contenders, timed in turn within each repeat:

* ``SingleAgentEnv`` (the reference): :class:`pocha_rules.single_agent.SingleAgentEnv`
  in Stable-Baselines3's ``DummyVecEnv``, the actions drawn from
  ``get_action_masks`` as ``MaskablePPO`` reads them: how Stable-Baselines3
  trained on Pocha before;
* ``PochaVecEnv``: :class:`pocha_rules.stable_baselines.PochaVecEnv` with
  ``--envs`` games, the same calls;
* ``LearnerVectorEnv``: :class:`pocha_rules.learner_vector.LearnerVectorEnv`
  with ``--envs`` games, through gymnasium's calls, the actions drawn by
  ``sample_actions``;
* ``VectorEnv, 3 random opponents``: :class:`pocha_rules.vector.VectorEnv` as
  ``benchmarks/bench_vector.py`` runs it (every seat's decisions are rows of
  the caller's steps: its figure counts the learner's rows only, and, in
  brackets, every decision).

Then, with ``--train``, ``MaskablePPO``'s own ``learn`` on the single-agent
environment and on :class:`~pocha_rules.stable_baselines.PochaVecEnv`
(learner steps per second of training, updates included).

It prints the median over the repeats and the ratio to the reference, by
wall time and by this process's CPU time (on a shared machine, compare the
ratios).

    python benchmarks/bench_learner.py [--envs 4096] [--steps 60] [--repeats 5] [--train]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from collections.abc import Callable

import numpy as np
from sb3_contrib.common.maskable.utils import get_action_masks
from stable_baselines3.common.vec_env import DummyVecEnv

from pocha_rules import RuleSet
from pocha_rules._cli import version_line
from pocha_rules.learner_vector import LearnerVectorEnv
from pocha_rules.single_agent import SingleAgentEnv
from pocha_rules.stable_baselines import PochaVecEnv
from pocha_rules.vector import VectorEnv

Runner = Callable[[int], tuple[int, int]]
"""Runs once (``repeat`` given); returns the learner steps and all decisions."""
REFERENCE = "SingleAgentEnv (DummyVecEnv)"


def random_legal(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action in each row of ``masks``."""
    chosen: np.ndarray = (rng.random(masks.shape) * masks).argmax(axis=1)
    return chosen


def single_agent(rules: RuleSet, steps: int) -> Runner:
    env = DummyVecEnv([lambda: SingleAgentEnv(rules, opponents="random")])
    env.seed(1)
    env.reset()

    def run(repeat: int) -> tuple[int, int]:
        rng = np.random.default_rng(repeat)
        for _ in range(steps):
            env.step(random_legal(get_action_masks(env), rng))
        return steps, steps * rules.players

    return run


def sb3_vector(rules: RuleSet, envs: int, steps: int) -> Runner:
    env = PochaVecEnv(rules, envs)
    env.seed(1)
    env.reset()

    def run(repeat: int) -> tuple[int, int]:
        rng = np.random.default_rng(repeat)
        for _ in range(steps):
            env.step(random_legal(get_action_masks(env), rng))
        return steps * envs, steps * envs * rules.players

    return run


def learner_vector(rules: RuleSet, envs: int, steps: int) -> Runner:
    env = LearnerVectorEnv(rules, envs)
    env.reset(seed=1)
    rng = np.random.default_rng(1)

    def run(repeat: int) -> tuple[int, int]:
        for _ in range(steps):
            env.step(env.sample_actions(rng))
        return steps * envs, steps * envs * rules.players

    return run


def multi_seat(rules: RuleSet, envs: int, steps: int) -> Runner:
    env = VectorEnv(rules, envs, opponents=dict.fromkeys((1, 2, 3), "random"))
    env.reset(seed=1)
    rng = np.random.default_rng(1)

    def run(repeat: int) -> tuple[int, int]:
        mine = every = 0
        for _ in range(steps):
            _, _, _, _, infos = env.step(env.sample_actions(rng))
            mine += int(infos["learner"].sum())
            every += int((infos["to_move"] >= 0).sum())
        return mine, every

    return run


def training(rules: RuleSet, envs: int, timesteps: int) -> dict[str, Runner]:
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    single = MaskablePPO("MlpPolicy", DummyVecEnv([lambda: SingleAgentEnv(rules)]), n_steps=2048,
                         batch_size=256, n_epochs=4, seed=0, device="cpu")  # fmt: skip
    vector = MaskablePPO("MlpPolicy", PochaVecEnv(rules, envs), n_steps=16, batch_size=4096,
                         n_epochs=4, seed=0, device="cpu")  # fmt: skip

    def learn(model: MaskablePPO, count: int) -> Runner:
        def run(repeat: int) -> tuple[int, int]:
            model.learn(count, reset_num_timesteps=False)
            return count, count * rules.players

        return run

    return {
        "MaskablePPO on SingleAgentEnv": learn(single, 2048),
        "MaskablePPO on PochaVecEnv": learn(vector, timesteps),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--envs", type=int, default=4096, help="games at a time")
    parser.add_argument("--steps", type=int, default=60, help="vector steps per timed run")
    parser.add_argument("--single-steps", type=int, default=2000,
                        help="single-agent steps per run")  # fmt: skip
    parser.add_argument("--repeats", type=int, default=5, help="timed runs; medians reported")
    parser.add_argument("--schedule", default="classic", help="a preset name (default classic)")
    parser.add_argument("--train", action="store_true", help="also time MaskablePPO's learn")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {version_line()}")
    print("(timings on a shared machine: compare the ratios, taken in the same run)")
    rules = RuleSet(schedule=args.schedule)
    runners: dict[str, Runner] = {
        REFERENCE: single_agent(rules, args.single_steps),
        "PochaVecEnv (Stable-Baselines3)": sb3_vector(rules, args.envs, args.steps),
        "LearnerVectorEnv (gymnasium)": learner_vector(rules, args.envs, args.steps),
        "VectorEnv, 3 random opponents": multi_seat(rules, args.envs, args.steps),
    }
    if args.train:
        runners.update(training(rules, min(args.envs, 1024), 16 * min(args.envs, 1024)))
    for run in runners.values():
        run(1000)  # warm up: the first games' deals, numpy's first calls
    wall: dict[str, list[float]] = {name: [] for name in runners}
    cpu: dict[str, list[float]] = {name: [] for name in runners}
    every: dict[str, list[float]] = {name: [] for name in runners}
    for repeat in range(args.repeats):
        for name, run in runners.items():
            start, start_cpu = time.perf_counter(), time.process_time()
            mine, decisions = run(repeat)
            seconds = time.perf_counter() - start
            wall[name].append(mine / seconds)
            cpu[name].append(mine / (time.process_time() - start_cpu))
            every[name].append(decisions / seconds)
    print(f"\nrandom games of 4 players, schedule {args.schedule!r}, the learner against 3 "
          f"random opponents, {args.envs} games at a time, "
          f"median of {args.repeats} runs:")  # fmt: skip
    for clock, rates in (("wall time", wall), ("CPU time", cpu)):
        medians = {name: statistics.median(values) for name, values in rates.items()}
        reference = medians[REFERENCE]
        print(f"by {clock}:")
        for name, value in medians.items():
            spread = f"{min(rates[name]):,.0f}-{max(rates[name]):,.0f}"
            extra = ""
            if clock == "wall time":
                extra = f"  [{statistics.median(every[name]):,.0f} decisions/s]"
            print(f"  {name:<34}{value:>12,.0f} learner steps/s ({spread})"
                  f"   {value / reference:7.1f}x reference{extra}")  # fmt: skip


if __name__ == "__main__":
    main()
