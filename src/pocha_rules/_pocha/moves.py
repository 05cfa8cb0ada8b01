"""The moves of Pocha and their text forms.

Every move is a small frozen value. A move never names its seat: it is always
made by the seat whose turn it is (:attr:`GameState.to_move`).

========================  ==================  ===========================
move                      text                when
========================  ==================  ===========================
``Bid(3)``                ``bid 3``           bidding
``Play(Card.parse("3e"))``  ``play 3e``       playing a trick
``ChooseTrump(Suit.OROS)``  ``trump o``       dealer chooses / auction won
``Call(4)``               ``call 4``          auction (subastada)
``Pass()``                ``pass``            auction (subastada)
========================  ==================  ===========================

In Spanish (``parse_move(text, lang="es")``) the verbs are ``pido``,
``juego``, ``triunfo``, ``puja`` and ``paso`` (and their usual variants:
``pide``, ``juega``, ``pinta``, ``pujo``, ``pasa``...); the English words
are read too.
"""

from __future__ import annotations

from typing import Final, TypeAlias

import attrs

from pocha_rules._common.errors import MOVE_CLASSES, ParseError, PochaError, say
from pocha_rules._common.text import got, shown
from pocha_rules._pocha.cards import CARDS, Card, Suit

__all__ = [
    "MOVE_LANGUAGES",
    "SPANISH_VERBS",
    "Bid",
    "Call",
    "ChooseTrump",
    "Move",
    "Pass",
    "Play",
    "parse_move",
]


