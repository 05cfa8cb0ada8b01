"""``pocha play``: a game in the terminal, people against bots or bots alone."""

from __future__ import annotations

import argparse
import sys
from typing import Final, TextIO

from pocha_rules._cli.options import (
    BOTS,
    DEFAULT_BOT,
    Fail,
    bots_for,
    rules_arguments,
    rules_from_args,
)
from pocha_rules._cli.output import Output, Stop
from pocha_rules._cli.sheet import ScoreSheet
from pocha_rules._engine import apply
from pocha_rules._errors import IllegalMoveError, InvalidRecordError, PochaError
from pocha_rules._game import new_game
from pocha_rules._moves import Move, Play, parse_move
from pocha_rules._state import GameState, Phase
from pocha_rules._tags import Tags
from pocha_rules._text import printable, shown_path
from pocha_rules.views import PlayerView, observe

__all__ = ["add_parser", "run", "save"]


def add_parser(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    parents: list[argparse.ArgumentParser],
) -> None:
    """Add ``pocha play`` to ``commands``."""
    parser = commands.add_parser(
        "play", parents=parents, help="play a game in the terminal (or watch bots play)"
    )
    parser.add_argument(
        "--human",
        action="append",
        type=int,
        default=[],
        metavar="SEAT",
        help="a seat you play (repeatable); with none, bots play every seat",
    )
    parser.add_argument(
        "--bot", choices=tuple(BOTS), default=DEFAULT_BOT, help="the bot at the other seats"
    )
    parser.add_argument("--seed", type=int, default=None, help="deal from this seed")
    parser.add_argument("--dealer", type=int, default=None, help="the first dealer's seat")
    parser.add_argument("--save", metavar="FILE", default=None, help="write the game record")
    parser.add_argument(
        "--tag",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a tag for the saved record, such as event=Fiestas or site=Madrid (repeatable)",
    )
    rules_arguments(parser)
    parser.set_defaults(run=run, subparser=parser)


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
            raise Stop(1, "end of input: the game is abandoned")
        text = entry.strip()
        if not stdin.isatty():  # show piped entries, so the transcript reads well
            out.stream.write(printable(text) + "\n")
        if not text:
            continue
        if text.lower() in ("quit", "exit"):
            raise Stop(1, "the game is abandoned")
        if text.lower() in ("help", "?"):
            out.line(_HELP)
            continue
        if text.isdigit() and text.isascii():
            number = int(text) if len(text) <= 6 else 0  # Python refuses huge texts
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


def _tags(items: list[str], fail: Fail) -> Tags:
    """The record's tags given as ``--tag NAME=VALUE``."""
    pairs = []
    for item in items:
        name, sep, value = item.partition("=")
        if not sep:
            fail(f"--tag {printable(item)}: expected NAME=VALUE")
        pairs.append((name.strip(), value.strip()))
    try:
        return Tags(pairs)
    except InvalidRecordError as error:
        fail(f"--tag: {error.where}: {error.reason}")


def run(args: argparse.Namespace, out: Output, fail: Fail) -> int:
    rules = rules_from_args(args, fail)
    tags = _tags(args.tag, fail)
    humans = set(args.human)
    for seat in humans:
        if not 0 <= seat < rules.players:
            fail(f"--human {seat}: seats run from 0 to {rules.players - 1}")
    if args.dealer is not None and not 0 <= args.dealer < rules.players:
        fail(f"--dealer {args.dealer}: seats run from 0 to {rules.players - 1}")
    state = new_game(rules, seed=args.seed, dealer=args.dealer)
    bots = bots_for([args.bot] * rules.players, state.seed)
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
    except Stop as stop:
        save(args.save, state, out, partial=True, tags=tags)
        raise stop
    sheet.footer(state)
    save(args.save, state, out, tags=tags)
    return 0


def save(
    path: str | None,
    state: GameState,
    out: Output,
    *,
    partial: bool = False,
    tags: Tags | None = None,
) -> None:
    if path is None:
        return
    from pocha_rules.records import GameRecord, dump

    try:
        dump(GameRecord.from_state(state, tags=tags), path)
    except OSError as error:
        reason = printable(str(error.strerror or error))
        raise Stop(1, f"cannot write {shown_path(path)}: {reason}") from None
    what = "the game so far" if partial else "the game"
    out.line(f"{what} is saved in {shown_path(path)}")
