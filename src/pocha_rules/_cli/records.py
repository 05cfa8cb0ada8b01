"""``pocha validate`` and ``pocha replay``: check and read game records."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from pocha_rules._cli.i18n import _, current_language
from pocha_rules._cli.options import Fail, examples
from pocha_rules._cli.output import Output
from pocha_rules._cli.saving import reading
from pocha_rules._cli.sheet import print_sheet
from pocha_rules._common.text import printable, shown_path
from pocha_rules._pocha.state import GameState
from pocha_rules.messages import translate

if TYPE_CHECKING:
    from pocha_rules.records import LenientReplay

__all__ = ["add_parsers", "run_replay", "run_validate"]


def add_parsers(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    parents: list[argparse.ArgumentParser],
) -> None:
    """Add ``pocha validate`` and ``pocha replay`` to ``commands``."""
    validate = commands.add_parser(
        "validate",
        parents=parents,
        help=_("check a game record"),
        description=_("Check a game record by replaying it move by move."),
        **examples(
            "pocha validate game.json",
            "pocha validate --lenient table.json   # " + _("a real table's game with revokes"),
        ),
    )
    validate.add_argument("file", help=_("the record (JSON)"))
    validate.add_argument(
        "--lenient", action="store_true", help=_("allow revokes (charged revoke_penalty)")
    )
    validate.set_defaults(run=run_validate, subparser=validate)

    replay = commands.add_parser(
        "replay",
        parents=parents,
        help=_("the score sheet of a recorded game"),
        description=_(
            "Print the score sheet of a recorded game, finished or not; with "
            "--moves, first go through the game trick by trick."
        ),
        **examples(
            "pocha replay game.json",
            "pocha replay --moves game.json   # " + _("every bid, trick and round"),
            "pocha replay --lenient table.json",
        ),
    )
    replay.add_argument("file", help=_("the record (JSON)"))
    replay.add_argument(
        "--lenient", action="store_true", help=_("allow revokes (charged revoke_penalty)")
    )
    replay.add_argument(
        "--moves",
        action="store_true",
        help=_("go through the game trick by trick: bids, tricks and who takes them, rounds"),
    )
    replay.set_defaults(run=run_replay, subparser=replay)


def _load_and_replay(
    path: str, lenient: bool
) -> tuple[GameState, LenientReplay | None, dict[str, str]]:
    """The game of the record at ``path``, its lenient replay (with
    ``lenient``) and its tags."""
    from pocha_rules.records import load, replay, replay_lenient

    with reading(path):
        record = load(path)
        tags = dict(record.tags)
        if lenient:
            result = replay_lenient(record)
            return result.state, result, tags
        return replay(record), None, tags


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
