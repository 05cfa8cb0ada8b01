r"""Action ids: every move of a rule set as a small integer, and back.

Reinforcement-learning frameworks, search libraries and the batch engine
want moves as integers from ``0`` to ``num_actions(rules) - 1``. This module
is the one table they all share. For a given :class:`~pocha_rules.RuleSet`
the ids are dense (no gaps) and stable (they depend on the rules alone,
never on the state), in sections, in this order:

1. **plays**: ``Play(card)`` for each card of the deck in play, in card
   order (oros, copas, espadas, bastos; ranks rising);
2. **bids**: ``Bid(0)`` up to the largest hand of the schedule;
3. **calls**: ``Call(0)`` up to the largest auction round, then
   **pass**: ``Pass()``; only when the schedule has auction rounds;
4. **trump choices**: ``ChooseTrump`` of oros, copas, espadas and bastos;
   only when someone can name trump (auction rounds, or the dealer choosing
   when every card is dealt).

A 40-card deck has 40 play ids, not 48, and 36 with the 2s removed. With the
default rules (4 players, 40 cards, ``classic``) the ids are 0-39 for the
cards and 40-50 for the bids: 51 in all. The order of ids is the order of
:func:`~pocha_rules.legal_moves`, so :func:`legal_actions` is sorted.

>>> from pocha_rules import RuleSet, new_game, Bid, Card, Play
>>> rules = RuleSet()
>>> num_actions(rules), move_to_action(rules, Bid(2)), action_to_move(rules, 0)
(51, 42, Play(Card(1, Suit.OROS)))
>>> state = new_game(rules, seed=1, dealer=0)
>>> legal_actions(state), legal_action_mask(state)[40:43]
((40, 41), b'\x01\x01\x00')
"""

from __future__ import annotations

from pocha_rules._common.actions import IdTable, apply_checked
from pocha_rules._common.caches import TableCache
from pocha_rules._common.text import got
from pocha_rules._pocha.cards import CARDS, Card
from pocha_rules._pocha.engine import apply, explain, legal_moves
from pocha_rules._pocha.moves import BIDS, CALLS, MOVE_TYPES, PASS, PLAYS, TRUMP_CHOICES, Move
from pocha_rules._pocha.rules import RuleSet, TrumpWhenAllDealt
from pocha_rules._pocha.schedules import RoundKind
from pocha_rules._pocha.state import GameState
from pocha_rules._pocha.tables import tables_for
from pocha_rules.views import PlayerView

__all__ = [
    "ActionTable",
    "action_table",
    "action_to_move",
    "apply_action",
    "legal_action_mask",
    "legal_actions",
    "move_to_action",
    "num_actions",
]


class ActionTable(IdTable[Move]):
    """The action ids of one :class:`~pocha_rules.RuleSet`.

    Get it with :func:`action_table` (it is built once per rule set and
    cached). Each section is a :class:`range` of ids; a section the rules
    cannot use is an empty range.

    >>> from pocha_rules import RuleSet
    >>> table = action_table(RuleSet(schedule="full"))
    >>> table.plays, table.bids, table.calls, table.pass_action, table.trump_choices
    (range(0, 40), range(40, 51), range(51, 62), 62, range(63, 67))
    """

    __slots__ = ("bids", "calls", "cards", "pass_action", "plays", "rules", "trump_choices")

    rules: RuleSet
    """The rule set the ids are for."""
    cards: tuple[Card, ...]
    """The cards of the deck in play, by play id."""
    moves: tuple[Move, ...]
    """Every move, by id: ``moves[action]`` is the move of ``action``."""
    size: int
    """The number of ids (:func:`num_actions`)."""
    plays: range
    """The ids of ``Play(card)``, one per card of :attr:`cards`."""
    bids: range
    """The ids of ``Bid(0)`` up to the largest hand of the schedule."""
    calls: range
    """The ids of ``Call(0)`` up to the largest auction round (empty
    without auction rounds)."""
    pass_action: int | None
    """The id of ``Pass()``, or ``None`` without auction rounds."""
    trump_choices: range
    """The ids of ``ChooseTrump`` of each suit in suit order (empty when
    nobody can name trump)."""

    def __init__(self, rules: RuleSet) -> None:
        if not isinstance(rules, RuleSet):
            raise TypeError(f"expected a RuleSet, got {got(rules)}")
        t = tables_for(rules)
        schedule = rules.schedule
        largest = max(entry.cards for entry in schedule)
        auctions = [entry.cards for entry in schedule if entry.kind is RoundKind.AUCTION]
        dealer_chooses = rules.trump_when_all_dealt is TrumpWhenAllDealt.DEALER_CHOOSES and any(
            entry.cards * rules.players == rules.deck_size
            for entry in schedule
            if entry.kind is not RoundKind.AUCTION
        )
        moves: list[Move] = [PLAYS[index] for index in t.deck_cards]
        moves += BIDS[: largest + 1]
        if auctions:
            moves += CALLS[: max(auctions) + 1]
            moves.append(PASS)
        if auctions or dealer_chooses:
            moves += TRUMP_CHOICES
        super().__init__(moves)
        self.rules = rules
        self.cards = tuple(CARDS[index] for index in t.deck_cards)
        self.plays = range(len(self.cards))
        self.bids = range(self.plays.stop, self.plays.stop + largest + 1)
        end = self.bids.stop
        self.calls = range(end, end + max(auctions) + 1 if auctions else end)
        self.pass_action = self.calls.stop if auctions else None
        start = self.calls.stop + 1 if auctions else end
        self.trump_choices = range(start, self.size)

    def __repr__(self) -> str:
        return f"<ActionTable of {self.size} actions>"

    _move_types = MOVE_TYPES
    _state_type = GameState
    _view_type = PlayerView
    _game = ""
    _legal_moves = staticmethod(legal_moves)


_TABLES: TableCache[ActionTable] = TableCache(ActionTable)


def action_table(rules: RuleSet) -> ActionTable:
    """The :class:`ActionTable` of ``rules``, built once and cached (the
    cache keeps at most 64 rule sets)."""
    return _TABLES.get(rules)


def num_actions(rules: RuleSet) -> int:
    """How many action ids ``rules`` has.

    >>> from pocha_rules import RuleSet
    >>> num_actions(RuleSet()), num_actions(RuleSet(players=3)), num_actions(RuleSet(deck=48))
    (51, 49, 61)
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
    """The legal-action mask of a state or a view: one byte per id, 1 for a
    legal move; ``numpy.frombuffer(mask, dtype=numpy.int8)`` reads it as an
    array without copying."""
    return action_table(ActionTable._rules_of(position)).mask(position)


def apply_action(state: GameState, action: int) -> GameState:
    """The state after the move of id ``action``; ``state`` never changes.

    Raises:
        TypeError: ``state`` is not a state or ``action`` not a whole number.
        InvalidActionError: ``action`` is out of range or not legal here;
            the error names the id, the seat and the reason.

    >>> from pocha_rules import RuleSet, new_game
    >>> state = new_game(RuleSet(), seed=1, dealer=0)
    >>> apply_action(state, 41).bids
    (None, 1, None, None)
    >>> apply_action(state, 42)
    Traceback (most recent call last):
    ...
    pocha_rules.InvalidActionError: invalid action 42 by seat 1: bid 2: bids run from 0 to 1 ...

    """
    if not isinstance(state, GameState):
        raise TypeError(f"expected a GameState, got {type(state).__name__}: {state!r}")
    return apply_checked(action_table(state.rules), state, state.to_move, action, explain, apply)
