"""Seats played by bots inside an environment: the ``opponents`` option of
:mod:`pocha_rules.single_agent` and :mod:`pocha_rules.pettingzoo` (private)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final

from pocha_rules._common.errors import PochaError, say
from pocha_rules.bots import Bot, HeuristicBot, RandomBot

if TYPE_CHECKING:
    from pocha_rules.games import Game

__all__ = ["NAMED", "Opponent", "Opponents", "build", "check_opponents"]

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


def check_opponents(opponents: object, players: int) -> dict[int, Opponent]:
    """``opponents``, a mapping of seat to bot or name, checked."""
    if not isinstance(opponents, Mapping):
        raise TypeError(
            f"opponents must be a mapping of seat to bot, got {type(opponents).__name__}"
        )
    checked: dict[int, Opponent] = {}
    for seat, spec in opponents.items():
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"opponent seats must be ints, got {seat!r}")
        if not 0 <= seat < players:
            raise PochaError(say("opponent_seat_out_of_range", high=players - 1, seat=seat))
        checked[seat] = check_opponent(spec, f"the opponent at seat {seat}")
    return checked


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
