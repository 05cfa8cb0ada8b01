"""Between deals: who is out, whether the game is over, the dealer, the
dressing of the board, the deal itself, and the end of a deal.

Before each deal (all automatic): with ``insolvency="out"`` a player who
cannot dress the board leaves the game; the game ends when its deals are
done or fewer than three players are left; the deal passes to the next seat
still in; every player in puts a chip in each dressed pool; the cards are
dealt three then two to each seat from the eldest, and the next card is
turned up for trump. The first phase (:mod:`._trump_pools`) is settled at
once and the betting begins.
"""

from __future__ import annotations

import random
from typing import Final, NamedTuple

from pocha_rules._common.digest import blake2b
from pocha_rules.poch._betting import combination, start_betting
from pocha_rules.poch._cards import CARDS, deck_indices
from pocha_rules.poch._ledger import DealResult, Payment, Reason
from pocha_rules.poch._moves import Move
from pocha_rules.poch._payments import Purse
from pocha_rules.poch._rules import POOLS, RuleSet
from pocha_rules.poch._state import Betting, DealInfo, GameState, Phase, Setup
from pocha_rules.poch._trump_pools import trump_pools

__all__ = [
    "Standing",
    "begin_deal",
    "board_shares",
    "dressing",
    "end_deal",
    "seating",
    "seeded_dealer",
    "seeded_ordering",
]

_BETTING: Final = Phase.BETTING
_OVER: Final = Phase.OVER


def _seeded(text: str) -> int:
    """A 320-bit number drawn from ``text`` (the same on every machine)."""
    return int.from_bytes(
        blake2b(text.encode(), digest_size=40, person=b"poch").digest(), "little"
    )


def seeded_ordering(seed: int, index: int, deck: int) -> tuple[int, ...]:
    """The pack of deal ``index`` of a game, shuffled from its seed."""
    cards = list(deck_indices(deck))
    random.Random(_seeded(f"{seed}:deal:{index}")).shuffle(cards)
    return tuple(cards)


def seeded_dealer(seed: int, players: int) -> int:
    """The first dealer, drawn from the game's seed."""
    return _seeded(f"{seed}:dealer") % players


def seating(previous_dealer: int, out: tuple[bool, ...]) -> tuple[int, tuple[int, ...]]:
    """The dealer of the deal after one dealt by ``previous_dealer`` (the
    next seat still in), and the seats in that deal in play order from the
    eldest hand (the seat after the dealer): every seat not ``out``, the
    dealer last."""
    n = len(out)
    dealer = (previous_dealer + 1) % n
    while out[dealer]:
        dealer = (dealer + 1) % n
    order = []
    seat = dealer
    for _ in range(n - sum(out)):
        seat = (seat + 1) % n
        while out[seat]:
            seat = (seat + 1) % n
        order.append(seat)
    return dealer, tuple(order)


def dressing(rules: RuleSet, index: int, order: tuple[int, ...]) -> tuple[Payment, ...]:
    """The dressing of deal ``index``: each seat of ``order`` in turn puts a
    chip in every dressed pool."""
    names = [POOLS[pool] for pool, yes in enumerate(rules.dressed) if yes]
    return tuple(
        Payment(index, seat, name, 1, Reason.DRESSING) for seat in order for name in names
    )


