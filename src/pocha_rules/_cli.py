"""The ``pocha`` command: play, simulate, check and show games in a terminal.

``pocha`` (or ``python -m pocha_rules``) has five subcommands:

- ``play``: a game in the terminal, human seats (``--human SEAT``) against
  bots, or bots only, with the score sheet round by round;
- ``simulate``: many bot games and a summary per seat;
- ``validate``: check a game record;
- ``replay``: the score sheet of a recorded game;
- ``rules``: every option of a rule set, and its schedule.

Rules come from ``--preset``, ``--players``, ``--deck`` and any number of
``--rule NAME=VALUE``. Output is plain text when stdout is not a terminal,
when ``NO_COLOR`` is set, with ``--plain``, or when the optional ``rich``
package (the ``cli`` extra) is not installed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Final, NoReturn, TextIO

from pocha_rules._engine import apply
from pocha_rules._errors import IllegalMoveError, PochaError
from pocha_rules._game import new_game
from pocha_rules._moves import Move, Play, parse_move
from pocha_rules._rules import RuleSet
from pocha_rules._schedules import PRESETS, Round
from pocha_rules._state import GameState, Phase, RoundResult
from pocha_rules.bots import Bot, HeuristicBot, RandomBot
from pocha_rules.views import PlayerView, observe

if TYPE_CHECKING:
    from pocha_rules.records import LenientReplay

__all__ = ["build_parser", "main"]

BOTS: Final[dict[str, Callable[[int], Bot]]] = {
    "heuristic": lambda seed: HeuristicBot(seed=seed),
    "random": lambda seed: RandomBot(seed=seed),
}
"""The bots the command line offers, by name."""

DEFAULT_BOT: Final = "heuristic"
_OPTIONS: Final = RuleSet().options()
_TRUE: Final = frozenset({"true", "yes", "on", "1"})
_FALSE: Final = frozenset({"false", "no", "off", "0"})


class _Stop(Exception):
    """Leave a command early with an exit status (the message is printed)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


# --- output ---------------------------------------------------------------------


class Output:
    """Where the command writes: plain text, or rich when it is wanted and
    available (a terminal, no ``NO_COLOR``, no ``--plain``).
    """

    def __init__(self, stream: TextIO, *, plain: bool) -> None:
        self.stream = stream
        self.console: Any = None
        if plain or os.environ.get("NO_COLOR") or not stream.isatty():
            return
        try:
            from rich.console import Console
        except ImportError:  # the optional 'cli' extra is not installed
            return
        self.console = Console(file=stream, highlight=False)

    @property
    def rich(self) -> bool:
        """Whether output goes through rich."""
        return self.console is not None

    def line(self, text: str = "", *, style: str | None = None) -> None:
        """Write one line."""
        if self.console is not None:
            from rich.text import Text

            self.console.print(Text(text, style=style or ""))
        else:
            print(text, file=self.stream, flush=True)

    def table(
        self,
        title: str | None,
        headers: Sequence[str],
        rows: Sequence[Sequence[str]],
        *,
        left: int = 1,
    ) -> None:
        """Write a table; the first ``left`` columns are left-aligned, the
        others right-aligned.
        """
        if self.console is not None:
            from rich.table import Table

            table = Table(title=title)
            for i, header in enumerate(headers):
                table.add_column(header, justify="left" if i < left else "right")
            for row in rows:
                table.add_row(*row)
            self.console.print(table)
            return
        if title:
            self.line(title)
        for row in _aligned([headers, *rows], left):
            self.line(row)

    @contextmanager
    def progress(self, total: int, label: str) -> Iterator[Callable[[], None]]:
        """A progress bar (rich only; plain output shows none): yields a
        function to call once per finished step.
        """
        if self.console is None:
            yield lambda: None
            return
        from rich.progress import Progress

        with Progress(console=self.console, transient=True) as bar:
            task = bar.add_task(label, total=total)
            yield lambda: bar.advance(task)


