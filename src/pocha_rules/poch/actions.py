r"""Action ids for Poch: every move of a rule set as a small integer, and back.

The one table that learning frameworks, search code and the PettingZoo
environment (:mod:`pocha_rules.poch.pettingzoo`) share, on the pattern of
Pocha's :mod:`pocha_rules.actions`. For a given
:class:`~pocha_rules.poch.RuleSet` the ids are dense (no gaps) and stable
(they depend on the rules alone, never on the state), in this order:

1. ``pass`` (0), ``match`` (1), ``close`` (2);
2. **opens**: ``open 1`` up to ``open bet_max``;
3. **reopens**: ``reopen 1`` up to ``reopen bet_max``;
4. **plays**: ``play`` each card of the pack, in card order (clubs,
   diamonds, hearts, spades; ranks rising).

With the defaults (32 cards, ``bet_max=10``) that is 3 + 10 + 10 + 32 = 55
ids. Each list of legal moves is in the order of its ids, so
:func:`legal_actions` is sorted. Rules whose ``bet_max`` is above
:data:`MAX_BET_ACTIONS` have no action table.

>>> from pocha_rules.poch import Card, Open, Play, RuleSet, new_game
>>> rules = RuleSet(players=4)
>>> num_actions(rules), move_to_action(rules, Open(2)), action_to_move(rules, 23)
(55, 4, Play(Card(7, Suit.CLUBS)))
>>> state = new_game(rules, seed=1, dealer=0)
>>> legal_actions(state)[:3]
(0, 3, 4)
"""

from __future__ import annotations

from typing import Final

from pocha_rules._common.actions import IdTable, apply_checked
from pocha_rules._common.caches import TableCache
from pocha_rules._common.errors import PochaError, say
from pocha_rules._common.text import got
from pocha_rules.poch._cards import CARDS, Card, deck_indices
from pocha_rules.poch._engine import apply, explain, legal_moves
from pocha_rules.poch._moves import (
    CLOSE,
    MATCH,
    MOVE_TYPES,
    PASS,
    PLAYS,
    Move,
    open_move,
    reopen_move,
)
from pocha_rules.poch._rules import RuleSet
from pocha_rules.poch._state import GameState
from pocha_rules.poch.views import PlayerView

__all__ = [
    "MAX_BET_ACTIONS",
    "ActionTable",
    "action_table",
    "action_to_move",
    "apply_action",
    "legal_action_mask",
    "legal_actions",
    "move_to_action",
    "num_actions",
]

MAX_BET_ACTIONS: Final = 1000
"""The largest ``bet_max`` an action table is built for."""


class ActionTable(IdTable[Move]):
    """The action ids of one Poch :class:`~pocha_rules.poch.RuleSet`; get it
    with :func:`action_table` (built once per rule set and cached).

    >>> table = action_table(RuleSet(players=5))
    >>> table.opens, table.reopens, table.plays, table.size
    (range(3, 13), range(13, 23), range(23, 75), 75)
    """

    __slots__ = ("cards", "opens", "plays", "reopens", "rules")

    rules: RuleSet
    """The rule set the ids are for."""
    cards: tuple[Card, ...]
    """The cards of the pack, by play id (``cards[i]`` is played by id
    ``plays[i]``)."""
    moves: tuple[Move, ...]
    """Every move, by id."""
    size: int
    """The number of ids."""
    opens: range
    """The ids of ``open 1`` to ``open bet_max``."""
    reopens: range
    """The ids of ``reopen 1`` to ``reopen bet_max``."""
    plays: range
    """The ids of the plays, one per card of :attr:`cards`."""

    def __init__(self, rules: RuleSet) -> None:
        if not isinstance(rules, RuleSet):
            raise TypeError(f"rules must be a poch RuleSet, got {got(rules)}")
        if rules.bet_max > MAX_BET_ACTIONS:
            raise PochaError(
                say("poch_bet_max_actions", bet_max=rules.bet_max, most=MAX_BET_ACTIONS)
            )
        bets = range(1, rules.bet_max + 1)
        cards = deck_indices(rules.deck)
        moves: list[Move] = [PASS, MATCH, CLOSE]
        moves += [open_move(k) for k in bets]
        moves += [reopen_move(k) for k in bets]
        moves += [PLAYS[i] for i in cards]
        super().__init__(moves)
        self.rules = rules
        self.cards = tuple(CARDS[i] for i in cards)
        self.opens = range(3, 3 + rules.bet_max)
        self.reopens = range(self.opens.stop, self.opens.stop + rules.bet_max)
        self.plays = range(self.reopens.stop, self.size)

    def __repr__(self) -> str:
        return f"<poch ActionTable of {self.size} actions>"

    _move_types = MOVE_TYPES
    _state_type = GameState
    _view_type = PlayerView
    _game = "poch "
    _legal_moves = staticmethod(legal_moves)


_TABLES: TableCache[ActionTable] = TableCache(ActionTable)


def action_table(rules: RuleSet) -> ActionTable:
    """The :class:`ActionTable` of ``rules``, built once and cached."""
    return _TABLES.get(rules)


def num_actions(rules: RuleSet) -> int:
    """How many action ids ``rules`` has.

    >>> num_actions(RuleSet(players=3)), num_actions(RuleSet(players=6, bet_max=5))
    (55, 65)
    """
    return action_table(rules).size


def move_to_action(rules: RuleSet, move: Move) -> int:
    """The id of ``move`` under ``rules`` (see :meth:`ActionTable.action`)."""
    return action_table(rules).action(move)


def action_to_move(rules: RuleSet, action: int) -> Move:
    """The move of id ``action`` under ``rules`` (see :meth:`ActionTable.move`)."""
    return action_table(rules).move(action)


def legal_actions(position: GameState | PlayerView) -> tuple[int, ...]:
    """The ids of the legal moves in a state, or of a seat's view (empty
    when it is not that seat's turn), rising."""
    return action_table(ActionTable._rules_of(position)).legal_actions(position)


def legal_action_mask(position: GameState | PlayerView) -> bytes:
    """One byte per id, 1 for a legal move of a state or a view."""
    return action_table(ActionTable._rules_of(position)).mask(position)


def apply_action(state: GameState, action: int) -> GameState:
    """The state after the move of id ``action``; ``state`` never changes.

    Raises:
        TypeError: ``state`` is not a Poch state or ``action`` not a whole
            number.
        InvalidActionError: ``action`` is out of range or not legal here;
            the error names the id, the seat and the reason.

    >>> from pocha_rules.poch import new_game
    >>> state = new_game(RuleSet(players=4), seed=1, dealer=0)
    >>> apply_action(state, 2)
    Traceback (most recent call last):
    ...
    pocha_rules.InvalidActionError: invalid action 2 by seat 1: close: only the opener closes ...

    """
    if not isinstance(state, GameState):
        raise TypeError(f"state must be a poch GameState, got {got(state)}")
    return apply_checked(action_table(state.rules), state, state.to_move, action, explain, apply)
