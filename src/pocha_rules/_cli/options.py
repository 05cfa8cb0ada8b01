"""What several commands share: the rules options and the bots by name."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from typing import Final, NoReturn

from pocha_rules._cli.i18n import _, current_language
from pocha_rules._common.errors import PochaError
from pocha_rules._common.text import printable, shown
from pocha_rules._pocha.game import MAX_SEED_BITS
from pocha_rules._pocha.rules import RuleSet
from pocha_rules._pocha.schedules import PRESETS, Round
from pocha_rules._record_json import read_rules
from pocha_rules.bots import Bot, HeuristicBot, RandomBot
from pocha_rules.montecarlo import MonteCarloBot

__all__ = [
    "BOTS",
    "DEFAULT_BOT",
    "Fail",
    "bots_for",
    "json_option",
    "option_text",
    "read_rules",
    "repeatable",
    "rule_items",
    "rules_arguments",
    "rules_data",
    "rules_from_args",
    "rules_options",
]

Fail = Callable[[str], NoReturn]
"""Reports a bad argument (argparse's ``error``: prints usage, exits 2)."""


def _trained_bot(seed: int) -> Bot:
    """:class:`~pocha_rules.trained.TrainedBot`, which needs numpy: imported
    only when it is asked for."""
    try:
        from pocha_rules.trained import TrainedBot
    except ImportError:
        raise ImportError(
            _('the trained bot needs numpy: pip install "pocha-rules[batch]"')
        ) from None
    return TrainedBot(seed=seed)


BOTS: Final[dict[str, Callable[[int], Bot]]] = {
    "heuristic": lambda seed: HeuristicBot(seed=seed),
    "montecarlo": lambda seed: MonteCarloBot(seed=seed),
    "random": lambda seed: RandomBot(seed=seed),
    "trained": _trained_bot,
}
"""The bots the command line offers, by name."""

DEFAULT_BOT: Final = "heuristic"
_OPTIONS: Final = RuleSet().options()
_TRUE: Final = frozenset({"true", "yes", "on", "1"})
_FALSE: Final = frozenset({"false", "no", "off", "0"})


def bots_for(names: Sequence[str], seed: int) -> list[Bot]:
    """One bot per seat, by name, each seeded from ``seed`` and its seat."""
    return [BOTS[name](seed + 1 + seat) for seat, name in enumerate(names)]


def rules_arguments(parser: argparse.ArgumentParser, *, preset: bool = True) -> None:
    """``--preset`` (unless ``preset`` is false), ``--players``, ``--deck``
    and ``--rule NAME=VALUE`` for Pocha's rules."""
    group = parser.add_argument_group(_("rules"))
    if preset:
        group.add_argument(
            "--preset",
            choices=tuple(PRESETS),
            default=None,
            help=_("the schedule preset (default: classic)"),
        )
    rules_options(
        group,
        players=_("3 to 8 (default 4)"),
        deck=_("40 or 48 cards (default 40)"),
        rule=_(
            "set any option, e.g. must_overtake=false, miss_penalty=per_trick_bid, "
            "schedule=1,2,3a (repeatable; see 'pocha rules')"
        ),
    )


def repeatable(
    parser: argparse._ActionsContainer,
    option: str,
    metavar: str,
    help: str,
    type: Callable[[str], object] = str,
) -> None:
    """``option METAVAR``, given any number of times: the list of them,
    empty by default."""
    parser.add_argument(option, action="append", type=type, default=[], metavar=metavar, help=help)


def rules_options(group: argparse._ArgumentGroup, *, players: str, deck: str, rule: str) -> None:
    """``--players``, ``--deck`` and ``--rule NAME=VALUE``, the rules options
    of both games, with their help texts, in ``group``."""
    group.add_argument("--players", type=int, default=None, help=players)
    group.add_argument("--deck", type=int, default=None, help=deck)
    repeatable(group, "--rule", "NAME=VALUE", rule)


def rule_items(
    items: Sequence[str], names: Sequence[str], read: Callable[[str, str], object], fail: Fail
) -> dict[str, object]:
    """The options that ``--rule NAME=VALUE`` ``items`` set, by name (one
    of ``names``, ``-`` read as ``_``), each value read by ``read`` (whose
    :class:`ValueError` says what is wrong with it)."""
    options: dict[str, object] = {}
    for item in items:
        name, sep, value = item.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or not name:
            fail(_("--rule {item}: expected NAME=VALUE").format(item=repr(item)))
        if name not in names:
            fail(
                _("--rule {name}: no such option; options: {options}").format(
                    name=printable(name), options=", ".join(names)
                )
            )
        try:
            options[name] = read(name, value)
        except ValueError as error:
            fail(f"--rule {name}: {error}")
    return options


def _option_value(name: str, text: str) -> object:
    default = _OPTIONS[name]
    raw = text.strip()
    if name == "schedule":
        if raw in PRESETS:
            return raw
        return tuple(part.strip() for part in raw.split(",") if part.strip())
    if name == "rank_order":
        try:
            return tuple(int(part) for part in raw.split(","))
        except ValueError:
            raise ValueError(
                _("expected ranks separated by commas (1,3,12,...), got {raw}").format(
                    raw=repr(raw)
                )
            ) from None
    if name == "remove_twos" or isinstance(default, bool):
        if raw.lower() in _TRUE:
            return True
        if raw.lower() in _FALSE:
            return False
        raise ValueError(_("expected true or false, got {raw}").format(raw=repr(raw)))
    if isinstance(default, str):  # a choice (StrEnum)
        return raw
    try:
        return int(raw)
    except ValueError:
        raise ValueError(_("expected a whole number, got {raw}").format(raw=repr(raw))) from None


def rules_from_args(args: argparse.Namespace, fail: Fail) -> RuleSet:
    """The :class:`RuleSet` the rules options of ``args`` describe.

    ``fail`` is called with a one-line message when they make no sense.
    """
    options: dict[str, object] = {}
    preset = getattr(args, "preset", None)
    if preset is not None:
        options["schedule"] = preset
    if args.players is not None:
        options["players"] = args.players
    if args.deck is not None:
        options["deck"] = args.deck
    if preset is not None and any(
        item.partition("=")[0].strip().replace("-", "_") == "schedule" for item in args.rule
    ):
        fail(
            _("--preset {preset} and --rule schedule=...: give one schedule").format(preset=preset)
        )
    options.update(rule_items(args.rule, tuple(_OPTIONS), _option_value, fail))
    try:
        return RuleSet(**options)  # type: ignore[arg-type]
    except PochaError as error:
        from pocha_rules.messages import message

        fail(message(error, current_language()))


def option_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(str(item) for item in value)
    return str(value)


def rules_data(rules: RuleSet) -> dict[str, object]:
    """A rule set as JSON data, as a report or a results file keeps it:
    every option, schedules as round texts."""
    return {name: json_option(value) for name, value in rules.options().items()}


def json_option(value: object) -> object:
    """A rules option as JSON: schedules as round texts."""
    if isinstance(value, tuple):
        return [str(item) if isinstance(item, Round) else item for item in value]
    return value


MAX_GAMES: Final = 10**12
"""The most games ``-n`` may ask for."""


def games_from_args(args: argparse.Namespace, fail: Fail) -> int:
    """The number of games ``-n`` asks for, when it gives one."""
    if not 1 <= args.games <= MAX_GAMES:
        fail(
            _("-n: 1 to {most} games, got {got}").format(
                most=f"{MAX_GAMES:,}", got=shown(args.games)
            )
        )
    return int(args.games)


def seed_from_args(args: argparse.Namespace, fail: Fail, *, games: int = 1) -> int:
    """``--seed`` (by default, from the clock), checked: the command deals
    from it and the ``games - 1`` seeds after it, which must all be seeds
    :func:`~pocha_rules.new_game` takes."""
    seed = args.seed if args.seed is not None else int(time.time())
    last = seed + games - 1
    if max(seed.bit_length(), last.bit_length()) > MAX_SEED_BITS:
        fail(
            _("--seed: the seeds must be less than 2**{bits} in size, got {got}").format(
                bits=MAX_SEED_BITS, got=shown(seed)
            )
        )
    return int(seed)
