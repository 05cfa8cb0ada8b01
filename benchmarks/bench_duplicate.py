"""How much the duplicate format narrows a match's intervals.

Plays the same bots, the same number of games, seated (a new deal every
game) and in the duplicate format (each deal replayed with the bots moved
round the table), and prints the standard error and the width of the 95%
interval of the difference between the bots, and how many times more games
the seated format would need for the same width. The duplicate format takes
out the luck of the deal, not the bots' own randomness: the gain is
largest for bots that play the cards they get the same way each time.

    python benchmarks/bench_duplicate.py [--games 400] [--schedule classic] [--workers 2]
"""

from __future__ import annotations

import argparse
import random
import time

from pocha_rules import HeuristicBot, Move, PlayerView, RandomBot, RuleSet
from pocha_rules.matches import BotFactory, play_match
from pocha_rules.parallel import available_cores


class Sloppy(HeuristicBot):
    """The heuristic bot, but one move in ten is a random legal move: a
    close rival with some randomness of its own, as a sampling bot has."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._slips = random.Random(seed)

    def act(self, view: PlayerView) -> Move:
        if self._slips.random() < 0.1:
            return self._slips.choice(view.legal_moves())
        return super().act(view)


H_R: dict[str, BotFactory] = {"heuristic": HeuristicBot, "random": RandomBot}
H_H: dict[str, BotFactory] = {"heuristic": HeuristicBot, "copy": HeuristicBot}
PAIRS: list[tuple[str, dict[str, BotFactory], list[str] | None]] = [
    ("heuristic v random, 2 seats each", H_R, None),
    ("heuristic v random, 1 seat v 3", H_R, ["heuristic", "random", "random", "random"]),
    ("heuristic v sloppy heuristic", {"heuristic": HeuristicBot, "sloppy": Sloppy}, None),
    ("random v random (two copies)", {"random": RandomBot, "copy": RandomBot}, None),
    (
        "heuristic v heuristic (two copies)",
        {"heuristic": HeuristicBot, "copy": HeuristicBot},
        None,
    ),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per format")
    parser.add_argument("--schedule", default="classic", help="schedule preset")
    parser.add_argument("--workers", type=int, default=available_cores())
    args = parser.parse_args()
    rules = RuleSet(players=4, schedule=args.schedule)
    print(f"4 players, {args.schedule}, {args.games} games per format, seed 1")
    print(
        f"{'bots':<38}{'format':<11}{'difference':>11}{'std. error':>12}"
        f"{'95% width':>11}{'games x':>9}"
    )
    start = time.perf_counter()
    for label, bots, lineup in PAIRS:
        first, second = bots
        errors = {}
        for duplicate in (False, True):
            result = play_match(
                rules,
                bots,
                args.games,
                lineup=lineup,
                seed=1,
                duplicate=duplicate,
                workers=args.workers,
            )
            diff = result.difference(first, second)
            assert diff.stderr is not None
            assert diff.low is not None
            assert diff.high is not None
            errors[duplicate] = diff.stderr
            ratio = (errors[False] / diff.stderr) ** 2 if diff.stderr else float("inf")
            print(
                f"{label if not duplicate else '':<38}"
                f"{'duplicate' if duplicate else 'seated':<11}{diff.mean:>+11.2f}"
                f"{diff.stderr:>12.2f}{diff.high - diff.low:>11.2f}"
                f"{'' if not duplicate else f'{ratio:.1f}':>9}"
            )
    print(f"({time.perf_counter() - start:.0f} s; 'games x': how many times more games the")
    print(" seated format needs for the duplicate format's interval)")


if __name__ == "__main__":
    main()
