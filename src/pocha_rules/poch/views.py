"""What one seat may know: :func:`~pocha_rules.poch.observe` gives a seat's
:class:`~pocha_rules.poch.PlayerView` of a Poch game, and
:func:`~pocha_rules.poch.sample_state` draws complete
states that the view could have come from.

A view holds everything public (the rules, the seats, the dealer, who is out,
every balance and pool, the turned-up card, the size of the stock, the cards
shown to take a pool or at the showdown, every bet, every card shed and who
shed it, every payment, the number of cards in each hand, whose turn it is)
and the seat's own hand. It never holds another seat's unshown cards, the
stock, or the orderings of the pack: the finished deals are kept without
them. A seat's view is unchanged by anything it cannot see.

>>> from pocha_rules.poch import RuleSet, new_game
>>> state = new_game(RuleSet(players=4), seed=3, dealer=0)
>>> view = observe(state, 1)
>>> len(view.hand), view.hand_sizes, view.stock_size, view.to_move
(5, (5, 5, 5, 5), 11, 1)
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Final

import attrs

from pocha_rules._common import checks
from pocha_rules._common.errors import PochaError, say
from pocha_rules._common.text import got, shown
from pocha_rules._common.upcalls import JsonUpcalls, Upcall
from pocha_rules.poch._cards import Card, Suit
from pocha_rules.poch._engine import legal_moves
from pocha_rules.poch._ledger import DealResult, Payment
from pocha_rules.poch._moves import Move
from pocha_rules.poch._rules import RuleSet
from pocha_rules.poch._state import GameState, Phase, PlayedCard

__all__ = ["PlayerView", "observe", "sample_state", "sample_states"]


@attrs.frozen
class PlayerView:
    """What seat :attr:`seat` may know of a game of Poch. Build it with
    :func:`observe`; it is immutable, hashable and compares by value."""

    rules: RuleSet
    """The rules of the game."""
    seat: int
    """The seat whose view this is."""
    phase: Phase
    """What the game is waiting for."""
    to_move: int | None
    """The seat to move (``None`` once the game is over)."""
    first_dealer: int
    """The seat that dealt the first deal."""
    deal_number: int
    """The current deal's number (0-based); -1 if no deal was played."""
    dealer: int | None
    """The current deal's dealer."""
    order: tuple[int, ...]
    """The seats in the deal, in play order from the eldest hand."""
    out: tuple[int, ...]
    """The seats out of the game."""
    starting_balances: tuple[int, ...]
    """The balances the game began with."""
    balances: tuple[int, ...]
    """Every seat's chips."""
    pools: tuple[tuple[str, int], ...]
    """Every pool's chips, ``(name, chips)`` in board order."""
    deal_start_balances: tuple[int, ...]
    """The balances before this deal's dressing."""
    deal_start_pools: tuple[int, ...]
    """The pools (all nine, in board order) before this deal's dressing."""
    turnup: Card | None
    """The turned-up card."""
    stock_size: int
    """How many cards lie undealt in the stock."""
    hand: tuple[Card, ...]
    """The seat's own cards."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    shown: tuple[tuple[Card, ...], ...]
    """For each seat, the cards it has shown and not yet shed."""
    takings: tuple[tuple[str, int], ...]
    """The pools taken in the first phase of the deal: ``(pool, seat)``."""
    opener: int | None
    """Who opened the betting."""
    contestants: tuple[int, ...]
    """The seats still in the betting."""
    stakes: tuple[int, ...]
    """Each seat's bets in the deal."""
    level: int
    """The stake every contestant must reach."""
    bet_rounds: int
    """Betting rounds opened so far."""
    poch_winners: tuple[int, ...]
    """Who took the poch pool in the deal."""
    table: tuple[PlayedCard, ...]
    """The cards shed in the deal, with their seats."""
    last_card: Card | None
    """The last card of the current series (``None`` when one is to begin)."""
    moves: tuple[tuple[int, Move], ...]
    """The moves of the deal, with their seats."""
    deal_payments: tuple[Payment, ...]
    """The payments of the deal so far."""
    past_deals: tuple[DealResult, ...]
    """The finished deals, each without its :attr:`~DealResult.ordering`
    (left empty: which cards lay in the stock stays hidden)."""
    legal: tuple[Move, ...]
    """The seat's legal moves when it is to move, else empty."""

    @property
    def trump(self) -> Suit | None:
        """The trump suit of the deal."""
        return None if self.turnup is None else self.turnup.suit

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.OVER

    def legal_moves(self) -> tuple[Move, ...]:
        """The seat's legal moves (empty unless it is to move)."""
        return self.legal

    def pool(self, name: str) -> int:
        """The chips in the pool called ``name``."""
        for pool, chips in self.pools:
            if pool == name:
                return chips
        raise KeyError(f"no pool named {name!r}")

    def _repr_svg_(self) -> str:
        """The seat's table as a picture, for Jupyter
        (:func:`pocha_rules.poch.svg.table`)."""
        return PICTURE.call(self)

    # --- JSON ---------------------------------------------------------------

    def to_dict(self, *, history: bool = False) -> dict[str, object]:
        """The view as JSON data (dicts, lists, strings, numbers, ``None``)
        in the ``poch-view`` format (see :mod:`pocha_rules.schemas`); the
        seat's legal moves are included as text and as action ids.

        By default the view is compact, as
        :func:`pocha_rules.poch.compact.compact_view` writes it: the current
        deal, the balances and pools, and the seat's cards. With
        ``history=True`` it also holds the balances the game and the deal
        began with, the pools the deal began with and the finished deals,
        and :meth:`from_dict` reads it back.

        >>> from pocha_rules.poch import RuleSet, new_game
        >>> view = observe(new_game(RuleSet(players=4), seed=3, dealer=0), 1)
        >>> data = view.to_dict()
        >>> data["schema"], data["hand"], data["legal_moves"]
        ('poch-view', ['7s', '8s', '9s', 'Js', 'Ks'], ['pass'])
        >>> PlayerView.from_dict(view.to_dict(history=True)) == view
        True
        """
        return JSON.to_dict.call(self, history)

    @classmethod
    def from_dict(cls, data: object) -> PlayerView:
        """Read a view from JSON data (as :func:`json.loads` returns it),
        written with its history (``to_dict(history=True)``).

        The data is checked: its parts, that what it says twice agrees, and
        that some game gives this very view: the finished deals follow one
        another (dealers, seats, dressing, payments, balances), the current
        deal begins where they end, and a state drawn for the view
        (:func:`sample_state`) shows the seat exactly this view. A view of
        a deal in play costs a drawn state or a few (about a millisecond);
        one that no state fits is refused only once every draw has failed
        (a few tenths of a second).

        Raises:
            InvalidDataError: The data is not a view, or not one a game
                reaches; the error says where (a path such as
                ``"past_deals[0].balances"``) and why.

        """
        return JSON.from_dict.call(data)

    def to_json(self, *, indent: int | None = None, history: bool = False) -> str:
        """The view as JSON text (:meth:`to_dict`, written out)."""
        return json.dumps(self.to_dict(history=history), indent=indent)

    @classmethod
    def from_json(cls, text: str) -> PlayerView:
        """Read a view from JSON text (written with its history), as
        :meth:`from_dict` does.

        Raises:
            InvalidDataError: The text is not JSON, or not a view a game
                reaches.
            TypeError: ``text`` is not a string.

        """
        return JSON.from_json.call(text)

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards of the pack this seat has not seen in the deal: in other
        hands unshown, or in the stock."""
        from pocha_rules.poch._cards import CARDS, deck_indices

        seen = set(self.hand)
        seen.update(p.card for p in self.table)
        for cards in self.shown:
            seen.update(cards)
        if self.turnup is not None:
            seen.add(self.turnup)
        return tuple(CARDS[i] for i in deck_indices(self.rules.deck) if CARDS[i] not in seen)


# The JSON codec and the pictures import this module: they fill these.
JSON: Final[JsonUpcalls[PlayerView, Callable[[PlayerView, bool], dict[str, object]]]] = (
    JsonUpcalls("poch.PlayerView", "pocha_rules._poch_view_json")
)
PICTURE: Final[Upcall[Callable[[PlayerView], str]]] = Upcall(
    "poch.PlayerView._repr_svg_", "pocha_rules._poch_pictures"
)
"""``PlayerView._repr_svg_``, filled with :func:`pocha_rules.poch.svg.table`."""


def _public_result(result: DealResult) -> DealResult:
    return attrs.evolve(result, ordering=())


_PAST_CACHE: list[tuple[tuple[DealResult, ...], tuple[DealResult, ...]]] = [((), ())]


def _past(state: GameState) -> tuple[DealResult, ...]:
    history = state.deal_results
    cached, public = _PAST_CACHE[0]
    if cached is history:
        return public
    public = tuple(_public_result(result) for result in history)
    _PAST_CACHE[0] = (history, public)
    return public


def observe(state: GameState, seat: int) -> PlayerView:
    """The view of ``seat``: what that seat may know in ``state``.

    Raises:
        PochaError: ``seat`` is not a seat of the game.
        TypeError: ``state`` is not a poch state or ``seat`` not an int.

    """
    if type(state) is not GameState:
        raise TypeError(f"state must be a poch GameState, got {got(state)}")
    seat = checks.seat(seat, state.players)
    d = state._d
    over = state.is_over
    before = d.before if d is not None else (state.starting_balances, state._g.pools)
    return PlayerView(
        rules=state.rules,
        seat=seat,
        phase=state.phase,
        to_move=state.to_move,
        first_dealer=state.first_dealer,
        deal_number=state.deal_number,
        dealer=None if d is None else d.dealer,
        order=() if d is None else d.order,
        out=state.out,
        starting_balances=state.starting_balances,
        balances=state.balances,
        pools=tuple(state.pools.items()),
        deal_start_balances=before[0],
        deal_start_pools=before[1],
        turnup=None if d is None or over else state.turnup,
        stock_size=0 if d is None or over else len(state.stock),
        hand=state.hand(seat),
        hand_sizes=tuple(len(hand) for hand in state.hands),
        shown=state.shown,
        takings=() if over else state.takings,
        opener=state.opener,
        contestants=state.contestants,
        stakes=state.stakes,
        level=state.level,
        bet_rounds=state.bet_rounds,
        poch_winners=state.poch_winners,
        table=state.table,
        last_card=state.last_card,
        moves=state.moves,
        deal_payments=state.deal_payments,
        past_deals=_past(state),
        legal=legal_moves(state) if state.to_move == seat else (),
    )


def sample_state(view: PlayerView, rng: random.Random) -> GameState:
    """One complete state consistent with ``view``, drawn with ``rng``:
    the cards the seat has not seen are dealt at random to the other hands
    and the stock, respecting everything the table has learnt, and the
    deal's moves are replayed. ``observe(sample, view.seat) == view``.

    The sample's finished deals carry no orderings, and the deals after the
    current one are shuffled from a seed drawn from ``rng`` (the true seed
    is hidden).

    Raises:
        PochaError: No state fits the view (it was altered), or none was
            found in many draws.
        TypeError: ``view`` is not a :class:`PlayerView`.

    >>> from pocha_rules.poch import RuleSet, new_game
    >>> view = observe(new_game(RuleSet(players=4), seed=5, dealer=0), 2)
    >>> sample = sample_state(view, random.Random(1))
    >>> observe(sample, 2) == view, sample.hand(2) == view.hand
    (True, True)

    """
    from pocha_rules.poch._sampling import draw_state

    if type(view) is not PlayerView:
        raise TypeError(f"view must be a poch PlayerView, got {got(view)}")
    return draw_state(view, rng, observe)


def sample_states(view: PlayerView, seed: int, count: int) -> tuple[GameState, ...]:
    """``count`` states consistent with ``view``, reproducible from ``seed``."""
    if type(count) is not int:
        raise TypeError(f"count must be an int, got {got(count)}")
    if count < 0:
        raise PochaError(say("count_negative", got=shown(count)))
    if type(seed) is not int:
        raise TypeError(f"seed must be an int, got {got(seed)}")
    rng = random.Random(f"poch-sample:{seed}")
    return tuple(sample_state(view, rng) for _ in range(count))
