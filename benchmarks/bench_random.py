"""Random-play throughput of the public API (issue: rules engine).

Plays uniformly random 4-player, 40-card, 9-card hands (deal, bids, every
trick) and complete ``classic`` games through ``legal_moves`` + ``apply``,
and prints how many it plays per second.

    python benchmarks/bench_random.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import time

from pocha_rules import RuleSet, apply, legal_moves, new_game


def play_hands(rules: RuleSet, count: int, rng: random.Random) -> int:
    """Play ``count`` random games under ``rules``; return the moves made."""
    moves = 0
    choice = rng.choice
    for seed in range(count):
        state = new_game(rules, seed=seed, dealer=0)
        while not state.is_over:
            state = apply(state, choice(legal_moves(state)))
            moves += 1
    return moves


def rate(rules: RuleSet, seconds: float) -> tuple[float, float]:
    """Games and moves per second, over about ``seconds`` of play."""
    rng = random.Random(12345)
    games = moves = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        moves += play_hands(rules, 50, rng)
        games += 50
    return games / elapsed, moves / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    hand = RuleSet(players=4, deck=40, schedule=(9,), tiebreak="shared")
    hands, hand_moves = rate(hand, args.seconds)
    print(f"9-card hands (4 players, 40 cards): {hands:10,.0f} /s  ({hand_moves:,.0f} moves/s)")
    games, game_moves = rate(RuleSet(players=4, schedule="classic"), args.seconds)
    print(f"complete classic games:             {games:10,.1f} /s  ({game_moves:,.0f} moves/s)")


if __name__ == "__main__":
    main()
