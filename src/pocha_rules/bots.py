"""Baseline bots and a game runner.

A bot is anything with an ``act(view) -> Move`` method (:class:`Bot`): it gets
the :class:`~pocha_rules.PlayerView` of the seat to move and nothing else, so
it cannot see hidden cards. :func:`play_game` runs a whole game between bots.

- :class:`RandomBot` plays a uniformly random legal move: the floor any bot
  should beat.
- :class:`HeuristicBot` bids what its hand is worth and then plays to make
  that bid exactly: it takes tricks while it needs them and ducks once it has
  enough.

>>> from pocha_rules import RuleSet
>>> final = play_game(RuleSet(players=3, schedule=[1, 2, 3]),
...                   [HeuristicBot(seed=1), RandomBot(seed=2), RandomBot(seed=3)], seed=7)
>>> final.is_over, len(final.round_results)
(True, 3)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from pocha_rules._common import checks
from pocha_rules._common.bots import RandomChoice
from pocha_rules._common.errors import PochaError, say
from pocha_rules._common.text import got
from pocha_rules._pocha.cards import CARDS, SUIT_MASKS, SUIT_OF, Card, mask_of
from pocha_rules._pocha.engine import apply
from pocha_rules._pocha.estimates import (
    LEAD_WINNER,
    blind_chance,
    card_chance,
    hand_estimate,
    lead_chance,
    nearest_bid,
    one_card_chance,
    surely_beaten,
)
from pocha_rules._pocha.game import new_game
from pocha_rules._pocha.knowledge import check_view, forbidden_bid, unseen_mask
from pocha_rules._pocha.moves import BIDS, CALLS, PASS, TRUMP_CHOICES, Move, Play
from pocha_rules._pocha.play import beats_winner, winning_position
from pocha_rules._pocha.rules import RuleSet
from pocha_rules._pocha.schedules import RoundKind
from pocha_rules._pocha.state import GameState, Phase
from pocha_rules._pocha.tables import Tables, tables_for
from pocha_rules.views import PlayerView, observe

__all__ = ["Bot", "HeuristicBot", "RandomBot", "play_game"]


@runtime_checkable
class Bot(Protocol):
    """Anything that chooses a move from a seat's view."""

    def act(self, view: PlayerView) -> Move:
        """The move to make; ``view.to_move`` is the bot's seat."""
        ...


def _moves(view: PlayerView) -> tuple[Move, ...]:
    check_view(view)
    moves = view.legal_moves()
    if not moves:
        raise PochaError(say("no_move_to_make", seat=view.seat, to_move=str(view.to_move)))
    return moves


class RandomBot(RandomChoice[PlayerView, Move]):
    """Plays a uniformly random legal move; reproducible with ``seed``.

    >>> from pocha_rules import RuleSet, new_game, observe
    >>> view = observe(new_game(RuleSet(), seed=1, dealer=0), 1)
    >>> RandomBot(seed=4).act(view) in view.legal_moves()
    True
    """

    _legal = staticmethod(_moves)


