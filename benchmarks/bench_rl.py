"""Environment steps per second with random actions: the PettingZoo
environment and the OpenSpiel game, against the engine driven by action ids.

A step is one decision (a bid, a card, a call, a choice of trump): every
contender plays whole games of the same rules with uniformly random legal
actions. The contenders, timed in turn within each repeat:

* ``engine, action ids`` (the reference): ``legal_actions`` and
  ``apply_action`` on the :class:`~pocha_rules.GameState`, no observation;
* ``engine + observation``: the same, plus the mover's ``observe`` and
  ``encode_view`` at every step (what any RL loop needs);
* ``PettingZoo raw_env``: ``observe`` of the agent to move, then ``step``;
* ``PettingZoo env()``: the wrapped environment through ``agent_iter``,
  ``last`` and ``step``, as PettingZoo's documentation loops;
* ``OpenSpiel python_pocha``: ``legal_actions`` and ``apply_action``,
  chance nodes (the deal) included, no observation;
* ``OpenSpiel + observation``: the same, plus the mover's
  ``observation_tensor`` at every decision.

It prints the median steps per second over the repeats and the ratio to the
reference, by the clock on the wall and by the CPU time of the process (the
rate one idle core gives), and the share of a core the process got: well
below 1 means the machine was busy with other work, and the wall rates are
that much lower. The frameworks are skipped when their extra is missing.

    python benchmarks/bench_rl.py [--games 3] [--repeats 5] [--schedule classic]
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from pocha_rules import RuleSet, new_game, observe
from pocha_rules._cli import version_line
from pocha_rules.actions import apply_action, legal_actions
from pocha_rules.observations import encode_view

Runner = Callable[[RuleSet, int, int], int]
"""Plays ``games`` games from a seed; returns the number of decisions."""
REFERENCE = "engine, action ids"


def engine(rules: RuleSet, games: int, seed: int) -> int:
    rng = random.Random(seed)
    steps = 0
    for game in range(games):
        state = new_game(rules, seed=seed * 1000 + game)
        while not state.is_over:
            state = apply_action(state, rng.choice(legal_actions(state)))
            steps += 1
    return steps


def engine_observed(rules: RuleSet, games: int, seed: int) -> int:
    rng = random.Random(seed)
    steps = 0
    for game in range(games):
        state = new_game(rules, seed=seed * 1000 + game)
        while state.to_move is not None:
            encode_view(observe(state, state.to_move))
            state = apply_action(state, rng.choice(legal_actions(state)))
            steps += 1
    return steps


def pettingzoo_runners() -> dict[str, Runner]:
    try:
        import numpy

        from pocha_rules.pettingzoo import env, raw_env
    except ImportError:
        print("pettingzoo is not installed (pip install -e '.[rl]'): its rows are skipped")
        return {}

    def raw(rules: RuleSet, games: int, seed: int) -> int:
        rng = random.Random(seed)
        game = raw_env(rules)
        steps = 0
        for episode in range(games):
            game.reset(seed=seed * 1000 + episode)
            while not any(game.terminations.values()):
                mask = game.observe(game.agent_selection)["action_mask"]
                game.step(int(rng.choice(numpy.flatnonzero(mask))))
                steps += 1
        return steps

    def wrapped(rules: RuleSet, games: int, seed: int) -> int:
        rng = random.Random(seed)
        game = env(rules)
        steps = 0
        for episode in range(games):
            game.reset(seed=seed * 1000 + episode)
            for _ in game.agent_iter():
                observation, _, termination, truncation, _ = game.last()
                if termination or truncation:
                    game.step(None)
                    continue
                game.step(int(rng.choice(numpy.flatnonzero(observation["action_mask"]))))
                steps += 1
        return steps

    return {"PettingZoo raw_env": raw, "PettingZoo env()": wrapped}


def openspiel_runners() -> dict[str, Runner]:
    try:
        from pocha_rules.openspiel import load_game
    except ImportError:
        print("open-spiel is not installed (pip install -e '.[openspiel]'): its rows are skipped")
        return {}
    loaded: dict[RuleSet, Any] = {}

    def play(rules: RuleSet, games: int, seed: int, observed: bool) -> int:
        game = loaded.setdefault(rules, load_game(rules))
        rng = random.Random(seed)
        steps = 0
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.legal_actions()))
                    continue
                if observed:
                    state.observation_tensor(state.current_player())
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        return steps

    return {
        "OpenSpiel python_pocha": lambda rules, games, seed: play(rules, games, seed, False),
        "OpenSpiel + observation": lambda rules, games, seed: play(rules, games, seed, True),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="whole games per timed run")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs; medians reported")
    parser.add_argument("--schedule", default="classic", help="a preset name (default classic)")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {version_line()}")
    print("(timings on a shared machine: compare the ratios, taken in the same run)")
    rules = RuleSet(schedule=args.schedule)
    runners: dict[str, Runner] = {REFERENCE: engine, "engine + observation": engine_observed}
    runners.update(pettingzoo_runners())
    runners.update(openspiel_runners())
    rates: dict[str, list[float]] = {name: [] for name in runners}
    cpu_rates: dict[str, list[float]] = {name: [] for name in runners}
    shares: list[float] = []
    for repeat in range(args.repeats):
        for name, run in runners.items():
            start, cpu = time.perf_counter(), time.process_time()
            steps = run(rules, args.games, repeat)
            wall, used = time.perf_counter() - start, time.process_time() - cpu
            rates[name].append(steps / wall)
            cpu_rates[name].append(steps / used)
            shares.append(used / wall)
    medians = {name: statistics.median(values) for name, values in rates.items()}
    cpu_medians = {name: statistics.median(values) for name, values in cpu_rates.items()}
    reference = medians[REFERENCE]
    cpu_reference = cpu_medians[REFERENCE]
    print(f"\n{args.games} random games of 4 players, schedule {args.schedule!r}, "
          f"median of {args.repeats} runs; the process got {statistics.median(shares):.0%} "
          f"of a core (median; from {min(shares):.0%} to {max(shares):.0%}):")  # fmt: skip
    print(f"  {'':<26}{'wall steps/s':>14}{'ratio':>8}{'CPU steps/s':>14}{'ratio':>8}")
    for name, value in medians.items():
        by_cpu = cpu_medians[name]
        print(f"  {name:<26}{value:>14,.0f}{value / reference:>7.3f}x"
              f"{by_cpu:>14,.0f}{by_cpu / cpu_reference:>7.3f}x")  # fmt: skip


if __name__ == "__main__":
    main()
