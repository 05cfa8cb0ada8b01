"""Bots for Poch and a game runner.

A bot is anything with an ``act(view) -> Move`` method (:class:`Bot`, the
same protocol as Pocha's bots): it gets the
:class:`~pocha_rules.poch.PlayerView` of the seat to move and nothing
else. :func:`~pocha_rules.poch.play_game` runs a whole game between bots.

- :class:`RandomBot` plays a uniformly random legal move.
- :class:`HeuristicBot` bets on the strength of its combination and leads
  each series from the low end of its longest suit.
- :class:`~pocha_rules.poch.MonteCarloBot` plays each decision
  out in sampled deals.

>>> from pocha_rules.poch import RuleSet
>>> final = play_game(RuleSet(players=3), [HeuristicBot(), RandomBot(seed=2), RandomBot(seed=3)],
...                   seed=7)
>>> final.is_over, final.deals_played
(True, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from pocha_rules._common import checks
from pocha_rules._common.bots import RandomChoice
from pocha_rules._common.errors import PochaError, say
from pocha_rules._common.text import got
from pocha_rules.poch._betting import combination
from pocha_rules.poch._cards import Card, mask_of
from pocha_rules.poch._engine import apply
from pocha_rules.poch._game import new_game
from pocha_rules.poch._moves import Close, Match, Move, Open, Pass, Play, Reopen
from pocha_rules.poch._rules import RuleSet
from pocha_rules.poch._state import GameState, Phase
from pocha_rules.poch.views import PlayerView, observe

__all__ = ["Bot", "HeuristicBot", "RandomBot", "heuristic_move", "play_game", "strength"]


@runtime_checkable
class Bot(Protocol):
    """Anything that chooses a Poch move from a seat's view."""

    def act(self, view: PlayerView) -> Move:
        """The move to make; ``view.to_move`` is the bot's seat."""
        ...


def _moves(view: PlayerView) -> tuple[Move, ...]:
    if type(view) is not PlayerView:
        raise TypeError(f"view must be a poch PlayerView, got {got(view)}")
    moves = view.legal_moves()
    if not moves:
        raise PochaError(say("no_move_to_make", seat=view.seat, to_move=view.to_move))
    return moves


class RandomBot(RandomChoice[PlayerView, Move]):
    """Plays a uniformly random legal move; reproducible with ``seed``."""

    _legal = staticmethod(_moves)


def strength(key: tuple[int, ...], deck: int) -> float:
    """About the share of combinations a combination beats: 0 for none, near
    1 for the best trips and quads. Pairs make up about three quarters of the
    combinations in the 32-card pack and six sevenths in the 52-card pack,
    two pairs most of the rest."""
    if not key:
        return 0.0
    ranks = 8 if deck == 32 else 13
    low = 7 if deck == 32 else 2
    place = (key[1] - low + 1) / ranks
    pairs = 0.75 if deck == 32 else 0.86
    two_pairs = 0.915 if deck == 32 else 0.955
    kind = key[0]
    if kind == 1:
        return pairs * place
    if kind == 2:
        return pairs + (two_pairs - pairs) * place
    if kind == 3:
        return two_pairs + (0.998 - two_pairs) * place
    return 1.0


def _lead(hand: Sequence[Card]) -> Card:
    """The lowest card of the longest suit (of equal suits, the one whose
    lowest card is lowest)."""
    suits: dict[int, list[Card]] = {}
    for card in hand:
        suits.setdefault(card.suit.value, []).append(card)
    best = max(suits.values(), key=lambda cards: (len(cards), -min(c.rank for c in cards)))
    return min(best, key=lambda c: c.rank)


