"""What a seat can work out from its view: the hook, tricks still needed,
the cards it has not seen, and the cards each seat cannot hold.

Everything here reads a :class:`~pocha_rules.views.PlayerView` and nothing
else, so a bot that uses these helpers cannot peek at hidden cards. The
functions are public through :mod:`pocha_rules.views` and the package.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, TypeGuard

from pocha_rules._common.cards import indices_of
from pocha_rules._common.text import got
from pocha_rules._common.upcalls import Upcall
from pocha_rules._pocha.bidding import forbidden_bid as _forbidden_bid
from pocha_rules._pocha.bidding import hooked
from pocha_rules._pocha.cards import CARDS, SUIT_MASKS, SUIT_OF, Card, cards_of
from pocha_rules._pocha.play import beats_winner
from pocha_rules._pocha.state import Phase
from pocha_rules._pocha.tables import tables_for

if TYPE_CHECKING:
    from pocha_rules.views import PlayerView

__all__ = [
    "check_view",
    "exclusion_masks",
    "forbidden_bid",
    "known_voids",
    "tricks_needed",
    "unseen_cards",
    "unseen_mask",
]

IS_VIEW: Final[Upcall[Callable[[object], TypeGuard[PlayerView]]]] = Upcall(
    "check_view", "pocha_rules.views"
)
"""Whether a value is a :class:`~pocha_rules.PlayerView` (a class of the
layer above, which fills this)."""


def check_view(view: object) -> None:
    """Refuse anything that is not a :class:`~pocha_rules.PlayerView`.

    Raises:
        TypeError: ``view`` is not a view.

    """
    if not IS_VIEW.call(view):
        raise TypeError(f"view must be a PlayerView, got {got(view)}")


def forbidden_bid(view: PlayerView) -> int | None:
    """The bid the hook forbids the last bidder, once every other seat has
    bid; ``None`` when no bid is forbidden (not bidding yet or any more, the
    hook not in force, or the others' bids already above the tricks).

    >>> from pocha_rules import Bid, Deal, RuleSet, apply, new_game, observe
    >>> deal = Deal(hands=[["1o"], ["3c"], ["5e"], ["7b"]], trump_card="4o")
    >>> state = new_game(RuleSet(), seed=1, dealer=3, deals=[deal])
    >>> for bid in (0, 0, 0):
    ...     state = apply(state, Bid(bid))
    >>> forbidden_bid(observe(state, 1))
    1
    """
    check_view(view)
    if view.phase is not Phase.BID:
        return None
    order = view.bid_order
    cards = view.round.cards
    if not order or not hooked(cards, view.rules.hook_in_one_card_rounds):
        return None
    bids = view.bids
    if any(bids[seat] is None for seat in order[:-1]):
        return None
    others = sum(bid for seat, bid in enumerate(bids) if bid is not None and seat != order[-1])
    forbidden = _forbidden_bid(cards, others)
    return None if forbidden < 0 else forbidden


def tricks_needed(view: PlayerView) -> tuple[int | None, ...]:
    """By seat, the tricks still needed to make the bid: ``bid - won``
    (negative when a seat has won too many); ``None`` before the seat bids.

    >>> from pocha_rules import RuleSet, new_game, observe
    >>> tricks_needed(observe(new_game(RuleSet(), seed=1), 0))
    (None, None, None, None)
    """
    check_view(view)
    return tuple(
        None if bid is None else bid - won
        for bid, won in zip(view.bids, view.tricks_won, strict=True)
    )


def unseen_mask(view: PlayerView) -> int:
    """The bit mask of :func:`unseen_cards` (private)."""
    if view.is_over:
        return 0
    mask = tables_for(view.rules).deck_mask
    for hand in view.visible_hands:
        for card in hand or ():
            mask &= ~(1 << card.index)
    for played in view.played:
        mask &= ~(1 << played.card.index)
    if view.trump_card is not None:
        mask &= ~(1 << view.trump_card.index)
    return mask


def unseen_cards(view: PlayerView) -> tuple[Card, ...]:
    """The cards of the deck the seat has not seen this round, in card
    order: not in the hands it can see, not played, not the turned-up or
    shown card. They are in the other seats' hidden hands or the stock.

    >>> from pocha_rules import Deal, RuleSet, new_game, observe
    >>> deal = Deal(hands=[["1o"], ["3c"], ["5e"], ["7b"]], trump_card="4o")
    >>> view = observe(new_game(RuleSet(), seed=1, dealer=3, deals=[deal]), 0)
    >>> len(unseen_cards(view)), Card.parse("1o") in unseen_cards(view)
    (38, False)
    """
    check_view(view)
    return cards_of(unseen_mask(view))


def exclusion_masks(view: PlayerView) -> tuple[int, ...]:
    """By seat, the mask of cards its plays this round prove it does not
    hold, before intersecting with the unseen cards (private)."""
    n = view.rules.players
    out = [0] * n
    if view.trump is None or not view.played:
        return tuple(out)
    t = tables_for(view.rules)
    trump = view.trump.value
    trump_mask = SUIT_MASKS[trump]
    played = view.played
    for start in range(0, len(played), n):
        trick = played[start : start + n]
        led = SUIT_OF[trick[0].card.index]
        best = trick[0].card.index
        for seat, card_value in trick[1:]:
            card = card_value.index
            suit = SUIT_OF[card]
            best_suit = SUIT_OF[best]
            if suit == led:
                if t.must_overtake and best_suit == led and not t.beats[best] >> card & 1:
                    out[seat] |= t.beats[best]
            else:
                out[seat] |= SUIT_MASKS[led]
                if best_suit != trump:
                    if suit != trump and t.must_ruff:
                        out[seat] |= trump_mask
                elif t.must_overruff and not t.beats[best] >> card & 1:
                    out[seat] |= t.beats[best]
            if beats_winner(t, card, best, trump):
                best = card
    return tuple(out)


def known_voids(view: PlayerView) -> tuple[frozenset[Card], ...]:
    """By seat, the unseen cards that seat is known not to hold, because of
    how it played this round under the obligations of play.

    A seat that did not follow suit holds none of the led suit; one that did
    not ruff when it had to holds no trump; one that did not over-ruff when
    it had to holds no trump above the best one on the table then; one that
    followed without beating the best card of the led suit, under
    ``must_overtake``, holds none of that suit above it. Only cards in
    :func:`unseen_cards` are listed (a suit void shows as all its unseen
    cards).

    >>> from pocha_rules import Bid, Deal, Play, RuleSet, apply, new_game, observe
    >>> deal = Deal(hands=[["1o"], ["3c"], ["5e"], ["7b"]], trump_card="4o")
    >>> state = new_game(RuleSet(), seed=1, dealer=3, deals=[deal])
    >>> for bid in (0, 0, 0, 0):
    ...     state = apply(state, Bid(bid))
    >>> state = apply(state, Play(Card.parse("1o")))
    >>> state = apply(state, Play(Card.parse("3c")))
    >>> voids = known_voids(observe(state, 0))
    >>> Card.parse("12o") in voids[1], Card.parse("12c") in voids[1], voids[2]
    (True, False, frozenset())
    """
    check_view(view)
    unseen = unseen_mask(view)
    return tuple(
        frozenset(CARDS[i] for i in indices_of(mask & unseen)) for mask in exclusion_masks(view)
    )
