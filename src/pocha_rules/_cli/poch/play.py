"""``pocha poch play``: a game of Poch in the terminal, people against
bots or bots alone."""

from __future__ import annotations

import argparse
import contextlib
import shlex
import sys
from typing import TYPE_CHECKING, Final, TextIO

from pocha_rules._cli.i18n import _
from pocha_rules._cli.options import Fail, examples, seed_from_args
from pocha_rules._cli.output import Output, Stop
from pocha_rules._cli.play import tags_from_args
from pocha_rules._cli.poch.options import (
    BOTS,
    DEFAULT_BOT,
    bots_for,
    rules_arguments,
    rules_from_args,
)
from pocha_rules._cli.poch.show import (
    deal_title,
    final_lines,
    help_lines,
    narrate_payments,
    prompt_lines,
)
from pocha_rules._cli.records import read_record
from pocha_rules._cli.saving import check_target, save
from pocha_rules._cli.signals import interruptible
from pocha_rules._common.errors import IllegalMoveError, PochaError
from pocha_rules._common.tags import Tags
from pocha_rules._common.text import printable, shown_path
from pocha_rules.poch import Bot, GameState, Move, RuleSet, apply, new_game, observe, parse_move

if TYPE_CHECKING:
    from pocha_rules.poch.records import GameRecord

__all__ = ["add_parser", "run"]


def add_parser(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    parents: list[argparse.ArgumentParser],
) -> None:
    """Add ``pocha poch play`` to ``commands``."""
    parser = commands.add_parser(
        "play",
        parents=parents,
        help=_("play a game of Poch in the terminal (or watch bots play)"),
        description=_("Play a game of Poch in the terminal against bots, or watch bots play."),
        **examples(
            "pocha poch play --human 0 --save poch.json                      # "
            + _("you and three bots"),
            "pocha poch play --resume poch.json --human 0 --save poch.json   # "
            + _("go on with it"),
            "pocha poch play --players 5 --seed 7                            # "
            + _("watch five bots"),
        ),
    )
    parser.add_argument(
        "--human",
        action="append",
        type=int,
        default=[],
        metavar="SEAT",
        help=_("a seat you play (repeatable); with none, bots play every seat"),
    )
    parser.add_argument(
        "--bot", choices=tuple(BOTS), default=DEFAULT_BOT, help=_("the bot at the other seats")
    )
    parser.add_argument("--seed", type=int, default=None, help=_("deal from this seed"))
    parser.add_argument("--dealer", type=int, default=None, help=_("the first dealer's seat"))
    parser.add_argument(
        "--save",
        metavar="FILE",
        default=None,
        help=_("write the game record when the game ends, or is quit or interrupted"),
    )
    parser.add_argument(
        "--force", action="store_true", help=_("let --save replace a file that exists")
    )
    parser.add_argument(
        "--resume",
        metavar="FILE",
        default=None,
        help=_(
            "continue the unfinished game saved in FILE; name the human seats again with --human"
        ),
    )
    parser.add_argument(
        "--tag",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=_("a tag for the saved record, such as site=Leipzig (repeatable)"),
    )
    rules_arguments(parser)
    parser.set_defaults(run=run, subparser=parser, command="poch play")


_NEW_GAME_OPTIONS: Final = (
    ("seed", "--seed"),
    ("dealer", "--dealer"),
    ("players", "--players"),
    ("deck", "--deck"),
    ("rule", "--rule"),
)


