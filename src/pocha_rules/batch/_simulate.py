"""Uniformly random games, many at once: :func:`simulate_batch`.

The games are played in chunks (16,384 games by default), each chunk in
lockstep to its end before the next one starts, so that the arrays of the
trick loop stay in the processor's cache and the memory held does not grow
with the number of games (only the results do).

Each decision picks uniformly among the legal values of every game: the
``r``-th set bit of the legal mask, with ``r = floor(u * k)`` for a uniform
float ``u`` and ``k`` legal values. The ``r``-th set bit is found without a
loop: the bits of each byte of the mask are counted, the counts summed up
byte by byte with one multiplication, the byte that holds the bit found by
comparing all eight sums at once, and the bit within it read from a table.
(Multiplying by ``0x0101010101010101`` adds up the bytes of a number into
its top byte.)
"""

# No ``from __future__ import annotations``: the API reference documents the
# fields of BatchResult from their evaluated annotations.
import threading
from functools import partial
from typing import Final, NamedTuple

import attrs
import numpy as np

from pocha_rules._common import checks
from pocha_rules._common.errors import PochaError, say
from pocha_rules._common.text import got, shown
from pocha_rules._pocha.rules import RuleSet, Tiebreak
from pocha_rules._pocha.schedules import Round
from pocha_rules._pocha.state import Phase
from pocha_rules.batch._dealing import Dealer
from pocha_rules.batch._engine import Lockstep, RoundLog, Workspace, by_seat, seat_index
from pocha_rules.batch._records import game_record
from pocha_rules.batch._setup import (
    check_chunk,
    check_dealer,
    check_games,
    first_dealers,
    game_rules,
    generator,
    resolve_seed,
)
from pocha_rules.batch._tables import BatchTables, batch_tables, select_table
from pocha_rules.records import GameRecord

__all__ = ["CHUNK", "BatchResult", "RandomChoice", "simulate_batch"]

U64: Final = np.uint64
CHUNK: Final = 16_384
"""Games played at once by default: enough for numpy's cost per call to
vanish, few enough for the trick loop's arrays to stay in the cache (a few
MiB); ``benchmarks/bench_batch.py`` measures other sizes."""
# Constants as 0-d arrays: numpy works out a ufunc's loop for them about
# twice as fast as for numpy scalars or Python ints, which tells on the
# small arrays of a chunk's last games and on the trick loop's dozens of
# calls a step.
_ONES: Final = np.array(0x0101010101010101, dtype=U64)
_HIGH: Final = np.array(0x8080808080808080, dtype=U64)
_SPREAD: Final = np.array(0x0010101010101010, dtype=U64)
_BYTE: Final = np.array(0xFF, dtype=U64)
_3: Final = np.array(3, dtype=U64)
_8: Final = np.array(8, dtype=U64)
_56: Final = np.array(56, dtype=U64)


class _Views(NamedTuple):
    """The buffers of :class:`RandomChoice` for ``m`` masks, and the views
    of them the picks read (made once per size). Four arrays in all: the
    byte counts become the shifts once summed up, and ``r`` the values,
    so that the trick loop's arrays stay in the cache."""

    counts: np.ndarray
    sums: np.ndarray
    k: np.ndarray
    r: np.ndarray
    r_int: np.ndarray
    work: np.ndarray
    shift: np.ndarray
    at: np.ndarray


