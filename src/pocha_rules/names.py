"""The game's things named for people, in Spanish and in English.

Cards, suits, ranks, moves, phases and round kinds, with the forms a
sentence needs: with or without an article, one or many. Every function
takes the language as ``"es"`` (Spanish, the game's own words) or ``"en"``.

>>> from pocha_rules import Bid, Card, Play, Suit
>>> card = Card.parse("1o")
>>> card_name(card, "es"), card_name(card, "en")
('as de oros', 'the ace of coins')
>>> card_name(Card.parse("10e"), "es", article="definite")
'la sota de espadas'
>>> card_name(Card.parse("11b"), "en", article="indefinite")
'a knight of clubs'
>>> move_name(Bid(1), "es"), move_name(Play(card), "es"), move_name(Play(card), "en")
('apuesta 1 baza', 'juega el as de oros', 'plays the ace of coins')
>>> suit_name(Suit.OROS, "es", plural=False), rank_name(12, "en", plural=True)
('oro', 'kings')

``card.name(lang)`` (:meth:`~pocha_rules.Card.name`) is :func:`card_name`.
Moves are named as what a seat does, in the present (*apuesta*, *bids*),
ready to follow a seat's name or to stand alone as a line of a game's log.

**Articles.** ``article`` is ``"bare"`` (*as de oros*, *ace of coins*),
``"definite"`` (*el as de oros*, *the ace of coins*) or ``"indefinite"``
(*un as de oros*, *an ace of coins*). Left out, a card takes the form a
label reads best in: bare in Spanish, definite in English. Spanish
articles agree with the rank: *la sota*, *una sota*, *el caballo*.
"""

from __future__ import annotations

from typing import Final, Literal, TypeAlias

from pocha_rules._common.text import got, shown
from pocha_rules._pocha import cards as _cards
from pocha_rules._pocha.cards import Card, Suit
from pocha_rules._pocha.moves import (
    MOVE_TYPES,
    SPANISH_VERBS,
    Bid,
    Call,
    ChooseTrump,
    Move,
    Pass,
    Play,
)
from pocha_rules._pocha.schedules import RoundKind
from pocha_rules._pocha.state import Phase

__all__ = [
    "LANGUAGES",
    "Article",
    "Language",
    "card_name",
    "move_name",
    "move_text",
    "name",
    "phase_name",
    "rank_name",
    "round_kind_name",
    "suit_name",
]

Language: TypeAlias = Literal["es", "en"]
"""A language code: ``"es"`` (Spanish) or ``"en"`` (English)."""

Article: TypeAlias = Literal["bare", "definite", "indefinite"]
"""Which article a name takes: none, *el/la/the*, or *un/una/a/an*."""

LANGUAGES: Final[tuple[Language, ...]] = ("es", "en")
"""The languages names are given in."""

# By rank 1 to 12: singular, plural, and whether the Spanish word is feminine.
_RANKS: Final[dict[str, tuple[tuple[str, str], ...]]] = {
    "es": (
        ("as", "ases"),
        ("dos", "doses"),
        ("tres", "treses"),
        ("cuatro", "cuatros"),
        ("cinco", "cincos"),
        ("seis", "seises"),
        ("siete", "sietes"),
        ("ocho", "ochos"),
        ("nueve", "nueves"),
        ("sota", "sotas"),
        ("caballo", "caballos"),
        ("rey", "reyes"),
    ),
    "en": (
        ("ace", "aces"),
        ("two", "twos"),
        ("three", "threes"),
        ("four", "fours"),
        ("five", "fives"),
        ("six", "sixes"),
        ("seven", "sevens"),
        ("eight", "eights"),
        ("nine", "nines"),
        ("jack", "jacks"),
        ("knight", "knights"),
        ("king", "kings"),
    ),
}
_FEMININE_RANKS: Final = frozenset({10})
"""The Spanish ranks named by a feminine word (*la sota*)."""

# By suit: singular, plural.
_SUITS: Final[dict[str, tuple[tuple[str, str], ...]]] = {
    "es": (("oro", "oros"), ("copa", "copas"), ("espada", "espadas"), ("basto", "bastos")),
    "en": (("coin", "coins"), ("cup", "cups"), ("sword", "swords"), ("club", "clubs")),
}
_FEMININE_SUITS: Final = frozenset({Suit.COPAS, Suit.ESPADAS})

_PHASES: Final[dict[str, dict[Phase, str]]] = {
    "es": {
        Phase.AUCTION: "subasta",
        Phase.CHOOSE_TRUMP: "elección del triunfo",
        Phase.BID: "apuestas",
        Phase.PLAY: "juego de las bazas",
        Phase.OVER: "partida terminada",
    },
    "en": {
        Phase.AUCTION: "auction",
        Phase.CHOOSE_TRUMP: "choosing trump",
        Phase.BID: "bidding",
        Phase.PLAY: "playing the tricks",
        Phase.OVER: "game over",
    },
}

