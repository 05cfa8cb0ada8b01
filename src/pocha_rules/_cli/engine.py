"""``pocha engine``: any bot, built in or ``MODULE:CLASS``, as an engine
of the engine protocol on standard input and output."""

from __future__ import annotations

import argparse
import sys

from pocha_rules._cli.i18n import _
from pocha_rules._cli.options import Fail
from pocha_rules._cli.output import Output

__all__ = ["options", "run"]


def options(parser: argparse.ArgumentParser) -> None:
    """The options of ``pocha engine``."""
    parser.add_argument("bot", metavar="BOT", help=_("the bot to run"))


def run(args: argparse.Namespace, out: Output, fail: Fail) -> int:
    from pocha_rules._cli.match import load_bot
    from pocha_rules.engines import serve

    # The game comes in the protocol's game message: a bot for each game
    # that has one by this name (a MODULE:CLASS plays whichever it is given).
    factories = {}
    for game in ("pocha", "poch"):
        try:
            name, factories[game] = load_bot(args.bot, game)
        except ValueError as error:
            problem = error
    if not factories:
        fail(f"{args.bot}: {problem}")
    return serve(factories, sys.stdin, sys.stdout, name=name)
