"""Determinization: complete game states consistent with a seat's view.

A search bot that only knows its view can reason about the game by drawing
full states that the view could have come from, playing them out, and
averaging. :func:`sample_state` draws one such state:

- the finished rounds are rebuilt from the view's :attr:`past_deals` (every
  card dealt in them was played, so they hold nothing hidden);
- in the current round, the cards the seat has not seen are dealt to the
  other seats' hidden hands and the stock, respecting each seat's hand size,
  the cards it is known not to hold (:func:`~pocha_rules.known_voids`) and the
  dealer's shown card; so every card it has played stays a legal play;
- the game is started with these deals and the view's public history is
  replayed on it. Rounds after the current one come from a fresh seed drawn
  from the random source (the true seed is hidden information).

Cards are placed constructively (each hidden slot, most constrained seat
first, takes a random card it may hold; a slot left without one takes a card
from another slot that can swap, as in bipartite matching), so a sample never
needs to be rejected and retried.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pocha_rules._cards import cards_of
from pocha_rules._deal import Deal
from pocha_rules._engine import apply
from pocha_rules._errors import PochaError
from pocha_rules._game import check_seed, new_game
from pocha_rules._knowledge import check_view, exclusion_masks, unseen_mask
from pocha_rules._state import GameState
from pocha_rules._text import got, shown

if TYPE_CHECKING:
    from pocha_rules.views import PlayerView

__all__ = ["sample_state", "sample_states"]


def sample_state(view: PlayerView, rng: random.Random) -> GameState:
    """One complete game state consistent with ``view``, drawn with ``rng``.

    The state's :func:`~pocha_rules.observe` for the view's seat equals
    ``view``, and its own legal moves and transitions work as in any game.

    Raises:
        PochaError: No state fits the view (it was not built by
            :func:`~pocha_rules.observe`, or was altered).
        TypeError: ``view`` is not a :class:`~pocha_rules.PlayerView`.

    >>> import random
    >>> from pocha_rules import RuleSet, new_game, observe
    >>> view = observe(new_game(RuleSet(), seed=5, dealer=0), 2)
    >>> sample = sample_state(view, random.Random(1))
    >>> observe(sample, 2) == view, sample.hands[2] == view.hand
    (True, True)

    """
    check_view(view)
    deals = view.past_deals
    if not view.is_over:
        deals = deals + (_current_deal(view, rng),)
    try:
        state = new_game(
            view.rules, seed=rng.getrandbits(63), dealer=view.first_dealer, deals=deals
        )
        for move in view.history:
            state = apply(state, move)
    except PochaError as error:
        raise PochaError(f"no game state fits this view: {error}") from None
    return state


def sample_states(view: PlayerView, seed: int, count: int) -> tuple[GameState, ...]:
    """``count`` states consistent with ``view``, reproducible from ``seed``.

    >>> from pocha_rules import RuleSet, new_game, observe
    >>> view = observe(new_game(RuleSet(), seed=5, dealer=0), 2)
    >>> samples = sample_states(view, seed=1, count=3)
    >>> len(samples), samples == sample_states(view, seed=1, count=3)
    (3, True)
    """
    check_view(view)
    if type(count) is not int:
        raise TypeError(f"count must be an int, got {got(count)}")
    if count < 0:
        raise PochaError(f"count must be 0 or more, got {shown(count)}")
    check_seed(seed)
    rng = random.Random(f"pocha-sample:{seed}")
    return tuple(sample_state(view, rng) for _ in range(count))


def _current_deal(view: PlayerView, rng: random.Random) -> Deal:
    n = view.rules.players
    known = [0] * n
    for seat, hand in enumerate(view.visible_hands):
        for card in hand or ():
            known[seat] |= 1 << card.index
    if view.dealer_holds_trump_card:
        assert view.trump_card is not None
        known[view.dealer] |= 1 << view.trump_card.index
    played = [0] * n
    for seat, card in view.played:
        played[seat] |= 1 << card.index
    pool = unseen_mask(view)
    excluded = exclusion_masks(view)
    slots: list[int] = []
    for seat in range(n):
        missing = view.hand_sizes[seat] - known[seat].bit_count()
        if missing < 0:
            raise PochaError(f"no game state fits this view: seat {seat} shows too many cards")
        slots += [seat] * missing
    allowed = [pool & ~excluded[seat] for seat in range(n)]
    placed = _match(slots, allowed, rng)
    if placed is None:
        raise PochaError("no game state fits this view: the unseen cards cannot be placed")
    hands = [known[seat] | played[seat] for seat in range(n)]
    for seat, index in zip(slots, placed, strict=True):
        hands[seat] |= 1 << index
    return Deal(hands=[cards_of(hand) for hand in hands], trump_card=view.trump_card)


def _match(slots: list[int], allowed: list[int], rng: random.Random) -> list[int] | None:
    """A card for each slot (a slot is the seat it belongs to), each card at
    most once and only where ``allowed``; ``None`` when impossible."""
    options = {seat: [i for i in range(48) if allowed[seat] >> i & 1] for seat in set(slots)}
    order = sorted(range(len(slots)), key=lambda i: (len(options[slots[i]]), rng.random()))
    owner: dict[int, int] = {}
    card_of = [-1] * len(slots)

    def place(slot: int, visited: set[int]) -> bool:
        cards = options[slots[slot]][:]
        rng.shuffle(cards)
        for card in cards:
            if card not in owner:
                owner[card], card_of[slot] = slot, card
                return True
        for card in cards:
            if card not in visited:
                visited.add(card)
                if place(owner[card], visited):
                    owner[card], card_of[slot] = slot, card
                    return True
        return False

    for slot in order:
        if not place(slot, set()):
            return None
    return card_of