def run(args: argparse.Namespace, out: Output, fail: Fail) -> int:
    if args.resume is not None:
        for name, option in _NEW_GAME_OPTIONS:
            if getattr(args, name) not in (None, []):
                fail(
                    _(
                        "--resume with {option}: a saved game keeps its rules, seed and first "
                        "dealer; leave {option} out"
                    ).format(option=option)
                )
    if args.force and args.save is None:
        fail(_("--force: only with --save FILE (it lets the save replace FILE)"))
    replace = False
    if args.save is not None:
        replace = check_target(args.save, force=args.force, replaceable=args.resume, fail=fail)
    record = None
    if args.resume is not None:
        record, state = _resume(args.resume)
        rules = state.rules
    else:
        rules = rules_from_args(args, fail)
        if args.dealer is not None:
            _check_seat(args.dealer, "--dealer", rules, fail)
        if args.seed is not None:
            seed_from_args(args, fail)
        state = new_game(rules, seed=args.seed, dealer=args.dealer)
    for seat in args.human:
        _check_seat(seat, "--human", rules, fail)
    args.tags = tags_from_args(args.tag, Tags() if record is None else record.tags, fail)
    humans = sorted(set(args.human))
    bots = bots_for([args.bot] * rules.players, state.seed)
    names = [
        _("you") if s in humans else _("{bot} bot").format(bot=args.bot)
        for s in range(rules.players)
    ]
    out.line(
        _(
            "Poch: {players} players, {cards} cards, {chips} chips each, "
            "seed {seed}, seat {seat} deals first"
        ).format(
            players=rules.players,
            cards=rules.deck,
            chips=rules.starting_chips,
            seed=state.seed,
            seat=state.first_dealer,
        )
    )
    earlier: list[Step] = []
    if record is not None:
        earlier = _catch_up(record, bots, humans)
        moves = len(record.moves)
        out.line(
            f"resumed from {shown_path(args.resume)}: deal {state.deal_number + 1}, "
            f"{moves} moves played"
        )
    out.line(_("seats: ") + ", ".join(f"{s} {name}" for s, name in enumerate(names)))
    table = _Table(state, humans, bots, out, earlier)
    try:
        with interruptible():
            table.play()
    except KeyboardInterrupt:  # Ctrl-C, a hangup: keep the game so far
        with contextlib.suppress(OSError):
            out.line()
        _keep(args, table.state, humans, replace, out)
        raise Stop(130, _("interrupted")) from None
    except BaseException:  # quit, end of input, an error: keep the game so far
        _keep(args, table.state, humans, replace, out)
        raise
    if args.save is not None:
        save(args.save, table.state, out, replace=replace, tags=args.tags)
    return 0


class _Table:
    """A game being played: the state so far, who plays each seat, and what
    the terminal shows."""

    def __init__(
        self,
        state: GameState,
        humans: list[int],
        bots: list[Bot],
        out: Output,
        earlier: list[Step],
    ) -> None:
        self.state = state
        self.humans = humans
        self.bots = bots
        self.out = out
        self.earlier = earlier
        """The moves of this deal made before the game was resumed."""

    def play(self) -> None:
        """Play to the end; :attr:`state` is always the game so far."""
        out, humans = self.out, self.humans
        watcher = humans[0] if humans else 0
        shown = -1
        while not self.state.is_over:
            state = self.state
            seat = state.to_move
            assert seat is not None
            if state.deal_number != shown:
                self._begin_deal(state, watcher)
                shown = state.deal_number
            if seat in humans:
                move = _read_move(state, seat, out, sys.stdin)
            else:
                move = self.bots[seat].act(observe(state, seat))
            after = apply(state, move)
            self._narrate(state, move, after, watcher)
            self.state = after
        for line in final_lines(self.state):
            out.line(line)

    def _begin_deal(self, state: GameState, watcher: int) -> None:
        start = self.earlier[0][0] if self.earlier else state
        self.out.line()
        self.out.line(deal_title(observe(start, watcher)))
        narrate_payments(self.out, start.deal_payments)
        for step in self.earlier:  # a resumed deal: the moves so far
            self._narrate(*step, watcher)
        self.earlier = []

    def _narrate(self, before: GameState, move: Move, after: GameState, watcher: int) -> None:
        out = self.out
        out.line(_("seat {seat}: {move}").format(seat=before.to_move, move=move))
        new = after.ledger[len(before.ledger) :]
        this_deal = [p for p in new if p.deal == before.deal_number]
        if after.deal_number == before.deal_number and not after.is_over:
            mine = observe(before, watcher).shown
            for seat, cards in enumerate(observe(after, watcher).shown):
                extra = [c for c in cards if c not in mine[seat]]
                if extra and seat != watcher:
                    out.line(f"  seat {seat} shows {' '.join(map(str, extra))}")
        narrate_payments(out, this_deal)
        if after.deal_number != before.deal_number or after.is_over:
            result = after.deal_results[-1]
            changes = "  ".join(f"seat {s}: {c:+d}" for s, c in enumerate(result.changes))
            out.line(f"  deal {result.index + 1} is over: {changes}")
            if after.is_over:
                narrate_payments(out, [p for p in new if p.deal != before.deal_number])


