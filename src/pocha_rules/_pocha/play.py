"""What a player may play to a trick (the obligations of play), on bit masks.

A trick is the tuple of card indices played so far and ``win``, the position
in it of the card that is winning. That one card says all the obligations
need: if it is a trump, a trump is on the table (and, when the led suit is not
trump, somebody ruffed); if it is not, no trump was played and it is the best
card of the led suit.
"""

from __future__ import annotations

from pocha_rules._common.errors import say
from pocha_rules._pocha.cards import CARDS, SUIT_MASKS, SUIT_OF, Suit, cards_of
from pocha_rules._pocha.tables import Tables

__all__ = ["beats_winner", "explain_play", "legal_plays", "winning_position"]


def legal_plays(t: Tables, hand: int, trick: tuple[int, ...], win: int, trump: int) -> int:
    """The mask of the cards of ``hand`` that may be played to ``trick``.

    The obligations are compiled in :attr:`Tables.follow`: the first mask of
    the chain that the hand meets holds the cards it may play; meeting none,
    it may play any card.
    """
    if not trick:
        return hand
    first, second, third = t.follow[trump][trick[win] * 4 + SUIT_OF[trick[0]]]
    return hand & first or hand & second or hand & third or hand


def beats_winner(t: Tables, card: int, best: int, trump: int) -> bool:
    """Whether ``card`` takes the trick from the winning card ``best``."""
    if (t.beats[best] >> card) & 1:
        return True
    return SUIT_OF[card] == trump and SUIT_OF[best] != trump


def winning_position(t: Tables, trick: tuple[int, ...], trump: int) -> int:
    """The position in ``trick`` (card indices in play order) of the card
    that is winning it; 0 for an empty trick."""
    win = 0
    for position in range(1, len(trick)):
        if beats_winner(t, trick[position], trick[win], trump):
            win = position
    return win


def _names(mask: int) -> str:
    return ", ".join(str(card) for card in cards_of(mask))


def explain_play(
    t: Tables, hand: int, trick: tuple[int, ...], win: int, trump: int, card: int
) -> str | None:
    """Why ``card`` may not be played, or ``None`` when it may."""
    if not (hand >> card) & 1:
        return say("not_in_hand", card=str(CARDS[card]), hand=_names(hand))
    allowed = legal_plays(t, hand, trick, win, trump)
    if (allowed >> card) & 1:
        return None
    led = Suit(SUIT_OF[trick[0]])
    best = CARDS[trick[win]]
    trump_suit = Suit(trump)
    if not hand & SUIT_MASKS[led.value] & (1 << card):
        if hand & SUIT_MASKS[led.value]:
            return say("must_follow_suit", led=str(led), allowed=_names(allowed))
        if best.suit is trump_suit and led is not trump_suit:
            return say("must_overruff", best=str(best), allowed=_names(allowed))
        return say("must_ruff", led=str(led), trump=str(trump_suit), allowed=_names(allowed))
    return say("must_overtake", best=str(best), led=str(led), allowed=_names(allowed))
