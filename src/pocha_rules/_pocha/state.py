"""The immutable game state and the values it is made of.

:class:`GameState` is built for speed: hands are bit masks, cards are indices,
and the fields are private slots set once by a positional constructor. What
stays fixed for a game, a round or a stretch of a round is grouped in small
named tuples and a slotted class shared by every state of that stretch, so a
card played builds one new object and a few small tuples. Its public properties turn them into
:class:`Card` values on demand. Create states
with :func:`~pocha_rules.new_game` and move on with :func:`~pocha_rules.apply`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from operator import add
from typing import Any, Final, NamedTuple, TypeAlias

import attrs

from pocha_rules._common.enums import NamedStrEnum
from pocha_rules._common.upcalls import JsonUpcalls, Upcall
from pocha_rules._pocha.cards import CARDS, Card, Suit, cards_of
from pocha_rules._pocha.deal import Deal, DealtRound
from pocha_rules._pocha.moves import Call, Move, Pass, Play
from pocha_rules._pocha.rules import RuleSet
from pocha_rules._pocha.schedules import Round, RoundKind
from pocha_rules._pocha.scoring import winners
from pocha_rules._pocha.tables import Tables

__all__ = ["GameState", "Phase", "PlayedCard", "RoundResult"]


class Phase(NamedStrEnum):
    """What the game is waiting for."""

    AUCTION = "auction"
    """An auction round's calls (``Call`` or ``Pass``)."""
    CHOOSE_TRUMP = "choose_trump"
    """The dealer or the auction winner names trump (``ChooseTrump``)."""
    BID = "bid"
    """Bids (``Bid``)."""
    PLAY = "play"
    """Cards to the trick (``Play``)."""
    OVER = "over"
    """The game has ended; no move is legal."""


_OVER: Final = Phase.OVER

MoveChain: TypeAlias = tuple[Any, ...]
"""The moves of a round as a chain of pairs, ``(earlier moves, last move)``
with ``()`` for none: adding a move builds one pair instead of copying the
round's moves (private). Spelled out, the type is recursive,
``tuple[MoveChain, Move] | tuple[()]``, which mypyc cannot compile."""


def unchain(chain: MoveChain) -> tuple[Move, ...]:
    """The moves of ``chain``, first to last."""
    out: list[Move] = []
    while chain:
        chain, move = chain
        out.append(move)
    out.reverse()
    return tuple(out)


class PlayedCard(NamedTuple):
    """A card on the table, with the seat that played it."""

    seat: int
    card: Card


@attrs.frozen
class RoundResult:
    """The outcome of a finished round: bids, tricks and points by seat."""

    index: int
    """The round's position in the game (0-based; tiebreak rounds follow the
    schedule)."""
    dealer: int
    """The seat that dealt."""
    cards: int
    """Cards dealt to each player."""
    kind: RoundKind
    """Normal, auction or blind."""
    trump: Suit
    """The round's trump suit."""
    bids: tuple[int, ...]
    """Each seat's bid (for an auction's winner, the winning call)."""
    won: tuple[int, ...]
    """Tricks won by each seat."""
    scores: tuple[int, ...]
    """Points scored by each seat in this round."""


_ROUND_RESULT: Final = RoundResult  # compiled, read directly (not looked up)


class GameSetup(NamedTuple):
    """What stays fixed for a whole game (private)."""

    tables: Tables
    seed: int
    first_dealer: int
    deals: tuple[DealtRound, ...]
    """Explicit deals of the first rounds; later rounds are dealt from the seed."""


class RoundInfo(NamedTuple):
    """What stays fixed for a stretch of a round (private)."""

    number: int
    """The round's index in the game."""
    plan: Round
    dealer: int
    eldest: int
    deal: DealtRound
    trump: int
    """Suit number, or -1 while unknown."""
    calls: tuple[int, ...]
    """Auction calls in order from the first player; -1 is a pass."""
    auction_winner: int
    bid_order: tuple[int, ...]
    leader: int
    """Who leads the first trick."""


