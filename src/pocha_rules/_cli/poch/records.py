"""``pocha poch validate``, ``pocha poch replay`` and ``pocha poch rules``:
check and read Poch records, and show a rule set."""

from __future__ import annotations

import argparse

from pocha_rules._cli.i18n import _
from pocha_rules._cli.options import Fail, examples
from pocha_rules._cli.output import Output
from pocha_rules._cli.poch.options import option_rows, rules_arguments, rules_from_args
from pocha_rules._cli.poch.show import final_lines, narrate_payments
from pocha_rules._cli.records import add_record_parser, read_record, replayed
from pocha_rules._common.text import printable, shown_path
from pocha_rules.poch import GameState, Reason

__all__ = ["add_parsers", "run_replay", "run_rules", "run_validate"]


def add_parsers(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    parents: list[argparse.ArgumentParser],
) -> None:
    """Add ``validate``, ``replay`` and ``rules`` to ``pocha poch``."""
    add_record_parser(
        commands,
        parents,
        "validate",
        help=_("check a Poch record"),
        description=_("Check a Poch record by replaying it move by move."),
        example_lines=("pocha poch validate poch.json",),
        run=run_validate,
        command="poch validate",
    )
    replay = add_record_parser(
        commands,
        parents,
        "replay",
        help=_("the deals of a recorded Poch game"),
        description=_(
            "Show a recorded Poch game, finished or not: each deal's dealer, trump, "
            "who took the poch and each seat's result; with --moves every move and payment."
        ),
        example_lines=("pocha poch replay poch.json", "pocha poch replay --moves poch.json"),
        run=run_replay,
        command="poch replay",
    )
    replay.add_argument("--moves", action="store_true", help=_("every move and payment too"))

    rules = commands.add_parser(
        "rules",
        parents=parents,
        help=_("show every option of a Poch rule set"),
        description=_("Show every option of a Poch rule set and what it means for a deal."),
        **examples(
            "pocha poch rules --players 5",
            "pocha poch rules --rule sequence_rule=longest_run --rule centre_pool=true",
        ),
    )
    rules_arguments(rules)
    rules.set_defaults(run=run_rules, subparser=rules, command="poch rules")


def _load(path: str) -> tuple[GameState, dict[str, str]]:
    from pocha_rules.poch.records import load, replay

    record, state = read_record(path, replayed(load, replay))
    return state, dict(record.tags)


def _moves(state: GameState) -> int:
    return sum(len(deal.moves) for deal in state.deal_results) + len(state.moves)


def run_validate(args: argparse.Namespace, out: Output, fail: Fail) -> int:
    state, _record = _load(args.file)
    status = "finished" if state.is_over else f"in progress (deal {state.deal_number + 1})"
    out.line(
        f"OK: {shown_path(args.file)}: {state.deals_played} deals, {_moves(state)} moves, "
        f"game {status}"
    )
    return 0


def run_replay(args: argparse.Namespace, out: Output, fail: Fail) -> int:
    state, tags = _load(args.file)
    rules = state.rules
    out.line(
        f"{shown_path(args.file)}: Poch, {rules.players} players, {rules.deck} cards, "
        f"seed {state.seed}, seat {state.first_dealer} dealt first"
    )
    for name, value in tags.items():  # checked when read: printable already
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
            out.line()
            out.line(
                f"== deal {result.index + 1}: seat {result.dealer} deals, {result.turnup} "
                f"turned up"
            )
            deal_payments = list(result.payments)
            for seat, move in result.moves:
                out.line(f"seat {seat}: {move}")
            narrate_payments(out, deal_payments)
    if args.moves and state.moves:
        out.line()
        out.line(f"== deal {state.deal_number + 1} (in progress): seat {state.dealer} deals")
        for seat, move in state.moves:
            out.line(f"seat {seat}: {move}")
    out.line()
    headers = ["deal", "dealer", "turn-up", "poch to", *(f"seat {s}" for s in range(n))]
    out.table("each deal's result, in chips", headers, rows, left=4)
    if state.is_over:
        for line in final_lines(state):
            out.line(line)
    else:
        out.line(f"the game stops in deal {state.deal_number + 1}")
        out.line("balances: " + "  ".join(f"seat {s}: {b}" for s, b in enumerate(state.balances)))
    return 0


def run_rules(args: argparse.Namespace, out: Output, fail: Fail) -> int:
    rules = rules_from_args(args, fail)
    out.table(None, ["option", "value"], option_rows(rules), left=2)
    out.line()
    stock = rules.deck - 5 * rules.players - 1
    out.line(
        f"{rules.players} players, {rules.deck} cards: 5 each, 1 turned up for trump, "
        f"{stock} in the stock"
    )
    out.line(
        f"pools: {', '.join(rules.pool_names)}; each player dresses {rules.dressed_pools} "
        f"of them with a chip before each deal"
    )
    out.line(f"the game lasts at most {rules.deal_count} deals")
    return 0
