"""The trick loop of the fast path (``rollout``): a game played to its end
on local integers and bit masks, with no state and no move objects."""

from __future__ import annotations

from collections.abc import Callable
from operator import add
from typing import Any, Final

from pocha_rules._common.errors import IllegalMoveError, say
from pocha_rules._pocha.bidding import auction_moves, forbidden_bid, hooked
from pocha_rules._pocha.cards import SUIT_OF
from pocha_rules._pocha.deal import DealtRound
from pocha_rules._pocha.engine import (
    _AUCTION,
    _AUCTION_ROUND,
    _BID,
    _BID_MOVES,
    _CHOOSE_TRUMP,
    _ONE_SUIT,
    _OVER,
    _PLAY,
    _TIEBREAK_ROUND,
    _bids,
    _plays,
)
from pocha_rules._pocha.moves import TRUMP_CHOICES, Bid, Call, ChooseTrump, Move, Pass, Play
from pocha_rules._pocha.shuffle import seeded_hands, seeded_start
from pocha_rules._pocha.state import GameState, laid_out
from pocha_rules._pocha.tables import Tables

__all__ = ["Policy", "play_games", "play_out"]

Policy = Callable[[tuple[Move, ...]], Move]
"""Picks one of the legal moves it is given (the tuple :func:`legal_moves`
returns), for example ``rng.choice`` or ``min``."""

_SUIT_OF: Final = SUIT_OF  # compiled, a constant of this module is read directly
_SIZE: Final[tuple[Any, ...]] = tuple(k.bit_length() for k in range(49))
"""The bits ``rng.getrandbits`` draws for a number below ``k``. Typed Any,
compiled, each is handed to ``getrandbits`` as the object it is, not
unboxed from the tuple and boxed again at every draw."""
_NATIVE: Final = not __file__.endswith((".py", ".pyc"))
"""Whether this module runs compiled (mypyc), where ``int.bit_count`` is
not a primitive but a method looked up on a boxed integer at every call:
there :func:`_ones` counts faster, in pure Python ``bit_count`` does."""


def _ones(mask: int) -> int:
    """How many bits of ``mask`` (below ``2**48``) are set, by adding them
    up in ever wider fields (machine arithmetic, once compiled)."""
    mask -= mask >> 1 & 0x5555_5555_5555
    mask = (mask & 0x3333_3333_3333) + (mask >> 2 & 0x3333_3333_3333)
    mask = mask + (mask >> 4) & 0x0F0F_0F0F_0F0F
    mask += mask >> 8
    mask += mask >> 16
    return (mask + (mask >> 32)) & 0x7F


def _pick_play(policy: Policy | None, draw: Callable[[int], int], legal: int, seat: int) -> int:
    """The card ``policy`` picks from the plays of ``legal``, or with no
    policy the one ``rng.choice`` would pick (``draw`` is ``rng.randrange``)."""
    if policy is None:
        i = draw(legal.bit_count())
        while i:
            legal &= legal - 1
            i -= 1
        return (legal & -legal).bit_length() - 1
    move = policy(_ONE_SUIT.get(legal) or _plays(legal))
    if type(move) is Play and legal >> move.card.index & 1:
        return move.card.index
    raise IllegalMoveError(move, seat, say("policy_illegal"))


def play_games(
    t: Tables,
    seed: int,
    games: int,
    dealer: int | None,
    policy: Policy | None,
    draw: Callable[[int], int],
    bits: Callable[[int], int] | None,
) -> tuple[tuple[int, ...], ...]:
    """The final scores of the games of seeds ``seed`` to ``seed + games - 1``
    played one after the other from their start (``rollout.simulate``),
    each first dealt by ``dealer``, or by the seat its seed draws."""
    first = -1 if dealer is None else dealer
    out = []
    for game_seed in range(seed, seed + games):
        out.append(tuple(play_out(t, game_seed, first, (), policy, draw, bits, None, None)))
    return tuple(out)


