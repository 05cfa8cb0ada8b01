"""How a command joins ``pocha``: a :class:`Command` states it once (its
name, its texts, what adds its options and what runs it), and
:class:`Commands`, the subcommands of a parser, adds it with the options
every command takes (``--plain``, ``--lang``)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any, TypeAlias

import attrs

from pocha_rules._cli.games import GAMES
from pocha_rules._cli.i18n import _, translated
from pocha_rules._cli.options import Fail
from pocha_rules._cli.output import Output

__all__ = ["Command", "Commands", "Example", "Run", "examples"]

Run = Callable[[argparse.Namespace, Output, Fail], int]
"""What runs a command: its arguments, where it writes, how it refuses
them; its exit status."""

Example: TypeAlias = str | tuple[str, str]
"""An example command line for a command's ``--help``: the line, or the
line and a comment (an English text) written after it in the command's
language."""


def examples(*lines: str) -> dict[str, Any]:
    """Keyword arguments for a parser that end its ``--help`` with example
    command lines, kept as written."""
    return {
        "epilog": _("examples:") + "\n" + "\n".join(f"  {line}" for line in lines),
        "formatter_class": argparse.RawDescriptionHelpFormatter,
    }


def _no_options(parser: argparse.ArgumentParser) -> None:
    """A command without options of its own (a group)."""


@attrs.frozen(kw_only=True)
class Command:
    """A command of ``pocha`` (or a group of them), stated once.

    Its texts are English, marked with :func:`~pocha_rules._cli.i18n.N_`,
    and written in the command's language when its parser is built: the
    ``help`` line that the group's ``--help`` lists it with, and the
    ``description`` and ``examples`` its own ``--help`` begins and ends
    with. The description and the examples may name the game of the
    group the command is in: ``{prefix}`` (the command line before the
    command's name, ``pocha`` or ``pocha poch``), ``{bots}`` (the game's
    built-in bots) and ``{engine}`` (an engine of the examples folder, as a
    command to run).
    """

    name: str
    help: str
    description: str
    examples: tuple[Example, ...]
    run: Run | None = None
    """What runs it; ``None`` for a group."""
    options: Callable[[argparse.ArgumentParser], None] = _no_options
    """What adds its own options to its parser."""
    group: tuple[Command, ...] = ()
    """A group's commands, of the game the group is named for (``poch``)."""


class Commands:
    """The subcommands of ``parser``, each with the ``parents``' options,
    commands of the game ``game`` (``"pocha"`` or ``"poch"``).

    A command's words (``validate``, ``poch validate``) are set on its
    arguments as ``command``, which its messages begin with; ``subparser``
    and ``run`` are its parser and its :data:`Run`.
    """

    def __init__(
        self,
        parser: argparse.ArgumentParser,
        parents: Sequence[argparse.ArgumentParser],
        words: tuple[str, ...] = (),
        game: str = "pocha",
    ) -> None:
        self.words = words
        """The words between ``pocha`` and a command's name: none, or ``poch``."""
        self.game = GAMES[game]
        """The game of its commands."""
        self.parents = list(parents)
        self._actions = parser.add_subparsers(
            dest="_".join((*words, "command")), metavar="COMMAND", required=True
        )

    @property
    def prefix(self) -> str:
        """The command line before a command's name: ``pocha``, ``pocha poch``."""
        return " ".join(("pocha", *self.words))

    def add(self, *commands: Command) -> None:
        """Add ``commands``: each with its options, a group with its own
        commands."""
        for command in commands:
            parser = self._parser(command)
            words = (*self.words, command.name)
            if command.group:
                Commands(parser, self.parents, words, command.name).add(*command.group)
            else:
                command.options(parser)
                parser.set_defaults(run=command.run, subparser=parser, command=" ".join(words))

    def _parser(self, command: Command) -> argparse.ArgumentParser:
        fields = {
            "prefix": self.prefix,
            "bots": ", ".join(self.game.bots),
            "engine": self.game.engine_example,
        }
        lines = [
            example.format(**fields)
            if isinstance(example, str)
            else example[0].format(**fields) + translated(example[1])
            for example in command.examples
        ]
        return self._actions.add_parser(
            command.name,
            parents=self.parents,
            help=translated(command.help),
            description=translated(command.description).format(**fields),
            **examples(*lines),
        )