def _read_move(state: GameState, seat: int, out: Output, stdin: TextIO) -> Move:
    view = observe(state, seat)
    for line in prompt_lines(view):
        out.line(line)
    moves = view.legal_moves()
    while True:
        out.stream.write(_("seat {seat}> ").format(seat=seat))
        out.stream.flush()
        entry = stdin.readline()
        if not entry:
            out.line()
            raise Stop(1, _("end of input: the game is abandoned"))
        text = entry.strip()
        if not stdin.isatty():  # show piped entries, so the transcript reads well
            out.stream.write(printable(text) + "\n")
        if not text:
            continue
        if text.lower() in ("quit", "exit", "salir", "abandonar"):
            raise Stop(1, _("the game is abandoned"))
        if text.lower() in ("help", "?"):
            for line in help_lines(state.rules):
                out.line(line)
            continue
        if text.isascii() and text.isdigit():
            if len(text) <= 3 and 1 <= int(text) <= len(moves):
                return moves[int(text) - 1]
            shown = text if len(text) <= 12 else text[:9] + "..."
            out.line(
                _("there is no move {text}: choose 1 to {count}").format(
                    text=shown, count=len(moves)
                )
            )
            continue
        words = text.split()
        if len(words) == 1 and words[0].lower() not in ("pass", "match", "close"):
            text = f"play {text}"
        try:
            move = parse_move(text, deck=state.rules.deck)
        except PochaError as error:
            out.line(
                _("{error}; type 'help' for how to write cards and moves").format(error=error)
            )
            continue
        try:
            apply(state, move)
        except IllegalMoveError as error:
            out.line(_("not allowed: {reason}").format(reason=error.reason))
            continue
        return move


def _check_seat(seat: int, option: str, rules: RuleSet, fail: Fail) -> None:
    if not 0 <= seat < rules.players:
        fail(
            _("{option} {seat}: seats run from 0 to {last}").format(
                option=option, seat=seat, last=rules.players - 1
            )
        )


def _resume(path: str) -> tuple[GameRecord, GameState]:
    from pocha_rules.poch.records import load, replay

    record, state = read_record(path, load, replay)
    if state.is_over:
        winners = ", ".join(f"seat {s}" for s in state.winners)
        raise Stop(
            1,
            f"{shown_path(path)}: the game is over (winners: {winners}), there is nothing to "
            f"resume; 'pocha poch replay {shown_path(path)}' shows it",
        )
    return record, state


Step = tuple[GameState, Move, GameState]
"""A move with the states before and after it."""


def _catch_up(record: GameRecord, bots: list[Bot], humans: list[int]) -> list[Step]:
    """Let each bot think over the moves its seat made in the record, so
    that its random choices go on where they were: a resumed game ends as
    the uninterrupted one would have. Return the moves of the deal the game
    stopped in."""
    state = new_game(
        record.rules,
        seed=record.seed,
        dealer=record.first_dealer,
        deals=record.deals,
        balances=record.starting_balances,
        pools=dict(record.starting_pools),
    )
    steps: list[Step] = []
    for move in record.moves:
        seat = state.to_move
        assert seat is not None
        if seat not in humans:
            bots[seat].act(observe(state, seat))
        after = apply(state, move)
        if after.deal_number == state.deal_number:
            steps.append((state, move, after))
        else:
            steps.clear()
        state = after
    return steps


def _keep(
    args: argparse.Namespace, state: GameState, humans: list[int], replace: bool, out: Output
) -> None:
    """Save an unfinished game (with ``--save``), and say how to go on."""
    if args.save is None:
        if humans and (state.moves or state.deal_results):
            out.line(_("the game is not saved (--save FILE keeps a game)"))
        return
    path = save(args.save, state, out, replace=replace, partial=not state.is_over, tags=args.tags)
    if state.is_over:
        return
    command = ["pocha", "poch", "play", "--resume", path]
    for seat in humans:
        command += ["--human", str(seat)]
    if args.bot != DEFAULT_BOT:
        command += ["--bot", args.bot]
    command += ["--save", path]
    out.line(_("to go on with it: {command}").format(command=printable(shlex.join(command))))
