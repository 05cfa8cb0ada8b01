"""``pocha simulate``: many bot games and a summary per seat."""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping, Sequence
from typing import Any

from pocha_rules._cli.i18n import _
from pocha_rules._cli.options import (
    BOTS,
    DEFAULT_BOT,
    Fail,
    bots_for,
    examples,
    games_from_args,
    json_option,
    rules_arguments,
    rules_from_args,
    seed_from_args,
)
from pocha_rules._cli.output import Output
from pocha_rules._cli.workers import (
    speed_line,
    spread,
    spread_arguments,
    stop_status,
    workers_from_args,
)
from pocha_rules._pocha.engine import apply
from pocha_rules._pocha.game import new_game
from pocha_rules._pocha.rules import RuleSet
from pocha_rules.parallel import run_chunks
from pocha_rules.views import observe

__all__ = ["SeatGames", "Sums", "add_parser", "bots_from_args", "run", "simulate_arguments"]


def add_parser(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    parents: list[argparse.ArgumentParser],
) -> None:
    """Add ``pocha simulate`` to ``commands``."""
    parser = commands.add_parser(
        "simulate",
        parents=parents,
        help=_("play many bot games and compare the seats"),
        description=_(
            "Play many games between bots at fixed seats and summarise each seat. "
            "Game i is dealt from seed --seed + i."
        ),
        **examples(
            "pocha simulate -n 1000 --bots heuristic,random,random,random --seed 1 --workers 2",
        ),
    )
    simulate_arguments(parser, BOTS, DEFAULT_BOT)
    rules_arguments(parser)
    parser.set_defaults(run=run, subparser=parser)


def simulate_arguments(
    parser: argparse.ArgumentParser, bots: Mapping[str, object], default: str
) -> None:
    """The options of ``simulate`` for either game: ``-n``, ``--bots`` (one
    of ``bots`` by name), ``--seed``, ``--json`` and how to spread the games."""
    parser.add_argument("-n", "--games", type=int, default=100, help=_("games to play"))
    parser.add_argument(
        "--bots",
        default=default,
        metavar="BOT,...",
        help=_("one bot for all seats or one per seat ({bots})").format(bots=", ".join(bots)),
    )
    parser.add_argument("--seed", type=int, default=None, help=_("seed of the first game"))
    parser.add_argument("--json", action="store_true", help=_("print the summary as JSON"))
    spread_arguments(parser)


def bots_from_args(
    args: argparse.Namespace, bots: Mapping[str, object], players: int, fail: Fail
) -> list[str]:
    """The bot at each seat that ``--bots`` names: one for every seat, or
    one per seat, each one of ``bots``."""
    names = [name.strip() for name in args.bots.split(",") if name.strip()]
    for name in names:
        if name not in bots:
            fail(
                _("--bots: unknown bot {name}; bots: {bots}").format(
                    name=repr(name), bots=", ".join(bots)
                )
            )
    if len(names) == 1:
        names *= players
    if len(names) != players:
        fail(
            _("--bots: {count} bots for {players} players (give 1 or one per seat)").format(
                count=len(names), players=players
            )
        )
    return names


class Sums:
    """Integer sums over games, by seat: what the summary is made of."""

    def __init__(self, players: int) -> None:
        self.games = 0
        self.rounds = 0
        self.totals = [0] * players
        self.exact = [0] * players
        self.pochas = [0] * players
        self.wins = [0] * players

    def add(self, other: Sums) -> None:
        """Add ``other``'s games to these."""
        self.games += other.games
        self.rounds += other.rounds
        for mine, theirs in (
            (self.totals, other.totals),
            (self.exact, other.exact),
            (self.pochas, other.pochas),
            (self.wins, other.wins),
        ):
            for seat, value in enumerate(theirs):
                mine[seat] += value


class SeatGames:
    """Plays a chunk of the command's games (game ``i`` is dealt from
    ``base + i``, each bot seeded from it and its seat) in any process."""

    def __init__(self, rules: RuleSet, names: Sequence[str], base: int) -> None:
        self.rules = rules
        self.names = tuple(names)
        self.base = base

    def __call__(self, chunk: range) -> Sums:
        rules = self.rules
        n = rules.players
        sums = Sums(n)
        for game in chunk:
            seed = self.base + game
            bots = bots_for(self.names, seed)
            state = new_game(rules, seed=seed)
            while not state.is_over:
                seat = state.to_move
                assert seat is not None
                state = apply(state, bots[seat].act(observe(state, seat)))
            sums.games += 1
            for seat, total in enumerate(state.scores):
                sums.totals[seat] += total
            for result in state.round_results:
                sums.rounds += 1
                for seat in range(n):
                    if result.bids[seat] == result.won[seat]:
                        sums.exact[seat] += 1
                        if result.won[seat] == result.cards >= rules.pocha_min_cards:
                            sums.pochas[seat] += 1
            for seat in state.winners:
                sums.wins[seat] += 1
        return sums


def run(args: argparse.Namespace, out: Output, fail: Fail) -> int:
    rules = rules_from_args(args, fail)
    names = bots_from_args(args, BOTS, rules.players, fail)
    games_from_args(args, fail)
    workers = workers_from_args(args, fail)
    n = rules.players
    base = seed_from_args(args, fail, games=args.games)
    job = SeatGames(rules, names, base)
    chunks, stopped, seconds = spread(
        out,
        args.games,
        _("simulating"),
        lambda advance: run_chunks(
            job, args.games, workers=workers, chunk_size=args.chunk_size, progress=advance
        ),
    )
    sums = Sums(n)
    for _numbers, part in chunks:
        sums.add(part)
    games = sums.games
    seats: list[dict[str, Any]] = [
        {
            "seat": seat,
            "bot": names[seat],
            "mean_score": sums.totals[seat] / games if games else None,
            "exact_bid_rate": sums.exact[seat] / sums.rounds if sums.rounds else None,
            "pochas": sums.pochas[seat],
            "wins": sums.wins[seat],
        }
        for seat in range(n)
    ]
    if args.json:
        report = {
            "games": games,
            "rounds": sums.rounds,
            "first_seed": base,
            "seconds": seconds,
            "games_per_second": games / seconds if seconds else None,
            "workers": workers,
            "complete": stopped is None,
            "rules": {k: json_option(v) for k, v in rules.options().items()},
            "seats": seats,
        }
        print(json.dumps(report, indent=2), file=out.stream)
        return stop_status("simulate", stopped, games, args.games)
    rows = [
        [
            _("seat {seat} ({bot})").format(seat=s["seat"], bot=s["bot"]),
            "-" if s["mean_score"] is None else f"{s['mean_score']:.1f}",
            "-" if s["exact_bid_rate"] is None else f"{100 * s['exact_bid_rate']:.1f}%",
            str(s["pochas"]),
            str(s["wins"]),
        ]
        for s in seats
    ]
    if stopped is None:
        title = _("{games} games, seeds {first} to {last}").format(
            games=games, first=base, last=base + games - 1
        )
    else:
        title = _(
            "{games} of {asked} games (seeds from {first}); the others did not finish"
        ).format(games=games, asked=args.games, first=base)
    headers = [_("seat"), _("mean score"), _("exact bids"), _("pochas"), _("wins")]
    out.table(title, headers, rows)
    out.line(speed_line(games, seconds, workers))
    return stop_status("simulate", stopped, games, args.games)
