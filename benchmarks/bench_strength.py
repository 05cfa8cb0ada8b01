"""The strength of the built-in bots against each other: duplicate matches.

Each line is a duplicate match (:mod:`pocha_rules.matches`) of one seat of
a bot against three seats of another, in 4-player ``classic`` games: every
deal is played four times, the bot moving one seat on each time, so that it
holds every hand once and the luck of the cards cancels out. It prints each
bot's mean points per game and the difference, with its 95% interval, and
the number of deal sets and games, as a Markdown table (the bot guide's).

The lines: the Monte Carlo bot against the heuristic at three budgets (the
default in the middle), the heuristic against the random bot, the Monte
Carlo bot against the random bot, and the heuristic against the heuristic of
version 0.1.0 (:class:`OldHeuristicBot`, kept here as the reference).
Run it in the compiled build (``.venv-compiled``, see the README) and with
``nice`` on a shared machine: the Monte Carlo lines take minutes.

    python benchmarks/bench_strength.py [--sets 100] [--workers 1] [--only LABEL ...]
"""

from __future__ import annotations

import argparse
import functools
import time
from collections.abc import Callable

from pocha_rules import Bid, HeuristicBot, Move, PlayerView, RandomBot, RuleSet
from pocha_rules._cli import version_line
from pocha_rules._pocha.estimates import card_chance
from pocha_rules._pocha.tables import Tables
from pocha_rules.matches import BotFactory, play_match
from pocha_rules.montecarlo import DEFAULT_SAMPLES, MonteCarloBot
from pocha_rules.views import forbidden_bid


class OldHeuristicBot(HeuristicBot):
    """:class:`HeuristicBot` as version 0.1.0 played: it bid its rounded
    estimate and led its likeliest winner while it needed tricks (by the
    chance of a card held to the end, not of a card led now), its weakest
    card once it had them."""

    def _bid(self, view: PlayerView, estimate: float) -> Move:
        cards = view.cards_per_player
        bid = max(0, min(cards, round(estimate)))
        if bid == forbidden_bid(view):
            up, down = bid + 1, bid - 1
            bid = up if down < 0 or (up <= cards and estimate >= bid) else down
        return Bid(bid)

    def _lead(
        self,
        t: Tables,
        view: PlayerView,
        cards: list[int],
        need: int,
        unseen: int,
        share: float,
        power: Callable[[int], int],
    ) -> int:
        if need <= 0:
            return min(cards, key=power)
        assert view.trump is not None
        trump, size, n = view.trump.value, view.cards_per_player, view.players

        def chance(card: int) -> tuple[float, int]:
            return card_chance(t, card, trump, unseen, share, size, n), power(card)

        return max(cards, key=chance)


def monte_carlo(samples: int) -> BotFactory:
    """A factory of Monte Carlo bots with ``samples`` samples (it pickles)."""
    factory: BotFactory = functools.partial(MonteCarloBot, samples=samples)
    return factory


def lines(budgets: list[int]) -> list[tuple[str, str, BotFactory, str, BotFactory]]:
    """(label, bot, its factory, opponent, its factory) for each match."""
    default = f"MonteCarloBot({DEFAULT_SAMPLES})"
    out: list[tuple[str, str, BotFactory, str, BotFactory]] = [
        (f"mc{samples}", f"MonteCarloBot({samples})", monte_carlo(samples), "HeuristicBot",
         HeuristicBot)
        for samples in budgets
    ]  # fmt: skip
    out += [
        ("heuristic-random", "HeuristicBot", HeuristicBot, "RandomBot", RandomBot),
        ("mc-random", default, monte_carlo(DEFAULT_SAMPLES), "RandomBot", RandomBot),
        ("heuristic-old", "HeuristicBot", HeuristicBot, "HeuristicBot 0.1.0", OldHeuristicBot),
    ]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=int, default=100, help="deal sets per match (4 games)")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--schedule", default="classic", help="schedule preset")
    parser.add_argument("--seed", type=int, default=0, help="the matches' seed")
    parser.add_argument(
        "--budgets",
        type=int,
        nargs="+",
        default=[DEFAULT_SAMPLES // 4, DEFAULT_SAMPLES, DEFAULT_SAMPLES * 4],
        help="the Monte Carlo bot's samples against the heuristic",
    )
    parser.add_argument("--only", nargs="+", default=None, metavar="LABEL", help="some lines")
    args = parser.parse_args()
    rules = RuleSet(players=4, schedule=args.schedule)
    print(f"{version_line()}; 4 players, {args.schedule}; duplicate, one seat against three")
    print()
    print(
        "| Bot | Opponent | Bot's points | Opponent's points "
        "| Difference (95% interval) | Deal sets (games) |"
    )
    print("|---|---|---|---|---|---|")
    for label, name, factory, rival, rival_factory in lines(args.budgets):
        if args.only and label not in args.only:
            continue
        start = time.perf_counter()
        result = play_match(
            rules,
            {name: factory, rival: rival_factory},
            4 * args.sets,
            lineup=[name, rival, rival, rival],
            seed=args.seed,
            duplicate=True,
            workers=args.workers,
        )
        bot, other = result.bots[name].score, result.bots[rival].score
        diff = result.difference(name, rival)
        assert diff.low is not None
        assert diff.high is not None
        print(
            f"| {name} | {rival} | {bot.mean:.1f} | {other.mean:.1f} | "
            f"{diff.mean:+.1f} ({diff.low:+.1f} to {diff.high:+.1f}) | "
            f"{result.sets} ({result.games}) |",
            flush=True,
        )
        print(f"<!-- {label}: {time.perf_counter() - start:.0f} s -->", flush=True)


if __name__ == "__main__":
    main()
