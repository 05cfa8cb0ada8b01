"""What the arena (the referee and the engine protocol) needs of a game, for
Pocha and for Poch (private: :mod:`pocha_rules.referee` and
:mod:`pocha_rules.engines` use it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, cast

import attrs

from pocha_rules import games, poch
from pocha_rules._common.text import got
from pocha_rules._poch_view_json import deal_view as poch_deal_view
from pocha_rules._poch_view_json import payment_data as poch_payment
from pocha_rules._pocha.moves import MOVE_TYPES, parse_move
from pocha_rules._record_json import rules_data
from pocha_rules.events import step
from pocha_rules.poch._moves import MOVE_TYPES as POCH_MOVE_TYPES
from pocha_rules.views import PlayerView

__all__ = [
    "GameDoor",
    "door_named",
    "game_door",
    "poch_deal_view",
    "poch_events",
    "poch_payment",
]


@attrs.frozen
class GameDoor:
    """A game, with what the arena needs beyond the game protocol to play it
    and to show it to engines."""

    game: games.Game[Any, Any, Any, Any]
    """The game itself."""
    move_types: tuple[type, ...]
    """The classes of the game's moves: what a bot may answer."""
    step: Callable[[Any, Any], tuple[Any, tuple[Any, ...]]]
    """The state after a move, and the events it caused."""
    rules_dict: Callable[[Any], dict[str, object]]
    view_dict: Callable[[Any], dict[str, object]]
    """The seat's whole view, as JSON data."""
    round_view: Callable[[Any], dict[str, object]]
    """The seat's view of the current round (or deal) only, as JSON data."""
    view_from_dict: Callable[[object], Any]
    parse_move: Callable[[str], Any]
    """Read a move's text, a card of any deck: one not in the game's deck
    is an illegal move, not a text that is no move."""

    @property
    def name(self) -> str:
        """The game's name in the protocol's ``game`` message."""
        return self.game.name


def _whole_view(view: Any) -> dict[str, object]:
    return cast("dict[str, object]", view.to_dict(history=True))


def _pocha() -> GameDoor:
    return GameDoor(
        game=games.POCHA,
        move_types=MOVE_TYPES,
        step=step,
        rules_dict=rules_data,
        view_dict=_whole_view,
        round_view=PlayerView.to_dict,
        view_from_dict=PlayerView.from_dict,
        parse_move=parse_move,
    )


@attrs.frozen
class PochEvent:
    """What a move of Poch caused, as the engine protocol tells it: a
    ``move``, a ``deal_ended`` or the ``game_over``."""

    data: dict[str, object]

    @property
    def kind(self) -> str:
        """The event's name (its ``"event"`` member)."""
        return str(self.data["event"])

    def to_dict(self) -> dict[str, object]:
        """The event as JSON data."""
        return dict(self.data)


def poch_events(state: poch.GameState, move: Any, after: poch.GameState) -> tuple[PochEvent, ...]:
    """The events of ``move``, made in ``state`` and giving ``after``."""
    seat = state.to_move
    happened = [PochEvent({"event": "move", "seat": seat, "move": str(move)})]
    if len(after.deal_results) > len(state.deal_results):
        deal = after.deal_results[-1]
        happened.append(
            PochEvent(
                {
                    "event": "deal_ended",
                    "index": deal.index,
                    "changes": list(deal.changes),
                    "balances": list(deal.balances),
                }
            )
        )
    if after.is_over:
        happened.append(
            PochEvent(
                {
                    "event": "game_over",
                    "winners": list(after.winners),
                    "scores": list(after.scores),
                }
            )
        )
    return tuple(happened)


def _poch_step(state: poch.GameState, move: Any) -> tuple[poch.GameState, tuple[PochEvent, ...]]:
    after = poch.apply(state, move)
    return after, poch_events(state, move, after)


def _poch() -> GameDoor:
    return GameDoor(
        game=games.POCH,
        move_types=POCH_MOVE_TYPES,
        step=_poch_step,
        rules_dict=attrs.asdict,
        view_dict=_whole_view,
        round_view=poch_deal_view,
        view_from_dict=poch.PlayerView.from_dict,
        parse_move=poch.parse_move,
    )


_DOORS: Final[dict[str, GameDoor]] = {}


def game_door(rules: object) -> GameDoor:
    """The door of the game that ``rules`` are the rules of.

    Raises:
        TypeError: ``rules`` are no game's rules.

    """
    try:
        game = games.for_rules(rules)
    except TypeError:
        raise TypeError(f"rules must be a RuleSet or a poch.RuleSet, got {got(rules)}") from None
    return door_named(game.name)


def door_named(name: object) -> GameDoor:
    """The door of the game called ``name`` (``"pocha"``, ``"poch"``).

    Raises:
        PochaError: No game has that name.

    """
    door = _DOORS.get(name) if isinstance(name, str) else None
    if door is None:
        game = games.get(name if isinstance(name, str) else repr(name))  # or PochaError
        door = _pocha() if game is games.POCHA else _poch()
        _DOORS[door.name] = door
    return door
