"""Cards and suits, decks and the order of the cards."""

from __future__ import annotations

import pytest

from pocha_rules import Card, ParseError, Suit
from pocha_rules._pocha.cards import CARDS


def test_suits_and_letters() -> None:
    assert [s.letter for s in Suit] == ["o", "c", "e", "b"]
    assert [str(s) for s in Suit] == ["oros", "copas", "espadas", "bastos"]
    assert [s.english for s in Suit] == ["coins", "cups", "swords", "clubs"]


@pytest.mark.parametrize(
    ("text", "suit"),
    [("o", Suit.OROS), ("C", Suit.COPAS), (" espadas ", Suit.ESPADAS), ("BASTOS", Suit.BASTOS)],
)
def test_suit_parse(text: str, suit: Suit) -> None:
    assert Suit.parse(text) is suit


@pytest.mark.parametrize("text", ["x", "", "oro", "spades"])
def test_suit_parse_refuses(text: str) -> None:
    with pytest.raises(ParseError, match="expected a suit"):
        Suit.parse(text)


def test_there_are_48_interned_cards() -> None:
    assert len(CARDS) == 48
    assert len(set(CARDS)) == 48
    for index, card in enumerate(CARDS):
        assert card.index == index == card.suit.value * 12 + card.rank - 1
        assert Card(card.rank, card.suit) is card
        assert Card.parse(str(card)) is card


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("1o", 1, Suit.OROS),
        ("12b", 12, Suit.BASTOS),
        ("3e", 3, Suit.ESPADAS),
        ("10c", 10, Suit.COPAS),
        ("10C", 10, Suit.COPAS),
        (" 7E ", 7, Suit.ESPADAS),
        ("1O", 1, Suit.OROS),
    ],
)
def test_parse_is_case_insensitive(text: str, rank: int, suit: Suit) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert Card.parse(text, deck=40) is card


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("13o", "no card has rank 13"),
        ("0", "expected a rank"),
        ("", "expected a rank"),
        ("1x", "unknown suit letter 'x'"),
        ("0o", "no card has rank 0"),
        ("01o", "no card has rank"),
        ("o1", "expected a rank"),
        ("12", "unknown suit letter"),
        ("1 o", "expected a rank"),
        ("\u0661o", "expected a rank"),
    ],
)
def test_parse_refuses(text: str, reason: str) -> None:
    with pytest.raises(ParseError, match=reason) as info:
        Card.parse(text)
    assert info.value.text == text


@pytest.mark.parametrize("text", ["8o", "9c", "8E", "9b"])
def test_eights_and_nines_are_not_in_the_40_card_deck(text: str) -> None:
    assert Card.parse(text, deck=48).rank in (8, 9)
    with pytest.raises(ParseError, match="40-card deck"):
        Card.parse(text, deck=40)


def test_parse_refuses_other_decks_and_non_strings() -> None:
    with pytest.raises(ParseError, match="decks have 40 or 48"):
        Card.parse("1o", deck=52)
    with pytest.raises(TypeError, match="a card's text form must be a str such as '12o', got int"):
        Card.parse(12)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a suit's text must be a str such as 'o', got None"):
        Suit.parse(None)  # type: ignore[arg-type]


def test_ranks_of_thousands_of_digits_are_refused_as_text() -> None:
    for text in ("1" * 5000 + "o", "1" * 8 + "o"):
        with pytest.raises(ParseError, match="expected a rank from 1 to 12") as info:
            Card.parse(text)
        assert len(str(info.value)) < 200  # the text is shown cut short
    with pytest.raises(ParseError, match="no card has rank 1234567"):
        Card.parse("1234567o")


@pytest.mark.parametrize(("rank", "suit"), [(0, Suit.OROS), (13, Suit.OROS)])
def test_constructor_refuses(rank: int, suit: Suit) -> None:
    with pytest.raises(ParseError, match="a card's rank is a whole number from 1 to 12"):
        Card(rank, suit)


@pytest.mark.parametrize(
    ("rank", "suit", "message"),
    [
        (1, "o", "a card's suit must be a Suit, got str 'o'"),
        (True, Suit.OROS, "a card's rank must be an int, got bool True"),
        ("1", Suit.OROS, "a card's rank must be an int, got str '1'"),
    ],
)
def test_constructor_wants_an_int_and_a_suit(rank: object, suit: object, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        Card(rank, suit)  # type: ignore[arg-type]


def test_text_and_repr() -> None:
    card = Card(12, Suit.OROS)
    assert str(card) == "12o"
    assert repr(card) == "Card(12, Suit.OROS)"
    assert str(Card(10, Suit.COPAS)) == "10c"


def test_cards_are_immutable() -> None:
    card = Card.parse("1o")
    with pytest.raises(AttributeError):
        card.rank = 3
    with pytest.raises(AttributeError):
        del card.rank


def test_display_order_is_suit_then_rank() -> None:
    texts = ["12o", "1c", "1o", "3e", "2b", "10c"]
    ordered = sorted(Card.parse(t) for t in texts)
    assert [str(c) for c in ordered] == ["1o", "12o", "1c", "10c", "3e", "2b"]
    assert Card.parse("1o") < Card.parse("2o") <= Card.parse("2o")
    assert Card.parse("1c") > Card.parse("12o") >= Card.parse("12o")


def test_cards_hash_and_compare_by_identity() -> None:
    assert {Card.parse("1o"): 1}[Card(1, Suit.OROS)] == 1
    assert Card.parse("1o") != Card.parse("1c")
    assert Card.parse("1o") != "1o"
