"""One game of Pocha as pure JAX functions: the state is a tree of small
arrays of fixed shapes, and every function is free of Python branches on
its values, so that :func:`jax.jit` compiles it and :func:`jax.vmap` plays
many games at once.

Cards are numbered by play id (the deck in play, in card order), seats by
seat number. A round's cards are one array, ``dealt[card]``: the seat it
was dealt to (-1 for the stock), with ``played`` marking those played and
``on_table`` those of the trick in progress; a seat's hand is then
``(dealt == seat) & ~played``. The seat to move is worked out when the
state is made and kept in it.

The randomness of a deal comes from the key given to :meth:`JaxGame.init` and
:meth:`JaxGame.step` (a step that ends a round deals the next one with it).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Final

import jax
import jax.numpy as jnp

from pocha_rules._common.caches import TableCache
from pocha_rules._common.text import got
from pocha_rules._pocha.rules import RuleSet
from pocha_rules.jax._tables import AUCTION, JaxTables, jax_tables

__all__ = ["PHASE_AUCTION", "PHASE_BID", "PHASE_CHOOSE_TRUMP", "PHASE_OVER", "PHASE_PLAY",
           "JaxGame", "State", "game_for", "shuffled_slots"]  # fmt: skip

Array = jax.Array

PHASE_AUCTION: Final = 0
"""The phase numbers, in the order of the observation's ``phase`` field."""
PHASE_CHOOSE_TRUMP: Final = 1
PHASE_BID: Final = 2
PHASE_PLAY: Final = 3
PHASE_OVER: Final = 4

_I32 = jnp.int32


def shuffled_slots(key: Array, deck: int) -> Array:
    """``int32[deck]``: each card's place in a shuffled deck, from ``key``.

    Each card draws 32 random bits and its place is the number of cards
    that drew less (a tie, below 3 in 10 million deals of 48 cards, goes
    by card order): no sort, one comparison of every pair of cards, which
    compiles quickly and runs well on an accelerator.
    """
    bits = jax.random.bits(key, (deck,), jnp.uint32)
    cards = jnp.arange(deck)
    below = (bits[None, :] < bits[:, None]) | (
        (bits[None, :] == bits[:, None]) & (cards[None, :] < cards[:, None])
    )
    return below.sum(axis=1, dtype=_I32)


@dataclasses.dataclass(frozen=True)
class State:
    """Where one game stands (a pytree: every field but :attr:`rules` is an
    array; :func:`jax.vmap` gives each a leading axis of games).

    Seats are seat numbers, cards play ids. Make one with :func:`init`.
    """

    rules: RuleSet
    """The rules (static: part of the tree's structure, not an array)."""
    round: Array
    """``int32``: the round's place in the game from 0; from the length of
    the schedule on, a tiebreak round."""
    first_dealer: Array
    """``int32``: the seat that dealt the first round."""
    phase: Array
    """``int32``: auction 0, choose trump 1, bid 2, play 3, over 4."""
    kind: Array
    """``int32``: the round's kind: normal 0, auction 1, blind 2."""
    cards: Array
    """``int32``: the cards dealt to each seat this round."""
    dealt: Array
    """``int8[deck]``: the seat each card was dealt to, -1 for the stock."""
    played: Array
    """``bool[deck]``: the cards played this round."""
    on_table: Array
    """``bool[deck]``: the cards of the trick in progress."""
    trump: Array
    """``int32``: the trump suit, 4 while unknown."""
    trump_card: Array
    """``int32``: the card turned up or shown by the dealer, -1 for none."""
    shown: Array
    """``bool``: whether :attr:`trump_card` is the dealer's own card."""
    calls: Array
    """``int32[players]``: each seat's auction call, -1 a pass, -2 none."""
    highest: Array
    """``int32``: the highest call so far, -1 for none."""
    winner: Array
    """``int32``: the seat making the highest call (the auction's winner
    once it is over), -1 for none."""
    bids: Array
    """``int32[players]``: each seat's bid, -1 for none yet."""
    bid_sum: Array
    """``int32``: the total of the bids made."""
    turn: Array
    """``int32``: how many calls (in the auction) or bids have been made."""
    won: Array
    """``int32[players]``: tricks won this round."""
    leader: Array
    """``int32``: the seat that leads (or led) the trick in progress."""
    mover: Array
    """``int32``: the seat to move, -1 once the game is over."""
    position: Array
    """``int32``: how many cards the trick in progress holds."""
    best: Array
    """``int32``: the card winning the trick."""
    led: Array
    """``int32``: the suit led."""
    taking: Array
    """``int32``: the seat whose card is winning the trick."""
    tricks: Array
    """``int32``: the tricks played this round."""
    totals: Array
    """``int32[players]``: each seat's total before this round."""
    points: Array
    """``int32[players]``: what each seat scored in the round that the last
    step ended (0 when it ended none)."""

    def replace(self, **changes: Any) -> State:
        """A copy with ``changes`` made."""
        return dataclasses.replace(self, **changes)


