"""The text form of an OpenSpiel state of ``python_pocha`` (``openspiel`` is
the public face; this module needs no OpenSpiel).

A state is written as one JSON object: the rules, as a game record writes
them, and the state's history of action ids (chance outcomes included).
Reading it back only parses: the history is replayed, and each action
checked, by :meth:`pocha_rules.openspiel.PochaGame.deserialize_state`.
Texts are untrusted input: nothing here evaluates or unpickles anything, and
whatever is refused is an :class:`~pocha_rules.InvalidRecordError` naming
where and why.
"""

from __future__ import annotations

import enum
import json
from typing import Final

from pocha_rules._record_json import (
    as_list,
    describe,
    fail,
    members,
    no_constant,
    read_rules,
    short,
    unique_members,
)
from pocha_rules._rules import RuleSet
from pocha_rules._text import got
from pocha_rules.records import MAX_RECORD_CHARS, RULES_VERSION

__all__ = ["STATE_FORMAT", "STATE_VERSION", "read_state_text", "state_text"]

STATE_FORMAT: Final = "python_pocha-state"
"""The ``format`` member of a state's text."""

STATE_VERSION: Final = 1
"""The version of the state's text format."""

_MEMBERS: Final = ("format", "version", "rules_version", "rules", "history")
_LARGEST_ID: Final = 2**31
"""No action id or chance outcome of any rule set comes near this."""


def _rules_data(rules: RuleSet) -> dict[str, object]:
    data: dict[str, object] = {}
    for name, value in rules.options().items():
        if name == "schedule":
            assert isinstance(value, tuple)
            data[name] = [str(entry) for entry in value]
        elif name == "rank_order":
            assert isinstance(value, tuple)
            data[name] = list(value)
        elif isinstance(value, enum.Enum):
            data[name] = value.value
        else:
            data[name] = value
    return data


def state_text(rules: RuleSet, history: list[int]) -> str:
    """The text of the state reached by ``history`` under ``rules``."""
    return json.dumps(
        {
            "format": STATE_FORMAT,
            "version": STATE_VERSION,
            "rules_version": RULES_VERSION,
            "rules": _rules_data(rules),
            "history": history,
        },
        separators=(",", ":"),
    )


def read_state_text(text: object) -> tuple[RuleSet, list[int]]:
    """The rules and the history of action ids a state's text holds,
    checked for their form (not yet replayed).

    Raises:
        TypeError: ``text`` is not a string.
        InvalidRecordError: The text is not such a state's text.

    """
    if not isinstance(text, str):
        raise TypeError(f"a state's text is a str, got {got(text)}")
    if len(text) > MAX_RECORD_CHARS:
        fail("state", f"{len(text)} characters is more than a state's text may hold")
    try:
        data = json.loads(text, object_pairs_hook=unique_members, parse_constant=no_constant)
    except RecursionError:
        fail("state", "the JSON is nested too deeply")
    except ValueError as error:  # JSONDecodeError, huge numbers, duplicates
        fail(
            "state",
            f"not a {STATE_FORMAT} text (JSON written by PochaState.serialize): "
            f"{short(str(error), 120)}",
        )
    fields = members(data, "", _MEMBERS)
    if fields["format"] != STATE_FORMAT:
        fail("format", f"expected {STATE_FORMAT!r}, got {describe(fields['format'])}")
    if fields["version"] != STATE_VERSION or type(fields["version"]) is not int:
        fail(
            "version",
            f"this library reads version {STATE_VERSION}, got {describe(fields['version'])}",
        )
    if fields["rules_version"] != RULES_VERSION or type(fields["rules_version"]) is not int:
        fail(
            "rules_version",
            f"this library plays rules version {RULES_VERSION}, "
            f"got {describe(fields['rules_version'])}",
        )
    rules = read_rules(fields["rules"])
    history: list[int] = []
    for index, action in enumerate(as_list(fields["history"], "history")):
        if type(action) is not int or not 0 <= action < _LARGEST_ID:
            fail(f"history[{index}]", f"expected an action id, got {describe(action)}")
        history.append(action)
    return rules, history
