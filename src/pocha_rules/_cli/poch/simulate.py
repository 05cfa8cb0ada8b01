"""``pocha poch simulate`` and ``pocha poch match``: many games of Poch
between bots, spread over processes as Pocha's are."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

import attrs

from pocha_rules._cli.i18n import _
from pocha_rules._cli.match import (
    add_engines,
    bot_failed,
    bots_from_specs,
    engine_arguments,
    match_games,
    play_match,
    print_forfeits,
    print_result,
)
from pocha_rules._cli.options import (
    Fail,
    examples,
    games_from_args,
    seed_from_args,
)
from pocha_rules._cli.output import Output
from pocha_rules._cli.poch.options import (
    BOTS,
    DEFAULT_BOT,
    bots_for,
    rules_arguments,
    rules_from_args,
)
from pocha_rules._cli.simulate import (
    SeatSums,
    add_simulate_parser,
    bots_from_args,
    print_summary,
    seat_games,
)
from pocha_rules._cli.workers import (
    spread_arguments,
    stop_status,
    workers_from_args,
)
from pocha_rules._common.errors import PochaError
from pocha_rules.matches import BotFailedError, Match
from pocha_rules.poch import Reason, RuleSet, play_game

__all__ = ["SeatGames", "Sums", "add_parsers", "run_match", "run_simulate"]


def add_parsers(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    parents: list[argparse.ArgumentParser],
) -> None:
    """Add ``pocha poch simulate`` and ``pocha poch match`` to ``commands``."""
    texts = (
        _("play many bot games of Poch and compare the seats"),
        _(
            "Play many games of Poch between bots at fixed seats and summarise each "
            "seat. Game i is dealt from seed --seed + i."
        ),
        "pocha poch simulate -n 200 --bots heuristic,random,random --players 3",
    )
    add_simulate_parser(
        commands,
        parents,
        texts,
        (BOTS, DEFAULT_BOT),
        rules_arguments,
        run_simulate,
        command="poch simulate",
    )

    match = commands.add_parser(
        "match",
        parents=parents,
        help=_("Poch bots against each other, with confidence intervals"),
        description="Play Poch bots against each other, moving them round the table from "
        "game to game, and report each bot's mean net chips per game with a 95% confidence "
        f"interval. A bot is a built-in name ({', '.join(BOTS)}) or MODULE:CLASS, a class "
        "whose constructor takes seed; NAME=MODULE:CLASS renames it; --engine NAME=COMMAND "
        "seats a program of the engine protocol. A bot's fault (an exception, an illegal "
        "move; an engine's crash, hang or garbage) forfeits its game and is named in one "
        "line; the match goes on.",
        **examples(
            "pocha poch match --bot heuristic --bot random -n 120 --duplicate",
            "pocha poch match --engine perl='perl examples/poch_engine.pl' --bot heuristic",
        ),
    )
    match.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="BOT",
        help=_("a bot in the match (repeatable; default: heuristic and random)"),
    )
    engine_arguments(match)
    match.add_argument(
        "--lineup", default=None, metavar="NAME,...", help=_("the bot at each seat of game 0")
    )
    match.add_argument(
        "-n", "--games", type=int, default=None, help=_("games, a whole number of sets")
    )
    match.add_argument(
        "--duplicate",
        action="store_true",
        help=_("replay each deal with the bots moved round the table"),
    )
    match.add_argument("--seed", type=int, default=None, help=_("the match's seed"))
    match.add_argument("--json", action="store_true", help=_("print the result as JSON"))
    spread_arguments(match)
    rules_arguments(match)
    match.set_defaults(run=run_match, subparser=match, command="poch match")


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
    games_from_args(args, fail)
    workers = workers_from_args(args, fail)
    base = seed_from_args(args, fail, games=args.games)
    run = seat_games(args, out, SeatGames(rules, names, base), Sums(rules.players), workers, base)
    sums = run.sums
    games = sums.games
    seats: list[dict[str, Any]] = [
        {
            "seat": seat,
            "bot": names[seat],
            "mean_net": sums.net[seat] / games if games else None,
            "pochs_per_game": sums.pochs[seat] / games if games else None,
            "wins": sums.wins[seat],
        }
        for seat in range(rules.players)
    ]
    rows = [
        [
            f"seat {s['seat']} ({s['bot']})",
            "-" if s["mean_net"] is None else f"{s['mean_net']:+.1f}",
            "-" if s["pochs_per_game"] is None else f"{s['pochs_per_game']:.2f}",
            str(s["wins"]),
        ]
        for s in seats
    ]
    title = f"{games} games of Poch, seeds {base} to {base + games - 1}"
    headers = ["seat", "mean net chips", "pochs won per game", "wins"]
    return print_summary(
        out,
        args,
        run,
        "poch simulate",
        {
            "game": "poch",
            "games": games,
            "deals": sums.deals,
            "rules": attrs.asdict(rules),
            "seats": seats,
        },
        (title, headers, rows),
    )


def run_match(args: argparse.Namespace, out: Output, fail: Fail) -> int:
    rules = rules_from_args(args, fail)
    bots = bots_from_specs(
        args.bot or ([] if args.engine else ("heuristic", "random")), "poch", fail
    )
    if not add_engines(bots, args, "poch match", fail):
        return 2
    lineup = None
    if args.lineup is not None:
        lineup = [name.strip() for name in args.lineup.split(",") if name.strip()]
    seed = seed_from_args(args, fail)
    try:
        match = Match(
            rules, bots, lineup=lineup, seed=seed, duplicate=args.duplicate, forfeits=True
        )
    except PochaError as error:
        fail(f"--lineup: {error}" if lineup is not None else str(error))
    games = match_games(args, match, fail, sets=20)
    workers = workers_from_args(args, fail)
    result, stopped, seconds = play_match(out, match, games, workers, args.chunk_size)
    print_forfeits(result.forfeits, "poch match", args.traceback)
    if args.json:
        report = result.as_dict()
        report.update(
            {
                "game": "poch",
                "games_asked": games,
                "seconds": seconds,
                "games_per_second": result.games / seconds if seconds else None,
                "workers": workers,
                "rules": attrs.asdict(rules),
            }
        )
        print(json.dumps(report, indent=2), file=out.stream)
    else:
        print_result(out, result, games, seconds, workers)
    if isinstance(stopped, BotFailedError):
        return bot_failed("poch match", stopped, result.games, games, show_trace=args.traceback)
    return stop_status("poch match", stopped, result.games, games)
