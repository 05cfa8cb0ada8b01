"""Bot matches: many seeded games between bots, seated fairly, and the
duplicate format, in which the luck of the cards cancels out.

A match plays bots against each other and reports, for each bot, its mean
score per game with a standard error and a 95% confidence interval, its
margin over the other seats of its games, and its win rate
(:class:`MatchResult`). Its games are spread over every core by
:mod:`pocha_rules.parallel`, or over a cluster through any
:class:`concurrent.futures.Executor`, with the same results.

**Seating.** The *lineup* names the bot at each seat of a match's first
game; by default the bots take the seats in turn round the table. From one
game to the next every bot moves one seat on, so that each sits in every
seat equally often. A lineup comes back to itself after a few such moves
(four for ``A, B, B, B`` at four seats, two for ``A, B, A, B``): the games
of one round of moves form a *set*, and a match is a whole number of sets.

**Both games.** A match of Poch is played the same way: give a
:class:`pocha_rules.poch.RuleSet` and Poch bots; a game's score is each
seat's net result in chips, and in the duplicate format every game of a set
replays the same packs and first dealer.

**Two formats.**

- *Seated* (the default): every game is dealt from its own seed.
- *Duplicate*: the games of a set replay the same deal (every round's cards
  and the first dealer), so that every bot holds every hand once, as in
  duplicate bridge. A bot that is dealt good cards in one game sees its
  rivals get them in the next, and the comparison between bots loses most
  of the luck of the deal: the same number of games gives a much narrower
  interval.

**Bots** are given as *factories*, called as ``factory(seed=n)`` to build a
fresh bot for every seat of every game: a bot class whose constructor takes
``seed`` (:class:`~pocha_rules.HeuristicBot`), or
``functools.partial(MyBot, budget=100)``. Each bot's seed comes from the
match's seed, the game's number and the seat, never from the worker that
plays the game, so a match gives the same results however it is spread.
To run in other processes the factories must pickle: classes and functions
defined at the top level of a module do, lambdas and local classes do not.

**Statistics.** The unit is the set: a bot's score in a set is the mean of
its seats' scores over the set's games, and the standard error is that of
the mean of those per-set scores (a Student *t* interval). Every figure is
worked out exactly from integer sums, then rounded once, so results are
equal, not merely close, whatever the workers and chunks.

>>> from pocha_rules import HeuristicBot, RandomBot, RuleSet
>>> result = play_match(RuleSet(schedule=[3, 5, 3]),
...                     {"heuristic": HeuristicBot, "random": RandomBot},
...                     games=40, seed=1, duplicate=True, workers=1)
>>> result.games, result.sets, result.deals
(40, 20, 20)
>>> heuristic = result.bots["heuristic"]
>>> heuristic.seats, heuristic.score.low < heuristic.score.mean < heuristic.score.high
(2, True)
"""

from __future__ import annotations

import concurrent.futures as cf
import math
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Final, Generic, Protocol, TypeVar, overload

import attrs

from pocha_rules import poch
from pocha_rules._bot_faults import Fault, not_played, one_line, raised, trace
from pocha_rules._common.errors import IllegalMoveError, PochaError, say
from pocha_rules._common.text import got, shown
from pocha_rules._pocha.engine import apply
from pocha_rules._pocha.game import check_seed, new_game
from pocha_rules._pocha.moves import MOVE_TYPES
from pocha_rules._pocha.rules import RuleSet
from pocha_rules._pocha.shuffle import seeded_number
from pocha_rules._pocha.state import GameState
from pocha_rules.bots import Bot, play_game
from pocha_rules.parallel import Interrupted, LostGamesError, _run_chunks
from pocha_rules.poch._moves import MOVE_TYPES as POCH_MOVE_TYPES
from pocha_rules.referee import Fault as RefereeFault
from pocha_rules.referee import RefereedGame, referee_game
from pocha_rules.views import observe

__all__ = [
    "BotFactory",
    "BotFailedError",
    "BotStats",
    "Estimate",
    "Forfeit",
    "Match",
    "MatchResult",
    "play_match",
]

G = TypeVar("G", RuleSet, poch.RuleSet)
"""The rules of the game a match plays: Pocha's or Poch's."""


