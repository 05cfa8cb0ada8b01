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
  replayed on it (a game that began at a written position, see
  :mod:`pocha_rules.notation`, starts at that round, with its scores).
  Rounds after the current one come from a fresh seed drawn from the
  random source (the true seed is hidden information).

Cards are placed constructively (each hidden slot, most constrained seat
first, takes a random card it may hold; a slot left without one takes a card
from another slot that can swap, as in bipartite matching), so a sample never
needs to be rejected and retried.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pocha_rules._common.errors import PochaError, reason_of, say
from pocha_rules._common.text import got, shown
from pocha_rules._pocha.cards import cards_of
from pocha_rules._pocha.deal import Deal
from pocha_rules._pocha.engine import apply
from pocha_rules._pocha.game import check_seed, new_game, start_at
from pocha_rules._pocha.knowledge import check_view, exclusion_masks, unseen_mask
from pocha_rules._pocha.state import GameState

if TYPE_CHECKING:
    from pocha_rules.views import PlayerView

__all__ = ["replay_sample", "sample_state", "sample_states"]


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
    return replay_sample(view, rng, None)


def replay_sample(view: PlayerView, rng: random.Random, seats: list[int] | None) -> GameState:
    """:func:`sample_state`, for a view already known to be one (private).
    When ``seats`` is a list, the seat that made each move of the view's
    history is appended to it as the move is replayed, so a replay that
    fails leaves the seats of the moves before the failing one.

    Raises:
        PochaError: As :func:`sample_state`.

    """
    deals = view.past_deals
    if not view.is_over:
        deals = deals + (_current_deal(view, rng),)
    try:
        results = view.round_results
        start = results[0].index if results else view.round_index
        if start:
            # A game that began at a written position (pocha_rules.notation):
            # its records begin with round ``start``.
            scores = list(view.scores)
            for result in results:
                scores = [
                    total - points for total, points in zip(scores, result.scores, strict=True)
                ]
            state = start_at(
                view.rules,
                seed=rng.getrandbits(63),
                dealer=(view.first_dealer + start) % view.rules.players,
                round_index=start,
                deals=deals,
                scores=scores,
            )
        else:
            state = new_game(
                view.rules, seed=rng.getrandbits(63), dealer=view.first_dealer, deals=deals
            )
        if seats is None:
            for move in view.history:
                state = apply(state, move)
        else:
            for move in view.history:
                seat = state.to_move
                state = apply(state, move)
                assert seat is not None  # apply refuses a move once the game is over
                seats.append(seat)
    except PochaError as error:
        raise PochaError(say("no_state_fits", error=reason_of(error))) from None
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
        raise PochaError(say("count_negative", got=shown(count)))
    check_seed(seed)
    rng = random.Random(f"pocha-sample:{seed}")
    return tuple(sample_state(view, rng) for _ in range(count))


def _current_deal(view: PlayerView, rng: random.Random) -> Deal:
    hands = HiddenHands(view).draw(rng)
    for seat, card in view.played:
        hands[seat] |= 1 << card.index
    return Deal(hands=[cards_of(hand) for hand in hands], trump_card=view.trump_card)


class HiddenHands:
    """The hands of a view's current round, ready to be drawn many times
    (private): what each seat is known to hold, how many cards it misses
    and which of the unseen cards it may hold.

    Raises:
        PochaError: A seat shows more cards than it holds.

    """

    __slots__ = ("_allowed", "_known", "_missing", "_pool", "_seats", "_unconstrained")

    def __init__(self, view: PlayerView) -> None:
        n = view.rules.players
        known = [0] * n
        for seat, hand in enumerate(view.visible_hands):
            for card in hand or ():
                known[seat] |= 1 << card.index
        if view.dealer_holds_trump_card:
            assert view.trump_card is not None
            known[view.dealer] |= 1 << view.trump_card.index
        pool = unseen_mask(view)
        excluded = exclusion_masks(view)
        missing = [0] * n
        for seat in range(n):
            missing[seat] = view.hand_sizes[seat] - known[seat].bit_count()
            if missing[seat] < 0:
                raise PochaError(say("too_many_cards_shown", seat=seat))
        self._known = known
        self._missing = missing
        self._allowed = allowed = [pool & ~excluded[seat] for seat in range(n)]
        self._pool = [i for i in range(48) if pool >> i & 1]
        self._seats = seats = [seat for seat in range(n) if missing[seat]]
        self._unconstrained = all(allowed[seat] == pool for seat in seats)

    def draw(self, rng: random.Random) -> list[int]:
        """Each seat's hand now, as a mask: the cards it is known to hold and
        unseen cards drawn for it with ``rng`` (uniformly when no seat is
        known to lack any of them, else by :func:`_place`).

        Raises:
            PochaError: The unseen cards cannot be placed.

        """
        if self._unconstrained:
            # Any unseen card may be anywhere: one uniform draw for all seats.
            hands = self._known[:]
            chosen = rng.sample(self._pool, sum(self._missing))
            start = 0
            for seat in self._seats:
                end = start + self._missing[seat]
                for card in chosen[start:end]:
                    hands[seat] |= 1 << card
                start = end
            return hands
        placed = _place(self._missing, self._allowed, rng)
        if placed is None:
            raise PochaError(say("unseen_cannot_be_placed"))
        return [known | more for known, more in zip(self._known, placed, strict=True)]


def _place(missing: list[int], allowed: list[int], rng: random.Random) -> list[int] | None:
    """By seat, a mask of ``missing[seat]`` cards from ``allowed[seat]``, no
    card twice; ``None`` when impossible.

    Seats are served most constrained first (ties in random order); each
    takes its cards at random from those it may hold that are still free. A
    seat left short takes cards from seats that can swap (augmenting paths,
    as in bipartite matching).
    """
    hands = [0] * len(missing)
    taken = 0
    short: list[int] = []
    seats = [seat for seat, count in enumerate(missing) if count]
    for seat in sorted(seats, key=lambda s: (allowed[s].bit_count(), rng.random())):
        free = allowed[seat] & ~taken
        options = [i for i in range(48) if free >> i & 1]
        chosen = rng.sample(options, min(missing[seat], len(options)))
        for card in chosen:
            hands[seat] |= 1 << card
            taken |= 1 << card
        short += [seat] * (missing[seat] - len(chosen))
    if short and not _repair(hands, short, allowed, rng):
        return None
    return hands


def _repair(hands: list[int], short: list[int], allowed: list[int], rng: random.Random) -> bool:
    """Give each seat of ``short`` (one entry per missing card) a card it may
    hold, moving placed cards between seats along augmenting paths; ``False``
    when impossible."""
    owner: dict[int, int] = {}
    for seat, hand in enumerate(hands):
        for card in range(48):
            if hand >> card & 1:
                owner[card] = seat

    def place(seat: int, visited: set[int]) -> bool:
        cards = [i for i in range(48) if allowed[seat] >> i & 1]
        rng.shuffle(cards)
        for card in cards:
            if card not in owner:
                owner[card] = seat
                hands[seat] |= 1 << card
                return True
        for card in cards:
            other = owner[card]
            if card not in visited and other != seat:
                visited.add(card)
                if place(other, visited):
                    hands[other] &= ~(1 << card)
                    owner[card] = seat
                    hands[seat] |= 1 << card
                    return True
        return False

    return all(place(seat, set()) for seat in short)
