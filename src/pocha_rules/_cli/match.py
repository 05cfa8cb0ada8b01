"""``pocha match``: bots against each other over many games, with
confidence intervals; seated or in the duplicate format."""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import sys
from collections.abc import Sequence
from typing import Any, Final

from pocha_rules._cli.games import GAMES
from pocha_rules._cli.i18n import _
from pocha_rules._cli.options import MAX_GAMES, Fail, repeatable, seed_from_args
from pocha_rules._cli.output import Output
from pocha_rules._cli.workers import (
    Spread,
    missing_text,
    speed_line,
    spread,
    spread_arguments,
    stop_status,
    workers_from_args,
)
from pocha_rules._common.errors import PochaError
from pocha_rules._common.text import shown
from pocha_rules.bots import Bot
from pocha_rules.matches import (
    BotFactory,
    BotFailedError,
    Estimate,
    Forfeit,
    Match,
    MatchResult,
)

__all__ = [
    "BuiltInBot",
    "EngineUnusable",
    "add_engines",
    "engine_arguments",
    "forfeit_line",
    "load_bot",
    "load_engine",
    "options",
    "print_forfeits",
    "print_result",
    "run",
    "time_limit_argument",
]

_DEFAULT_BOTS = ("heuristic", "random")
_MATCH_SETS: Final = {"pocha": 100, "poch": 20}
"""The sets a match plays when ``-n`` does not say, by game (Poch's games
are longer)."""


def options(parser: argparse.ArgumentParser, game: str = "pocha") -> None:
    """The options of ``pocha match`` (or, for ``game="poch"``, of ``pocha
    poch match``)."""
    played = GAMES[game]
    repeatable(
        parser, "--bot", "BOT", _("a bot in the match (repeatable; default: heuristic and random)")
    )
    engine_arguments(parser)
    parser.add_argument(
        "--lineup",
        default=None,
        metavar="NAME,...",
        help=_("the bot at each seat of the first game, by name"),
    )
    parser.add_argument(
        "-n",
        "--games",
        type=int,
        default=None,
        help=_("games to play, a whole number of sets (default: {sets} sets)").format(
            sets=_MATCH_SETS[game]
        ),
    )
    parser.add_argument(
        "--duplicate",
        action="store_true",
        help=_(
            "replay each deal with the bots moved round the table, so that every bot "
            "holds every hand (the luck of the cards cancels out)"
        ),
    )
    parser.add_argument("--seed", type=int, default=None, help=_("the match's seed"))
    parser.add_argument("--json", action="store_true", help=_("print the result as JSON"))
    spread_arguments(parser)
    played.options.rules_arguments(parser)


class BuiltInBot:
    """A bot the command line offers by name, as a factory that pickles
    (it looks the bot up again in the worker): one of Pocha's, or of Poch's
    for ``game="poch"``."""

    def __init__(self, name: str, game: str = "pocha") -> None:
        self.name = name
        self.game = game

    def __call__(self, *, seed: int) -> Bot:
        bot: Bot = GAMES[self.game].bots[self.name](seed)
        return bot

    def __repr__(self) -> str:
        game = "" if self.game == "pocha" else f", game={self.game!r}"
        return f"BuiltInBot({self.name!r}{game})"


def time_limit_argument(parser: argparse.ArgumentParser) -> None:
    """``--time-limit SECONDS``: an engine's time for each move."""
    parser.add_argument(
        "--time-limit",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help=_("an engine's time for each move (default 10)"),
    )


def engine_arguments(parser: argparse.ArgumentParser, *, traceback: bool = True) -> None:
    """``--engine``, ``--time-limit`` and (unless ``traceback`` is false)
    ``--traceback``."""
    repeatable(
        parser,
        "--engine",
        "NAME=COMMAND",
        _("a program of the engine protocol in the match (repeatable)"),
    )
    time_limit_argument(parser)
    parser.add_argument(
        "--start-limit",
        type=float,
        default=None,
        metavar="SECONDS",
        help=_(
            "an engine's time to start and answer hello (default 10, or the time limit if longer)"
        ),
    )
    parser.add_argument(
        "--engine-log",
        default=None,
        metavar="DIR",
        help=_(
            "append each engine's standard error to DIR/NAME.log (default: this "
            "command's standard error)"
        ),
    )
    if traceback:
        parser.add_argument(
            "--traceback",
            action="store_true",
            help=_("when a Python bot raises, show its full traceback too"),
        )


