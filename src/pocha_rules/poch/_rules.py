"""The Poch :class:`RuleSet`: every option of the game, checked when it is
built, and the pools of the board."""

from __future__ import annotations

from typing import Any, Final

import attrs

from pocha_rules._common.errors import InvalidRulesError, say
from pocha_rules._common.text import got, shown
from pocha_rules.poch._cards import DECKS

__all__ = ["POOLS", "RuleSet"]

POOLS: Final = ("ace", "king", "queen", "jack", "ten", "marriage", "sequence", "poch", "centre")
"""The pools of the board, in board order. The centre pool exists only
with ``centre_pool=True``."""

HONOUR_POOLS: Final = POOLS[:5]
ACE_POOL: Final = 0
KING_POOL: Final = 1
QUEEN_POOL: Final = 2
JACK_POOL: Final = 3
TEN_POOL: Final = 4
MARRIAGE_POOL: Final = 5
SEQUENCE_POOL: Final = 6
POCH_POOL: Final = 7
CENTRE_POOL: Final = 8

MAX_CHIPS: Final = 1_000_000_000
"""The largest chip amount an option may name."""

_CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "direction": ("clockwise", "counterclockwise"),
    "turnup_pool": ("dealer", "carry"),
    "sequence_rule": ("trump_789", "longest_run"),
    "sequence_tie": ("eldest", "split"),
    "two_pair": ("own_type", "higher_pair"),
    "poch_tie": ("split", "trump"),
    "odd_chip": ("pool", "eldest"),
    "showdown_reveal": ("hand", "combination"),
    "insolvency": ("debt", "out"),
    "end": ("rounds", "deals", "bust"),
    "board_at_end": ("unclaimed", "shared"),
}


def _choice(field: str) -> Any:
    choices = _CHOICES[field]

    def check(_: object, attribute: object, value: object) -> None:
        if not isinstance(value, str):
            raise TypeError(
                f"{field} must be a str, one of {', '.join(choices)}; got {got(value)}"
            )
        if value not in choices:
            allowed = ", ".join(repr(c) for c in choices)
            raise InvalidRulesError(field, say("option_choice", choices=allowed, got=shown(value)))

    return check


def _whole(field: str, low: int, high: int = MAX_CHIPS, *, optional: bool = False) -> Any:
    def check(_: object, attribute: object, value: object) -> None:
        if value is None and optional:
            return
        if type(value) is not int:
            kind = "an int or None" if optional else "an int"
            raise TypeError(f"{field} must be {kind}, got {got(value)}")
        if value < low:
            raise InvalidRulesError(field, say("option_too_small", low=low, got=shown(value)))
        if value > high:
            raise InvalidRulesError(field, say("option_too_large", high=high, got=shown(value)))

    return check


def _flag(field: str) -> Any:
    def check(_: object, attribute: object, value: object) -> None:
        if type(value) is not bool:
            raise TypeError(f"{field} must be a bool (True or False), got {got(value)}")

    return check


def _default_deck(rules: RuleSet) -> int:
    return 32 if type(rules.players) is int and rules.players <= 4 else 52


