"""The fast path for rollouts: play a game to its end without building states.

:func:`rollout` finishes a game from any :class:`GameState` and returns the
final scores; :func:`rollout_rounds` returns the scores of every round;
:func:`simulate` plays many whole games from their seeds, without building
even the first state. They are for Monte Carlo search and statistics, where
only the end matters: the game runs on local integers and bit masks, with no
:class:`GameState`, no history and no move objects on the way (unless a
``policy`` asks for them).

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
from operator import add
from typing import Final

from pocha_rules._bidding import auction_moves, forbidden_bid, hooked
from pocha_rules._cards import SUIT_OF
from pocha_rules._deal import DealtRound
from pocha_rules._engine import _BID_MOVES, _ONE_SUIT, _bids, _plays
from pocha_rules._errors import IllegalMoveError, PochaError
from pocha_rules._moves import TRUMP_CHOICES, Bid, Call, ChooseTrump, Move, Pass, Play
from pocha_rules._rules import RuleSet, Tiebreak
from pocha_rules._schedules import Round, RoundKind
from pocha_rules._shuffle import deal_from_seed, seeded_dealer
from pocha_rules._state import GameState, Phase
from pocha_rules._tables import Tables, tables_for

__all__ = ["Policy", "rollout", "rollout_rounds", "simulate"]

Policy = Callable[[tuple[Move, ...]], Move]
"""Picks one of the legal moves it is given (the tuple :func:`legal_moves`
returns), for example ``rng.choice`` or ``min``."""

_TIEBREAK_ROUND: Final = Round(1)
# Enum members as module constants: ``Phase.BID`` is a class attribute look-up
# that costs as much as a few operations of the trick loop.
_AUCTION: Final = Phase.AUCTION
_CHOOSE_TRUMP: Final = Phase.CHOOSE_TRUMP
_BID: Final = Phase.BID
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER
_AUCTION_ROUND: Final = RoundKind.AUCTION
_TIEBREAK_ROUNDS: Final = Tiebreak.ONE_CARD_ROUNDS
_SIZE: Final = tuple(k.bit_length() for k in range(49))
_FOLLOWERS: Final = tuple(
    tuple(tuple((lead + i) % n for i in range(1, n)) for lead in range(n)) for n in range(9)
)
"""The seats that follow each lead, in turn, by number of players."""


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
    raise IllegalMoveError(move, seat, "the policy did not pick one of the legal moves")


def simulate(
    rules: RuleSet,
    games: int,
    *,
    seed: int = 0,
    dealer: int | None = None,
    policy: Policy | None = None,
    rng: random.Random | None = None,
) -> tuple[tuple[int, ...], ...]:
    """Play ``games`` whole games from the start; return each one's final scores.

    Game ``i`` is the game of ``new_game(rules, seed=seed + i, dealer=dealer)``
    played to its end, one game after the other, with the moves
    :func:`rollout` would choose drawing from the one ``rng``. It is the
    fastest door for statistics over many games: the cards are dealt
    straight into bit masks, and no :class:`GameState` is built at all.

    Args:
        rules: The rules to play by.
        games: How many games.
        seed: The first game's seed; the next games take the next numbers.
        dealer: The first dealer of every game; ``None`` draws it from each
            game's seed, as :func:`new_game` does.
        policy: As for :func:`rollout`; ``None`` plays uniformly at random.
        rng: The random generator for ``policy=None``; ``random.Random(seed)``
            when not given, so that the same arguments give the same games.

    Raises:
        IllegalMoveError: ``policy`` returned a move that is not legal.
        PochaError: An argument is not a valid value.

    >>> import random
    >>> from pocha_rules import RuleSet, new_game
    >>> rules = RuleSet(schedule=(3, 2))
    >>> batch = simulate(rules, 2, seed=40, rng=random.Random(1))
    >>> rng = random.Random(1)
    >>> batch == tuple(rollout(new_game(rules, seed=s), rng=rng) for s in (40, 41))
    True

    """
    if not isinstance(rules, RuleSet):
        raise PochaError(f"rules must be a RuleSet, got {rules!r}")
    if type(games) is not int or games < 0:
        raise PochaError(f"games must be a whole number, 0 or more, got {games!r}")
    if type(seed) is not int:
        raise PochaError(f"seed must be a whole number, got {seed!r}")
    t = tables_for(rules)
    n = t.players
    if dealer is not None and (type(dealer) is not int or not 0 <= dealer < n):
        raise PochaError(f"dealer must be a seat from 0 to {n - 1}, got {dealer!r}")
    if rng is None:
        rng = random.Random(seed)
    draw, bits = _drawers(rng, policy)
    out = []
    for game_seed in range(seed, seed + games):
        first = seeded_dealer(game_seed, n) if dealer is None else dealer
        out.append(tuple(_play(t, game_seed, first, (), policy, draw, bits, None)[0]))
    return tuple(out)


def _drawers(
    rng: random.Random, policy: Policy | None
) -> tuple[Callable[[int], int], Callable[[int], int] | None]:
    """How to draw a number below ``k`` as ``rng.randrange(k)`` (and so
    ``rng.choice``) draws it; and ``rng.getrandbits`` when the trick loop
    may draw its plays itself (no ``policy``, a plain :class:`random.Random`).

    ``randrange(k)`` and ``choice`` both draw ``rng._randbelow(k)``; for a
    plain generator that takes ``k.bit_length()`` random bits, again while
    the number is ``k`` or more, which the trick loop does inline.
    """
    if type(rng) is not random.Random:
        return rng.randrange, None
    below: Callable[[int], int] = rng._randbelow  # type: ignore[attr-defined]
    return below, rng.getrandbits if policy is None else None


def _finish(
    state: GameState, policy: Policy | None, rng: random.Random | None
) -> tuple[list[int], list[tuple[int, ...]]]:
    """Play ``state`` out; the final totals and every round's scores."""
    if not isinstance(state, GameState):
        raise PochaError(f"expected a GameState, got {state!r}")
    if rng is None:
        rng = random.Random()
    draw, bits = _drawers(rng, policy)
    g = state._c.g
    return _play(g.tables, g.seed, g.first_dealer, g.deals, policy, draw, bits, state)


