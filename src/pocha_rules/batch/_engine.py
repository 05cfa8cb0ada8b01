"""The lockstep engine: many games of the same rules, one array operation
per step for all of them.

Every game of a batch plays the same schedule, so every game that has not
finished is always at the same point of the same kind of round: the same
phase, the same bid or call in turn, the same trick and the same position in
it. Only the tiebreak rounds split a batch, and a game that ends stops: the
engine then keeps on with the games still tied, as a smaller batch. What
differs from game to game (the cards, trump, who leads, who is winning the
trick) is an array with one entry per game.

Inside a round, seats are numbered by *position* from the first player
(0, the seat after the dealer) round to the dealer (``players - 1``): the
bidding order, the deal and the first lead are then the same in every game.
The running totals are kept by position from the first round's first player:
as the deal moves one seat on each round, a round's positions map to them by
the same rotation in every game. Both turn into seat numbers only where a
seat is named (the seat to move, the scores, the records).

A decision is made on *values*: a card's index when playing, a number when
bidding or calling (an auction's pass is the value :data:`PASS`), a suit when
naming trump. :meth:`Lockstep.legal` gives the legal values of the decision
at hand as a bit mask per game, and :meth:`Lockstep.apply` makes it in every
game at once; neither checks what it is given (the stepping interface does,
before calling it).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Final, NamedTuple

import numpy as np

from pocha_rules._pocha.schedules import Round, RoundKind
from pocha_rules._pocha.state import Phase
from pocha_rules.batch._dealing import Dealer
from pocha_rules.batch._tables import PASS, BatchTables

__all__ = ["Lockstep", "RoundLog", "RoundView", "Workspace", "by_seat", "seat_index"]

U64: Final = np.uint64
# Constants of the trick loop as 0-d arrays: numpy works out a ufunc's loop
# for them about twice as fast as for numpy scalars or Python ints.
_ONE: Final = np.array(1, dtype=U64)
_48: Final = np.array(48, dtype=U64)
_CARD_BITS: Final = np.array(2**48 - 1, dtype=U64)
_POSITIONS: Final = tuple(np.array(p, dtype=np.uint8) for p in range(64))
_PASS_BIT: Final = U64(1 << PASS)
_TIEBREAK_ROUND: Final = Round(1)


def _bytes(words: np.ndarray, count: int, out: np.ndarray | None = None) -> np.ndarray:
    """``int8[count, m]``: bytes 0 to ``count - 1`` (from the low end) of
    each of the ``uint64[m]`` ``words``, read in one strided copy (into
    ``out`` when given)."""
    columns = words.view(np.int8).reshape(-1, 8)
    if sys.byteorder == "big":
        columns = columns[:, ::-1]
    if out is None:
        return columns[:, :count].T.copy()
    np.copyto(out, columns[:, :count].T)
    return out


def seat_index(eldest: np.ndarray, players: int, out: np.ndarray | None = None) -> np.ndarray:
    """``int64[players, m]``: where :func:`by_seat` finds each seat's entry
    in an array ``[players, m]`` by position from each game's first player,
    whose seat is ``eldest`` (written into ``out`` when given)."""
    n = players
    m = len(eldest)
    index = np.empty((n, m), dtype=np.int64) if out is None else out
    # The position of seat s is (s - eldest) mod n: a look-up in a table of
    # n entries per seat, times m, plus the row.
    row = np.arange(m, dtype=np.int64)
    for seat in range(n):
        table = np.array([(seat - e) % n * m for e in range(n)], dtype=np.int64)
        table.take(eldest, out=index[seat], mode="clip")
        index[seat] += row
    return index


def by_seat(
    by_position: np.ndarray, index: np.ndarray, out: np.ndarray | None = None
) -> np.ndarray:
    """``by_position`` (``[players, m]``, by position from each game's first
    player) by seat: ``[m, players]`` (a transposed view), in one gather
    through :func:`seat_index` (fancy indexing with two arrays is several
    times slower, and so are operations whose last axis is the players);
    gathered into ``out`` (``[players, m]``) when given."""
    seated: np.ndarray = by_position.ravel().take(index, out=out, mode="clip").T
    return seated


class RoundLog(NamedTuple):
    """What a finished round leaves behind (private): enough for the
    summaries and, when the engine records, for each game's record."""

    number: int
    """The round's position in the game."""
    plan: Round
    rows: np.ndarray
    """``int64[m]``: the games (rows of the batch) that played it, rising."""
    eldest: np.ndarray
    """``int64[m]``: the seat of the first player of each game."""
    trump: np.ndarray
    """``int8[m]``: the trump suit."""
    bids: np.ndarray | None
    """``int8[players, m]``: the bids, by position from the first player (an
    auction's winner's is the winning call); ``None`` for a round in
    progress, as below."""
    won: np.ndarray | None
    """``int8[players, m]``: tricks won, by position."""
    points: np.ndarray | None
    """``int64[players, m]``: the points scored, by position."""
    hands: np.ndarray | None
    """``uint64[players, m]``: the hands as dealt, by position (recording only)."""
    trump_card: np.ndarray | None
    """``int64[m]``: the turned-up or shown card, or -1 (recording only)."""
    actions: list[np.ndarray]
    """The action id of each decision of the round, ``int16[m]`` each
    (recording only; empty otherwise)."""
    seats: np.ndarray | None = None
    """The :func:`seat_index` of :attr:`eldest`, for :func:`by_seat` (a
    finished round only)."""


