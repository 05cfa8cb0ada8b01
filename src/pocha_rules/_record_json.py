"""Reading a Pocha record's JSON data, part by part (``records`` is the
public face): its rules, deals, cards and moves. What every game's records
share (the envelope and the readers of plain JSON values) is
:mod:`pocha_rules._common.records`, whose readers are named here too.

Records are untrusted input: each reader here checks one part, and anything
it does not take is refused with :class:`~pocha_rules.InvalidRecordError`
naming where (``"rules.players"``, ``"deals[3].hands[1][0]"``) and why.
"""

from __future__ import annotations

import enum
import functools
from typing import Final

from pocha_rules._common.errors import say
from pocha_rules._common.records import (
    MAX_SCORE,
    as_list,
    check_seed,
    describe,
    fail,
    flag,
    members,
    no_constant,
    read_each,
    read_options,
    read_parsed,
    read_string,
    read_tags,
    seat_numbers,
    short,
    unique_members,
    whole,
)
from pocha_rules._pocha.cards import Card
from pocha_rules._pocha.deal import Deal
from pocha_rules._pocha.moves import Move, parse_move
from pocha_rules._pocha.rules import RuleSet

__all__ = [
    "MAX_SCORE",
    "as_list",
    "check_seed",
    "describe",
    "fail",
    "flag",
    "members",
    "no_constant",
    "read_card",
    "read_deal",
    "read_move",
    "read_rules",
    "read_string",
    "read_tags",
    "rules_data",
    "seat_numbers",
    "short",
    "unique_members",
    "whole",
]

_DEAL_MEMBERS: Final = ("hands", "trump_card")
_DEFAULTS: Final = RuleSet().options()


def rules_data(rules: RuleSet) -> dict[str, object]:
    """Every option of ``rules`` as JSON data, by its field name."""
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


def _whole_list(value: object, where: str) -> tuple[int, ...]:
    return read_each(value, where, whole)


def _string_list(value: object, where: str) -> tuple[str, ...]:
    return read_each(value, where, read_string)


def read_rules(value: object) -> RuleSet:
    """The ``rules`` member: every option of :class:`RuleSet` by its name."""
    return read_options(
        value,
        _DEFAULTS,
        RuleSet,
        special={"schedule": _string_list, "rank_order": _whole_list},
    )


def read_card(value: object, where: str, deck: int) -> Card:
    """A card of a ``deck``-card pack."""
    return read_parsed(value, where, functools.partial(Card.parse, deck=deck))


def read_deal(value: object, where: str, rules: RuleSet) -> Deal:
    """One round's deal: a hand per seat and the trump card."""
    data = members(value, where, _DEAL_MEMBERS)
    hands_where = f"{where}.hands"
    hands = as_list(data["hands"], hands_where)
    if len(hands) != rules.players:
        fail(hands_where, say("hands_for_players", hands=len(hands), players=rules.players))
    cards = tuple(
        tuple(
            read_card(card, f"{hands_where}[{seat}][{i}]", rules.deck)
            for i, card in enumerate(as_list(hand, f"{hands_where}[{seat}]"))
        )
        for seat, hand in enumerate(hands)
    )
    raw = data["trump_card"]
    trump = None if raw is None else read_card(raw, f"{where}.trump_card", rules.deck)
    return Deal(hands=cards, trump_card=trump)


def read_move(value: object, where: str, deck: int) -> Move:
    """A move in its text form, its cards of a ``deck``-card pack."""
    return read_parsed(value, where, functools.partial(parse_move, deck=deck))
