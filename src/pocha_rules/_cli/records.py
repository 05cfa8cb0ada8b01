"""``pocha validate`` and ``pocha replay``: check and read game records;
and what the records commands of both games share (the record file's
argument, and reading it)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from pocha_rules._cli.i18n import _, current_language
from pocha_rules._cli.options import Fail
from pocha_rules._cli.output import Output, Stop
from pocha_rules._cli.sheet import print_sheet
from pocha_rules._common.text import printable, shown_path
from pocha_rules._pocha.state import GameState
from pocha_rules.messages import message, translate

if TYPE_CHECKING:
    from pocha_rules.records import LenientReplay

__all__ = [
    "read_record",
    "record_argument",
    "replay_options",
    "run_replay",
    "run_validate",
    "validate_options",
]

_R = TypeVar("_R")
_S = TypeVar("_S")


def record_argument(parser: argparse.ArgumentParser) -> None:
    """``FILE``: the record a command reads."""
    parser.add_argument("file", help=_("the record (JSON)"))


def read_record(path: str, load: Callable[[str], _R], replay: Callable[[_R], _S]) -> tuple[_R, _S]:
    """The record in the file at ``path``, read by a game's ``load``, and
    its ``replay``; a file that cannot be read, or a record refused, stops
    the command with a message that says why."""
    from pocha_rules._common.errors import InvalidRecordError

    try:
        record = load(path)
        return record, replay(record)
    except OSError as error:
        reason = printable(str(error.strerror or error))
        raise Stop(
            1, _("cannot read {path}: {reason}").format(path=shown_path(path), reason=reason)
        ) from None
    except InvalidRecordError as error:
        raise Stop(1, f"{shown_path(path)}: {message(error, current_language())}") from None


def validate_options(parser: argparse.ArgumentParser) -> None:
    """The options of ``pocha validate``: the record, and ``--lenient``."""
    record_argument(parser)
    parser.add_argument(
        "--lenient", action="store_true", help=_("allow revokes (charged revoke_penalty)")
    )


def replay_options(parser: argparse.ArgumentParser) -> None:
    """The options of ``pocha replay``: those of ``validate``, and ``--moves``."""
    validate_options(parser)
    parser.add_argument(
        "--moves",
        action="store_true",
        help=_("go through the game trick by trick: bids, tricks and who takes them, rounds"),
    )


def _load_and_replay(
    path: str, lenient: bool
) -> tuple[GameState, LenientReplay | None, dict[str, str]]:
    """The game of the record at ``path``, its lenient replay (with
    ``lenient``) and its tags."""
    from pocha_rules.records import load, replay, replay_lenient

    if lenient:
        record, result = read_record(path, load, replay_lenient)
        return result.state, result, dict(record.tags)
    record, state = read_record(path, load, replay)
    return state, None, dict(record.tags)


def run_validate(args: argparse.Namespace, out: Output, fail: Fail) -> int:
    state, lenient, _tags = _load_and_replay(args.file, args.lenient)
    rounds = len(state.round_results)
    if state.is_over:
        status = _("finished")
    else:
        status = _("in progress (round {round})").format(round=state.round_index + 1)
    out.line(
        _("OK: {path}: {rounds} rounds, {moves} moves, game {status}").format(
            path=shown_path(args.file), rounds=rounds, moves=len(state.history), status=status
        )
    )
    if lenient is not None:
        _report_revokes(out, lenient)
    return 0


def _report_revokes(out: Output, lenient: LenientReplay) -> None:
    if not lenient.revokes:
        out.line(_("no revokes"))
        return
    for revoke in lenient.revokes:
        out.line(
            _("revoke: moves[{index}] seat {seat} {move}: {reason}").format(
                index=revoke.index,
                seat=revoke.seat,
                move=revoke.move,
                reason=translate(revoke.reason, current_language()),
            )
        )
    out.line(_("totals with revoke penalties: ") + " ".join(str(t) for t in lenient.totals))


def run_replay(args: argparse.Namespace, out: Output, fail: Fail) -> int:
    state, lenient, tags = _load_and_replay(args.file, args.lenient)
    rules = state.rules
    out.line(
        _("{path}: {players} players, seed {seed}, seat {seat} dealt first").format(
            path=shown_path(args.file),
            players=rules.players,
            seed=state.seed,
            seat=state.first_dealer,
        )
    )
    for name, value in tags.items():  # checked when read: printable already
        out.line(f"{printable(name)}: {printable(value)}")
    if args.moves:
        from pocha_rules._cli.steps import print_steps
        from pocha_rules.records import load

        print_steps(out, load(args.file))
    # A lenient game ends, and is won, on the totals with revoke penalties.
    totals = lenient.totals if lenient is not None and lenient.revokes else None
    print_sheet(out, state, totals)
    if not state.is_over:
        out.line(_("the game stops in round {round}").format(round=state.round_index + 1))
    if lenient is not None:
        _report_revokes(out, lenient)
    return 0
