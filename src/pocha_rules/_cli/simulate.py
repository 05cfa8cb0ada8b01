"""``pocha simulate``: many bot games and a summary per seat."""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from pocha_rules._cli.options import (
    BOTS,
    DEFAULT_BOT,
    Fail,
    bots_for,
    json_option,
    rules_arguments,
    rules_from_args,
)
from pocha_rules._cli.output import Output
from pocha_rules._engine import apply
from pocha_rules._game import new_game
from pocha_rules.views import observe

__all__ = ["add_parser", "run"]


def add_parser(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    parents: list[argparse.ArgumentParser],
) -> None:
    """Add ``pocha simulate`` to ``commands``."""
    parser = commands.add_parser(
        "simulate", parents=parents, help="play many bot games and compare the seats"
    )
    parser.add_argument("-n", "--games", type=int, default=100, help="games to play")
    parser.add_argument(
        "--bots",
        default=DEFAULT_BOT,
        metavar="BOT,...",
        help=f"one bot for all seats or one per seat ({', '.join(BOTS)})",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed of the first game")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    rules_arguments(parser)
    parser.set_defaults(run=run, subparser=parser)


def run(args: argparse.Namespace, out: Output, fail: Fail) -> int:
    rules = rules_from_args(args, fail)
    names = [name.strip() for name in args.bots.split(",") if name.strip()]
    for name in names:
        if name not in BOTS:
            fail(f"--bots: unknown bot {name!r}; bots: {', '.join(BOTS)}")
    if len(names) == 1:
        names *= rules.players
    if len(names) != rules.players:
        fail(f"--bots: {len(names)} bots for {rules.players} players (give 1 or one per seat)")
    if args.games < 1:
        fail(f"-n: at least one game, got {args.games}")
    n = rules.players
    totals = [0] * n
    exact = [0] * n
    pochas = [0] * n
    wins = [0] * n
    rounds = 0
    base = args.seed if args.seed is not None else int(time.time())
    started = time.perf_counter()
    with out.progress(args.games, "simulating") as advance:
        for game in range(args.games):
            seed = base + game
            bots = bots_for(names, seed)
            state = new_game(rules, seed=seed)
            while not state.is_over:
                seat = state.to_move
                assert seat is not None
                state = apply(state, bots[seat].act(observe(state, seat)))
            for seat, total in enumerate(state.scores):
                totals[seat] += total
            for result in state.round_results:
                rounds += 1
                for seat in range(n):
                    if result.bids[seat] == result.won[seat]:
                        exact[seat] += 1
                        if result.won[seat] == result.cards >= rules.pocha_min_cards:
                            pochas[seat] += 1
            for seat in state.winners:
                wins[seat] += 1
            advance()
    seconds = time.perf_counter() - started
    games = args.games
    seats: list[dict[str, Any]] = [
        {
            "seat": seat,
            "bot": names[seat],
            "mean_score": totals[seat] / games,
            "exact_bid_rate": exact[seat] / rounds,
            "pochas": pochas[seat],
            "wins": wins[seat],
        }
        for seat in range(n)
    ]
    if args.json:
        report = {
            "games": games,
            "rounds": rounds,
            "first_seed": base,
            "seconds": seconds,
            "games_per_second": games / seconds if seconds else None,
            "rules": {k: json_option(v) for k, v in rules.options().items()},
            "seats": seats,
        }
        print(json.dumps(report, indent=2), file=out.stream)
        return 0
    rows = [
        [
            f"seat {s['seat']} ({s['bot']})",
            f"{s['mean_score']:.1f}",
            f"{100 * s['exact_bid_rate']:.1f}%",
            str(s["pochas"]),
            str(s["wins"]),
        ]
        for s in seats
    ]
    out.table(
        f"{games} games, seeds {base} to {base + games - 1}",
        ["seat", "mean score", "exact bids", "pochas", "wins"],
        rows,
    )
    rate = f"{games / seconds:.1f}" if seconds else "inf"
    out.line(f"{seconds:.2f} s, {rate} games per second")
    return 0
