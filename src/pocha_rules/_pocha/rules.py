"""The :class:`RuleSet`: every option of the rules, checked when it is built."""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable, Sequence
from typing import Any, Final, Literal, TypeVar

import attrs

from pocha_rules._common.errors import InvalidRulesError, ParseError, say
from pocha_rules._common.text import got, shown
from pocha_rules._pocha.cards import RANKS_40, RANKS_48
from pocha_rules._pocha.schedules import (
    PRESETS,
    Round,
    RoundKind,
    default_remove_twos,
)

__all__ = ["MissPenalty", "RuleSet", "Tiebreak", "TrumpWhenAllDealt"]


class _Option(enum.StrEnum):
    """A named choice of a rules option; ``repr`` is valid Python."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class TrumpWhenAllDealt(_Option):
    """How trump is found when every card is dealt (no stock to turn up)."""

    DEALER_LAST_CARD = "dealer_last_card"
    """The dealer shows the last card dealt to them; its suit is trump and
    the card stays in the dealer's hand. The default, as up and down plays
    it (with or without a final auction)."""
    DEALER_CHOOSES = "dealer_chooses"
    """The dealer looks at the hand and names the trump suit, as the
    four-player classic with free following plays it."""


class MissPenalty(_Option):
    """What a missed bid costs."""

    PER_TRICK_OFF = "per_trick_off"
    """``per_trick`` points for each trick won too many or too few
    (the default: the long game, up and down)."""
    PER_TRICK_BID = "per_trick_bid"
    """``per_trick`` points for each trick that was bid, as the four-player
    classic with free following scores it (a missed bid of 0 costs nothing)."""
    NONE = "none"
    """Nothing: a missed bid still scores ``per_trick`` for each trick won,
    and only goes without ``hit_bonus`` (plain Oh Hell's scoring)."""


class Tiebreak(_Option):
    """What happens when the top score is tied after the last round."""

    ONE_CARD_ROUNDS = "one_card_rounds"
    """Extra one-card rounds are played until the top is no longer tied
    (the default, as up and down plays it)."""
    SHARED = "shared"
    """The tied players share the win."""


DEFAULT_RANK_ORDER: Final = {
    40: (1, 3, 12, 11, 10, 7, 6, 5, 4, 2),
    48: (1, 3, 12, 11, 10, 9, 8, 7, 6, 5, 4, 2),
}
"""Trick-taking order within a suit, high to low, for each deck."""

MAX_ROUNDS: Final = 1_000
"""The most rounds a schedule may hold (the longest preset has 40)."""

MAX_POINTS: Final = 1_000_000
"""The largest ``hit_bonus``, ``per_trick``, ``pocha_min_cards`` and
``-revoke_penalty``: totals then stay far below the integers Python refuses
to write as text (4,300 digits), so a record or a score sheet can always be
written."""

_E = TypeVar("_E", bound=enum.StrEnum)


def _is_int(value: object) -> bool:
    return type(value) is int


def _choice(kind: type[_E], field: str, value: object) -> _E:
    if not isinstance(value, str):
        raise TypeError(
            f"{field} must be a {kind.__name__} or its value as a str, got {got(value)}"
        )
    try:
        return kind(value)
    except ValueError:
        choices = ", ".join(repr(member.value) for member in kind)
        raise InvalidRulesError(
            field, say("option_choice", choices=choices, got=shown(value))
        ) from None


def _flag(field: str, value: object) -> bool:
    if type(value) is not bool:
        raise TypeError(f"{field} must be a bool (True or False), got {got(value)}")
    return value


def _whole(field: str, value: object, *, low: int, high: int) -> int:
    if not _is_int(value):
        raise TypeError(f"{field} must be an int, got {got(value)}")
    assert isinstance(value, int)
    if value < low:
        raise InvalidRulesError(field, say("option_too_small", low=low, got=shown(value)))
    if value > high:
        raise InvalidRulesError(field, say("option_too_large", high=high, got=shown(value)))
    return value


def _rank_order(value: object, deck: int, remove_twos: bool) -> tuple[int, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise TypeError(f"rank_order must be a sequence of ints, got {got(value)}")
    order = tuple(itertools.islice(value, 13))  # one more than any deck has ranks
    for rank in order:
        if not _is_int(rank):
            raise TypeError(f"rank_order must hold ints, got {got(rank)}")
    ranks = sorted(RANKS_40 if deck == 40 else RANKS_48)
    allowed = [ranks, [r for r in ranks if r != 2]] if remove_twos else [ranks]
    if sorted(order) not in allowed:
        raise InvalidRulesError(
            "rank_order",
            say("rank_order_not_deck", deck=deck, got=shown(order)),
        )
    return order


def _round(entry: object, position: int) -> Round:
    if isinstance(entry, Round):
        return entry
    if _is_int(entry):
        assert isinstance(entry, int)
        return Round(entry)
    if isinstance(entry, str):
        try:
            return Round.parse(entry)
        except ParseError as error:
            raise InvalidRulesError(
                f"schedule[{position}]",
                say("round_unreadable", text=shown(error.text), reason=error.reason),
            ) from None
    raise TypeError(
        f"schedule[{position}] must be a number of cards (an int), a Round or a round's "
        f"text, got {got(entry)}"
    )


def _schedule(value: object, players: int, deck: int, remove_twos: bool) -> tuple[Round, ...]:
    if isinstance(value, str):
        preset = PRESETS.get(value)
        if preset is None:
            names = ", ".join(repr(name) for name in PRESETS)
            raise InvalidRulesError(
                "schedule", say("preset_unknown", got=shown(value), presets=names)
            )
        return preset(players, deck, remove_twos=remove_twos)
    if not isinstance(value, Iterable):
        raise TypeError(f"schedule must be a preset name or a sequence, got {got(value)}")
    entries = list(itertools.islice(value, MAX_ROUNDS + 1))
    if len(entries) > MAX_ROUNDS:
        raise InvalidRulesError("schedule", say("schedule_too_long", most=MAX_ROUNDS))
    plan = tuple(_round(entry, i) for i, entry in enumerate(entries))
    if not plan:
        raise InvalidRulesError("schedule", say("schedule_empty"))
    size = deck - 4 * remove_twos
    top = size // players
    for i, entry in enumerate(plan):
        if not 1 <= entry.cards <= top:
            raise InvalidRulesError(
                f"schedule[{i}]",
                say(
                    "round_cards_out_of_range",
                    cards=shown(entry.cards),
                    top=top,
                    players=players,
                    size=size,
                ),
            )
        if entry.kind is RoundKind.BLIND and entry.cards != 1:
            raise InvalidRulesError(f"schedule[{i}]", say("blind_round_cards"))
    return plan


@attrs.frozen(init=False, kw_only=True)
class RuleSet:
    """Every option of the rules of Pocha, one field per option.

    All arguments are keyword-only and default to the Spanish standard
    rule (:doc:`/variants`). A value that makes no sense is refused here, with
    :class:`InvalidRulesError` naming the field and the reason; a value of
    the wrong type (``players="4"``) raises :class:`TypeError` naming the
    type expected. The figures are bounded so that every total can be
    written down: ``hit_bonus``, ``per_trick`` and ``pocha_min_cards`` are
    at most 1,000,000 and ``revoke_penalty`` at least -1,000,000; a schedule
    holds at most 1,000 rounds. Options that
    take a choice accept the enum member or its string value
    (``miss_penalty="per_trick_bid"``). ``schedule`` takes a preset name
    (``"classic"``, ``"up_down"``, ``"up_down_auction"``, ``"full"``) or a
    sequence of hand sizes, :class:`Round` values or round texts such as
    ``"10a"``; ``remove_twos=None`` and ``rank_order=None`` mean the deck's
    defaults.

    >>> rules = RuleSet(players=5, schedule=(1, 2, "3a"))
    >>> rules.max_cards, [str(r) for r in rules.schedule]
    (8, ['1', '2', '3a'])
    >>> RuleSet(players=9)
    Traceback (most recent call last):
    ...
    pocha_rules.InvalidRulesError: invalid rules: players: ... got 9
    """

    players: int = 4
    """Number of seats, 3 to 8."""
    deck: Literal[40, 48] = 40
    """40 (ranks 1-7, 10-12) or 48 (ranks 1-12) cards."""
    remove_twos: bool
    """Take the four 2s out; by default with 3 or 6 players and 40 cards."""
    rank_order: tuple[int, ...]
    """Ranks from strongest to weakest within a suit."""
    schedule: tuple[Round, ...]
    """The rounds of the game, in order; by default the ``classic`` plan."""
    hook_in_one_card_rounds: bool = True
    """Apply the hook (the last bidder's restriction) in one-card rounds too."""
    trump_when_all_dealt: TrumpWhenAllDealt = TrumpWhenAllDealt.DEALER_LAST_CARD
    """How trump is found when no card is left to turn up."""
    must_overtake: bool = True
    """Following suit, beat the best card of the led suit when able (unless
    somebody has ruffed)."""
    must_ruff: bool = True
    """Void in the led suit and holding trumps, play one when no trump is on
    the table."""
    must_overruff: bool = True
    """Void in the led suit, beat the best trump on the table when able."""
    auction_winner_leads: bool = True
    """In an auction round the winner of the auction leads the first trick;
    otherwise the first player does."""
    hit_bonus: int = 10
    """Points for making the bid exactly (0 to 1,000,000)."""
    per_trick: int = 5
    """Points per trick bid when the bid is made, and per trick of a miss
    (0 to 1,000,000)."""
    miss_penalty: MissPenalty = MissPenalty.PER_TRICK_OFF
    """How a miss is charged."""
    pocha_bonus: bool = True
    """Double the score of a player who bid and won every trick of a round of
    at least ``pocha_min_cards`` cards."""
    pocha_min_cards: int = 6
    """Smallest round in which a pocha counts."""
    double_when_oros: bool = False
    """Double every score of a round whose trump is oros."""
    revoke_penalty: int = -50
    """Points for a revoke; only used when replaying a real table's record
    leniently."""
    zero_wins: bool = False
    """A player finishing on exactly 0 also wins."""
    tiebreak: Tiebreak = Tiebreak.ONE_CARD_ROUNDS
    """What a tie at the top leads to."""

    def __init__(
        self,
        *,
        players: int = 4,
        deck: Literal[40, 48] = 40,
        remove_twos: bool | None = None,
        rank_order: Sequence[int] | None = None,
        schedule: str | Sequence[int | str | Round] = "classic",
        hook_in_one_card_rounds: bool = True,
        trump_when_all_dealt: TrumpWhenAllDealt | str = TrumpWhenAllDealt.DEALER_LAST_CARD,
        must_overtake: bool = True,
        must_ruff: bool = True,
        must_overruff: bool = True,
        auction_winner_leads: bool = True,
        hit_bonus: int = 10,
        per_trick: int = 5,
        miss_penalty: MissPenalty | str = MissPenalty.PER_TRICK_OFF,
        pocha_bonus: bool = True,
        pocha_min_cards: int = 6,
        double_when_oros: bool = False,
        revoke_penalty: int = -50,
        zero_wins: bool = False,
        tiebreak: Tiebreak | str = Tiebreak.ONE_CARD_ROUNDS,
    ) -> None:
        if not _is_int(players):
            raise TypeError(f"players must be an int, got {got(players)}")
        if not 3 <= players <= 8:
            raise InvalidRulesError("players", say("players_out_of_range", got=shown(players)))
        if not _is_int(deck):
            raise TypeError(f"deck must be an int, got {got(deck)}")
        if deck not in (40, 48):
            raise InvalidRulesError("deck", say("deck_unknown", got=shown(deck)))
        if remove_twos is None:
            remove_twos = default_remove_twos(players, deck)
        twos = _flag("remove_twos", remove_twos)
        order = DEFAULT_RANK_ORDER[deck] if rank_order is None else rank_order
        self.__attrs_init__(
            players=players,
            deck=deck,
            remove_twos=twos,
            rank_order=_rank_order(order, deck, twos),
            schedule=_schedule(schedule, players, deck, twos),
            hook_in_one_card_rounds=_flag("hook_in_one_card_rounds", hook_in_one_card_rounds),
            trump_when_all_dealt=_choice(
                TrumpWhenAllDealt, "trump_when_all_dealt", trump_when_all_dealt
            ),
            must_overtake=_flag("must_overtake", must_overtake),
            must_ruff=_flag("must_ruff", must_ruff),
            must_overruff=_flag("must_overruff", must_overruff),
            auction_winner_leads=_flag("auction_winner_leads", auction_winner_leads),
            hit_bonus=_whole("hit_bonus", hit_bonus, low=0, high=MAX_POINTS),
            per_trick=_whole("per_trick", per_trick, low=0, high=MAX_POINTS),
            miss_penalty=_choice(MissPenalty, "miss_penalty", miss_penalty),
            pocha_bonus=_flag("pocha_bonus", pocha_bonus),
            pocha_min_cards=_whole("pocha_min_cards", pocha_min_cards, low=1, high=MAX_POINTS),
            double_when_oros=_flag("double_when_oros", double_when_oros),
            revoke_penalty=_whole("revoke_penalty", revoke_penalty, low=-MAX_POINTS, high=0),
            zero_wins=_flag("zero_wins", zero_wins),
            tiebreak=_choice(Tiebreak, "tiebreak", tiebreak),
        )
        if self.hit_bonus == self.per_trick == 0 and self.tiebreak is Tiebreak.ONE_CARD_ROUNDS:
            raise InvalidRulesError(
                "tiebreak",
                say("tiebreak_never_ends"),
            )

    @property
    def deck_size(self) -> int:
        """Cards in play after trimming (36 with the 2s removed from 40)."""
        return self.deck - 4 * self.remove_twos

    @property
    def max_cards(self) -> int:
        """The largest hand: ``deck_size // players``."""
        return self.deck_size // self.players

    @property
    def ranks(self) -> tuple[int, ...]:
        """The ranks in the deck, strongest first."""
        if self.remove_twos:
            return tuple(r for r in self.rank_order if r != 2)
        return self.rank_order

    @classmethod
    def preset(cls, name: str, /, **options: Any) -> RuleSet:
        """Rules with the named schedule preset; other options as keywords.
        ``"oh_hell"`` names the whole rule set of :meth:`oh_hell`, and takes
        its arguments.

        >>> len(RuleSet.preset("full", players=4).schedule)
        32
        >>> RuleSet.preset("oh_hell", players=5, cards=7).schedule
        (Round(7),)

        Raises:
            InvalidRulesError: No preset has that name.
            TypeError: ``name`` is not a string.

        """
        if not isinstance(name, str):
            raise TypeError(f"a preset's name must be a str, got {got(name)}")
        if name == "oh_hell":
            return cls.oh_hell(**options)
        if name not in PRESETS:
            names = ", ".join(repr(n) for n in (*PRESETS, "oh_hell"))
            raise InvalidRulesError(
                "schedule", say("preset_unknown", got=shown(name), presets=names)
            )
        return cls(schedule=name, **options)

    @classmethod
    def oh_hell(
        cls,
        *,
        players: int,
        cards: int,
        off_bid_penalty: bool = False,
        points_per_trick: int = 1,
        deck: Literal[40, 48] = 40,
    ) -> RuleSet:
        """Plain Oh Hell, as OpenSpiel's ``oh_hell`` plays it: one round of
        ``cards`` cards with a card always turned up for trump, the hook on
        the last bidder, follow suit and nothing more, the whole deck (no 2s
        taken out), and a tie at the top shared.

        The arguments are those of OpenSpiel's game. Each trick won scores
        ``points_per_trick`` and an exact bid 10 more; with
        ``off_bid_penalty`` a missed bid scores nothing for its tricks and
        loses ``points_per_trick`` for each trick off instead.

        >>> rules = RuleSet.oh_hell(players=4, cards=9, off_bid_penalty=True, points_per_trick=5)
        >>> rules.miss_penalty, rules.per_trick, rules.must_overtake, rules.remove_twos
        (MissPenalty.PER_TRICK_OFF, 5, False, False)
        >>> RuleSet.oh_hell(players=4, cards=10)
        Traceback (most recent call last):
        ...
        pocha_rules.InvalidRulesError: invalid rules: cards: ... 1 to 9 cards ...
        """
        for field, value in (("players", players), ("deck", deck), ("cards", cards)):
            if not _is_int(value):
                raise TypeError(f"{field} must be an int, got {got(value)}")
        if not 3 <= players <= 8:
            raise InvalidRulesError("players", say("oh_hell_players", got=shown(players)))
        if deck not in (40, 48):
            raise InvalidRulesError("deck", say("deck_unknown", got=shown(deck)))
        top = (deck - 1) // players
        if not 1 <= cards <= top:
            raise InvalidRulesError(
                "cards",
                say("oh_hell_cards", players=players, top=top, deck=deck, got=shown(cards)),
            )
        penalty = _flag("off_bid_penalty", off_bid_penalty)
        return cls(
            players=players,
            deck=deck,
            remove_twos=False,
            schedule=(cards,),
            must_overtake=False,
            must_ruff=False,
            must_overruff=False,
            hit_bonus=10,
            per_trick=_whole("points_per_trick", points_per_trick, low=0, high=MAX_POINTS),
            miss_penalty=MissPenalty.PER_TRICK_OFF if penalty else MissPenalty.NONE,
            pocha_bonus=False,
            tiebreak=Tiebreak.SHARED,
        )

    def options(self) -> dict[str, object]:
        """Every option and its value, in declaration order."""
        return {a.name: getattr(self, a.name) for a in attrs.fields(RuleSet)}
