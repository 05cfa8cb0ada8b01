"""``pocha engine``: any bot, built in or ``MODULE:CLASS``, as an engine
of the engine protocol on standard input and output."""

from __future__ import annotations

import argparse
import sys

from pocha_rules._cli.commands import Commands
from pocha_rules._cli.i18n import _
from pocha_rules._cli.options import BOTS, Fail
from pocha_rules._cli.output import Output

__all__ = ["add_parser", "run"]


def add_parser(commands: Commands) -> None:
    """Add ``pocha engine`` to ``commands``."""
    parser = commands.add(
        "engine",
        run,
        help=_("run a bot as an engine (JSON lines on standard input and output)"),
        description=_(
            "Run a bot as an engine of the engine protocol: it reads the "
            "protocol's messages on standard input and answers on standard output, so that "
            "'pocha match --engine' or any other arena can seat it, at Pocha or at Poch (as "
            "the arena's game message says). BOT is a built-in name ({bots}: Pocha's bot or "
            "Poch's of that name) or MODULE:CLASS."
        ).format(bots=", ".join(BOTS)),
        examples=(
            "pocha engine heuristic",
            "pocha match --engine h='pocha engine heuristic' --bot random -n 40",
            "pocha poch match --engine h='pocha engine heuristic' --bot random -n 40",
        ),
    )
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