class RandomChoice:
    """Uniform random picks among the set bits of masks, ``games`` at a
    time, in buffers made once (private)."""

    def __init__(self, games: int) -> None:
        self._select = select_table()
        self._counts = np.empty(8 * games, dtype=np.uint8)
        self._sums = np.empty(games, dtype=U64)
        self._r = np.empty(games, dtype=U64)
        self._work = np.empty(games, dtype=U64)
        self._views = self._made(games)
        self.uniforms = np.empty(games, dtype=np.float64)
        """A buffer for the uniforms of a pick."""

    def _made(self, m: int) -> _Views:
        work = self._work[:m]
        r = self._r[:m]
        counts = self._counts[: 8 * m]
        return _Views(
            counts,
            self._sums[:m],
            work.view(np.int64),
            r,
            r.view(np.int64),
            work,
            counts.view(U64),
            work.view(np.int64),
        )

    def pick(self, masks: np.ndarray, uniforms: np.ndarray) -> np.ndarray:
        """The ``floor(u * k)``-th set bit (from 0) of each mask, where ``k``
        is its number of set bits and ``u`` the matching entry of
        ``uniforms`` (``0 <= u < 1``). The array is reused by the next call.
        """
        v = self._views
        if len(v.sums) != len(masks):
            v = self._views = self._made(len(masks))
        sums, r, work, shift = v.sums, v.r, v.work, v.shift
        # Byte k of ``sums``: the set bits of bytes 0 to k (at most 64).
        np.bitwise_count(masks.view(np.uint8), v.counts)
        np.multiply(v.counts.view(U64), _ONES, sums)
        np.right_shift(sums, _56, work)
        # floor(u * k): the float product, truncated as it is cast (k and r
        # read as int64, which numpy turns into floats and back faster).
        np.multiply(uniforms, v.k, v.r_int, casting="unsafe")
        # The byte holding the r-th bit: how many bytes' sums are r or less
        # (the high bit of each byte of (0x80 + r) - sum says so), times 8:
        # the shift that brings that byte down. Multiplied by 0x10 in each
        # byte but the top one, the high bits add up 8 each in the top byte
        # (the top byte's own is never set: its sum is k, above r; and what
        # lands below the top byte stays below it).
        np.multiply(r, _ONES, work)
        work |= _HIGH
        work -= sums
        work &= _HIGH
        np.multiply(work, _SPREAD, work)
        np.right_shift(work, _56, shift)
        # Less the bits of the bytes below it, r is the rank of the bit in
        # its byte: the table gives its position.
        np.left_shift(sums, _8, work)
        work >>= shift
        work &= _BYTE
        r -= work
        np.right_shift(masks, shift, work)
        work &= _BYTE
        work <<= _3
        work |= r
        self._select.take(v.at, out=r, mode="clip")
        r += shift
        return r


@attrs.frozen(eq=False)
class BatchResult:
    """What :func:`simulate_batch` gives back: the final scores, and cheap
    summaries of every round, for each game.

    Seats are the seats of the rules (0 to ``players - 1``). Rounds are in
    the order played; a game that played fewer rounds than the longest one
    (tiebreak rounds) is padded with -1 (0 in :attr:`points`).
    """

    rules: RuleSet
    """The rules played (for single rounds, the rules of a game of that one
    round)."""
    seed: int
    """The seed the games were dealt and played from."""
    scores: np.ndarray
    """``int64[games, players]``: each game's final totals by seat."""
    first_dealer: np.ndarray
    """``int8[games]``: the seat that dealt each game's first round."""
    rounds: np.ndarray
    """``int16[games]``: how many rounds each game played (tiebreak rounds
    included)."""
    trumps: np.ndarray
    """``int8[games, rounds]``: the trump suit of each round (0 oros,
    1 copas, 2 espadas, 3 bastos)."""
    bids: np.ndarray
    """``int8[games, rounds, players]``: each seat's bid (an auction's
    winner's is the winning call)."""
    won: np.ndarray
    """``int8[games, rounds, players]``: tricks won by each seat."""
    points: np.ndarray
    """``int32[games, rounds, players]``: each seat's points in each round."""
    _chunk: int = attrs.field(repr=False)
    _logs: tuple[tuple[RoundLog, ...], ...] | None = attrs.field(repr=False)

    @property
    def games(self) -> int:
        """How many games were played."""
        return len(self.scores)

    def record(self, game: int) -> GameRecord:
        """Game ``game`` as a :class:`~pocha_rules.records.GameRecord`, with
        every deal and every move (only when simulated with ``record=True``).

        :func:`~pocha_rules.records.replay` plays it again through the
        engine, move by move.

        Raises:
            PochaError: The games were not recorded, or there is no such game.

        """
        if self._logs is None:
            raise PochaError(say("batch_games_not_recorded"))
        if isinstance(game, bool) or not isinstance(game, int | np.integer):
            raise TypeError(f"game must be an int, got {got(game)}")
        if not 0 <= game < self.games:
            raise PochaError(say("game_out_of_range", high=self.games - 1, got=shown(int(game))))
        chunk, row = divmod(int(game), self._chunk)
        return game_record(
            self.rules,
            self.seed,
            int(self.first_dealer[game]),
            self._logs[chunk],
            row,
            self.scores[game].tolist(),
        )


