"""Texts of the OpenSpiel game ``python_pocha`` (``openspiel`` is the public
face; this module needs no OpenSpiel): a seat's information state as text,
and a state's serialisation.

A state is written as one JSON object: the rules, as a game record writes
them, and the state's history of action ids (chance outcomes included).
Reading it back only parses: the history is replayed, and each action
checked, by :meth:`pocha_rules.openspiel.PochaGame.deserialize_state`.
Texts are untrusted input: nothing here evaluates or unpickles anything, and
whatever is refused is an :class:`~pocha_rules.InvalidRecordError` naming
where and why.
"""

from __future__ import annotations

import json
from typing import Final

from pocha_rules._common.errors import say
from pocha_rules._common.text import got
from pocha_rules._pocha.deal import Deal
from pocha_rules._pocha.rules import RuleSet
from pocha_rules._pocha.schedules import RoundKind
from pocha_rules._pocha.state import RoundResult
from pocha_rules._record_json import (
    as_list,
    describe,
    fail,
    members,
    no_constant,
    read_rules,
    rules_data,
    short,
    unique_members,
)
from pocha_rules.records import MAX_RECORD_CHARS, RULES_VERSION
from pocha_rules.views import PlayerView

__all__ = [
    "STATE_FORMAT",
    "STATE_VERSION",
    "information_text",
    "read_state_text",
    "state_text",
]

STATE_FORMAT: Final = "python_pocha-state"
"""The ``format`` member of a state's text."""

STATE_VERSION: Final = 1
"""The version of the state's text format."""

_MEMBERS: Final = ("format", "version", "rules_version", "rules", "history")
_LARGEST_ID: Final = 2**31
"""No action id or chance outcome of any rule set comes near this."""


def state_text(rules: RuleSet, history: list[int]) -> str:
    """The text of the state reached by ``history`` under ``rules``."""
    return json.dumps(
        {
            "format": STATE_FORMAT,
            "version": STATE_VERSION,
            "rules_version": RULES_VERSION,
            "rules": rules_data(rules),
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
        fail("state", say("state_text_too_long", length=len(text)))
    try:
        data = json.loads(text, object_pairs_hook=unique_members, parse_constant=no_constant)
    except RecursionError:
        fail("state", say("json_too_deep"))
    except ValueError as error:  # JSONDecodeError, huge numbers, duplicates
        fail(
            "state",
            say("state_text_not_json", format=STATE_FORMAT, error=short(str(error), 120)),
        )
    fields = members(data, "", _MEMBERS)
    if fields["format"] != STATE_FORMAT:
        fail(
            "format",
            say("format_expected", expected=repr(STATE_FORMAT), got=describe(fields["format"])),
        )
    if fields["version"] != STATE_VERSION or type(fields["version"]) is not int:
        fail(
            "version",
            say("version_read", version=STATE_VERSION, got=describe(fields["version"])),
        )
    if fields["rules_version"] != RULES_VERSION or type(fields["rules_version"]) is not int:
        fail(
            "rules_version",
            say(
                "rules_version_unknown",
                version=RULES_VERSION,
                got=describe(fields["rules_version"]),
            ),
        )
    rules = read_rules(fields["rules"])
    history: list[int] = []
    for index, action in enumerate(as_list(fields["history"], "history")):
        if type(action) is not int or not 0 <= action < _LARGEST_ID:
            fail(f"history[{index}]", say("action_id_expected", got=describe(action)))
        history.append(action)
    return rules, history


# --- a seat's information state ----------------------------------------------------


def information_text(view: PlayerView, *, current: bool = True) -> str:
    """Everything ``view``'s seat has seen: the finished rounds' deals (all
    their cards were played) and moves, this round's trump card and the
    hands it sees, and this round's moves."""
    lines = [f"seat {view.seat}, first dealer {view.first_dealer}", _past_text(view)]
    if current and not view.is_over:
        seen = " | ".join(
            "?" if hand is None else " ".join(map(str, hand)) for hand in view.visible_hands
        )
        lines.append(
            f"round {view.round_index + 1}: trump card {view.trump_card}; holding now {seen}"
        )
        moves = view.history[_moves_before(view) :]
        lines.append("moves: " + ", ".join(map(str, moves)))
    return "\n".join(lines)


def _round_moves(players: int, result: RoundResult, deal: Deal) -> int:
    """How many moves a finished round took: every seat bids and plays its
    cards, after the auction's calls and choice of trump, or the dealer's
    choice of trump."""
    count = players + players * result.cards
    if result.kind is RoundKind.AUCTION:
        return count + players  # calls, the choice of trump; the winner does not bid
    return count + (deal.trump_card is None)


def _moves_before(view: PlayerView) -> int:
    """How many moves the finished rounds took."""
    return sum(
        _round_moves(view.players, result, deal)
        for result, deal in zip(view.round_results, view.past_deals, strict=True)
    )


# The finished rounds' text is the same for every state of a round: it is
# kept for the last round seen (the entry holds the results tuple it is
# for, so that tuple's identity cannot be reused while it is kept).
_PAST_TEXT: Final[list[tuple[tuple[RoundResult, ...], str]]] = [((), "")]


def _past_text(view: PlayerView) -> str:
    results = view.round_results
    cached, text = _PAST_TEXT[0]
    if cached is results:
        return text
    lines = []
    start = 0
    for index, (result, deal) in enumerate(zip(results, view.past_deals, strict=True)):
        hands = " | ".join(" ".join(map(str, hand)) for hand in deal.hands)
        end = start + _round_moves(view.players, result, deal)
        moves = ", ".join(map(str, view.history[start:end]))
        lines.append(f"round {index + 1}: dealt {hands}; trump card {deal.trump_card}; {moves}")
        start = end
    text = "\n".join(lines)
    _PAST_TEXT[0] = (results, text)
    return text
