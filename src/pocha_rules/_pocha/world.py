"""Determinised worlds for the Monte Carlo bot: the current round on bit
masks with every hand known, played to its end by a cheap policy.

:class:`Facts` holds the public facts of the round at one decision (as the
deciding seat sees them); a :class:`World` holds them and one guess of the
hidden hands, and many worlds share one :class:`Facts`. :func:`finish`
makes a given first move and plays the rest of the round with the policy,
returning every seat's points for the round. The policy tries to make each
seat's bid: it bids, calls and names trump from the hand estimates of
:mod:`~pocha_rules._pocha.estimates`, takes tricks while it needs them and ducks
once it has enough. Each seat's policy decisions read its own hand and the
public facts only, as a player would.

The round is played by the engine's own tables (:attr:`Tables.follow` for
what may be played, :attr:`Tables.takes` for who wins, ``points_of`` for the
score, ``bidding`` for the hook); the test suite replays the moves of
:func:`finish` with :func:`~pocha_rules.apply` across random rule sets and
checks every legal set, every move and the points.
"""

from __future__ import annotations

from typing import Final

from pocha_rules._pocha.bidding import auction_moves, bid_moves, forbidden_bid, hooked
from pocha_rules._pocha.cards import SUIT_MASKS, SUIT_OF
from pocha_rules._pocha.estimates import (
    LEAD_WINNER,
    blind_chance,
    hand_estimate,
    lead_chance,
    nearest_bid,
    one_card_chance,
    surely_beaten,
)
from pocha_rules._pocha.moves import BIDS, CALLS, PASS, PLAYS, TRUMP_CHOICES, Move
from pocha_rules._pocha.tables import Tables

__all__ = ["AUCTION", "BID", "CHOOSE_TRUMP", "PLAY", "Facts", "Step", "World", "finish"]

AUCTION: Final = 0
CHOOSE_TRUMP: Final = 1
BID: Final = 2
PLAY: Final = 3

Step = tuple[int, Move, tuple[Move, ...]]
"""A traced move: the seat, the move and the legal moves it was chosen from."""

_POWER: Final = tuple(
    tuple((100 if SUIT_OF[card] == trump else 0) for card in range(48)) for trump in range(4)
)
"""By trump, what being a trump adds to a card's strength."""


class Facts:
    """The round at one decision as every seat knows it (private).

    ``calls`` and ``bids`` use ``-1`` for a pass and for a bid not yet made;
    ``trump`` is ``-1`` while not named. ``seen`` holds the cards every seat
    has seen (played, and the card that shows trump); ``shown`` the dealer's
    shown card while the dealer holds it (``-1`` otherwise). Built once per
    decision and shared by every :class:`World` dealt from it: nothing
    changes it (:func:`finish` plays on copies of its lists).
    """

    __slots__ = (
        "bids",
        "blind",
        "calls",
        "cards",
        "dealer",
        "eldest",
        "leader",
        "n",
        "order",
        "phase",
        "seen",
        "shown",
        "t",
        "to_move",
        "trick",
        "trump",
        "won",
    )

    def __init__(
        self,
        t: Tables,
        *,
        phase: int,
        to_move: int,
        cards: int,
        blind: bool,
        dealer: int,
        eldest: int,
        trump: int,
        calls: list[int],
        order: tuple[int, ...],
        leader: int,
        bids: list[int],
        won: list[int],
        trick: list[int],
        seen: int,
        shown: int,
    ) -> None:
        self.t = t
        self.n = t.players
        self.phase = phase
        self.to_move = to_move
        self.cards = cards
        self.blind = blind
        self.dealer = dealer
        self.eldest = eldest
        self.trump = trump
        self.calls = calls
        self.order = order
        self.leader = leader
        self.bids = bids
        self.won = won
        self.trick = trick
        self.seen = seen
        self.shown = shown


