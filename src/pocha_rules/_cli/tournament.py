"""``pocha tournament``: a round robin of bots and engines over duplicate
deals, with ratings, a crosstable, and a results file to resume from."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from pocha_rules._cli.i18n import _
from pocha_rules._cli.match import engine_arguments
from pocha_rules._cli.options import (
    BOTS,
    Fail,
    examples,
    json_option,
    rules_arguments,
    rules_from_args,
)
from pocha_rules._cli.output import Output
from pocha_rules._cli.workers import spread, spread_arguments, stop_status, workers_from_args
from pocha_rules._common.errors import PochaError
from pocha_rules._record_json import read_rules
from pocha_rules.matches import BotFactory
from pocha_rules.tournaments import Tournament, TournamentLog, TournamentResult

__all__ = ["add_parser", "run"]


def add_parser(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    parents: list[argparse.ArgumentParser],
) -> None:
    """Add ``pocha tournament`` to ``commands``."""
    parser = commands.add_parser(
        "tournament",
        parents=parents,
        help=_("a round robin of bots and engines, with ratings"),
        description=_(
            "Play every pair of bots against each other over the same duplicate "
            "deals, and rate them (Bradley-Terry, on the Elo scale, with 95%% intervals) with "
            "a crosstable. A bot is a built-in name "
            "({bots}) or MODULE:CLASS; an engine is NAME=COMMAND (a program of "
            "the engine protocol). A bot's fault forfeits its game, never the tournament. "
            "With --results, every finished set is appended to a file at once, and "
            "--resume FILE goes on with it after Ctrl-C or a crash."
        ).format(bots=", ".join(BOTS)),
        **examples(
            "pocha tournament --bot heuristic --bot random --bot montecarlo --sets 20 "
            "--workers 0 --results t.jsonl",
            "pocha tournament --resume t.jsonl --workers 0",
            "pocha tournament --bot heuristic --engine js='node examples/engine.js'",
        ),
    )
    parser.add_argument(
        "--bot", action="append", default=[], metavar="BOT", help=_("a bot (repeatable)")
    )
    engine_arguments(parser, traceback=False)
    parser.add_argument(
        "--sets", type=int, default=10, help=_("duplicate sets for every pair (default 10)")
    )
    parser.add_argument("--seed", type=int, default=None, help=_("the tournament's seed"))
    parser.add_argument(
        "--results", default=None, metavar="FILE", help=_("append every finished set to FILE")
    )
    parser.add_argument(
        "--resume", default=None, metavar="FILE", help=_("go on with the tournament in FILE")
    )
    parser.add_argument("--force", action="store_true", help=_("overwrite --results FILE"))
    parser.add_argument("--json", action="store_true", help=_("print the result as JSON"))
    spread_arguments(parser)
    rules_arguments(parser)
    parser.set_defaults(run=run, subparser=parser)


def _entrants(bots: list[str], engines: list[str], fail: Fail) -> dict[str, str]:
    """Each entrant's name and how to build it: ``"bot:SPEC"`` or
    ``"engine:COMMAND"`` (as the results file keeps them)."""
    entrants: dict[str, str] = {}
    for spec in bots:
        name, sep, target = spec.partition("=")
        if not sep:
            name, target = "", spec
        target = target.strip()
        name = name.strip() or target.rsplit(":", 1)[-1].rsplit(".", 1)[-1]
        if name in entrants:
            fail(
                _("--bot {spec}: two entrants named {name}; rename one with NAME=BOT").format(
                    spec=spec, name=repr(name)
                )
            )
        entrants[name] = f"bot:{target}"
    for spec in engines:
        name, sep, command = spec.partition("=")
        if not sep or not name.strip() or not command.strip():
            fail(_("--engine {spec}: expected NAME=COMMAND").format(spec=repr(spec)))
        if name.strip() in entrants:
            fail(
                _("--engine {spec}: two entrants named {name}").format(
                    spec=spec, name=repr(name.strip())
                )
            )
        entrants[name.strip()] = f"engine:{command.strip()}"
    return entrants


def _factories(entrants: dict[str, str], time_limit: float, fail: Fail) -> dict[str, BotFactory]:
    from pocha_rules._cli.match import load_bot
    from pocha_rules.engines import Engine

    factories: dict[str, BotFactory] = {}
    for name, how in entrants.items():
        kind, _, target = how.partition(":")
        try:
            if kind == "engine":
                factories[name] = Engine(target, time_limit=time_limit, name=name)
            else:
                factories[name] = load_bot(target)[1]
        except (ValueError, TypeError) as error:
            fail(f"{name}: {error}")
    return factories


def run(args: argparse.Namespace, out: Output, fail: Fail) -> int:
    if args.resume is not None:
        if args.results is not None or args.bot or args.engine:
            fail(_("--resume FILE: the file says who plays and where the results go"))
        try:
            header = TournamentLog.read_header(args.resume)
        except (OSError, PochaError) as error:
            fail(f"--resume {args.resume}: {error}")
        setup = header
        path: Path | None = Path(args.resume)
    else:
        if args.time_limit <= 0:
            fail(_("--time-limit: above 0 seconds, got {got}").format(got=args.time_limit))
        if args.sets < 1:
            fail(_("--sets: at least 1, got {got}").format(got=args.sets))
        rules = rules_from_args(args, fail)
        entrants = _entrants(args.bot, args.engine, fail)
        if len(entrants) < 2:
            fail(_("give two entrants or more (--bot, --engine)"))
        setup = {
            "rules": {k: json_option(v) for k, v in rules.options().items()},
            "entrants": entrants,
            "sets": args.sets,
            "seed": args.seed if args.seed is not None else int(time.time()),
            "time_limit": args.time_limit,
        }
        path = None if args.results is None else Path(args.results)
    tournament, log = _tournament(setup, path, fail)
    done = []
    if log is not None:
        try:
            if args.resume is not None:
                done = log.read()
            else:
                log.create(force=args.force)
        except FileExistsError as error:
            fail(_("--results: {error} (or give --force)").format(error=error))
        except (OSError, PochaError) as error:
            fail(f"{log.path}: {error}")
        if log.damaged:
            print(
                "pocha tournament: "
                + _("{path}: a last line cut short was dropped").format(path=log.path),
                file=sys.stderr,
            )
    workers = workers_from_args(args, fail)
    already = sum(result.games for result in done)

    def saved(results: Any) -> None:
        for result in results:
            for line in result.faults:
                print(f"pocha tournament: {_('forfeit:')} {line}", file=sys.stderr)
        if log is not None:
            log.append(results)

    result, stopped, seconds = spread(
        out,
        tournament.games,
        _("tournament"),
        lambda advance: tournament.run(
            done=done,
            workers=workers,
            chunk_size=args.chunk_size,
            progress=advance,
            on_result=saved,
        ),
        done=already,
    )
    if args.json:
        report = result.as_dict()
        report.update({"seconds": seconds, "seed": tournament.seed})
        print(json.dumps(report, indent=2), file=out.stream)
    else:
        _print(out, result, tournament.count)
    if stopped is not None and log is not None:
        print(
            "pocha tournament: "
            + _(
                "the finished sets are in {path}; 'pocha tournament --resume {path}' goes on"
            ).format(path=log.path),
            file=sys.stderr,
        )
    return stop_status("tournament", stopped, len(result.sets), tournament.count)


def _tournament(
    setup: dict[str, Any], path: Path | None, fail: Fail
) -> tuple[Tournament, TournamentLog | None]:
    try:
        rules = read_rules(setup["rules"])
        entrants = setup["entrants"]
        factories = _factories(entrants, float(setup.get("time_limit", 10.0)), fail)
        tournament = Tournament(rules, factories, sets=setup["sets"], seed=setup["seed"])
    except (KeyError, TypeError, PochaError) as error:
        fail(_("the tournament cannot be set up: {error}").format(error=error))
    log = None if path is None else TournamentLog(path, setup)
    return tournament, log


def _print(out: Output, result: TournamentResult, asked: int) -> None:
    played = len(result.sets)
    if result.complete:
        title = _("tournament, {played} sets, {games} games")
    else:
        title = _("tournament, {played} of {asked} sets, {games} games")
    title = title.format(played=played, asked=asked, games=result.games)
    rows = []
    for rank, rating in enumerate(result.ratings(), start=1):
        half = (rating.high - rating.low) / 2
        score = "-" if rating.comparisons == 0 else f"{100 * rating.score:.1f}%"
        rows.append(
            [
                str(rank),
                rating.name,
                f"{rating.elo:+.0f}",
                f"±{half:.0f}",
                _("{low} to {high}").format(low=f"{rating.low:+.0f}", high=f"{rating.high:+.0f}"),
                score,
                str(rating.comparisons),
            ]
        )
    headers = ["#", _("bot"), "elo", "±", _("95% interval"), _("score"), _("sets")]
    out.table(title, headers, rows, left=2)
    cross = result.crosstable()
    names = list(result.names)
    short = [name[:8] for name in names]
    table = []
    for a in names:
        row = [a[:12]]
        for b in names:
            if a == b:
                row.append("")
            else:
                points, sets = cross.get((a, b), (0.0, 0))
                row.append(f"{points:g}/{sets}" if sets else "-")
        table.append(row)
    out.table(_("crosstable: sets won (a draw is half) of sets played"), ["", *short], table)
    if result.faults:
        out.line(_("{count} forfeits (see the lines above)").format(count=len(result.faults)))
