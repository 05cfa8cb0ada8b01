"""Mean scores of the baseline bots over many seeded games.

Plays 4-player ``classic`` games (40 cards) with two :class:`HeuristicBot`
seats against two :class:`RandomBot` seats, the heuristic in seats 0 and 2 or
1 and 3 by turns, and prints each kind's mean final score, the heuristic's
share of wins, and the speed. Then the same for heuristic self-play.

    python benchmarks/bench_bots.py [--games 1000] [--schedule classic]
"""

from __future__ import annotations

import argparse
import statistics
import time

from pocha_rules import Bot, HeuristicBot, RandomBot, RuleSet, play_game


def mixed(rules: RuleSet, games: int) -> tuple[list[int], list[int], int]:
    """Final scores of heuristic and random seats, and the heuristic's wins."""
    heuristic: list[int] = []
    random_: list[int] = []
    wins = 0
    for number in range(games):
        first = number % 2
        bots: list[Bot] = [
            HeuristicBot(seed=number) if seat % 2 == first else RandomBot(seed=number)
            for seat in range(rules.players)
        ]
        final = play_game(rules, bots, seed=number)
        for seat, points in enumerate(final.scores):
            (heuristic if seat % 2 == first else random_).append(points)
        wins += any(seat % 2 == first for seat in final.winners)
    return heuristic, random_, wins


def selfplay(rules: RuleSet, games: int) -> list[int]:
    """Final scores of every seat when all seats are heuristic bots."""
    scores: list[int] = []
    for number in range(games):
        bots: list[Bot] = [HeuristicBot(seed=number * 8 + s) for s in range(rules.players)]
        scores.extend(play_game(rules, bots, seed=number).scores)
    return scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per measurement")
    parser.add_argument("--schedule", default="classic", help="schedule preset")
    args = parser.parse_args()
    rules = RuleSet(players=4, schedule=args.schedule)
    start = time.perf_counter()
    heuristic, random_, wins = mixed(rules, args.games)
    elapsed = time.perf_counter() - start
    print(f"{args.games} {args.schedule} games, 2 heuristic v 2 random seats:")
    print(f"  heuristic mean score {statistics.mean(heuristic):8.1f}")
    print(f"  random    mean score {statistics.mean(random_):8.1f}")
    print(f"  a heuristic seat won {wins / args.games:.1%} of the games")
    print(f"  {args.games / elapsed:.1f} games/s")
    scores = selfplay(rules, args.games // 4 or 1)
    print(f"heuristic self-play mean score {statistics.mean(scores):8.1f}")


if __name__ == "__main__":
    main()
