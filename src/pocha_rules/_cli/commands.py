"""How a command joins ``pocha``: :class:`Commands`, the subcommands of a
parser, each stated once by its name, the function that runs it, its help,
its description and its examples, and given the options every command
takes (``--plain``, ``--lang``)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any

from pocha_rules._cli.i18n import _
from pocha_rules._cli.options import Fail
from pocha_rules._cli.output import Output

__all__ = ["Commands", "Run", "examples"]

Run = Callable[[argparse.Namespace, Output, Fail], int]
"""What runs a command: its arguments, where it writes, how it refuses
them; its exit status."""


def examples(*lines: str) -> dict[str, Any]:
    """Keyword arguments for a parser that end its ``--help`` with example
    command lines, kept as written."""
    return {
        "epilog": _("examples:") + "\n" + "\n".join(f"  {line}" for line in lines),
        "formatter_class": argparse.RawDescriptionHelpFormatter,
    }


class Commands:
    """The subcommands of ``parser``, each with the ``parents``' options.

    A command's words (``validate``, ``poch validate``) are set on its
    arguments as ``command``, which its messages begin with; ``subparser``
    and ``run`` are its parser and its :data:`Run`.
    """

    def __init__(
        self,
        parser: argparse.ArgumentParser,
        parents: Sequence[argparse.ArgumentParser],
        words: tuple[str, ...] = (),
    ) -> None:
        self.words = words
        """The words between ``pocha`` and a command's name: none, or ``poch``."""
        self.parents = list(parents)
        self._actions = parser.add_subparsers(
            dest="_".join((*words, "command")), metavar="COMMAND", required=True
        )

    @property
    def prefix(self) -> str:
        """The command line before a command's name: ``pocha``, ``pocha poch``."""
        return " ".join(("pocha", *self.words))

    def _parser(
        self, name: str, help: str, description: str, lines: Sequence[str]
    ) -> argparse.ArgumentParser:
        return self._actions.add_parser(
            name, parents=self.parents, help=help, description=description, **examples(*lines)
        )

    def add(
        self, name: str, run: Run, *, help: str, description: str, examples: Sequence[str]
    ) -> argparse.ArgumentParser:
        """Add the command ``name``, run by ``run``; its parser, for its own
        options."""
        parser = self._parser(name, help, description, examples)
        parser.set_defaults(run=run, subparser=parser, command=" ".join((*self.words, name)))
        return parser

    def group(
        self, name: str, *, help: str, description: str, examples: Sequence[str]
    ) -> Commands:
        """Add ``name``, a group of commands (``pocha poch``); its commands."""
        return Commands(
            self._parser(name, help, description, examples), self.parents, (*self.words, name)
        )
