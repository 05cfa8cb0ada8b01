"""``pocha simulate``: many bot games and a summary per seat."""

from __future__ import annotations

import argparse
import functools
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, Self, TypeVar

import attrs

from pocha_rules._cli.i18n import _
from pocha_rules._cli.options import (
    BOTS,
    DEFAULT_BOT,
    Fail,
    bots_for,
    games_from_args,
    rules_arguments,
    rules_data,
    rules_from_args,
    seed_from_args,
)
from pocha_rules._cli.output import Output
from pocha_rules._cli.workers import (
    speed_line,
    spread,
    spread_arguments,
    stop_status,
    workers_from_args,
)
from pocha_rules._pocha.engine import apply
from pocha_rules._pocha.game import new_game
from pocha_rules._pocha.rules import RuleSet
from pocha_rules.parallel import run_chunks
from pocha_rules.views import observe

__all__ = [
    "SeatColumn",
    "SeatGames",
    "SeatRun",
    "SeatSums",
    "Sums",
    "bots_from_args",
    "means",
    "options",
    "print_summary",
    "run",
    "seat_games",
    "simulate_arguments",
]

_S = TypeVar("_S", bound="SeatSums")


def options(parser: argparse.ArgumentParser) -> None:
    """The options of ``pocha simulate``."""
    simulate_arguments(parser, BOTS, DEFAULT_BOT)
    rules_arguments(parser)


def simulate_arguments(
    parser: argparse.ArgumentParser, bots: Mapping[str, object], default: str
) -> None:
    """The options of ``simulate`` for either game: ``-n``, ``--bots`` (one
    of ``bots`` by name), ``--seed``, ``--json`` and how to spread the games."""
    parser.add_argument("-n", "--games", type=int, default=100, help=_("games to play"))
    parser.add_argument(
        "--bots",
        default=default,
        metavar="BOT,...",
        help=_("one bot for all seats or one per seat ({bots})").format(bots=", ".join(bots)),
    )
    parser.add_argument("--seed", type=int, default=None, help=_("seed of the first game"))
    parser.add_argument("--json", action="store_true", help=_("print the summary as JSON"))
    spread_arguments(parser)


def bots_from_args(
    args: argparse.Namespace, bots: Mapping[str, object], players: int, fail: Fail
) -> list[str]:
    """The bot at each seat that ``--bots`` names: one for every seat, or
    one per seat, each one of ``bots``."""
    names = [name.strip() for name in args.bots.split(",") if name.strip()]
    for name in names:
        if name not in bots:
            fail(
                _("--bots: unknown bot {name}; bots: {bots}").format(
                    name=repr(name), bots=", ".join(bots)
                )
            )
    if len(names) == 1:
        names *= players
    if len(names) != players:
        fail(
            _("--bots: {count} bots for {players} players (give 1 or one per seat)").format(
                count=len(names), players=players
            )
        )
    return names


class SeatSums:
    """Integer sums over games, for a summary: the games, the names of
    :attr:`COUNTS` (numbers over all seats) and of :attr:`PER_SEAT` (one
    number per seat), added up chunk by chunk."""

    COUNTS: ClassVar[tuple[str, ...]] = ()
    """The attributes that are one number."""
    PER_SEAT: ClassVar[tuple[str, ...]] = ()
    """The attributes that are a number per seat."""

    def __init__(self, players: int) -> None:
        self.games = 0
        for name in self.COUNTS:
            setattr(self, name, 0)
        for name in self.PER_SEAT:
            setattr(self, name, [0] * players)

    def add(self, other: Self) -> None:
        """Add ``other``'s games to these."""
        self.games += other.games
        for name in self.COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in self.PER_SEAT:
            mine = getattr(self, name)
            for seat, value in enumerate(getattr(other, name)):
                mine[seat] += value


class Sums(SeatSums):
    """Integer sums over games of Pocha, by seat: what the summary is made of."""

    COUNTS = ("rounds",)
    PER_SEAT = ("totals", "exact", "pochas", "wins")
    rounds: int
    totals: list[int]
    exact: list[int]
    pochas: list[int]
    wins: list[int]


class SeatGames:
    """Plays a chunk of the command's games (game ``i`` is dealt from
    ``base + i``, each bot seeded from it and its seat) in any process."""

    def __init__(self, rules: RuleSet, names: Sequence[str], base: int) -> None:
        self.rules = rules
        self.names = tuple(names)
        self.base = base

    def __call__(self, chunk: range) -> Sums:
        rules = self.rules
        n = rules.players
        sums = Sums(n)
        for game in chunk:
            seed = self.base + game
            bots = bots_for(self.names, seed)
            state = new_game(rules, seed=seed)
            while not state.is_over:
                seat = state.to_move
                assert seat is not None
                state = apply(state, bots[seat].act(observe(state, seat)))
            sums.games += 1
            for seat, total in enumerate(state.scores):
                sums.totals[seat] += total
            for result in state.round_results:
                sums.rounds += 1
                for seat in range(n):
                    if result.bids[seat] == result.won[seat]:
                        sums.exact[seat] += 1
                        if result.won[seat] == result.cards >= rules.pocha_min_cards:
                            sums.pochas[seat] += 1
            for seat in state.winners:
                sums.wins[seat] += 1
        return sums


