"""pocha-rules: the rules of Pocha, the Spanish game of exact bids.

Immutable game states and pure functions: :func:`new_game`,
:func:`legal_moves`, :func:`apply` and :func:`score`, under a frozen
:class:`RuleSet` that covers the variants Spanish tables play.

>>> from pocha_rules import RuleSet, new_game, legal_moves, apply
>>> state = new_game(RuleSet(players=4), seed=2024)
>>> while not state.is_over:
...     state = apply(state, legal_moves(state)[0])
>>> len(state.round_scores)
28
"""

from pocha_rules._common.errors import (
    IllegalMoveError,
    InvalidActionError,
    InvalidDataError,
    InvalidDealError,
    InvalidRecordError,
    InvalidRulesError,
    OutOfTurnError,
    ParseError,
    PochaError,
)
from pocha_rules._common.exports import show_at_home
from pocha_rules._pocha.cards import Card, Suit
from pocha_rules._pocha.deal import Deal
from pocha_rules._pocha.engine import apply, explain, is_legal, legal_moves, score
from pocha_rules._pocha.game import new_game
from pocha_rules._pocha.moves import Bid, Call, ChooseTrump, Move, Pass, Play, parse_move
from pocha_rules._pocha.rollout import rollout, rollout_rounds, simulate
from pocha_rules._pocha.rules import MissPenalty, RuleSet, Tiebreak, TrumpWhenAllDealt
from pocha_rules._pocha.schedules import Round, RoundKind, classic, full, max_cards, up_down
from pocha_rules._pocha.scoring import round_score
from pocha_rules._pocha.state import GameState, Phase, PlayedCard, RoundResult
from pocha_rules.bots import Bot, HeuristicBot, RandomBot, play_game
from pocha_rules.montecarlo import MonteCarloBot
from pocha_rules.views import (
    PlayerView,
    forbidden_bid,
    known_voids,
    observe,
    sample_state,
    sample_states,
    tricks_needed,
    unseen_cards,
)

# isort: split
# The modules that fill the upcalls of the core's classes (Card.name,
# GameState.to_dict, the pictures; see pocha_rules._common.upcalls): imported
# here, so those methods work whichever module a program imports first.
from pocha_rules import _pictures, _view_json, names  # noqa: F401

__version__ = "0.1.0"

# Public names report the package as their home, so that reprs, tracebacks and
# the API reference say ``pocha_rules.Card`` rather than a private module.
show_at_home(globals(), (
    "Bid", "Call", "Card", "ChooseTrump", "Deal", "GameState", "IllegalMoveError",
    "InvalidActionError", "InvalidDataError", "InvalidDealError", "InvalidRecordError",
    "InvalidRulesError", "OutOfTurnError",
    "MissPenalty", "ParseError", "Pass", "Phase", "Play", "PlayedCard", "PochaError", "Round",
    "RoundKind", "RoundResult", "RuleSet", "Suit", "Tiebreak", "TrumpWhenAllDealt",
    "apply", "classic", "explain", "full", "is_legal", "legal_moves", "max_cards",
    "new_game", "parse_move", "round_score", "score", "up_down",
    "Bot", "HeuristicBot", "PlayerView", "RandomBot", "forbidden_bid", "known_voids",
    "observe", "play_game", "sample_state", "sample_states", "tricks_needed", "unseen_cards",
    "rollout", "rollout_rounds", "simulate", "MonteCarloBot",
))  # fmt: skip

__all__ = [
    "Bid",
    "Bot",
    "Call",
    "Card",
    "ChooseTrump",
    "Deal",
    "GameState",
    "HeuristicBot",
    "IllegalMoveError",
    "InvalidActionError",
    "InvalidDataError",
    "InvalidDealError",
    "InvalidRecordError",
    "InvalidRulesError",
    "MissPenalty",
    "MonteCarloBot",
    "Move",
    "OutOfTurnError",
    "ParseError",
    "Pass",
    "Phase",
    "Play",
    "PlayedCard",
    "PlayerView",
    "PochaError",
    "RandomBot",
    "Round",
    "RoundKind",
    "RoundResult",
    "RuleSet",
    "Suit",
    "Tiebreak",
    "TrumpWhenAllDealt",
    "__version__",
    "apply",
    "classic",
    "explain",
    "forbidden_bid",
    "full",
    "is_legal",
    "known_voids",
    "legal_moves",
    "max_cards",
    "new_game",
    "observe",
    "parse_move",
    "play_game",
    "rollout",
    "rollout_rounds",
    "round_score",
    "sample_state",
    "sample_states",
    "score",
    "simulate",
    "tricks_needed",
    "unseen_cards",
    "up_down",
]
