"""What the commands written once for both games (``match``,
``tournament``, ``play``) need of each game: the words before the
command's name, its options module (the built-in bots, the rules options,
the rules as JSON both ways) and its records module."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from typing import Any, Final, Protocol

import attrs

import pocha_rules._cli.options as pocha_options
import pocha_rules._cli.poch.options as poch_options
import pocha_rules.poch.records as poch_records
import pocha_rules.records as pocha_records
from pocha_rules._cli.options import Fail
from pocha_rules.games import POCH, POCHA, Game

__all__ = ["GAMES", "CommandGame", "GameOptions", "GameRecords"]


class GameOptions(Protocol):
    """A game's options module for the commands (:mod:`pocha_rules._cli.options`,
    :mod:`pocha_rules._cli.poch.options`)."""

    @property
    def BOTS(self) -> Mapping[str, Callable[[int], Any]]:
        """The built-in bots by name, each made from a seed."""

    def rules_arguments(self, parser: argparse.ArgumentParser) -> None:
        """Add the game's rules options to ``parser``."""

    def rules_from_args(self, args: argparse.Namespace, fail: Fail) -> Any:
        """The rule set those options ask for."""

    def rules_data(self, rules: Any) -> dict[str, Any]:
        """A rule set as JSON data, as a report or a results file keeps it."""

    def read_rules(self, data: Any) -> Any:
        """A rule set from that data (a malformed one raises the library's error)."""


class GameRecords(Protocol):
    """A game's records module (:mod:`pocha_rules.records`,
    :mod:`pocha_rules.poch.records`), as the commands read records."""

    def load(self, path: str) -> Any:
        """The game's record in a file (the library's error for a malformed one)."""

    def replay(self, record: Any) -> Any:
        """The game a record holds, checked move by move."""


@attrs.frozen
class CommandGame:
    """One game as the commands written for both see it."""

    game: Game[Any, Any, Any, Any]
    """The game, through the game protocol."""
    options: GameOptions
    """Its bots and rules options."""
    records: GameRecords
    """Its records."""
    engine_example: str
    """An engine of the examples folder, as a command to run."""

    @property
    def name(self) -> str:
        """``"pocha"`` or ``"poch"``."""
        return self.game.name

    @property
    def prefix(self) -> str:
        """The command line before a command's name: ``pocha`` or ``pocha poch``."""
        return "pocha" if self.name == "pocha" else f"pocha {self.name}"

    @property
    def bots(self) -> Mapping[str, Callable[[int], Any]]:
        """The built-in bots by name, each made from a seed."""
        return self.options.BOTS

    def command(self, name: str) -> str:
        """A command as its messages name it: ``match``, ``poch match``."""
        return f"{self.prefix} {name}".removeprefix("pocha ")


GAMES: Final[dict[str, CommandGame]] = {
    "pocha": CommandGame(POCHA, pocha_options, pocha_records, "node examples/engine.js"),
    "poch": CommandGame(POCH, poch_options, poch_records, "perl examples/poch_engine.pl"),
}
"""Both games, by name."""
