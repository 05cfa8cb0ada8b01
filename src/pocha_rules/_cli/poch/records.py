"""``pocha poch validate``, ``pocha poch replay`` and ``pocha poch rules``:
check and read Poch records, and show a rule set."""

from __future__ import annotations

import argparse
import textwrap

from pocha_rules._cli.i18n import _
from pocha_rules._cli.options import Fail
from pocha_rules._cli.output import Output
from pocha_rules._cli.poch.meanings import deal_steps, meaning
from pocha_rules._cli.poch.options import option_rows, rules_arguments, rules_from_args
from pocha_rules._cli.poch.show import (
    deal_title,
    final_lines,
    narrate_move,
    narrate_payments,
    pool_name,
)
from pocha_rules._cli.records import read_record, record_argument
from pocha_rules._common.text import printable, shown_path
from pocha_rules.poch import GameState, Reason, apply, observe
from pocha_rules.poch.records import GameRecord
from pocha_rules.poch.records import _start as start  # as its replay starts it

__all__ = ["replay_options", "rules_options", "run_replay", "run_rules", "run_validate", "start"]


def replay_options(parser: argparse.ArgumentParser) -> None:
    """The options of ``pocha poch replay``: the record, and ``--moves``."""
    record_argument(parser)
    parser.add_argument("--moves", action="store_true", help=_("every move and payment too"))


def rules_options(parser: argparse.ArgumentParser) -> None:
    """The options of ``pocha poch rules``: ``full``, and the rules options."""
    parser.add_argument(
        "full",
        nargs="?",
        choices=("full",),
        help=_("also tell how a deal goes, step by step"),
    )
    rules_arguments(parser)


def _load(path: str) -> tuple[GameRecord, GameState]:
    from pocha_rules.poch.records import load, replay

    return read_record(path, load, replay)


def _moves(state: GameState) -> int:
    return sum(len(deal.moves) for deal in state.deal_results) + len(state.moves)


def _seats(values: list[int] | tuple[int, ...]) -> str:
    return "  ".join(
        _("{seat}: {value}").format(seat=_("seat {seat}").format(seat=s), value=v)
        for s, v in enumerate(values)
    )


def run_validate(args: argparse.Namespace, out: Output, fail: Fail) -> int:
    _record, state = _load(args.file)
    if state.is_over:
        status = _("game finished")
    else:
        status = _("game in progress (deal {deal})").format(deal=state.deal_number + 1)
    out.line(
        _("OK: {path}: {deals} deals, {moves} moves, {status}").format(
            path=shown_path(args.file),
            deals=state.deals_played,
            moves=_moves(state),
            status=status,
        )
    )
    return 0


def _tell_moves(out: Output, record: GameRecord) -> None:
    """Every deal of ``record`` as it went: its title and the trump pools,
    then each move with the cards shown, the showdown and the payments
    where they happened."""
    state = start(record)
    deal = -1
    for move in record.moves:
        if state.deal_number != deal:
            deal = state.deal_number
            out.line()
            out.line(deal_title(observe(state, 0)))
            narrate_payments(out, state.deal_payments)
        after = apply(state, move)
        narrate_move(out, state, move, after, None)
        state = after
    if not state.is_over and state.deal_number != deal:
        out.line()
        out.line(deal_title(observe(state, 0)))
        narrate_payments(out, state.deal_payments)


def run_replay(args: argparse.Namespace, out: Output, fail: Fail) -> int:
    record, state = _load(args.file)
    rules = state.rules
    out.line(
        _(
            "{path}: Poch, {players} players, {cards} cards, seed {seed}, seat {seat} dealt first"
        ).format(
            path=shown_path(args.file),
            players=rules.players,
            cards=rules.deck,
            seed=state.seed,
            seat=state.first_dealer,
        )
    )
    for name, value in record.tags.items():  # checked when read: printable already
        out.line(f"{printable(name)}: {printable(value)}")
    n = rules.players
    rows = []
    for result in state.deal_results:
        pochs = sorted({str(p.payee) for p in result.payments if p.reason is Reason.POCH}, key=int)
        rows.append(
            [
                str(result.index + 1),
                str(result.dealer),
                str(result.turnup),
                ", ".join(pochs) or "-",
                *(f"{change:+d}" for change in result.changes),
            ]
        )
    if args.moves:
        _tell_moves(out, record)
        if not state.is_over:
            out.line("  " + _("(the deal is in progress)"))
    out.line()
    headers = [
        _("deal"),
        _("dealer"),
        _("turn-up"),
        _("poch to"),
        *(_("seat {seat}").format(seat=s) for s in range(n)),
    ]
    out.table(_("each deal's result, in chips"), headers, rows, left=4)
    if state.is_over:
        for line in final_lines(state):
            out.line(line)
    else:
        out.line(_("the game stops in deal {deal}").format(deal=state.deal_number + 1))
        out.line(_("balances: ") + _seats(state.balances))
    return 0


def _wrapped(out: Output, text: str, indent: str = "") -> None:
    for part in textwrap.wrap(text, width=79, subsequent_indent=indent + "  "):
        out.line(part)


def run_rules(args: argparse.Namespace, out: Output, fail: Fail) -> int:
    rules = rules_from_args(args, fail)
    rows = [[_("option"), _("value"), _("meaning")], *option_rows(rules, meaning)]
    name_width = max(len(row[0]) for row in rows) + 2
    value_width = max(len(row[1]) for row in rows) + 2
    for name, value, said in rows:  # the meanings wrapped to 80 columns
        start = name.ljust(name_width) + value.ljust(value_width)
        parts = textwrap.wrap(said, width=79 - len(start)) or [""]
        out.line(start + parts[0])
        for part in parts[1:]:
            out.line(" " * len(start) + part)
    out.line()
    stock = rules.deck - 5 * rules.players - 1
    _wrapped(
        out,
        _(
            "{players} players, {cards} cards: 5 each, 1 turned up for trump, {stock} in the stock"
        ).format(players=rules.players, cards=rules.deck, stock=stock),
    )
    pools = ", ".join(pool_name(name) for name in rules.pool_names)
    _wrapped(
        out,
        _(
            "pools: {pools}; each player dresses {dressed} of them with a chip before each deal"
        ).format(pools=pools, dressed=rules.dressed_pools),
    )
    _wrapped(out, _("the game lasts at most {deals} deals").format(deals=rules.deal_count))
    _wrapped(
        out,
        _(
            "level: in the betting, the stake every player still in must reach "
            "(what the opener has bet)"
        ),
    )
    if args.full is not None:
        out.line()
        for line in deal_steps(rules):
            indent = " " * (len(line) - len(line.lstrip()) + 1)
            _wrapped(out, line, indent)
    return 0