@attrs.frozen(kw_only=True)
class RuleSet:
    """The rules of a game of Poch: every option, checked when it is built.

    Only ``players`` is required; every other option has the default of the
    common form of the game. A value that makes no sense is refused at once
    with an :class:`~pocha_rules.InvalidRulesError` naming the field (a
    value of the wrong type is a :class:`TypeError`).

    >>> rules = RuleSet(players=4)
    >>> rules.deck, rules.starting_chips, rules.dressed_pools
    (32, 50, 8)
    >>> RuleSet(players=5).deck
    52
    >>> RuleSet(players=7)
    Traceback (most recent call last):
    ...
    pocha_rules.InvalidRulesError: invalid rules: players: must be at most 6, got 7
    """

    players: int = attrs.field(validator=_whole("players", 3, 6))
    """Players at the table: 3 to 6."""
    deck: int = attrs.field(default=attrs.Factory(_default_deck, takes_self=True))
    """32 (7 to ace in each suit) or 52 cards (2 to ace). By default 32 for
    up to four players and 52 for five or six."""
    direction: str = attrs.field(default="clockwise", validator=_choice("direction"))
    """``"clockwise"`` or ``"counterclockwise"``: how seat numbers map to
    places round a drawn table. Display only: it never changes a move or a
    result."""
    starting_chips: int = attrs.field(default=50, validator=_whole("starting_chips", 0))
    """Each player's chips when the game begins."""
    dress_poch: bool = attrs.field(default=True, validator=_flag("dress_poch"))
    """Whether the poch pool gets a chip from every player when the board is
    dressed (``False``: it only ever holds bets)."""
    centre_pool: bool = attrs.field(default=False, validator=_flag("centre_pool"))
    """Adds a centre pool, dressed with the others and taken by the player
    who sheds his last card first."""
    turnup_pool: str = attrs.field(default="dealer", validator=_choice("turnup_pool"))
    """When the turned-up card is a trump honour, its pool goes to the
    ``"dealer"`` or it ``"carry"``-es to the next deal."""
    sequence_rule: str = attrs.field(default="trump_789", validator=_choice("sequence_rule"))
    """Who takes the sequence pool: the holder of the 7, 8 and 9 of trump
    (``"trump_789"``), or the holder of the best run of three or more
    cards of a suit (``"longest_run"``)."""
    sequence_tie: str = attrs.field(default="eldest", validator=_choice("sequence_tie"))
    """Equal best runs: the one first from the eldest hand takes the pool
    (``"eldest"``), or the tied players share it (``"split"``)."""
    two_pair: str = attrs.field(default="own_type", validator=_choice("two_pair"))
    """Two pair ranks above any pair (``"own_type"``) or counts as a pair of
    its higher rank (``"higher_pair"``)."""
    poch_tie: str = attrs.field(default="split", validator=_choice("poch_tie"))
    """Equal best combinations at the showdown share the poch pool
    (``"split"``), or those holding a trump in their combination win
    (``"trump"``)."""
    odd_chip: str = attrs.field(default="pool", validator=_choice("odd_chip"))
    """Chips a shared pool cannot divide evenly stay in the ``"pool"``, or go
    one each to the first winners from the ``"eldest"`` hand."""
    bet_max: int = attrs.field(default=10, validator=_whole("bet_max", 1))
    """The largest amount a player may open or reopen with."""
    bet_rounds_max: int | None = attrs.field(
        default=3, validator=_whole("bet_rounds_max", 1, optional=True)
    )
    """The most rounds of betting in a deal, the opening one included;
    ``None`` for no limit (only when players who cannot pay go out)."""
    showdown_reveal: str = attrs.field(default="hand", validator=_choice("showdown_reveal"))
    """At the showdown each player shows his whole ``"hand"`` or only his
    ``"combination"``."""
    stop_chips: int = attrs.field(default=1, validator=_whole("stop_chips", 0))
    """What each other player pays the player whose card ends a series."""
    card_chips: int = attrs.field(default=1, validator=_whole("card_chips", 0))
    """What each player pays the one who goes out, per card left in hand."""
    last_card_stop_pays: bool = attrs.field(default=True, validator=_flag("last_card_stop_pays"))
    """Whether a last card that ends its series also earns the stop payment."""
    insolvency: str = attrs.field(default="debt", validator=_choice("insolvency"))
    """``"debt"``: every payment is made in full and balances may go below
    zero; ``"out"``: a player who cannot dress the board leaves the game, bets
    are limited by balances and a payment is cut to what the payer has."""
    end: str = attrs.field(default="rounds", validator=_choice("end"))
    """When the game ends: after ``rounds`` deals by each player
    (``"rounds"``), after ``deals`` deals (``"deals"``), or when fewer than
    three players can still dress the board (``"bust"``, at most
    ``max_deals`` deals)."""
    rounds: int = attrs.field(default=1, validator=_whole("rounds", 1, 10_000))
    """With ``end="rounds"``: how many times each player deals."""
    deals: int | None = attrs.field(
        default=None, validator=_whole("deals", 1, 1_000_000, optional=True)
    )
    """With ``end="deals"`` (and only then): the number of deals."""
    max_deals: int = attrs.field(default=1000, validator=_whole("max_deals", 1, 1_000_000))
    """With ``end="bust"``: the game ends after this many deals anyway."""
    board_at_end: str = attrs.field(default="unclaimed", validator=_choice("board_at_end"))
    """Chips left in the pools when the game ends belong to nobody
    (``"unclaimed"``) or are shared among the players still in
    (``"shared"``)."""

    def __attrs_post_init__(self) -> None:
        if type(self.deck) is not int:
            raise TypeError(f"deck must be an int, 32 or 52, got {got(self.deck)}")
        if self.deck not in DECKS:
            raise InvalidRulesError(
                "deck", say("option_choice", choices="32, 52", got=shown(self.deck))
            )
        if 5 * self.players + 1 > self.deck:  # pragma: no cover - impossible with 3 to 6 players
            raise InvalidRulesError("deck", say("poch_deck_too_small", players=self.players))
        if self.end == "deals" and self.deals is None:
            raise InvalidRulesError("deals", say("poch_deals_needed"))
        if self.end != "deals" and self.deals is not None:
            raise InvalidRulesError("deals", say("poch_deals_unused", end=repr(self.end)))
        if self.insolvency == "debt":
            if self.end == "bust":
                raise InvalidRulesError("end", say("poch_bust_needs_out"))
            if self.bet_rounds_max is None:
                raise InvalidRulesError("bet_rounds_max", say("poch_unlimited_needs_out"))
        elif self.starting_chips < self.dressed_pools:
            raise InvalidRulesError(
                "starting_chips",
                say(
                    "poch_chips_below_dressing",
                    dressing=self.dressed_pools,
                    got=self.starting_chips,
                ),
            )

    @property
    def pool_names(self) -> tuple[str, ...]:
        """The board's pools under these rules, in board order."""
        return POOLS if self.centre_pool else POOLS[:8]

    @property
    def dressed(self) -> tuple[bool, ...]:
        """For each of the nine pools, whether dressing puts chips in it."""
        return (True,) * 7 + (self.dress_poch, self.centre_pool)

    @property
    def dressed_pools(self) -> int:
        """How many pools each player dresses before a deal (his chips per
        dressing)."""
        return sum(self.dressed)

    @property
    def deal_count(self) -> int:
        """The most deals the game can last."""
        if self.end == "rounds":
            return self.rounds * self.players
        if self.end == "deals":
            assert self.deals is not None
            return self.deals
        return self.max_deals
