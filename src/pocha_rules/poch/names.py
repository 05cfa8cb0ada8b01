"""Names for Poch in English, German and Spanish: suits, ranks, cards,
pools, phases and moves, as a person reads them.

Poch is played with the French pack, so German names its suits *Kreuz*,
*Pik*, *Herz* and *Karo* and its court cards *Bube*, *Dame*, *König* and
*Ass*; a card is the suit and the rank joined (*Herz-Ass*, *Pik-Zehn*).
Spanish says *tréboles*, *diamantes*, *corazones* and *picas*, with *jota*,
*reina*, *rey* and *as* (*as de corazones*). English says *the ace of
hearts*.

>>> from pocha_rules.poch import Card, parse_move
>>> [card_name(Card.parse("Ah"), lang) for lang in LANGUAGES]
['ace of hearts', 'Herz-Ass', 'as de corazones']
>>> card_name(Card.parse("10s"), "de"), card_name(Card.parse("Qc"), "es")
('Pik-Zehn', 'reina de tréboles')
>>> move_name(parse_move("open 3"), "de"), move_name(parse_move("play Qd"), "es")
('pocht 3', 'juega la reina de diamantes')
>>> pool_name("marriage", "de"), phase_name(Phase.SHEDDING, "es")
('Mariage', 'descarte')
"""

from __future__ import annotations

from typing import Final, Literal, TypeAlias

from pocha_rules._common.errors import PochaError, say
from pocha_rules._common.text import got, shown
from pocha_rules.poch._cards import Card, Suit
from pocha_rules.poch._moves import Close, Match, Move, Open, Pass, Play, Reopen
from pocha_rules.poch._rules import POOLS
from pocha_rules.poch._state import Phase

__all__ = [
    "LANGUAGES",
    "Language",
    "card_name",
    "move_name",
    "phase_name",
    "pool_name",
    "rank_name",
    "suit_name",
]

Language: TypeAlias = Literal["en", "de", "es"]
"""A language of these names: ``"en"``, ``"de"`` or ``"es"``."""
LANGUAGES: Final[tuple[Language, ...]] = ("en", "de", "es")
"""The languages of these names."""

_SUITS: Final[dict[str, tuple[str, str, str, str]]] = {
    "en": ("clubs", "diamonds", "hearts", "spades"),
    "de": ("Kreuz", "Karo", "Herz", "Pik"),
    "es": ("tréboles", "diamantes", "corazones", "picas"),
}
_NUMBERS: Final[dict[str, tuple[str, ...]]] = {
    "en": ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
    "de": ("Zwei", "Drei", "Vier", "Fünf", "Sechs", "Sieben", "Acht", "Neun", "Zehn"),
    "es": ("2", "3", "4", "5", "6", "7", "8", "9", "10"),
}
_COURT: Final[dict[str, tuple[str, str, str, str]]] = {
    "en": ("jack", "queen", "king", "ace"),
    "de": ("Bube", "Dame", "König", "Ass"),
    "es": ("jota", "reina", "rey", "as"),
}
_POOLS: Final[dict[str, tuple[str, ...]]] = {
    "en": ("ace", "king", "queen", "jack", "ten", "marriage", "sequence", "poch", "centre"),
    "de": ("Ass", "König", "Dame", "Bube", "Zehn", "Mariage", "Sequenz", "Poch", "Mitte"),
    "es": ("as", "rey", "reina", "jota", "diez", "matrimonio", "secuencia", "poch", "centro"),
}
_PHASES: Final[dict[str, dict[Phase, str]]] = {
    "en": {
        Phase.BETTING: "betting",
        Phase.DECIDING: "the opener decides",
        Phase.SHEDDING: "shedding",
        Phase.OVER: "game over",
    },
    "de": {
        Phase.BETTING: "Pochen",
        Phase.DECIDING: "der Eröffner entscheidet",
        Phase.SHEDDING: "Ausspielen",
        Phase.OVER: "Spielende",
    },
    "es": {
        Phase.BETTING: "envites",
        Phase.DECIDING: "el mano decide",
        Phase.SHEDDING: "descarte",
        Phase.OVER: "partida terminada",
    },
}
_MOVES: Final[dict[str, dict[type, str]]] = {
    "en": {
        Pass: "passes",
        Open: "opens with {chips}",
        Match: "matches",
        Close: "closes the betting",
        Reopen: "reopens with {chips}",
        Play: "plays the {card}",
    },
    "de": {
        Pass: "passt",
        Open: "pocht {chips}",
        Match: "hält",
        Close: "schließt",
        Reopen: "pocht nach {chips}",
        Play: "spielt {card}",
    },
    "es": {
        Pass: "pasa",
        Open: "abre con {chips}",
        Match: "iguala",
        Close: "da las puestas por buenas",
        Reopen: "abre otra ronda con {chips}",
        Play: "juega {card}",
    },
}