class World:
    """The round at one decision with every hand filled in (private): the
    public ``facts`` and one guess of the ``hands``, the cards each seat
    holds now. Each seat's estimates are cached here, as they read its hand.
    """

    __slots__ = ("estimates", "facts", "hands")

    def __init__(self, facts: Facts, hands: list[int]) -> None:
        self.facts = facts
        self.hands = hands
        self.estimates: list[float] = [-1.0] * (facts.n * 4)

    def estimate(self, seat: int, trump: int, leader: int) -> float:
        """The tricks ``seat`` expects to take under ``trump``, from its own
        hand and the public facts, when ``leader`` leads the first trick
        (cached, except with one card, where who leads matters and an
        auction can change it)."""
        f = self.facts
        t = f.t
        hand = self.hands[seat]
        unseen = t.deck_mask & ~f.seen & ~hand
        if f.cards == 1 and not f.blind and hand.bit_count() == 1:
            card = hand.bit_length() - 1
            return one_card_chance(t, card, trump, unseen, f.n - 1, seat == leader)
        key = seat * 4 + trump
        cached = self.estimates[key]
        if cached >= 0.0:
            return cached
        if f.blind:
            value = self._blind_estimate(seat, unseen)
        else:
            hidden = sum(h.bit_count() for s, h in enumerate(self.hands) if s != seat)
            if f.shown >= 0 and seat != f.dealer:
                hidden -= 1
            count = unseen.bit_count()
            share = min(1.0, hidden / count) if count else 0.0
            value = hand_estimate(t, hand, trump, unseen, share, f.cards, f.n)
        self.estimates[key] = value
        return value

    def _blind_estimate(self, seat: int, unseen: int) -> float:
        # The seat sees every other card but not its own.
        f = self.facts
        hands = self.hands
        order = f.t.seats_from[f.eldest]
        own = order.index(seat)
        shown = [hands[s].bit_length() - 1 for s in order if s != seat]
        mine = unseen | hands[seat]
        for other in order:
            if other != seat:
                mine &= ~hands[other]
        before, after = tuple(shown[:own]), tuple(shown[own : f.n - 1])
        return blind_chance(f.t, f.trump, before, after, mine)

    def best_suit(self, seat: int, leader: int) -> int:
        """The suit under which ``seat`` expects the most tricks."""
        best = 0
        top = -1.0
        for suit in range(4):
            value = self.estimate(seat, suit, leader)
            if value > top:
                best, top = suit, value
        return best

    def call(self, seat: int, highest: int) -> int:
        """The policy's auction call (``-1``: pass)."""
        leader = self.facts.leader
        estimate = self.estimate(seat, self.best_suit(seat, leader), leader)
        target = min(self.facts.cards, round(estimate))
        return target if target > highest else -1

    def bid(self, seat: int, trump: int, forbidden: int, leader: int) -> int:
        """The policy's bid: the rounded estimate, off the forbidden bid."""
        return nearest_bid(self.estimate(seat, trump, leader), self.facts.cards, forbidden)


def _highest(power: tuple[int, ...], strength: tuple[int, ...], mask: int) -> int:
    best = -1
    top = -1
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        value = power[card] + strength[card]
        if value > top:
            best, top = card, value
        mask ^= low
    return best


def _lowest(power: tuple[int, ...], strength: tuple[int, ...], mask: int) -> int:
    best = -1
    bottom = 1000
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        value = power[card] + strength[card]
        if value < bottom:
            best, bottom = card, value
        mask ^= low
    return best


def _lead(
    t: Tables,
    trump: int,
    hand: int,
    need: int,
    unseen: int,
    share: float,
    n: int,
    power: tuple[int, ...],
    strength: tuple[int, ...],
) -> int:
    """The policy's lead, as :class:`~pocha_rules.HeuristicBot` leads."""
    if need <= 0:
        # The strongest card that another seat is sure to beat, if any.
        beaten = 0
        rest = hand
        while rest:
            low = rest & -rest
            if surely_beaten(t, low.bit_length() - 1, unseen, share):
                beaten |= low
            rest ^= low
        return _highest(power, strength, beaten) if beaten else _lowest(power, strength, hand)
    # The card likeliest to win when led; on a tie a side card, then the
    # stronger one.
    size = hand.bit_count()
    best = -1
    top = (-1.0, False, 0)
    rest = hand
    while rest:
        low = rest & -rest
        card = low.bit_length() - 1
        rest ^= low
        chance = lead_chance(t, card, trump, unseen, share, size, n)
        key = (chance, SUIT_OF[card] != trump, power[card] + strength[card])
        if key > top:
            best, top = card, key
    if top[0] >= LEAD_WINNER:
        return best
    # None is: the lowest card of the shortest side suit, to ruff it later.
    trumps = SUIT_MASKS[trump]
    side = hand & ~trumps
    if not side or not hand & trumps:
        return _lowest(power, strength, hand)
    shortest = (99, 0)
    for suit in range(4):
        cards = side & SUIT_MASKS[suit]
        if cards:
            low_card = _lowest(power, strength, cards)
            key2 = (cards.bit_count(), power[low_card] + strength[low_card])
            if key2 < shortest:
                best, shortest = low_card, key2
    return best


