"""Names for people: every card, suit, rank, move, phase and round kind, in
Spanish and in English, with the forms a sentence needs."""

from __future__ import annotations

import pytest

from pocha_rules import (
    Bid,
    Call,
    Card,
    ChooseTrump,
    Pass,
    Phase,
    PochaError,
    RoundKind,
    Suit,
)
from pocha_rules._pocha.cards import CARDS
from pocha_rules._pocha.moves import BIDS, CALLS, PLAYS, TRUMP_CHOICES
from pocha_rules.names import (
    LANGUAGES,
    card_name,
    move_name,
    name,
    phase_name,
    rank_name,
    round_kind_name,
    suit_name,
)

ARTICLES = ("bare", "definite", "indefinite")


def test_the_examples_of_the_issue() -> None:
    card = Card.parse("1o")
    assert card.name("es") == "as de oros"
    assert card.name("en") == "the ace of coins"
    assert card_name(card, "es", article="definite") == "el as de oros"
    assert card_name(card, "es", article="indefinite") == "un as de oros"
    assert card_name(card, "en", article="bare") == "ace of coins"
    assert card_name(card, "en", article="indefinite") == "an ace of coins"


@pytest.mark.parametrize(
    ("text", "es", "en"),
    [
        ("2c", "dos de copas", "the two of cups"),
        ("3e", "tres de espadas", "the three of swords"),
        ("7b", "siete de bastos", "the seven of clubs"),
        ("8o", "ocho de oros", "the eight of coins"),
        ("9c", "nueve de copas", "the nine of cups"),
        ("10e", "sota de espadas", "the jack of swords"),
        ("11b", "caballo de bastos", "the knight of clubs"),
        ("12o", "rey de oros", "the king of coins"),
    ],
)
def test_card_names(text: str, es: str, en: str) -> None:
    card = Card.parse(text)
    assert (card.name("es"), card.name("en")) == (es, en)


def test_spanish_articles_agree_with_the_rank() -> None:
    sota, caballo = Card.parse("10o"), Card.parse("11o")
    assert card_name(sota, "es", article="definite") == "la sota de oros"
    assert card_name(sota, "es", article="indefinite") == "una sota de oros"
    assert card_name(caballo, "es", article="definite") == "el caballo de oros"
    assert rank_name(10, "es", article="definite", plural=True) == "las sotas"
    assert rank_name(12, "es", article="indefinite", plural=True) == "unos reyes"


def test_english_indefinite_article_before_a_vowel() -> None:
    assert card_name(Card.parse("8b"), "en", article="indefinite") == "an eight of clubs"
    assert card_name(Card.parse("1b"), "en", article="indefinite") == "an ace of clubs"
    assert card_name(Card.parse("12b"), "en", article="indefinite") == "a king of clubs"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("article", [None, *ARTICLES])
def test_every_card_has_a_name_and_no_two_share_one(lang: str, article: str | None) -> None:
    names = [card_name(card, lang, article=article) for card in CARDS]  # type: ignore[arg-type]
    assert all(n and n == n.strip() and "  " not in n for n in names)
    assert len(set(names)) == 48


@pytest.mark.parametrize("lang", LANGUAGES)
def test_suits_ranks_phases_and_kinds_have_distinct_names(lang: str) -> None:
    for plural in (True, False):
        for article in ARTICLES:
            suits = {suit_name(s, lang, article=article, plural=plural) for s in Suit}  # type: ignore[arg-type]
            ranks = {rank_name(r, lang, article=article, plural=plural) for r in range(1, 13)}  # type: ignore[arg-type]
            assert len(suits) == 4
            assert len(ranks) == 12
    assert len({phase_name(p, lang) for p in Phase}) == len(Phase)  # type: ignore[arg-type]
    assert len({round_kind_name(k, lang) for k in RoundKind}) == 3  # type: ignore[arg-type]