def heuristic_move(
    hand: Sequence[Card],
    legal: Sequence[Move],
    *,
    phase: Phase,
    rules: RuleSet,
    owed: int,
    pool: int,
    rivals: int,
    last_to_speak: bool,
) -> Move:
    """The :class:`HeuristicBot`'s choice among ``legal``, from the seat's
    own cards (``hand``, as dealt while betting), the phase, the rules, the
    chips it owes to match, the chips in the poch pool, the rivals who have
    put chips in against it, and whether nobody speaks after it in the
    opening lap."""
    if len(legal) == 1:
        return legal[0]
    if phase is Phase.SHEDDING:
        card = _lead(hand)
        return next(m for m in legal if type(m) is Play and m.card is card)
    key, _ = combination(mask_of(hand), rules.two_pair == "own_type")
    p = strength(key, rules.deck)
    win = p ** max(rivals, 1)
    if phase is Phase.DECIDING:
        reopen = round(rules.bet_max * (win - 0.55) * 2)
        reopens = [m for m in legal if type(m) is Reopen and m.chips <= reopen]
        return reopens[-1] if reopens else next(m for m in legal if type(m) is Close)
    opens = [m for m in legal if type(m) is Open]
    if opens:
        if last_to_speak:
            return opens[0]  # nobody left to answer: the pool is won uncontested
        amount = round(rules.bet_max * (p - 0.4)) if p >= 0.5 else (1 if p >= 0.3 else 0)
        options = [m for m in opens if m.chips <= max(amount, 0)]
        return options[-1] if options else legal[0]
    if any(type(m) is Match for m in legal) and win * (pool + owed) > owed:
        return next(m for m in legal if type(m) is Match)
    return next(m for m in legal if type(m) is Pass)


class HeuristicBot:
    """Bets on the strength of its combination and sheds from the low end
    of its longest suit.

    Betting: it rates its combination by the share of combinations it
    beats (:func:`~pocha_rules.poch.bots.strength`) and its chance of beating every rival who has
    put chips in as that share to the power of their number. It opens when
    it beats about a third of the combinations, for more the stronger it is,
    and always opens (for 1) when it speaks last with nobody in; it matches
    when its chance times the pool it would win is worth more than the chips
    asked for; as opener it reopens while its chance is well above even, for
    more the better it is, and otherwise closes. Shedding: it leads the lowest card of its longest
    suit, so that its own cards carry the series.

    >>> from pocha_rules.poch import RuleSet, new_game
    >>> from pocha_rules.poch.views import observe
    >>> view = observe(new_game(RuleSet(players=4), seed=3, dealer=0), 1)
    >>> HeuristicBot().act(view) in view.legal_moves()
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self._seed = checks.bot_seed(
            seed
        )  # the bot is deterministic; kept for the factory protocol

    def act(self, view: PlayerView) -> Move:
        """The move the heuristics choose for the seat to move."""
        legal = _moves(view)
        seat = view.seat
        hand = view.hand
        if view.phase is not Phase.SHEDDING:
            hand = (*hand, *(p.card for p in view.table if p.seat == seat))
        owed = view.level - view.stakes[seat] if view.stakes else 0
        rivals = sum(1 for s in view.contestants if s != seat and view.stakes[s] > 0)
        return heuristic_move(
            hand,
            legal,
            phase=view.phase,
            rules=view.rules,
            owed=owed,
            pool=view.pool("poch"),
            rivals=rivals,
            last_to_speak=bool(view.order) and view.order[-1] == seat,
        )

    def __repr__(self) -> str:
        return "HeuristicBot()"


def play_game(
    rules: RuleSet,
    bots: Sequence[Bot],
    *,
    seed: int | None = None,
    dealer: int | None = None,
    deals: Sequence[Sequence[Card | str]] = (),
) -> GameState:
    """Play a whole game between ``bots`` (one per seat); the final state.

    Raises:
        PochaError: A bot made an illegal move (the error names the bot's
            seat and move), or the number of bots does not fit the table.
        TypeError: ``bots`` holds something without an ``act`` method.

    """
    if not isinstance(rules, RuleSet):
        raise TypeError(f"rules must be a poch RuleSet, got {got(rules)}")
    players = list(bots)
    if len(players) != rules.players:
        raise PochaError(say("bots_for_players", bots=len(players), players=rules.players))
    for bot in players:
        if not isinstance(bot, Bot):
            raise TypeError(f"a bot needs an act(view) method, got {got(bot)}")
    state = new_game(rules, seed=seed, dealer=dealer, deals=deals)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        state = apply(state, players[seat].act(observe(state, seat)))
    return state
