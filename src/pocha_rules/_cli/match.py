"""``pocha match``: bots against each other over many games, with
confidence intervals; seated or in the duplicate format."""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import sys
import time
from typing import Any

from pocha_rules._cli.options import (
    BOTS,
    Fail,
    examples,
    json_option,
    rules_arguments,
    rules_from_args,
    spread_arguments,
    stop_status,
    workers_from_args,
)
from pocha_rules._cli.output import Output
from pocha_rules._errors import PochaError
from pocha_rules.bots import Bot
from pocha_rules.matches import BotFactory, Estimate, Match, MatchResult
from pocha_rules.parallel import Interrupted, LostGamesError

__all__ = ["BuiltInBot", "add_parser", "load_bot", "print_result", "run"]

_DEFAULT_BOTS = ("heuristic", "random")


def add_parser(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    parents: list[argparse.ArgumentParser],
) -> None:
    """Add ``pocha match`` to ``commands``."""
    parser = commands.add_parser(
        "match",
        parents=parents,
        help="bots against each other over many games, with confidence intervals",
        description="Play bots against each other, moving them round the table from game "
        "to game, and report each bot's mean score per game with a 95% confidence "
        "interval, its margin over the other seats and its win rate. A bot is a built-in "
        f"name ({', '.join(BOTS)}) or MODULE:CLASS, a class whose constructor takes seed "
        "(found from the current directory too); NAME=MODULE:CLASS renames it. Without "
        "--lineup the bots take the seats in turn round the table.",
        **examples(
            "pocha match --bot heuristic --bot random -n 400 --duplicate --workers 2",
            "pocha match --bot me=mybots:Greedy --bot heuristic "
            "--lineup me,heuristic,heuristic,heuristic",
        ),
    )
    parser.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="BOT",
        help="a bot in the match (repeatable; default: heuristic and random)",
    )
    parser.add_argument(
        "--lineup",
        default=None,
        metavar="NAME,...",
        help="the bot at each seat of the first game, by name",
    )
    parser.add_argument(
        "-n",
        "--games",
        type=int,
        default=None,
        help="games to play, a whole number of sets (default: 100 sets)",
    )
    parser.add_argument(
        "--duplicate",
        action="store_true",
        help="replay each deal with the bots moved round the table, so that every bot "
        "holds every hand (the luck of the cards cancels out)",
    )
    parser.add_argument("--seed", type=int, default=None, help="the match's seed")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    spread_arguments(parser)
    rules_arguments(parser)
    parser.set_defaults(run=run, subparser=parser)


