"""What the commands that play many games (``match``, ``tournament``) need
of each game, so that each of them is written once for both: the words
before the command's name, the built-in bots, the rules options, and the
rules as JSON both ways."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs

import pocha_rules._cli.options as pocha_options
import pocha_rules._cli.poch.options as poch_options
from pocha_rules._cli.options import Fail, json_option
from pocha_rules._record_json import read_rules
from pocha_rules.games import POCH, POCHA, Game
from pocha_rules.poch.records import _read_rules as read_poch_rules

__all__ = ["GAMES", "CommandGame"]


@attrs.frozen
class CommandGame:
    """One game as the commands of many games see it."""

    game: Game[Any, Any, Any, Any]
    """The game, through the game protocol."""
    prefix: str
    """The command line before a command's name: ``pocha`` or ``pocha poch``."""
    bots: Mapping[str, Callable[[int], Any]]
    """The built-in bots by name, each made from a seed."""
    rules_arguments: Callable[[argparse.ArgumentParser], None]
    """Adds the game's rules options to a parser."""
    rules_from_args: Callable[[argparse.Namespace, Fail], Any]
    """The rule set those options ask for."""
    rules_data: Callable[[Any], dict[str, Any]]
    """A rule set as JSON data, as a report or a results file keeps it."""
    read_rules: Callable[[Any], Any]
    """A rule set from that data (a malformed one raises the library's error)."""
    engine_example: str
    """An engine of the examples folder, as a command to run."""

    @property
    def name(self) -> str:
        """``"pocha"`` or ``"poch"``."""
        return self.game.name

    def command(self, name: str) -> str:
        """A command as its messages name it: ``match``, ``poch match``."""
        return f"{self.prefix} {name}".removeprefix("pocha ")


GAMES: Final[dict[str, CommandGame]] = {
    "pocha": CommandGame(
        game=POCHA,
        prefix="pocha",
        bots=pocha_options.BOTS,
        rules_arguments=pocha_options.rules_arguments,
        rules_from_args=pocha_options.rules_from_args,
        rules_data=lambda rules: {k: json_option(v) for k, v in rules.options().items()},
        read_rules=read_rules,
        engine_example="node examples/engine.js",
    ),
    "poch": CommandGame(
        game=POCH,
        prefix="pocha poch",
        bots=poch_options.BOTS,
        rules_arguments=poch_options.rules_arguments,
        rules_from_args=poch_options.rules_from_args,
        rules_data=attrs.asdict,
        read_rules=read_poch_rules,
        engine_example="perl examples/poch_engine.pl",
    ),
}
"""Both games, by name."""
