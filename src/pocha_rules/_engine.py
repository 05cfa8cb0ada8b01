"""The rules in motion: :func:`new_game`, :func:`legal_moves`, :func:`apply`.

Each phase has a transition function here; the rules they apply live in
``_play`` (what may be played), ``_bidding`` (the hook and the auction),
``_scoring`` and ``_deal``. :func:`apply` always checks the move; the check is
a bit test against the legal set the state already holds, and only a refused
move pays for a sentence explaining why (:func:`explain`).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Final

import attrs

from pocha_rules._bidding import auction_moves, bid_moves, forbidden_bid, hooked
from pocha_rules._cards import SUIT_OF, Suit
from pocha_rules._deal import Deal, check_deals, deal_from_seed
from pocha_rules._errors import IllegalMoveError
from pocha_rules._moves import PLAYS, TRUMP_CHOICES, Bid, Call, ChooseTrump, Move, Pass, Play
from pocha_rules._play import beats_winner, explain_play, legal_plays
from pocha_rules._rules import RuleSet, Tiebreak
from pocha_rules._schedules import Round, RoundKind
from pocha_rules._scoring import round_score
from pocha_rules._state import (
    GameSetup,
    GameState,
    Ledger,
    Phase,
    RoundInfo,
    RoundResult,
)
from pocha_rules._tables import tables_for

__all__ = ["apply", "explain", "is_legal", "legal_moves", "new_game", "score"]

_PLAY: Final = Phase.PLAY
_BID: Final = Phase.BID
_TIEBREAK_ROUND: Final = Round(1)


def new_game(
    rules: RuleSet,
    *,
    seed: int | None = None,
    dealer: int | None = None,
    deals: Sequence[Deal] = (),
) -> GameState:
    """Start a game: the first round is dealt and waits for its first move.

    Args:
        rules: The rules to play by.
        seed: Deals every round (and the first dealer, when ``dealer`` is not
            given). The same rules, seed and moves always give the same game.
            ``None`` draws a fresh seed, kept in :attr:`GameState.seed`.
        dealer: The seat that deals the first round.
        deals: Explicit deals for the first rounds, in order, to play a real
            table's cards; the rounds after them are dealt from the seed.

    Raises:
        InvalidDealError: A deal does not fit the rules or its round.
        PochaError: ``seed`` or ``dealer`` is not a valid value.

    >>> state = new_game(RuleSet(), seed=7, dealer=3)
    >>> state.phase, state.to_move, state.cards_per_player
    (Phase.BID, 0, 1)

    """
    from pocha_rules._errors import PochaError

    if not isinstance(rules, RuleSet):
        raise PochaError(f"rules must be a RuleSet, got {rules!r}")
    if seed is None:
        seed = secrets.randbits(63)
    elif type(seed) is not int:
        raise PochaError(f"seed must be a whole number, got {seed!r}")
    t = tables_for(rules)
    if dealer is None:
        import random

        dealer = random.Random(f"pocha:{seed}:dealer").randrange(t.players)
    elif type(dealer) is not int or not 0 <= dealer < t.players:
        raise PochaError(f"dealer must be a seat from 0 to {t.players - 1}, got {dealer!r}")
    setup = GameSetup(t, seed, dealer, check_deals(t, dealer, deals))
    n = t.players
    return _start_round(setup, Ledger((), (), (), (0,) * n), 0)


def _start_round(g: GameSetup, ledger: Ledger, index: int) -> GameState:
    t = g.tables
    n = t.players
    if index < len(t.schedule):
        plan = t.schedule[index]
    else:
        totals = ledger.totals
        tied = totals.count(max(totals)) > 1
        if not tied or t.rules.tiebreak is not Tiebreak.ONE_CARD_ROUNDS:
            return _game_over(g, ledger)
        plan = _TIEBREAK_ROUND
    dealer = (g.first_dealer + index) % n
    if index < len(g.deals):
        deal = g.deals[index]
    else:
        deal = deal_from_seed(t, g.seed, index, plan, dealer)
    eldest = (dealer + 1) % n
    trump = SUIT_OF[deal.trump_card] if deal.trump_card >= 0 else -1
    auction = plan.kind is RoundKind.AUCTION
    order = () if auction else tuple((eldest + i) % n for i in range(n))
    info = RoundInfo(index, plan, dealer, eldest, deal, trump, (), -1, order, eldest)
    if auction:
        phase, to_move = Phase.AUCTION, eldest
    elif trump < 0:
        phase, to_move = Phase.CHOOSE_TRUMP, dealer
    else:
        phase, to_move = _BID, eldest
    return GameState(
        g, info, phase, to_move, deal.hands, (-1,) * n, (), 0, eldest, (0,) * n, (), ledger, 0
    )


def _game_over(g: GameSetup, ledger: Ledger) -> GameState:
    n = g.tables.players
    last = ledger.results[-1]
    info = RoundInfo(
        last.index,
        Round(last.cards, last.kind),
        last.dealer,
        (last.dealer + 1) % n,
        ledger.deals[-1],
        last.trump.value,
        (),
        -1,
        (),
        (last.dealer + 1) % n,
    )
    return GameState(
        g, info, Phase.OVER, -1, (0,) * n, last.bids, (), 0, -1, last.won, (), ledger, 0
    )


# --- moves ----------------------------------------------------------------

_SUIT_PLAYS: Final[tuple[dict[int, tuple[Play, ...]], ...]] = ({}, {}, {}, {})


def _plays_in_suit(suit: int, chunk: int) -> tuple[Play, ...]:
    plays = _SUIT_PLAYS[suit].get(chunk)
    if plays is None:
        base = 12 * suit
        plays = tuple(PLAYS[base + i] for i in range(12) if chunk >> i & 1)
        _SUIT_PLAYS[suit][chunk] = plays
    return plays


def _plays(mask: int) -> tuple[Play, ...]:
    plays: tuple[Play, ...] = ()
    for suit in range(4):
        chunk = (mask >> (12 * suit)) & 0xFFF
        if chunk:
            plays += _SUIT_PLAYS[suit].get(chunk) or _plays_in_suit(suit, chunk)
    return plays


def _forbidden(state: GameState) -> int:
    r = state._r
    cards = r.plan.cards
    if state._to_move != r.bid_order[-1] or not hooked(
        cards, state._g.tables.hook_in_one_card_rounds
    ):
        return -1
    # -1 marks a seat that has not bid yet; zeros add nothing either.
    return forbidden_bid(cards, sum(bid for bid in state._bids if bid > 0))


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move in ``state``, in a fixed order (cards in card order,
    numbers rising, ``Pass`` last); empty once the game is over.

    >>> state = new_game(RuleSet(), seed=1, dealer=0)
    >>> legal_moves(state)
    (Bid(0), Bid(1))
    """
    phase = state._phase
    if phase is _PLAY:
        return _plays(state._legal)
    if phase is _BID:
        return bid_moves(state._r.plan.cards, _forbidden(state))
    if phase is Phase.AUCTION:
        calls = state._r.calls
        return auction_moves(state._r.plan.cards, max(calls) if calls else -1)
    if phase is Phase.CHOOSE_TRUMP:
        return TRUMP_CHOICES
    return ()


