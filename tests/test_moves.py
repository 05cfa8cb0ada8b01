"""Moves and their text forms."""

from __future__ import annotations

import pytest

from pocha_rules import (
    Bid,
    Call,
    Card,
    ChooseTrump,
    Move,
    ParseError,
    Pass,
    Play,
    Suit,
    parse_move,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("bid 2", Bid(2)),
        ("BID 0", Bid(0)),
        ("  bid   12 ", Bid(12)),
        ("play 12o", Play(Card(12, Suit.OROS))),
        ("Play 3E", Play(Card(3, Suit.ESPADAS))),
        ("12o", Play(Card(12, Suit.OROS))),
        ("trump o", ChooseTrump(Suit.OROS)),
        ("Trump Bastos", ChooseTrump(Suit.BASTOS)),
        ("call 3", Call(3)),
        ("CALL 0", Call(0)),
        ("pass", Pass()),
        ("PASS", Pass()),
    ],
)
def test_parse_move(text: str, expected: Move) -> None:
    assert parse_move(text) == expected


@pytest.mark.parametrize(
    "move",
    [Bid(0), Bid(7), Play(Card(10, Suit.COPAS)), ChooseTrump(Suit.ESPADAS), Call(4), Pass()],
)
def test_text_round_trip(move: Move) -> None:
    assert parse_move(str(move)) == move
    assert eval(repr(move), vars(__import__("pocha_rules"))) == move


def test_text_forms() -> None:
    assert [str(m) for m in (Bid(2), Play(Card(3, Suit.ESPADAS)), ChooseTrump(Suit.OROS))] == [
        "bid 2",
        "play 3e",
        "trump o",
    ]
    assert [str(m) for m in (Call(3), Pass())] == ["call 3", "pass"]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("bid -1", "whole number"),
        ("bid two", "whole number"),
        ("call x", "whole number"),
        ("bid", "expected 'bid N'"),
        ("play", "expected 'bid N'"),
        ("bid 1 2", "expected 'bid N'"),
        ("", "expected 'bid N'"),
        ("fold 1", "expected 'bid N'"),
        ("play 13o", "no card has rank 13"),
        ("trump x", "expected a suit"),
        ("1x", "unknown suit letter"),
    ],
)
def test_parse_move_refuses(text: str, reason: str) -> None:
    with pytest.raises(ParseError, match=reason):
        parse_move(text)


def test_parse_move_respects_the_deck() -> None:
    assert parse_move("play 8o") == Play(Card(8, Suit.OROS))
    with pytest.raises(ParseError, match="40-card deck"):
        parse_move("play 8o", deck=40)
    with pytest.raises(ParseError, match="40-card deck"):
        parse_move("9c", deck=40)
    with pytest.raises(TypeError, match="a move's text form must be a str such as 'bid 2', got"):
        parse_move(3)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["bid ", "call ", "play ", "trump ", ""])
def test_numbers_of_thousands_of_digits_are_parse_errors(text: str) -> None:
    # Python refuses to convert such text to an int (ValueError): the parser
    # refuses it first, with its own error.
    with pytest.raises(ParseError) as info:
        parse_move(text + "1" * 5000)
    assert len(str(info.value)) < 200


def test_a_long_number_of_tricks_is_refused_by_its_length() -> None:
    with pytest.raises(ParseError, match="7 digits is too long for a number of tricks"):
        parse_move("bid 1000000")
    assert parse_move("call 999999") == Call(999999)


def test_negative_numbers_of_tricks_are_refused() -> None:
    with pytest.raises(ParseError, match="tricks is a whole number of tricks, 0 or more"):
        Bid(-1)
    with pytest.raises(ParseError, match="tricks is a whole number of tricks, 0 or more"):
        Call(-1)


@pytest.mark.parametrize("value", [1.0, "2", True, None])
def test_numbers_of_tricks_must_be_ints(value: object) -> None:
    with pytest.raises(TypeError, match="tricks must be an int, got "):
        Bid(value)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="tricks must be an int, got "):
        Call(value)  # type: ignore[arg-type]


def test_fields_are_type_checked() -> None:
    with pytest.raises(TypeError):
        Play("1o")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        ChooseTrump("o")  # type: ignore[arg-type]


def test_moves_are_frozen_hashable_values() -> None:
    assert Bid(1) == Bid(1)
    assert Bid(1) != Call(1)  # type: ignore[comparison-overlap]
    assert len({Bid(1), Bid(1), Call(1), Pass(), Pass()}) == 3
    with pytest.raises(AttributeError):
        Bid(1).tricks = 2  # type: ignore[misc]
