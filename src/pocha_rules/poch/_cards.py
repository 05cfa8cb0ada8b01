"""The French deck of Poch: four suits, thirteen ranks, and the 32- and
52-card packs.

A card is an index inside the library, ``suit * 13 + rank - 2`` (0 to 51),
so a hand fits in an integer bit mask. The public :class:`Card` values are
interned, one per index. Ranks run from 2 to 14 (``J`` 11, ``Q`` 12, ``K``
13, ``A`` 14) and the ace is always high: it has no successor.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, final

from pocha_rules._common.cards import (
    InternedCard,
    SuitName,
    check_card_types,
    find_suit,
    indices_of,
    suits_by_text,
)
from pocha_rules._common.cards import mask_of as mask_of  # a part of this module
from pocha_rules._common.errors import ParseError, say
from pocha_rules._common.text import got
from pocha_rules._common.upcalls import Upcall

__all__ = ["Card", "Suit"]


class Suit(SuitName):
    """One of the four French suits; :attr:`letter` is its card-text form.

    Suits have no order in play (only trump is special); the order of the
    members, clubs, diamonds, hearts, spades, is used to sort cards for
    display and for legal-move lists.
    """

    CLUBS = 0
    """Clubs, ``c``."""
    DIAMONDS = 1
    """Diamonds, ``d``."""
    HEARTS = 2
    """Hearts, ``h``."""
    SPADES = 3
    """Spades, ``s``."""

    @property
    def letter(self) -> str:
        """The suit's letter in card text: ``c``, ``d``, ``h`` or ``s``."""
        return LETTERS[self.value]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its letter or its English name, in any case.

        >>> Suit.parse("H"), Suit.parse("spades")
        (Suit.HEARTS, Suit.SPADES)
        """
        suit = find_suit(_SUIT_BY_TEXT, text, "h")
        if suit is None:
            raise ParseError(text, say("poch_suit_unknown"))
        return suit


LETTERS: Final = ("c", "d", "h", "s")
SUITS: Final = tuple(Suit)
_SUIT_BY_TEXT: Final = suits_by_text(SUITS, LETTERS)

RANK_TEXT: Final = {
    2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
    11: "J", 12: "Q", 13: "K", 14: "A",
}  # fmt: skip
"""Each rank's text form."""

_RANK_BY_TEXT: Final = {text.lower(): rank for rank, text in RANK_TEXT.items()}

ACE: Final = 14
KING: Final = 13
QUEEN: Final = 12
JACK: Final = 11
TEN: Final = 10

DECKS: Final = (32, 52)
"""The sizes of the two packs."""


def lowest_rank(deck: int) -> int:
    """The lowest rank of a pack: 7 in the 32-card pack, 2 in the 52-card."""
    return 7 if deck == 32 else 2


def card_index(rank: int, suit: int) -> int:
    """The internal index of the card of ``rank`` in suit number ``suit``."""
    return suit * 13 + rank - 2


def _pack(deck: int) -> tuple[int, ...]:
    low = lowest_rank(deck)
    return tuple(card_index(r, s) for s in range(4) for r in range(low, ACE + 1))


_PACKS: Final = {32: _pack(32), 52: _pack(52)}


def deck_indices(deck: int) -> tuple[int, ...]:
    """The indices of a pack's cards, in card order."""
    return _PACKS[deck]


@final
class Card(InternedCard):
    """A French playing card: a rank from 2 to 14 (ace high) and a :class:`Suit`.

    Cards are interned: ``Card(12, Suit.CLUBS) is Card.parse("Qc")``. They
    sort by suit (clubs, diamonds, hearts, spades) and then by rank.

    >>> card = Card.parse("10h")
    >>> card, str(card), card.rank, card.suit
    (Card(10, Suit.HEARTS), '10h', 10, Suit.HEARTS)
    >>> str(Card.parse("qc")), str(Card(14, Suit.SPADES))
    ('Qc', 'As')
    """

    __slots__ = ("index", "rank", "suit")

    index: int
    """The card's index, ``suit.value * 13 + rank - 2`` (0 to 51)."""
    rank: int
    """The rank: 2 to 10, then 11 (jack), 12 (queen), 13 (king), 14 (ace)."""
    suit: Suit
    """The card's suit."""

    def __new__(cls, rank: int, suit: Suit) -> Card:
        check_card_types(rank, suit, Suit)
        if not 2 <= rank <= ACE:
            raise ParseError(repr(rank), say("poch_rank_not_whole"))
        return CARDS[card_index(rank, suit.value)]

    @classmethod
    def parse(cls, text: str, *, deck: int = 52) -> Card:
        """Read a card from its text form: the rank (``2``-``10``, ``J``,
        ``Q``, ``K``, ``A``), then the suit's letter. Case does not matter
        and surrounding spaces are ignored. With ``deck=32``, ranks below 7
        are refused.

        >>> Card.parse("AS"), Card.parse(" 7d ", deck=32)
        (Card(14, Suit.SPADES), Card(7, Suit.DIAMONDS))
        >>> Card.parse("6h", deck=32)
        Traceback (most recent call last):
        ...
        pocha_rules.ParseError: cannot parse '6h': there is no 6 in a 32-card deck
        """
        if not isinstance(text, str):
            raise TypeError(f"a card's text form must be a str such as '10h', got {got(text)}")
        if type(deck) is not int:
            raise TypeError(f"deck must be an int, 32 or 52, got {got(deck)}")
        if deck not in DECKS:
            raise ParseError(text, say("poch_deck_size", deck=deck))
        raw = text.strip().lower()
        if len(raw) < 2:
            raise ParseError(text, say("poch_card_form"))
        suit = _SUIT_BY_TEXT.get(raw[-1])
        rank = _RANK_BY_TEXT.get(raw[:-1])
        if rank is None:
            raise ParseError(text, say("poch_card_form"))
        if suit is None:
            raise ParseError(text, say("poch_suit_letter_unknown", letter=repr(raw[-1])))
        if rank < lowest_rank(deck):
            raise ParseError(text, say("poch_rank_not_in_deck", rank=RANK_TEXT[rank], deck=deck))
        return CARDS[card_index(rank, suit.value)]

    def __str__(self) -> str:
        return TEXT[self.index]

    def _repr_svg_(self) -> str:
        """The card as a picture, for Jupyter (:func:`pocha_rules.poch.svg.card`)."""
        return PICTURE.call(self)


TEXT: Final[tuple[str, ...]] = tuple(RANK_TEXT[i % 13 + 2] + LETTERS[i // 13] for i in range(52))
"""Every card's text form, by index."""

CARDS: Final[tuple[Card, ...]] = tuple(
    Card._make(i, i % 13 + 2, SUITS[i // 13]) for i in range(52)
)
"""Every card, indexed by :attr:`Card.index`."""


PICTURE: Final[Upcall[Callable[[Card], str]]] = Upcall(
    "poch.Card._repr_svg_", "pocha_rules._poch_pictures"
)
"""``Card._repr_svg_``, filled with :func:`pocha_rules.poch.svg.card`."""


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a bit mask, in card order."""
    return tuple(CARDS[i] for i in indices_of(mask))