class _Buffers:
    """The engine's arrays, one entry per game, made once: each round uses
    the first entries, as many as games still playing."""

    def __init__(self, games: int, players: int, keep_trick: bool) -> None:
        self.dealt = np.empty(players * games, dtype=U64)
        self.unplayed = np.empty(games, dtype=U64)
        self.trump = np.empty(games, dtype=U64)
        self.trump48 = np.empty(games, dtype=U64)
        self.bids = np.empty(games, dtype=U64)
        self.bid_sum = np.empty(games, dtype=np.int64)
        self.won = np.empty(games, dtype=U64)
        self.leader = np.empty(games, dtype=np.int64)
        self.highest = np.empty(games, dtype=np.int64)
        self.winner = np.empty(games, dtype=np.int64)
        self.hand = np.empty(games, dtype=U64)
        self.mask = np.empty(games, dtype=U64)
        self.legal = np.empty(games, dtype=U64)
        self.moved = np.empty(games, dtype=np.uint8)
        self.met = np.empty(games, dtype=bool)
        self.bit = np.empty(games, dtype=U64)
        self.state = np.empty(games, dtype=U64)
        self.next = np.empty(games, dtype=U64)
        self.winpos = np.empty(games, dtype=np.uint8)
        self.index = np.empty(games, dtype=np.int64)
        self.row = np.arange(games, dtype=np.int64)
        self.cards = np.empty((players, games), dtype=U64) if keep_trick else np.empty((0, 0))
        # Kept from round to round and from engine to engine, so that no
        # array of a round is made afresh (each one is a fresh mapping of
        # memory for the system, at hundreds of KiB).
        self.seats = np.empty(2 * players * games, dtype=np.int64)
        self.scores = np.empty(games * players, dtype=np.int64)
        self.totals = np.empty(players * games, dtype=np.int64)
        self.done = np.empty(games, dtype=bool)
        self.first_eldest = np.empty(games, dtype=np.int64)
        self.eldest = np.empty(games, dtype=np.int64)
        self.trump8 = np.empty(games, dtype=np.int8)
        self.trump_card = np.empty(games, dtype=np.int64)
        self.round_bids = np.empty(players * games, dtype=np.int8)
        self.round_won = np.empty(players * games, dtype=np.int8)
        self.points_index = np.empty(players * games, dtype=np.int64)
        self.scored = np.empty(players * games, dtype=np.int64)
        self.gathered8 = np.empty(players * games, dtype=np.int8)
        self.gathered = self.points_index  # free once the points are scored
        """For a round's summaries by seat (:func:`by_seat`'s gathers)."""