def _aligned(rows: Sequence[Sequence[str]], left: int) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    out = []
    for row in rows:
        cells = [
            cell.ljust(width) if i < left else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        out.append("  ".join(cells).rstrip())
    return out


# --- the score sheet --------------------------------------------------------------

_SEAT_WIDTH: Final = 11


class ScoreSheet:
    """A scorekeeper's sheet, written one round at a time: round, cards,
    trump, and each seat's bid/won and running total.
    """

    def __init__(self, out: Output, players: int) -> None:
        self.out = out
        self.players = players
        self.totals = [0] * players

    def header(self) -> None:
        """Write the column headings."""
        seats = "".join(f"seat {s}".rjust(_SEAT_WIDTH) for s in range(self.players))
        self.out.line(f"round cards  trump  {seats}", style="bold")

    def row(self, result: RoundResult) -> None:
        """Write one finished round."""
        cells = []
        for seat in range(self.players):
            self.totals[seat] += result.scores[seat]
            bid, won = result.bids[seat], result.won[seat]
            mark = " " if bid == won else "*"
            cells.append(f"{bid}/{won}{mark}{self.totals[seat]:>5}".rjust(_SEAT_WIDTH))
        cards = str(Round(result.cards, result.kind))
        self.out.line(f"{result.index + 1:>5} {cards:>5}  {result.trump!s:<7}{''.join(cells)}")

    def footer(self, state: GameState) -> None:
        """Write the final totals and the winners."""
        winners = ", ".join(f"seat {s}" for s in state.winners)
        self.out.line(
            f"final: {' '.join(str(t) for t in state.scores)}; winners: {winners}",
            style="bold green",
        )


def _sheet(out: Output, state: GameState) -> None:
    sheet = ScoreSheet(out, state.rules.players)
    sheet.header()
    for result in state.round_results:
        sheet.row(result)
    if state.is_over:
        sheet.footer(state)
    out.line("(a * marks a missed bid)")


# --- rules from the command line ----------------------------------------------------


def _rules_arguments(parser: argparse.ArgumentParser, *, preset: bool = True) -> None:
    group = parser.add_argument_group("rules")
    if preset:
        group.add_argument(
            "--preset",
            choices=tuple(PRESETS),
            default=None,
            help="the schedule preset (default: classic)",
        )
    group.add_argument("--players", type=int, default=None, help="3 to 8 (default 4)")
    group.add_argument("--deck", type=int, default=None, help="40 or 48 cards (default 40)")
    group.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set any option, e.g. must_overtake=false, miss_penalty=per_trick_bid, "
        "schedule=1,2,3a (repeatable; see 'pocha rules')",
    )


def _option_value(name: str, text: str) -> object:
    default = _OPTIONS[name]
    raw = text.strip()
    if name == "schedule":
        if raw in PRESETS:
            return raw
        return tuple(part.strip() for part in raw.split(",") if part.strip())
    if name == "rank_order":
        try:
            return tuple(int(part) for part in raw.split(","))
        except ValueError:
            raise ValueError(
                f"expected ranks separated by commas (1,3,12,...), got {raw!r}"
            ) from None
    if name == "remove_twos" or isinstance(default, bool):
        if raw.lower() in _TRUE:
            return True
        if raw.lower() in _FALSE:
            return False
        raise ValueError(f"expected true or false, got {raw!r}")
    if isinstance(default, str):  # a choice (StrEnum)
        return raw
    try:
        return int(raw)
    except ValueError:
        raise ValueError(f"expected a whole number, got {raw!r}") from None


def rules_from_args(args: argparse.Namespace, fail: Callable[[str], NoReturn]) -> RuleSet:
    """The :class:`RuleSet` the rules options of ``args`` describe.

    ``fail`` is called with a one-line message when they make no sense.
    """
    options: dict[str, object] = {}
    preset = getattr(args, "preset", None)
    if preset is not None:
        options["schedule"] = preset
    if args.players is not None:
        options["players"] = args.players
    if args.deck is not None:
        options["deck"] = args.deck
    for item in args.rule:
        name, sep, value = item.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or not name:
            fail(f"--rule {item!r}: expected NAME=VALUE")
        if name not in _OPTIONS:
            fail(f"--rule {name}: no such option; options: {', '.join(_OPTIONS)}")
        try:
            options[name] = _option_value(name, value)
        except ValueError as error:
            fail(f"--rule {name}: {error}")
    try:
        return RuleSet(**options)  # type: ignore[arg-type]
    except PochaError as error:
        fail(str(error))


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(str(item) for item in value)
    return str(value)