def test_suit_names() -> None:
    assert [suit_name(s, "es") for s in Suit] == ["oros", "copas", "espadas", "bastos"]
    assert [suit_name(s, "en") for s in Suit] == ["coins", "cups", "swords", "clubs"]
    assert suit_name(Suit.COPAS, "es", article="definite") == "las copas"
    assert suit_name(Suit.BASTOS, "es", article="definite") == "los bastos"
    assert suit_name(Suit.OROS, "es", article="indefinite", plural=False) == "un oro"
    assert suit_name(Suit.ESPADAS, "en", plural=False, article="indefinite") == "a sword"
    # The English names are those the Suit enum gives.
    assert [suit_name(s, "en") for s in Suit] == [s.english for s in Suit]


def test_move_names() -> None:
    assert move_name(Bid(2), "es") == "apuesta 2 bazas"
    assert move_name(Bid(1), "es") == "apuesta 1 baza"
    assert move_name(Bid(1), "en") == "bids 1 trick"
    assert move_name(PLAYS[0], "es") == "juega el as de oros"
    assert move_name(PLAYS[9], "es") == "juega la sota de oros"
    assert move_name(PLAYS[0], "en") == "plays the ace of coins"
    assert move_name(Pass(), "es") == "pasa"
    assert move_name(Pass(), "en") == "passes"
    assert move_name(ChooseTrump(Suit.OROS), "es") == "elige oros como triunfo"
    assert move_name(ChooseTrump(Suit.COPAS), "en") == "chooses cups as trump"
    assert move_name(Call(3), "es") == "puja por 3 bazas"
    assert move_name(Call(3), "en") == "calls 3 tricks"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_move_has_a_name_and_no_two_share_one(lang: str) -> None:
    moves = [*BIDS, *CALLS, *PLAYS, *TRUMP_CHOICES, Pass()]
    names = [move_name(m, lang) for m in moves]  # type: ignore[arg-type]
    assert all(names)
    assert len(set(names)) == len(moves)
    assert names == [name(m, lang) for m in moves]  # type: ignore[arg-type]


def test_phase_and_kind_names() -> None:
    assert phase_name(Phase.BID, "es") == "apuestas"
    assert phase_name(Phase.AUCTION, "es") == "subasta"
    assert phase_name(Phase.OVER, "en") == "game over"
    assert round_kind_name(RoundKind.BLIND, "es") == "india"
    assert round_kind_name(RoundKind.AUCTION, "es") == "subastada"
    assert round_kind_name(RoundKind.NORMAL, "en") == "normal round"


def test_name_dispatches_on_the_type() -> None:
    assert name(Card.parse("3c"), "en") == "the three of cups"
    assert name(Suit.OROS) == "oros"
    assert name(Phase.PLAY, "en") == "playing the tricks"
    assert name(RoundKind.AUCTION, "en") == "auction round"
    with pytest.raises(TypeError, match="expected a Card, Suit, move, Phase or RoundKind"):
        name(3)  # type: ignore[arg-type]


def test_bad_arguments_are_refused_clearly() -> None:
    card = Card.parse("1o")
    with pytest.raises(PochaError, match=r"names are given in .es. .* or .en. .*, not .fr."):
        card.name("fr")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="lang must be a str"):
        card_name(card, None)  # type: ignore[arg-type]
    with pytest.raises(PochaError, match="article must be 'bare', 'definite' or 'indefinite'"):
        card_name(card, "es", article="the")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="card must be a Card"):
        card_name("1o", "es")  # type: ignore[arg-type]
    with pytest.raises(PochaError, match="ranks run from 1 to 12, got 13"):
        rank_name(13)
    with pytest.raises(TypeError, match="rank must be an int"):
        rank_name(True)
    with pytest.raises(TypeError, match="plural must be a bool"):
        suit_name(Suit.OROS, plural=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="move must be a Bid"):
        move_name("bid 2")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="phase must be a Phase"):
        phase_name("bid")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="kind must be a RoundKind"):
        round_kind_name("blind")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="suit must be a Suit"):
        suit_name("o")  # type: ignore[arg-type]
