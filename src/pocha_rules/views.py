"""What one seat may know: :func:`observe` and :class:`PlayerView`.

A bot must never see what its seat cannot see. The view
of a seat is a frozen value holding exactly the public facts of the game and
the seat's own cards:

- its own hand (in a blind round, not its own card but every other seat's);
- the turned-up card, or the dealer's shown last card and whether the dealer
  still holds it;
- trump, every auction call, every bid, every card played this round and by
  whom, the trick on the table, tricks won, finished rounds and scores;
- how many cards each seat holds;
- every move of the game (all moves in Pocha are made in the open) and the
  deals of the finished rounds (every card dealt in them was played, so
  nothing of them is hidden any more, bar the order of the stock).

Never the other hands or the stock. Two states that differ only in cards the
seat cannot see give equal views, so a view can key a cache or a table.

Helpers for bot authors, computed from a view alone, live here too:
:func:`forbidden_bid`, :func:`tricks_needed`, :func:`unseen_cards`,
:func:`known_voids`, and :func:`sample_state` / :func:`sample_states`, which
draw complete game states consistent with a view (determinization).

>>> from pocha_rules import Deal, RuleSet, new_game
>>> deal = Deal(hands=[["1o"], ["3c"], ["5e"], ["7b"]], trump_card="4o")
>>> view = observe(new_game(RuleSet(), seed=1, dealer=3, deals=[deal]), 0)
>>> view.hand, view.trump_card, view.to_move, view.legal_moves()
((Card(1, Suit.OROS),), Card(4, Suit.OROS), 0, (Bid(0), Bid(1)))
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Final, TypeGuard

import attrs

from pocha_rules._common.text import got, shown
from pocha_rules._common.upcalls import JsonUpcalls, Upcall
from pocha_rules._pocha.bidding import auction_moves, bid_moves
from pocha_rules._pocha.cards import Card, Suit, mask_of
from pocha_rules._pocha.deal import Deal
from pocha_rules._pocha.knowledge import (
    IS_VIEW,
    forbidden_bid,
    known_voids,
    tricks_needed,
    unseen_cards,
)
from pocha_rules._pocha.moves import PLAYS, TRUMP_CHOICES, Call, Move, Pass
from pocha_rules._pocha.play import legal_plays, winning_position
from pocha_rules._pocha.rules import RuleSet
from pocha_rules._pocha.sampling import sample_state, sample_states
from pocha_rules._pocha.schedules import Round, RoundKind
from pocha_rules._pocha.seats import SeatedMove
from pocha_rules._pocha.state import GameState, Phase, PlayedCard, RoundResult
from pocha_rules._pocha.tables import tables_for

SeatedMove.__module__ = __name__  # documented, and shown in reprs, as views.SeatedMove

__all__ = [
    "PlayerView",
    "SeatedMove",
    "forbidden_bid",
    "known_voids",
    "observe",
    "sample_state",
    "sample_states",
    "tricks_needed",
    "unseen_cards",
]


@attrs.frozen(cache_hash=True)
class PlayerView:
    """Everything one seat may know at one moment of a game, and nothing more.

    Build it with :func:`observe`. It is immutable, hashable and equal to any
    other view holding the same information. :meth:`legal_moves` gives the
    seat's legal moves when it is to move, worked out from the view alone.

    >>> from pocha_rules import RuleSet, new_game
    >>> state = new_game(RuleSet(), seed=3, dealer=0)
    >>> observe(state, 1).legal_moves(), observe(state, 2).legal_moves()
    ((Bid(0), Bid(1)), ())
    >>> observe(state, 1) == observe(state, 1), observe(state, 1).hand_sizes
    (True, (1, 1, 1, 1))
    """

    rules: RuleSet
    """The rules of the game."""
    seat: int
    """The seat whose view this is."""
    phase: Phase
    """What the game is waiting for."""
    to_move: int | None
    """The seat to move, or ``None`` once the game is over."""
    first_dealer: int
    """The seat that dealt the first round."""
    round_index: int
    """The current round's position in the game (0-based)."""
    round: Round
    """The current round's entry: cards and kind."""
    dealer: int
    """The seat that dealt this round."""
    eldest: int
    """The first player (mano): the seat after the dealer."""
    visible_hands: tuple[tuple[Card, ...] | None, ...]
    """By seat, the cards it holds now when this seat can see them, else
    ``None``. Normally only the own hand is visible; in a blind round every
    other hand is and the own one is not (until the seat must play its one
    card: then the play is forced and the card is shown as it is played)."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds now."""
    trump: Suit | None
    """The trump suit, or ``None`` while it is not known."""
    trump_card: Card | None
    """The card turned up from the stock, or the dealer's shown last card."""
    trump_card_shown_by_dealer: bool
    """Whether :attr:`trump_card` is the dealer's own card (it stays in the
    dealer's hand until played)."""
    calls: tuple[tuple[int, Call | Pass], ...]
    """This round's auction so far: ``(seat, call)`` in order."""
    auction_winner: int | None
    """The winner of this round's auction, once known."""
    bid_order: tuple[int, ...]
    """The seats in bidding order; the last one is under the hook."""
    bids: tuple[int | None, ...]
    """Each seat's bid, ``None`` until made."""
    leader: int
    """The seat that leads (or led) the current trick."""
    trick: tuple[PlayedCard, ...]
    """The cards on the table, in play order."""
    played: tuple[PlayedCard, ...]
    """Every card played this round, in order, with its seat."""
    tricks_won: tuple[int, ...]
    """Tricks won so far this round, by seat."""
    scores: tuple[int, ...]
    """Cumulative totals by seat."""
    round_results: tuple[RoundResult, ...]
    """Every finished round."""
    past_deals: tuple[Deal, ...]
    """The deals of the finished rounds."""
    history: tuple[Move, ...]
    """Every move of the game so far."""

    @property
    def hand(self) -> tuple[Card, ...]:
        """The seat's own cards as it sees them (empty in a blind round)."""
        return self.visible_hands[self.seat] or ()

    @property
    def round_kind(self) -> RoundKind:
        """The current round's kind."""
        return self.round.kind

    @property
    def cards_per_player(self) -> int:
        """Cards dealt to each player this round."""
        return self.round.cards

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.rules.players

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.OVER

    @property
    def dealer_holds_trump_card(self) -> bool:
        """Whether the dealer still holds the shown trump card (it has been
        shown but not played yet)."""
        card = self.trump_card
        if not self.trump_card_shown_by_dealer or card is None or self.is_over:
            return False
        return all(p.card is not card for p in self.played)

    def _repr_svg_(self) -> str:
        """The table as the seat sees it, for Jupyter (:func:`pocha_rules.svg.table`)."""
        return PICTURE.call(self)

    def legal_moves(self) -> tuple[Move, ...]:
        """The seat's legal moves, the same as :func:`~pocha_rules.legal_moves`
        of the game when it is this seat's turn; ``()`` otherwise."""
        if self.to_move != self.seat:
            return ()
        phase = self.phase
        cards = self.round.cards
        if phase is Phase.PLAY:
            t = tables_for(self.rules)
            trick = tuple(p.card.index for p in self.trick)
            assert self.trump is not None
            trump = self.trump.value
            allowed = legal_plays(
                t, mask_of(self.hand), trick, winning_position(t, trick, trump), trump
            )
            return tuple(PLAYS[c.index] for c in self.hand if allowed >> c.index & 1)
        if phase is Phase.BID:
            forbidden = forbidden_bid(self)
            return bid_moves(cards, -1 if forbidden is None else forbidden)
        if phase is Phase.AUCTION:
            highest = max((c.tricks for _, c in self.calls if type(c) is Call), default=-1)
            return auction_moves(cards, highest)
        if phase is Phase.CHOOSE_TRUMP:
            return TRUMP_CHOICES
        return ()

    @property
    def seated_history(self) -> tuple[SeatedMove, ...]:
        """Every move of the game so far with the seat that made it, as
        ``(seat, move)`` pairs (:class:`~pocha_rules.views.SeatedMove`), worked out from the
        view (the finished rounds are played again from their deals)."""
        from pocha_rules._pocha.seats import seated_history

        return seated_history(self)

    # --- JSON ---------------------------------------------------------------

    def to_dict(self, *, history: bool = False) -> dict[str, object]:
        """The view as JSON data (dicts, lists, strings, numbers, ``None``),
        in the ``pocha-view`` format (see :mod:`pocha_rules.schemas`); the
        seat's legal moves are included as text and as action ids.

        By default the view is compact (:mod:`pocha_rules.compact`): the
        current round, the totals and the seat's cards. With
        ``history=True`` it also holds the finished rounds, their deals and
        every move of the game, and :meth:`from_dict` reads it back.

        >>> from pocha_rules import RuleSet, new_game
        >>> data = observe(new_game(RuleSet(), seed=3, dealer=0), 1).to_dict()
        >>> data["schema"], data["hand"], data["legal_moves"], data["legal_actions"]
        ('pocha-view', ['1b'], ['bid 0', 'bid 1'], [40, 41])
        """
        return JSON.to_dict.call(self, history)

    @classmethod
    def from_dict(cls, data: object) -> PlayerView:
        """Read a view from JSON data (as :func:`json.loads` returns it),
        written with its history (``to_dict(history=True)``).

        The data is checked: its parts, and that what it says twice (the
        hand, the seats of the moves, the legal moves) agrees.

        Raises:
            InvalidDataError: The data is not a view; the error says where
                (a path such as ``"visible_hands[0][3]"``) and why.

        """
        return JSON.from_dict.call(data)

    def to_json(self, *, indent: int | None = None, history: bool = False) -> str:
        """The view as JSON text (:meth:`to_dict`, written out)."""
        return json.dumps(self.to_dict(history=history), indent=indent)

    @classmethod
    def from_json(cls, text: str) -> PlayerView:
        """Read a view from JSON text (written with its history).

        Raises:
            InvalidDataError: The text is not JSON, or not a view.
            TypeError: ``text`` is not a string.

        """
        return JSON.from_json.call(text)


