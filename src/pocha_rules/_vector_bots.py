"""The opponents of the vector environment, checked, and the bots among
them that read a :class:`~pocha_rules.PlayerView` (private).

The batch engine keeps no :class:`~pocha_rules.GameState`, so each game has
a shadow one, played by the engine of the rest of the library: at the start
of every round it is the written position of that round (the batch's deal
and the totals so far, :func:`~pocha_rules._pocha.game.start_at`), and every move
the game makes is applied to it. A bot's view is then the one it would have
in that game (its earlier rounds known by their totals only). One state per
game, applied move by move, in Python: this path runs at about the
PettingZoo environment's speed, not the batch engine's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from pocha_rules._common.errors import PochaError, say
from pocha_rules._opponents import NAMED, opponent_seats
from pocha_rules._pocha.cards import CARDS, Card, cards_of
from pocha_rules._pocha.deal import Deal
from pocha_rules._pocha.game import start_at
from pocha_rules._pocha.rules import RuleSet
from pocha_rules._pocha.state import GameState
from pocha_rules.actions import apply_action, move_to_action
from pocha_rules.bots import Bot
from pocha_rules.views import observe

if TYPE_CHECKING:
    from pocha_rules.batch import BatchGames

__all__ = ["Opponent", "Shadows", "check_opponents", "first_illegal", "reads_views"]

Opponent = str | Bot | Callable[[np.ndarray, np.ndarray], Any]
"""A vector environment's opponent: a bot's name, a bot, or a policy on
arrays."""


class Shadows:
    """A :class:`~pocha_rules.GameState` for every game of a vector
    environment, kept at its decision at hand (private)."""

    def __init__(self, rules: RuleSet, count: int) -> None:
        self.rules = rules
        self.states: list[GameState | None] = [None] * count
        self.keys: list[tuple[int, int] | None] = [None] * count
        """The batch and round each state is in."""

    def clear(self) -> None:
        """Forget every state (a reset)."""
        self.states = [None] * len(self.states)
        self.keys = [None] * len(self.keys)

    def follow(self, games: list[tuple[BatchGames, int, int] | None], played: np.ndarray) -> None:
        """Bring every state to its game's decision at hand: ``games[i]``
        is game ``i``'s batch, its row in it and the batch's serial number
        (``None`` for a game waiting to be dealt), ``played[i]`` the action
        id it just played (-1 for none).
        A game in a new round (or a new game) starts again from the
        round's written position."""
        starts: dict[int, tuple[Any, ...]] = {}
        for slot, where in enumerate(games):
            if where is None:
                self.states[slot] = self.keys[slot] = None
                continue
            batch, game, serial = where
            key = (serial, batch.round_index)
            state = self.states[slot]
            if key == self.keys[slot] and state is not None:
                action = int(played[slot])
                if action >= 0:
                    self.states[slot] = apply_action(state, action)
                continue
            self.states[slot] = self._round_start(batch, game, starts)
            self.keys[slot] = key

    def _round_start(
        self, batch: BatchGames, game: int, starts: dict[int, tuple[Any, ...]]
    ) -> GameState:
        """The written position of the round game ``game`` of ``batch`` is
        at the start of."""
        engine = batch._engine
        n = self.rules.players
        found = starts.get(id(batch))
        if found is None:
            m = engine.active
            found = starts[id(batch)] = (
                engine.rows,
                engine.eldest(),
                engine._dealt.reshape(n, m).copy(),
                engine._trump_card.copy(),
                engine.totals(),
            )
        rows, eldest_of, dealt, trump_cards, totals = found
        row = int(np.searchsorted(rows, game))
        eldest = int(eldest_of[row])
        hands: list[tuple[Card, ...]] = [()] * n
        for k in range(n):
            hands[(eldest + k) % n] = cards_of(int(dealt[k, row]))
        card = int(trump_cards[row])
        deal = Deal(hands=hands, trump_card=CARDS[card] if card >= 0 else None)
        return start_at(
            self.rules,
            seed=0,
            dealer=(eldest - 1) % n,
            round_index=engine.round_index,
            deals=[deal],
            scores=[int(total) for total in totals[row]],
        )

    def moves(self, bot: Bot, seat: int, slots: np.ndarray) -> list[int | None]:
        """The action id ``bot`` chooses at ``seat`` in each game of
        ``slots`` (``None`` for a move that is no action id of the rules)."""
        chosen: list[int | None] = []
        for slot in slots.tolist():
            state = self.states[slot]
            assert state is not None
            assert state.to_move == seat
            move = bot.act(observe(state, seat))
            try:
                chosen.append(move_to_action(self.rules, move))
            except (TypeError, PochaError):
                chosen.append(None)
        return chosen


def reads_views(opponent: object) -> bool:
    """Whether ``opponent`` is a bot reading views (not ``"random"``, not a
    policy on arrays)."""
    if isinstance(opponent, str):
        return opponent != "random"
    return isinstance(opponent, Bot)


def check_opponents(opponents: Mapping[int, Opponent] | None, players: int) -> dict[int, Opponent]:
    if opponents is None:
        return {}
    checked: dict[int, Opponent] = {}
    for seat, opponent in opponent_seats(opponents, players, "opponent"):
        if isinstance(opponent, str):
            if opponent not in NAMED:
                raise PochaError(
                    say(
                        "opponent_unknown_bot",
                        what=f"the opponent at seat {seat}",
                        spec=repr(opponent),
                        value=", ".join(NAMED),
                    )
                )
        elif not isinstance(opponent, Bot) and not callable(opponent):
            raise TypeError(
                f"the opponent at seat {seat} must be a bot's name, a bot or a policy "
                f"function, got {type(opponent).__name__}"
            )
        checked[seat] = opponent
    if len(checked) == players:
        raise PochaError(say("no_learner_seat"))
    return checked


def first_illegal(moves: np.ndarray, masks: np.ndarray, seat: int) -> int | None:
    """The index of the first of an opponent's ``moves`` (one per row of
    ``masks``, ``int8[k, num_actions]``) that is not legal, or ``None``.

    Raises:
        PochaError: ``moves`` is not one whole number per row.

    """
    count = len(masks)
    if moves.shape != (count,) or not np.issubdtype(moves.dtype, np.integer):
        raise PochaError(
            say(
                "opponent_actions_shape",
                seat=seat,
                at_count=count,
                dtype=moves.dtype,
                shape=moves.shape,
            )
        )
    ok = (moves >= 0) & (moves < masks.shape[1])
    ok[ok] = masks[ok, moves[ok]] != 0
    return None if ok.all() else int(np.argmin(ok))