@attrs.frozen
class SeatRun(Generic[_S]):
    """What a ``simulate`` command's games gave."""

    sums: _S
    """The sums over the games that finished."""
    stopped: Exception | KeyboardInterrupt | None
    """What stopped the run; ``None`` when every game finished."""
    seconds: float
    """How long the games took."""
    base: int
    """The seed of game 0."""
    workers: int
    """The processes that played them."""


@attrs.frozen
class SeatColumn:
    """A column of a ``simulate`` summary: one number for each seat, a
    member of each seat's JSON entry and a column of the table."""

    key: str
    """The member's name in each seat's entry."""
    header: str
    """The column's heading in the table."""
    values: Sequence[float | None]
    """The number of each seat; ``None`` where there is none (the table
    shows ``-``)."""
    text: Callable[[float], str] = str
    """How the table writes a number."""

    def cell(self, seat: int) -> str:
        """The table's cell of ``seat``."""
        value = self.values[seat]
        return "-" if value is None else self.text(value)


def means(totals: Sequence[int], count: int) -> list[float | None]:
    """Each of ``totals`` divided by ``count``; ``None`` each when ``count``
    is 0."""
    return [total / count if count else None for total in totals]


def _percent(rate: float) -> str:
    return f"{100 * rate:.1f}%"


def print_summary(
    out: Output,
    args: argparse.Namespace,
    run: SeatRun[Any],
    command: str,
    report: Mapping[str, object],
    title: str,
    names: Sequence[str],
    columns: Sequence[SeatColumn],
) -> int:
    """Print a ``simulate`` command's summary of ``run``: as JSON
    (``report``'s members, how the run went, then an entry for each seat
    with its bot and ``columns``) with ``--json``, else as a table (``title``
    when every game finished, a row for each seat) and a line of speed;
    return the command's status."""
    games, base, seconds, stopped = run.sums.games, run.base, run.seconds, run.stopped
    if args.json:
        counts = dict(report)
        rules = counts.pop("rules")
        whole = {
            **counts,
            "first_seed": base,
            "seconds": seconds,
            "games_per_second": games / seconds if seconds else None,
            "workers": run.workers,
            "complete": stopped is None,
            "rules": rules,
            "seats": [
                {"seat": seat, "bot": bot, **{c.key: c.values[seat] for c in columns}}
                for seat, bot in enumerate(names)
            ],
        }
        print(json.dumps(whole, indent=2), file=out.stream)
        return stop_status(command, stopped, games, args.games)
    if stopped is not None:
        title = _(
            "{games} of {asked} games (seeds from {first}); the others did not finish"
        ).format(games=games, asked=args.games, first=base)
    rows = [
        [_("seat {seat} ({bot})").format(seat=seat, bot=bot), *(c.cell(seat) for c in columns)]
        for seat, bot in enumerate(names)
    ]
    out.table(title, [_("seat"), *(column.header for column in columns)], rows)
    out.line(speed_line(games, seconds, run.workers))
    return stop_status(command, stopped, games, args.games)


def seat_games(
    args: argparse.Namespace,
    out: Output,
    fail: Fail,
    job: Callable[[int], Callable[[range], _S]],
    sums: _S,
) -> SeatRun[_S]:
    """Play the games ``-n`` asks for (game ``i`` dealt from ``--seed`` +
    ``i``), a chunk at a time over ``--workers`` processes, each chunk by
    ``job(seed)`` (``seed``: game 0's), adding each chunk's sums to
    ``sums``."""
    games_from_args(args, fail)
    workers = workers_from_args(args, fail)
    base = seed_from_args(args, fail, games=args.games)
    chunks, stopped, seconds = spread(
        out,
        args.games,
        _("simulating"),
        lambda advance: run_chunks(
            job(base), args.games, workers=workers, chunk_size=args.chunk_size, progress=advance
        ),
    )
    for _numbers, part in chunks:
        sums.add(part)
    return SeatRun(sums, stopped, seconds, base, workers)


def run(args: argparse.Namespace, out: Output, fail: Fail) -> int:
    rules = rules_from_args(args, fail)
    names = bots_from_args(args, BOTS, rules.players, fail)
    n = rules.players
    run = seat_games(args, out, fail, functools.partial(SeatGames, rules, names), Sums(n))
    sums, base = run.sums, run.base
    games, rounds = sums.games, sums.rounds
    columns = (
        SeatColumn("mean_score", _("mean score"), means(sums.totals, games), "{:.1f}".format),
        SeatColumn("exact_bid_rate", _("exact bids"), means(sums.exact, rounds), _percent),
        SeatColumn("pochas", _("pochas"), sums.pochas),
        SeatColumn("wins", _("wins"), sums.wins),
    )
    title = _("{games} games, seeds {first} to {last}").format(
        games=games, first=base, last=base + games - 1
    )
    report = {"games": games, "rounds": rounds, "rules": rules_data(rules)}
    return print_summary(out, args, run, "simulate", report, title, names, columns)