def play_random(engine: Lockstep, choice: RandomChoice, rng: np.random.Generator) -> None:
    """Play every game of ``engine`` to its end, each decision uniformly at
    random among the legal ones."""
    over = Phase.OVER
    active = -1
    u = choice.uniforms
    while engine.phase is not over:
        if engine.forced:
            engine.apply(engine.only_values())
            continue
        if engine.active != active:
            active = engine.active
            u = choice.uniforms[:active]
        rng.random(out=u)
        engine.apply(choice.pick(engine.legal(), u))


def simulate_batch(
    rules: RuleSet,
    games: int,
    *,
    seed: int | None = None,
    round: int | str | Round | None = None,
    dealer: int | None = None,
    record: bool = False,
    chunk: int = CHUNK,
) -> BatchResult:
    """Play ``games`` games of ``rules`` with every move drawn uniformly at
    random among the legal ones, many at once (see :mod:`pocha_rules.batch`).

    Args:
        rules: The rules to play by: every option, any schedule, tiebreak
            rounds included.
        games: How many games.
        seed: Deals and plays every game: the same arguments give the same
            games. ``None`` draws a fresh seed (kept in
            :attr:`BatchResult.seed`).
        round: Play single rounds instead of whole games: the number of
            cards (``9``), a round text (``"10a"``, ``"1b"``) or a
            :class:`~pocha_rules.Round`.
        dealer: The seat that deals the first round of every game; ``None``
            draws it for each game.
        record: Keep every deal and move, for :meth:`BatchResult.record`
            (slower, and the memory grows with the games).
        chunk: Games played at once; the results depend on it, like on the
            seed.

    Raises:
        TypeError: An argument is not of the expected type.
        PochaError: An argument is not a valid value.

    >>> from pocha_rules import RuleSet
    >>> result = simulate_batch(RuleSet(), 1000, seed=1)
    >>> result.scores.shape, int(result.rounds.min())
    ((1000, 4), 28)
    >>> hands = simulate_batch(RuleSet(), 1000, seed=1, round=9)
    >>> bool((hands.won.sum(axis=2) == 9).all())
    True

    """
    played = game_rules(rules, round)
    count = check_games(games)
    start_seed = resolve_seed(seed)
    first = check_dealer(dealer, played.players)
    chunk = check_chunk(chunk)
    checks.flag(record, "record")
    bt = batch_tables(played)
    n = played.players
    tiebreak = played.tiebreak is Tiebreak.ONE_CARD_ROUNDS
    choice, workspace = _working(bt, min(chunk, count))
    scores = np.zeros((count, n), dtype=np.int64)
    dealers = np.zeros(count, dtype=np.int8)
    summaries = _Summaries(count, n, len(played.schedule), workspace)
    histories: list[tuple[RoundLog, ...]] = []
    for index, begin in enumerate(range(0, count, chunk)):
        size = min(chunk, count - begin)
        rng = generator(start_seed, index)
        first_dealer = first_dealers(rng, size, n, first)
        engine = Lockstep(
            bt, rng, first_dealer, played.schedule,
            tiebreak=tiebreak, record=record, keep_trick=False,
            workspace=workspace, on_round=partial(summaries.add, offset=begin),
        )  # fmt: skip
        play_random(engine, choice, rng)
        scores[begin : begin + size] = engine.scores
        dealers[begin : begin + size] = first_dealer
        if record:
            histories.append(tuple(engine.history))
    return BatchResult(
        played,
        start_seed,
        scores,
        dealers,
        *summaries.arrays(),
        chunk,
        tuple(histories) if record else None,
    )


