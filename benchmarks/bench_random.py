"""Random-play throughput of the public API and of the fast path.

Plays uniformly random 4-player, 40-card, 9-card hands (deal, bids, every
trick) and complete ``classic`` games through ``legal_moves`` + ``apply``,
then with ``rollout`` and ``simulate``, and prints how many it plays per
second. ``bench_openspiel.py`` sets these against OpenSpiel.

    python benchmarks/bench_random.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import time

from pocha_rules import RuleSet, apply, legal_moves, new_game, rollout, simulate


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


def roll_hands(rules: RuleSet, count: int, rng: random.Random) -> int:
    """The same games as :func:`play_hands`, with the fast path; returns 0
    (the fast path does not count moves)."""
    for seed in range(count):
        rollout(new_game(rules, seed=seed, dealer=0), rng=rng)
    return 0


def simulate_hands(rules: RuleSet, count: int, rng: random.Random) -> int:
    """The same games as :func:`play_hands` but with each game's first dealer
    drawn from its seed, with the batch simulator; returns 0."""
    simulate(rules, count, rng=rng)
    return 0


def rate(rules: RuleSet, seconds: float, *, fast: str = "") -> tuple[float, float]:
    """Games and moves per second, over about ``seconds`` of play (``fast``:
    ``"rollout"`` or ``"simulate"`` instead of ``legal_moves`` + ``apply``)."""
    rng = random.Random(12345)
    games = moves = 0
    play = {"": play_hands, "rollout": roll_hands, "simulate": simulate_hands}[fast]
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        moves += play(rules, 50, rng)
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
    for fast in ("rollout", "simulate"):
        hands, _ = rate(hand, args.seconds, fast=fast)
        print(f"9-card hands with {fast:<8}          {hands:10,.0f} /s")
        games, _ = rate(RuleSet(players=4, schedule="classic"), args.seconds, fast=fast)
        print(f"classic games with {fast:<8}         {games:10,.1f} /s")


if __name__ == "__main__":
    main()
