"""Replay time and peak memory of long game records, as the rounds grow.

Writes valid records of growing length: 4 players, a one-card schedule,
then one-card tiebreak rounds in which the same three seats stay tied at the
top until the last round breaks the tie. Each record is read and replayed
(:func:`~pocha_rules.records.load` then :func:`~pocha_rules.records.replay`)
in a fresh process, which reports the seconds it took and its peak memory
(maximum resident set size). A replay linear in the rounds takes about twice
the time for twice the rounds.

``--against SRC`` runs every measurement with the ``pocha_rules`` package of
another source tree too (``SRC`` is its ``src`` directory), the two
interleaved, and prints medians and ratios::

    python benchmarks/bench_replay.py --rounds 1000 4000 16000 --repeat 3
    python benchmarks/bench_replay.py --against /path/to/other/checkout/src
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SRC = HERE.parent / "src"

_MEASURE = """
import resource, sys, time
from pocha_rules.records import load, replay
start = time.perf_counter()
state = replay(load(sys.argv[1]))
elapsed = time.perf_counter() - start
assert state.is_over and len(state.round_results) == int(sys.argv[2])
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(elapsed, peak)
"""


def record_text(rounds: int) -> str:
    """A valid record of ``rounds`` one-card rounds (``rounds % 4 == 2``).

    Every round but the last: seat 2 holds the ace of trump (espadas) and
    everybody bids 0, so seat 2 takes the trick and misses while seats 0, 1
    and 3 score 10 each and stay tied at the top: a tiebreak round follows.
    In the last round seat 0 holds the ace and bids 1, and the dealer
    (seat 1), hooked, bids 1 too: seat 0 alone is on top and the game ends.
    """
    if rounds < 2 or rounds % 4 != 2:
        raise ValueError("the last round's dealer must be seat 1: rounds % 4 == 2")
    deals = []
    moves = []
    for index in range(rounds):
        last = index == rounds - 1
        hands = ["1e", "4o", "5o", "6o"] if last else ["4o", "5o", "1e", "6o"]
        deals.append({"hands": [[card] for card in hands], "trump_card": "7e"})
        dealer = index % 4
        order = [(dealer + 1 + i) % 4 for i in range(4)]
        bids = dict.fromkeys(order, 0)
        if last:
            bids[0] = bids[1] = 1
        moves += [f"bid {bids[seat]}" for seat in order]
        moves += [f"play {hands[seat]}" for seat in order]
    rules = {
        "players": 4, "deck": 40, "remove_twos": False,
        "rank_order": [1, 3, 12, 11, 10, 7, 6, 5, 4, 2], "schedule": ["1"],
        "hook_in_one_card_rounds": True, "trump_when_all_dealt": "dealer_last_card",
        "must_overtake": True, "must_ruff": True, "must_overruff": True,
        "auction_winner_leads": True, "hit_bonus": 10, "per_trick": 5,
        "miss_penalty": "per_trick_off", "pocha_bonus": True, "pocha_min_cards": 6,
        "double_when_oros": False, "revoke_penalty": -50, "zero_wins": False,
        "tiebreak": "one_card_rounds",
    }  # fmt: skip
    record = {
        "format": "pocha-record",
        "version": 1,
        "rules_version": 1,
        "rules": rules,
        "seed": 0,
        "first_dealer": 0,
        "deals": deals,
        "moves": moves,
        "scores": None,
        "round_scores": None,
    }
    return json.dumps(record)


def measure(src: Path, path: Path, rounds: int) -> tuple[float, float]:
    """Seconds and peak MiB of one load and replay, in a fresh process."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run(
        [sys.executable, "-c", _MEASURE, str(path), str(rounds)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    return float(out[0]), int(out[1]) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--rounds", type=int, nargs="+", default=[1002, 4002, 16002, 64002], help="record sizes"
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs per size (medians)")
    parser.add_argument("--against", type=Path, default=None, help="another tree's src/")
    args = parser.parse_args()
    trees = [("this tree", SRC)]
    if args.against is not None:
        trees.append(("against", args.against.resolve()))
    with tempfile.TemporaryDirectory() as scratch:
        for rounds in args.rounds:
            path = Path(scratch) / f"record_{rounds}.json"
            path.write_text(record_text(rounds), encoding="utf-8")
            size = path.stat().st_size / 1e6
            runs: dict[str, list[tuple[float, float]]] = {name: [] for name, _ in trees}
            for _ in range(args.repeat):
                for name, src in trees:  # interleaved
                    runs[name].append(measure(src, path, rounds))
            cells = []
            for name, _ in trees:
                seconds = statistics.median(r[0] for r in runs[name])
                peak = statistics.median(r[1] for r in runs[name])
                cells.append(f"{name}: {seconds:7.2f} s {peak:6.0f} MiB")
            line = f"{rounds:>7,} rounds ({size:5.1f} MB)  " + "   ".join(cells)
            if len(trees) == 2:
                mine = statistics.median(r[0] for r in runs["this tree"])
                other = statistics.median(r[0] for r in runs["against"])
                line += f"   time ratio {mine / other:.2f}"
            print(line, flush=True)


if __name__ == "__main__":
    main()