class BuiltInBot:
    """A bot the command line offers by name, as a factory that pickles
    (it looks the bot up again in the worker)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __call__(self, *, seed: int) -> Bot:
        return BOTS[self.name](seed)

    def __repr__(self) -> str:
        return f"BuiltInBot({self.name!r})"


def load_bot(spec: str) -> tuple[str, BotFactory]:
    """The name and factory of ``--bot SPEC``: a built-in name,
    ``MODULE:CLASS`` or ``NAME=MODULE:CLASS``.

    Raises:
        ValueError: The bot cannot be found or built; the message says why.

    """
    name, sep, target = spec.partition("=")
    if not sep:
        name, target = "", spec
    name, target = name.strip(), target.strip()
    if ":" not in target:
        if target not in BOTS:
            raise ValueError(
                f"unknown bot {target!r}: give one of {', '.join(BOTS)} or MODULE:CLASS"
            )
        return name or target, BuiltInBot(target)
    module_name, _, attribute = target.partition(":")
    if os.getcwd() not in sys.path:  # `pocha` does not look in the current directory
        sys.path.insert(0, os.getcwd())
    try:
        found: Any = importlib.import_module(module_name)
    except ImportError as error:
        raise ValueError(f"cannot import {module_name!r}: {error}") from None
    for part in attribute.split("."):
        if not hasattr(found, part):
            raise ValueError(f"module {module_name!r} has no {attribute!r}")
        found = getattr(found, part)
    if not callable(found):
        raise ValueError(f"{target} is not a class")
    try:
        bot = found(seed=0)
    except Exception as error:
        raise ValueError(f"{target}(seed=0) failed: {error}") from None
    if not isinstance(bot, Bot):
        raise ValueError(f"{target}(seed=0) made {bot!r}, which has no act(view) method")
    factory: BotFactory = found
    return name or attribute.rsplit(".", 1)[-1], factory


def run(args: argparse.Namespace, out: Output, fail: Fail) -> int:
    rules = rules_from_args(args, fail)
    bots: dict[str, BotFactory] = {}
    for spec in args.bot or _DEFAULT_BOTS:
        try:
            name, factory = load_bot(spec)
        except ValueError as error:
            fail(f"--bot {spec}: {error}")
        if name in bots:
            fail(f"--bot {spec}: two bots named {name!r}; rename one with NAME=MODULE:CLASS")
        bots[name] = factory
    lineup = None
    if args.lineup is not None:
        lineup = [name.strip() for name in args.lineup.split(",") if name.strip()]
    seed = args.seed if args.seed is not None else int(time.time())
    try:
        match = Match(rules, bots, lineup=lineup, seed=seed, duplicate=args.duplicate)
    except PochaError as error:
        fail(f"--lineup: {error}" if lineup is not None else str(error))
    games = args.games if args.games is not None else 100 * match.set_size
    if games < 1 or games % match.set_size:
        fail(
            f"-n: a positive multiple of {match.set_size} (a set: every bot in every seat), "
            f"got {games}"
        )
    workers = workers_from_args(args, fail)
    started = time.perf_counter()
    stopped: Interrupted | LostGamesError | None = None
    with out.progress(games, "match") as advance:
        try:
            result = match.run(
                games, workers=workers, chunk_size=args.chunk_size, progress=advance
            )
        except (Interrupted, LostGamesError) as stop:
            result, stopped = stop.finished, stop
    seconds = time.perf_counter() - started
    if args.json:
        report = result.as_dict()
        report.update(
            {
                "games_asked": games,
                "seconds": seconds,
                "games_per_second": result.games / seconds if seconds else None,
                "workers": workers,
                "rules": {k: json_option(v) for k, v in rules.options().items()},
            }
        )
        print(json.dumps(report, indent=2), file=out.stream)
    else:
        print_result(out, result, games, seconds, workers)
    return stop_status("match", stopped, result.games, games)


def _number(value: float | None, sign: bool = False) -> str:
    if value is None or math.isnan(value):
        return "-"
    return f"{value:+.1f}" if sign else f"{value:.1f}"


def _interval(estimate: Estimate | None, sign: bool = False) -> str:
    if estimate is None or estimate.low is None or estimate.high is None:
        return "-"
    return f"{_number(estimate.low, sign)} to {_number(estimate.high, sign)}"


def print_result(
    out: Output, result: MatchResult, asked: int, seconds: float, workers: int
) -> None:
    kind = "duplicate" if result.duplicate else "seated"
    deals = f"{result.deals} deal sets" if result.duplicate else f"{result.deals} deals"
    played = f"{result.games} games" if result.complete else f"{result.games} of {asked} games"
    title = f"{kind} match, {played}, {deals}, seed {result.seed}"
    rows = []
    for stats in result.bots.values():
        advantage = stats.advantage
        rows.append(
            [
                stats.name,
                str(stats.seats),
                _number(stats.score.mean),
                _interval(stats.score),
                _number(stats.score.stderr),
                "-" if advantage is None else _number(advantage.mean, sign=True),
                _interval(advantage, sign=True),
                "-" if math.isnan(stats.win_rate) else f"{100 * stats.win_rate:.1f}%",
            ]
        )
    headers = [
        "bot",
        "seats",
        "mean score",
        "95% interval",
        "std. error",
        "vs the others",
        "95% interval",
        "wins",
    ]
    out.table(title, headers, rows)
    out.line(f"lineup of the first game: {', '.join(result.lineup)}")
    rate = f"{result.games / seconds:.1f}" if seconds else "inf"
    spread = f" ({workers} workers)" if workers > 1 else ""
    out.line(f"{seconds:.2f} s, {rate} games per second{spread}")
