"""What the states of both games look like to the doors that read them
(private): a structural type, so that a door written once can say what it
reads of either game's state."""

from __future__ import annotations

from typing import Protocol

__all__ = ["PlayedState"]


class PlayedState(Protocol):
    """A game state of either game: whose turn, whether the game is over,
    and the scores (chips in Poch)."""

    @property
    def to_move(self) -> int | None:
        """The seat to move, ``None`` once the game is over."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the game is over."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """Every seat's score so far."""
        ...