def play_out(
    t: Tables,
    seed: int,
    first_dealer: int,
    deals: tuple[DealtRound, ...],
    policy: Policy | None,
    draw: Callable[[int], int],
    bits: Callable[[int], int] | None,
    state: GameState | None,
    rounds: list[tuple[int, ...]] | None,
) -> list[int]:
    """Play a game to its end from ``state``, or from its start when
    ``state`` is None; the final totals. Every round's scores (those
    finished before ``state`` included) are appended to ``rounds`` unless
    it is None. A ``first_dealer`` of -1 draws the first dealer from the
    seed, as :func:`~pocha_rules.new_game` does (from the start only)."""
    n = t.players
    schedule = t.schedule
    # Revoke penalties (a lenient replay's state) count in the tiebreak.
    penalties = t.no_tricks
    if state is None:
        # (Lists copied from the tables' tuples: compiled, ``[0] * n`` builds
        # a list of one first, then repeats it, which costs more.)
        totals = list(t.no_tricks)
        index = 0
        kind = t.round_kinds[0]
        cards = t.round_cards[0]
        dealing = True
    else:
        # The state's private fields: this module is part of the engine.
        c = state._c
        totals = list(c.ledger.totals)
        penalties = c.ledger.penalties
        if rounds is not None:
            rounds.extend(result.scores for result in laid_out(c.ledger).results)
        phase = state._phase
        if phase is _OVER:
            return totals
        r = c.r
        index = r.number
        cards = r.plan.cards
        kind = r.plan.kind
        eldest = r.eldest
        trump = r.trump
        calls = list(r.calls)
        order = r.bid_order
        leader = c.leader
        bids = list(c.bids)
        won = list(c.won)
        played = state._played
        hands = [hand & ~played for hand in c.dealt]
        seat = state._to_move
        trick = state._trick
        win = state._win
        dealing = False
    while True:
        if dealing:
            # A new round (as ``engine._start_round`` deals it).
            if index < len(deals):
                dealer = (first_dealer + index) % n
                deal = deals[index]
                hands = list(deal.hands)
                trump = _SUIT_OF[deal.trump_card] if deal.trump_card >= 0 else -1
            else:
                # The masks straight from the shuffle (no ``DealtRound``),
                # and trump as ``deal_from_seed`` shows it: none in an
                # auction, nor when every card is dealt and the dealer chooses.
                if first_dealer < 0:
                    # The first dealer and the first deal, from one digest.
                    hands = seeded_start(t, seed, cards)
                    first_dealer = hands[n + 1]
                else:
                    hands = seeded_hands(t, seed, index, cards, (first_dealer + index) % n)
                dealer = hands.pop()
                under = hands.pop()
                if kind is _AUCTION_ROUND or (t.dealer_chooses and n * cards == t.deck_size):
                    trump = -1
                else:
                    trump = _SUIT_OF[under]
            eldest = dealer + 1 if dealer + 1 < n else 0
            bids = list(t.no_bids)
            won = list(t.no_tricks)
            leader = seat = eldest
            trick = ()
            win = 0
            if kind is _AUCTION_ROUND:
                phase = _AUCTION
                calls = []
            else:
                order = t.seats_from[eldest]
                if trump < 0:
                    phase = _CHOOSE_TRUMP
                    seat = dealer
                else:
                    phase = _BID
        dealing = True
        if phase is _AUCTION:
            # The auction: calls from the first player round to the dealer.
            while len(calls) < n:
                highest = max(calls) if calls else -1
                if policy is None:
                    if highest < 0:
                        choice = draw(cards + 1)
                    else:
                        i = draw(cards - highest + 1)
                        choice = highest + 1 + i if i < cards - highest else -1
                else:
                    move = policy(auction_moves(cards, highest))
                    if type(move) is Call and highest < move.tricks <= cards:
                        choice = move.tricks
                    elif type(move) is Pass and highest >= 0:
                        choice = -1
                    else:
                        raise IllegalMoveError(move, seat, say("policy_illegal"))
                calls.append(choice)
                seat = seat + 1 if seat + 1 < n else 0
            best = max(calls)
            seat = (eldest + calls.index(best)) % n
            order = tuple(s for s in ((eldest + i) % n for i in range(n)) if s != seat)
            leader = seat if t.auction_winner_leads else eldest
            bids[seat] = best
            phase = _CHOOSE_TRUMP
        if phase is _CHOOSE_TRUMP:
            if policy is None:
                trump = draw(4)
            else:
                move = policy(TRUMP_CHOICES)
                if type(move) is not ChooseTrump:
                    raise IllegalMoveError(move, seat, say("policy_illegal"))
                trump = move.suit.value
            seat = order[0]
            phase = _BID
        if phase is _BID:
            # The bids, in order from ``seat``; the last one is hooked.
            last = order[-1] if hooked(cards, t.hook_in_one_card_rounds) else -1
            start = 0 if seat == order[0] else order.index(seat)
            for seat in order[start:] if start else order:
                forbidden = -1
                if seat == last:
                    # -1 marks a seat that has not bid yet (the last one's own).
                    said = 0
                    for bid in bids:
                        if bid > 0:
                            said += bid
                    forbidden = forbidden_bid(cards, said)
                if policy is None:
                    # The i-th of the numbers 0 to ``cards`` less the forbidden
                    # one (at most ``cards``): the i-th of ``legal_moves``.
                    k = cards if forbidden >= 0 else cards + 1
                    if bits is None:
                        bid = draw(k)
                    else:  # as ``draw`` does, without a Python call
                        size = _SIZE[k]
                        bid = bits(size)
                        while bid >= k:
                            bid = bits(size)
                    if 0 <= forbidden <= bid:
                        bid += 1
                else:
                    allowed = (2 << cards) - 1 & ~(1 << forbidden if forbidden >= 0 else 0)
                    move = policy(_BID_MOVES.get(allowed) or _bids(allowed))
                    if type(move) is not Bid or not allowed >> move.tricks & 1:
                        raise IllegalMoveError(move, seat, say("policy_illegal"))
                    bid = move.tricks
                bids[seat] = bid
            seat = leader
            phase = _PLAY
        # The tricks: the seats of ``turns`` play in turn, from ``seat``'s
        # lead (or on from the cards of ``trick`` already played). ``best``
        # (played by ``winner``) is winning; the cards that may follow it are
        # the hand's cards in the first of the masks ``first``, ``second``,
        # ``third`` that the hand meets (as in ``play.legal_plays``).
        takes = t.takes[trump]
        follow = t.follow[trump]
        if trick:
            led = _SUIT_OF[trick[0]]
            best = trick[win]
            winner = (leader + win) % n
            first, second, third = follow[best * 4 + led]
            turns = t.seats_from[leader][len(trick) :]
        else:
            turns = t.seats_from[seat]
        leading = not trick
        while True:
            for seat in turns:
                hand = hands[seat]
                # The lead may be any card of the hand.
                legal = (
                    hand if leading else (hand & first or hand & second or hand & third or hand)
                )
                if bits is not None:
                    # ``rng.choice`` of the legal plays, drawn as it draws,
                    # written out: a function call per card would cost more.
                    if not legal & (legal - 1):
                        k = 1  # one card (always, in one-card rounds)
                    else:
                        k = _ones(legal) if _NATIVE else legal.bit_count()
                    size = _SIZE[k]
                    i = bits(size)
                    while i >= k:
                        i = bits(size)
                    while i:
                        legal &= legal - 1
                        i -= 1
                    bit = legal & -legal
                    card = bit.bit_length() - 1
                else:
                    card = _pick_play(policy, draw, legal, seat)
                    bit = 1 << card
                hands[seat] = hand ^ bit
                if leading:
                    leading = False
                    led = _SUIT_OF[card]
                    best = card
                    winner = seat
                    first, second, third = follow[card * 4 + led]
                elif takes[best] >> card & 1:
                    # The obligations change only when the winning card does.
                    best = card
                    winner = seat
                    first, second, third = follow[card * 4 + led]
            # (Not ``+=``: compiled, an item's ``+=`` is the generic, boxed one.)
            won[winner] = won[winner] + 1
            if not hands[winner]:
                break
            turns = t.seats_from[winner]
            leading = True
        # The round is over: score it, then deal the next one (as
        # ``engine._finish_round`` and ``engine._start_round`` do).
        table = t.points[cards * 4 + trump] or t.points_of(cards, trump)
        if rounds is not None:
            points = []
            for s in range(n):
                scored = table[bids[s]][won[s]]
                points.append(scored)
                totals[s] = totals[s] + scored
            rounds.append(tuple(points))
        else:
            for s in range(n):
                totals[s] = totals[s] + table[bids[s]][won[s]]
        index += 1
        if index < len(schedule):
            kind = t.round_kinds[index]
            cards = t.round_cards[index]
        elif t.tiebreak_rounds and _tied(list(map(add, totals, penalties))):
            kind = _TIEBREAK_ROUND.kind
            cards = _TIEBREAK_ROUND.cards
        else:
            return totals


def _tied(totals: list[int]) -> bool:
    """Whether the top of ``totals`` is shared."""
    return totals.count(max(totals)) > 1
