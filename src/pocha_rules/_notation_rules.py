"""The rules field of the position notation: a preset's name and the options
that differ from it (``up_down,players=5,must_ruff=false``)."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, Final

from pocha_rules._common.errors import InvalidRulesError, PochaError, reason_of, say
from pocha_rules._common.text import shown
from pocha_rules._pocha.rules import RuleSet
from pocha_rules._pocha.schedules import PRESETS, default_remove_twos

__all__ = ["read_rules", "write_rules"]

_DEFAULTS: Final = RuleSet().options()
_NAMES: Final = tuple(_DEFAULTS)


def _value_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, tuple):
        return ".".join(str(item) for item in value)
    return str(value)


def write_rules(rules: RuleSet) -> str:
    """The rules field of ``rules``: the preset whose schedule they play
    (``classic`` when none does), then every option that differs from that
    preset's, in declaration order."""
    base: dict[str, Any] = {}
    if rules.players != _DEFAULTS["players"]:
        base["players"] = rules.players
    if rules.deck != _DEFAULTS["deck"]:
        base["deck"] = rules.deck
    if rules.remove_twos != default_remove_twos(rules.players, rules.deck):
        base["remove_twos"] = rules.remove_twos
    preset = "classic"
    for name in PRESETS:
        if RuleSet(schedule=name, **base).schedule == rules.schedule:
            preset = name
            break
    reference = RuleSet(schedule=preset, **base).options()
    options = rules.options()
    parts = [preset]
    for name in _NAMES:
        if name in base or options[name] != reference[name]:
            parts.append(f"{name}={_value_text(options[name])}")
    return ",".join(parts)


def _parse_value(name: str, text: str) -> object:
    """An option's value from its text; :class:`PochaError` saying what is expected."""
    default = _DEFAULTS[name]
    if name == "schedule":
        if text in PRESETS:
            return text
        return tuple(text.split("."))
    if name == "rank_order":
        ranks = text.split(".")
        if not all(r.isdigit() and r.isascii() and len(r) <= 2 for r in ranks):
            raise PochaError(say("rank_order_dots", got=shown(text)))
        return tuple(int(r) for r in ranks)
    if isinstance(default, bool):
        if text in ("true", "false"):
            return text == "true"
        raise PochaError(say("expected_flag", got=shown(text)))
    if isinstance(default, enum.Enum):
        return text
    digits = text[1:] if text.startswith("-") else text
    if not digits.isdigit() or not digits.isascii() or len(digits) > 9:
        raise PochaError(say("expected_whole", got=shown(text)))
    return int(text)


def read_rules(text: str, fail: Callable[[int, str], PochaError]) -> RuleSet:
    """The :class:`RuleSet` a rules field writes; ``fail(offset, reason)``
    makes the error for a fault at ``offset`` in ``text``."""
    parts = text.split(",")
    preset = parts[0]
    if preset not in PRESETS:
        names = ", ".join(PRESETS)
        raise fail(0, say("preset_unknown", got=shown(preset), presets=names))
    options: dict[str, object] = {}
    where: dict[str, int] = {}
    offset = len(preset) + 1
    for part in parts[1:]:
        name, sep, value = part.partition("=")
        if not sep:
            raise fail(offset, say("option_form", got=shown(part)))
        if name not in _DEFAULTS:
            raise fail(offset, say("option_unknown", got=shown(name)))
        if name in options:
            raise fail(offset, say("option_twice", option=name))
        try:
            options[name] = _parse_value(name, value)
        except PochaError as error:
            reason = say("option_value", option=name, reason=reason_of(error))
            raise fail(offset + len(name) + 1, reason) from None
        where[name] = offset
        offset += len(part) + 1
    options.setdefault("schedule", preset)
    try:
        return RuleSet(**options)  # type: ignore[arg-type]
    except InvalidRulesError as error:
        field = error.field.partition("[")[0]
        raise fail(
            where.get(field, 0), say("option_value", option=error.field, reason=error.reason)
        ) from None
    except PochaError as error:  # a round's text in a schedule
        raise fail(where.get("schedule", 0), reason_of(error)) from None