_KINDS: Final[dict[str, dict[RoundKind, str]]] = {
    "es": {
        RoundKind.NORMAL: "ronda normal",
        RoundKind.AUCTION: "subastada",
        RoundKind.BLIND: "india",
    },
    "en": {
        RoundKind.NORMAL: "normal round",
        RoundKind.AUCTION: "auction round",
        RoundKind.BLIND: "blind round",
    },
}

_ARTICLES: Final = ("bare", "definite", "indefinite")


def _language(lang: object) -> Language:
    if not isinstance(lang, str):
        raise TypeError(f"lang must be a str, 'es' or 'en', got {got(lang)}")
    if lang == "es":
        return "es"
    if lang == "en":
        return "en"
    from pocha_rules._common.errors import PochaError, say

    raise PochaError(say("names_lang_unknown", got=shown(lang)))


def _article(article: object) -> Article:
    if not isinstance(article, str):
        raise TypeError(f"article must be a str, got {got(article)}")
    for known in _ARTICLES:
        if article == known:
            return known
    from pocha_rules._common.errors import PochaError, say

    raise PochaError(say("article_unknown", got=shown(article)))


def _plural(plural: object) -> bool:
    if type(plural) is not bool:
        raise TypeError(f"plural must be a bool, got {got(plural)}")
    return plural


def _with_article(
    word: str, lang: Language, article: Article, *, feminine: bool, plural: bool
) -> str:
    if article == "bare":
        return word
    if lang == "es":
        if article == "definite":
            first = ("las" if plural else "la") if feminine else ("los" if plural else "el")
        else:
            first = ("unas" if plural else "una") if feminine else ("unos" if plural else "un")
        return f"{first} {word}"
    if article == "definite":
        return f"the {word}"
    if plural:
        return f"some {word}"
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def rank_name(
    rank: int, lang: Language = "es", *, article: Article = "bare", plural: bool = False
) -> str:
    """A rank's name: 1 is *as* (ace), 10 *sota* (jack), 11 *caballo*
    (knight), 12 *rey* (king), the others their number in words.

    >>> rank_name(10, "es", article="definite"), rank_name(1, "en", article="indefinite")
    ('la sota', 'an ace')
    >>> rank_name(3, "es", plural=True), rank_name(6, "en", plural=True)
    ('treses', 'sixes')

    Raises:
        PochaError: ``rank`` is not 1 to 12, or the language or article is
            unknown.
        TypeError: An argument is not of the type named above.

    """
    if type(rank) is not int:
        raise TypeError(f"rank must be an int, got {got(rank)}")
    if not 1 <= rank <= 12:
        from pocha_rules._common.errors import PochaError, say

        raise PochaError(say("rank_out_of_range", got=shown(rank)))
    language = _language(lang)
    many = _plural(plural)
    word = _RANKS[language][rank - 1][many]
    feminine = rank in _FEMININE_RANKS
    return _with_article(word, language, _article(article), feminine=feminine, plural=many)


def suit_name(
    suit: Suit, lang: Language = "es", *, article: Article = "bare", plural: bool = True
) -> str:
    """A suit's name; suits are named in the plural (*oros*, *coins*) unless
    ``plural=False`` (*un oro*: one card of oros).

    >>> suit_name(Suit.ESPADAS, "es"), suit_name(Suit.ESPADAS, "en", article="definite")
    ('espadas', 'the swords')
    >>> suit_name(Suit.COPAS, "es", article="indefinite", plural=False)
    'una copa'

    Raises:
        PochaError: The language or article is unknown.
        TypeError: An argument is not of the type named above.

    """
    if not isinstance(suit, Suit):
        raise TypeError(f"suit must be a Suit, got {got(suit)}")
    language = _language(lang)
    many = _plural(plural)
    word = _SUITS[language][suit.value][many]
    feminine = suit in _FEMININE_SUITS
    return _with_article(word, language, _article(article), feminine=feminine, plural=many)


def card_name(card: Card, lang: Language = "es", *, article: Article | None = None) -> str:
    """A card's name: its rank *de* its suit (*as de oros*), *of* in
    English (*the ace of coins*).

    ``article=None`` gives the form a label reads best in: bare in Spanish,
    definite in English.

    >>> card_name(Card.parse("12b"), "es", article="indefinite")
    'un rey de bastos'
    >>> card_name(Card.parse("8c"), "en", article="indefinite")
    'an eight of cups'

    Raises:
        PochaError: The language or article is unknown.
        TypeError: An argument is not of the type named above.

    """
    if not isinstance(card, Card):
        raise TypeError(f"card must be a Card, got {got(card)}")
    language = _language(lang)
    if article is None:
        article = "bare" if language == "es" else "definite"
    rank = rank_name(card.rank, language, article=article)
    joint = " de " if language == "es" else " of "
    return rank + joint + _SUITS[language][card.suit.value][1]


def _tricks(count: int, lang: Language) -> str:
    if lang == "es":
        return f"{count} baza" if count == 1 else f"{count} bazas"
    return f"{count} trick" if count == 1 else f"{count} tricks"


