"""A Monte Carlo bot: determinised search over the cards a seat cannot see.

For each decision :class:`MonteCarloBot` draws complete deals of the current
round that agree with everything its seat knows (with the sampler of
:func:`~pocha_rules.sample_state`: hand sizes, the cards each seat is known
not to hold, the dealer's shown card), and in each deal it tries every legal
move: it makes the move and plays the rest of the round out with a fast
policy. The move with the best average points for its seat in the round is
chosen. Every legal move is tried in the same deals, so that the luck of the
deal weighs on each alike.

Bids, auction calls and trump choices are chosen the same way, which is why
the policy matters: random playouts would make every bid look alike, as a
random player makes no bid on purpose. The playouts play as
:class:`~pocha_rules.HeuristicBot` does, for every seat: each bids its
hand's estimate (a bid being tried is kept), takes tricks while it needs
them and ducks once it has them, deciding from its own hand and the public
facts of the deal. A bid is then worth what a player who tries to make it
scores with these cards.

The playouts stop at the end of the round: a round's points do not depend on
the rounds before or after it, so they are the objective. The budget is
:attr:`~MonteCarloBot.samples`, the deals drawn per decision; the bot is
reproducible from its ``seed`` (the same seed and the same views give the
same moves), and it only ever reads its view.

>>> from pocha_rules import HeuristicBot, RuleSet, play_game
>>> rules = RuleSet(players=4, schedule=[1, 3, 5])
>>> bots = [MonteCarloBot(seed=1, samples=8)] + [HeuristicBot(seed=s) for s in (2, 3, 4)]
>>> play_game(rules, bots, seed=7).is_over
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pocha_rules._common.montecarlo import MonteCarloSearch
from pocha_rules._pocha.cards import mask_of
from pocha_rules._pocha.moves import Bid, Call, ChooseTrump, Move, Play
from pocha_rules._pocha.sampling import HiddenHands
from pocha_rules._pocha.schedules import RoundKind
from pocha_rules._pocha.state import Phase
from pocha_rules._pocha.tables import tables_for
from pocha_rules._pocha.world import AUCTION, BID, CHOOSE_TRUMP, PLAY, Facts, World, finish
from pocha_rules.bots import _moves
from pocha_rules.views import PlayerView

__all__ = ["MonteCarloBot"]

DEFAULT_SAMPLES: Final = 64

_PHASES: Final = {
    Phase.AUCTION: AUCTION,
    Phase.CHOOSE_TRUMP: CHOOSE_TRUMP,
    Phase.BID: BID,
    Phase.PLAY: PLAY,
}


class MonteCarloBot(MonteCarloSearch[PlayerView, Move]):
    """Chooses each move by playing the round out in sampled deals.

    Args:
        seed: Makes the bot reproducible: the same seed and the same views
            give the same moves. ``None`` seeds it from the system.
        samples: The deals drawn per decision (64 by default); every legal
            move is played out once in each. More samples play better and
            cost more, in proportion: with 64, a decision takes a few
            milliseconds in the compiled build, and the costliest (a bid
            in a round of ten cards, eleven bids played out in full) about
            30 ms.

    Raises:
        PochaError: ``samples`` is not a whole number of at least 1.

    >>> from pocha_rules import Deal, RuleSet, new_game, observe
    >>> deal = Deal(hands=[["1o", "3o"], ["2c", "4c"], ["5e", "6e"], ["7b", "2b"]],
    ...             trump_card="4o")
    >>> view = observe(new_game(RuleSet(schedule=[2]), seed=1, dealer=3, deals=[deal]), 0)
    >>> MonteCarloBot(seed=1, samples=16).act(view)
    Bid(2)

    """

    def __init__(self, seed: int | None = None, *, samples: int = DEFAULT_SAMPLES) -> None:
        super().__init__(seed, samples)

    _legal = staticmethod(_moves)

    def _totals(self, view: PlayerView, moves: Sequence[Move]) -> list[int]:
        """Each move's total points for the seat over the sampled deals."""
        codes = [_code(move) for move in moves]
        facts = _facts(view)
        hidden = HiddenHands(view)
        seat = view.seat
        totals = [0] * len(moves)
        rng = self._rng
        for _ in range(self._samples):
            sample = World(facts, hidden.draw(rng))
            for i, code in enumerate(codes):
                totals[i] += finish(sample, code)[seat]
        return totals


def _code(move: Move) -> int:
    """The move as :func:`~pocha_rules._pocha.world.finish` takes it."""
    if type(move) is Play:
        return move.card.index
    if type(move) is Bid or type(move) is Call:
        return move.tricks
    if type(move) is ChooseTrump:
        return move.suit.value
    return -1  # Pass


def _facts(view: PlayerView) -> Facts:
    """The public facts of ``view``, which every sampled deal shares."""
    t = tables_for(view.rules)
    played = mask_of(p.card for p in view.played)
    card = view.trump_card
    seen = played if card is None else played | 1 << card.index
    shown = card.index if card is not None and view.dealer_holds_trump_card else -1
    return Facts(
        t,
        phase=_PHASES[view.phase],
        to_move=view.seat,
        cards=view.cards_per_player,
        blind=view.round_kind is RoundKind.BLIND,
        dealer=view.dealer,
        eldest=view.eldest,
        trump=-1 if view.trump is None else view.trump.value,
        calls=[call.tricks if type(call) is Call else -1 for _, call in view.calls],
        order=view.bid_order,
        leader=view.leader,
        bids=[-1 if bid is None else bid for bid in view.bids],
        won=list(view.tricks_won),
        trick=[p.card.index for p in view.trick],
        seen=seen,
        shown=shown,
    )