_FIELDS: Final = tuple(field.name for field in dataclasses.fields(State) if field.name != "rules")
jax.tree_util.register_dataclass(State, data_fields=list(_FIELDS), meta_fields=["rules"])


class JaxGame:
    """The rules of one :class:`~pocha_rules.RuleSet` as JAX functions on a
    single game's :class:`State` (``jax.vmap`` them for many).

    Every option of the rules is supported, every schedule (auction and
    blind rounds) and both tiebreaks.
    """

    def __init__(self, rules: RuleSet) -> None:
        if not isinstance(rules, RuleSet):
            raise TypeError(f"expected a RuleSet, got {got(rules)}")
        self.rules = rules
        self.tables: JaxTables = jax_tables(rules)
        t = self.tables
        self.players = t.players
        self.num_actions = t.actions

    # --- dealing -----------------------------------------------------------

    def _deal(self, key: Array, round: Array, first_dealer: Array, totals: Array) -> State:
        """The state at the start of round ``round``: dealt from ``key``."""
        t = self.tables
        n = t.players
        deck = t.deck
        in_schedule = round < t.rounds
        index = jnp.minimum(round, t.rounds - 1)
        cards = jnp.where(in_schedule, jnp.asarray(t.round_cards)[index], 1).astype(_I32)
        kind = jnp.where(in_schedule, jnp.asarray(t.round_kinds)[index], 0).astype(_I32)
        eldest = (first_dealer + 1 + round) % n
        slot = shuffled_slots(key, deck)
        count = n * cards
        dealt = jnp.where(slot < count, (eldest + slot % n) % n, -1).astype(jnp.int8)
        every = count == deck
        auction = kind == AUCTION
        choose = ~auction & every & t.dealer_chooses
        under = jnp.argmax(slot == jnp.minimum(count, deck - 1)).astype(_I32)
        trump_card = jnp.where(auction | choose, -1, under).astype(_I32)
        trump = jnp.where(trump_card >= 0, jnp.asarray(t.suit)[jnp.maximum(trump_card, 0)], 4)
        phase = jnp.where(auction, PHASE_AUCTION, jnp.where(choose, PHASE_CHOOSE_TRUMP, PHASE_BID))
        mover = jnp.where(choose, (eldest + n - 1) % n, eldest)
        zeros = jnp.zeros(n, _I32)
        return State(
            rules=self.rules,
            round=round.astype(_I32),
            first_dealer=first_dealer.astype(_I32),
            phase=phase.astype(_I32),
            kind=kind,
            cards=cards,
            dealt=dealt,
            played=jnp.zeros(deck, bool),
            on_table=jnp.zeros(deck, bool),
            trump=trump.astype(_I32),
            trump_card=trump_card,
            shown=~auction & ~choose & every,
            calls=jnp.full(n, -2, _I32),
            highest=jnp.asarray(-1, _I32),
            winner=jnp.asarray(-1, _I32),
            bids=jnp.full(n, -1, _I32),
            bid_sum=jnp.asarray(0, _I32),
            turn=jnp.asarray(0, _I32),
            won=zeros,
            leader=eldest.astype(_I32),
            mover=mover.astype(_I32),
            position=jnp.asarray(0, _I32),
            best=jnp.asarray(0, _I32),
            led=jnp.asarray(0, _I32),
            taking=jnp.asarray(0, _I32),
            tricks=jnp.asarray(0, _I32),
            totals=totals.astype(_I32),
            points=zeros,
        )

    def init(self, key: Array, dealer: Array | None = None) -> State:
        """A new game: the first dealer drawn from ``key`` (or ``dealer``),
        and the first round dealt."""
        pick, deal = jax.random.split(key)
        n = self.players
        if dealer is None:
            first = jax.random.randint(pick, (), 0, n, dtype=_I32)
        else:
            first = jnp.asarray(dealer, _I32)
        return self._deal(deal, jnp.asarray(0, _I32), first, jnp.zeros(n, _I32))

    # --- where a game stands -------------------------------------------------

    def eldest(self, state: State) -> Array:
        """The seat of the round's first player (after the dealer)."""
        return (state.first_dealer + 1 + state.round) % self.players

    def hooked(self, state: State) -> Array:
        """Whether the hook restricts the last bidder this round."""
        return (state.cards > 1) | self.tables.hook_in_one_card_rounds

    def bidders(self, state: State) -> Array:
        """How many seats bid (the auction's winner does not)."""
        return jnp.where(state.kind == AUCTION, self.players - 1, self.players)

    def hand(self, state: State, seat: Array) -> Array:
        """``bool[deck]``: the cards ``seat`` holds now."""
        return (state.dealt == seat) & ~state.played

    def legal_action_mask(self, state: State) -> Array:
        """``bool[num_actions]``: the legal action ids of the seat to move
        (all ``False`` once the game is over)."""
        t = self.tables
        phase = state.phase
        ids = jnp.arange(t.actions, dtype=_I32)
        # Plays: the hand's cards in the first level of the trick's chain
        # that it meets, or the whole hand.
        hand = self.hand(state, state.mover)
        row = (state.trump * t.deck + state.best) * 4 + state.led
        levels = jnp.asarray(t.follow)[:, jnp.minimum(row, t.follow.shape[1] - 1)] & hand
        met = levels.any(axis=1)
        first = jnp.argmax(met)
        chained = jnp.where(met.any(), levels[first], hand)
        plays = jnp.where(state.position == 0, hand, chained)
        play_mask = jnp.zeros(t.actions, bool).at[: t.deck].set(plays)
        # Bids: 0 to the cards dealt, but the hook's.
        bid = ids - t.bid_start
        last = (state.turn == self.bidders(state) - 1) & self.hooked(state)
        bid_mask = (bid >= 0) & (bid <= state.cards)
        bid_mask &= ~(last & (bid == state.cards - state.bid_sum))
        mask = jnp.where(phase == PHASE_PLAY, play_mask, False)
        mask = jnp.where(phase == PHASE_BID, bid_mask, mask)
        if t.auctions:
            call = ids - t.call_start
            call_mask = (call > state.highest) & (call <= state.cards) & (call >= 0)
            call_mask &= ids < t.pass_action
            call_mask |= (ids == t.pass_action) & (state.turn > 0)
            mask = jnp.where(phase == PHASE_AUCTION, call_mask, mask)
        if t.trump_start < t.actions:
            choose_mask = ids >= t.trump_start
            mask = jnp.where(phase == PHASE_CHOOSE_TRUMP, choose_mask, mask)
        return mask

    # --- a move ----------------------------------------------------------------

    def step(self, state: State, action: Array, key: Array) -> State:
        """The state after the seat to move plays ``action`` (a legal
        action id: not checked; see :func:`legal_action_mask`). A step that
        ends a round deals the next from ``key``. A finished game stays as
        it is."""
        t = self.tables
        action = jnp.asarray(action, _I32)
        state = state.replace(points=jnp.zeros(self.players, _I32))
        branches = [self._call, self._choose, self._bid, self._play, self._over]
        if not t.auctions:
            branches[0] = self._over
        if t.trump_start >= t.actions:
            branches[1] = self._over
        after: State = jax.lax.switch(state.phase, branches, state, action, key)
        return after

    def _over(self, state: State, action: Array, key: Array) -> State:
        return state

    def _call(self, state: State, action: Array, key: Array) -> State:
        t = self.tables
        n = self.players
        passed = action == t.pass_action
        value = action - t.call_start
        seat = state.mover
        calls = state.calls.at[seat].set(jnp.where(passed, -1, value))
        highest = jnp.where(passed, state.highest, value)
        winner = jnp.where(passed, state.winner, seat)
        turn = state.turn + 1
        over = turn == n
        # The auction's winner bids its call and names trump.
        bids = jnp.where(over, state.bids.at[winner].set(highest), state.bids)
        leader = state.leader
        if t.auction_winner_leads:
            leader = jnp.where(over, winner, leader)
        return state.replace(
            calls=calls,
            highest=highest,
            winner=winner,
            bids=bids,
            bid_sum=jnp.where(over, highest, state.bid_sum),
            turn=jnp.where(over, 0, turn),
            leader=leader,
            phase=jnp.where(over, PHASE_CHOOSE_TRUMP, PHASE_AUCTION),
            mover=jnp.where(over, winner, (seat + 1) % n),
        )

    def _bid_mover(self, state: State, turn: Array) -> Array:
        """The seat making bid number ``turn`` (skipping an auction's winner)."""
        n = self.players
        eldest = self.eldest(state)
        position = turn
        if self.tables.auctions:
            won_at = (state.winner - eldest) % n
            skip = (state.kind == AUCTION) & (turn >= won_at)
            position = turn + skip
        return (eldest + position) % n

    def _choose(self, state: State, action: Array, key: Array) -> State:
        state = state.replace(
            trump=action - self.tables.trump_start, phase=jnp.asarray(PHASE_BID, _I32)
        )
        return state.replace(mover=self._bid_mover(state, state.turn))

    def _bid(self, state: State, action: Array, key: Array) -> State:
        value = action - self.tables.bid_start
        turn = state.turn + 1
        over = turn == self.bidders(state)
        return state.replace(
            bids=state.bids.at[state.mover].set(value),
            bid_sum=state.bid_sum + value,
            turn=turn,
            phase=jnp.where(over, PHASE_PLAY, PHASE_BID),
            mover=jnp.where(over, state.leader, self._bid_mover(state, turn)),
        )

    def _play(self, state: State, action: Array, key: Array) -> State:
        t = self.tables
        n = self.players
        card = action
        seat = state.mover
        lead = state.position == 0
        takes = jnp.asarray(t.takes)[state.trump * t.deck + state.best, card]
        taken = lead | takes
        best = jnp.where(taken, card, state.best)
        taking = jnp.where(taken, seat, state.taking)
        led = jnp.where(lead, jnp.asarray(t.suit)[card], state.led)
        position = state.position + 1
        done = position == n
        won = jnp.where(done, state.won.at[taking].add(1), state.won)
        leader = jnp.where(done, taking, state.leader)
        on_table = jnp.where(done, False, state.on_table.at[card].set(True))
        tricks = state.tricks + done
        state = state.replace(
            played=state.played.at[card].set(True),
            on_table=on_table,
            best=best,
            taking=taking,
            led=led,
            position=jnp.where(done, 0, position),
            won=won,
            leader=leader,
            tricks=tricks,
            mover=jnp.where(done, leader, (seat + 1) % n),
        )
        ended: State = jax.lax.cond(
            tricks == state.cards, self._finish_round, lambda s, k: s, state, key
        )
        return ended

    def _finish_round(self, state: State, key: Array) -> State:
        """Score the round, then deal the next one or end the game."""
        t = self.tables
        points = jnp.asarray(t.points)[state.cards, state.trump, state.bids, state.won]
        totals = state.totals + points
        following = state.round + 1
        more = following < t.rounds
        if t.tiebreak:
            top = totals.max()
            more |= (totals == top).sum() > 1
        dealt = self._deal(key, following, state.first_dealer, totals)
        over = state.replace(
            totals=totals,
            phase=jnp.asarray(PHASE_OVER, _I32),
            mover=jnp.asarray(-1, _I32),
        )
        ended: State = jax.tree_util.tree_map(lambda a, b: jnp.where(more, a, b), dealt, over)
        return ended.replace(points=points.astype(_I32), totals=totals)

    def scores(self, state: State) -> Array:
        """``int32[players]``: each seat's total so far (final once over)."""
        return state.totals

    def terminated(self, state: State) -> Array:
        """Whether the game is over."""
        return state.phase == PHASE_OVER


_GAMES: Final[TableCache[JaxGame]] = TableCache(JaxGame, limit=32)


def game_for(rules: RuleSet) -> JaxGame:
    """The (cached) :class:`JaxGame` of ``rules``."""
    return _GAMES.get(rules)