class HeuristicBot:
    """Bids the tricks its hand is worth and plays to make that bid exactly.

    Bidding: each card counts for the chance it takes a trick, from how many
    unseen cards of its suit beat it (for trumps, also how many of those the
    other seats are likely to hold; for side suits, a table measured in
    self-play, lowered in short rounds and at bigger tables); the total, a
    little shaded in rounds of several cards and rounded, is the bid, moved by
    one when the hook forbids it. With one card it works the chance out from
    the unseen cards and whether it leads. In a blind round it counts the
    share of the cards it might hold that beat every card it can see. In an
    auction it calls its best estimate over the four possible trumps when
    that beats the highest call, and names that suit as trump; a dealer who
    chooses trump names its best suit the same way.

    Play: while it needs tricks it takes the trick with its cheapest winning
    card when it plays last (its strongest otherwise); it leads the card most
    likely to win when led (nobody else holds a higher card of its suit, and
    nobody is likely to ruff it), and when no lead is likely to win, a low
    card of its shortest side suit, to ruff that suit later. Once it has its
    tricks (or holds enough top trumps to take the rest it needs) it ducks
    with the strongest card that still loses, and leads the strongest card
    that another seat is sure to beat. ``seed`` breaks ties between equal
    trump choices.

    >>> from pocha_rules import Deal, RuleSet, new_game, observe
    >>> deal = Deal(hands=[["1o", "3o"], ["2c", "4c"], ["5e", "6e"], ["7b", "2b"]],
    ...             trump_card="4o")
    >>> rules = RuleSet(schedule=[2])
    >>> view = observe(new_game(rules, seed=1, dealer=3, deals=[deal]), 0)
    >>> HeuristicBot().act(view)
    Bid(2)
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(checks.bot_seed(seed))

    def __repr__(self) -> str:
        return "HeuristicBot()"

    def act(self, view: PlayerView) -> Move:
        """The heuristic's move for the seat to move."""
        moves = _moves(view)
        if len(moves) == 1:
            return moves[0]
        t = tables_for(view.rules)
        phase = view.phase
        if phase is Phase.PLAY:
            return self._play(t, view, moves)
        if phase is Phase.BID:
            if view.round_kind is RoundKind.BLIND:
                estimate = _blind_estimate(t, view)
            else:
                assert view.trump is not None
                estimate = _estimate(t, view, view.trump.value)
            return self._bid(view, estimate)
        best_suit, best = self._best_trump(t, view)
        if phase is Phase.CHOOSE_TRUMP:
            return TRUMP_CHOICES[best_suit]
        target = min(view.cards_per_player, round(best))
        return CALLS[target] if CALLS[target] in moves else PASS

    def _best_trump(self, t: Tables, view: PlayerView) -> tuple[int, float]:
        ranked = sorted(
            ((_estimate(t, view, suit), self._rng.random(), suit) for suit in range(4)),
            reverse=True,
        )
        estimate, _, suit = ranked[0]
        return suit, estimate

    def _bid(self, view: PlayerView, estimate: float) -> Move:
        forbidden = forbidden_bid(view)
        cards = view.cards_per_player
        return BIDS[nearest_bid(estimate, cards, -1 if forbidden is None else forbidden)]

    def _lead(
        self,
        t: Tables,
        view: PlayerView,
        cards: list[int],
        need: int,
        unseen: int,
        share: float,
        power: Callable[[int], int],
    ) -> int:
        assert view.trump is not None
        trump = view.trump.value
        if need <= 0:
            # Lead the strongest card that someone else is sure to beat (under
            # the overtake duty, whoever holds a higher card of the suit must
            # play one), so that high cards do not win tricks later.
            beaten = [c for c in cards if surely_beaten(t, c, unseen, share)]
            return max(beaten, key=power) if beaten else min(cards, key=power)
        size, n = len(view.hand), view.players
        chance = {c: lead_chance(t, c, trump, unseen, share, size, n) for c in cards}
        best = max(cards, key=lambda c: (chance[c], SUIT_OF[c] != trump, power(c)))
        if chance[best] >= LEAD_WINNER:
            return best
        # No lead is likely to win: lead low from the shortest side suit, to
        # be able to ruff it later; without trumps, the weakest card.
        hand = mask_of(view.hand)
        side = [c for c in cards if SUIT_OF[c] != trump]
        if not side or not hand & SUIT_MASKS[trump]:
            return min(cards, key=power)
        return min(side, key=lambda c: ((hand & SUIT_MASKS[SUIT_OF[c]]).bit_count(), power(c)))

    def _play(self, t: Tables, view: PlayerView, moves: tuple[Move, ...]) -> Move:
        assert view.trump is not None
        trump = view.trump.value
        cards = [move.card.index for move in moves if type(move) is Play]
        bid = view.bids[view.seat]
        need = (bid if bid is not None else 0) - view.tricks_won[view.seat]

        def power(card: int) -> int:
            return t.strength[card] + (100 if SUIT_OF[card] == trump else 0)

        if not view.trick:
            unseen = unseen_mask(view)
            share = _dealt_share(view, unseen)
            return Play(_card(self._lead(t, view, cards, need, unseen, share, power)))
        # Top trumps take their tricks whenever they are played: while they
        # cover what is still needed, there is no need to win this trick.
        unseen = unseen_mask(view)
        masters = sum(
            1 for c in view.hand if SUIT_OF[c.index] == trump and not unseen & t.beats[c.index]
        )
        if 0 < need <= masters:
            need = 0
        trick = tuple(p.card.index for p in view.trick)
        best = trick[winning_position(t, trick, trump)]
        winners = [c for c in cards if beats_winner(t, c, best, trump)]
        losers = [c for c in cards if c not in winners]
        last = len(trick) == view.players - 1
        if need > 0:
            if winners:
                chosen = min(winners, key=power) if last else max(winners, key=power)
            else:
                chosen = min(cards, key=power)
        elif losers:
            chosen = max(losers, key=power)
        else:
            chosen = max(winners, key=power) if last else min(winners, key=power)
        return Play(_card(chosen))


