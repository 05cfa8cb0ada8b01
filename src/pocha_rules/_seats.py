"""Who made each move of a game, worked out from what a seat may know.

Moves never name their seat: each is made by the seat whose turn it is. A
view holds every move of the game, the deals of the finished rounds and the
current round's public facts, which is enough to say whose turn each move
was: the finished rounds are played again from their deals, and the current
round's moves take their seats from its calls, bidding order and cards
played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from pocha_rules._engine import apply, play_unchecked
from pocha_rules._errors import PochaError
from pocha_rules._game import new_game
from pocha_rules._moves import Bid, Call, ChooseTrump, Move, Pass, Play
from pocha_rules._schedules import RoundKind

if TYPE_CHECKING:
    from pocha_rules.views import PlayerView

__all__ = ["SeatedMove", "seated_history"]


class SeatedMove(NamedTuple):
    """A move of the game, with the seat that made it."""

    seat: int
    move: Move


class SeatsError(Exception):
    """The moves do not fit the view (private: callers turn it into their
    own error). ``index`` is the move's position in the history."""

    def __init__(self, index: int, reason: str) -> None:
        super().__init__(index, reason)
        self.index = index
        self.reason = reason


def seated_history(view: PlayerView) -> tuple[SeatedMove, ...]:
    """Every move of ``view``'s game with the seat that made it.

    Raises:
        SeatsError: The moves do not fit the view's deals and round.

    """
    history = view.history
    out: list[SeatedMove] = []
    done = len(view.round_results)
    i = 0
    if done:
        try:
            state = new_game(view.rules, seed=0, dealer=view.first_dealer, deals=view.past_deals)
        except PochaError as error:
            raise SeatsError(0, str(error)) from None
        while len(state.round_results) < done:
            if i >= len(history):
                raise SeatsError(i, f"the moves end before round {done - 1} does")
            seat = state.to_move
            if seat is None:  # pragma: no cover - the game ends with its last round
                raise SeatsError(i, "the game is already over")
            move = history[i]
            try:
                state = apply(state, move)
            except PochaError as error:
                if type(move) is not Play or move.card not in state.hands[seat]:
                    raise SeatsError(i, str(error)) from None
                state = play_unchecked(state, move)  # a revoke, played leniently
            out.append(SeatedMove(seat, move))
            i += 1
    if view.is_over:
        if i != len(history):
            raise SeatsError(i, "a move after the end of the game")
        return tuple(out)
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
            raise SeatsError(index, f"the round has no turn for {move}")
        out.append(SeatedMove(queue[0], move))
    if calls or players:
        raise SeatsError(len(history), "the round's calls or cards are not all in the moves")
    return tuple(out)