def is_legal(state: GameState, move: Move) -> bool:
    """Whether ``move`` may be made in ``state``."""
    phase = state._phase
    if phase is _PLAY:
        return type(move) is Play and bool(state._legal >> move.card.index & 1)
    if phase is _BID:
        if type(move) is not Bid:
            return False
        n = move.tricks
        return n <= state._r.plan.cards and n != _forbidden(state)
    return move in legal_moves(state)


def apply(state: GameState, move: Move) -> GameState:
    """The state after ``move``; ``state`` itself never changes.

    Raises:
        IllegalMoveError: The move is not legal here; the error names the
            move, the seat and the rule.

    >>> state = new_game(RuleSet(), seed=1, dealer=0)
    >>> apply(state, Bid(1)).bids
    (None, 1, None, None)
    >>> apply(state, Bid(2))
    Traceback (most recent call last):
    ...
    pocha_rules.IllegalMoveError: illegal move bid 2 by seat 1: bids run from 0 to 1 ...

    """
    phase = state._phase
    if phase is _PLAY:
        if type(move) is Play and state._legal >> move.card.index & 1:
            return _play(state, move)
    elif phase is _BID:
        if type(move) is Bid and is_legal(state, move):
            return _bid(state, move.tricks)
    elif phase is Phase.AUCTION:
        if (type(move) is Call or type(move) is Pass) and is_legal(state, move):
            return _call(state, move)
    elif phase is Phase.CHOOSE_TRUMP and type(move) is ChooseTrump:
        return _choose_trump(state, move.suit)
    raise IllegalMoveError(move, state.to_move, explain(state, move) or "not legal here")


