"""``pocha tournament``: a round robin of bots and engines over duplicate
deals, with ratings, a crosstable, and a results file to resume from."""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

from pocha_rules._cli.games import GAMES
from pocha_rules._cli.i18n import _
from pocha_rules._cli.match import EngineUnusable, engine_arguments, load_bot, load_engine
from pocha_rules._cli.options import Fail, repeatable
from pocha_rules._cli.output import Output
from pocha_rules._cli.workers import spread, spread_arguments, stop_status, workers_from_args
from pocha_rules._common.errors import PochaError
from pocha_rules._common.text import shown
from pocha_rules.matches import BotFactory
from pocha_rules.tournaments import MAX_SETS, Tournament, TournamentLog, TournamentResult

__all__ = ["options", "run"]


def options(parser: argparse.ArgumentParser, game: str = "pocha") -> None:
    """The options of ``pocha tournament`` (or, for ``game="poch"``, of ``pocha
    poch tournament``)."""
    played = GAMES[game]
    repeatable(parser, "--bot", "BOT", _("a bot (repeatable)"))
    engine_arguments(parser, traceback=False)
    parser.add_argument(
        "--sets", type=int, default=10, help=_("duplicate sets for every pair (default 10)")
    )
    parser.add_argument("--seed", type=int, default=None, help=_("the tournament's seed"))
    parser.add_argument(
        "--results", default=None, metavar="FILE", help=_("append every finished set to FILE")
    )
    parser.add_argument(
        "--resume",
        default=None,
        metavar="FILE",
        help=_("go on with the tournament in FILE (with the same --bot and --engine)"),
    )
    parser.add_argument("--force", action="store_true", help=_("overwrite --results FILE"))
    parser.add_argument("--json", action="store_true", help=_("print the result as JSON"))
    spread_arguments(parser)
    played.options.rules_arguments(parser)


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


def _factories(
    entrants: dict[str, str], args: argparse.Namespace, time_limit: float, game: str, fail: Fail
) -> dict[str, BotFactory]:
    """Each entrant's factory; an engine's program is started once to see
    that it answers (:class:`EngineUnusable` when it does not)."""
    factories: dict[str, BotFactory] = {}
    for name, how in entrants.items():
        kind, _colon, target = how.partition(":")
        try:
            if kind == "engine":
                factories[name] = load_engine(
                    f"{name}={target}", time_limit, args.start_limit, args.engine_log
                )[1]
            else:
                factories[name] = load_bot(target, game)[1]
        except EngineUnusable:
            raise
        except (ValueError, TypeError) as error:
            fail(f"{name}: {error}")
    return factories


def _setup(args: argparse.Namespace, game: str, fail: Fail) -> tuple[dict[str, Any], Path | None]:
    """What the tournament is (the results file's header) and its file."""
    entrants = _entrants(args.bot, args.engine, fail)
    if args.resume is not None:
        if args.results is not None:
            fail(_("--resume FILE: the results go on in FILE; --results is not needed"))
        try:
            header = TournamentLog.read_header(args.resume)
        except (OSError, PochaError) as error:
            fail(f"--resume {args.resume}: {error}")
        kept = header.get("entrants")
        if not entrants:
            fail(
                _(
                    "--resume {path}: give the entrants again (--bot, --engine), as they were "
                    "given: a results file is data, and nothing it names is run"
                ).format(path=args.resume)
            )
        if header.get("game", "pocha") != game:
            fail(
                _("--resume {path}: a tournament of {other}, not of {game}").format(
                    path=args.resume, other=header.get("game"), game=game
                )
            )
        if kept != entrants:
            fail(
                _("--resume {path}: the entrants differ from the file's: {differ}").format(
                    path=args.resume, differ=_differences(kept, entrants)
                )
            )
        return header, Path(args.resume)
    if not 0 < args.time_limit < math.inf:
        fail(_("--time-limit: above 0 seconds, got {got}").format(got=args.time_limit))
    if not 1 <= args.sets <= MAX_SETS:
        fail(
            _("--sets: from 1 to {most}, got {got}").format(
                most=f"{MAX_SETS:,}", got=shown(args.sets)
            )
        )
    if args.seed is not None and not 0 <= args.seed < 2**63:
        fail(_("--seed: from 0 to 2**63 - 1, got {got}").format(got=shown(args.seed)))
    if len(entrants) < 2:
        fail(_("give two entrants or more (--bot, --engine)"))
    rules = GAMES[game].options.rules_from_args(args, fail)
    setup: dict[str, Any] = {
        "game": game,
        "rules": GAMES[game].options.rules_data(rules),
        "entrants": entrants,
        "sets": args.sets,
        "seed": args.seed if args.seed is not None else int(time.time()),
        "time_limit": args.time_limit,
    }
    return setup, None if args.results is None else Path(args.results)