# --- pocha rules ------------------------------------------------------------------------


def _cmd_rules(args: argparse.Namespace, out: Output, fail: Callable[[str], NoReturn]) -> int:
    if args.name is not None:
        args.preset = args.name
    rules = rules_from_args(args, fail)
    rows = [[name, _option_text(value)] for name, value in rules.options().items()]
    rows = [row for row in rows if row[0] != "schedule"]
    out.table(None, ["option", "value"], rows, left=2)
    out.line()
    out.line(
        f"{rules.players} players, {rules.deck_size} cards in play, "
        f"hands of up to {rules.max_cards} cards"
    )
    out.line(f"schedule ({len(rules.schedule)} rounds): {' '.join(map(str, rules.schedule))}")
    return 0


# --- pocha play ------------------------------------------------------------------------


def _bots_for(names: Sequence[str], seed: int) -> list[Bot]:
    return [BOTS[name](seed + 1 + seat) for seat, name in enumerate(names)]


def _describe_trump(view: PlayerView) -> str:
    if view.trump is None:
        if view.round_kind.value == "auction":
            return "trump: not chosen yet (auction round)"
        return f"trump: not chosen yet (seat {view.dealer} chooses)"
    text = f"trump: {view.trump} ({view.trump.english})"
    card = view.trump_card
    if card is not None:
        if view.trump_card_shown_by_dealer:
            held = " and still holds it" if view.dealer_holds_trump_card else ""
            text += f", seat {view.dealer} showed {card}{held}"
        else:
            text += f", {card} turned up"
    return text


def _prompt_lines(view: PlayerView) -> list[str]:
    n = view.players
    total = len(view.rules.schedule)
    number = f"{view.round_index + 1}/{total}" if view.round_index < total else "tiebreak"
    lines = [
        "",
        f"== round {number}: {view.round} ({view.round_kind.value}), "
        f"seat {view.dealer} deals; you are seat {view.seat}",
        _describe_trump(view),
    ]
    if view.calls:
        lines.append("auction: " + ", ".join(f"seat {s} {c}" for s, c in view.calls))
    bids = ["-" if bid is None else str(bid) for bid in view.bids]
    lines.append("bids:    " + "  ".join(f"seat {s}: {bids[s]}" for s in range(n)))
    lines.append("won:     " + "  ".join(f"seat {s}: {view.tricks_won[s]}" for s in range(n)))
    lines.append("scores:  " + "  ".join(f"seat {s}: {view.scores[s]}" for s in range(n)))
    if view.trick:
        lines.append("trick:   " + ", ".join(f"seat {p.seat} {p.card}" for p in view.trick))
    if view.round_kind.value == "blind" and view.phase is not Phase.PLAY:
        seen = [
            f"seat {s}: {' '.join(map(str, hand))}"
            for s, hand in enumerate(view.visible_hands)
            if hand is not None and s != view.seat
        ]
        lines.append("you see: " + ", ".join(seen) + " (your own card is hidden)")
    else:
        lines.append(f"hand:    {' '.join(map(str, view.hand)) or '(none)'}")
    moves = view.legal_moves()
    lines.append("moves:   " + "  ".join(f"{i}) {m}" for i, m in enumerate(moves, 1)))
    return lines


_HELP: Final = (
    "type a move ('bid 2', 'play 12o' or just '12o', 'trump o', 'call 3', 'pass'), "
    "the number of a move in the list, or 'quit'"
)


