"""The fast path for rollouts: play a game to its end without building states.

:func:`rollout` finishes a game from any :class:`GameState` and returns the
final scores; :func:`rollout_rounds` returns the scores of every round. They
are for Monte Carlo search and statistics, where only the end matters: the
game runs on local integers and bit masks, with no :class:`GameState`, no
history and no move objects on the way (unless a ``policy`` asks for them).

They play exactly the games the public API would. With ``policy=None`` each
move is the one ``rng.choice(legal_moves(state))`` would pick: the same
number is drawn from ``rng`` (``rng.randrange(len(moves))``, which is what
``choice`` draws) and it indexes the same sorted list of legal moves. With a
``policy``, the policy is handed the very tuple :func:`legal_moves` would
return. The test suite checks both against :func:`apply`, move for move,
across random rule sets.

This is a separate door, not a shortcut through :func:`apply`: ``apply``
always checks the move it is given, and nothing here hands a state back.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from pocha_rules._bidding import auction_moves, forbidden_bid, hooked
from pocha_rules._cards import SUIT_OF, Suit
from pocha_rules._deal import deal_from_seed
from pocha_rules._engine import _BID_MOVES, _ONE_SUIT, _bids, _plays
from pocha_rules._errors import IllegalMoveError, PochaError
from pocha_rules._moves import TRUMP_CHOICES, Bid, Call, ChooseTrump, Move, Pass, Play
from pocha_rules._rules import Tiebreak
from pocha_rules._schedules import Round, RoundKind
from pocha_rules._scoring import round_score
from pocha_rules._state import GameState, Phase

__all__ = ["Policy", "rollout", "rollout_rounds"]

Policy = Callable[[tuple[Move, ...]], Move]
"""Picks one of the legal moves it is given (the tuple :func:`legal_moves`
returns), for example ``rng.choice`` or ``min``."""

_TIEBREAK_ROUND: Final = Round(1)
_SIZE: Final = tuple(k.bit_length() for k in range(49))
_SUITS: Final = tuple(Suit)


def rollout(
    state: GameState, policy: Policy | None = None, rng: random.Random | None = None
) -> tuple[int, ...]:
    """Play ``state`` to the end of the game; return the final scores.

    The result is what ``score`` gives for the final state reached by
    applying the same moves with the public API, but no state is built on
    the way (see the module's notes): use it for rollouts.

    Args:
        state: Any state; a finished game returns its scores.
        policy: Chooses each move from the legal moves (the tuple
            :func:`legal_moves` would return). ``None`` plays uniformly at
            random: the move ``rng.choice(legal_moves(state))`` would pick.
        rng: The random generator for ``policy=None``; a fresh, unseeded one
            when not given.

    Raises:
        IllegalMoveError: ``policy`` returned a move that is not legal.

    >>> import random
    >>> from pocha_rules import RuleSet, new_game, apply, legal_moves
    >>> rules = RuleSet(schedule=(3, 2))
    >>> start = new_game(rules, seed=5)
    >>> scores = rollout(start, rng=random.Random(1))
    >>> state, rng = start, random.Random(1)
    >>> while not state.is_over:
    ...     state = apply(state, rng.choice(legal_moves(state)))
    >>> scores == state.scores
    True

    """
    return tuple(_finish(state, policy, rng)[0])


def rollout_rounds(
    state: GameState, policy: Policy | None = None, rng: random.Random | None = None
) -> tuple[tuple[int, ...], ...]:
    """Like :func:`rollout`, but return the points of every round of the
    game (the rounds finished before ``state`` included), one tuple by seat
    per round: what :attr:`GameState.round_scores` holds once it is over.

    >>> import random
    >>> from pocha_rules import RuleSet, new_game
    >>> start = new_game(RuleSet(schedule=(3, 2)), seed=5)
    >>> rounds = rollout_rounds(start, rng=random.Random(1))
    >>> tuple(map(sum, zip(*rounds))) == rollout(start, rng=random.Random(1))
    True
    """
    return tuple(_finish(state, policy, rng)[1])


def _pick_play(policy: Policy, legal: int, seat: int) -> int:
    """The card ``policy`` picks from the plays of ``legal``."""
    move = policy(_ONE_SUIT.get(legal) or _plays(legal))
    if type(move) is Play and legal >> move.card.index & 1:
        return move.card.index
    raise IllegalMoveError(move, seat, "the policy did not pick one of the legal moves")


def _finish(
    state: GameState, policy: Policy | None, rng: random.Random | None
) -> tuple[list[int], list[tuple[int, ...]]]:
    """Play ``state`` out; the final totals and every round's scores."""
    if not isinstance(state, GameState):
        raise PochaError(f"expected a GameState, got {state!r}")
    if rng is None:
        rng = random.Random()
    draw = rng.randrange
    # For a plain ``random.Random``, a card is drawn as ``randrange`` draws
    # (``Random._randbelow``: the fewest bits that can hold the number,
    # drawn again while too large), without its two Python calls.
    bits = rng.getrandbits if type(rng) is random.Random else None
    # The state's private fields: this module is part of the engine.
    c = state._c
    g = c.g
    t = g.tables
    rules = t.rules
    n = t.players
    totals = list(c.ledger.totals)
    rounds = [result.scores for result in c.ledger.results]
    phase = state._phase
    if phase is Phase.OVER:
        return totals, rounds
    r = c.r
    index = r.number
    plan = r.plan
    eldest = r.eldest
    dealer = r.dealer
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
    while True:
        cards = plan.cards
        if phase is Phase.AUCTION:
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
                        raise IllegalMoveError(
                            move, seat, "the policy did not pick one of the legal moves"
                        )
                calls.append(choice)
                seat = seat + 1 if seat + 1 < n else 0
            best = max(calls)
            seat = (eldest + calls.index(best)) % n
            order = tuple(s for s in ((eldest + i) % n for i in range(n)) if s != seat)
            leader = seat if t.auction_winner_leads else eldest
            bids[seat] = best
            phase = Phase.CHOOSE_TRUMP
        if phase is Phase.CHOOSE_TRUMP:
            if policy is None:
                trump = draw(4)
            else:
                move = policy(TRUMP_CHOICES)
                if type(move) is not ChooseTrump:
                    raise IllegalMoveError(
                        move, seat, "the policy did not pick one of the legal moves"
                    )
                trump = move.suit.value
            seat = order[0]
            phase = Phase.BID
        if phase is Phase.BID:
            # The bids, in order from ``seat``; the last one is hooked.
            hook = hooked(cards, t.hook_in_one_card_rounds)
            last = order[-1]
            start = order.index(seat)
            for seat in order[start:]:
                allowed = (2 << cards) - 1
                if seat == last and hook:
                    forbidden = forbidden_bid(cards, sum(bid for bid in bids if bid > 0))
                    if forbidden >= 0:
                        allowed &= ~(1 << forbidden)
                if policy is None:
                    i = draw(allowed.bit_count())
                    while i:
                        allowed &= allowed - 1
                        i -= 1
                    bids[seat] = (allowed & -allowed).bit_length() - 1
                else:
                    move = policy(_BID_MOVES.get(allowed) or _bids(allowed))
                    if type(move) is not Bid or not allowed >> move.tricks & 1:
                        raise IllegalMoveError(
                            move, seat, "the policy did not pick one of the legal moves"
                        )
                    bids[seat] = move.tricks
            seat = leader
            phase = Phase.PLAY
        # The tricks. ``count`` cards are on the table, led in ``led``;
        # ``best`` (played by ``winner``) is winning.
        takes = t.takes[trump]
        follow = t.follow[trump]
        count = len(trick)
        led = best = winner = 0
        if count:
            win = state._win
            led = SUIT_OF[trick[0]]
            best = trick[win]
            winner = (leader + win) % n
        trick = ()
        while True:
            hand = hands[seat]
            if count:
                first, second, third = follow[best * 4 + led]
                legal = hand & first or hand & second or hand & third or hand
            else:
                legal = hand
            if policy is None:
                k = legal.bit_count()
                if bits is None:
                    i = draw(k)
                else:
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
                card = _pick_play(policy, legal, seat)
                bit = 1 << card
            hands[seat] = hand ^ bit
            if not count:
                led = SUIT_OF[card]
                best = card
                winner = seat
            elif takes[best] >> card & 1:
                best = card
                winner = seat
            count += 1
            if count < n:
                seat = seat + 1 if seat + 1 < n else 0
                continue
            won[winner] += 1
            count = 0
            seat = winner
            if not hands[winner]:
                break
        # The round is over: score it, then deal the next one (as
        # ``_engine._finish_round`` and ``_engine._start_round`` do).
        suit = _SUITS[trump]
        points = []
        for s in range(n):
            point = round_score(rules, cards, suit, bids[s], won[s])
            points.append(point)
            totals[s] += point
        rounds.append(tuple(points))
        index += 1
        if index < len(t.schedule):
            plan = t.schedule[index]
        elif totals.count(max(totals)) > 1 and rules.tiebreak is Tiebreak.ONE_CARD_ROUNDS:
            plan = _TIEBREAK_ROUND
        else:
            return totals, rounds
        dealer = (g.first_dealer + index) % n
        if index < len(g.deals):
            deal = g.deals[index]
        else:
            deal = deal_from_seed(t, g.seed, index, plan, dealer)
        hands = list(deal.hands)
        eldest = (dealer + 1) % n
        trump = SUIT_OF[deal.trump_card] if deal.trump_card >= 0 else -1
        bids = [-1] * n
        won = [0] * n
        calls = []
        leader = eldest
        if plan.kind is RoundKind.AUCTION:
            phase = Phase.AUCTION
            seat = eldest
        else:
            order = tuple((eldest + i) % n for i in range(n))
            if trump < 0:
                phase = Phase.CHOOSE_TRUMP
                seat = dealer
            else:
                phase = Phase.BID
                seat = eldest