class Ledger(NamedTuple):
    """The finished rounds (private).

    They are a chain, newest first, so that finishing a round adds one link
    instead of copying every round before it (a long record replays in time
    linear in its rounds): each link is ``(earlier links, result, the
    round's moves as a chain, deal)``, and ``()`` is none; the result is a
    :class:`RoundResult` or, as the engine leaves it, the tuple of its
    fields. :func:`laid_out` gives them as tuples of RoundResults. Nothing
    may compare, hash or pickle the chain itself: its nesting is as deep as
    the game is long.
    """

    rounds: int
    """How many rounds are finished."""
    past: tuple[Any, ...]
    """The chain of finished rounds."""
    totals: tuple[int, ...]
    """The totals by seat (without revoke penalties)."""
    penalties: tuple[int, ...]
    """Revoke penalties charged by seat: only a lenient replay charges any
    (``engine.play_unchecked``). The end of the game and its winners are
    decided on ``totals`` plus these."""


class Past(NamedTuple):
    """The finished rounds of a :class:`Ledger` as tuples, oldest first
    (private)."""

    results: tuple[RoundResult, ...]
    moves: tuple[MoveChain, ...]
    """The moves of each finished round, as chains."""
    deals: tuple[DealtRound, ...]


_LAID: Final[dict[int, tuple[Ledger, Past]]] = {}
""":func:`laid_out`'s recent answers, by the ledger's ``id``: every state
of a stretch of a round shares one ledger. Each entry holds its ledger alive,
so that no other object can take its ``id`` while the entry is there."""

LAID_LIMIT: Final = 16
"""The most ledgers :data:`_LAID` keeps (it is emptied when full)."""


def laid_out(ledger: Ledger) -> Past:
    """The finished rounds of ``ledger`` as tuples, oldest first."""
    seen = _LAID.get(id(ledger))
    if seen is not None and seen[0] is ledger:
        return seen[1]
    results: list[RoundResult] = []
    moves: list[MoveChain] = []
    deals: list[DealtRound] = []
    link = ledger.past
    while link:
        link, result, chain, deal = link
        if type(result) is tuple:  # its fields, as the engine leaves them
            result = _ROUND_RESULT(*result)
        results.append(result)
        moves.append(chain)
        deals.append(deal)
    results.reverse()
    moves.reverse()
    deals.reverse()
    past = Past(tuple(results), tuple(moves), tuple(deals))
    if len(_LAID) >= LAID_LIMIT:
        _LAID.clear()
    _LAID[id(ledger)] = (ledger, past)
    return past


def ledger_of(past: Past, totals: tuple[int, ...], penalties: tuple[int, ...]) -> Ledger:
    """The :class:`Ledger` of finished rounds laid out as ``past``."""
    link: tuple[Any, ...] = ()
    for result, chain, deal in zip(past.results, past.moves, past.deals, strict=True):
        link = (link, result, chain, deal)
    return Ledger(len(past.results), link, totals, penalties)


class Context(NamedTuple):
    """A state's facts but its phase, turn and trick, as one tuple
    (private): what the fast paths and adapters read (``GameState._c``,
    built when asked for; the state itself keeps a :class:`Stretch` and the
    bids, the leader and the tricks won).

    The first six fields are the game's facts; the last four are read off
    them, once, for the hot path: they never take part in equality.
    """

    g: GameSetup
    r: RoundInfo
    ledger: Ledger
    bids: tuple[int, ...]
    """Each seat's bid; -1 until made."""
    leader: int
    """The seat that leads the current trick."""
    won: tuple[int, ...]
    """Tricks won so far this round, by seat."""
    players: int
    takes: tuple[int, ...]
    """``Tables.takes`` for this round's trump (empty while it is unknown)."""
    follow: tuple[tuple[int, int, int], ...]
    """``Tables.follow`` for this round's trump (empty while it is unknown)."""
    dealt: tuple[int, ...]
    """The hands as dealt, by seat."""