def finish(w: World, move: int, trace: list[Step] | None = None) -> list[int]:
    """Make ``move`` for the seat to move, play the round out with the
    policy, and return every seat's points for the round.

    ``move`` is a card index, a bid, a call (``-1``: pass) or a suit, as the
    world's phase asks. With ``trace``, every move is appended to it.
    """
    f = w.facts
    t = f.t
    n = f.n
    cards = f.cards
    hands = w.hands[:]
    bids = f.bids[:]
    won = f.won[:]
    trump = f.trump
    phase = f.phase
    seat = f.to_move
    order = f.order
    leader = f.leader
    pending = True
    if phase == AUCTION:
        calls = f.calls[:]
        while len(calls) < n:
            highest = max(calls) if calls else -1
            if pending:
                call, pending = move, False
            else:
                call = w.call(seat, highest)
            if trace is not None:
                trace.append(
                    (seat, CALLS[call] if call >= 0 else PASS, auction_moves(cards, highest))
                )
            calls.append(call)
            seat = seat + 1 if seat + 1 < n else 0
        best = max(calls)
        seat = (f.eldest + calls.index(best)) % n
        order = tuple(s for s in t.seats_from[f.eldest] if s != seat)
        leader = seat if t.auction_winner_leads else f.eldest
        bids[seat] = best
        phase = CHOOSE_TRUMP
    if phase == CHOOSE_TRUMP:
        if pending:
            trump, pending = move, False
        else:
            trump = w.best_suit(seat, leader)
        if trace is not None:
            trace.append((seat, TRUMP_CHOICES[trump], TRUMP_CHOICES))
        seat = order[0]
        phase = BID
    if phase == BID:
        last = order[-1] if hooked(cards, t.hook_in_one_card_rounds) else -1
        for bidder in order[order.index(seat) :]:
            forbidden = -1
            if bidder == last:
                # -1 marks the one seat that has not bid: counting it cancels it out.
                forbidden = forbidden_bid(cards, sum(bids) + bids.count(-1))
            if pending:
                bid, pending = move, False
            else:
                bid = w.bid(bidder, trump, forbidden, leader)
            if trace is not None:
                trace.append((bidder, BIDS[bid], bid_moves(cards, forbidden)))
            bids[bidder] = bid
        seat = leader
    takes = t.takes[trump]
    follow = t.follow[trump]
    power = _POWER[trump]
    strength = t.strength
    trick = f.trick
    count = len(trick)
    gone = f.seen | sum(1 << c for c in trick)
    shown = f.shown
    dealer = f.dealer
    remaining = sum(h.bit_count() for h in hands)
    trumps = SUIT_MASKS[trump]
    led = best = winner = 0
    if count:
        led = SUIT_OF[trick[0]]
        best = trick[0]
        winner = leader
        for position in range(1, count):
            if takes[best] >> trick[position] & 1:
                best = trick[position]
                winner = (leader + position) % n
        seat = (leader + count) % n
    else:
        seat = leader
    while True:
        hand = hands[seat]
        need = bids[seat] - won[seat]
        if count:
            first, second, third = follow[best * 4 + led]
            legal = hand & first or hand & second or hand & third or hand
        else:
            legal = hand
        if pending:
            card, pending = move, False
        elif not legal & (legal - 1):
            card = legal.bit_length() - 1
        elif not count:
            unseen = t.deck_mask & ~gone & ~hand
            hidden = remaining - hand.bit_count()
            if shown >= 0 and seat != dealer and hands[dealer] >> shown & 1:
                hidden -= 1
            total = unseen.bit_count()
            share = min(1.0, hidden / total) if total else 0.0
            card = _lead(t, trump, hand, need, unseen, share, n, power, strength)
        else:
            winners = legal & takes[best]
            if need > 0 and hand & trumps:
                # Top trumps take their tricks whenever they are played:
                # while they cover what is still needed, duck this trick.
                unseen = t.deck_mask & ~gone & ~hand
                masters = 0
                rest = hand & trumps
                while rest:
                    low = rest & -rest
                    if not unseen & t.beats[low.bit_length() - 1]:
                        masters += 1
                    rest ^= low
                if need <= masters:
                    need = 0
            if need > 0:
                if winners:
                    if count == n - 1:
                        card = _lowest(power, strength, winners)
                    else:
                        card = _highest(power, strength, winners)
                else:
                    card = _lowest(power, strength, legal)
            elif legal & ~winners:
                card = _highest(power, strength, legal & ~winners)
            elif count == n - 1:
                card = _highest(power, strength, winners)
            else:
                card = _lowest(power, strength, winners)
        if trace is not None:
            trace.append((seat, PLAYS[card], tuple(PLAYS[c] for c in range(48) if legal >> c & 1)))
        hands[seat] = hand & ~(1 << card)
        gone |= 1 << card
        remaining -= 1
        if count:
            if takes[best] >> card & 1:
                best = card
                winner = seat
        else:
            led = SUIT_OF[card]
            best = card
            winner = seat
        count += 1
        if count == n:
            won[winner] += 1
            if not hands[winner]:
                break
            seat = winner
            count = 0
        else:
            seat = seat + 1 if seat + 1 < n else 0
    points = t.points_of(cards, trump)
    return [points[bids[s]][won[s]] for s in range(n)]
