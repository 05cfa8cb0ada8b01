"""Deals: the public :class:`Deal`, the engine's :class:`DealtRound`, and the
checks of explicit deals. Seeded shuffles are in ``shuffle``."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

import attrs

from pocha_rules._common.errors import InvalidDealError, say
from pocha_rules._common.text import got
from pocha_rules._pocha.cards import CARDS, Card, cards_of
from pocha_rules._pocha.schedules import Round, RoundKind
from pocha_rules._pocha.tables import Tables

__all__ = ["Deal", "DealtRound", "check_deal", "check_deals"]


def _card(value: Card | str) -> Card:
    if isinstance(value, Card):
        return value
    if not isinstance(value, str):
        raise TypeError(f"a card must be a Card or its text such as '12o', got {got(value)}")
    return Card.parse(value)


def _items(value: object, what: str) -> Iterable[Any]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise TypeError(f"{what} must be a sequence, got {got(value)}")
    return value


def _hands(value: Iterable[Iterable[Card | str]]) -> tuple[tuple[Card, ...], ...]:
    # Hands are kept in card order, so equal deals compare equal however the
    # cards were listed (a hand is a set of cards, not a sequence).
    return tuple(
        tuple(sorted(_card(card) for card in _items(hand, "a hand")))
        for hand in _items(value, "hands")
    )


def _trump_card(value: Card | str | None) -> Card | None:
    return None if value is None else _card(value)


@attrs.frozen
class Deal:
    """The cards of one round as dealt: each seat's hand, and the card that
    shows trump.

    ``trump_card`` is the card turned up from the stock, or the dealer's shown
    last card when every card is dealt (``dealer_last_card``); it is ``None``
    in auction rounds and when the dealer chooses trump. The cards nobody
    holds form the stock. Cards may be given as text.

    >>> deal = Deal(hands=[["1o"], ["3o"], ["12o"], ["2c"]], trump_card="5e")
    >>> deal.hands[1], deal.trump_card
    ((Card(3, Suit.OROS),), Card(5, Suit.ESPADAS))
    """

    hands: tuple[tuple[Card, ...], ...] = attrs.field(converter=_hands)
    """The cards of each seat, by seat number, each hand in card order."""
    trump_card: Card | None = attrs.field(default=None, converter=_trump_card)
    """The card that shows trump, if any."""


class DealtRound(NamedTuple):
    """A deal in the engine's terms (private): masks and card indices."""

    hands: tuple[int, ...]
    stock: int
    trump_card: int
    """The turned-up or shown card, or -1."""
    shown: bool
    """Whether ``trump_card`` is the dealer's shown card (in their hand)."""

    def public(self) -> Deal:
        trump = CARDS[self.trump_card] if self.trump_card >= 0 else None
        # What Deal's converters would give: cards_of lists a hand in card
        # order. Built without them, as a view of a late game lays out every
        # finished round's deal.
        deal = object.__new__(Deal)
        object.__setattr__(deal, "hands", tuple(cards_of(hand) for hand in self.hands))
        object.__setattr__(deal, "trump_card", trump)
        return deal


def check_deal(t: Tables, index: int, plan: Round, dealer: int, deal: Deal) -> DealtRound:
    """Check an explicit deal against the rules and its round, and convert it."""

    def refuse(reason: str) -> InvalidDealError:
        return InvalidDealError(index, reason)

    n = t.players
    if len(deal.hands) != n:
        raise refuse(say("hands_for_players", hands=len(deal.hands), players=n))
    hands = []
    seen = 0
    for seat, hand in enumerate(deal.hands):
        if len(hand) != plan.cards:
            raise refuse(say("hand_size", seat=seat, held=len(hand), cards=plan.cards))
        mask = 0
        for dealt in hand:
            bit = 1 << dealt.index
            if not t.deck_mask & bit:
                raise refuse(say("card_not_in_deck", card=str(dealt)))
            if seen & bit:
                raise refuse(say("card_dealt_twice", card=str(dealt)))
            seen |= bit
            mask |= bit
        hands.append(mask)
    stock = t.deck_mask & ~seen
    card = deal.trump_card
    needs_card = plan.kind is not RoundKind.AUCTION and bool(stock or not t.dealer_chooses)
    if card is None:
        if needs_card:
            where = "turned up from the stock" if stock else "shown by the dealer"
            raise refuse(say("trump_card_missing", where=where, from_stock=bool(stock)))
        return DealtRound(tuple(hands), stock, -1, False)
    if not needs_card:
        if plan.kind is RoundKind.AUCTION:
            raise refuse(say("auction_trump_card"))
        raise refuse(say("chosen_trump_card"))
    bit = 1 << card.index
    if stock:
        if not stock & bit:
            raise refuse(say("trump_card_in_hand", card=str(card)))
        return DealtRound(tuple(hands), stock, card.index, False)
    if not hands[dealer] & bit:
        raise refuse(say("shown_card_not_dealers", card=str(card), dealer=dealer))
    return DealtRound(tuple(hands), stock, card.index, True)


def check_deals(t: Tables, first_dealer: int, deals: Sequence[Deal]) -> tuple[DealtRound, ...]:
    """Check explicit deals for the first rounds of a game."""
    plan = t.schedule
    out = []
    for index, deal in enumerate(deals):
        entry = plan[index] if index < len(plan) else Round(1)
        out.append(check_deal(t, index, entry, (first_dealer + index) % t.players, deal))
    return tuple(out)