def _lang(lang: object) -> str:
    if lang not in _SUITS:
        raise PochaError(say("poch_names_lang_unknown", got=shown(lang)))
    return str(lang)


def suit_name(suit: Suit, lang: Language = "en") -> str:
    """A suit's name (*hearts*, *Herz*, *corazones*).

    Raises:
        PochaError: ``lang`` is not one of :data:`LANGUAGES`.
        TypeError: ``suit`` is not a Poch :class:`~pocha_rules.poch.Suit`.

    """
    if not isinstance(suit, Suit):
        raise TypeError(f"suit must be a poch Suit, got {got(suit)}")
    return _SUITS[_lang(lang)][suit.value]


def rank_name(rank: int, lang: Language = "en") -> str:
    """A rank's name, 2 to 14 (*ten*, *Zehn*, *10*; *ace*, *Ass*, *as*).

    Raises:
        PochaError: ``rank`` is not from 2 to 14, or ``lang`` is not known.
        TypeError: ``rank`` is not an int.

    """
    if type(rank) is not int:
        raise TypeError(f"rank must be an int, got {got(rank)}")
    if not 2 <= rank <= 14:
        raise PochaError(say("option_choice", choices="2 to 14", got=shown(rank)))
    return _rank(rank, _lang(lang))


def card_name(card: Card, lang: Language = "en") -> str:
    """A card's name (*ace of hearts*, *Herz-Ass*, *as de corazones*).

    Raises:
        PochaError: ``lang`` is not known.
        TypeError: ``card`` is not a Poch :class:`~pocha_rules.poch.Card`.

    """
    if not isinstance(card, Card):
        raise TypeError(f"card must be a poch Card, got {got(card)}")
    words = _lang(lang)
    rank, suit = _rank(card.rank, words), _SUITS[words][card.suit.value]
    if words == "de":
        return f"{suit}-{rank}"
    return f"{rank} {'of' if words == 'en' else 'de'} {suit}"


def _rank(rank: int, words: str) -> str:
    return _NUMBERS[words][rank - 2] if rank <= 10 else _COURT[words][rank - 11]


def pool_name(pool: str, lang: Language = "en") -> str:
    """A pool of the board by its name in :data:`~pocha_rules.poch.POOLS`
    (``"marriage"`` is *marriage*, *Mariage*, *matrimonio*).

    Raises:
        PochaError: No pool has that name, or ``lang`` is not known.

    """
    if pool not in POOLS:
        raise PochaError(say("option_choice", choices=", ".join(POOLS), got=shown(pool)))
    return _POOLS[_lang(lang)][POOLS.index(pool)]


def phase_name(phase: Phase, lang: Language = "en") -> str:
    """What the game waits for (*betting*, *Pochen*, *envites*).

    Raises:
        PochaError: ``lang`` is not known.
        TypeError: ``phase`` is not a Poch :class:`~pocha_rules.poch.Phase`.

    """
    if not isinstance(phase, Phase):
        raise TypeError(f"phase must be a poch Phase, got {got(phase)}")
    return _PHASES[_lang(lang)][phase]


def move_name(move: Move, lang: Language = "en") -> str:
    """What a seat does with ``move``, as a verb phrase (*opens with 3*,
    *pocht 3*, *abre con 3*; *plays the ten of spades*).

    Raises:
        PochaError: ``lang`` is not known.
        TypeError: ``move`` is not a Poch move.

    """
    text = _MOVES[_lang(lang)].get(type(move))
    if text is None:
        raise TypeError(f"move must be a poch move, got {got(move)}")
    if isinstance(move, Play):
        name = card_name(move.card, lang)
        if lang == "es":  # la jota, la reina; el as, el rey, el 7
            name = f"{'la' if move.card.rank in (11, 12) else 'el'} {name}"
        return text.format(card=name)
    if isinstance(move, Open | Reopen):
        return text.format(chips=move.chips)
    return text
