"""Rounds and the named round plans (schedules) of the game.

A schedule is a tuple of :class:`Round` values. Each preset is a function of
the player count and the deck, because the largest hand (``max_cards``)
depends on both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import attrs

from pocha_rules._common.enums import NamedStrEnum
from pocha_rules._common.errors import ParseError, PochaError, say
from pocha_rules._common.text import got, shown

__all__ = [
    "PRESETS",
    "Round",
    "RoundKind",
    "classic",
    "full",
    "max_cards",
    "up_down",
]


class RoundKind(NamedStrEnum):
    """What kind of round is played."""

    NORMAL = "normal"
    """Trump is turned up (or shown or chosen); everybody bids in turn."""
    AUCTION = "auction"
    """Subastada: players bid for the right to choose trump."""
    BLIND = "blind"
    """India: one card each; each seat sees every card but its own."""


_KIND_SUFFIX: Final = {RoundKind.NORMAL: "", RoundKind.AUCTION: "a", RoundKind.BLIND: "b"}
_SUFFIX_KIND: Final = {"": RoundKind.NORMAL, "a": RoundKind.AUCTION, "b": RoundKind.BLIND}


def _cards(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise TypeError(f"a round's cards must be an int, got {got(value)}")


def _kind(value: RoundKind | str) -> RoundKind:
    if isinstance(value, RoundKind):
        return value
    if not isinstance(value, str):
        raise TypeError(f"a round's kind must be a RoundKind, got {got(value)}")
    try:
        return RoundKind(value)
    except ValueError:
        raise ParseError(value, say("round_kind_unknown")) from None


_LONGEST_NUMBER: Final = 6
"""The most digits a round's number of cards is read from."""


@attrs.frozen(order=False)
class Round:
    """One entry of a schedule: how many cards each player gets, and the kind.

    The text form is the number of cards, followed by ``a`` for an auction
    round or ``b`` for a blind round. The kind may be given by its value
    (``Round(3, "auction")``); whether the number of cards fits a table is
    for :class:`~pocha_rules.RuleSet` to check.

    >>> Round(10), Round.parse("10a"), str(Round(1, RoundKind.BLIND))
    (Round(10), Round(10, RoundKind.AUCTION), '1b')
    """

    cards: int = attrs.field(validator=_cards)
    """Cards dealt to each player (and tricks played)."""
    kind: RoundKind = attrs.field(default=RoundKind.NORMAL, converter=_kind)
    """The kind of round."""

    @classmethod
    def parse(cls, text: str) -> Round:
        """Read a round from its text form (``"7"``, ``"10a"``, ``"1b"``).

        Raises:
            ParseError: The text is not a round.
            TypeError: ``text`` is not a string.

        """
        if not isinstance(text, str):
            raise TypeError(f"a round's text form must be a str such as '10a', got {got(text)}")
        raw = text.strip().lower()
        digits = raw.rstrip("ab")
        suffix = raw[len(digits) :]
        if not digits.isdigit() or not digits.isascii() or suffix not in _SUFFIX_KIND:
            raise ParseError(text, say("round_form"))
        if len(digits) > _LONGEST_NUMBER:
            raise ParseError(text, say("cards_too_long", digits=len(digits)))
        return cls(int(digits), _SUFFIX_KIND[suffix])

    def __str__(self) -> str:
        return f"{self.cards}{_KIND_SUFFIX[self.kind]}"

    def __repr__(self) -> str:
        if self.kind is RoundKind.NORMAL:
            return f"Round({self.cards})"
        return f"Round({self.cards}, RoundKind.{self.kind.name})"


def max_cards(players: int, deck: int = 40, *, remove_twos: bool | None = None) -> int:
    """The largest hand: ``deck_size // players`` after any trimming.

    ``remove_twos=None`` means the default: the 2s go with 3 or 6 players and
    a 40-card deck.

    >>> max_cards(4), max_cards(3), max_cards(7), max_cards(5, 48)
    (10, 12, 5, 9)
    """
    if type(players) is not int or type(deck) is not int:
        raise TypeError(f"players and deck must be ints, got {got(players)} and {got(deck)}")
    if players < 1:
        raise PochaError(say("players_too_few", got=shown(players)))
    if remove_twos is None:
        remove_twos = default_remove_twos(players, deck)
    return (deck - 4 * remove_twos) // players


def default_remove_twos(players: int, deck: int) -> bool:
    """Whether the 2s are removed by default (3 or 6 players, 40 cards)."""
    return players in (3, 6) and deck == 40


def _normal(sizes: range | list[int]) -> tuple[Round, ...]:
    return tuple(Round(n) for n in sizes)


def classic(
    players: int = 4, deck: int = 40, *, remove_twos: bool | None = None
) -> tuple[Round, ...]:
    """The classic plan: ``n`` rounds of 1, up to the largest hand played
    ``n`` times, down again, and ``n`` rounds of 1: the default, from the
    four-player classic with free following (28 rounds for 4 players).

    >>> [r.cards for r in classic(4)]
    [1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1]
    """
    top = max_cards(players, deck, remove_twos=remove_twos)
    return (
        _normal([1] * players)
        + _normal(range(2, top))
        + _normal([top] * players)
        + _normal(range(top - 1, 1, -1))
        + _normal([1] * players)
    )


def up_down(
    players: int = 4,
    deck: int = 40,
    *,
    remove_twos: bool | None = None,
    final_auction: bool = False,
) -> tuple[Round, ...]:
    """Up and down: 1 to the largest hand, that hand ``n`` times, and back to 1
    (the up and down variant); ``final_auction`` adds one auction round of
    the largest hand at the end (up and down with a final auction).

    >>> [str(r) for r in up_down(4, final_auction=True)][-3:]
    ['2', '1', '10a']
    """
    top = max_cards(players, deck, remove_twos=remove_twos)
    plan = _normal(range(1, top)) + _normal([top] * players) + _normal(range(top - 1, 0, -1))
    if final_auction:
        plan += (Round(top, RoundKind.AUCTION),)
    return plan


def full(
    players: int = 4, deck: int = 40, *, remove_twos: bool | None = None
) -> tuple[Round, ...]:
    """The plan of the long game with auctions and blind rounds, scaled to
    the table: ``n`` rounds of 1, up to the largest hand, ``n`` normal and
    ``n`` auction rounds of it, down to 2, then ``n`` blind rounds of 1
    (32 rounds for 4 players).

    >>> " ".join(str(r) for r in full(4))  # doctest: +NORMALIZE_WHITESPACE
    '1 1 1 1 2 3 4 5 6 7 8 9 10 10 10 10 10a 10a 10a 10a 9 8 7 6 5 4 3 2 1b 1b 1b 1b'
    """
    top = max_cards(players, deck, remove_twos=remove_twos)
    return (
        _normal([1] * players)
        + _normal(range(2, top))
        + _normal([top] * players)
        + tuple(Round(top, RoundKind.AUCTION) for _ in range(players))
        + _normal(range(top - 1, 1, -1))
        + tuple(Round(1, RoundKind.BLIND) for _ in range(players))
    )


def _up_down_auction(
    players: int = 4, deck: int = 40, *, remove_twos: bool | None = None
) -> tuple[Round, ...]:
    return up_down(players, deck, remove_twos=remove_twos, final_auction=True)


PRESETS: Final[dict[str, Callable[..., tuple[Round, ...]]]] = {
    "classic": classic,
    "up_down": up_down,
    "up_down_auction": _up_down_auction,
    "full": full,
}
"""The named schedules, by name: each is ``f(players, deck, *, remove_twos)``."""