# The JSON codec and the pictures import this module: they fill these.
JSON: Final[JsonUpcalls[PlayerView, Callable[[PlayerView, bool], dict[str, object]]]] = (
    JsonUpcalls("PlayerView", "pocha_rules._view_json")
)
PICTURE: Final[Upcall[Callable[[PlayerView], str]]] = Upcall(
    "PlayerView._repr_svg_", "pocha_rules.svg"
)


@IS_VIEW.fill
def _is_view(value: object) -> TypeGuard[PlayerView]:
    return isinstance(value, PlayerView)


# The deals of finished rounds cost a conversion per round; states of one
# round share their finished-round results tuple, so one entry, checked by
# identity (the entry holds the tuple, so its id cannot be reused), saves
# converting them again on every move. The entry is replaced in one store.
_PAST: Final[list[tuple[tuple[RoundResult, ...], tuple[Deal, ...]]]] = [((), ())]


def _past_deals(state: GameState) -> tuple[Deal, ...]:
    results = state.round_results
    cached, deals = _PAST[0]
    if cached is results:
        return deals
    deals = state.deals[: len(results)]
    _PAST[0] = (results, deals)
    return deals


_PAST_MOVES: Final[list[tuple[tuple[RoundResult, ...], tuple[Move, ...]]]] = [((), ())]