def _read_move(state: GameState, seat: int, out: Output, stdin: TextIO, show: bool = True) -> Move:
    view = observe(state, seat)
    if show:
        for line in _prompt_lines(view):
            out.line(line)
    moves = view.legal_moves()
    while True:
        out.stream.write(f"seat {seat}> ")
        out.stream.flush()
        entry = stdin.readline()
        if not entry:
            out.line()  # end the prompt's line
            raise _Stop(1, "end of input: the game is abandoned")
        text = entry.strip()
        if not stdin.isatty():  # show piped entries, so the transcript reads well
            out.stream.write(text + "\n")
        if not text:
            continue
        if text.lower() in ("quit", "exit"):
            raise _Stop(1, "the game is abandoned")
        if text.lower() in ("help", "?"):
            out.line(_HELP)
            continue
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(moves):
                return moves[number - 1]
            out.line(f"there is no move {number}: choose 1 to {len(moves)}")
            continue
        try:
            move = parse_move(text, deck=state.rules.deck)
        except PochaError as error:
            out.line(f"{error}; {_HELP}")
            continue
        try:
            apply(state, move)
        except IllegalMoveError as error:
            out.line(f"not allowed: {error.reason}")
            continue
        return move


def _narrate(out: Output, before: GameState, move: Move, after: GameState) -> None:
    seat = before.to_move
    out.line(f"seat {seat}: {move}")
    if type(move) is not Play or len(before.trick) + 1 < before.rules.players:
        return
    if after.is_over or after.round_index != before.round_index:
        result = after.round_results[-1]
        won = result.won
    else:
        won = after.tricks_won
    winner = next(s for s in range(len(won)) if won[s] != before.tricks_won[s])
    out.line(f"  seat {winner} takes the trick")


def _cmd_play(args: argparse.Namespace, out: Output, fail: Callable[[str], NoReturn]) -> int:
    rules = rules_from_args(args, fail)
    humans = set(args.human)
    for seat in humans:
        if not 0 <= seat < rules.players:
            fail(f"--human {seat}: seats run from 0 to {rules.players - 1}")
    if args.dealer is not None and not 0 <= args.dealer < rules.players:
        fail(f"--dealer {args.dealer}: seats run from 0 to {rules.players - 1}")
    state = new_game(rules, seed=args.seed, dealer=args.dealer)
    bots = _bots_for([args.bot] * rules.players, state.seed)
    names = ["you" if s in humans else f"{args.bot} bot" for s in range(rules.players)]
    out.line(
        f"Pocha: {rules.players} players, {len(rules.schedule)} rounds, seed {state.seed}, "
        f"seat {state.first_dealer} deals first"
    )
    out.line("seats: " + ", ".join(f"{s} {name}" for s, name in enumerate(names)))
    sheet = ScoreSheet(out, rules.players)
    if not humans:
        sheet.header()
    try:
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            if seat in humans:
                move = _read_move(state, seat, out, sys.stdin)
            else:
                move = bots[seat].act(observe(state, seat))
            after = apply(state, move)
            if humans:
                _narrate(out, state, move, after)
            finished = after.round_results[len(state.round_results) :]
            for result in finished:
                if humans:  # the whole sheet so far, after the narration
                    out.line()
                    sheet = ScoreSheet(out, rules.players)
                    sheet.header()
                    for earlier in after.round_results:
                        sheet.row(earlier)
                else:
                    sheet.row(result)
            state = after
    except _Stop as stop:
        _save(args.save, state, out, partial=True)
        raise stop
    sheet.footer(state)
    _save(args.save, state, out)
    return 0


def _save(path: str | None, state: GameState, out: Output, *, partial: bool = False) -> None:
    if path is None:
        return
    from pocha_rules.records import GameRecord, dump

    try:
        dump(GameRecord.from_state(state), path)
    except OSError as error:
        raise _Stop(1, f"cannot write {path}: {error.strerror or error}") from None
    what = "the game so far" if partial else "the game"
    out.line(f"{what} is saved in {path}")


# --- pocha simulate ---------------------------------------------------------------------------


