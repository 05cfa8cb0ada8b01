"""The moves of Poch and their text forms.

A move never names its seat: it is always made by the seat whose turn it is
(:attr:`GameState.to_move`). Every decision is a move, also one without an
alternative (a pass without a combination, a forced card while shedding).

=============================  ==============  =====================================
move                           text            when
=============================  ==============  =====================================
``Pass()``                     ``pass``        betting: give up the poch for the deal
``Open(3)``                    ``open 3``      betting: the first bet of the deal
``Match()``                    ``match``       betting: put in what the opener asks
``Close()``                    ``close``       the opener ends the betting: showdown
``Reopen(2)``                  ``reopen 2``    the opener starts another round
``Play(Card.parse("10h"))``    ``play 10h``    shedding
=============================  ==============  =====================================
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeAlias, TypeVar

import attrs

from pocha_rules._common.errors import ParseError, say
from pocha_rules._common.text import got, shown
from pocha_rules.poch._cards import CARDS, Card

__all__ = ["Close", "Match", "Move", "Open", "Pass", "Play", "Reopen", "parse_move"]


def _chips(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise TypeError(f"{attribute.name} must be an int, got {got(value)}")
    if value < 1:
        raise ParseError(repr(value), say("poch_chips_not_whole", name=attribute.name))


def _card(instance: object, attribute: attrs.Attribute[Card], value: Card) -> None:
    if type(value) is not Card:
        raise TypeError(f"a play's card must be a poch Card, got {got(value)}")


@attrs.frozen
class Pass:
    """Give up the poch for this deal (final: no further betting this deal).

    >>> str(Pass()), parse_move("pass") == Pass()
    ('pass', True)
    """

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "Pass()"


@attrs.frozen
class Open:
    """Open the betting with ``chips`` chips (needs a combination).

    >>> Open(3), str(Open(3))
    (Open(3), 'open 3')
    """

    chips: int = attrs.field(validator=_chips)

    def __str__(self) -> str:
        return f"open {self.chips}"

    def __repr__(self) -> str:
        return f"Open({self.chips})"


@attrs.frozen
class Match:
    """Put in what it takes to bring one's stake up to the opener's.

    >>> str(Match())
    'match'
    """

    def __str__(self) -> str:
        return "match"

    def __repr__(self) -> str:
        return "Match()"


@attrs.frozen
class Close:
    """The opener ends the betting: the showdown follows.

    >>> str(Close())
    'close'
    """

    def __str__(self) -> str:
        return "close"

    def __repr__(self) -> str:
        return "Close()"


@attrs.frozen
class Reopen:
    """The opener adds ``chips`` chips and starts another round of betting.

    >>> Reopen(2), str(Reopen(2))
    (Reopen(2), 'reopen 2')
    """

    chips: int = attrs.field(validator=_chips)

    def __str__(self) -> str:
        return f"reopen {self.chips}"

    def __repr__(self) -> str:
        return f"Reopen({self.chips})"


@attrs.frozen
class Play:
    """Shed a card.

    >>> move = Play(Card.parse("10h"))
    >>> move, str(move)
    (Play(Card(10, Suit.HEARTS)), 'play 10h')
    """

    card: Card = attrs.field(validator=_card)

    def __str__(self) -> str:
        return f"play {self.card}"

    def __repr__(self) -> str:
        return f"Play({self.card!r})"


Move: TypeAlias = Pass | Open | Match | Close | Reopen | Play
"""Any move of Poch."""

MOVE_TYPES: Final = (Pass, Open, Match, Close, Reopen, Play)

PASS: Final = Pass()
MATCH: Final = Match()
CLOSE: Final = Close()
PLAYS: Final = tuple(Play(card) for card in CARDS)
"""The play of each card, by card index."""

_Bet = TypeVar("_Bet", Open, Reopen)

_KEPT: Final = 1000
"""The largest amount whose move is kept once made and handed out again."""

_OPENS: dict[int, Open] = {}
_REOPENS: dict[int, Reopen] = {}


def _shared(kept: dict[int, _Bet], make: Callable[[int], _Bet], chips: int) -> _Bet:
    """The one ``make(chips)`` of ``kept``, made and kept on first use (for
    amounts up to :data:`_KEPT`; a larger one is made each time)."""
    move = kept.get(chips)
    if move is None:
        move = make(chips)
        if chips <= _KEPT:
            kept[chips] = move
    return move


def open_move(chips: int) -> Open:
    """The (shared) ``Open(chips)``."""
    return _shared(_OPENS, Open, chips)


def reopen_move(chips: int) -> Reopen:
    """The (shared) ``Reopen(chips)``."""
    return _shared(_REOPENS, Reopen, chips)


def parse_move(text: str, *, deck: int = 52) -> Move:
    """Read a move from its text form (case and extra spaces do not matter).

    >>> parse_move("open 3"), parse_move("PLAY qc"), parse_move("close")
    (Open(3), Play(Card(12, Suit.CLUBS)), Close())
    >>> parse_move("raise 2")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pocha_rules.ParseError: cannot parse 'raise 2': expected pass, open N, match, ...
    """
    if not isinstance(text, str):
        raise TypeError(f"a move's text form must be a str such as 'open 2', got {got(text)}")
    words = text.lower().split()
    if len(words) == 1:
        if words[0] == "pass":
            return PASS
        if words[0] == "match":
            return MATCH
        if words[0] == "close":
            return CLOSE
    elif len(words) == 2:
        verb, argument = words
        if verb == "play":
            return PLAYS[Card.parse(argument, deck=deck).index]
        if verb in ("open", "reopen"):
            if not argument.isdigit() or not argument.isascii() or len(argument) > 12:
                raise ParseError(text, say("poch_chips_form", verb=verb, got=shown(argument)))
            chips = int(argument)
            if chips < 1:
                raise ParseError(text, say("poch_chips_too_few", verb=verb))
            return open_move(chips) if verb == "open" else reopen_move(chips)
    raise ParseError(text, say("poch_move_form"))