def move_name(move: Move, lang: Language = "es") -> str:
    """What a move does, in the present: *apuesta 2 bazas*, *juega el as de
    oros*, *pasa*, *elige oros como triunfo*, *puja por 3 bazas*; in English
    *bids 2 tricks*, *plays the ace of coins*, *passes*, *chooses coins as
    trump*, *calls 3 tricks*.

    >>> from pocha_rules import Call, ChooseTrump, Pass
    >>> [move_name(m, "es") for m in (Call(3), Pass(), ChooseTrump(Suit.OROS))]
    ['puja por 3 bazas', 'pasa', 'elige oros como triunfo']
    >>> move_name(Bid(0), "en")
    'bids 0 tricks'

    Raises:
        PochaError: The language is unknown.
        TypeError: ``move`` is not a move.

    """
    language = _language(lang)
    es = language == "es"
    if type(move) is Bid:
        return ("apuesta " if es else "bids ") + _tricks(move.tricks, language)
    if type(move) is Play:
        return ("juega " if es else "plays ") + card_name(move.card, language, article="definite")
    if type(move) is ChooseTrump:
        suit = suit_name(move.suit, language)
        return f"elige {suit} como triunfo" if es else f"chooses {suit} as trump"
    if type(move) is Call:
        return ("puja por " if es else "calls ") + _tricks(move.tricks, language)
    if type(move) is Pass:
        return "pasa" if es else "passes"
    raise TypeError(f"move must be a Bid, Play, ChooseTrump, Call or Pass, got {got(move)}")


def move_text(move: Move, lang: Language = "es") -> str:
    """A move as a player types it in ``lang``, the form
    :func:`~pocha_rules.parse_move` reads back with the same ``lang``:
    ``pido 2``, ``juego 12o``, ``triunfo o``, ``puja 3``, ``paso`` in
    Spanish; ``str(move)`` in English.

    >>> from pocha_rules import parse_move
    >>> move_text(Bid(2), "es"), move_text(Play(Card.parse("12o")), "es"), move_text(Bid(2), "en")
    ('pido 2', 'juego 12o', 'bid 2')
    >>> parse_move(move_text(Bid(2), "es"), lang="es")
    Bid(2)

    Raises:
        PochaError: The language is unknown.
        TypeError: ``move`` is not a move.

    """
    language = _language(lang)
    if type(move) not in MOVE_TYPES:
        raise TypeError(f"move must be a Bid, Play, ChooseTrump, Call or Pass, got {got(move)}")
    text = str(move)
    if language == "en":
        return text
    verb, _, rest = text.partition(" ")
    word = SPANISH_VERBS[verb][0]
    return f"{word} {rest}" if rest else word


def phase_name(phase: Phase, lang: Language = "es") -> str:
    """What the game is waiting for: *apuestas* (bidding), *juego de las
    bazas* (playing the tricks)...

    >>> phase_name(Phase.BID, "es"), phase_name(Phase.CHOOSE_TRUMP, "en")
    ('apuestas', 'choosing trump')

    Raises:
        PochaError: The language is unknown.
        TypeError: ``phase`` is not a :class:`~pocha_rules.Phase`.

    """
    if not isinstance(phase, Phase):
        raise TypeError(f"phase must be a Phase, got {got(phase)}")
    return _PHASES[_language(lang)][phase]


def round_kind_name(kind: RoundKind, lang: Language = "es") -> str:
    """A round kind's name: *ronda normal*, *subastada* (auction round),
    *india* (blind round).

    >>> round_kind_name(RoundKind.BLIND, "es"), round_kind_name(RoundKind.AUCTION, "en")
    ('india', 'auction round')

    Raises:
        PochaError: The language is unknown.
        TypeError: ``kind`` is not a :class:`~pocha_rules.RoundKind`.

    """
    if not isinstance(kind, RoundKind):
        raise TypeError(f"kind must be a RoundKind, got {got(kind)}")
    return _KINDS[_language(lang)][kind]


Named: TypeAlias = Card | Suit | Move | Phase | RoundKind


def name(thing: Named, lang: Language = "es") -> str:
    """The name of a card, suit, move, phase or round kind, in the form
    :func:`card_name`, :func:`suit_name`, :func:`move_name`,
    :func:`phase_name` and :func:`round_kind_name` give by default.

    >>> name(Suit.BASTOS, "en"), name(Card.parse("3c")), name(Pass(), "en")
    ('clubs', 'tres de copas', 'passes')

    Raises:
        PochaError: The language is unknown.
        TypeError: ``thing`` is none of these.

    """
    if isinstance(thing, Card):
        return card_name(thing, lang)
    if isinstance(thing, Suit):
        return suit_name(thing, lang)
    if isinstance(thing, Phase):
        return phase_name(thing, lang)
    if isinstance(thing, RoundKind):
        return round_kind_name(thing, lang)
    if isinstance(thing, MOVE_TYPES):
        return move_name(thing, lang)
    raise TypeError(f"expected a Card, Suit, move, Phase or RoundKind to name, got {got(thing)}")


# ``Card.name`` (a method of a class below this module) is card_name.
_cards.NAME.fill(lambda card, lang, article: card_name(card, lang, article=article))