def _cmd_simulate(args: argparse.Namespace, out: Output, fail: Callable[[str], NoReturn]) -> int:
    rules = rules_from_args(args, fail)
    names = [name.strip() for name in args.bots.split(",") if name.strip()]
    for name in names:
        if name not in BOTS:
            fail(f"--bots: unknown bot {name!r}; bots: {', '.join(BOTS)}")
    if len(names) == 1:
        names *= rules.players
    if len(names) != rules.players:
        fail(f"--bots: {len(names)} bots for {rules.players} players (give 1 or one per seat)")
    if args.games < 1:
        fail(f"-n: at least one game, got {args.games}")
    n = rules.players
    totals = [0] * n
    exact = [0] * n
    pochas = [0] * n
    wins = [0] * n
    rounds = 0
    base = args.seed if args.seed is not None else int(time.time())
    started = time.perf_counter()
    with out.progress(args.games, "simulating") as advance:
        for game in range(args.games):
            seed = base + game
            bots = _bots_for(names, seed)
            state = new_game(rules, seed=seed)
            while not state.is_over:
                seat = state.to_move
                assert seat is not None
                state = apply(state, bots[seat].act(observe(state, seat)))
            for seat, total in enumerate(state.scores):
                totals[seat] += total
            for result in state.round_results:
                rounds += 1
                for seat in range(n):
                    if result.bids[seat] == result.won[seat]:
                        exact[seat] += 1
                        if result.won[seat] == result.cards >= rules.pocha_min_cards:
                            pochas[seat] += 1
            for seat in state.winners:
                wins[seat] += 1
            advance()
    seconds = time.perf_counter() - started
    games = args.games
    seats: list[dict[str, Any]] = [
        {
            "seat": seat,
            "bot": names[seat],
            "mean_score": totals[seat] / games,
            "exact_bid_rate": exact[seat] / rounds,
            "pochas": pochas[seat],
            "wins": wins[seat],
        }
        for seat in range(n)
    ]
    if args.json:
        report = {
            "games": games,
            "rounds": rounds,
            "first_seed": base,
            "seconds": seconds,
            "games_per_second": games / seconds if seconds else None,
            "rules": {k: _json_option(v) for k, v in rules.options().items()},
            "seats": seats,
        }
        print(json.dumps(report, indent=2), file=out.stream)
        return 0
    rows = [
        [
            f"seat {s['seat']} ({s['bot']})",
            f"{s['mean_score']:.1f}",
            f"{100 * s['exact_bid_rate']:.1f}%",
            str(s["pochas"]),
            str(s["wins"]),
        ]
        for s in seats
    ]
    out.table(
        f"{games} games, seeds {base} to {base + games - 1}",
        ["seat", "mean score", "exact bids", "pochas", "wins"],
        rows,
    )
    rate = f"{games / seconds:.1f}" if seconds else "inf"
    out.line(f"{seconds:.2f} s, {rate} games per second")
    return 0


def _json_option(value: object) -> object:
    if isinstance(value, tuple):
        return [str(item) if isinstance(item, Round) else item for item in value]
    return value


# --- pocha validate / replay ---------------------------------------------------------------


def _load_and_replay(path: str, lenient: bool) -> tuple[GameState, LenientReplay | None]:
    from pocha_rules._errors import InvalidRecordError
    from pocha_rules.records import load, replay, replay_lenient

    try:
        record = load(path)
        if lenient:
            result = replay_lenient(record)
            return result.state, result
        return replay(record), None
    except OSError as error:
        raise _Stop(1, f"cannot read {path}: {error.strerror or error}") from None
    except InvalidRecordError as error:
        raise _Stop(1, f"{path}: {error}") from None


def _cmd_validate(args: argparse.Namespace, out: Output, fail: Callable[[str], NoReturn]) -> int:
    state, lenient = _load_and_replay(args.file, args.lenient)
    rounds = len(state.round_results)
    status = "finished" if state.is_over else f"in progress (round {state.round_index + 1})"
    out.line(f"OK: {args.file}: {rounds} rounds, {len(state.history)} moves, game {status}")
    if lenient is not None:
        _report_revokes(out, lenient)
    return 0


def _report_revokes(out: Output, lenient: LenientReplay) -> None:
    if not lenient.revokes:
        out.line("no revokes")
        return
    for revoke in lenient.revokes:
        out.line(
            f"revoke: moves[{revoke.index}] seat {revoke.seat} {revoke.move}: {revoke.reason}"
        )
    out.line("totals with revoke penalties: " + " ".join(str(t) for t in lenient.totals))