def play_unchecked(state: GameState, move: Play) -> GameState:
    """Play a card that is in the hand even if the obligations forbid it.

    Only for replaying a real table's record leniently, where somebody
    revoked; the game goes on as the table played it. Private: the public
    :func:`apply` never lets an illegal card through.
    """
    if state._phase is not _PLAY or type(move) is not Play:
        raise IllegalMoveError(move, state.to_move, explain(state, move) or "not a card play")
    if not state._hands[state._to_move] >> move.card.index & 1:
        raise IllegalMoveError(move, state.to_move, explain(state, move) or "not in the hand")
    return _play(state, move)


def score(state: GameState) -> tuple[int, ...]:
    """The cumulative totals by seat, counting every finished round."""
    return state._ledger.totals


# --- transitions ----------------------------------------------------------


def _play(state: GameState, move: Play) -> GameState:
    card = move.card.index
    seat = state._to_move
    hands = state._hands
    hand = hands[seat] ^ (1 << card)
    hands = (*hands[:seat], hand, *hands[seat + 1 :])
    t = state._g.tables
    r = state._r
    trick = state._trick
    win = state._win
    if trick and beats_winner(t, card, trick[win], r.trump):
        win = len(trick)
    trick += (card,)
    moves = state._moves + (move,)
    n = t.players
    if len(trick) < n:
        nxt = (seat + 1) % n
        legal = legal_plays(t, hands[nxt], trick, win, r.trump)
        return GameState(
            state._g, r, _PLAY, nxt, hands, state._bids, trick, win,
            state._leader, state._won, moves, state._ledger, legal,
        )  # fmt: skip
    winner = (state._leader + win) % n
    won = (*state._won[:winner], state._won[winner] + 1, *state._won[winner + 1 :])
    if hand:
        return GameState(
            state._g, r, _PLAY, winner, hands, state._bids, (), 0,
            winner, won, moves, state._ledger, hands[winner],
        )  # fmt: skip
    return _finish_round(state, won, moves)


def _bid(state: GameState, tricks: int) -> GameState:
    r = state._r
    seat = state._to_move
    bids = (*state._bids[:seat], tricks, *state._bids[seat + 1 :])
    moves = state._moves + (Bid(tricks),)
    order = r.bid_order
    if seat != order[-1]:
        nxt = order[order.index(seat) + 1]
        return GameState(
            state._g, r, _BID, nxt, state._hands, bids, (), 0,
            r.leader, state._won, moves, state._ledger, 0,
        )  # fmt: skip
    lead = r.leader
    return GameState(
        state._g, r, _PLAY, lead, state._hands, bids, (), 0,
        lead, state._won, moves, state._ledger, state._hands[lead],
    )  # fmt: skip


