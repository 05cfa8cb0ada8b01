"""Random-play throughput of the Poch engine, pure and compiled.

Plays whole random Poch games (4 players, 32 cards, the defaults: four
deals) through ``legal_moves`` + ``apply`` and reports games per second and
the time of one decision (``legal_moves`` then ``apply``). As a reference
measured in the same processes, it also plays random 4-player, 40-card,
9-card Pocha hands.

Each interpreter given with ``--python`` (for instance one whose
environment holds the compiled wheel) is measured in its own process, with
the package installed in its environment (``PYTHONPATH`` is dropped); the
rounds of all interpreters are interleaved, so the machine's noise falls on
each alike, and the medians and their ratios to the first are printed.

    python benchmarks/bench_poch.py [--rounds 5] [--seconds 1]
        [--python /path/to/compiled-venv/bin/python ...]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path


def measure(seconds: float) -> dict[str, float | str]:
    """One round in this process: Poch games/s, microseconds per decision,
    Pocha 9-card hands/s, and which build ran."""
    import pocha_rules
    from pocha_rules import RuleSet as PochaRules
    from pocha_rules import apply as pocha_apply
    from pocha_rules import legal_moves as pocha_legal
    from pocha_rules import new_game as pocha_new
    from pocha_rules.poch import RuleSet, _engine, apply, legal_moves, new_game

    rng = random.Random(2024)
    choice = rng.choice
    rules = RuleSet(players=4)
    games = decisions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        state = new_game(rules, seed=games, dealer=0)
        while not state.is_over:
            state = apply(state, choice(legal_moves(state)))
            decisions += 1
        games += 1
    poch_rate = games / elapsed
    per_decision = elapsed / decisions * 1e6
    hand = PochaRules(players=4, deck=40, schedule=(9,), tiebreak="shared")
    hands = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        pocha = pocha_new(hand, seed=hands, dealer=0)
        while not pocha.is_over:
            pocha = pocha_apply(pocha, choice(pocha_legal(pocha)))
        hands += 1
    compiled = Path(_engine.__file__).suffix != ".py"
    return {
        "build": f"{'compiled' if compiled else 'pure'} ({Path(pocha_rules.__file__).parent})",
        "poch_games": poch_rate,
        "us_per_decision": per_decision,
        "pocha_hands": hands / elapsed,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds")
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    parser.add_argument(
        "--python", action="append", default=[], help="another interpreter to measure"
    )
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(measure(args.seconds)))
        return
    pythons = [sys.executable, *args.python]
    results: list[list[dict[str, float | str]]] = [[] for _ in pythons]
    for _ in range(args.rounds):
        for i, python in enumerate(pythons):
            command = [python, __file__, "--one", "--seconds", str(args.seconds)]
            env = dict(os.environ)
            if i:  # another interpreter measures the package installed with it
                env.pop("PYTHONPATH", None)
            out = subprocess.run(command, check=True, capture_output=True, text=True, env=env)
            results[i].append(json.loads(out.stdout))
    base: dict[str, float] = {}
    for python, rounds in zip(pythons, results, strict=True):
        print(f"{rounds[0]['build']}  [{python}]")
        for key, label in (
            ("poch_games", "Poch games/s (4 players, 4 deals)"),
            ("us_per_decision", "us per decision (legal_moves+apply)"),
            ("pocha_hands", "reference: Pocha 9-card hands/s"),
        ):
            values = [float(r[key]) for r in rounds]
            median = statistics.median(values)
            base.setdefault(key, median)
            spread = (max(values) - min(values)) / median * 100
            print(
                f"  {label:<38} median {median:10,.1f}  (min {min(values):,.1f}, "
                f"max {max(values):,.1f}, spread {spread:.0f}%)  x{median / base[key]:.2f}"
            )


if __name__ == "__main__":
    main()