def load_engine(
    spec: str,
    time_limit: float,
    start_limit: float | None = None,
    log_dir: str | None = None,
) -> tuple[str, BotFactory]:
    """The name and factory of ``--engine NAME=COMMAND``, once its program
    has answered ``hello`` (an engine that cannot play is a setup error).

    Raises:
        ValueError: The spec or a limit makes no sense, or the engine
            cannot play; the message says why.

    """
    from pocha_rules.engines import Engine, EngineSetupError

    name, sep, command = spec.partition("=")
    if not sep or not name.strip() or not command.strip():
        raise ValueError(_("expected NAME=COMMAND, e.g. js='node engine.js'"))
    if not 0 < time_limit < math.inf:
        raise ValueError(_("--time-limit: above 0 seconds, got {got}").format(got=time_limit))
    if start_limit is not None and not 0 < start_limit < math.inf:
        raise ValueError(_("--start-limit: above 0 seconds, got {got}").format(got=start_limit))
    name = name.strip()
    log = None
    if log_dir is not None:
        if not os.path.isdir(log_dir):
            raise ValueError(_("--engine-log {dir}: not a folder").format(dir=log_dir))
        log = os.path.join(log_dir, _log_name(name))
    try:
        engine = Engine(
            command.strip(), time_limit=time_limit, name=name, start_limit=start_limit, log=log
        )
        engine.check()
    except EngineSetupError as error:
        raise EngineUnusable(str(error)) from None
    except (TypeError, PochaError) as error:
        raise ValueError(str(error)) from None
    return name, engine


def add_engines(
    bots: dict[str, BotFactory], args: argparse.Namespace, command: str, fail: Fail
) -> bool:
    """Add each ``--engine NAME=COMMAND`` of ``args`` to ``bots``, once its
    program has answered ``hello``; False, after one line on stderr, when
    an engine cannot play (the command then exits with status 2)."""
    for spec in args.engine:
        try:
            name, factory = load_engine(spec, args.time_limit, args.start_limit, args.engine_log)
        except EngineUnusable as error:
            print(f"pocha {command}: {error}", file=sys.stderr)
            return False
        except ValueError as error:
            fail(f"--engine {spec}: {error}")
        if name in bots:
            fail(_("--engine {spec}: two bots named {name}").format(spec=spec, name=repr(name)))
        bots[name] = factory
    return True


class EngineUnusable(ValueError):
    """An engine that does not answer ``hello``: its message names it."""


def _log_name(name: str) -> str:
    """A file name for an engine's log: its name, with every character
    that is not a letter, a digit, ``-`` or ``_`` replaced."""
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in name)[:100]
    return f"{safe or 'engine'}.log"


def print_forfeits(forfeits: Sequence[Forfeit], command: str, traceback: bool) -> None:
    """One line on stderr for each forfeit (and its traceback, if asked)."""
    for forfeit in forfeits:
        trace = forfeit.fault.traceback
        if traceback and trace:
            print(trace.rstrip(), file=sys.stderr)
        hint = _(" (--traceback shows where)") if trace and not traceback else ""
        print(f"pocha {command}: {forfeit_line(forfeit)}{hint}", file=sys.stderr)


def forfeit_line(forfeit: Forfeit) -> str:
    """:meth:`Forfeit.line <pocha_rules.matches.Forfeit.line>` in the current
    language (the fault's reason, free text from the bot or the referee, as it is)."""
    fault = forfeit.fault
    who = (
        _("bot {bot} at seat {seat}").format(bot=repr(forfeit.bot), seat=fault.seat)
        if forfeit.bot
        else _("seat {seat}").format(seat=fault.seat)
    )
    return _("game {game}: {who} forfeits ({kind}): {reason}").format(
        game=forfeit.game, who=who, kind=fault.kind, reason=fault.reason
    )