def _call(state: GameState, move: Call | Pass) -> GameState:
    r = state._r
    n = state._g.tables.players
    calls = r.calls + (move.tricks if type(move) is Call else -1,)
    moves = state._moves + (move,)
    if len(calls) < n:
        info = attrs.evolve(r, calls=calls)
        nxt = (state._to_move + 1) % n
        return GameState(
            state._g, info, Phase.AUCTION, nxt, state._hands, state._bids, (), 0,
            state._leader, state._won, moves, state._ledger, 0,
        )  # fmt: skip
    best = max(calls)
    winner = (r.eldest + calls.index(best)) % n
    order = tuple(s for s in ((r.eldest + i) % n for i in range(n)) if s != winner)
    leader = winner if state._g.tables.auction_winner_leads else r.eldest
    info = attrs.evolve(r, calls=calls, auction_winner=winner, bid_order=order, leader=leader)
    bids = (*state._bids[:winner], best, *state._bids[winner + 1 :])
    return GameState(
        state._g, info, Phase.CHOOSE_TRUMP, winner, state._hands, bids, (), 0,
        leader, state._won, moves, state._ledger, 0,
    )  # fmt: skip


def _choose_trump(state: GameState, suit: Suit) -> GameState:
    r = attrs.evolve(state._r, trump=suit.value)
    moves = state._moves + (TRUMP_CHOICES[suit.value],)
    return GameState(
        state._g, r, _BID, r.bid_order[0], state._hands, state._bids, (), 0,
        r.leader, state._won, moves, state._ledger, 0,
    )  # fmt: skip


def _finish_round(state: GameState, won: tuple[int, ...], moves: tuple[Move, ...]) -> GameState:
    g = state._g
    r = state._r
    rules = g.tables.rules
    trump = Suit(r.trump)
    cards = r.plan.cards
    bids = state._bids
    scores = tuple(
        round_score(rules, cards, trump, bid, w) for bid, w in zip(bids, won, strict=True)
    )
    result = RoundResult(r.index, r.dealer, cards, r.plan.kind, trump, bids, won, scores)
    old = state._ledger
    ledger = Ledger(
        old.results + (result,),
        old.moves + (moves,),
        old.deals + (r.deal,),
        tuple(a + b for a, b in zip(old.totals, scores, strict=True)),
    )
    return _start_round(g, ledger, r.index + 1)


# --- explanations ---------------------------------------------------------

_EXPECTED: Final = {
    Phase.AUCTION: "an auction call ('call N') or 'pass'",
    Phase.CHOOSE_TRUMP: "a choice of trump ('trump SUIT')",
    Phase.BID: "a bid ('bid N')",
    Phase.PLAY: "a card to play ('play CARD')",
}


def explain(state: GameState, move: object) -> str | None:
    """Why ``move`` is illegal in ``state``, or ``None`` when it is legal.

    >>> state = new_game(RuleSet(), seed=1, dealer=0)
    >>> explain(state, Pass())
    "it is time for a bid ('bid N'), not pass"
    """
    phase = state._phase
    if phase is Phase.OVER:
        return "the game is over"
    if not isinstance(move, Bid | Play | ChooseTrump | Call | Pass):
        return f"{move!r} is not a move"
    kinds = {
        Phase.AUCTION: (Call, Pass),
        Phase.CHOOSE_TRUMP: (ChooseTrump,),
        Phase.BID: (Bid,),
        Phase.PLAY: (Play,),
    }[phase]
    if type(move) not in kinds:
        return f"it is time for {_EXPECTED[phase]}, not {move}"
    r = state._r
    cards = r.plan.cards
    if type(move) is Play:
        t = state._g.tables
        hand = state._hands[state._to_move]
        return explain_play(t, hand, state._trick, state._win, r.trump, move.card.index)
    if type(move) is Bid:
        if move.tricks > cards:
            return f"bids run from 0 to {cards} in a {cards}-card round"
        if move.tricks == _forbidden(state):
            return (
                f"the hook: the last bidder may not bid {move.tricks}, which would make "
                f"the bids add up to {cards}, the tricks of the round"
            )
        return None
    if type(move) is Pass:
        return None if r.calls else "the first player must call a number and may not pass"
    if type(move) is Call:
        highest = max(r.calls) if r.calls else -1
        if move.tricks > cards:
            return f"calls run from 0 to {cards} in a {cards}-card round"
        if move.tricks <= highest:
            return f"a call must beat the highest call so far ({highest})"
    return None