_LOCAL: Final = threading.local()


def _working(bt: BatchTables, games: int) -> tuple[RandomChoice, Workspace]:
    """The buffers of the picks and of the engine for ``games`` games of
    ``bt``'s rules: this thread's from an earlier call when they are made
    for as many games or more (the first entries serve), else made (and
    kept in their place). Fresh buffers cost the system's work of mapping
    their pages as they are first written, about a third of a call of
    16,384 hands; the ones kept hold a few MiB (about 12 for chunks of
    16,384 games), one set per thread."""
    kept = getattr(_LOCAL, "working", None)
    if kept is not None and kept[0] is bt and kept[1] >= games:
        return kept[2], kept[3]
    _LOCAL.working = None  # the old buffers go before the new ones come
    choice = RandomChoice(games)
    workspace = Workspace(bt, games, keep_trick=False)
    # The dealer's hand drawn as what the others leave: fewer draws when
    # the stock is smaller than a hand (six of 37 for 9 cards of 40).
    workspace.dealer = Dealer(bt.deck_cards, games, bt.players, fewest_draws=True)
    _LOCAL.working = (bt, games, choice, workspace)
    return choice, workspace


class _Summaries:
    """The per-round summaries of every game, by seat, filled in as the
    chunks finish (positions from the first player turned into seats); they
    grow when tiebreak rounds go beyond the schedule."""

    def __init__(self, games: int, players: int, rounds: int, workspace: Workspace) -> None:
        self.players = players
        # The gathers by seat go through the workspace's buffers: no array
        # of a round is made afresh.
        self._gathered8 = workspace.buffers.gathered8
        self._gathered = workspace.buffers.gathered
        self.longest = 0
        self.rounds = np.zeros(games, dtype=np.int16)
        self.trumps = np.full((games, rounds), -1, dtype=np.int8)
        self.bids = np.full((games, rounds, players), -1, dtype=np.int8)
        self.won = np.full((games, rounds, players), -1, dtype=np.int8)
        self.points = np.zeros((games, rounds, players), dtype=np.int32)

    def add(self, log: RoundLog, offset: int) -> None:
        """Write down one round of a chunk whose first game is ``offset``."""
        assert log.bids is not None
        assert log.won is not None
        assert log.points is not None
        number = log.number
        if number >= self.trumps.shape[1]:
            more = max(number + 1 - self.trumps.shape[1], 4)
            self.trumps = np.pad(self.trumps, ((0, 0), (0, more)), constant_values=-1)
            grow = ((0, 0), (0, more), (0, 0))
            self.bids = np.pad(self.bids, grow, constant_values=-1)
            self.won = np.pad(self.won, grow, constant_values=-1)
            self.points = np.pad(self.points, grow)
        self.longest = max(self.longest, number + 1)
        rows: slice | np.ndarray
        m = len(log.rows)
        if m and log.rows[-1] - log.rows[0] == m - 1:
            # Rising rows with no gap (every game of the chunk, or the last
            # ones): a slice, written without fancy indexing.
            start = int(log.rows[0]) + offset
            rows = slice(start, start + m)
        else:
            rows = log.rows + offset
        self.rounds[rows] += 1
        self.trumps[rows, number] = log.trump
        index = log.seats if log.seats is not None else seat_index(log.eldest, self.players)
        size = self.players * m
        gathered8 = self._gathered8[:size].reshape(self.players, m)
        self.bids[rows, number] = by_seat(log.bids, index, gathered8)
        self.won[rows, number] = by_seat(log.won, index, gathered8)
        gathered = self._gathered[:size].reshape(self.players, m)
        self.points[rows, number] = by_seat(log.points, index, gathered)

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Rounds played, trumps, bids, tricks won and points."""
        end = self.longest

        def trim(array: np.ndarray) -> np.ndarray:
            return array if array.shape[1] == end else array[:, :end].copy()

        return self.rounds, trim(self.trumps), trim(self.bids), trim(self.won), trim(self.points)