def load_bot(spec: str, game: str = "pocha") -> tuple[str, BotFactory]:
    """The name and factory of ``--bot SPEC``: a built-in name (of Pocha's
    bots, or Poch's for ``game="poch"``), ``MODULE:CLASS`` or
    ``NAME=MODULE:CLASS``.

    Raises:
        ValueError: The bot cannot be found or built; the message says why.

    """
    name, sep, target = spec.partition("=")
    if not sep:
        name, target = "", spec
    name, target = name.strip(), target.strip()
    if ":" not in target:
        built_in = GAMES[game].bots
        if target not in built_in:
            raise ValueError(
                _("unknown bot {name}: give one of {bots} or MODULE:CLASS").format(
                    name=repr(target), bots=", ".join(built_in)
                )
            )
        try:
            built_in[target](0)  # a bot that needs an extra says so here, once
        except ImportError as error:
            raise ValueError(str(error)) from None
        return name or target, BuiltInBot(target, game)
    module_name, _colon, attribute = target.partition(":")
    if os.getcwd() not in sys.path:  # `pocha` does not look in the current directory
        sys.path.insert(0, os.getcwd())
    try:
        found: Any = importlib.import_module(module_name)
    except ImportError as error:
        raise ValueError(
            _("cannot import {module}: {error}").format(module=repr(module_name), error=error)
        ) from None
    for part in attribute.split("."):
        if not hasattr(found, part):
            raise ValueError(
                _("module {module} has no {name}").format(
                    module=repr(module_name), name=repr(attribute)
                )
            )
        found = getattr(found, part)
    if not callable(found):
        raise ValueError(_("{target} is not a class").format(target=target))
    try:
        bot = found(seed=0)
    except Exception as error:
        raise ValueError(
            _("{target}(seed=0) failed: {error}").format(target=target, error=error)
        ) from None
    if not isinstance(bot, Bot):
        raise ValueError(
            _("{target}(seed=0) made {bot}, which has no act(view) method").format(
                target=target, bot=repr(bot)
            )
        )
    factory: BotFactory = found
    return name or attribute.rsplit(".", 1)[-1], factory


def run(args: argparse.Namespace, out: Output, fail: Fail, game: str = "pocha") -> int:
    """Play the match ``args`` ask for, at ``game``."""
    played = GAMES[game]
    command = played.command("match")
    rules = played.options.rules_from_args(args, fail)
    bots = bots_from_specs(args.bot or ([] if args.engine else _DEFAULT_BOTS), game, fail)
    if not add_engines(bots, args, command, fail):
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
    games = match_games(args, match, fail, sets=_MATCH_SETS[game])
    workers = workers_from_args(args, fail)
    result, stopped, seconds = play_match(out, match, games, workers, args.chunk_size)
    print_forfeits(result.forfeits, command, args.traceback)
    if args.json:
        report = {"game": game, **result.as_dict()}
        report.update(
            {
                "games_asked": games,
                "seconds": seconds,
                "games_per_second": result.games / seconds if seconds else None,
                "workers": workers,
                "rules": played.options.rules_data(rules),
            }
        )
        print(json.dumps(report, indent=2), file=out.stream)
    else:
        print_result(out, result, games, seconds, workers)
    if isinstance(stopped, BotFailedError):
        return bot_failed(command, stopped, result.games, games, show_trace=args.traceback)
    return stop_status(command, stopped, result.games, games)


def bots_from_specs(specs: Sequence[str], game: str, fail: Fail) -> dict[str, BotFactory]:
    """Each ``--bot`` of ``specs`` by name (see :func:`load_bot`), for
    ``game`` (``"pocha"`` or ``"poch"``)."""
    bots: dict[str, BotFactory] = {}
    for spec in specs:
        try:
            name, factory = load_bot(spec, game)
        except ValueError as error:
            fail(f"--bot {spec}: {error}")
        if name in bots:
            fail(
                _("--bot {spec}: two bots named {name}; rename one with NAME=MODULE:CLASS").format(
                    spec=spec, name=repr(name)
                )
            )
        bots[name] = factory
    return bots


