"""Bots and engines that misbehave, for the tests of the arena. Module-level
classes, so that they pickle for worker processes."""

from __future__ import annotations

from pocha_rules import Move, PlayerView, RandomBot


class BrokenBot(RandomBot):
    """Raises on its third turn of a game in one game of three (by seed)."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed)
        self.turns = 0
        self.broken = seed is not None and seed % 3 == 0

    def act(self, view: PlayerView) -> Move:
        self.turns += 1
        if self.broken and self.turns == 3:
            raise RuntimeError("the broken bot broke")
        return super().act(view)
