"""The immutable Poch game state and the values it is made of.

A :class:`GameState` is built by a positional constructor from small named
tuples: what is fixed for the game (:class:`Setup`), for a deal
(:class:`DealInfo`) and for the betting (:class:`Betting`) is shared by every
state that needs it. Hands are bit masks of card indices. The public
properties turn them into :class:`~pocha_rules.poch.Card` values on demand.
Create states with :func:`~pocha_rules.poch.new_game` and move on with
:func:`~pocha_rules.poch.apply`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NamedTuple

from pocha_rules._common.enums import NamedStrEnum
from pocha_rules._common.upcalls import Upcall
from pocha_rules.poch._cards import CARDS, SUITS, Card, Suit, cards_of
from pocha_rules.poch._ledger import DealResult, Payment
from pocha_rules.poch._moves import Move
from pocha_rules.poch._rules import POOLS, RuleSet

__all__ = ["GameState", "Phase", "PlayedCard"]


class Phase(NamedStrEnum):
    """What the game is waiting for. Every state a caller sees is a
    decision of one seat, or the end of the game: the deal (chance) is
    drawn from the game's seed or its given orderings, and every automatic
    step runs inside :func:`~pocha_rules.poch.apply`."""

    BETTING = "betting"
    """A seat of a betting round passes, opens or matches."""
    DECIDING = "deciding"
    """The opener closes the betting or reopens it."""
    SHEDDING = "shedding"
    """A seat plays a card: any card to begin a series, or the successor of
    the last card played."""
    OVER = "over"
    """The game has ended; no move is legal."""


class PlayedCard(NamedTuple):
    """A card shed to the table, with the seat that played it."""

    seat: int
    card: Card


class Setup(NamedTuple):
    """What stays fixed for a whole game (private)."""

    rules: RuleSet
    seed: int
    first_dealer: int
    deals: tuple[tuple[int, ...], ...]
    """Explicit orderings of the first deals, card indices top first."""
    balances: tuple[int, ...]
    """The balances the game started with."""
    pools: tuple[int, ...]
    """The nine pools the game started with."""
    total: int
    """The chips of the game: balances and pools together."""


class DealInfo(NamedTuple):
    """What stays fixed for a deal once it is dealt (private)."""

    number: int
    dealer: int
    eldest: int
    order: tuple[int, ...]
    """The seats in the deal, in play order from the eldest hand."""
    out: tuple[bool, ...]
    """For each seat, whether it is out of the game."""
    ordering: tuple[int, ...]
    dealt: tuple[int, ...]
    """Each seat's five cards as a mask (0 for a seat out)."""
    turnup: int
    trump: int
    stock: int
    combos: tuple[tuple[int, ...], ...]
    """Each seat's combination key (``()`` for none)."""
    combo_cards: tuple[int, ...]
    """Each seat's combination cards as a mask."""
    takings: tuple[tuple[int, int], ...]
    """``(pool, seat)`` for every pool taken in the first phase."""
    before: tuple[tuple[int, ...], tuple[int, ...]]
    """The balances and pools before the deal's dressing (after eliminations)."""


class Betting(NamedTuple):
    """The state of the poch betting (private)."""

    opener: int
    """The seat that opened, -1 before anyone has."""
    contestants: tuple[bool, ...]
    """For each seat, whether it is still in the betting."""
    stakes: tuple[int, ...]
    level: int
    rounds: int
    pending: tuple[int, ...]
    """The seats still to act in the current lap or round, in order."""
    winners: tuple[int, ...]
    """After the settlement: who took the poch pool (none if it carried)."""
    settled: bool