def board_shares(rules: RuleSet, pools: tuple[int, ...], out: tuple[bool, ...]) -> list[int]:
    """With the board shared at the end of the game, what each seat still
    in takes of each pool (board order): the chips that divide equally;
    nothing with the board left unclaimed."""
    seats = len(out) - sum(out)
    if rules.board_at_end != "shared" or not seats:
        return [0] * len(rules.pool_names)
    return [pools[pool] // seats for pool in range(len(rules.pool_names))]


class Standing(NamedTuple):
    """What a game carries from one deal to the next (private)."""

    balances: tuple[int, ...]
    """Each seat's chips."""
    pools: tuple[int, ...]
    """The chips in each pool of the board."""
    out: tuple[bool, ...]
    """For each seat, whether it is out of the game."""
    history: tuple[DealResult, ...]
    """The deals played."""
    last: DealInfo | None
    """The last deal's facts (``None`` before the first deal, or when
    unknown)."""


def begin_deal(
    g: Setup,
    index: int,
    previous_dealer: int,
    standing: Standing,
    ordering: tuple[int, ...] | None = None,
) -> GameState:
    """The first decision of deal ``index``, or the end of the game.

    ``previous_dealer`` is the dealer of the deal before (for the first
    deal, the seat before the first dealer); ``ordering`` replaces the
    deal's pack (sampling worlds)."""
    rules = g.rules
    n = rules.players
    balances, pools, out, history, _ = standing
    if rules.insolvency == "out":
        cost = rules.dressed_pools
        out = tuple(gone or balances[s] < cost for s, gone in enumerate(out))
        standing = standing._replace(out=out)
    seats_in = n - sum(out)
    if seats_in < 3 or index >= rules.deal_count:
        return _game_over(g, standing)
    dealer, order = seating(previous_dealer, out)
    eldest = order[0]
    before = (balances, pools)
    dressed = [pool for pool, yes in enumerate(rules.dressed) if yes]
    ledger = list(dressing(rules, index, order))
    cost = len(dressed)
    paid = list(balances)
    for seat in order:
        paid[seat] -= cost
    board = list(pools)
    for pool in dressed:
        board[pool] += len(order)
    purse = Purse(index, tuple(paid), tuple(board), tuple(ledger), False)
    if ordering is None:
        ordering = (
            g.deals[index] if index < len(g.deals) else seeded_ordering(g.seed, index, rules.deck)
        )
    k = len(order)
    dealt = [0] * n
    for i, seat in enumerate(order):
        for card in (*ordering[3 * i : 3 * i + 3], *ordering[3 * k + 2 * i : 3 * k + 2 * i + 2]):
            dealt[seat] |= 1 << card
    turnup = ordering[5 * k]
    trump = turnup // 13
    stock = 0
    for card in ordering[5 * k + 1 :]:
        stock |= 1 << card
    hands = tuple(dealt)
    awards, shown = trump_pools(rules, hands, order, dealer, turnup, trump)
    eldest_first = rules.odd_chip == "eldest"
    takings: list[tuple[int, int]] = []
    for pool, winners in awards:
        reason = Reason.TRUMP_POOL
        if len(winners) == 1:
            purse.take(pool, winners[0], reason)
        else:
            purse.share(pool, winners, eldest_first, reason)
        takings.extend((pool, seat) for seat in winners)
    own_type = rules.two_pair == "own_type"
    combos = []
    combo_cards = []
    for hand in hands:
        key, cards = combination(hand, own_type) if hand else ((), 0)
        combos.append(key)
        combo_cards.append(cards)
    d = DealInfo(
        index,
        dealer,
        eldest,
        order,
        out,
        ordering,
        hands,
        turnup,
        trump,
        stock,
        tuple(combos),
        tuple(combo_cards),
        tuple(takings),
        before,
    )
    return GameState(
        g,
        d,
        _BETTING,
        eldest,
        tuple(purse.balances),
        tuple(purse.pools),
        hands,
        tuple(shown),
        start_betting(n, order),
        (),
        0,
        -1,
        (),
        tuple(purse.ledger),
        history,
    )


def end_deal(
    state: GameState,
    purse: Purse,
    hands: tuple[int, ...],
    moves: tuple[tuple[int, Move], ...],
) -> GameState:
    """Record the finished deal and go on to the next (or the end)."""
    d = state._d
    assert d is not None
    balances = tuple(purse.balances)
    before = d.before[0]
    result = DealResult(
        index=d.number,
        dealer=d.dealer,
        seats=d.order,
        ordering=tuple(CARDS[i] for i in d.ordering),
        trump=CARDS[d.turnup].suit,
        turnup=CARDS[d.turnup],
        moves=moves,
        payments=tuple(purse.ledger),
        balances=balances,
        changes=tuple(after - b for after, b in zip(balances, before, strict=True)),
    )
    history = (*state._history, result)
    standing = Standing(balances, tuple(purse.pools), d.out, history, d)
    return begin_deal(state._g, d.number + 1, d.dealer, standing)


def _game_over(g: Setup, standing: Standing) -> GameState:
    rules = g.rules
    n = rules.players
    balances, pools, out, history, last = standing
    purse = Purse(len(history), balances, pools, (), False)
    seats = [s for s in range(n) if not out[s]]
    for pool, each in enumerate(board_shares(rules, pools, out)):
        for seat in seats:
            purse.from_pool(pool, seat, each, Reason.BOARD)
    if last is not None and last.out != out:
        last = last._replace(out=out)
    return GameState(
        g,
        last,
        _OVER,
        -1,
        tuple(purse.balances),
        tuple(purse.pools),
        (0,) * n,
        (0,) * n,
        Betting(-1, (False,) * n, (0,) * n, 0, 0, (), (), True),
        (),
        0,
        -1,
        (),
        tuple(purse.ledger),
        history,
    )
