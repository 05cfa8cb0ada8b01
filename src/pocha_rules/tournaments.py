"""Round-robin tournaments between any number of bots, over duplicate deals,
rated with confidence intervals.

Every pair of bots plays the same number of duplicate *sets*: the two bots
sit in turn round the table (``a, b, a, b`` at four seats) and every deal
is replayed with the seats moved on, so that each bot holds every hand of
the deal. The deals are the same for every pair. A set is won by the bot
with the higher mean score per seat over its games (a tie is a draw);
the sets' results give each bot a rating (:mod:`pocha_rules.ratings`,
Bradley-Terry on the Elo scale, with a 95% interval) and the crosstable.

A bot that misbehaves forfeits the game it misbehaved in, never the
tournament (:mod:`pocha_rules.referee`): the faults are kept with the
set's result. A tournament runs on every core or on a cluster, as
:mod:`pocha_rules.matches` does, and gives the same results however it is
spread. Each finished set can be handed to a callback as it finishes
(``on_result``); :class:`TournamentLog` appends them to a file, so that an
interrupted tournament loses nothing and goes on from where it stopped.

>>> from pocha_rules import HeuristicBot, RandomBot, RuleSet
>>> tournament = Tournament(RuleSet(schedule=[3, 3]),
...                         {"heuristic": HeuristicBot, "random": RandomBot}, sets=6, seed=1)
>>> result = tournament.run(workers=1)
>>> len(result.sets), result.complete
(6, True)
>>> [rating.name for rating in result.ratings()]
['heuristic', 'random']
"""

from __future__ import annotations

import bisect
import concurrent.futures as cf
import contextlib
import itertools
import json
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

from pocha_rules import poch
from pocha_rules._arena_games import game_door
from pocha_rules._common.errors import InvalidRecordError, PochaError, say
from pocha_rules._common.text import got, shown
from pocha_rules._pocha.rules import RuleSet
from pocha_rules.matches import BotFactory, Match
from pocha_rules.parallel import Interrupted, LostGamesError, run_chunks
from pocha_rules.ratings import Rating, ratings
from pocha_rules.referee import referee_game

__all__ = ["SetResult", "Tournament", "TournamentLog", "TournamentResult"]

MAX_SETS: Final = 10**12
"""The most sets a pair may play."""

LOG_FORMAT: Final = "pocha-tournament"
LOG_VERSION: Final = 1


@attrs.frozen
class SetResult:
    """One duplicate set between two bots.

    Attributes:
        pair: The two bots, in the tournament's order.
        number: The set's number within the pair (``0`` to ``sets - 1``).
        points: Each bot's total score over the set's games (the sum over
            its seats).
        seats: How many seats each bot holds in every game.
        games: The games in the set.
        faults: A line for each forfeit in the set's games.

    """

    pair: tuple[str, str]
    number: int
    points: tuple[int, int]
    seats: tuple[int, int]
    games: int
    faults: tuple[str, ...] = ()

    @property
    def outcome(self) -> float:
        """The first bot's result: 1 (it won the set), 0.5 or 0. The bots
        are compared by their mean score per seat."""
        first = self.points[0] * self.seats[1]
        second = self.points[1] * self.seats[0]
        return 1.0 if first > second else 0.5 if first == second else 0.0

    def as_dict(self) -> dict[str, Any]:
        """The set as JSON-ready values (a line of the log)."""
        return {
            "pair": list(self.pair),
            "set": self.number,
            "points": list(self.points),
            "seats": list(self.seats),
            "games": self.games,
            "faults": list(self.faults),
        }

    @classmethod
    def from_dict(cls, data: object, where: str = "set") -> SetResult:
        """A set from :meth:`as_dict`'s values.

        Raises:
            InvalidRecordError: The data is not such a set; it says where.

        """
        if not isinstance(data, dict):
            raise InvalidRecordError(where, say("object_expected", got=got(data)))

        def pair_of(key: str, kind: type) -> tuple[Any, Any]:
            value = data.get(key)
            if (
                not isinstance(value, list)
                or len(value) != 2
                or not all(isinstance(x, kind) and not isinstance(x, bool) for x in value)
            ):
                raise InvalidRecordError(
                    f"{where}.{key}", say("pair_expected", kind=kind.__name__, got=got(value))
                )
            return value[0], value[1]

        pair = pair_of("pair", str)
        points = pair_of("points", int)
        seats = pair_of("seats", int)
        number, games = data.get("set"), data.get("games")
        for key, value in (("set", number), ("games", games)):
            if type(value) is not int or value < 0:
                raise InvalidRecordError(f"{where}.{key}", say("count_expected", got=got(value)))
        faults = data.get("faults", [])
        if not isinstance(faults, list) or not all(isinstance(f, str) for f in faults):
            raise InvalidRecordError(f"{where}.faults", say("strings_expected", got=got(faults)))
        assert isinstance(number, int)
        assert isinstance(games, int)
        return cls(pair, number, points, seats, games, tuple(faults))