def _cmd_replay(args: argparse.Namespace, out: Output, fail: Callable[[str], NoReturn]) -> int:
    state, lenient = _load_and_replay(args.file, args.lenient)
    rules = state.rules
    out.line(
        f"{args.file}: {rules.players} players, seed {state.seed}, "
        f"seat {state.first_dealer} dealt first"
    )
    _sheet(out, state)
    if not state.is_over:
        out.line(f"the game stops in round {state.round_index + 1}")
    if lenient is not None:
        _report_revokes(out, lenient)
    return 0


# --- the parser ------------------------------------------------------------------------------


def version_line() -> str:
    """The version, and whether the engine runs compiled or as pure Python."""
    from pocha_rules import __version__, _engine

    build = "pure Python" if _engine.__file__.endswith(".py") else "compiled with mypyc"
    return f"pocha-rules {__version__} ({build})"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``pocha`` command."""
    parser = argparse.ArgumentParser(
        prog="pocha",
        description="Pocha, the Spanish game of exact bids: play, simulate and check games.",
    )
    plain_help = "plain text output (no colours, tables or bars)"
    parser.add_argument("--plain", action="store_true", help=plain_help)
    parser.add_argument("--version", action="version", version=version_line())
    # Each command takes --plain too; SUPPRESS keeps a command's default from
    # hiding the top-level flag.
    output = argparse.ArgumentParser(add_help=False)
    output.add_argument("--plain", action="store_true", default=argparse.SUPPRESS, help=plain_help)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    play = commands.add_parser(
        "play", parents=[output], help="play a game in the terminal (or watch bots play)"
    )
    play.add_argument(
        "--human",
        action="append",
        type=int,
        default=[],
        metavar="SEAT",
        help="a seat you play (repeatable); with none, bots play every seat",
    )
    play.add_argument(
        "--bot", choices=tuple(BOTS), default=DEFAULT_BOT, help="the bot at the other seats"
    )
    play.add_argument("--seed", type=int, default=None, help="deal from this seed")
    play.add_argument("--dealer", type=int, default=None, help="the first dealer's seat")
    play.add_argument("--save", metavar="FILE", default=None, help="write the game record")
    _rules_arguments(play)
    play.set_defaults(run=_cmd_play, subparser=play)

    simulate = commands.add_parser(
        "simulate", parents=[output], help="play many bot games and compare the seats"
    )
    simulate.add_argument("-n", "--games", type=int, default=100, help="games to play")
    simulate.add_argument(
        "--bots",
        default=DEFAULT_BOT,
        metavar="BOT,...",
        help=f"one bot for all seats or one per seat ({', '.join(BOTS)})",
    )
    simulate.add_argument("--seed", type=int, default=None, help="seed of the first game")
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON")
    _rules_arguments(simulate)
    simulate.set_defaults(run=_cmd_simulate, subparser=simulate)

    validate = commands.add_parser("validate", parents=[output], help="check a game record")
    validate.add_argument("file", help="the record (JSON)")
    validate.add_argument(
        "--lenient", action="store_true", help="allow revokes (charged revoke_penalty)"
    )
    validate.set_defaults(run=_cmd_validate, subparser=validate)

    replay = commands.add_parser(
        "replay", parents=[output], help="the score sheet of a recorded game"
    )
    replay.add_argument("file", help="the record (JSON)")
    replay.add_argument(
        "--lenient", action="store_true", help="allow revokes (charged revoke_penalty)"
    )
    replay.set_defaults(run=_cmd_replay, subparser=replay)

    rules = commands.add_parser("rules", parents=[output], help="show every option of a rule set")
    rules.add_argument("name", nargs="?", choices=tuple(PRESETS), metavar="PRESET")
    _rules_arguments(rules, preset=True)
    rules.set_defaults(run=_cmd_rules, subparser=rules)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``pocha`` command and return its exit status.

    0: done; 1: a game was abandoned or a record refused; 2: bad arguments.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    out = Output(sys.stdout, plain=args.plain)
    sub: argparse.ArgumentParser = args.subparser

    def fail(message: str) -> NoReturn:
        sub.error(message)

    try:
        status: int = args.run(args, out, fail)
    except _Stop as stop:
        print(f"pocha {args.command}: {stop.message}", file=sys.stderr)
        return stop.status
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``pocha replay game.json | head``): stop
        # quietly, and keep Python from complaining when it flushes stdout.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return status
