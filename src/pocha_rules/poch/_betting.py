"""The second phase: the poch, a round of betting on pairs, two pairs,
trips and quads, and its settlement.

Seats speak once each from the eldest hand: they pass until one opens, and
after the opening they match the opener's stake or pass (a pass is final).
Only a seat with a combination may open or match. When the lap is over, a
lone opener wins uncontested; otherwise the opener closes (showdown) or
reopens with more chips for another round, up to ``bet_rounds_max`` rounds.
Every chip bet goes straight into the poch pool.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from pocha_rules._common.errors import say
from pocha_rules.poch._ledger import Reason
from pocha_rules.poch._moves import (
    CLOSE,
    MATCH,
    PASS,
    Close,
    Match,
    Move,
    Open,
    Pass,
    Reopen,
    open_move,
    reopen_move,
)
from pocha_rules.poch._payments import Purse
from pocha_rules.poch._rules import POCH_POOL
from pocha_rules.poch._state import Betting, GameState, Phase

__all__ = [
    "apply_betting",
    "betting_moves",
    "combination",
    "explain_betting",
    "start_betting",
]

_BETTING: Final = Phase.BETTING
_DECIDING: Final = Phase.DECIDING
_SHEDDING: Final = Phase.SHEDDING


def combination(hand: int, two_pair_own_type: bool) -> tuple[tuple[int, ...], int]:
    """A hand's combination: its comparison key and its cards as a mask.

    The key is ``(4, rank)`` for quads, ``(3, rank)`` for trips (a full
    house counts as its trips), ``(2, high, low)`` for two pair (or ``(1,
    high)`` when two pair counts as its higher pair), ``(1, rank)`` for a
    pair and ``()`` for none; larger keys win."""
    by_rank: dict[int, int] = {}
    mask = hand
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        rank = card % 13 + 2
        by_rank[rank] = by_rank.get(rank, 0) | low
        mask ^= low
    quads, trips, pairs = [], [], []
    for rank, cards in by_rank.items():
        count = cards.bit_count()
        if count == 4:
            quads.append(rank)
        elif count == 3:
            trips.append(rank)
        elif count == 2:
            pairs.append(rank)
    if quads:
        return (4, quads[0]), by_rank[quads[0]]
    if trips:
        return (3, trips[0]), by_rank[trips[0]]
    if len(pairs) >= 2:
        pairs.sort(reverse=True)
        high, low_rank = pairs[0], pairs[1]
        if two_pair_own_type:
            return (2, high, low_rank), by_rank[high] | by_rank[low_rank]
        return (1, high), by_rank[high]
    if pairs:
        return (1, pairs[0]), by_rank[pairs[0]]
    return (), 0


_OPENINGS: dict[int, tuple[Move, ...]] = {}
"""``pass, open 1 .. open cap`` by cap."""
_REOPENINGS: dict[int, tuple[Move, ...]] = {}
"""``close, reopen 1 .. reopen cap`` by cap."""


def _ladder(
    cache: dict[int, tuple[Move, ...]], first: Move, bet: Callable[[int], Move], cap: int
) -> tuple[Move, ...]:
    """``first``, then ``bet(1) .. bet(cap)``: shared tuples, kept in
    ``cache`` for caps up to 1000."""
    moves = cache.get(cap)
    if moves is None:
        moves = (first, *[bet(k) for k in range(1, cap + 1)])
        if cap <= 1000:
            cache[cap] = moves
    return moves


def start_betting(players: int, order: tuple[int, ...]) -> Betting:
    """The betting of a deal before anyone has spoken."""
    contestants = [False] * players
    for seat in order:
        contestants[seat] = True
    return Betting(-1, tuple(contestants), (0,) * players, 0, 0, order, (), False)


def _cap(state: GameState, seat: int) -> int:
    """The most a seat may open or reopen with."""
    rules = state._g.rules
    if rules.insolvency == "out":
        return min(rules.bet_max, state._balances[seat])
    return rules.bet_max


def _may_match(state: GameState, seat: int) -> bool:
    assert state._d is not None
    if not state._d.combos[seat]:
        return False
    owed = state._bet.level - state._bet.stakes[seat]
    return state._g.rules.insolvency != "out" or owed <= state._balances[seat]


def betting_moves(state: GameState) -> tuple[Move, ...]:
    """The legal moves of a betting or deciding state, in canonical order."""
    seat = state._to_move
    bet = state._bet
    if state._phase is _DECIDING:
        limit = state._g.rules.bet_rounds_max
        if limit is not None and bet.rounds >= limit:
            return (CLOSE,)
        return _ladder(_REOPENINGS, CLOSE, reopen_move, _cap(state, seat))
    assert state._d is not None
    if bet.opener < 0:
        if not state._d.combos[seat]:
            return (PASS,)
        return _ladder(_OPENINGS, PASS, open_move, _cap(state, seat))
    return (PASS, MATCH) if _may_match(state, seat) else (PASS,)


def explain_betting(state: GameState, move: Move) -> str | None:
    """Why ``move`` is illegal in a betting or deciding state, or ``None``."""
    seat = state._to_move
    bet = state._bet
    rules = state._g.rules
    assert state._d is not None
    has_combination = bool(state._d.combos[seat])
    if state._phase is _DECIDING:
        if type(move) is Close:
            return None
        if type(move) is Reopen:
            limit = rules.bet_rounds_max
            if limit is not None and bet.rounds >= limit:
                return say("poch_rounds_over", limit=limit)
            cap = _cap(state, seat)
            if move.chips > cap:
                return _too_many("reopen", move.chips, cap, rules.bet_max)
            return None
        return say("poch_opener_decides", opener=seat)
    if type(move) is Pass:
        return None
    if type(move) is Open:
        if bet.opener >= 0:
            return say("poch_opened_already", opener=bet.opener)
        if not has_combination:
            return say("poch_no_combination", seat=seat)
        cap = _cap(state, seat)
        if move.chips > cap:
            return _too_many("open", move.chips, cap, rules.bet_max)
        return None
    if type(move) is Match:
        if bet.opener < 0:
            return say("poch_nothing_to_match")
        if not has_combination:
            return say("poch_no_combination", seat=seat)
        owed = bet.level - bet.stakes[seat]
        if not _may_match(state, seat):
            return say("poch_match_cost", owed=owed, seat=seat, balance=state._balances[seat])
        return None
    if type(move) in (Close, Reopen):
        return say("poch_not_the_opener")
    return say("poch_betting_not_over")


def _too_many(verb: str, chips: int, cap: int, bet_max: int) -> str:
    if cap < bet_max:
        if cap == 0:
            return say("poch_no_chips", verb=verb)
        return say("poch_bet_over_balance", verb=verb, cap=cap)
    return say("poch_bet_range", verb=verb, bet_max=bet_max)


def apply_betting(state: GameState, move: Move) -> GameState:
    """The state after a legal betting or deciding move."""
    d = state._d
    assert d is not None
    seat = state._to_move
    bet = state._bet
    purse = Purse(d.number, state._balances, state._pools, state._ledger, False)
    contestants = bet.contestants
    stakes = bet.stakes
    opener, level, rounds, pending = bet.opener, bet.level, bet.rounds, bet.pending
    kind = type(move)
    if kind is Close:
        return _settle(state, purse, bet, showdown=True, moves=_logged(state, seat, move))
    if kind is Reopen:
        assert isinstance(move, Reopen)
        purse.to_pool(seat, POCH_POOL, move.chips, Reason.BET)
        level += move.chips
        rounds += 1
        stakes = _with(stakes, seat, stakes[seat] + move.chips)
        # Every other contestant is after the opener in play order.
        pending = tuple(s for s in d.order if contestants[s] and s != seat)
    else:
        pending = pending[1:]
        if kind is Pass:
            contestants = _without(contestants, seat)
        elif kind is Open:
            assert isinstance(move, Open)
            purse.to_pool(seat, POCH_POOL, move.chips, Reason.BET)
            opener, level, rounds = seat, move.chips, 1
            stakes = _with(stakes, seat, move.chips)
        else:
            purse.to_pool(seat, POCH_POOL, level - stakes[seat], Reason.BET)
            stakes = _with(stakes, seat, level)
    bet = Betting(opener, contestants, stakes, level, rounds, pending, (), False)
    moves = _logged(state, seat, move)
    if pending:
        return _betting_state(state, purse, bet, _BETTING, pending[0], state._shown, moves)
    if opener < 0:
        # Nobody opened: the poch pool carries; the eldest hand sheds first.
        bet = bet._replace(settled=True)
        return _betting_state(state, purse, bet, _SHEDDING, d.eldest, state._shown, moves)
    if sum(contestants) == 1:
        return _settle(state, purse, bet, showdown=False, moves=moves)
    return _betting_state(state, purse, bet, _DECIDING, opener, state._shown, moves)


def _with(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    items = list(values)
    items[index] = value
    return tuple(items)


def _without(contestants: tuple[bool, ...], seat: int) -> tuple[bool, ...]:
    items = list(contestants)
    items[seat] = False
    return tuple(items)


def _logged(state: GameState, seat: int, move: Move) -> tuple[tuple[int, Move], ...]:
    return (*state._moves, (seat, move))


def _betting_state(
    state: GameState,
    purse: Purse,
    bet: Betting,
    phase: Phase,
    to_move: int,
    shown: tuple[int, ...],
    moves: tuple[tuple[int, Move], ...],
) -> GameState:
    """The state after a move of the betting or its settlement: ``phase``,
    ``to_move`` to move, the chips of ``purse``, the cards ``shown``."""
    return GameState(
        state._g,
        state._d,
        phase,
        to_move,
        tuple(purse.balances),
        tuple(purse.pools),
        state._hands,
        shown,
        bet,
        (),
        0,
        -1,
        moves,
        tuple(purse.ledger),
        state._history,
    )


def _settle(
    state: GameState,
    purse: Purse,
    bet: Betting,
    *,
    showdown: bool,
    moves: tuple[tuple[int, Move], ...],
) -> GameState:
    """Pay the poch pool to the winner(s), show the cards, start shedding."""
    d = state._d
    assert d is not None
    rules = state._g.rules
    shown = list(state._shown)
    showing = [s for s in d.order if bet.contestants[s]]
    reveal_hand = rules.showdown_reveal == "hand"
    for seat in showing:
        shown[seat] |= d.dealt[seat] if reveal_hand else d.combo_cards[seat]
    if not showdown:
        winners = [bet.opener]
    else:
        top = max(d.combos[s] for s in showing)
        winners = [s for s in showing if d.combos[s] == top]
        if len(winners) > 1 and rules.poch_tie == "trump":
            trumps = 0x1FFF << (13 * d.trump)
            with_trump = [s for s in winners if d.combo_cards[s] & trumps]
            if with_trump:
                winners = with_trump
    purse.share(POCH_POOL, winners, rules.odd_chip == "eldest", Reason.POCH)
    bet = bet._replace(winners=tuple(winners), settled=True, pending=())
    return _betting_state(state, purse, bet, _SHEDDING, winners[0], tuple(shown), moves)