@attrs.frozen
class TournamentResult:
    """What a tournament gave: the sets played, the ratings
    (:meth:`ratings`) and the crosstable (:meth:`crosstable`)."""

    names: tuple[str, ...]
    """The bots, in the order they were given."""
    sets: tuple[SetResult, ...]
    """Every set played, by pair and number."""
    complete: bool
    """Whether every set asked for was played."""

    @property
    def games(self) -> int:
        """The games played."""
        return sum(result.games for result in self.sets)

    @property
    def faults(self) -> tuple[str, ...]:
        """Every forfeit, one line each."""
        return tuple(line for result in self.sets for line in result.faults)

    def ratings(self) -> list[Rating]:
        """The bots' ratings, best first (see :mod:`pocha_rules.ratings`)."""
        return ratings(
            self.names,
            ((*r.pair, r.outcome, 1.0 - r.outcome) for r in self.sets),
        )

    def crosstable(self) -> dict[tuple[str, str], tuple[float, int]]:
        """For each ordered pair ``(a, b)`` that played: ``a``'s points
        against ``b`` (a set won is 1, a draw 0.5) and the sets played."""
        table: dict[tuple[str, str], tuple[float, int]] = {}
        for result in self.sets:
            a, b = result.pair
            won, played = table.get((a, b), (0.0, 0))
            table[a, b] = (won + result.outcome, played + 1)
            won, played = table.get((b, a), (0.0, 0))
            table[b, a] = (won + 1.0 - result.outcome, played + 1)
        return table

    def as_dict(self) -> dict[str, Any]:
        """The ratings and crosstable as JSON-ready values."""
        cross = self.crosstable()
        return {
            "complete": self.complete,
            "games": self.games,
            "sets": len(self.sets),
            "ratings": [rating.as_dict() for rating in self.ratings()],
            "crosstable": {
                a: {b: {"points": p, "sets": n} for (x, b), (p, n) in cross.items() if x == a}
                for a in self.names
            },
            "faults": list(self.faults),
        }


