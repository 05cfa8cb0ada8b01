"""``python -m pocha_rules``: play one game between built-in bots and print
the score sheet.
"""

from __future__ import annotations

import random
import sys

from pocha_rules import RuleSet, apply, legal_moves, new_game


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    seed = int(args[0]) if args else 1
    rules = RuleSet()
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    while not state.is_over:
        state = apply(state, rng.choice(legal_moves(state)))
    seats = range(rules.players)
    print("round cards " + " ".join(f"  seat {s}" for s in seats))
    totals = [0] * rules.players
    for result in state.round_results:
        totals = [a + b for a, b in zip(totals, result.scores, strict=True)]
        cells = " ".join(
            f"{b}/{w} {t:+4d}" for b, w, t in zip(result.bids, result.won, totals, strict=True)
        )
        print(f"{result.index + 1:5d} {result.cards:5d} {cells}")
    print("winners: " + ", ".join(f"seat {s}" for s in state.winners))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