def _play(
    t: Tables,
    seed: int,
    first_dealer: int,
    deals: tuple[DealtRound, ...],
    policy: Policy | None,
    draw: Callable[[int], int],
    bits: Callable[[int], int] | None,
    state: GameState | None,
) -> tuple[list[int], list[tuple[int, ...]]]:
    """Play a game to its end from ``state``, or from its start when
    ``state`` is None; the final totals and every round's scores."""
    rules = t.rules
    n = t.players
    schedule = t.schedule
    if state is None:
        totals = [0] * n
        rounds: list[tuple[int, ...]] = []
        index = 0
        plan = schedule[0]
        dealing = True
    else:
        # The state's private fields: this module is part of the engine.
        c = state._c
        totals = list(c.ledger.totals)
        rounds = [result.scores for result in c.ledger.results]
        phase = state._phase
        if phase is _OVER:
            return totals, rounds
        r = c.r
        index = r.number
        plan = r.plan
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
            # A new round (as ``_engine._start_round`` deals it).
            dealer = (first_dealer + index) % n
            if index < len(deals):
                deal = deals[index]
            else:
                deal = deal_from_seed(t, seed, index, plan, dealer)
            hands = list(deal.hands)
            eldest = dealer + 1 if dealer + 1 < n else 0
            trump = SUIT_OF[deal.trump_card] if deal.trump_card >= 0 else -1
            bids = [-1] * n
            won = [0] * n
            calls = []
            leader = seat = eldest
            trick = ()
            win = 0
            if plan.kind is _AUCTION_ROUND:
                phase = _AUCTION
            else:
                order = t.seats_from[eldest]
                if trump < 0:
                    phase = _CHOOSE_TRUMP
                    seat = dealer
                else:
                    phase = _BID
        dealing = True
        cards = plan.cards
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
            phase = _CHOOSE_TRUMP
        if phase is _CHOOSE_TRUMP:
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
            phase = _BID
        if phase is _BID:
            # The bids, in order from ``seat``; the last one is hooked.
            last = order[-1] if hooked(cards, t.hook_in_one_card_rounds) else -1
            for seat in order[order.index(seat) :]:  # noqa: B020 (read once, at the start)
                forbidden = -1
                if seat == last:
                    # -1 marks a seat that has not bid yet: counting them cancels them out.
                    forbidden = forbidden_bid(cards, sum(bids) + bids.count(-1))
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
                        raise IllegalMoveError(
                            move, seat, "the policy did not pick one of the legal moves"
                        )
                    bid = move.tricks
                bids[seat] = bid
            seat = leader
            phase = _PLAY
        # The tricks: ``seat`` leads (unless ``trick`` is already led), then
        # the ``others`` follow. ``best`` (played by ``winner``) is winning;
        # the cards that may follow it are the hand's cards in the first of
        # the masks ``first``, ``second``, ``third`` that the hand meets (as
        # in ``_play.legal_plays``).
        takes = t.takes[trump]
        follow = t.follow[trump]
        if trick:
            led = SUIT_OF[trick[0]]
            best = trick[win]
            winner = (leader + win) % n
            first, second, third = follow[best * 4 + led]
            others = t.seats_from[leader][len(trick) :]
        else:
            seat = leader
        while True:
            if not trick:
                # The lead: any card of the hand.
                legal = hand = hands[seat]
                if bits is not None:
                    # ``rng.choice`` of the legal plays, drawn as it draws.
                    # (Written out here and for the followers: a function
                    # call per card would cost more than the lead saves by
                    # being played apart.)
                    k = legal.bit_count()
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
                led = SUIT_OF[card]
                best = card
                winner = seat
                first, second, third = follow[card * 4 + led]
                others = _FOLLOWERS[n][seat]
            for seat in others:
                hand = hands[seat]
                legal = hand & first or hand & second or hand & third or hand
                if bits is not None:  # as for the lead
                    k = legal.bit_count()
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
                if takes[best] >> card & 1:
                    # The obligations change only when the winning card does.
                    best = card
                    winner = seat
                    first, second, third = follow[card * 4 + led]
            won[winner] += 1
            if not hands[winner]:
                break
            seat = winner
            trick = ()
        # The round is over: score it, then deal the next one (as
        # ``_engine._finish_round`` and ``_engine._start_round`` do).
        table = t.points_of(cards, trump)
        points = tuple([table[bids[s]][won[s]] for s in range(n)])
        totals = list(map(add, totals, points))
        rounds.append(points)
        index += 1
        if index < len(schedule):
            plan = schedule[index]
        elif totals.count(max(totals)) > 1 and rules.tiebreak is _TIEBREAK_ROUNDS:
            plan = _TIEBREAK_ROUND
        else:
            return totals, rounds
