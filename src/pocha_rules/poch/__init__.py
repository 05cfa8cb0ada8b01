"""Poch (Pochspiel): the German game of a board of pools, a round of betting
on pairs and trips, and a race to shed cards in suit sequences.

The same design as Pocha's engine: a frozen :class:`RuleSet`, immutable
:class:`GameState` values and pure functions :func:`new_game`,
:func:`legal_moves`, :func:`apply`, :func:`is_legal` and :func:`explain`.
Every payment is in the state's :attr:`~GameState.ledger`.

>>> from pocha_rules.poch import RuleSet, new_game, legal_moves, apply
>>> state = new_game(RuleSet(players=4), seed=2024)
>>> while not state.is_over:
...     state = apply(state, legal_moves(state)[-1])
>>> state.deals_played, sum(state.balances) + sum(state.pools.values())
(4, 200)
"""

# The pictures of the cards, states and views (Jupyter's _repr_svg_) and the
# views' JSON, filled from above the rules core: see pocha_rules._common.upcalls.
from pocha_rules import _poch_pictures, _poch_view_json  # noqa: F401
from pocha_rules._common.exports import show_at_home
from pocha_rules.poch._cards import Card, Suit
from pocha_rules.poch._engine import apply, explain, is_legal, legal_moves
from pocha_rules.poch._game import InvalidDealError, deal_pack, new_game
from pocha_rules.poch._ledger import DealResult, Payment, Reason
from pocha_rules.poch._moves import Close, Match, Move, Open, Pass, Play, Reopen, parse_move
from pocha_rules.poch._rules import POOLS, RuleSet
from pocha_rules.poch._state import GameState, Phase, PlayedCard
from pocha_rules.poch.bots import Bot, HeuristicBot, RandomBot, play_game
from pocha_rules.poch.montecarlo import MonteCarloBot
from pocha_rules.poch.views import PlayerView, observe, sample_state, sample_states

show_at_home(globals(), (
    "Card", "Suit", "apply", "explain", "is_legal", "legal_moves", "InvalidDealError",
    "deal_pack", "new_game", "DealResult", "Payment", "Reason", "Close", "Match", "Open",
    "Pass", "Play",
    "Reopen", "parse_move", "RuleSet", "GameState", "Phase", "PlayedCard",
))  # fmt: skip

__all__ = [
    "POOLS",
    "Bot",
    "Card",
    "Close",
    "DealResult",
    "GameState",
    "HeuristicBot",
    "InvalidDealError",
    "Match",
    "MonteCarloBot",
    "Move",
    "Open",
    "Pass",
    "Payment",
    "Phase",
    "Play",
    "PlayedCard",
    "PlayerView",
    "RandomBot",
    "Reason",
    "Reopen",
    "RuleSet",
    "Suit",
    "apply",
    "deal_pack",
    "explain",
    "is_legal",
    "legal_moves",
    "new_game",
    "observe",
    "parse_move",
    "play_game",
    "sample_state",
    "sample_states",
]