class GameState:
    # Its docstring is set after the class.

    __slots__ = (
        "_balances",
        "_bet",
        "_d",
        "_g",
        "_hands",
        "_history",
        "_last",
        "_ledger",
        "_moves",
        "_phase",
        "_played",
        "_pools",
        "_shown",
        "_table",
        "_to_move",
    )

    _g: Setup
    _d: DealInfo | None
    _phase: Phase
    _to_move: int
    _balances: tuple[int, ...]
    _pools: tuple[int, ...]
    _hands: tuple[int, ...]
    _shown: tuple[int, ...]
    _bet: Betting
    _table: tuple[tuple[int, int], ...]
    _played: int
    _last: int
    _moves: tuple[tuple[int, Move], ...]
    _ledger: tuple[Payment, ...]
    _history: tuple[DealResult, ...]

    def __init__(
        self,
        g: Setup,
        d: DealInfo | None,
        phase: Phase,
        to_move: int,
        balances: tuple[int, ...],
        pools: tuple[int, ...],
        hands: tuple[int, ...],
        shown: tuple[int, ...],
        bet: Betting,
        table: tuple[tuple[int, int], ...],
        played: int,
        last: int,
        moves: tuple[tuple[int, Move], ...],
        ledger: tuple[Payment, ...],
        history: tuple[DealResult, ...],
    ) -> None:
        self._g = g
        self._d = d
        self._phase = phase
        self._to_move = to_move
        self._balances = balances
        self._pools = pools
        self._hands = hands
        self._shown = shown
        self._bet = bet
        self._table = table
        self._played = played
        self._last = last
        self._moves = moves
        self._ledger = ledger
        self._history = history

    def _fields(self) -> tuple[object, ...]:
        return (
            self._g,
            self._d,
            self._phase,
            self._to_move,
            self._balances,
            self._pools,
            self._hands,
            self._shown,
            self._bet,
            self._table,
            self._played,
            self._last,
            self._moves,
            self._ledger,
            self._history,
        )

    def __eq__(self, other: object) -> bool:
        if type(other) is not GameState:
            return NotImplemented
        return self is other or self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (GameState, self._fields())

    def __copy__(self) -> GameState:
        return self

    def __deepcopy__(self, memo: object) -> GameState:
        return self

    def _repr_svg_(self) -> str:
        """The table as a picture, for Jupyter (:func:`pocha_rules.poch.svg.table`)."""
        return PICTURE.call(self)

    def __repr__(self) -> str:
        if self._phase is Phase.OVER:
            return (
                f"<poch GameState over after {self.deals_played} deals, balances {self.balances}>"
            )
        return (
            f"<poch GameState deal {self.deal_number}, {self._phase.value}, "
            f"seat {self._to_move} to move>"
        )

    # --- the game ------------------------------------------------------

    @property
    def rules(self) -> RuleSet:
        """The rules of the game."""
        return self._g.rules

    @property
    def seed(self) -> int:
        """The seed that deals the deals not given explicitly."""
        return self._g.seed

    @property
    def first_dealer(self) -> int:
        """The seat that dealt the first deal."""
        return self._g.first_dealer

    @property
    def players(self) -> int:
        """The seats at the table (those out of the game included)."""
        return self._g.rules.players

    @property
    def phase(self) -> Phase:
        """What the game is waiting for."""
        return self._phase

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._phase is Phase.OVER

    @property
    def to_move(self) -> int | None:
        """The seat whose move it is, ``None`` once the game is over."""
        return None if self._phase is Phase.OVER else self._to_move

    @property
    def chip_total(self) -> int:
        """The chips of the game, balances and pools together: the same in
        every state of a game."""
        return self._g.total

    @property
    def balances(self) -> tuple[int, ...]:
        """Every seat's chips (at the end, after the board is shared under
        ``board_at_end="shared"``)."""
        return self._balances

    @property
    def pools(self) -> dict[str, int]:
        """The chips in each pool of the board, by name, in board order (a
        new dict on each call)."""
        names = POOLS if self._g.rules.centre_pool else POOLS[:8]
        return dict(zip(names, self._pools, strict=False))

    def pool(self, name: str) -> int:
        """The chips in the pool called ``name``."""
        if name not in self.rules.pool_names:
            raise KeyError(f"no pool named {name!r}; pools: {', '.join(self.rules.pool_names)}")
        return self._pools[POOLS.index(name)]

    @property
    def out(self) -> tuple[int, ...]:
        """The seats that are out of the game (only with ``insolvency="out"``)."""
        if self._d is None:
            rules = self._g.rules
            if rules.insolvency != "out":
                return ()
            return tuple(s for s, b in enumerate(self._balances) if b < rules.dressed_pools)
        return tuple(s for s, gone in enumerate(self._d.out) if gone)

    # --- the deal ------------------------------------------------------

    def _deal(self) -> DealInfo:
        if self._d is None:
            raise ValueError("no deal was played in this game")
        return self._d

    @property
    def deal_number(self) -> int:
        """The current deal's number (0-based); at the end, the last deal's."""
        return -1 if self._d is None else self._d.number

    @property
    def deals_played(self) -> int:
        """How many deals are finished."""
        return len(self._history)

    @property
    def dealer(self) -> int:
        """The seat that dealt the current (or last) deal."""
        return self._deal().dealer

    @property
    def eldest(self) -> int:
        """The seat after the dealer: first to speak in the betting."""
        return self._deal().eldest

    @property
    def order(self) -> tuple[int, ...]:
        """The seats in the deal, in play order from the eldest hand."""
        return self._deal().order

    @property
    def trump(self) -> Suit:
        """The trump suit of the deal: the turned-up card's."""
        return SUITS[self._deal().trump]

    @property
    def turnup(self) -> Card:
        """The turned-up card (public, nobody's)."""
        return CARDS[self._deal().turnup]

    @property
    def stock(self) -> tuple[Card, ...]:
        """The undealt cards, face down (seen by nobody), in card order."""
        return cards_of(self._deal().stock)

    @property
    def ordering(self) -> tuple[Card, ...]:
        """The pack of the current deal as it was dealt, top card first."""
        return tuple(CARDS[i] for i in self._deal().ordering)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's cards, in card order (a seat out holds none)."""
        return tuple(cards_of(mask) for mask in self._hands)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards of ``seat``, in card order."""
        return cards_of(self._hands[seat])

    @property
    def shown(self) -> tuple[tuple[Card, ...], ...]:
        """For each seat, the cards it has shown (to take a pool, at the
        showdown) and not yet played."""
        return tuple(cards_of(mask) for mask in self._shown)

    @property
    def takings(self) -> tuple[tuple[str, int], ...]:
        """The pools taken in the first phase of the deal: ``(pool, seat)``."""
        if self._d is None:
            return ()
        return tuple((POOLS[pool], seat) for pool, seat in self._d.takings)

    def combination(self, seat: int) -> tuple[int, ...]:
        """The comparison key of the combination of ``seat``'s dealt hand:
        ``(4, rank)`` quads, ``(3, rank)`` trips, ``(2, high, low)`` two pair,
        ``(1, rank)`` a pair, ``()`` none. Larger wins."""
        return self._deal().combos[seat]

    # --- the betting ---------------------------------------------------

    @property
    def opener(self) -> int | None:
        """The seat that opened the betting, if any."""
        return None if self._bet.opener < 0 else self._bet.opener

    @property
    def contestants(self) -> tuple[int, ...]:
        """The seats still in the betting (not passed), in seat order."""
        return tuple(s for s, c in enumerate(self._bet.contestants) if c)

    @property
    def stakes(self) -> tuple[int, ...]:
        """Each seat's bets in the deal."""
        return self._bet.stakes

    @property
    def level(self) -> int:
        """The stake every contestant must reach."""
        return self._bet.level

    @property
    def bet_rounds(self) -> int:
        """Betting rounds opened so far in the deal."""
        return self._bet.rounds

    @property
    def poch_winners(self) -> tuple[int, ...]:
        """Who took the poch pool in the deal (empty before the settlement,
        or when nobody opened)."""
        return self._bet.winners

    # --- the shedding --------------------------------------------------

    @property
    def table(self) -> tuple[PlayedCard, ...]:
        """The cards shed in the deal, in order, with their seats."""
        return tuple(PlayedCard(seat, CARDS[card]) for seat, card in self._table)

    @property
    def last_card(self) -> Card | None:
        """The last card of the current series, ``None`` when a new series
        is to begin."""
        return None if self._last < 0 else CARDS[self._last]

    # --- moves and payments --------------------------------------------

    @property
    def moves(self) -> tuple[tuple[int, Move], ...]:
        """The moves of the current deal, with their seats."""
        return self._moves

    @property
    def deal_payments(self) -> tuple[Payment, ...]:
        """The payments of the current deal so far (at the end of the game,
        the sharing of the board)."""
        return self._ledger

    @property
    def ledger(self) -> tuple[Payment, ...]:
        """Every payment of the game, in order."""
        out: list[Payment] = []
        for deal in self._history:
            out.extend(deal.payments)
        out.extend(self._ledger)
        return tuple(out)

    @property
    def deal_results(self) -> tuple[DealResult, ...]:
        """The finished deals, in order."""
        return self._history

    @property
    def orderings(self) -> tuple[tuple[Card, ...], ...]:
        """The pack of every deal dealt so far, top card first: with the
        rules, the moves and the starting position, all a record needs."""
        out = [deal.ordering for deal in self._history]
        if self._phase is not Phase.OVER and self._d is not None:
            out.append(self.ordering)
        return tuple(out)

    # --- results -------------------------------------------------------

    @property
    def starting_balances(self) -> tuple[int, ...]:
        """The balances the game started with."""
        return self._g.balances

    @property
    def starting_pools(self) -> dict[str, int]:
        """The chips the pools held when the game started (a new dict on
        each call; all empty unless the game started from a position)."""
        names = POOLS if self._g.rules.centre_pool else POOLS[:8]
        return dict(zip(names, self._g.pools, strict=False))

    @property
    def net(self) -> tuple[int, ...]:
        """Each seat's balance less the balance it started the game with."""
        return tuple(b - s for b, s in zip(self._balances, self._g.balances, strict=True))

    @property
    def scores(self) -> tuple[int, ...]:
        """The same as :attr:`net`: what a match counts."""
        return self.net

    @property
    def ranking(self) -> tuple[int, ...]:
        """Each seat's place by balance: equal balances share a place and
        the places after them are skipped (1, 2, 2, 4)."""
        b = self._balances
        return tuple(1 + sum(1 for other in b if other > mine) for mine in b)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats in first place by balance."""
        best = max(self._balances)
        return tuple(s for s, b in enumerate(self._balances) if b == best)


PICTURE: Final[Upcall[Callable[[GameState], str]]] = Upcall(
    "poch.GameState._repr_svg_", "pocha_rules._poch_pictures"
)
"""``GameState._repr_svg_``, filled with :func:`pocha_rules.poch.svg.table`."""


# mypyc gives a class it compiles its signature as its __doc__ and compiles
# no assignment to a class attribute: set this way, both builds read the same.
setattr(  # noqa: B010
    GameState,
    "__doc__",
    """A position of a game of Poch: immutable, hashable and picklable.

It is a decision of the seat :attr:`to_move` (the betting, the opener's
decision, or a card to shed) or the end of the game. Everything about the
position is here, hidden cards included: give a seat only its
:func:`~pocha_rules.poch.observe` view. Its properties are read-only; do
not build one directly: start with :func:`~pocha_rules.poch.new_game`.
""",
)
