"""What the action tables of both games share (private): moves by dense id
and back, the legal ids and mask of a position, the checked application of
an id. Each game's table lays out its own sections
(:mod:`pocha_rules.actions`, :mod:`pocha_rules.poch.actions`).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Generic, TypeVar

from pocha_rules._common.errors import InvalidActionError, say
from pocha_rules._common.text import got

__all__ = ["IdTable", "action_index", "apply_checked"]

_M = TypeVar("_M", bound=Hashable)
_S = TypeVar("_S")


class IdTable(Generic[_M]):
    """Every move of a rule set by id (``moves[action]``), and back."""

    __slots__ = ("_ids", "moves", "size")

    moves: tuple[_M, ...]
    """Every move, by id: ``moves[action]`` is the move of ``action``."""
    size: int
    """The number of ids."""

    def __init__(self, moves: Sequence[_M]) -> None:
        self.moves = tuple(moves)
        self.size = len(self.moves)
        self._ids: dict[_M, int] = {move: i for i, move in enumerate(self.moves)}

    def move(self, action: int) -> _M:
        """The move of id ``action``.

        Raises:
            TypeError: ``action`` is not a whole number.
            InvalidActionError: ``action`` is out of range.

        """
        index = action_index(action)
        if not 0 <= index < self.size:
            raise InvalidActionError(action, None, say("action_out_of_range", high=self.size - 1))
        return self.moves[index]

    def legal_actions(self, position: Any) -> tuple[int, ...]:
        """The ids of the legal moves of ``position``, rising."""
        ids = self._ids
        return tuple([ids[move] for move in self._legal(position)])

    def mask(self, position: Any) -> bytes:
        """A byte per id: 1 where the move is legal in ``position``, else 0."""
        mask = bytearray(self.size)
        ids = self._ids
        for move in self._legal(position):
            mask[ids[move]] = 1
        return bytes(mask)

    def action(self, move: _M) -> int:
        """The id of ``move``.

        Raises:
            TypeError: ``move`` is not a move of the game.
            InvalidActionError: The rules never allow ``move`` (a card not in
                the deck, an amount above the largest the rules allow, ...).

        """
        action = self._ids.get(move)
        if action is None:
            if not isinstance(move, self._move_types):
                raise TypeError(f"expected a {self._game}move, got {got(move)}")
            raise InvalidActionError(move, None, say("no_action_id"))
        return action

    _move_types: tuple[type, ...]
    """The game's move classes."""
    _state_type: type
    """The game's state class."""
    _view_type: type
    """The game's view class."""
    _game: str = ""
    """The game's name before its types' in messages (``"poch "``), or ``""``."""
    _legal_moves: Callable[[Any], Sequence[_M]]
    """The game's ``legal_moves`` of a state (set as a static method)."""

    @classmethod
    def _rules_of(cls, position: object) -> Any:
        """The rules of a state or a view of the game.

        Raises:
            TypeError: ``position`` is neither.

        """
        if not isinstance(position, cls._state_type | cls._view_type):
            raise TypeError(
                f"expected a {cls._game}GameState or a PlayerView, got {got(position)}"
            )
        return position.rules  # type: ignore[attr-defined]

    def _legal(self, position: Any) -> Sequence[_M]:
        """The legal moves of a state or a view."""
        if isinstance(position, self._state_type):
            return self._legal_moves(position)
        self._rules_of(position)  # a view, or refused
        moves: Sequence[_M] = position.legal_moves()
        return moves


def action_index(action: object) -> int:
    """``action`` as an int: any whole number but a bool.

    Raises:
        TypeError: ``action`` is not a whole number.

    """
    if isinstance(action, bool):
        raise TypeError(f"an action id is an int, got bool: {action!r}")
    try:
        return operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"an action id is an int, got {got(action)}") from None


def apply_checked(
    table: IdTable[_M],
    state: _S,
    to_move: int | None,
    action: object,
    explain: Callable[[_S, _M], str | None],
    apply: Callable[[_S, _M], _S],
) -> _S:
    """The state after the move of id ``action``, checked: an id out of
    range or illegal raises :class:`~pocha_rules.InvalidActionError` naming
    the id, the seat (``to_move``) and the reason."""
    index = action_index(action)
    if not 0 <= index < table.size:
        raise InvalidActionError(action, to_move, say("action_out_of_range", high=table.size - 1))
    move = table.moves[index]
    reason = explain(state, move)
    if reason is not None:
        raise InvalidActionError(
            action, to_move, say("action_illegal", move=str(move), reason=reason)
        )
    return apply(state, move)