def _history(state: GameState) -> tuple[Move, ...]:
    """``state.history``, with the finished rounds' moves taken from a
    one-entry cache, as :func:`_past_deals` does: rebuilding them on every call
    costs time in proportion to the whole game so far."""
    results = state.round_results
    current = state.round_moves
    cached, past = _PAST_MOVES[0]
    if cached is not results:
        history = state.history
        past = history[: len(history) - len(current)]
        _PAST_MOVES[0] = (results, past)
    return past + current


def observe(state: GameState, seat: int) -> PlayerView:
    """The view of ``seat``: what that seat may know in ``state``.

    Raises:
        PochaError: ``seat`` is not a seat of the game.
        TypeError: ``state`` is not a state or ``seat`` not an int.

    >>> from pocha_rules import Deal, RuleSet, new_game
    >>> deal = Deal(hands=[["1o"], ["3c"], ["5e"], ["7b"]], trump_card="4o")
    >>> rules = RuleSet(schedule=["1b"])
    >>> view = observe(new_game(rules, seed=1, dealer=3, deals=[deal]), 0)
    >>> view.hand, [str(h[0]) if h else h for h in view.visible_hands]
    ((), [None, '3c', '5e', '7b'])

    """
    from pocha_rules._common.errors import PochaError, say

    if not isinstance(state, GameState):
        raise TypeError(f"state must be a GameState, got {got(state)}")
    n = state.rules.players
    if type(seat) is not int:
        raise TypeError(f"seat must be an int, got {got(seat)}")
    if not 0 <= seat < n:
        raise PochaError(say("seat_must_be", high=n - 1, got=shown(seat)))
    hands = state.hands
    phase = state.phase
    if state.round_kind is RoundKind.BLIND and phase is not Phase.OVER:
        forced = phase is Phase.PLAY and state.to_move == seat
        visible: tuple[tuple[Card, ...] | None, ...] = tuple(
            hand if s != seat or forced else None for s, hand in enumerate(hands)
        )
    else:
        visible = tuple(hand if s == seat else None for s, hand in enumerate(hands))
    return PlayerView(
        rules=state.rules,
        seat=seat,
        phase=phase,
        to_move=state.to_move,
        first_dealer=state.first_dealer,
        round_index=state.round_index,
        round=state.round,
        dealer=state.dealer,
        eldest=state.eldest,
        visible_hands=visible,
        hand_sizes=tuple(len(hand) for hand in hands),
        trump=state.trump,
        trump_card=state.trump_card,
        trump_card_shown_by_dealer=state.trump_card_shown_by_dealer,
        calls=state.calls,
        auction_winner=state.auction_winner,
        bid_order=state.bid_order,
        bids=state.bids,
        leader=state.leader,
        trick=state.trick,
        played=state.played,
        tricks_won=state.tricks_won,
        scores=state.scores,
        round_results=state.round_results,
        past_deals=_past_deals(state),
        history=_history(state),
    )
