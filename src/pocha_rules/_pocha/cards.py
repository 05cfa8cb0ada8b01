"""Spanish playing cards: the four suits and the forty-eight cards.

Inside the library a card is an index from 0 to 47 (``suit * 12 + rank - 1``)
so that hands fit in an integer bit mask; the public :class:`Card` objects are
interned, one per index, so building and comparing them costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, final

from pocha_rules._common.cards import (
    InternedCard,
    SuitName,
    check_card_types,
    find_suit,
    suits_by_text,
)
from pocha_rules._common.cards import mask_of as mask_of  # a part of this module
from pocha_rules._common.errors import ParseError, say
from pocha_rules._common.text import got
from pocha_rules._common.upcalls import Upcall

if TYPE_CHECKING:
    from pocha_rules.names import Article, Language

__all__ = ["Card", "Suit"]


class Suit(SuitName):
    """One of the four suits of the Spanish deck.

    ``str(suit)`` is the Spanish name (``"oros"``); :attr:`letter` is the
    one-letter form used in card text (``"o"``).
    """

    OROS = 0
    """Coins."""
    COPAS = 1
    """Cups."""
    ESPADAS = 2
    """Swords."""
    BASTOS = 3
    """Clubs."""

    @property
    def letter(self) -> str:
        """The suit's letter in card text: ``o``, ``c``, ``e`` or ``b``."""
        return _LETTERS[self.value]

    @property
    def english(self) -> str:
        """The English name: coins, cups, swords or clubs."""
        return _ENGLISH[self.value]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its letter or its Spanish name, in any case.

        >>> Suit.parse("E"), Suit.parse("bastos")
        (Suit.ESPADAS, Suit.BASTOS)
        """
        suit = find_suit(_SUIT_BY_TEXT, text, "o")
        if suit is None:
            raise ParseError(text, say("suit_unknown"))
        return suit


_LETTERS: Final = ("o", "c", "e", "b")
_ENGLISH: Final = ("coins", "cups", "swords", "clubs")
_SUITS: Final = tuple(Suit)
_SUIT_BY_TEXT: Final = suits_by_text(_SUITS, _LETTERS)

RANKS_48: Final = tuple(range(1, 13))
RANKS_40: Final = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)


def card_index(rank: int, suit: int) -> int:
    """The internal index of the card of ``rank`` in suit number ``suit``."""
    return suit * 12 + rank - 1


@final
class Card(InternedCard):
    """A Spanish playing card: a rank from 1 to 12 and a :class:`Suit`.

    Cards are interned: ``Card(12, Suit.OROS) is Card.parse("12o")``. They are
    ordered by suit (oros, copas, espadas, bastos) and then by rank number,
    which is a display order, not trick-taking strength (that depends on the
    :class:`~pocha_rules.RuleSet`).

    >>> card = Card.parse("12o")
    >>> card, str(card), card.rank, card.suit
    (Card(12, Suit.OROS), '12o', 12, Suit.OROS)
    """

    __slots__ = ("index", "rank", "suit")

    index: int
    """The card's index, ``suit.value * 12 + rank - 1`` (0 to 47)."""
    rank: int
    """The rank number: 1 (as) to 12 (rey); 10, 11, 12 are sota, caballo, rey."""
    suit: Suit
    """The card's suit."""

    def __new__(cls, rank: int, suit: Suit) -> Card:
        check_card_types(rank, suit, Suit)
        if not 1 <= rank <= 12:
            raise ParseError(repr(rank), say("rank_not_whole"))
        return CARDS[card_index(rank, suit.value)]

    @classmethod
    def parse(cls, text: str, *, deck: int = 48) -> Card:
        """Read a card from its text form: the rank, then the suit's letter.

        Case does not matter and surrounding spaces are ignored. With
        ``deck=40``, ranks 8 and 9 are refused.

        >>> Card.parse("1O"), Card.parse(" 10c ")
        (Card(1, Suit.OROS), Card(10, Suit.COPAS))
        >>> Card.parse("8o", deck=40)
        Traceback (most recent call last):
        ...
        pocha_rules.ParseError: cannot parse '8o': there is no 8 in a 40-card deck
        """
        if not isinstance(text, str):
            raise TypeError(f"a card's text form must be a str such as '12o', got {got(text)}")
        raw = text.strip().lower()
        card = _BY_TEXT.get(raw)
        if card is not None and (deck == 48 or (deck == 40 and card.rank not in (8, 9))):
            return card
        # Not a card of the deck: find out why.
        if not 2 <= len(raw) <= 8 or not raw[:-1].isdigit() or not raw[:-1].isascii():
            raise ParseError(text, say("card_form"))
        suit = _SUIT_BY_TEXT.get(raw[-1])
        if suit is None:
            raise ParseError(text, say("suit_letter_unknown", letter=repr(raw[-1])))
        rank = int(raw[:-1])
        if not 1 <= rank <= 12 or raw[0] == "0":
            raise ParseError(text, say("rank_unknown", rank=raw[:-1]))
        if deck == 40 and rank in (8, 9):
            raise ParseError(text, say("rank_not_in_deck", rank=rank))
        if deck not in (40, 48):
            raise ParseError(text, say("deck_size", deck=deck))
        return CARDS[card_index(rank, suit.value)]

    def name(self, lang: Language = "es", *, article: Article | None = None) -> str:
        """The card's name for people: ``"as de oros"``, ``"the ace of coins"``.

        The same as :func:`pocha_rules.names.card_name`, which documents
        ``lang`` (``"es"`` or ``"en"``) and ``article``.

        >>> Card.parse("1o").name("es"), Card.parse("1o").name("en")
        ('as de oros', 'the ace of coins')
        """
        return NAME.call(self, lang, article)

    def _repr_svg_(self) -> str:
        """The card as a picture, for Jupyter (:func:`pocha_rules.svg.card`)."""
        return PICTURE.call(self)

    def __str__(self) -> str:
        return f"{self.rank}{_LETTERS[self.index // 12]}"


CARDS: Final[tuple[Card, ...]] = tuple(
    Card._make(i, i % 12 + 1, _SUITS[i // 12]) for i in range(48)
)
"""Every card, indexed by :attr:`Card.index`."""

_BY_TEXT: Final = {str(card): card for card in CARDS}
"""Every card by its text form, for :meth:`Card.parse`."""

NAME: Final[Upcall[Callable[[Card, Language, Article | None], str]]] = Upcall(
    "Card.name", "pocha_rules.names"
)
""":meth:`Card.name`, filled with :func:`pocha_rules.names.card_name`."""

PICTURE: Final[Upcall[Callable[[Card], str]]] = Upcall("Card._repr_svg_", "pocha_rules.svg")
"""``Card._repr_svg_``, filled with :func:`pocha_rules.svg.card`."""

SUIT_OF: Final[tuple[int, ...]] = tuple(i // 12 for i in range(48))
SUIT_MASKS: Final[tuple[int, ...]] = tuple(0xFFF << (12 * s) for s in range(4))


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a bit mask, in card order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return tuple(out)
