"""Seats played by bots inside an environment: the ``opponents`` option of
:mod:`pocha_rules.single_agent` and :mod:`pocha_rules.pettingzoo` (private)."""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar

from pocha_rules._common.checks import number_param
from pocha_rules._common.errors import PochaError, say
from pocha_rules._common.text import got
from pocha_rules.bots import Bot, HeuristicBot, RandomBot

if TYPE_CHECKING:
    from pocha_rules.games import Game

__all__ = [
    "NAMED",
    "Opponent",
    "Opponents",
    "build",
    "check_opponent",
    "check_opponents",
    "opponent_seats",
    "others_opponents",
]

_O = TypeVar("_O")

Opponent = Bot | str
"""A bot, or the name of a built-in one (:data:`NAMED`)."""

NAMED: Final[dict[str, Callable[..., Bot]]] = {"random": RandomBot, "heuristic": HeuristicBot}
"""The built-in bots by name."""


class Opponents:
    """The bots of some seats, rebuilt from their names on each reseed."""

    def __init__(
        self, specs: dict[int, Opponent], game: Game[Any, Any, Any, Any] | None = None
    ) -> None:
        self.specs = specs
        self.game = game
        self.bots: dict[int, Bot] = {}
        self.reseed(random.Random())

    def reseed(self, rng: random.Random) -> None:
        """Build the named bots anew, each with a seed drawn from ``rng`` (a
        given bot is kept as it is)."""
        game = self.game
        self.bots = {
            seat: build(spec, rng.getrandbits(63), game) for seat, spec in self.specs.items()
        }


def build(spec: Opponent, seed: int, game: Game[Any, Any, Any, Any] | None = None) -> Bot:
    """The bot of ``spec``: itself, or a new built-in one of ``game`` (Pocha
    when ``None``) seeded ``seed``."""
    if isinstance(spec, str):
        if game is None:
            return NAMED[spec](seed=seed)
        bot: Bot = game.bot(spec, seed)
        return bot
    return spec


def opponent_seats(opponents: object, players: int, kind: str = "bot") -> list[tuple[int, object]]:
    """The seats of ``opponents``, a mapping of seat to opponent (``kind``
    names what one is, for the message), checked, each with its opponent
    as given.

    Raises:
        TypeError: ``opponents`` is not a mapping, or a seat not a whole
            number.
        PochaError: A seat is out of range.

    """
    if not isinstance(opponents, Mapping):
        raise TypeError(f"opponents must be a mapping of seat to {kind}, got {got(opponents)}")
    seats = []
    for seat, spec in opponents.items():
        try:
            number = None if isinstance(seat, bool) else operator.index(seat)
        except TypeError:  # not a whole number (an array of one is not one either)
            number = None
        if number is None:
            raise TypeError(f"opponent seats must be ints, got {got(seat)}")
        if not 0 <= number < players:
            raise PochaError(
                say("opponent_seat_out_of_range", high=players - 1, seat=number_param(number))
            )
        seats.append((number, spec))
    return seats


def check_opponents(opponents: object, players: int) -> dict[int, Opponent]:
    """``opponents``, a mapping of seat to bot or name, checked."""
    return {
        seat: check_opponent(spec, f"the opponent at seat {seat}")
        for seat, spec in opponent_seats(opponents, players)
    }


def others_opponents(
    opponents: object, seat: int, players: int, check: Callable[[object, str], _O]
) -> dict[int, _O]:
    """Each seat but ``seat``'s opponent, from an environment's
    ``opponents`` argument: a mapping of every other seat to its opponent,
    a sequence of them (in seat order), or one for all; ``check`` checks
    one, given what to call it in a message.

    Raises:
        PochaError: The mapping's seats are not the other seats, or the
            sequence is not one per other seat.

    """
    others = [other for other in range(players) if other != seat]
    if isinstance(opponents, Mapping):
        given = sorted(opponents)
        if given != others:
            raise PochaError(say("opponents_seats", others=others, given=given))
        pairs = [(other, opponents[other]) for other in others]
    elif isinstance(opponents, Sequence) and not isinstance(opponents, str):
        if len(opponents) != len(others):
            raise PochaError(
                say("opponents_count", others_count=len(others), opponents_count=len(opponents))
            )
        pairs = list(zip(others, opponents, strict=True))
    else:
        spec = check(opponents, "opponents")
        return dict.fromkeys(others, spec)
    return {other: check(spec, f"the opponent at seat {other}") for other, spec in pairs}


def check_opponent(spec: object, what: str) -> Opponent:
    """One opponent, checked: a :class:`~pocha_rules.bots.Bot` or a name of
    :data:`NAMED`."""
    if isinstance(spec, str):
        if spec not in NAMED:
            raise PochaError(
                say("opponent_unknown_bot", what=what, spec=repr(spec), value=", ".join(NAMED))
            )
        return spec
    if not isinstance(spec, Bot):
        raise TypeError(
            f"{what} must be a bot (with an act method) or a name, got {type(spec).__name__}"
        )
    return spec