def context(
    g: GameSetup,
    r: RoundInfo,
    ledger: Ledger,
    bids: tuple[int, ...],
    leader: int,
    won: tuple[int, ...],
) -> Context:
    """A :class:`Context`, with the fields read off the others filled in."""
    t = g.tables
    trump = r.trump
    fields: tuple[object, ...]
    if trump < 0:
        fields = (g, r, ledger, bids, leader, won, t.players, (), (), r.deal.hands)
    else:
        fields = (g, r, ledger, bids, leader, won, t.players, t.takes[trump], t.follow[trump],
                  r.deal.hands)  # fmt: skip
    return tuple.__new__(Context, fields)


class Stretch:
    """What stays fixed for a stretch of a round: the bids and the whole
    play once trump is known (private). A state holds it with the facts
    that change more often (the bids, the leader, the tricks won), so that
    a bid or a trick builds no new one. The last four fields are read off
    the others for the hot path, as in :class:`Context`. A plain class with
    slots: compiled, it is built and read without tuple look-ups; nothing
    compares, hashes or pickles it (the state's methods read its fields)."""

    __slots__ = ("dealt", "follow", "g", "ledger", "players", "r", "takes")

    g: GameSetup
    r: RoundInfo
    ledger: Ledger
    players: int
    takes: tuple[int, ...]
    """``Tables.takes`` for this round's trump (empty while it is unknown)."""
    follow: tuple[tuple[int, int, int], ...]
    """``Tables.follow`` for this round's trump (empty while it is unknown)."""
    dealt: tuple[int, ...]
    """The hands as dealt, by seat."""

    def __init__(self, g: GameSetup, r: RoundInfo, ledger: Ledger) -> None:
        t = g.tables
        trump = r.trump
        self.g = g
        self.r = r
        self.ledger = ledger
        self.players = t.players
        if trump < 0:
            self.takes = ()
            self.follow = ()
        else:
            self.takes = t.takes[trump]
            self.follow = t.follow[trump]
        self.dealt = r.deal.hands

    def _replace(self, *, r: RoundInfo | None = None, ledger: Ledger | None = None) -> Stretch:
        """The same stretch with ``r`` or ``ledger`` replaced."""
        if r is None:
            r = self.r
        return Stretch(self.g, r, self.ledger if ledger is None else ledger)


def stretch(g: GameSetup, r: RoundInfo, ledger: Ledger) -> Stretch:
    """A :class:`Stretch`, with the fields read off the others filled in."""
    return Stretch(g, r, ledger)


def from_context(
    c: Context,
    phase: Phase,
    to_move: int,
    played: int,
    trick: tuple[int, ...],
    win: int,
    moves: MoveChain,
    legal: int,
) -> GameState:
    """The state of context ``c`` and the other facts given."""
    s = stretch(c.g, c.r, c.ledger)
    return GameState(s, c.bids, c.leader, c.won, phase, to_move, played, trick, win, moves, legal)


def _restore(
    g: GameSetup,
    r: RoundInfo,
    ledger: tuple[Past, tuple[int, ...], tuple[int, ...]],
    c: tuple[tuple[int, ...], int, tuple[int, ...]],
    *rest: object,
) -> GameState:
    """Rebuild a pickled :class:`GameState`."""
    return from_context(context(g, r, ledger_of(*ledger), *c), *rest)  # type: ignore[arg-type]