def _card(index: int) -> Card:
    return CARDS[index]


def _dealt_share(view: PlayerView, unseen: int) -> float:
    """The share of the unseen cards that sit in the other seats' hands."""
    count = unseen.bit_count()
    if not count:
        return 0.0
    hidden = sum(
        size for seat, size in enumerate(view.hand_sizes) if view.visible_hands[seat] is None
    )
    if view.dealer_holds_trump_card and view.visible_hands[view.dealer] is None:
        hidden -= 1
    return min(1.0, hidden / count)


def _chance(
    t: Tables, view: PlayerView, card: int, trump: int, unseen: int, share: float
) -> float:
    """A rough chance that ``card`` takes a trick (see :func:`card_chance`)."""
    return card_chance(t, card, trump, unseen, share, view.cards_per_player, view.players)


def _estimate(t: Tables, view: PlayerView, trump: int) -> float:
    """The tricks the hand is expected to take with ``trump`` as trump."""
    hand = view.hand
    unseen = unseen_mask(view)
    if view.cards_per_player == 1 and len(hand) == 1:
        leads = view.leader == view.seat
        return one_card_chance(t, hand[0].index, trump, unseen, view.players - 1, leads)
    share = _dealt_share(view, unseen)
    return hand_estimate(
        t, mask_of(hand), trump, unseen, share, view.cards_per_player, view.players
    )


def _blind_estimate(t: Tables, view: PlayerView) -> float:
    """The chance of taking the one trick of a blind round: the share of the
    cards the seat might hold that beat every card it can see on the others."""
    assert view.trump is not None
    n = view.players
    order = [(view.eldest + i) % n for i in range(n)]
    own = order.index(view.seat)
    shown = [hand[0].index for seat in order if (hand := view.visible_hands[seat])]
    return blind_chance(
        t, view.trump.value, tuple(shown[:own]), tuple(shown[own:]), unseen_mask(view)
    )


def play_game(
    rules: RuleSet,
    bots: Sequence[Bot],
    seed: int | None = None,
    *,
    dealer: int | None = None,
) -> GameState:
    """Play a whole game between ``bots`` (one per seat, by seat) and return
    the final state. Each bot sees only its seat's view.

    Raises:
        PochaError: The number of bots does not match the players.
        IllegalMoveError: A bot made an illegal move.
        TypeError: ``rules`` is not a :class:`~pocha_rules.RuleSet`, or
            another argument not of its type.

    >>> from pocha_rules import RuleSet
    >>> final = play_game(RuleSet(schedule=[2, 2]), [RandomBot(seed=s) for s in range(4)], seed=3)
    >>> final.is_over
    True

    """
    if not isinstance(rules, RuleSet):
        raise TypeError(f"rules must be a RuleSet, got {got(rules)}")
    if len(bots) != rules.players:
        raise PochaError(say("bots_for_players", bots=len(bots), players=rules.players))
    state = new_game(rules, seed=seed, dealer=dealer)
    while True:
        seat = state.to_move
        if seat is None:
            return state
        state = apply(state, bots[seat].act(observe(state, seat)))