def _differences(kept: object, given: dict[str, str]) -> str:
    if not isinstance(kept, dict):
        return _("the file names none")
    names = list(dict.fromkeys([*kept, *given]))
    return "; ".join(
        f"{name}: {kept.get(name, '-')!s} / {given.get(name, '-')!s}"
        for name in names
        if kept.get(name) != given.get(name)
    )


class _WriteFailed(Exception):
    """The results file could not be written: the tournament stops."""


def run(args: argparse.Namespace, out: Output, fail: Fail, game: str = "pocha") -> int:
    command = GAMES[game].command("tournament")
    setup, path = _setup(args, game, fail)
    if path is None and args.results is not None:
        path = Path(args.results)
    try:
        tournament, log = _tournament(setup, path, args, game, fail)
    except EngineUnusable as error:
        print(f"pocha {command}: {error}", file=sys.stderr)
        return 2
    done = []
    if log is not None:
        try:
            if args.resume is not None:
                done = log.read()
            else:
                log.create(force=args.force)
        except FileExistsError as error:
            fail(_("--results: {error} (or give --force)").format(error=error))
        except PochaError as error:
            fail(f"{log.path}: {error}")
        except OSError as error:
            print(f"pocha {command}: {log.path}: {error}", file=sys.stderr)
            return 1
        if log.damaged:
            print(
                f"pocha {command}: "
                + _("{path}: a last line cut short was dropped").format(path=log.path),
                file=sys.stderr,
            )
    workers = workers_from_args(args, fail)
    already = sum(result.games for result in done)
    write_error: list[OSError] = []

    def saved(results: Any) -> None:
        if write_error:
            return
        for result in results:
            for line in result.faults:
                print(f"pocha {command}: {_('forfeit:')} {line}", file=sys.stderr)
        if log is not None:
            try:
                log.append(results)
            except OSError as error:
                write_error.append(error)
                raise _WriteFailed from None

    try:
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
    except _WriteFailed:
        assert log is not None
        print(
            f"pocha {command}: "
            + _(
                "cannot write {path}: {error}; the sets saved before are kept, and "
                "--resume goes on once there is room"
            ).format(path=log.path, error=write_error[0]),
            file=sys.stderr,
        )
        return 1
    if args.json:
        report = result.as_dict()
        report.update({"seconds": seconds, "seed": tournament.seed})
        print(json.dumps(report, indent=2), file=out.stream)
    else:
        _print(out, result, tournament.count)
    if stopped is not None and log is not None:
        print(
            f"pocha {command}: "
            + _(
                "the finished sets are in {path}; '{command} --resume {path}' with the same "
                "entrants goes on"
            ).format(path=log.path, command=f"pocha {command}"),
            file=sys.stderr,
        )
    return stop_status(command, stopped, len(result.sets), tournament.count, unit="sets")


def _tournament(
    setup: dict[str, Any], path: Path | None, args: argparse.Namespace, game: str, fail: Fail
) -> tuple[Tournament, TournamentLog | None]:
    try:
        rules = GAMES[game].options.read_rules(setup["rules"])
        time_limit = setup.get("time_limit", 10.0)
        if isinstance(time_limit, bool) or not isinstance(time_limit, int | float):
            raise TypeError(f"time_limit must be a number, got {time_limit!r}")
        factories = _factories(setup["entrants"], args, float(time_limit), game, fail)
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
        if not rating.comparisons:  # no set played: nothing to rate it on
            rows.append(["", rating.name, "-", "", "-", "-", "0"])
            continue
        half = (rating.high - rating.low) / 2
        rows.append(
            [
                str(rank),
                rating.name,
                f"{rating.elo:+.0f}",
                f"±{half:.0f}",
                _("{low} to {high}").format(low=f"{rating.low:+.0f}", high=f"{rating.high:+.0f}"),
                f"{100 * rating.score:.1f}%",
                str(rating.comparisons),
            ]
        )
    headers = ["#", _("bot"), "elo", "±", _("95% interval"), _("score"), _("sets")]
    out.table(title, headers, rows, left=2)
    # The crosstable's columns are numbered as its rows, so that no name is cut.
    cross = result.crosstable()
    names = list(result.names)
    table = []
    for number, a in enumerate(names, start=1):
        row = [f"{number} {a}"]
        for b in names:
            if a == b:
                row.append("")
            else:
                points, sets = cross.get((a, b), (0.0, 0))
                row.append(f"{points:g}/{sets}" if sets else "-")
        table.append(row)
    numbers = [str(number) for number in range(1, len(names) + 1)]
    out.table(_("crosstable: sets won (a draw is half) of sets played"), ["", *numbers], table)
    if result.faults:
        out.line(_("{count} forfeits (see the lines above)").format(count=len(result.faults)))