class BotFactory(Protocol):
    """Builds a fresh bot from a seed: ``factory(seed=n)``. A bot class
    whose constructor takes ``seed`` is one."""

    def __call__(self, *, seed: int) -> Bot:
        """A new bot, seeded with ``seed`` (for a match of Poch, a Poch bot:
        the same protocol, with Poch's views and moves; a type checker
        wants such factories in a ``dict[str, Any]``)."""
        ...


# The 0.975 quantile of Student's t for 1 to 6 degrees of freedom; from 7 on,
# the Cornish-Fisher expansion below is within 1e-4 of it.
_T_SMALL: Final = (12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912)
_Z: Final = 1.959963984540054


def _t_quantile(df: int) -> float:
    """The 0.975 quantile of Student's t with ``df`` degrees of freedom: a
    two-sided 95% interval is the mean plus or minus this many standard
    errors."""
    if df <= len(_T_SMALL):
        return _T_SMALL[df - 1]
    z = _Z
    terms = (
        (z**3 + z) / 4,
        (5 * z**5 + 16 * z**3 + 3 * z) / 96,
        (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384,
        (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160,
    )
    return z + math.fsum(term / df ** (power + 1) for power, term in enumerate(terms))


@attrs.frozen
class Estimate:
    """A mean per game with its standard error and 95% confidence interval,
    from the ``sets`` sets of a match (``stderr``, ``low`` and ``high`` are
    ``None`` with fewer than two sets; ``mean`` is NaN with none)."""

    mean: float
    stderr: float | None
    low: float | None
    high: float | None
    sets: int

    @property
    def excludes_zero(self) -> bool:
        """Whether the 95% interval lies wholly above or below zero."""
        return self.low is not None and self.high is not None and (self.low > 0 or self.high < 0)

    def as_dict(self) -> dict[str, Any]:
        """The estimate as JSON-ready values."""
        return {
            "mean": None if math.isnan(self.mean) else self.mean,
            "stderr": self.stderr,
            "ci95": None if self.low is None else [self.low, self.high],
        }


@attrs.frozen
class BotStats:
    """How one bot did in a match.

    Attributes:
        name: The bot's name in the match.
        seats: How many seats it holds in each game.
        games: The games it played.
        score: Its mean score per game (the mean of its seats' scores).
        advantage: Its score less the mean score of the other seats in the
            same games: above zero, it beats the field. ``None`` when it
            holds every seat.
        wins: How many of its seats finished as a winner (a shared win
            counts).
        win_rate: ``wins`` over the seats it played.

    """

    name: str
    seats: int
    games: int
    score: Estimate
    advantage: Estimate | None
    wins: int
    win_rate: float

    def as_dict(self) -> dict[str, Any]:
        """The figures as JSON-ready values."""
        return {
            "name": self.name,
            "seats": self.seats,
            "games": self.games,
            "mean_score": self.score.as_dict()["mean"],
            "stderr": self.score.stderr,
            "ci95": self.score.as_dict()["ci95"],
            "advantage": None if self.advantage is None else self.advantage.as_dict(),
            "wins": self.wins,
            "win_rate": None if math.isnan(self.win_rate) else self.win_rate,
        }


@attrs.frozen
class Forfeit:
    """A game of a match that a bot forfeited (see
    :mod:`pocha_rules.referee`).

    Attributes:
        game: The game's number in the match.
        bot: The faulty bot's name.
        fault: What happened.

    """

    game: int
    bot: str
    fault: RefereeFault

    def line(self) -> str:
        """The forfeit in one line, naming the game, the bot and the seat."""
        return self.fault.line(self.bot, self.game)


@attrs.frozen
class _Tally:
    """Integer sums over sets: their number, each bot's total score ``T``,
    the products ``T_a * T_b`` (row by row) and each bot's wins."""

    sets: int
    totals: tuple[int, ...]
    products: tuple[int, ...]
    wins: tuple[int, ...]
    fault: Fault | None = None
    """The bot's fault that ended the chunk early (``sets`` counts the sets
    finished before it); never kept by a sum."""
    forfeits: tuple[Forfeit, ...] = ()
    """The games forfeited by a faulty bot (a match with ``forfeits=True``),
    in order."""

    @classmethod
    def empty(cls, bots: int) -> _Tally:
        return cls(0, (0,) * bots, (0,) * (bots * bots), (0,) * bots)

    def __add__(self, other: _Tally) -> _Tally:
        return _Tally(
            self.sets + other.sets,
            tuple(map(int.__add__, self.totals, other.totals)),
            tuple(map(int.__add__, self.products, other.products)),
            tuple(map(int.__add__, self.wins, other.wins)),
            forfeits=self.forfeits + other.forfeits,
        )


@attrs.frozen
class MatchResult:
    """What a match gave: per-bot statistics (:attr:`bots`), and the
    difference between any two bots (:meth:`difference`).

    Results of the same match are equal whatever the workers, executor and
    chunk size. A result of an interrupted match covers the sets that
    finished, and its :attr:`complete` is false.
    """

    names: tuple[str, ...]
    """The bots, in the order they were given."""
    lineup: tuple[str, ...]
    """The bot at each seat of the first game."""
    duplicate: bool
    """Whether the games of a set replayed one deal."""
    seed: int
    """The match's seed."""
    set_size: int
    """The games in a set."""
    complete: bool
    """Whether every game asked for was played."""
    tally: _Tally = attrs.field(repr=False)

    @property
    def sets(self) -> int:
        """The sets played."""
        return self.tally.sets

    @property
    def games(self) -> int:
        """The games played."""
        return self.tally.sets * self.set_size

    @property
    def forfeits(self) -> tuple[Forfeit, ...]:
        """The games that a faulty bot forfeited (a match with
        ``forfeits=True``), in order."""
        return self.tally.forfeits

    @property
    def deals(self) -> int:
        """The different deals played: one per set in the duplicate format
        (the *deal sets*), one per game otherwise."""
        return self.sets if self.duplicate else self.games

    def _seats(self, index: int) -> int:
        return self.lineup.count(self.names[index])

    def _estimate(self, weights: Mapping[int, Fraction]) -> Estimate:
        """The mean, over sets, of the sum of ``weights[b] * T_b``."""
        tally, sets, k = self.tally, self.tally.sets, len(self.names)
        if not sets:
            return Estimate(math.nan, None, None, None, 0)
        total = sum((w * tally.totals[b] for b, w in weights.items()), Fraction(0))
        mean = total / sets
        if sets < 2:
            return Estimate(float(mean), None, None, None, sets)
        squares = sum(
            (
                wa * wb * tally.products[a * k + b]
                for a, wa in weights.items()
                for b, wb in weights.items()
            ),
            Fraction(0),
        )
        variance = (squares - total * total / sets) / (sets - 1)
        stderr = math.sqrt(variance / sets)
        margin = _t_quantile(sets - 1) * stderr
        centre = float(mean)
        return Estimate(centre, stderr, centre - margin, centre + margin, sets)

    def _per_game(self, index: int) -> Fraction:
        return Fraction(1, self.set_size * self._seats(index))

    @property
    def bots(self) -> dict[str, BotStats]:
        """Each bot's statistics, by name, in the order the bots were given."""
        n = len(self.lineup)
        out = {}
        for index, name in enumerate(self.names):
            seats = self._seats(index)
            advantage = None
            if seats < n:
                field = Fraction(-1, self.set_size * (n - seats))
                weights = dict.fromkeys(range(len(self.names)), field)
                weights[index] = self._per_game(index)
                advantage = self._estimate(weights)
            played = self.games * seats
            wins = self.tally.wins[index]
            out[name] = BotStats(
                name=name,
                seats=seats,
                games=self.games,
                score=self._estimate({index: self._per_game(index)}),
                advantage=advantage,
                wins=wins,
                win_rate=wins / played if played else math.nan,
            )
        return out

    def difference(self, first: str, second: str) -> Estimate:
        """The mean score per game of ``first`` less that of ``second``, over
        the same games: above zero (and :attr:`Estimate.excludes_zero`),
        ``first`` is the stronger."""
        a, b = self._index(first), self._index(second)
        if a == b:
            raise ValueError(f"the difference of {first!r} with itself is zero")
        return self._estimate({a: self._per_game(a), b: -self._per_game(b)})

    def _index(self, name: str) -> int:
        if name not in self.names:
            raise KeyError(f"no bot named {name!r} in this match; bots: {', '.join(self.names)}")
        return self.names.index(name)

    def as_dict(self) -> dict[str, Any]:
        """The result as JSON-ready values (for ``json.dumps``)."""
        return {
            "format": "duplicate" if self.duplicate else "seated",
            "games": self.games,
            "sets": self.sets,
            "deals": self.deals,
            "set_size": self.set_size,
            "complete": self.complete,
            "seed": self.seed,
            "lineup": list(self.lineup),
            "bots": [stats.as_dict() for stats in self.bots.values()],
            "forfeits": [
                {"game": f.game, "bot": f.bot, **f.fault.as_dict()} for f in self.forfeits
            ],
        }


class BotFailedError(PochaError):
    """A bot failed in a game of a match: its factory or its ``act`` raised,
    it returned something that is not a move, or it made an illegal move.
    The match stops there; the games that finished are kept.

    Attributes:
        bot: The bot's name in the match.
        seat: Its seat in that game.
        game: The game's number in the match.
        deal_seed: The seed that dealt the game.
        reason: What the bot did, in one line.
        trace: The traceback of what the bot raised (empty when it raised
            nothing).
        finished: A :class:`MatchResult` of the sets that finished (its
            :attr:`~MatchResult.complete` is false).
        missing: The ranges of games that were not played.

    """

    def __init__(
        self,
        bot: str,
        seat: int,
        game: int,
        deal_seed: int,
        reason: str,
        trace: str = "",
        finished: MatchResult | None = None,
        missing: Sequence[range] = (),
    ) -> None:
        self.bot = bot
        self.seat = seat
        self.game = game
        self.deal_seed = deal_seed
        self.reason = reason
        self.trace = trace
        self.finished = finished
        self.missing = tuple(missing)
        super().__init__(
            say(
                "bot_failed",
                bot=repr(bot),
                seat=seat,
                game=game,
                deal_seed=deal_seed,
                reason=reason,
            )
        )


def _period(lineup: tuple[str, ...]) -> int:
    """How many moves of one seat bring ``lineup`` back to itself."""
    n = len(lineup)
    return next(
        p for p in range(1, n + 1) if all(lineup[i] == lineup[(i + p) % n] for i in range(n))
    )


class Match(Generic[G]):
    """A match between bots: who plays, at which seats, in which format,
    from which seed. :meth:`run` plays it; :meth:`play` plays one of its
    games alone, exactly as :meth:`run` does.

    Args:
        rules: The rules of every game.
        bots: Each bot's factory, by name (see the module's notes).
        lineup: The bot at each seat of the first game, by name; by default
            the bots in turn round the table. Every bot needs a seat.
        seed: The match's seed: the deals and the bots' seeds follow from
            it and from each game's number.
        duplicate: Replay each deal once per rotation of the seats.
        forfeits: A bot's fault (it raises, answers something that is not a
            move, makes an illegal move; an engine crashes, hangs or answers
            garbage) forfeits its game and the match goes on
            (:mod:`pocha_rules.referee`; :attr:`MatchResult.forfeits` lists
            them). By default a fault stops the match
            (:exc:`BotFailedError`), keeping the games that finished.

    Raises:
        TypeError: An argument is not of the expected type.
        PochaError: The lineup does not fit the table or the bots.

    >>> from pocha_rules import HeuristicBot, RandomBot, RuleSet
    >>> match = Match(RuleSet(), {"h": HeuristicBot, "r": RandomBot},
    ...               lineup=["h", "r", "r", "r"], duplicate=True)
    >>> match.set_size, match.seating(0), match.seating(1)
    (4, ('h', 'r', 'r', 'r'), ('r', 'h', 'r', 'r'))
    >>> match.deal_seed(3), match.deal_seed(4)
    (0, 1)

    """

    def __init__(
        self,
        rules: G,
        bots: Mapping[str, BotFactory],
        *,
        lineup: Sequence[str] | None = None,
        seed: int = 0,
        duplicate: bool = False,
        forfeits: bool = False,
    ) -> None:
        if not isinstance(rules, RuleSet | poch.RuleSet):
            raise TypeError(f"rules must be a RuleSet (of Pocha or of Poch), got {rules!r}")
        if not isinstance(bots, Mapping):
            raise TypeError(f"bots must be a mapping of names to bot factories, got {bots!r}")
        for name, factory in bots.items():
            if not isinstance(name, str) or not name:
                raise TypeError(f"bot names must be non-empty strings, got {name!r}")
            if not callable(factory):
                raise TypeError(f"bot {name!r}: a factory must be callable, got {factory!r}")
        check_seed(seed)  # each game's seeds are drawn from it
        if not isinstance(forfeits, bool):
            raise TypeError(f"forfeits must be a bool, got {forfeits!r}")
        if not isinstance(duplicate, bool):
            raise TypeError(f"duplicate must be a bool, got {duplicate!r}")
        names = tuple(bots)
        n = rules.players
        if not names:
            raise PochaError(say("match_no_bots"))
        if lineup is None:
            if len(names) > n:
                raise PochaError(say("match_needs_lineup", bots=len(names), seats=n))
            lineup = [names[seat % len(names)] for seat in range(n)]
        if isinstance(lineup, str):
            raise TypeError(f"lineup must be a sequence of bot names, got {lineup!r}")
        seats = tuple(lineup)
        if len(seats) != n:
            raise PochaError(say("lineup_size", seats=len(seats), players=n))
        for name in seats:
            if name not in bots:
                raise PochaError(say("lineup_unknown_bot", name=repr(name)))
        for name in names:
            if name not in seats:
                raise PochaError(say("bot_without_seat", name=repr(name)))
        self._rules: G = rules
        self._factories: dict[str, Any] = dict(bots)
        self._lineup = seats
        self._seed = seed
        self._duplicate = duplicate
        self._forfeits: bool = forfeits
        self._period = _period(seats)

    def __repr__(self) -> str:
        bots = ", ".join(f"{name!r}: {factory!r}" for name, factory in self._factories.items())
        return (
            f"Match({self._rules!r}, {{{bots}}}, lineup={list(self._lineup)!r}, "
            f"seed={self._seed!r}, duplicate={self._duplicate!r}, forfeits={self._forfeits!r})"
        )

    @property
    def rules(self) -> G:
        """The rules of every game."""
        return self._rules

    @property
    def names(self) -> tuple[str, ...]:
        """The bots' names, in the order they were given."""
        return tuple(self._factories)

    @property
    def lineup(self) -> tuple[str, ...]:
        """The bot at each seat of the first game."""
        return self._lineup

    @property
    def seed(self) -> int:
        """The match's seed."""
        return self._seed

    @property
    def duplicate(self) -> bool:
        """Whether each deal is replayed once per rotation of the seats."""
        return self._duplicate

    @property
    def forfeits(self) -> bool:
        """Whether a bot's fault forfeits its game instead of stopping the
        match."""
        return self._forfeits

    @property
    def set_size(self) -> int:
        """The games in a set: the moves of one seat that bring the lineup
        back to itself. A match is a whole number of sets."""
        return self._period

    def seating(self, game: int) -> tuple[str, ...]:
        """The bot at each seat in game ``game``: the lineup moved on
        ``game`` seats (each bot one seat further from seat 0 each game)."""
        _game_number(game)
        n = len(self._lineup)
        shift = game % self._period
        return tuple(self._lineup[(seat - shift) % n] for seat in range(n))

    def deal_seed(self, game: int) -> int:
        """The seed that deals game ``game``: ``seed + game``, or in the
        duplicate format ``seed`` plus the number of its set."""
        _game_number(game)
        return self._seed + (game // self._period if self._duplicate else game)

    def bot_seed(self, game: int, seat: int) -> int:
        """The seed of the bot at ``seat`` in game ``game``: a 63-bit number
        drawn from the match's seed, the game and the seat."""
        _game_number(game)
        if type(seat) is not int:
            raise TypeError(f"seat must be an int, got {got(seat)}")
        if not 0 <= seat < self._rules.players:
            raise PochaError(
                say("seat_out_of_range", high=self._rules.players - 1, got=shown(seat))
            )
        return seeded_number(f"{self._seed}:{game}:{seat}:bot") >> 257

    def bots_for(self, game: int) -> list[Bot]:
        """Fresh bots for game ``game``, one per seat."""
        bots: list[Bot] = []
        for seat, name in enumerate(self.seating(game)):
            bot = self._factories[name](seed=self.bot_seed(game, seat))
            if not isinstance(bot, Bot):
                raise TypeError(f"bot {name!r}: its factory made {bot!r}, which has no act()")
            bots.append(bot)
        return bots

    @overload
    def play(self: Match[RuleSet], game: int) -> GameState: ...
    @overload
    def play(self: Match[poch.RuleSet], game: int) -> poch.GameState: ...
    def play(self, game: int) -> GameState | poch.GameState:
        """Play game ``game`` of the match; its final state."""
        rules = self._rules
        if isinstance(rules, poch.RuleSet):
            bots: list[Any] = self.bots_for(game)
            return poch.play_game(rules, bots, seed=self.deal_seed(game))
        return play_game(rules, self.bots_for(game), seed=self.deal_seed(game))

    def referee(self, game: int) -> RefereedGame:
        """Play game ``game`` of the match under the referee: a faulty bot
        forfeits it (:func:`~pocha_rules.referee.referee_game`)."""
        return referee_game(self._rules, self.bots_for(game), seed=self.deal_seed(game))

    def _play_watched(self, game: int) -> GameState | poch.GameState | Fault:
        """Play game ``game`` as :meth:`play` does; what a bot did wrong, if
        one did, instead of raising it."""
        deal_seed = self.deal_seed(game)
        seating = self.seating(game)

        def failed(seat: int, reason: str, trace: str = "") -> Fault:
            return Fault(seating[seat], seat, game, deal_seed, reason, trace)

        bots = []
        for seat, name in enumerate(seating):
            try:
                bot = self._factories[name](seed=self.bot_seed(game, seat))
            except Exception as error:
                return failed(seat, f"could not be built: {raised(error)}", trace())
            if not isinstance(bot, Bot):
                return failed(seat, f"could not be built: its factory made {one_line(repr(bot))}")
            bots.append(bot)
        rules = self._rules
        # The engine of the match's game: Pocha's, or Poch's.
        start: Any = new_game
        step: Any = apply
        see: Any = observe
        moves: tuple[type, ...] = MOVE_TYPES
        if isinstance(rules, poch.RuleSet):
            start, step, see, moves = poch.new_game, poch.apply, poch.observe, POCH_MOVE_TYPES
        state = start(rules, seed=deal_seed)
        while (mover := state.to_move) is not None:
            try:
                move = bots[mover].act(see(state, mover))
            except Exception as error:
                return failed(mover, raised(error), trace())
            if not isinstance(move, moves):
                return failed(mover, f"returned {one_line(repr(move))}, which is not a move")
            try:
                state = step(state, move)
            except IllegalMoveError as error:
                reason = f"its move {str(move)!r} is illegal: {one_line(error.reason)}"
                return failed(mover, reason)
        final: GameState | poch.GameState = state
        return final

    def run(
        self,
        games: int,
        *,
        workers: int | None = None,
        executor: cf.Executor | None = None,
        chunk_size: int | None = None,
        retries: int = 2,
        progress: Callable[[int], None] | None = None,
    ) -> MatchResult:
        """Play games ``0`` to ``games - 1``; their statistics.

        Args:
            games: How many games: a whole number of sets
                (:attr:`set_size`).
            workers: As for :func:`pocha_rules.parallel.run_chunks`.
            executor: As for :func:`pocha_rules.parallel.run_chunks`.
            retries: As for :func:`pocha_rules.parallel.run_chunks`.
            chunk_size: The games in each task, rounded up to whole sets;
                by default sized from the time the first ones take.
            progress: Called with the number of games of each finished
                chunk.

        Raises:
            PochaError: ``games`` is not a whole number of sets.
            BotFailedError: A bot raised, returned something that is not a
                move or made an illegal move; it names the bot, the seat
                and the game, and its ``finished`` is the result of the
                sets that finished (the match stops at the fault).
            LostGamesError: Some games could not be played; it names them,
                and its ``finished`` is the result of the others.
            Interrupted: Ctrl-C; its ``finished`` is the result of the games
                that finished.

        """
        if type(games) is not int:
            raise TypeError(f"games must be an int, got {games!r}")
        size = self._period
        if games < 1 or games % size or games > _MAX_GAMES:
            raise PochaError(say("games_not_sets", size=size, got=shown(games)))
        if chunk_size is not None:  # as run_chunks says it
            if type(chunk_size) is not int:
                raise TypeError(f"chunk_size must be an int, got {got(chunk_size)}")
            if chunk_size < 1:
                raise PochaError(say("chunk_size_too_small", got=shown(chunk_size)))
        sets = games // size
        report = None if progress is None else _Scaled(progress, size)
        try:
            chunks = _run_chunks(
                _MatchSets(self),
                sets,
                workers,
                executor,
                None if chunk_size is None else -(-chunk_size // size),
                retries,
                report,
                _faulty,
            )
        except Interrupted as stop:
            partial = self._result(stop.finished, complete=False)
            raise Interrupted(partial, self._games(stop.missing)) from None
        except LostGamesError as error:
            partial = self._result(error.finished, complete=False)
            raise LostGamesError(partial, self._games(error.missing), error.reason) from error
        faults = [part.fault for _, part in chunks if part.fault is not None]
        if faults:
            first = min(faults, key=lambda fault: fault.game)
            partial = self._result(chunks, complete=False)
            missing = self._games(not_played(chunks, sets))
            raise BotFailedError(
                first.bot,
                first.seat,
                first.game,
                first.deal_seed,
                first.reason,
                first.trace,
                partial,
                missing,
            )
        return self._result(chunks, complete=True)

    def _games(self, sets: Sequence[range]) -> list[range]:
        size = self._period
        return [range(r.start * size, r.stop * size) for r in sets]

    def _result(self, chunks: list[tuple[range, _Tally]], *, complete: bool) -> MatchResult:
        tally = _Tally.empty(len(self._factories))
        for _, part in chunks:
            tally += part
        return MatchResult(
            names=self.names,
            lineup=self._lineup,
            duplicate=self._duplicate,
            seed=self._seed,
            set_size=self._period,
            complete=complete,
            tally=tally,
        )


_MAX_GAMES: Final = 2**62
"""The most games a match may ask for, and the largest game number."""


def _game_number(game: object) -> int:
    if type(game) is not int:
        raise TypeError(f"game must be an int, got {got(game)}")
    if not 0 <= game < _MAX_GAMES:
        raise PochaError(say("game_number_range", got=shown(game)))
    return game


def _faulty(part: _Tally) -> bool:
    return part.fault is not None


class _Scaled:
    """Reports sets as games."""

    def __init__(self, progress: Callable[[int], None], size: int) -> None:
        self.progress = progress
        self.size = size

    def __call__(self, sets: int) -> None:
        self.progress(sets * self.size)


class _MatchSets:
    """The job of :meth:`Match.run`: the integer sums of a chunk of sets."""

    def __init__(self, match: Match[Any]) -> None:
        self.match = match

    def __call__(self, chunk: range) -> _Tally:
        match = self.match
        names = match.names
        k = len(names)
        index = {name: i for i, name in enumerate(names)}
        totals, products, wins = [0] * k, [0] * (k * k), [0] * k
        forfeits: list[Forfeit] = []
        done = 0
        for number in chunk:
            scores, won = [0] * k, [0] * k
            for game in range(number * match.set_size, (number + 1) * match.set_size):
                seating = match.seating(game)
                if match.forfeits:
                    played = match.referee(game)
                    final, winners = played.scores, played.winners
                    forfeits.extend(
                        Forfeit(game, seating[fault.seat], fault) for fault in played.faults
                    )
                else:
                    state = match._play_watched(game)
                    if isinstance(state, Fault):  # the set is not counted; the chunk stops
                        return _Tally(done, tuple(totals), tuple(products), tuple(wins), state)
                    final, winners = state.scores, state.winners
                for seat, score in enumerate(final):
                    scores[index[seating[seat]]] += score
                for seat in winners:
                    won[index[seating[seat]]] += 1
            for a in range(k):
                wins[a] += won[a]
                totals[a] += scores[a]
                for b in range(k):
                    products[a * k + b] += scores[a] * scores[b]
            done += 1
        return _Tally(done, tuple(totals), tuple(products), tuple(wins), forfeits=tuple(forfeits))


def play_match(
    rules: G,
    bots: Mapping[str, BotFactory],
    games: int,
    *,
    lineup: Sequence[str] | None = None,
    seed: int = 0,
    duplicate: bool = False,
    forfeits: bool = False,
    workers: int | None = None,
    executor: cf.Executor | None = None,
    chunk_size: int | None = None,
    retries: int = 2,
    progress: Callable[[int], None] | None = None,
) -> MatchResult:
    """Play a match of ``games`` games between ``bots``; its statistics.

    The same as ``Match(rules, bots, lineup=lineup, seed=seed,
    duplicate=duplicate, forfeits=forfeits).run(games, ...)``: see
    :class:`Match` and :meth:`Match.run`.
    """
    match = Match(rules, bots, lineup=lineup, seed=seed, duplicate=duplicate, forfeits=forfeits)
    return match.run(
        games,
        workers=workers,
        executor=executor,
        chunk_size=chunk_size,
        retries=retries,
        progress=progress,
    )
