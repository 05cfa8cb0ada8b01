"""``pocha poch simulate``: many games of Poch between bots, spread over
processes as Pocha's are."""

from __future__ import annotations

import argparse
import functools
from collections.abc import Sequence

from pocha_rules._cli.i18n import _
from pocha_rules._cli.options import Fail
from pocha_rules._cli.output import Output
from pocha_rules._cli.poch.options import (
    BOTS,
    DEFAULT_BOT,
    bots_for,
    rules_arguments,
    rules_data,
    rules_from_args,
)
from pocha_rules._cli.simulate import (
    SeatColumn,
    SeatSums,
    bots_from_args,
    means,
    print_summary,
    seat_games,
    simulate_arguments,
)
from pocha_rules.poch import Reason, RuleSet, play_game

__all__ = ["SeatGames", "Sums", "options", "run_simulate"]


def options(parser: argparse.ArgumentParser) -> None:
    """The options of ``pocha poch simulate``."""
    simulate_arguments(parser, BOTS, DEFAULT_BOT)
    rules_arguments(parser)


class Sums(SeatSums):
    """Integer sums over games of Poch, by seat."""

    COUNTS = ("deals",)
    PER_SEAT = ("net", "wins", "pochs")
    deals: int
    net: list[int]
    wins: list[int]
    pochs: list[int]


class SeatGames:
    """Plays a chunk of games (game ``i`` dealt from ``base + i``) in any
    process."""

    def __init__(self, rules: RuleSet, names: Sequence[str], base: int) -> None:
        self.rules = rules
        self.names = tuple(names)
        self.base = base

    def __call__(self, chunk: range) -> Sums:
        sums = Sums(self.rules.players)
        for game in chunk:
            seed = self.base + game
            state = play_game(self.rules, bots_for(self.names, seed), seed=seed)
            sums.games += 1
            sums.deals += state.deals_played
            for seat, net in enumerate(state.net):
                sums.net[seat] += net
            for seat in state.winners:
                sums.wins[seat] += 1
            for result in state.deal_results:
                takers = {p.payee for p in result.payments if p.reason is Reason.POCH}
                for taker in takers:
                    if isinstance(taker, int):
                        sums.pochs[taker] += 1
        return sums


def run_simulate(args: argparse.Namespace, out: Output, fail: Fail) -> int:
    rules = rules_from_args(args, fail)
    names = bots_from_args(args, BOTS, rules.players, fail)
    job = functools.partial(SeatGames, rules, names)
    run = seat_games(args, out, fail, job, Sums(rules.players))
    sums, base = run.sums, run.base
    games = sums.games
    columns = (
        SeatColumn("mean_net", _("mean net chips"), means(sums.net, games), "{:+.1f}".format),
        SeatColumn(
            "pochs_per_game", _("pochs won per game"), means(sums.pochs, games), "{:.2f}".format
        ),
        SeatColumn("wins", _("wins"), sums.wins),
    )
    title = _("{games} games of Poch, seeds {first} to {last}").format(
        games=games, first=base, last=base + games - 1
    )
    report = {"game": "poch", "games": games, "deals": sums.deals, "rules": rules_data(rules)}
    return print_summary(out, args, run, "poch simulate", report, title, names, columns)