class GameState:
    # Its docstring is set after the class, where both builds keep it.

    __slots__ = (
        "_bids",
        "_leader",
        "_legal",
        "_moves",
        "_phase",
        "_played",
        "_s",
        "_to_move",
        "_trick",
        "_win",
        "_won",
    )

    _s: Stretch
    _bids: tuple[int, ...]
    """Each seat's bid; -1 until made."""
    _leader: int
    """The seat that leads the current trick."""
    _won: tuple[int, ...]
    """Tricks won so far this round, by seat."""
    _phase: Phase
    _to_move: int
    _played: int
    """The cards played so far this round (every bit set once it is over):
    a seat holds the cards dealt to it that are not in this mask."""
    _trick: tuple[int, ...]
    """The current trick's cards, in play order."""
    _win: int
    """The position in ``_trick`` of the card that is winning it."""
    _moves: MoveChain
    """The moves of the current round."""
    _legal: int
    """What may be played, as a mask: cards while playing, bid numbers while
    bidding; unused in other phases."""

    def __init__(
        self,
        s: Stretch,
        bids: tuple[int, ...],
        leader: int,
        won: tuple[int, ...],
        phase: Phase,
        to_move: int,
        played: int,
        trick: tuple[int, ...],
        win: int,
        moves: MoveChain,
        legal: int,
    ) -> None:
        self._s = s
        self._bids = bids
        self._leader = leader
        self._won = won
        self._phase = phase
        self._to_move = to_move
        self._played = played
        self._trick = trick
        self._win = win
        self._moves = moves
        self._legal = legal

    @property
    def _c(self) -> Context:
        """The state's :class:`Context`, built when asked for (the engine's
        fast paths and adapters read it; the state keeps its parts)."""
        s = self._s
        return tuple.__new__(
            Context,
            (s.g, s.r, s.ledger, self._bids, self._leader, self._won, s.players, s.takes,
             s.follow, s.dealt),
        )  # fmt: skip

    @property
    def _g(self) -> GameSetup:
        return self._s.g

    @property
    def _r(self) -> RoundInfo:
        return self._s.r

    @property
    def _ledger(self) -> Ledger:
        return self._s.ledger

    def _fields(self) -> tuple[object, ...]:
        """Every fact of the state but the finished rounds (see
        :meth:`__eq__`)."""
        s = self._s
        return (
            s.g,
            s.r,
            self._bids,
            self._leader,
            self._won,
            self._phase,
            self._to_move,
            self._played,
            self._trick,
            self._win,
            self._moves,
        )

    def __eq__(self, other: object) -> bool:
        if type(other) is not GameState:
            return NotImplemented
        if self is other:
            return True
        if self._fields() != other._fields():
            return False
        mine = self._s.ledger
        theirs = other._s.ledger
        return mine is theirs or (
            mine.rounds == theirs.rounds
            and mine.totals == theirs.totals
            and mine.penalties == theirs.penalties
            and laid_out(mine) == laid_out(theirs)
        )

    def __hash__(self) -> int:
        # The finished rounds count only by their number and totals: equal
        # states have equal ones, and hashing stays cheap however long the game.
        ledger = self._s.ledger
        return hash((self._fields(), ledger.rounds, ledger.totals, ledger.penalties))

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        s = self._s
        ledger = s.ledger
        return (
            _restore,
            (
                s.g,
                s.r,
                (laid_out(ledger), ledger.totals, ledger.penalties),
                (self._bids, self._leader, self._won),
                *self._fields()[5:],
                self._legal,
            ),
        )

    def __copy__(self) -> GameState:
        return self

    def __deepcopy__(self, memo: object) -> GameState:
        return self

    def __repr__(self) -> str:
        if self._phase is Phase.OVER:
            penalties = self._ledger.penalties
            charged = f", revoke penalties {penalties}" if any(penalties) else ""
            return f"<GameState over, scores {self.scores}{charged}, winners {self.winners}>"
        # Rounds are numbered from 1 here, as in the views and the command
        # line (``round_index`` counts from 0).
        trump = self.trump
        total = len(self._g.tables.rules.schedule)
        number = self._r.number + 1
        which = (
            f"round {number} of {total}" if number <= total else f"tiebreak round {number - total}"
        )
        plan = self._r.plan
        cards = f"{plan.cards} card{'s' if plan.cards != 1 else ''} each ({plan.kind.value})"
        return (
            f"<GameState {which}: {cards}, {self._phase}, "
            f"seat {self._to_move} to move, trump {trump if trump else '?'}>"
        )

    # --- the game ---------------------------------------------------------

    @property
    def rules(self) -> RuleSet:
        """The rules the game is played under."""
        return self._g.tables.rules

    @property
    def seed(self) -> int:
        """The seed that deals every round not dealt explicitly."""
        return self._g.seed

    @property
    def first_dealer(self) -> int:
        """The seat that dealt the first round."""
        return self._g.first_dealer

    @property
    def phase(self) -> Phase:
        """What the game is waiting for."""
        return self._phase

    @property
    def to_move(self) -> int | None:
        """The seat to move, or ``None`` once the game is over."""
        return None if self._phase is Phase.OVER else self._to_move

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._phase is _OVER

    @property
    def scores(self) -> tuple[int, ...]:
        """Cumulative totals by seat (the same as :func:`~pocha_rules.score`)."""
        return self._ledger.totals

    @property
    def round_results(self) -> tuple[RoundResult, ...]:
        """Every finished round, in order."""
        return laid_out(self._ledger).results

    @property
    def round_scores(self) -> tuple[tuple[int, ...], ...]:
        """The points of each finished round, one tuple by seat per round."""
        return tuple(result.scores for result in laid_out(self._ledger).results)

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over (several when shared);
        empty while it goes on.

        In a game replayed leniently (:func:`~pocha_rules.records.replay_lenient`)
        they are decided, like the end of the game, on the totals with the
        revoke penalties charged.
        """
        if self._phase is not Phase.OVER:
            return ()
        ledger = self._s.ledger
        return winners(self.rules, tuple(map(add, ledger.totals, ledger.penalties)))

    @property
    def history(self) -> tuple[Move, ...]:
        """Every move of the game so far, in order."""
        out: list[Move] = []
        for chain in laid_out(self._ledger).moves:
            out += unchain(chain)
        out += unchain(self._moves)
        return tuple(out)

    @property
    def deals(self) -> tuple[Deal, ...]:
        """The deal of every round so far, the current one included."""
        done = tuple(deal.public() for deal in laid_out(self._ledger).deals)
        return done if self._phase is Phase.OVER else done + (self.deal,)

    # --- the round --------------------------------------------------------

    @property
    def round_index(self) -> int:
        """The current round's position in the game (0-based)."""
        return self._r.number

    @property
    def round(self) -> Round:
        """The current round's entry: cards and kind."""
        return self._r.plan

    @property
    def round_kind(self) -> RoundKind:
        """The current round's kind."""
        return self._r.plan.kind

    @property
    def cards_per_player(self) -> int:
        """Cards dealt to each player this round."""
        return self._r.plan.cards

    @property
    def dealer(self) -> int:
        """The seat that dealt this round (the last to bid, normally)."""
        return self._r.dealer

    @property
    def eldest(self) -> int:
        """The first player (mano): the seat after the dealer."""
        return self._r.eldest

    @property
    def deal(self) -> Deal:
        """The current round's cards as they were dealt."""
        return self._r.deal.public()

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat holds now, by seat."""
        played = self._played
        return tuple(cards_of(hand & ~played) for hand in self._r.deal.hands)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The undealt cards (the turned-up card included), in card order."""
        return cards_of(self._r.deal.stock)

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or ``None`` while it is not known yet."""
        return None if self._r.trump < 0 else Suit(self._r.trump)

    @property
    def trump_card(self) -> Card | None:
        """The turned-up card or the dealer's shown card, if any."""
        card = self._r.deal.trump_card
        return None if card < 0 else CARDS[card]

    @property
    def trump_card_shown_by_dealer(self) -> bool:
        """Whether :attr:`trump_card` is the dealer's own last card."""
        return self._r.deal.shown

    @property
    def calls(self) -> tuple[tuple[int, Call | Pass], ...]:
        """The auction so far: ``(seat, Call(n) or Pass())`` in order."""
        r = self._r
        n = self._g.tables.players
        return tuple(
            ((r.eldest + i) % n, Pass() if call < 0 else Call(call))
            for i, call in enumerate(r.calls)
        )

    @property
    def auction_winner(self) -> int | None:
        """The seat that won this round's auction, once known."""
        return None if self._r.auction_winner < 0 else self._r.auction_winner

    @property
    def bid_order(self) -> tuple[int, ...]:
        """The seats in the order they bid this round (empty before an
        auction is decided); the last one is under the hook.
        """
        return self._r.bid_order

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Each seat's bid, ``None`` until made."""
        return tuple(None if bid < 0 else bid for bid in self._bids)

    @property
    def trick(self) -> tuple[PlayedCard, ...]:
        """The cards on the table, in play order, each with its seat."""
        n = self._s.players
        lead = self._leader
        return tuple(PlayedCard((lead + i) % n, CARDS[card]) for i, card in enumerate(self._trick))

    @property
    def played(self) -> tuple[PlayedCard, ...]:
        """Every card played this round so far, in order, each with its seat
        (the current trick's cards come last)."""
        from pocha_rules._pocha.play import beats_winner

        t = self._g.tables
        n = t.players
        trump = self._r.trump
        out: list[PlayedCard] = []
        leader = self._r.leader
        trick: list[int] = []
        win = 0
        for move in unchain(self._moves):
            if type(move) is not Play:
                continue
            card = move.card.index
            if trick and beats_winner(t, card, trick[win], trump):
                win = len(trick)
            out.append(PlayedCard((leader + len(trick)) % n, move.card))
            trick.append(card)
            if len(trick) == n:
                leader = (leader + win) % n
                trick, win = [], 0
        return tuple(out)

    @property
    def leader(self) -> int:
        """The seat that leads (or led) the current trick."""
        return self._leader

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks won so far this round, by seat."""
        return self._won

    @property
    def round_moves(self) -> tuple[Move, ...]:
        """The moves of the current round so far."""
        return unchain(self._moves)

    # --- JSON and pictures (done above the core: see JSON and PICTURE) ---

    def to_dict(self) -> dict[str, object]:
        """The state as JSON data in the ``pocha-state`` format: its game's
        record (every deal and move, so hidden cards included: for servers,
        not for players), with its phase and the seat to move. A game
        replayed leniently with its revokes charged is marked
        ``"lenient": true`` and read back the same way."""
        return JSON.to_dict.call(self)

    @staticmethod
    def from_dict(data: object) -> GameState:
        """Read a state from JSON data; the record in it is replayed.

        Raises:
            InvalidDataError: The data is not a state, or its game does not
                replay; the error says where (``"record.moves[12]"``) and why.

        """
        return JSON.from_dict.call(data)

    def to_json(self, *, indent: int | None = None) -> str:
        """The state as JSON text (:meth:`to_dict`, written out)."""
        return json.dumps(self.to_dict(), indent=indent)

    @staticmethod
    def from_json(text: str) -> GameState:
        """Read a state from JSON text.

        Raises:
            InvalidDataError: The text is not JSON, or not a state.
            TypeError: ``text`` is not a string.

        """
        return JSON.from_json.call(text)

    def _repr_svg_(self) -> str:
        """The table as a picture, for Jupyter (:func:`pocha_rules.svg.table`)."""
        return PICTURE.call(self)


JSON: Final[JsonUpcalls[GameState, Callable[[GameState], dict[str, object]]]] = JsonUpcalls(
    "GameState", "pocha_rules._view_json"
)
PICTURE: Final[Upcall[Callable[[GameState], str]]] = Upcall(
    "GameState._repr_svg_", "pocha_rules.svg"
)


# mypyc gives a class it compiles its signature as its __doc__, in place of
# the docstring, and compiles no assignment to a class attribute: set this
# way, help() and the API reference read the same text in both builds.
setattr(  # noqa: B010
    GameState,
    "__doc__",
    """A moment of a game of Pocha: immutable, hashable, comparable.

Do not build one directly: start with :func:`~pocha_rules.new_game` and
get the next state from :func:`~pocha_rules.apply`. Copies and pickles
are equal to the original.
""",
)
