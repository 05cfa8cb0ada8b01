"""``pocha rules``: every option of a rule set, and its schedule."""

from __future__ import annotations

import argparse
import textwrap
from typing import Final

from pocha_rules._cli.i18n import _
from pocha_rules._cli.options import (
    Fail,
    option_text,
    rules_arguments,
    rules_from_args,
)
from pocha_rules._cli.output import Output
from pocha_rules._pocha.schedules import PRESETS

__all__ = ["options", "run"]


def options(parser: argparse.ArgumentParser) -> None:
    """The options of ``pocha rules``."""
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
    out.line(_("What each option means (change one with --rule NAME=VALUE):"))
    width = max(len(row[0]) for row in rows)
    meaning = meanings()
    for row in rows:
        out.line(f"  {row[0].ljust(width)}  {meaning[row[0]]}")
    out.line()
    out.line(
        _("{players} players, {cards} cards in play, hands of up to {most} cards").format(
            players=rules.players, cards=rules.deck_size, most=rules.max_cards
        )
    )
    schedule = _("schedule ({count} rounds): {rounds}").format(
        count=len(rules.schedule), rounds=" ".join(map(str, rules.schedule))
    )
    for line in textwrap.wrap(schedule, 79, subsequent_indent="  ", break_on_hyphens=False):
        out.line(line)
    for line in schedule_codes():
        out.line(line)
    return 0


def meanings() -> dict[str, str]:
    """One line for each option of :class:`~pocha_rules.RuleSet` (but the
    schedule, which the codes below explain), in the current language."""
    return {
        "players": _("seats at the table: 3 to 8"),
        "deck": _("40 cards (ranks 1-7, 10-12) or 48 (ranks 1-12)"),
        "remove_twos": _("take the four 2s out of the deck"),
        "rank_order": _("the ranks of a suit, the strongest first"),
        "hook_in_one_card_rounds": _("the hook (last bidder's limit) in 1-card rounds"),
        "trump_when_all_dealt": _("all cards dealt: dealer shows the last, or chooses"),
        "must_overtake": _("following suit, beat the best card of it if you can"),
        "must_ruff": _("out of the suit led, trump if none is on the table"),
        "must_overruff": _("out of the suit led, beat the best trump if you can"),
        "auction_winner_leads": _("the auction's winner leads an auction round"),
        "hit_bonus": _("points for making your bid exactly"),
        "per_trick": _("points per trick bid when made, per trick of a miss"),
        "miss_penalty": _("what a miss costs: per trick off, per trick bid, none"),
        "pocha_bonus": _("double a made bid of every trick (a pocha)"),
        "pocha_min_cards": _("the smallest round in which a pocha is doubled"),
        "double_when_oros": _("double every score of a round whose trump is oros"),
        "revoke_penalty": _("points for a revoke (lenient replays of real games)"),
        "zero_wins": _("finishing on exactly 0 points also wins"),
        "tiebreak": _("a tie at the top: more 1-card rounds, or shared"),
    }


MEANINGS: Final = meanings()
"""The lines of :func:`meanings` in English (the language at import)."""


def schedule_codes() -> tuple[str, ...]:
    """What the codes of a schedule mean, and the presets, in the current language."""
    return (
        _("schedule codes:"),
        "  8   " + _("a round of 8 cards each"),
        "  8a  " + _("an auction round: each calls the tricks they would take with the trump"),
        "      " + _("of their choice, and the highest call names trump"),
        "  1b  " + _("a blind round: you see the others' cards, not your own"),
        _("--rule schedule=1,2,3a,1b sets any plan; the presets (pocha rules PRESET):"),
        "  " + ", ".join(PRESETS),
    )


SCHEDULE_CODES: Final = schedule_codes()
"""The lines of :func:`schedule_codes` in English (the language at import)."""
