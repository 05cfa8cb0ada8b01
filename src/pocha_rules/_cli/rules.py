"""``pocha rules``: every option of a rule set, and its schedule."""

from __future__ import annotations

import argparse

from pocha_rules._cli.i18n import _
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
        help=_("show every option of a rule set"),
        description=_("Show every option of a rule set, and its round plan."),
        **examples(
            "pocha rules                     # " + _("the default rules"),
            "pocha rules full --players 3    # " + _("a preset for three players"),
            "pocha rules --rule schedule=1,2,3a,1b --rule must_overtake=false",
        ),
    )
    parser.add_argument(
        "name",
        nargs="?",
        choices=tuple(PRESETS),
        metavar="PRESET",
        help=_("a schedule preset, as --preset gives it ({presets})").format(
            presets=", ".join(PRESETS)
        ),
    )
    rules_arguments(parser, preset=True)
    parser.set_defaults(run=run, subparser=parser)


def run(args: argparse.Namespace, out: Output, fail: Fail) -> int:
    if args.name is not None:
        if args.preset is not None and args.preset != args.name:
            fail(
                _("PRESET {name} and --preset {preset}: give one preset").format(
                    name=args.name, preset=args.preset
                )
            )
        if any(item.partition("=")[0].strip() == "schedule" for item in args.rule):
            fail(
                _("PRESET {name} and --rule schedule=...: give one schedule").format(
                    name=args.name
                )
            )
        args.preset = args.name
    rules = rules_from_args(args, fail)
    rows = [[name, option_text(value)] for name, value in rules.options().items()]
    rows = [row for row in rows if row[0] != "schedule"]
    out.table(None, [_("option"), _("value")], rows, left=2)
    out.line()
    out.line(
        _("{players} players, {cards} cards in play, hands of up to {most} cards").format(
            players=rules.players, cards=rules.deck_size, most=rules.max_cards
        )
    )
    out.line(
        _("schedule ({count} rounds): {rounds}").format(
            count=len(rules.schedule), rounds=" ".join(map(str, rules.schedule))
        )
    )
    return 0