class Tournament:
    """A round robin between ``bots``: ``sets`` duplicate sets for every
    pair, from ``seed``.

    Args:
        rules: The rules of every game.
        bots: Each bot's factory, by name (as for
            :class:`~pocha_rules.matches.Match`); at least two.
        sets: The duplicate sets each pair plays.
        seed: The tournament's seed: the deals (the same for every pair)
            and the bots' seeds follow from it.

    Raises:
        TypeError: An argument is not of the expected type.
        PochaError: Fewer than two bots, or ``sets`` below one.

    """

    def __init__(
        self,
        rules: RuleSet | poch.RuleSet,
        bots: Mapping[str, BotFactory],
        *,
        sets: int,
        seed: int = 0,
    ) -> None:
        game_door(rules)  # a game's rules, or a TypeError
        if not isinstance(bots, Mapping):
            raise TypeError(f"bots must be a mapping of names to bot factories, got {got(bots)}")
        if type(sets) is not int:
            raise TypeError(f"sets must be an int, got {got(sets)}")
        if type(seed) is not int:
            raise TypeError(f"seed must be an int, got {got(seed)}")
        if len(bots) < 2:
            raise PochaError(say("tournament_bots", got=len(bots)))
        if sets < 1:
            raise PochaError(say("sets_too_few", got=sets))
        if sets > MAX_SETS:
            raise PochaError(say("sets_too_many", most=f"{MAX_SETS:,}", got=shown(sets)))
        n = rules.players
        self._rules = rules
        self._names = tuple(bots)
        self._sets = sets
        self._seed = seed
        self._pairs = tuple(itertools.combinations(self._names, 2))
        self._matches: tuple[Match[Any], ...] = tuple(
            Match(
                rules,
                {a: bots[a], b: bots[b]},
                lineup=[(a, b)[seat % 2] for seat in range(n)],
                seed=seed,
                duplicate=True,
            )
            for a, b in self._pairs
        )

    @property
    def names(self) -> tuple[str, ...]:
        """The bots, in the order they were given."""
        return self._names

    @property
    def pairs(self) -> tuple[tuple[str, str], ...]:
        """Every pair of bots, in order."""
        return self._pairs

    @property
    def sets(self) -> int:
        """The sets each pair plays."""
        return self._sets

    @property
    def seed(self) -> int:
        """The tournament's seed."""
        return self._seed

    @property
    def count(self) -> int:
        """The sets of the whole tournament."""
        return len(self._pairs) * self._sets

    @property
    def games(self) -> int:
        """The games of the whole tournament."""
        return sum(match.set_size for match in self._matches) * self._sets

    def key(self, number: int) -> tuple[tuple[str, str], int]:
        """The pair and set number of the tournament's set ``number``."""
        return self._pairs[number // self._sets], number % self._sets

    def number(self, pair: tuple[str, str], set_number: int) -> int:
        """The tournament's number of a pair's set (inverse of :meth:`key`)."""
        return self._pairs.index(pair) * self._sets + set_number

    def play_set(self, number: int) -> SetResult:
        """Play the tournament's set ``number`` (its bots' faults forfeit
        their games)."""
        match = self._matches[number // self._sets]
        set_number = number % self._sets
        a, b = match.names
        points, faults = [0, 0], list[str]()
        size = match.set_size
        for game in range(set_number * size, (set_number + 1) * size):
            seating = match.seating(game)
            played = referee_game(self._rules, match.bots_for(game), seed=match.deal_seed(game))
            for seat, score in enumerate(played.scores):
                points[0 if seating[seat] == a else 1] += score
            faults.extend(
                f"{a} v {b}, set {set_number}, game {game - set_number * size}: "
                + fault.line(seating[fault.seat])
                for fault in played.faults
            )
        seats = (match.lineup.count(a), match.lineup.count(b))
        return SetResult((a, b), set_number, (points[0], points[1]), seats, size, tuple(faults))

    def run(
        self,
        *,
        done: Iterable[SetResult] = (),
        workers: int | None = None,
        executor: cf.Executor | None = None,
        chunk_size: int | None = None,
        retries: int = 2,
        progress: Callable[[int], None] | None = None,
        on_result: Callable[[Sequence[SetResult]], None] | None = None,
    ) -> TournamentResult:
        """Play every set not in ``done``; the result of them all.

        Args:
            done: Sets already played (from a :class:`TournamentLog`):
                they are kept and not played again.
            workers: As for :func:`pocha_rules.parallel.run_chunks`.
            executor: As for :func:`pocha_rules.parallel.run_chunks`.
            chunk_size: The sets in each task; by default sized from the
                time the first ones take.
            retries: As for :func:`pocha_rules.parallel.run_chunks`.
            progress: Called with the number of games of each chunk that
                finishes.
            on_result: Called in this process with the sets of each chunk
                as it finishes (to save them).

        Raises:
            PochaError: A set in ``done`` is not one of this tournament's.
            Interrupted: Ctrl-C; its ``finished`` is the result of the
                sets that finished (``done`` included).
            LostGamesError: Some sets could not be played; likewise.

        """
        kept: dict[int, SetResult] = {}
        for result in done:
            if result.pair not in self._pairs or not 0 <= result.number < self._sets:
                raise PochaError(
                    say(
                        "set_not_in_tournament",
                        set=result.number,
                        pair=" v ".join(result.pair),
                        pairs=len(self._pairs),
                        sets=self._sets,
                    )
                )
            kept[self.number(result.pair, result.number)] = result
        remaining = _Remaining(self.count, sorted(kept))
        job = _TournamentSets(self, remaining)
        size = self._matches[0].set_size

        def report(chunk: range, value: list[SetResult]) -> None:
            for result in value:
                kept[self.number(result.pair, result.number)] = result
            if on_result is not None:
                on_result(value)

        def scaled(sets: int) -> None:
            if progress is not None:
                progress(sets * size)

        try:
            run_chunks(
                job,
                len(remaining),
                workers=workers,
                executor=executor,
                chunk_size=chunk_size,
                retries=retries,
                progress=scaled,
                on_result=report,
            )
        except Interrupted:
            raise Interrupted(self._result(kept, False), self._missing(kept), "sets") from None
        except LostGamesError as error:
            raise LostGamesError(
                self._result(kept, False), self._missing(kept), error.reason, "sets"
            ) from error
        return self._result(kept, True)

    def _missing(self, kept: Mapping[int, SetResult]) -> list[range]:
        gaps: list[range] = []
        position = 0
        for number in [*sorted(kept), self.count]:
            if number > position:
                gaps.append(range(position, number))
            position = number + 1
        return gaps

    def _result(self, kept: Mapping[int, SetResult], complete: bool) -> TournamentResult:
        return TournamentResult(self._names, tuple(kept[n] for n in sorted(kept)), complete)


class _TournamentSets:
    """The job of :meth:`Tournament.run`: the results of a chunk of the
    sets left to play."""

    def __init__(self, tournament: Tournament, numbers: _Remaining) -> None:
        self.tournament = tournament
        self.numbers = numbers

    def __call__(self, chunk: range) -> list[SetResult]:
        return [self.tournament.play_set(self.numbers[i]) for i in chunk]


class _Remaining:
    """The set numbers ``0`` to ``count - 1`` that are not in ``done`` (a
    sorted list), as a sequence that holds only ``done``: the ``i``-th
    number left is found by bisection, so a tournament of any size costs no
    memory before it is played."""

    def __init__(self, count: int, done: list[int]) -> None:
        self.count = count
        self.done = done

    def __len__(self) -> int:
        return self.count - len(self.done)

    def __getitem__(self, index: int) -> int:
        # The smallest n with n - (done numbers <= n) == index, n not done.
        low, high = index, index + len(self.done)
        while low < high:
            middle = (low + high) // 2
            if middle - bisect.bisect_right(self.done, middle) < index:
                low = middle + 1
            else:
                high = middle
        return low


class TournamentLog:
    """A tournament's results as a file of JSON lines, appended to as sets
    finish: its first line says what the tournament is (``header``),
    each other line is a finished set. A line cut short by a crash is left
    out (and counted in ``damaged``) when the file is read again.

    Args:
        path: The file.
        header: What the tournament is (rules, bots, sets, seed: anything
            JSON-ready); written when the file is created, compared with the
            file's when it is resumed.

    """

    def __init__(self, path: str | os.PathLike[str], header: Mapping[str, Any]) -> None:
        self.path = Path(path)
        self.header = {"format": LOG_FORMAT, "version": LOG_VERSION, "game": "pocha", **header}
        self.damaged = 0

    def create(self, *, force: bool = False) -> None:
        """Start the file with its header.

        Raises:
            FileExistsError: The file exists and ``force`` is false.

        """
        if self.path.exists() and not force:
            raise FileExistsError(f"{self.path} exists: resume it, or choose another file")
        if self.path.exists() and not self.path.is_file():
            raise PochaError(say("not_a_regular_file", path=str(self.path)))
        try:
            with self.path.open("w", encoding="utf-8") as file:
                file.write(json.dumps(self.header) + "\n")
                file.flush()
                os.fsync(file.fileno())
        except OSError:  # a full disk: no file rather than half a header
            with contextlib.suppress(OSError):
                self.path.unlink()
            raise

    @staticmethod
    def read_header(path: str | os.PathLike[str]) -> dict[str, Any]:
        """The header of the log at ``path``.

        Raises:
            InvalidRecordError: The file is not a tournament log.

        """
        with Path(path).open(encoding="utf-8") as file:
            first = file.readline()
        try:
            header = json.loads(first)
        except json.JSONDecodeError as error:
            raise InvalidRecordError("line 1", say("log_not_json", error=error.msg)) from None
        if not isinstance(header, dict) or header.get("format") != LOG_FORMAT:
            raise InvalidRecordError("line 1", say("log_format", format=LOG_FORMAT))
        if header.get("version") != LOG_VERSION:
            raise InvalidRecordError(
                "line 1.version",
                say("log_version", got=repr(header.get("version")), version=LOG_VERSION),
            )
        header.setdefault("game", "pocha")  # the files written before Poch had tournaments
        return header

    def read(self) -> list[SetResult]:
        """The sets already in the file.

        Raises:
            InvalidRecordError: The file's header differs from this log's,
                or a line (other than a last line cut short) is not a set.

        """
        header = self.read_header(self.path)
        if header != self.header:
            changed = sorted(
                key
                for key in set(header) | set(self.header)
                if header.get(key) != self.header.get(key)
            )
            raise InvalidRecordError(
                "line 1", say("log_other_tournament", fields=", ".join(changed))
            )
        text = self.path.read_text(encoding="utf-8")
        lines = text.split("\n")
        filled = [i for i, line in enumerate(lines) if line.strip()]
        results = []
        self.damaged = 0
        for i in filled[1:]:
            try:
                data = json.loads(lines[i])
            except json.JSONDecodeError:
                if i != filled[-1]:
                    raise InvalidRecordError(f"line {i + 1}", say("line_not_json")) from None
                # The last line, cut short when the run was killed: drop it,
                # so that the next set is appended on a line of its own.
                self.damaged += 1
                with self.path.open("r+", encoding="utf-8") as file:
                    file.truncate(len("\n".join(lines[:i]).encode("utf-8")) + 1)
                continue
            results.append(SetResult.from_dict(data, f"line {i + 1}"))
        if text and not text.endswith("\n") and not self.damaged:
            # A whole last line without its newline: end it, so that the
            # next set goes on a line of its own.
            with self.path.open("a", encoding="utf-8") as file:
                file.write("\n")
        return results

    def append(self, results: Sequence[SetResult]) -> None:
        """Add finished sets to the file, flushed to the disk at once.

        Raises:
            OSError: The file cannot be written (a full disk); whatever part
                of the sets was written is cut off again, so that the file
                ends with a whole line.

        """
        if not results:
            return
        text = "".join(json.dumps(result.as_dict()) + "\n" for result in results)
        with self.path.open("ab") as file:
            size = file.tell()
            try:
                file.write(text.encode("utf-8"))
                file.flush()
                os.fsync(file.fileno())
            except OSError:
                with contextlib.suppress(OSError):
                    file.truncate(size)
                raise
