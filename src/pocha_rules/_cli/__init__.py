"""The ``pocha`` command: play, simulate, check and show games in a terminal.

``pocha`` (or ``python -m pocha_rules``) has seven subcommands, one module
each:

- ``play`` (:mod:`.play`): a game in the terminal, human seats
  (``--human SEAT``) against bots, or bots only, with the score sheet round
  by round; ``--save`` keeps the game (:mod:`.saving`), ``--resume`` goes
  on with it;
- ``simulate`` (:mod:`.simulate`): many bot games and a summary per seat;
- ``match`` (:mod:`.match`): bots against each other, seated or duplicate,
  with confidence intervals;
- ``validate`` and ``replay`` (:mod:`.records`): check a game record, and
  show its score sheet;
- ``rules`` (:mod:`.rules`): every option of a rule set, and its schedule;
- ``poch`` (:mod:`.poch`): the same commands for Poch, the other game, as
  a group of their own (``pocha poch play``, ...).

Rules come from ``--preset``, ``--players``, ``--deck`` and any number of
``--rule NAME=VALUE`` (:mod:`.options`). Output is plain text when stdout is
not a terminal, when ``NO_COLOR`` is set, with ``--plain``, or when the
optional ``rich`` package (the ``cli`` extra) is not installed
(:mod:`.output`).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn, cast

from pocha_rules._cli import match, play, poch, records, rules, simulate
from pocha_rules._cli.options import examples
from pocha_rules._cli.output import Output, Stop
from pocha_rules._text import printable

__all__ = ["Output", "build_parser", "main", "version_line"]


def version_line() -> str:
    """The version, and whether the engine runs compiled or as pure Python."""
    from pocha_rules import __version__, _engine

    build = "pure Python" if _engine.__file__.endswith(".py") else "compiled with mypyc"
    return f"pocha-rules {__version__} ({build})"


class _Parser(argparse.ArgumentParser):
    """argparse's parser, whose error messages (which quote the arguments
    given) show control characters escaped; its subcommands' parsers are
    of this class too."""

    def error(self, message: str) -> NoReturn:
        super().error(printable(message))


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``pocha`` command."""
    parser = _Parser(
        prog="pocha",
        description="Pocha, the Spanish game of exact bids: play, simulate and check games.",
        **examples(
            "pocha play --human 0 --save game.json   # a game against three bots",
            "pocha rules full --players 5            # what a rule set holds",
            "pocha replay game.json                  # the score sheet of a record",
            "pocha poch play --human 0               # a game of Poch",
            "pocha COMMAND --help                    # a command's options",
        ),
    )
    plain_help = "plain text output (no colours, tables or bars)"
    parser.add_argument("--plain", action="store_true", help=plain_help)
    parser.add_argument("--version", action="version", version=version_line())
    # Each command takes --plain too; SUPPRESS keeps a command's default from
    # hiding the top-level flag.
    output = _Parser(add_help=False)
    output.add_argument("--plain", action="store_true", default=argparse.SUPPRESS, help=plain_help)
    commands = cast(
        "argparse._SubParsersAction[argparse.ArgumentParser]",
        parser.add_subparsers(dest="command", metavar="COMMAND", required=True),
    )
    play.add_parser(commands, [output])
    simulate.add_parser(commands, [output])
    match.add_parser(commands, [output])
    records.add_parsers(commands, [output])
    rules.add_parser(commands, [output])
    poch.add_parser(commands, [output])
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``pocha`` command and return its exit status.

    0: done (and bare ``pocha``, which prints the help); 1: a game was
    abandoned or a record refused; 2: bad arguments; 130: interrupted.
    """
    parser = build_parser()
    arguments = sys.argv[1:] if argv is None else list(argv)
    if not arguments:
        parser.print_help()
        return 0
    args = parser.parse_args(arguments)
    out = Output(sys.stdout, plain=args.plain)
    sub: argparse.ArgumentParser = args.subparser

    def fail(message: str) -> NoReturn:
        sub.error(message)

    try:
        status: int = args.run(args, out, fail)
    except Stop as stop:
        print(f"pocha {args.command}: {stop.message}", file=sys.stderr)
        return stop.status
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``pocha replay game.json | head``): stop
        # quietly, and keep Python from complaining when it flushes stdout.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return status
