"""Who made each move of a game, worked out from what a seat may know.

Moves never name their seat: each is made by the seat whose turn it is. A
view holds every move of the game, the deals of the finished rounds and the
current round's public facts, which is enough to say whose turn each move
was: the finished rounds are played again from their deals, and the current
round's moves take their seats from its calls, bidding order and cards
played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from pocha_rules._common.errors import PochaError, Reason, reason_of, say
from pocha_rules._pocha.engine import apply, play_unchecked
from pocha_rules._pocha.game import new_game
from pocha_rules._pocha.moves import Bid, Call, ChooseTrump, Move, Pass, Play
from pocha_rules._pocha.schedules import RoundKind

if TYPE_CHECKING:
    from pocha_rules.views import PlayerView

__all__ = ["SeatedMove", "current_round", "remember_past", "seated_history", "seated_rounds"]


class SeatedMove(NamedTuple):
    """A move of the game, with the seat that made it."""

    seat: int
    move: Move


class SeatsError(Exception):
    """The moves do not fit the view (private: callers turn it into their
    own error). ``index`` is the move's position in the history."""

    def __init__(self, index: int, reason: Reason) -> None:
        super().__init__(index, reason)
        self.index = index
        self.reason = reason


_PAST: Final[list[tuple[object, tuple[SeatedMove, ...]]]] = [((), ())]
"""The seated moves of the finished rounds last worked out, with what they
follow from: the rules, the first dealer and the finished rounds' results
(their trumps and kinds; the moves themselves are compared too). Every view
of one round of a game shares these, so one entry saves playing the
finished rounds again for each view of the round."""


def remember_past(view: PlayerView, seats: list[int], moves: int) -> None:
    """Keep, as :func:`seated_rounds` would, the seats of the first ``moves``
    moves of ``view``'s history (``seats``, from a replay of the view's game
    from its first round in which every move was legal) as its finished
    rounds' moves; the caller checked that the replay finished the view's
    rounds with the view's results. (A view read from JSON is replayed to
    sample it: this saves playing its finished rounds again to seat them.)
    """
    history = view.history
    seated = tuple(
        SeatedMove(seat, move) for seat, move in zip(seats[:moves], history[:moves], strict=True)
    )
    _PAST[0] = ((view.rules, view.first_dealer, view.round_results), seated)


def _moves_of(seated: tuple[SeatedMove, ...]) -> tuple[Move, ...]:
    return tuple(entry.move for entry in seated)


def seated_history(view: PlayerView) -> tuple[SeatedMove, ...]:
    """Every move of ``view``'s game with the seat that made it.

    Raises:
        SeatsError: The moves do not fit the view's deals and round.

    """
    past, current = seated_rounds(view)
    return past + current


def current_round(view: PlayerView) -> tuple[SeatedMove, ...]:
    """The moves of ``view``'s current round, with their seats (empty once
    the game is over).

    Raises:
        SeatsError: As :func:`seated_history`.

    """
    return seated_rounds(view)[1]


def seated_rounds(view: PlayerView) -> tuple[tuple[SeatedMove, ...], tuple[SeatedMove, ...]]:
    """The moves of the finished rounds, and of the current round, with
    their seats.

    Raises:
        SeatsError: As :func:`seated_history`.

    """
    history = view.history
    out: list[SeatedMove] = []
    done = len(view.round_results)
    i = 0
    key = (view.rules, view.first_dealer, view.round_results)
    cached, seated = _PAST[0]
    if done and cached == key and _moves_of(seated) == history[: len(seated)]:
        # The finished rounds of this game, worked out for an earlier view.
        out = list(seated)
        i = len(seated)
    elif done:
        try:
            state = new_game(view.rules, seed=0, dealer=view.first_dealer, deals=view.past_deals)
        except PochaError as error:
            raise SeatsError(0, reason_of(error)) from None
        # (state.round_index, not round_results: that would lay out every
        # state's finished rounds.)
        while not state.is_over and state.round_index < done:
            if i >= len(history):
                raise SeatsError(i, say("moves_end_early", round=done - 1))
            seat = state.to_move
            if seat is None:  # pragma: no cover - the game ends with its last round
                raise SeatsError(i, say("game_over"))
            move = history[i]
            try:
                state = apply(state, move)
            except PochaError as error:
                if type(move) is not Play or move.card not in state.hands[seat]:
                    raise SeatsError(i, reason_of(error)) from None
                state = play_unchecked(state, move)  # a revoke, played leniently
            out.append(SeatedMove(seat, move))
            i += 1
        if state.round_results != view.round_results:
            raise SeatsError(i, say("results_differ"))
        _PAST[0] = (key, tuple(out))
    past = tuple(out)
    if view.is_over:
        if i != len(history):
            raise SeatsError(i, say("move_after_game"))
        return past, ()
    out = []
    calls = [seat for seat, _ in view.calls]
    bidders = list(view.bid_order)
    players = [played.seat for played in view.played]
    chooser = view.auction_winner if view.round_kind is RoundKind.AUCTION else view.dealer
    for index in range(i, len(history)):
        move = history[index]
        kind = type(move)
        queue: list[int | None]
        if kind is Call or kind is Pass:
            queue = list(calls[:1])
            del calls[:1]
        elif kind is Bid:
            queue = list(bidders[:1])
            del bidders[:1]
        elif kind is Play:
            queue = list(players[:1])
            del players[:1]
        elif kind is ChooseTrump:
            queue = [chooser]
            chooser = None
        else:  # pragma: no cover - every move is one of the five
            queue = []
        if not queue or queue[0] is None:
            raise SeatsError(index, say("no_turn_for", move=str(move)))
        out.append(SeatedMove(queue[0], move))
    if calls or players:
        raise SeatsError(len(history), say("moves_missing"))
    return past, tuple(out)