class RoundView(NamedTuple):
    """The round in progress of the games still playing, as arrays, by
    position from the first player unless said otherwise (private)."""

    eldest: np.ndarray
    """``int64[m]``: the seat of the first player."""
    mover: np.ndarray
    """``int64[m]``: the position of the seat to move."""
    hands: np.ndarray
    """``uint64[players, m]``: the cards each position holds now."""
    played: np.ndarray
    """``uint64[players, m]``: the cards each position has played this round."""
    trump: np.ndarray
    """``int64[m]``: the trump suit, -1 while unknown."""
    trump_card: np.ndarray
    """``int64[m]``: the turned-up or shown card, -1 for none."""
    dealer_holds: np.ndarray
    """``bool[m]``: whether the dealer still holds its shown trump card."""
    calls: np.ndarray | None
    """``int64[players, m]``: each call (-1 a pass, -2 none yet), in an
    auction round."""
    winner: np.ndarray | None
    """``int64[m]``: the auction's winner, once the auction is decided."""
    bids: np.ndarray
    """``int64[players, m]``: the bids, -1 for none yet."""
    last_bidder: np.ndarray
    """``int64[m]``: the last bidder, under the hook; -1 before it is known."""
    forbidden: np.ndarray
    """``int64[m]``: the bid the hook forbids the last bidder now, or -1."""
    won: np.ndarray
    """``int64[players, m]``: tricks won this round."""
    leader: np.ndarray
    """``int64[m]``: the position that leads (or led) the current trick."""
    trick: np.ndarray | None
    """``uint64[players, m]``: the cards of the trick, in play order (the
    first :attr:`trick_length` rows), while playing."""
    trick_length: int
    """How many cards are on the table."""
    totals: np.ndarray
    """``int64[m, players]``: the totals so far, by seat."""


class Workspace:
    """The arrays a :class:`Lockstep` of up to ``games`` games works in,
    made once and lent to one engine after another (private)."""

    def __init__(self, bt: BatchTables, games: int, keep_trick: bool) -> None:
        self.games = games
        self.keep_trick = keep_trick
        self.dealer = Dealer(bt.deck_cards, games, bt.players)
        self.buffers = _Buffers(games, bt.players, keep_trick)


