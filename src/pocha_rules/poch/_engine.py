"""The rules in motion: :func:`legal_moves`, :func:`apply`, :func:`is_legal`
and :func:`explain`, each handing the state to the phase it is in
(:mod:`._betting`, :mod:`._shedding`). The automatic steps between
decisions run inside :func:`apply`."""

from __future__ import annotations

from typing import Final

from pocha_rules._common.errors import IllegalMoveError, say
from pocha_rules._common.text import got
from pocha_rules.poch._betting import apply_betting, betting_moves, explain_betting
from pocha_rules.poch._moves import MOVE_TYPES, Move
from pocha_rules.poch._shedding import apply_shedding, explain_shedding, shedding_moves
from pocha_rules.poch._state import GameState, Phase

__all__ = ["apply", "explain", "is_legal", "legal_moves"]

_SHEDDING: Final = Phase.SHEDDING
_OVER: Final = Phase.OVER


def _check_state(state: object) -> GameState:
    if type(state) is not GameState:
        raise TypeError(f"state must be a poch GameState, got {got(state)}")
    return state


def _check_move(move: object) -> Move:
    if type(move) not in MOVE_TYPES:
        raise TypeError(
            f"move must be a poch move (Pass, Open, Match, Close, Reopen or Play), got {got(move)}"
        )
    return move  # type: ignore[return-value]


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """The moves the seat to move may make, in canonical order: ``pass``
    first, then ``open``/``reopen`` by amount, or ``match``; ``close`` then
    ``reopen`` by amount; plays by suit (clubs, diamonds, hearts, spades)
    then rank. Empty once the game is over.

    >>> from pocha_rules.poch import RuleSet, new_game
    >>> state = new_game(RuleSet(players=3), seed=1)
    >>> legal_moves(state)[0]
    Pass()
    """
    _check_state(state)
    phase = state._phase
    if phase is _SHEDDING:
        return shedding_moves(state)
    if phase is _OVER:
        return ()
    return betting_moves(state)


def explain(state: GameState, move: Move) -> str | None:
    """Why ``move`` is illegal in ``state``, in a sentence; ``None`` if it
    is legal.

    >>> from pocha_rules.poch import Close, RuleSet, new_game
    >>> explain(new_game(RuleSet(players=3), seed=1), Close())
    'only the opener closes or reopens, once the others have answered'
    """
    _check_state(state)
    _check_move(move)
    phase = state._phase
    if phase is _OVER:
        return say("game_over")
    if phase is _SHEDDING:
        return explain_shedding(state, move)
    return explain_betting(state, move)


def is_legal(state: GameState, move: Move) -> bool:
    """Whether ``move`` is legal in ``state``."""
    return explain(state, move) is None


def apply(state: GameState, move: Move) -> GameState:
    """The state after the seat to move makes ``move``, with every automatic
    step that follows it done (the settlement of the betting, stops, the
    end of the deal and the next deal's dressing, dealing and trump pools,
    the end of the game).

    Raises:
        IllegalMoveError: The rules do not allow ``move`` here; the message
            names the move, the seat and the reason. ``state`` is unchanged
            (it is immutable).
        TypeError: ``state`` or ``move`` is not of the expected type.

    """
    _check_state(state)
    _check_move(move)
    phase = state._phase
    if phase is _OVER:
        raise IllegalMoveError(move, None, say("game_over"))
    if phase is _SHEDDING:
        reason = explain_shedding(state, move)
        if reason is not None:
            raise IllegalMoveError(move, state._to_move, reason)
        return apply_shedding(state, move)
    reason = explain_betting(state, move)
    if reason is not None:
        raise IllegalMoveError(move, state._to_move, reason)
    return apply_betting(state, move)
