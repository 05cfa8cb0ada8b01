"""A Monte Carlo bot for Poch: each decision is played out, move by move,
in complete deals sampled from the seat's view.

For every sample (:func:`~pocha_rules.poch.sample_state`) the bot
tries each legal move and finishes the deal with every seat playing the
:class:`~pocha_rules.poch.HeuristicBot`'s policy on its own cards; the
move whose playouts leave the seat with the most chips at the end of the
deal, summed over the samples, is chosen.

>>> from pocha_rules.poch import RuleSet, new_game
>>> from pocha_rules.poch.views import observe
>>> view = observe(new_game(RuleSet(players=3), seed=4, dealer=0), 1)
>>> MonteCarloBot(seed=1, samples=4).act(view) in view.legal_moves()
True
"""

from __future__ import annotations

from collections.abc import Sequence

from pocha_rules._common.montecarlo import MonteCarloSearch
from pocha_rules.poch._engine import apply, legal_moves
from pocha_rules.poch._moves import Move
from pocha_rules.poch._state import GameState
from pocha_rules.poch.bots import _moves, heuristic_move
from pocha_rules.poch.views import PlayerView, sample_state

__all__ = ["MonteCarloBot", "heuristic_playout"]

DEFAULT_SAMPLES = 16


def _policy(state: GameState) -> Move:
    """The heuristic move of the seat to move, from its own cards and the
    public betting."""
    legal = legal_moves(state)
    if len(legal) == 1:
        return legal[0]
    seat = state._to_move
    stakes = state.stakes
    return heuristic_move(
        state.hand(seat),
        legal,
        phase=state.phase,
        rules=state.rules,
        owed=state.level - stakes[seat],
        pool=state.pool("poch"),
        rivals=sum(1 for s in state.contestants if s != seat and stakes[s] > 0),
        last_to_speak=state.order[-1] == seat,
    )


def heuristic_playout(state: GameState) -> GameState:
    """``state`` played on to the end of its deal (or of the game) with the
    heuristic policy at every seat: the first state of the next deal."""
    deals = state.deals_played
    while not state.is_over and state.deals_played == deals:
        state = apply(state, _policy(state))
    return state


class MonteCarloBot(MonteCarloSearch[PlayerView, Move]):
    """Chooses each move by playing the deal out in sampled worlds.

    Args:
        seed: Makes the bot reproducible.
        samples: Worlds drawn per decision (16 by default); every legal move
            is played out once in each.

    Raises:
        PochaError: ``samples`` is not a whole number of at least 1.

    """

    def __init__(self, seed: int | None = None, *, samples: int = DEFAULT_SAMPLES) -> None:
        super().__init__(seed, samples)

    _legal = staticmethod(_moves)

    def _totals(self, view: PlayerView, moves: Sequence[Move]) -> list[int]:
        seat = view.seat
        totals = [0] * len(moves)
        for _ in range(self._samples):
            world = sample_state(view, self._rng)
            for i, move in enumerate(moves):
                end = heuristic_playout(apply(world, move))
                totals[i] += _chips_after(end, seat, view.deal_number)
        return totals


def _chips_after(state: GameState, seat: int, deal: int) -> int:
    """The seat's balance when deal ``deal`` was over."""
    results = state.deal_results
    if len(results) > deal:
        return results[deal].balances[seat]
    return state.balances[seat]  # pragma: no cover - a deal always ends in a result