class Lockstep:
    """A batch of games played in lockstep (private; see the module notes).

    Args:
        bt: The rules' tables.
        rng: Deals every round.
        first_dealer: ``int64[games]``, the seat that deals the first round
            of each game.
        schedule: The rounds to play.
        tiebreak: Whether one-card rounds are added while the top is tied.
        record: Keep the deals and the action ids of every decision (for
            :class:`~pocha_rules.records.GameRecord`).
        keep_trick: Keep the cards of the trick on the table (to explain a
            refused card, and for observations).
        workspace: The arrays to work in (made for these games when not
            given).
        on_round: Called with each round as it finishes (for summaries).

    """

    def __init__(
        self,
        bt: BatchTables,
        rng: np.random.Generator,
        first_dealer: np.ndarray,
        schedule: tuple[Round, ...],
        *,
        tiebreak: bool,
        record: bool,
        keep_trick: bool,
        workspace: Workspace | None = None,
        on_round: Callable[[RoundLog], None] | None = None,
    ) -> None:
        n = bt.players
        games = len(first_dealer)
        self.bt = bt
        self.rng = rng
        self.players = n
        self.schedule = schedule
        self.tiebreak = tiebreak
        self.record = record
        self.keep_trick = keep_trick
        self.games = games
        self.first_dealer = np.asarray(first_dealer, dtype=np.int64)
        lent = workspace is not None
        if workspace is None:
            workspace = Workspace(bt, games, keep_trick)
        assert workspace.games >= games
        assert workspace.keep_trick or not keep_trick
        self._dealer = workspace.dealer
        self._buffers = b = workspace.buffers
        self._reuse = lent and not record
        """Whether a round's arrays are the workspace's, written again by
        the next round (and the next engine): with a lent workspace, when
        the rounds are not kept."""
        self.scores = b.scores[: games * n].reshape(games, n)
        """The totals of each game by seat, final once the game is over."""
        self.scores.fill(0)
        self.done = b.done[:games]
        """Whether each game is over."""
        self.done.fill(False)
        self.history: list[RoundLog] = []
        """Every finished round, in order (only when recording)."""
        self.on_round = on_round
        self.phase = Phase.BID
        self.round_index = 0
        self.plan = schedule[0]
        self.step = 0
        """The bid or call in turn (0 for the first), in those phases."""
        self.trick = 0
        """The trick being played, from 0."""
        self.position = 0
        """The position in the trick of the seat to play, from 0 (the lead)."""
        self._mod = np.arange(2 * n, dtype=np.int64) % n
        self._won_bit = np.array([1 << 8 * k for k in range(n)], dtype=U64)
        self._actions: list[np.ndarray] = []
        self._legal_cache: np.ndarray | None = None
        # The games still playing, each a row of the arrays below.
        self.rows = np.arange(games, dtype=np.int64)
        """The games still playing: row ``i`` of the engine's arrays is game
        ``rows[i]`` of the batch."""
        self._first_eldest = b.first_eldest[:games]
        np.add(self.first_dealer, 1, out=self._first_eldest)
        self._mod.take(self._first_eldest, out=self._first_eldest, mode="clip")
        self._seat_rows: np.ndarray | None = None
        """The :func:`seat_index` of the first round's first players, twice
        over (``[2 * players, active]``): rotation ``r``'s is a slice of it."""
        self._totals = b.totals[: n * games].reshape(n, games)
        self._totals.fill(0)
        if games:
            self._start_round()
        else:
            self.phase = Phase.OVER

    # --- where the games stand -------------------------------------------

    @property
    def active(self) -> int:
        """How many games are still playing."""
        return len(self.rows)

    def mover_position(self) -> np.ndarray:
        """``int64[active]``: the position (from the first player) of the
        seat to move in each game still playing."""
        m = self.active
        n = self.players
        phase = self.phase
        if phase is Phase.PLAY:
            return self._mod.take(self._leader + self.position, mode="clip")
        if phase is Phase.AUCTION:
            return np.full(m, self.step, dtype=np.int64)
        if phase is Phase.CHOOSE_TRUMP:
            if self.plan.kind is RoundKind.AUCTION:
                return self._winner.copy()
            return np.full(m, n - 1, dtype=np.int64)
        if phase is Phase.BID:
            if self.plan.kind is RoundKind.AUCTION:
                return self.step + (self.step >= self._winner)
            return np.full(m, self.step, dtype=np.int64)
        return np.zeros(0, dtype=np.int64)

    def eldest(self) -> np.ndarray:
        """``int64[active]``: the seat of each game's first player this round."""
        rotated = self._first_eldest + self.round_index % self.players
        eldest: np.ndarray = self._mod.take(rotated, out=rotated, mode="clip")
        return eldest

    def to_move(self) -> np.ndarray:
        """``int64[active]``: the seat to move in each game still playing."""
        seats: np.ndarray = (self.mover_position() + self.eldest()) % self.players
        return seats

    def totals(self) -> np.ndarray:
        """``int64[active, players]``: the totals so far by seat."""
        return by_seat(self._totals, self._seats(0))

    def _seats(self, rotation: int) -> np.ndarray:
        """The :func:`seat_index` of the games still playing in a round whose
        first players sit ``rotation`` seats after the first round's: the
        first round's, its rows turned by ``rotation`` (the position of seat
        ``s`` is then that of seat ``s - rotation`` in the first round), a
        slice of those rows written twice over, made once for the games
        still playing. The workspace's when lent (written again by the next
        engine)."""
        n = self.players
        rows = self._seat_rows
        if rows is None:
            m = self.active
            if self._reuse:
                rows = self._buffers.seats[: 2 * n * m].reshape(2 * n, m)
            else:
                rows = np.empty((2 * n, m), dtype=np.int64)
            seat_index(self._first_eldest, n, out=rows[n:])
            rows[:n] = rows[n:]
            self._seat_rows = rows
        start = n - rotation % n
        return rows[start : start + n]

    def current_round(self) -> RoundLog | None:
        """The round in progress as far as it has gone (its deal and the
        action ids so far, when recording); ``None`` once every game is over."""
        if self.phase is Phase.OVER:
            return None
        return RoundLog(
            self.round_index,
            self.plan,
            self.rows,
            self.eldest(),
            self._trump.astype(np.int8),
            None,
            None,
            None,
            self._hands if self.record else None,
            self._trump_card if self.record else None,
            list(self._actions),
        )

    def bid_sum(self) -> np.ndarray:
        """``int64[active]``: the total of the bids made so far this round."""
        return self._bid_sum

    def highest(self) -> np.ndarray:
        """``int64[active]``: the highest auction call so far (-1 for none)."""
        return self._highest

    def trick_of(self, row: int) -> tuple[int, tuple[int, ...], int, int]:
        """In the engine's row ``row``, while playing: the hand of the seat
        to play, the cards of the trick so far, the position in it of the
        winning card, and trump (as :func:`pocha_rules._pocha.play.explain_play`
        takes them). Needs ``keep_trick``."""
        assert self._cards is not None
        assert self.phase is Phase.PLAY
        n = self.players
        m = self.active
        seat = (int(self._leader[row]) + self.position) % n
        hand = int(self._dealt[seat * m + row] & self._unplayed[row])
        trick = tuple(int(self._cards[p, row]) for p in range(self.position))
        win = int(self._winpos[row]) if trick else 0
        return hand, trick, win, int(self._trump[row])

    def round_view(self) -> RoundView:
        """The round in progress in the games still playing, as arrays (for
        the observations)."""
        n = self.players
        m = self.active
        phase = self.phase
        auction = self.plan.kind is RoundKind.AUCTION
        decided = auction and phase is not Phase.AUCTION
        hands = self._dealt.reshape(n, m) & self._unplayed
        shift = (np.arange(n, dtype=U64) * U64(8))[:, None]
        bids = ((self._bids >> shift) & U64(0xFF)).view(np.int64)
        bids[~self._bid_made()] = -1
        won = ((self._won >> shift) & U64(0xFF)).view(np.int64)
        last = np.full(m, -1, dtype=np.int64)
        if not auction:
            last[...] = n - 1
        elif decided:
            last[...] = np.where(self._winner == n - 1, n - 2, n - 1)
        forbidden = np.full(m, -1, dtype=np.int64)
        cards = self.plan.cards
        if phase is Phase.BID and self.step == self._bidders - 1 and self._hooked:
            forbidden = np.where(self._bid_sum <= cards, cards - self._bid_sum, -1)
        trump = self._trump.view(np.int64)
        holds = np.zeros(m, dtype=bool)
        if self._shown:
            card = np.maximum(self._trump_card, 0).astype(U64)
            holds = (self._unplayed >> card) & U64(1) == 1
        return RoundView(
            eldest=self.eldest(),
            mover=self.mover_position(),
            hands=hands,
            played=self._dealt.reshape(n, m) & ~self._unplayed,
            trump=np.where(trump < 4, trump, -1),
            trump_card=self._trump_card,
            dealer_holds=holds,
            calls=self._calls if auction else None,
            winner=self._winner if decided else None,
            bids=bids,
            last_bidder=last,
            forbidden=forbidden,
            won=won,
            leader=self._leader,
            trick=self._cards if self._cards is not None and phase is Phase.PLAY else None,
            trick_length=self.position if phase is Phase.PLAY else 0,
            totals=self.totals(),
        )

    def _bid_made(self) -> np.ndarray:
        """``bool[players, active]``: which positions have bid this round."""
        n = self.players
        m = self.active
        phase = self.phase
        positions = np.arange(n, dtype=np.int64)[:, None]
        if phase is Phase.PLAY:
            return np.ones((n, m), dtype=bool)
        if self.plan.kind is not RoundKind.AUCTION:
            bidden = positions < (self.step if phase is Phase.BID else 0)
            return np.broadcast_to(bidden, (n, m)).copy()
        if phase is Phase.AUCTION:
            return np.zeros((n, m), dtype=bool)
        # The winner's call is its bid; the others bid in order, skipping it.
        winner = self._winner[None, :]
        turn = positions - (positions > winner)
        step = self.step if phase is Phase.BID else 0
        made: np.ndarray = (positions == winner) | (turn < step)
        return made

    # --- decisions ----------------------------------------------------------

    def legal(self) -> np.ndarray:
        """``uint64[active]``: the legal values of the decision at hand, as a
        bit mask per game. The array is the engine's own: read it before the
        next :meth:`apply`."""
        legal = self._legal_cache
        if legal is None:
            phase = self.phase
            if phase is Phase.PLAY:
                legal = self._play_legal()
            elif phase is Phase.BID:
                legal = self._bid_legal()
            elif phase is Phase.AUCTION:
                legal = self._auction_legal()
            elif phase is Phase.CHOOSE_TRUMP:
                legal = np.full(self.active, 15, dtype=U64)
            else:
                legal = np.zeros(0, dtype=U64)
            self._legal_cache = legal
        return legal

    def apply(self, values: np.ndarray) -> None:
        """Make the decision at hand in every game still playing:
        ``values`` is ``uint64[active]``, each one legal (unchecked)."""
        self._legal_cache = None
        phase = self.phase
        if self.record:
            self._actions.append(self._action_ids(values))
        if phase is Phase.PLAY:
            self._play(values)
        elif phase is Phase.BID:
            self._bid(values)
        elif phase is Phase.AUCTION:
            self._call(values)
        elif phase is Phase.CHOOSE_TRUMP:
            self._choose_trump(values)
        else:
            raise AssertionError("no decision once every game is over")

    def _action_ids(self, values: np.ndarray) -> np.ndarray:
        """The action ids of ``values`` in the phase at hand."""
        table = self.bt.actions
        phase = self.phase
        if phase is Phase.PLAY:
            ids = self.bt.play_id.take(values.view(np.int64), mode="clip")
        elif phase is Phase.BID:
            ids = values.view(np.int64) + table.bids.start
        elif phase is Phase.AUCTION:
            assert table.pass_action is not None
            ids = np.where(
                values == PASS, table.pass_action, values.view(np.int64) + table.calls.start
            )
        else:
            ids = values.view(np.int64) + table.trump_choices.start
        return ids.astype(np.int16)

    # --- a round ---------------------------------------------------------------

    def _start_round(self) -> None:
        bt = self.bt
        n = self.players
        m = self.active
        plan = self.plan
        cards = plan.cards
        b = self._buffers
        self._dealt = b.dealt[: n * m]
        hands = self._dealt.reshape(n, m)
        self._dealer.deal(self.rng, hands, cards)
        # Only a recording engine keeps every round's hands.
        self._hands = hands.copy() if self.record else hands
        unplayed = self._unplayed = b.unplayed[:m]
        np.copyto(unplayed, hands[0])
        for k in range(1, n):
            unplayed |= hands[k]
        self._trump = b.trump[:m]
        self._trump[...] = 4
        self._trump48 = b.trump48[:m]
        if self._reuse:
            self._trump_card = b.trump_card[:m]
            self._trump_card.fill(-1)
        else:
            self._trump_card = np.full(m, -1, dtype=np.int64)
        self._bids = b.bids[:m]
        """The bids, a byte per position."""
        self._bids[...] = 0
        self._bid_sum = b.bid_sum[:m]
        self._bid_sum[...] = 0
        self._won = b.won[:m]
        """Tricks won, a byte per position."""
        self._won[...] = 0
        self._leader = b.leader[:m]
        self._leader[...] = 0
        self._highest = b.highest[:m]
        self._highest[...] = -1
        self._winner = b.winner[:m]
        self._winner[...] = 0
        self._actions = []
        self._legal_cache = None
        self.step = self.trick = self.position = 0
        auction = plan.kind is RoundKind.AUCTION
        self._calls = np.full((n, m) if auction else (0, m), -2, dtype=np.int64)
        """Each position's auction call: a number, -1 for a pass, -2 none yet."""
        self._shown = False
        if auction:
            self.phase = Phase.AUCTION
        elif n * cards < bt.deck_size or not bt.tables.dealer_chooses:
            # The card under the dealt ones is turned up; with every card
            # dealt, the dealer shows the last card dealt to them.
            card = self._trump_card.view(U64)
            np.subtract(self._dealer.under[:m], _ONE, out=card)
            np.bitwise_count(card, out=card)
            bt.suit_of.take(self._trump_card, out=self._trump, mode="clip")
            np.multiply(self._trump, _48, out=self._trump48)
            self._shown = n * cards == bt.deck_size
            self.phase = Phase.BID
        else:
            self.phase = Phase.CHOOSE_TRUMP
        self._hooked = cards > 1 or bt.tables.hook_in_one_card_rounds
        self._bidders = n - 1 if auction else n
        # Buffers of the trick loop.
        self._hand = b.hand[:m]
        self._mask = b.mask[:m]
        self._legal = b.legal[:m]
        self._moved = b.moved[:m]
        self._met = b.met[:m]
        self._bit = b.bit[:m]
        self._state = b.state[:m]
        self._next = b.next[:m]
        self._state_index = self._state.view(np.int64)
        self._next_index = self._next.view(np.int64)
        self._active = np.array(m, dtype=np.int64)
        self._levels = tuple(
            (level, tag if tag else None)
            for level, tag in zip(bt.follow, bt.level_tag, strict=False)
        )
        self._hand_tag = bt.level_tag[-1]
        self._winpos = b.winpos[:m]
        self._index = b.index[:m]
        self._row = b.row[:m]
        self._cards = b.cards[:, :m] if self.keep_trick else None

    def _set_trump(self, trump: np.ndarray) -> None:
        np.copyto(self._trump, trump)
        np.multiply(trump, 48, out=self._trump48)

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        self.trick = self.position = 0
        np.multiply(self._leader, self.active, out=self._index)
        self._index += self._row

    def _bid_legal(self) -> np.ndarray:
        cards = self.plan.cards
        if self._reuse:
            legal = self._legal
            legal.fill((2 << cards) - 1)
        else:
            legal = np.full(self.active, (2 << cards) - 1, dtype=U64)
        if self.step == self._bidders - 1 and self._hooked:
            # The hook: the last bidder may not make the bids add up to the
            # number of tricks. A bid sum above them forbids nothing: its
            # difference, negative, read as unsigned, shifts the bit out.
            forbidden = self._index
            np.subtract(cards, self._bid_sum, out=forbidden)
            hole = self._mask
            np.left_shift(_ONE, forbidden.view(U64), out=hole)
            np.invert(hole, out=hole)
            legal &= hole
        return legal

    def _bid(self, values: np.ndarray) -> None:
        position = self.mover_position() if self.plan.kind is RoundKind.AUCTION else self.step
        shifted = self._bit
        np.left_shift(values, np.asarray(position, dtype=U64) * U64(8), out=shifted)
        self._bids |= shifted
        self._bid_sum += values.view(np.int64)
        self.step += 1
        if self.step == self._bidders:
            self._start_play()

    def _auction_legal(self) -> np.ndarray:
        full = (2 << self.plan.cards) - 1
        if self.step == 0:
            # The first player must call a number and may not pass.
            return np.full(self.active, full, dtype=U64)
        beaten = np.left_shift(U64(2), self._highest.astype(U64)) - U64(1)
        return (U64(full) & ~beaten) | _PASS_BIT

    def _call(self, values: np.ndarray) -> None:
        called = values != PASS
        self._calls[self.step] = np.where(called, values.view(np.int64), -1)
        np.copyto(self._highest, values.view(np.int64), where=called)
        np.copyto(self._winner, self.step, where=called)
        self.step += 1
        if self.step < self.players:
            return
        # The auction is over: the highest call (the last one made) wins; it
        # is the winner's bid, and the winner names trump.
        winner = self._winner
        np.left_shift(self._highest.astype(U64), winner.astype(U64) * U64(8), out=self._bids)
        np.copyto(self._bid_sum, self._highest)
        if self.bt.rules.auction_winner_leads:
            np.copyto(self._leader, winner)
        self.phase = Phase.CHOOSE_TRUMP

    def _choose_trump(self, values: np.ndarray) -> None:
        self._set_trump(values.copy())
        self.phase = Phase.BID
        self.step = 0

    def _play_legal(self) -> np.ndarray:
        hand = self._hand
        self._dealt.take(self._index, out=hand, mode="wrap")
        hand &= self._unplayed
        if self.position == 0 or self.forced:
            return hand
        # The hand's cards in the first mask of the state's chain that it
        # meets, or the whole hand (see pocha_rules._pocha.play.legal_plays), with
        # no branch (whether a level is met is random, so branches would
        # mispredict): level i's cards c give the key (c - 1) | i << 48,
        # which is all ones when c is empty (c - 1 wraps round), and the
        # hand the key of a last level. The smallest key is the first level
        # met (its number in the high bits), and its low bits plus one are
        # its cards (cards are bits below 48).
        mask, legal = self._mask, self._legal
        state = self._state_index
        np.subtract(hand, _ONE, legal)
        legal |= self._hand_tag
        for level, tag in self._levels:
            level.take(state, out=mask, mode="clip")
            mask &= hand
            mask -= _ONE
            if tag is not None:
                mask |= tag
            np.minimum(legal, mask, out=legal)
        legal &= _CARD_BITS
        legal += _ONE
        return legal

    @property
    def forced(self) -> bool:
        """Whether the decision at hand has one legal value in every game:
        the cards of the last trick (each seat holds one card)."""
        return self.phase is Phase.PLAY and self.trick == self.plan.cards - 1

    def only_values(self) -> np.ndarray:
        """``uint64[active]``: the one legal value of each game, when the
        decision is :attr:`forced`."""
        np.subtract(self.legal(), _ONE, self._mask)
        np.bitwise_count(self._mask, self._legal)
        return self._legal

    def _play(self, cards: np.ndarray) -> None:
        bt = self.bt
        bit = self._bit
        np.left_shift(_ONE, cards, bit)
        self._unplayed ^= bit
        position = self.position
        if self._cards is not None:
            self._cards[position] = cards
        nxt = self._next
        if position == 0:
            np.add(self._trump48, cards, nxt)
            bt.lead.take(self._next_index, out=self._state, mode="clip")
            self._winpos.fill(0)
        else:
            np.multiply(self._state, _48, nxt)
            nxt += cards
            bt.next_state.take(self._next_index, out=nxt, mode="clip")
            # The card takes the trick when the state changes; as positions
            # rise, the winning card's position is the largest that did.
            np.not_equal(nxt, self._state, self._met)
            np.multiply(self._met, _POSITIONS[position], self._moved)
            np.maximum(self._winpos, self._moved, out=self._winpos)
            self._state, self._next = nxt, self._state
            self._state_index, self._next_index = self._next_index, self._state_index
        position += 1
        if position < self.players:
            self.position = position
            self._index += self._active
            return
        # The trick is complete: its winner leads the next one.
        leader = self._leader
        leader += self._winpos
        self._mod.take(leader, out=leader, mode="clip")
        self._won_bit.take(leader, out=bit, mode="clip")
        self._won += bit
        self.trick += 1
        self.position = 0
        if self.trick < self.plan.cards:
            np.multiply(leader, self._active, self._index)
            self._index += self._row
        else:
            self._finish_round()

    # --- the end of a round, and of a game -------------------------------------

    def _finish_round(self) -> None:
        n = self.players
        m = self.active
        cards = self.plan.cards
        points = self.bt.points(cards)
        b = self._buffers
        reuse = self._reuse
        # Unless the rounds are kept, the round's arrays are the workspace's
        # (read by on_round during the call).
        if reuse:
            bids = _bytes(self._bids, n, b.round_bids[: n * m].reshape(n, m))
            won = _bytes(self._won, n, b.round_won[: n * m].reshape(n, m))
            index = b.points_index[: n * m].reshape(n, m)
            scored = b.scored[: n * m].reshape(n, m)
            trump = b.trump8[:m]
            np.copyto(trump, self._trump, casting="unsafe")
            eldest = b.eldest[:m]
            np.add(self._first_eldest, self.round_index % n, out=eldest)
            self._mod.take(eldest, out=eldest, mode="clip")
        else:
            bids = _bytes(self._bids, n)
            won = _bytes(self._won, n)
            index = np.empty((n, m), dtype=np.int64)
            scored = np.empty((n, m), dtype=np.int64)
            trump = self._trump.astype(np.int8)
            eldest = self.eldest()
        # The row of the points table: (trump * (cards + 1) + bid) * (cards + 1) + won.
        row = self._index  # free once the round is played
        np.multiply(self._trump.view(np.int64), cards + 1, out=row)
        np.add(bids, row, out=index)
        index *= cards + 1
        index += won
        points.take(index, out=scored, mode="clip")
        for k in range(n):
            self._totals[(self.round_index + k) % n] += scored[k]
        seats = self._seats(self.round_index % n)
        log = RoundLog(
            self.round_index,
            self.plan,
            self.rows,
            eldest,
            trump,
            bids,
            won,
            scored,
            self._hands if self.record else None,
            self._trump_card if self.record else None,
            self._actions,
            seats if reuse else seats.copy(),
        )
        if self.record:
            self.history.append(log)
        if self.on_round is not None:
            self.on_round(log)
        self.round_index += 1
        if self.round_index < len(self.schedule):
            self.plan = self.schedule[self.round_index]
            self._start_round()
            return
        if self.tiebreak:
            totals = self._totals
            tied = np.count_nonzero(totals == totals.max(axis=0), axis=0) > 1
        else:
            tied = np.zeros(self.active, dtype=bool)
        self._finish_games(~tied)
        if self.active:
            self.plan = _TIEBREAK_ROUND
            self._start_round()
        else:
            self.phase = Phase.OVER
            self._legal_cache = None

    def _finish_games(self, ending: np.ndarray) -> None:
        """Write down the final scores of the games ``ending`` and keep on
        with the others alone."""
        if self.active == self.games and ending.all():
            # The usual end: every game of the batch at once.
            self.scores[...] = self.totals()
            self.done[...] = True
            self.rows = self.rows[:0]
            return
        rows = self.rows[ending]
        self.scores[rows] = self.totals()[ending]
        self.done[rows] = True
        keep = ~ending
        self.rows = self.rows[keep]
        self._first_eldest = self._first_eldest[keep]
        self._seat_rows = None
        self._totals = self._totals[:, keep]