def _tricks(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise TypeError(f"{attribute.name} must be an int, got {got(value)}")
    if value < 0:
        raise ParseError(repr(value), say("tricks_not_whole", name=attribute.name))


@attrs.frozen(cache_hash=True)
class Bid:
    """Bid (petición): the number of tricks the seat says it will win.

    >>> Bid(2), str(Bid(2)), parse_move("bid 2") == Bid(2)
    (Bid(2), 'bid 2', True)
    """

    tricks: int = attrs.field(validator=_tricks)

    def __str__(self) -> str:
        return f"bid {self.tricks}"

    def __repr__(self) -> str:
        return f"Bid({self.tricks})"


@attrs.frozen(cache_hash=True)
class Play:
    """Play a card to the current trick.

    >>> move = Play(Card.parse("3e"))
    >>> move, str(move)
    (Play(Card(3, Suit.ESPADAS)), 'play 3e')
    """

    card: Card = attrs.field(validator=attrs.validators.instance_of(Card))

    def __str__(self) -> str:
        return f"play {self.card}"

    def __repr__(self) -> str:
        return f"Play({self.card!r})"


@attrs.frozen(cache_hash=True)
class ChooseTrump:
    """Name the trump suit: the dealer when every card was dealt and the rules
    say ``dealer_chooses``, or the winner of an auction round.

    >>> ChooseTrump(Suit.OROS), str(ChooseTrump(Suit.OROS))
    (ChooseTrump(Suit.OROS), 'trump o')
    """

    suit: Suit = attrs.field(validator=attrs.validators.instance_of(Suit))

    def __str__(self) -> str:
        return f"trump {self.suit.letter}"

    def __repr__(self) -> str:
        return f"ChooseTrump({self.suit!r})"


@attrs.frozen(cache_hash=True)
class Call:
    """Auction call (subastada): the tricks the seat would win if it chose trump.

    >>> Call(4), str(Call(4))
    (Call(4), 'call 4')
    """

    tricks: int = attrs.field(validator=_tricks)

    def __str__(self) -> str:
        return f"call {self.tricks}"

    def __repr__(self) -> str:
        return f"Call({self.tricks})"


# No hash cache: with no fields there is nothing to cache, and a cached-hash
# slot would be left unset by pickle protocols 0 and 1 (empty state).
@attrs.frozen
class Pass:
    """Pass in an auction: do not call a higher number.

    >>> Pass(), str(Pass())
    (Pass(), 'pass')
    """

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "Pass()"


Move: TypeAlias = Bid | Play | ChooseTrump | Call | Pass
"""Any move of the game."""
MOVE_TYPES: Final = (Bid, Play, ChooseTrump, Call, Pass)
"""The classes of the moves."""
MOVE_CLASSES.update(MOVE_TYPES)  # errors write them as text

# Interned moves, so the engine hands out the same objects every time.
PLAYS: Final[tuple[Play, ...]] = tuple(Play(card) for card in CARDS)
# Bids and calls run up to the largest hand: 16 cards (48 cards, 3 players).
BIDS: Final[tuple[Bid, ...]] = tuple(Bid(n) for n in range(17))
CALLS: Final[tuple[Call, ...]] = tuple(Call(n) for n in range(17))
TRUMP_CHOICES: Final[tuple[ChooseTrump, ...]] = tuple(ChooseTrump(s) for s in Suit)
PASS: Final = Pass()


_LONGEST_NUMBER: Final = 6
"""The most digits a number of tricks is read from: no hand holds more than
16 cards, and a longer number is refused before Python converts it."""


def _number(text: str, word: str) -> int:
    if not word.isdigit() or not word.isascii():
        raise ParseError(text, say("tricks_form", got=shown(word)))
    if len(word) > _LONGEST_NUMBER:
        raise ParseError(text, say("tricks_too_long", digits=len(word)))
    return int(word)


SPANISH_VERBS: Final[dict[str, tuple[str, ...]]] = {
    "bid": ("pido", "pide", "pedir", "apuesto", "apuesta", "apostar"),
    "play": ("juego", "juega", "jugar", "echo", "tiro"),
    "trump": ("triunfo", "pinta", "elijo"),
    "call": ("puja", "pujo", "pujar"),
    "pass": ("paso", "pasa", "pasar"),
}
"""The Spanish words read for each English verb (the first is the one
:func:`pocha_rules.names.move_text` writes)."""

_VERBS: Final = {word: verb for verb, words in SPANISH_VERBS.items() for word in words}

MOVE_LANGUAGES: Final = ("en", "es")
"""The languages :func:`parse_move` reads."""


def parse_move(text: str, *, deck: int = 48, lang: str = "en") -> Move:
    """Read a move from its text form; a bare card such as ``"12o"`` is a play.

    Case and extra spaces do not matter. ``deck=40`` refuses 8s and 9s.
    ``lang="es"`` reads the Spanish words as well (``pido 2``, ``juego
    12o``, ``triunfo o``, ``puja 3``, ``paso``).

    Raises:
        ParseError: The text is not a move.
        PochaError: ``lang`` is neither ``"en"`` nor ``"es"``.
        TypeError: ``text`` is not a string.

    >>> parse_move("pido 2", lang="es"), parse_move("Triunfo oros", lang="es")
    (Bid(2), ChooseTrump(Suit.OROS))

    >>> parse_move("play 12o"), parse_move("12O"), parse_move("Trump Oros")
    (Play(Card(12, Suit.OROS)), Play(Card(12, Suit.OROS)), ChooseTrump(Suit.OROS))
    >>> parse_move("bid -1")
    Traceback (most recent call last):
    ...
    pocha_rules.ParseError: cannot parse 'bid -1': expected a whole number of tricks...

    """
    if not isinstance(text, str):
        raise TypeError(f"a move's text form must be a str such as 'bid 2', got {got(text)}")
    words = text.lower().split()
    if lang != "en":
        if lang != "es":
            raise PochaError(say("names_lang_unknown", got=shown(lang)))
        if words and words[0] in _VERBS:
            words[0] = _VERBS[words[0]]
    # The moves are the interned ones (a long record holds a great many).
    if len(words) == 1:
        if words[0] == "pass":
            return PASS
        if words[0] not in ("bid", "call", "play", "trump"):
            return PLAYS[Card.parse(words[0], deck=deck).index]
    if len(words) == 2:
        verb, arg = words
        if verb == "bid":
            tricks = _number(text, arg)
            return BIDS[tricks] if tricks < len(BIDS) else Bid(tricks)
        if verb == "call":
            tricks = _number(text, arg)
            return CALLS[tricks] if tricks < len(CALLS) else Call(tricks)
        if verb == "play":
            return PLAYS[Card.parse(arg, deck=deck).index]
        if verb == "trump":
            return TRUMP_CHOICES[Suit.parse(arg).value]
    raise ParseError(text, say("move_form"))
