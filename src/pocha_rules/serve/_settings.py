"""A table's settings: the game, its rules preset, the number of players and
the bots, read from what a person sends and checked, size included."""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from typing import Any, Final

import attrs

from pocha_rules import games
from pocha_rules._common.errors import InvalidDataError, say
from pocha_rules._common.text import shown

__all__ = ["BOTS", "PRESETS", "SETTINGS_BYTES", "TableSettings"]

SETTINGS_BYTES: Final = 1024
"""The most bytes a table's settings may take, as JSON."""

PRESETS: Final[Mapping[str, Mapping[str, Mapping[str, Any]]]] = {
    "pocha": {
        # Six rounds that still hold every kind: normal, an auction, a blind round.
        "short": {"schedule": (1, 2, 3, "3a", 2, "1b")},
        "classic": {"schedule": "classic"},
        "up_down": {"schedule": "up_down"},
        "up_down_auction": {"schedule": "up_down_auction"},
        "full": {"schedule": "full"},
    },
    "poch": {
        "short": {"rounds": 1},
        "long": {"rounds": 2},
    },
}
"""The rules presets a table may be set up with, by game: each is the
keyword arguments of the game's rule set, beside ``players``."""

BOTS: Final = ("random", "heuristic")
"""The bots a seat may hold: both move at once (the Monte Carlo bots think
for a while, which would hold up every table of the server)."""


def _fail(where: str, reason: Any) -> InvalidDataError:
    return InvalidDataError("table settings", where, reason)


def _choice(data: Mapping[str, Any], name: str, choices: tuple[str, ...]) -> str:
    value = data.get(name, choices[0])
    if value not in choices:
        listed = ", ".join(repr(c) for c in choices)
        raise _fail(name, say("option_choice", choices=listed, got=shown(value)))
    return str(value)


@attrs.frozen
class TableSettings:
    """How a table is set up.

    Attributes:
        game: ``"pocha"`` or ``"poch"``.
        preset: A name of :data:`~pocha_rules.serve.PRESETS` for the game.
        players: The number of seats.
        bots: By seat, the bot that plays it (a name of :data:`~pocha_rules.serve.BOTS`) or
            ``None`` for a person.
        seed: The seed of the deals (and of the bots).
        dealer: The first dealer.

    """

    game: str
    preset: str
    players: int
    bots: tuple[str | None, ...]
    seed: int
    dealer: int

    @classmethod
    def from_json(cls, text: str | bytes) -> TableSettings:
        """The settings a person asked for, as JSON: ``{"game": "pocha",
        "preset": "short", "players": 4, "bots": [null, "heuristic", ...]}``
        (every member may be left out: the first choice, 4 players, no bot);
        the seed and the dealer are drawn here.

        Raises:
            InvalidDataError: The text is too long, not a JSON object, or
                a member is not one of its choices (the code and ``where``
                say which).

        """
        if len(text) > SETTINGS_BYTES:
            raise _fail("settings", say("message_too_long", most=SETTINGS_BYTES, length=len(text)))
        try:
            data = json.loads(text)
        except ValueError:
            data = None
        if not isinstance(data, dict):
            raise _fail("settings", say("message_form", types="game, preset, players, bots"))
        game = _choice(data, "game", tuple(PRESETS))
        preset = _choice(data, "preset", tuple(PRESETS[game]))
        low, high = (3, 8) if game == "pocha" else (3, 6)
        players = data.get("players", 4)
        if type(players) is not int or not low <= players <= high:
            choices = ", ".join(str(n) for n in range(low, high + 1))
            raise _fail("players", say("option_choice", choices=choices, got=shown(players)))
        bots = data.get("bots", [None] * players)
        if not isinstance(bots, list) or len(bots) != players:
            raise _fail("bots", say("message_form", types=f"a list of {players} bots or nulls"))
        for seat, bot in enumerate(bots):
            if bot is not None and bot not in BOTS:
                choices = ", ".join(repr(c) for c in (None, *BOTS))
                raise _fail(f"bots[{seat}]", say("option_choice", choices=choices, got=shown(bot)))
        if all(bot is not None for bot in bots):
            raise _fail("bots", say("no_person_seat"))
        settings = cls(
            game,
            preset,
            players,
            tuple(bots),
            seed=secrets.randbits(32),
            dealer=secrets.randbelow(players),
        )
        try:
            settings.rules()
        except ValueError as error:  # a preset too long for these players
            raise _fail("preset", say("other", reason=str(error))) from error
        return settings

    def rules(self) -> Any:
        """The rule set of the game."""
        rules_type = games.get(self.game).rules_type
        return rules_type(players=self.players, **PRESETS[self.game][self.preset])

    def make_bots(self) -> dict[int, Any]:
        """A new bot for each bot's seat, seeded from the table's seed."""
        game = games.get(self.game)
        return {
            seat: game.bot(name, seed=self.seed * 16 + seat)
            for seat, name in enumerate(self.bots)
            if name is not None
        }

    def to_json(self) -> str:
        """The settings as JSON (what the server keeps)."""
        return json.dumps(attrs.asdict(self))

    @classmethod
    def from_saved(cls, text: str) -> TableSettings:
        """Settings the server kept (:meth:`to_json`)."""
        data = json.loads(text)
        data["bots"] = tuple(data["bots"])
        return cls(**data)
