"""``pocha rules``: every option of a rule set, and its schedule."""

from __future__ import annotations

import argparse

from pocha_rules._cli.options import (
    Fail,
    examples,
    option_text,
    rules_arguments,
    rules_from_args,
)
from pocha_rules._cli.output import Output
from pocha_rules._schedules import PRESETS

__all__ = ["add_parser", "run"]


def add_parser(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    parents: list[argparse.ArgumentParser],
) -> None:
    """Add ``pocha rules`` to ``commands``."""
    parser = commands.add_parser(
        "rules",
        parents=parents,
        help="show every option of a rule set",
        description="Show every option of a rule set, and its round plan.",
        **examples(
            "pocha rules                     # the default rules",
            "pocha rules full --players 3    # a preset for three players",
            "pocha rules --rule schedule=1,2,3a,1b --rule must_overtake=false",
        ),
    )
    parser.add_argument(
        "name",
        nargs="?",
        choices=tuple(PRESETS),
        metavar="PRESET",
        help=f"a schedule preset, as --preset gives it ({', '.join(PRESETS)})",
    )
    rules_arguments(parser, preset=True)
    parser.set_defaults(run=run, subparser=parser)


def run(args: argparse.Namespace, out: Output, fail: Fail) -> int:
    if args.name is not None:
        if args.preset is not None and args.preset != args.name:
            fail(f"PRESET {args.name} and --preset {args.preset}: give one preset")
        if any(item.partition("=")[0].strip() == "schedule" for item in args.rule):
            fail(f"PRESET {args.name} and --rule schedule=...: give one schedule")
        args.preset = args.name
    rules = rules_from_args(args, fail)
    rows = [[name, option_text(value)] for name, value in rules.options().items()]
    rows = [row for row in rows if row[0] != "schedule"]
    out.table(None, ["option", "value"], rows, left=2)
    out.line()
    out.line(
        f"{rules.players} players, {rules.deck_size} cards in play, "
        f"hands of up to {rules.max_cards} cards"
    )
    out.line(f"schedule ({len(rules.schedule)} rounds): {' '.join(map(str, rules.schedule))}")
    return 0
