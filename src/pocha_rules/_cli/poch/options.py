"""What the ``pocha poch`` commands share: Poch's rules options and bots
by name (Poch's own, not Pocha's)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from pocha_rules._cli.i18n import _, current_language
from pocha_rules._cli.options import Fail, rule_items, rules_options
from pocha_rules._common.errors import PochaError
from pocha_rules._common.text import printable
from pocha_rules.poch import Bot, HeuristicBot, MonteCarloBot, RandomBot, RuleSet
from pocha_rules.poch.records import _read_rules as read_rules

__all__ = [
    "BOTS",
    "DEFAULT_BOT",
    "bots_for",
    "option_rows",
    "read_rules",
    "rules_arguments",
    "rules_data",
    "rules_from_args",
]

BOTS: Final[dict[str, Callable[[int], Bot]]] = {
    "heuristic": lambda seed: HeuristicBot(seed=seed),
    "montecarlo": lambda seed: MonteCarloBot(seed=seed),
    "random": lambda seed: RandomBot(seed=seed),
}
"""The Poch bots the command line offers, by name."""

DEFAULT_BOT: Final = "heuristic"
_OPTIONS: Final = {field.name: field for field in attrs.fields(RuleSet)}
_NULLABLE: Final = frozenset({"bet_rounds_max", "deals"})
_DEFAULTS: Final = attrs.asdict(RuleSet(players=3))
_TRUE: Final = frozenset({"true", "yes", "on", "1"})
_FALSE: Final = frozenset({"false", "no", "off", "0"})


def bots_for(names: Sequence[str], seed: int) -> list[Bot]:
    """One bot per seat, by name, each seeded from ``seed`` and its seat."""
    return [BOTS[name](seed + 1 + seat) for seat, name in enumerate(names)]


def rules_arguments(parser: argparse.ArgumentParser) -> None:
    """``--players``, ``--deck`` and ``--rule NAME=VALUE`` for Poch's rules."""
    rules_options(
        parser.add_argument_group(_("rules")),
        players=_("3 to 6 (default 4)"),
        deck=_("32 or 52 cards (default 32 up to 4 players)"),
        rule=_(
            "set any option, e.g. sequence_rule=longest_run, centre_pool=true, "
            "end=deals, deals=6 (repeatable; see 'pocha poch rules')"
        ),
    )


def _option_value(name: str, text: str) -> object:
    raw = text.strip()
    if name in _NULLABLE and raw.lower() in ("none", "null", ""):
        return None
    default = _DEFAULTS[name]
    if isinstance(default, bool):
        if raw.lower() in _TRUE:
            return True
        if raw.lower() in _FALSE:
            return False
        raise ValueError(_("expected true or false, got {raw}").format(raw=repr(printable(raw))))
    if isinstance(default, str):
        return raw
    try:
        return int(raw)
    except ValueError:
        raise ValueError(
            _("expected a whole number, got {raw}").format(raw=repr(printable(raw)))
        ) from None


def rules_from_args(args: argparse.Namespace, fail: Fail) -> RuleSet:
    """The Poch :class:`~pocha_rules.poch.RuleSet` the rules options of
    ``args`` describe; ``fail`` is called with a one-line message when
    they make no sense."""
    options: dict[str, object] = {"players": 4}
    if args.players is not None:
        options["players"] = args.players
    if args.deck is not None:
        options["deck"] = args.deck
    options.update(rule_items(args.rule, tuple(_OPTIONS), _option_value, fail))
    try:
        return RuleSet(**options)  # type: ignore[arg-type]
    except PochaError as error:
        from pocha_rules.messages import message

        fail(printable(message(error, current_language())))
    except TypeError as error:
        fail(printable(str(error)))


def rules_data(rules: RuleSet) -> dict[str, Any]:
    """A rule set as JSON data, as a report or a results file keeps it."""
    return attrs.asdict(rules)


def option_rows(
    rules: RuleSet, meaning: Callable[[str, object], str] | None = None
) -> list[list[str]]:
    """Every option of ``rules`` and its value, as text (and what it means,
    with ``meaning``)."""
    rows = []
    for name, value in attrs.asdict(rules).items():
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif value is None:
            text = "none"
        else:
            text = str(value)
        rows.append([name, text] if meaning is None else [name, text, meaning(name, value)])
    return rows