def match_games(args: argparse.Namespace, match: Match[Any], fail: Fail, *, sets: int) -> int:
    """The games ``-n`` asks of ``match`` (by default ``sets`` sets), checked
    with the seeds they deal from."""
    games = args.games if args.games is not None else sets * match.set_size
    if games < 1 or games % match.set_size or games > MAX_GAMES:
        fail(
            _(
                "-n: a positive multiple of {size} (a set: every bot in every seat), "
                "up to {most}, got {got}"
            ).format(size=match.set_size, most=f"{MAX_GAMES:,}", got=shown(games))
        )
    seed_from_args(args, fail, games=games)  # the last game's deal seed too
    return int(games)


def play_match(
    out: Output, match: Match[Any], games: int, workers: int, chunk_size: int | None
) -> Spread[MatchResult]:
    """Play ``games`` of ``match`` with a progress bar, stopped by a signal
    or a bot's failure (:func:`~pocha_rules._cli.workers.spread`)."""
    return spread(
        out,
        games,
        _("match"),
        lambda advance: match.run(games, workers=workers, chunk_size=chunk_size, progress=advance),
        stops=(BotFailedError,),  # Match.run gives what finished
    )


def bot_failed(
    command: str, error: BotFailedError, done: int, asked: int, *, show_trace: bool
) -> int:
    """Say which bot failed, where, and what finished; the exit status."""
    if show_trace and error.trace:
        print(error.trace.rstrip(), file=sys.stderr)
    hint = "" if show_trace or not error.trace else _(" (--traceback shows where)")
    print(
        f"pocha {command}: "
        + _("{error}{hint}; {done} of {asked} games finished, {missing} not played").format(
            error=error, hint=hint, done=done, asked=asked, missing=missing_text(error.missing)
        ),
        file=sys.stderr,
    )
    return 1


def _number(value: float | None, sign: bool = False) -> str:
    if value is None or math.isnan(value):
        return "-"
    return f"{value:+.1f}" if sign else f"{value:.1f}"


def _interval(estimate: Estimate | None, sign: bool = False) -> str:
    """The mean and the half-width of its 95% interval: ``17.5 ± 2.9``."""
    if estimate is None:
        return "-"
    mean = _number(estimate.mean, sign)
    if estimate.low is None or estimate.high is None:
        return mean
    return f"{mean} ± {(estimate.high - estimate.low) / 2:.1f}"


def print_result(
    out: Output, result: MatchResult, asked: int, seconds: float, workers: int
) -> None:
    kind = _("duplicate match") if result.duplicate else _("seated match")
    deals = (_("{deals} deal sets") if result.duplicate else _("{deals} deals")).format(
        deals=result.deals
    )
    played = (
        _("{games} games").format(games=result.games)
        if result.complete
        else _("{games} of {asked} games").format(games=result.games, asked=asked)
    )
    title = _("{kind}, {played}, {deals}, seed {seed}").format(
        kind=kind, played=played, deals=deals, seed=result.seed
    )
    # Narrow enough for 80 columns: each mean with the half-width of its
    # 95% interval in one cell (the standard errors are in --json).
    rows = [
        [
            stats.name,
            str(stats.seats),
            _interval(stats.score),
            _interval(stats.advantage, sign=True),
            "-" if math.isnan(stats.win_rate) else f"{100 * stats.win_rate:.1f}%",
        ]
        for stats in result.bots.values()
    ]
    headers = [_("bot"), _("seats"), _("mean score ± 95%"), _("vs the others ± 95%"), _("wins")]
    out.table(title, headers, rows)
    out.line(_("± 95%: half the width of the 95% confidence interval (--json: std. errors)"))
    if result.forfeits:
        counts: dict[str, int] = {}
        for forfeit in result.forfeits:
            counts[forfeit.bot] = counts.get(forfeit.bot, 0) + 1
        out.line(
            _("forfeits (games lost by a fault, counted above): {counts}").format(
                counts=", ".join(f"{name} {count}" for name, count in counts.items())
            )
        )
    out.line(_("lineup of the first game: {lineup}").format(lineup=", ".join(result.lineup)))
    out.line(speed_line(result.games, seconds, workers))
