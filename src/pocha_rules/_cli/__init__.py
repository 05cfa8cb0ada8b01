"""The ``pocha`` command: play, simulate, check and show games in a terminal.

``pocha`` (or ``python -m pocha_rules``) has these subcommands, one module
each:

- ``play`` (:mod:`.play`): a game in the terminal, human seats
  (``--human SEAT``) against bots, or bots only, with the score sheet round
  by round; ``--save`` keeps the game (:mod:`.saving`), ``--resume`` goes
  on with it;
- ``simulate`` (:mod:`.simulate`): many bot games and a summary per seat;
- ``match`` (:mod:`.match`): bots against each other, seated or duplicate,
  with confidence intervals;
- ``tournament`` (:mod:`.tournament`): a round robin of bots and engines,
  with ratings;
- ``engine`` (:mod:`.engine`): a bot as an engine of the engine protocol;
- ``validate`` and ``replay`` (:mod:`.records`): check a game record, and
  show its score sheet;
- ``rules`` (:mod:`.rules`): every option of a rule set, and its schedule;
- ``explain`` (:mod:`.explain`): what each move may or may not do in a
  written position, and why.
- ``poch`` (:mod:`.poch`): the same commands for Poch, the other game, as
  a group of their own (``pocha poch play``, ...);
- ``serve`` (:mod:`.serve`): a web server of tables to play with friends
  in the browser (the ``serve`` extra).

:mod:`.command_list` states each command once (a
:class:`.commands.Command`): its name, its help, its description and its
examples, what adds its options and what runs it (from its module), in the
order ``pocha --help`` lists them; :class:`.commands.Commands` adds them to
the parser.

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
from typing import Any, NoReturn, TextIO, cast

from pocha_rules._cli.command_list import POCHA
from pocha_rules._cli.commands import Commands, examples
from pocha_rules._cli.i18n import (
    LANGUAGES,
    _,
    argparse_language,
    language_from_arguments,
    language_from_environment,
    set_language,
)
from pocha_rules._cli.output import Output, Stop
from pocha_rules._common.stopping import exit_within
from pocha_rules._common.text import printable

__all__ = ["Output", "build_parser", "main", "program", "version_line"]


def version_line() -> str:
    """The version, and whether the engine runs compiled or as pure Python."""
    from pocha_rules import __version__
    from pocha_rules._pocha import engine

    pure = engine.__file__.endswith(".py")
    build = _("pure Python") if pure else _("compiled with mypyc")
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
        description=_("Pocha, the Spanish game of exact bids: play, simulate and check games."),
        **examples(
            "pocha play --human 0 --save game.json   # " + _("a game against three bots"),
            "pocha rules full --players 5            # " + _("what a rule set holds"),
            "pocha replay game.json                  # " + _("the score sheet of a record"),
            'pocha explain "POSITION"                # ' + _("what may be played there, and why"),
            "pocha poch play --human 0               # " + _("a game of Poch"),
            "pocha COMMAND --help                    # " + _("a command's options"),
            "pocha --lang es play --human 0          # " + _("the game in Spanish"),
        ),
    )
    plain_help = _("plain text output (no colours, tables or bars)")
    lang_help = _(
        "the language of the command's texts: en (English), es (Spanish) or de "
        "(German, for Poch's commands); by default the locale's (LANGUAGE, LC_ALL, "
        "LC_MESSAGES, LANG)"
    )
    parser.add_argument("--plain", action="store_true", help=plain_help)
    parser.add_argument("--lang", choices=LANGUAGES, default=None, help=lang_help)
    parser.add_argument(
        "--version",
        action="version",
        version=version_line(),
        help=_("show the version and whether the engine is compiled, and exit"),
    )
    # Each command takes --plain and --lang too; SUPPRESS keeps a command's
    # default from hiding the top-level option.
    output = _Parser(add_help=False)
    output.add_argument("--plain", action="store_true", default=argparse.SUPPRESS, help=plain_help)
    output.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=lang_help)
    Commands(parser, [output]).add(*POCHA)
    return parser


EXIT_SECONDS = 30.0
"""How long the ``pocha`` program may take to end once its command has
returned, before it is made to."""


def program() -> int:
    """The ``pocha`` program (the console script and ``python -m
    pocha_rules``): :func:`main`, and then an end bounded in time.

    A run stopped by a signal has killed its workers; the interpreter's
    own shutdown may still wait on a pool's thread or a worker that was
    being started, for ever on a busy machine. The status is kept either way.
    """
    status = main()
    exit_within(EXIT_SECONDS, status)
    return status


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``pocha`` command and return its exit status.

    0: done (and bare ``pocha``, which prints the help); 1: a game was
    abandoned, a record refused, or the output could not be written (a full
    disk); 2: bad arguments; 130: interrupted.
    """
    arguments = sys.argv[1:] if argv is None else list(argv)
    set_language(language_from_arguments(arguments) or language_from_environment())
    try:
        return _guarded(arguments)
    finally:
        set_language("en")


def _guarded(arguments: list[str]) -> int:
    stdout = sys.stdout
    if stdout is None:  # pragma: no cover - pythonw: nowhere to write
        return _main(arguments)
    sys.stdout = cast("TextIO", _Guarded(stdout))
    try:
        try:
            status = _main(arguments)
        except SystemExit:  # argparse's --help, --version and errors
            sys.stdout.flush()
            raise
        sys.stdout.flush()
    except _Unwritable as failure:
        reason = failure.error.strerror or str(failure.error)
        print(
            _("pocha: cannot write to standard output: {reason}").format(reason=reason),
            file=sys.stderr,
        )
        _silence(stdout)
        return 1
    finally:
        sys.stdout = stdout
    return status


def _main(arguments: list[str]) -> int:
    with argparse_language():
        return _run(arguments)


def _run(arguments: list[str]) -> int:
    parser = build_parser()
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
        print("\n" + _("interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``pocha replay game.json | head``): stop
        # quietly, and keep Python from complaining when it flushes stdout.
        _silence(sys.stdout)
        return 1
    return status


class _Unwritable(Exception):
    """Standard output refused a write (a full disk, an I/O error)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


class _Guarded:
    """Standard output while the command runs: a write or flush that fails
    (other than a closed pipe, which ends the command quietly) raises
    :exc:`_Unwritable`, which no command's own ``except OSError`` catches,
    so that :func:`main` says so in one line whichever command wrote."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as error:
            raise _Unwritable(error) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as error:
            raise _Unwritable(error) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _silence(stream: TextIO) -> None:
    """Point ``stream``'s file descriptor at the null device, so that Python's
    last flush of what it still holds neither fails nor complains."""
    try:
        fileno = stream.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (tests)
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fileno)
    os.close(devnull)
