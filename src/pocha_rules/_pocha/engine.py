"""The rules in motion: :func:`legal_moves`, :func:`apply` and the first
state of a game (:func:`new_game`, in ``game``, checks its arguments first).

Each phase has a transition function here; the rules they apply live in
``play`` (what may be played), ``bidding`` (the hook and the auction),
``scoring`` and ``shuffle``. :func:`apply` always checks the move; the check is
a bit test against the legal set the state already holds, and only a refused
move pays for a sentence explaining why (:func:`explain`).
"""

from __future__ import annotations

from typing import Final

from pocha_rules._common import checks
from pocha_rules._common.errors import IllegalMoveError, OutOfTurnError, say
from pocha_rules._common.text import got, shown
from pocha_rules._pocha.bidding import auction_moves, forbidden_bid, hooked
from pocha_rules._pocha.cards import SUIT_OF, Suit
from pocha_rules._pocha.deal import DealtRound
from pocha_rules._pocha.moves import (
    BIDS,
    MOVE_TYPES,
    PLAYS,
    TRUMP_CHOICES,
    Bid,
    Call,
    ChooseTrump,
    Move,
    Pass,
    Play,
)
from pocha_rules._pocha.play import explain_play
from pocha_rules._pocha.rules import Tiebreak
from pocha_rules._pocha.schedules import Round, RoundKind
from pocha_rules._pocha.shuffle import deal_from_seed
from pocha_rules._pocha.state import (
    GameSetup,
    GameState,
    Ledger,
    MoveChain,
    Phase,
    RoundInfo,
    stretch,
)
from pocha_rules._pocha.tables import Tables

__all__ = ["apply", "explain", "is_legal", "legal_moves", "score", "start_game", "start_position"]

# Enum members are looked up on their class at some cost: the hot paths (here
# and in playout) read these module constants instead.
_AUCTION: Final = Phase.AUCTION
_CHOOSE_TRUMP: Final = Phase.CHOOSE_TRUMP
_BID: Final = Phase.BID
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER
_AUCTION_ROUND: Final = RoundKind.AUCTION
_TIEBREAK_ROUNDS: Final = Tiebreak.ONE_CARD_ROUNDS
_new: Final = tuple.__new__
_SUITS: Final = tuple(Suit)
_TIEBREAK_ROUND: Final = Round(1)
Won = tuple[int, ...]
_MOVE_TYPES: Final = MOVE_TYPES  # a constant of this module, read directly once compiled
# Compiled, a name imported from a module that is not compiled (or a class
# that is not native) is looked up in the module's dictionary at every use;
# a constant of this module is read directly. The hot paths use these.
_COMPILED: Final = not __file__.endswith(".py")
"""Whether this module runs compiled (mypyc). A few steps of the hot paths
are written two ways, each the faster in its build: list indexes and loops
over native ints compiled; dictionaries and attribute reads interpreted."""
_PLAY_MOVE: Final = Play
_PLAYS: Final = PLAYS
_BID_MOVE: Final = Bid
_SUIT_OF: Final = SUIT_OF
_LEDGER: Final = Ledger
_ROUND_INFO: Final = RoundInfo
_GAME_SETUP: Final = GameSetup


def start_game(t: Tables, seed: int, dealer: int, deals: tuple[DealtRound, ...]) -> GameState:
    """The first state of a game whose arguments :func:`new_game` has checked."""
    setup = _new(_GAME_SETUP, (t, seed, dealer, deals))
    return _start_round(setup, _new(_LEDGER, (0, (), t.no_tricks, t.no_tricks)), 0)


def start_position(
    t: Tables, seed: int, first_dealer: int, index: int, deals: tuple[DealtRound, ...], totals: Won
) -> GameState:
    """The first state of round ``index``, in a game whose earlier rounds
    are known only by their ``totals``: the start of a written position
    (:mod:`pocha_rules.notation`). ``deals`` are the deals of round
    ``index`` and of the rounds after it (at least one); the rounds after
    those are dealt from ``seed``. The caller checks the arguments."""
    # The rounds before ``index`` are never dealt: the first deal stands in
    # for them, so that ``deals[i]`` stays the deal of round ``i``.
    setup = _new(GameSetup, (t, seed, first_dealer, (deals[0],) * index + deals))
    return _start_round(setup, _new(Ledger, (0, (), totals, t.no_tricks)), index)


def _start_round(
    g: GameSetup,
    ledger: Ledger,
    index: int,
    ended: GameState | None = None,
    won: Won = (),
) -> GameState:
    """The first state of round ``index``, or the end of the game after the
    round whose last state was ``ended`` (``won``: its tricks)."""
    t = g.tables
    n = t.players
    if index < len(t.schedule):
        plan = t.schedule[index]
    else:
        final, charged = ledger.totals, ledger.penalties
        totals = tuple([final[seat] + charged[seat] for seat in range(n)])
        tied = totals.count(max(totals)) > 1
        if not tied or t.rules.tiebreak is not _TIEBREAK_ROUNDS:
            assert ended is not None
            # The final position: the last round as it ended, nobody to move,
            # every card played (every bit of ``played`` set).
            s = stretch(g, ended._s.r, ledger)
            return GameState(s, ended._bids, ended._leader, won, _OVER, -1, -1, (), 0, (), 0)
        plan = _TIEBREAK_ROUND
    dealer = (g.first_dealer + index) % n
    if index < len(g.deals):
        deal = g.deals[index]
    else:
        deal = deal_from_seed(t, g.seed, index, plan, dealer)
    eldest = (dealer + 1) % n
    trump = _SUIT_OF[deal.trump_card] if deal.trump_card >= 0 else -1
    auction = plan.kind is _AUCTION_ROUND
    order = () if auction else t.seats_from[eldest]
    info = _new(_ROUND_INFO, (index, plan, dealer, eldest, deal, trump, (), -1, order, eldest))
    bids = t.no_bids
    legal = 0
    if auction:
        phase, to_move = _AUCTION, eldest
    elif trump < 0:
        phase, to_move = _CHOOSE_TRUMP, dealer
    else:
        phase, to_move = _BID, eldest
        # The first bidder is never the hooked one (there are 3 seats or more).
        legal = (2 << plan.cards) - 1
    s = stretch(g, info, ledger)
    return GameState(s, bids, eldest, t.no_tricks, phase, to_move, 0, (), 0, (), legal)


# --- moves ----------------------------------------------------------------


class _SuitPlays(dict[int, tuple[Play, ...]]):
    """The plays of one suit's 12-bit chunks of a mask, built as they are
    first met (at most 4,096 small tuples; the empty chunk has none)."""

    def __init__(self, suit: int) -> None:
        super().__init__()
        self.suit = suit

    def __missing__(self, chunk: int) -> tuple[Play, ...]:
        base = 12 * self.suit
        plays = self[chunk] = tuple(PLAYS[base + i] for i in range(12) if chunk >> i & 1)
        return plays


_OROS: Final = _SuitPlays(0)
_COPAS: Final = _SuitPlays(1)
_ESPADAS: Final = _SuitPlays(2)
_BASTOS: Final = _SuitPlays(3)
_ONE_SUIT: Final[dict[int, tuple[Play, ...]]] = {}
"""The same tuples as the ``_SuitPlays``, by the whole mask: one look-up for
the common case of cards of one suit (following, ruffing)."""


_CHUNKS: Final[list[tuple[Play, ...] | None]] = [None] * (4 << 12)
"""The same tuples as the ``_SuitPlays``, at ``suit << 12 | chunk``, found
by list index (no hashing, no int object made): :func:`legal_moves` reads
them."""


def _chunk(at: int) -> tuple[Play, ...]:
    """The plays of chunk ``at & 0xFFF`` of suit ``at >> 12``, kept in
    :data:`_CHUNKS`."""
    plays = _CHUNKS[at] = (_OROS, _COPAS, _ESPADAS, _BASTOS)[at >> 12][at & 0xFFF]
    return plays


def _mask_plays(mask: int) -> tuple[Play, ...]:
    """The plays of ``mask``, in card order: each suit's chunk from
    :data:`_CHUNKS`, joined only when the mask holds more than one suit."""
    plays: tuple[Play, ...] = ()
    chunk = mask & 0xFFF
    if chunk:
        plays = _CHUNKS[chunk] or _chunk(chunk)
    chunk = mask >> 12 & 0xFFF
    if chunk:
        more = _CHUNKS[chunk | 0x1000] or _chunk(chunk | 0x1000)
        plays = plays + more if plays else more
    chunk = mask >> 24 & 0xFFF
    if chunk:
        more = _CHUNKS[chunk | 0x2000] or _chunk(chunk | 0x2000)
        plays = plays + more if plays else more
    chunk = mask >> 36
    if chunk:
        more = _CHUNKS[chunk | 0x3000] or _chunk(chunk | 0x3000)
        plays = plays + more if plays else more
    return plays


def _plays(mask: int) -> tuple[Play, ...]:
    oros = _OROS[mask & 0xFFF]
    copas = _COPAS[mask >> 12 & 0xFFF]
    espadas = _ESPADAS[mask >> 24 & 0xFFF]
    bastos = _BASTOS[mask >> 36]
    plays = oros + copas + espadas + bastos
    # CPython gives back the other tuple itself when adding an empty one: the
    # plays are one of the four only when the mask holds a single suit, and
    # those masks (a bounded number) are cached.
    if plays is oros or plays is copas or plays is espadas or plays is bastos:
        _ONE_SUIT[mask] = plays
    return plays


_BID_MOVES: Final[dict[int, tuple[Bid, ...]]] = {}
"""The bids of each mask of allowed numbers (a few hundred at most)."""


def _bids(mask: int) -> tuple[Bid, ...]:
    bids = _BID_MOVES.get(mask)
    if bids is None:
        bids = _BID_MOVES[mask] = tuple(bid for bid in BIDS if mask >> bid.tricks & 1)
    return bids


def _bid_mask(t: Tables, r: RoundInfo, bids: tuple[int, ...], seat: int) -> int:
    """The bid numbers ``seat`` may say: 0 to the round's cards, less the
    hook's forbidden number for the last bidder."""
    cards = r.plan.cards
    allowed = (2 << cards) - 1
    if seat == r.bid_order[-1] and hooked(cards, t.hook_in_one_card_rounds):
        # -1 marks a seat that has not bid yet: it adds nothing.
        others = 0
        for bid in bids:
            if bid > 0:
                others += bid
        forbidden = forbidden_bid(cards, others)
        if forbidden >= 0:
            allowed &= ~(1 << forbidden)
    return allowed


def _forbidden(state: GameState) -> int:
    """The bid the hook forbids in a bidding state, or -1: the one number
    from 0 to the round's cards that the state's allowed mask leaves out."""
    missing = ((2 << state._s.r.plan.cards) - 1) & ~state._legal
    return missing.bit_length() - 1


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move in ``state``, in a fixed order (cards in card order,
    numbers rising, ``Pass`` last); empty once the game is over.

    >>> state = new_game(RuleSet(), seed=1, dealer=0)
    >>> legal_moves(state)
    (Bid(0), Bid(1))
    """
    try:
        phase = state._phase
    except AttributeError:
        raise _not_a_state(state) from None
    if phase is _PLAY:
        if _COMPILED:
            return _mask_plays(state._legal)
        mask = state._legal
        return _ONE_SUIT.get(mask) or _plays(mask)
    if phase is _BID:
        return _BID_MOVES.get(state._legal) or _bids(state._legal)
    if phase is _AUCTION:
        r = state._s.r
        return auction_moves(r.plan.cards, max(r.calls) if r.calls else -1)
    if phase is _CHOOSE_TRUMP:
        return TRUMP_CHOICES
    return ()


def is_legal(state: GameState, move: object) -> bool:
    """Whether ``move`` may be made in ``state`` (``False`` for anything that
    is not a move)."""
    try:
        phase = state._phase
    except AttributeError:
        raise _not_a_state(state) from None
    if phase is _PLAY:
        return type(move) is Play and bool(state._legal >> move.card.index & 1)
    if phase is _BID:
        return type(move) is Bid and bool(state._legal >> move.tricks & 1)
    return move in legal_moves(state)


def apply(state: GameState, move: Move, *, seat: int | None = None) -> GameState:
    """The state after ``move``; ``state`` itself never changes.

    With ``seat``, the move is made by that seat: a move by a seat whose
    turn it is not is refused with :class:`~pocha_rules.OutOfTurnError`
    (an :class:`~pocha_rules.IllegalMoveError`). An app that takes moves
    from several players passes the seat each move came from.

    Raises:
        IllegalMoveError: The move is not legal here; the error names the
            move, the seat and the rule.
        OutOfTurnError: ``seat`` is given and it is not its turn.
        PochaError: ``seat`` is not a seat of the game (code
            ``seat_out_of_range``).
        TypeError: ``state`` is not a :class:`GameState`, ``move`` not a
            move (a text such as ``"bid 2"`` is read by :func:`parse_move`)
            or ``seat`` not an int.

    >>> state = new_game(RuleSet(), seed=1, dealer=0)
    >>> apply(state, Bid(1)).bids
    (None, 1, None, None)
    >>> apply(state, Bid(2))
    Traceback (most recent call last):
    ...
    pocha_rules.IllegalMoveError: illegal move bid 2 by seat 1: bids run from 0 to 1 ...
    >>> apply(state, Bid(1), seat=2)
    Traceback (most recent call last):
    ...
    pocha_rules.OutOfTurnError: illegal move bid 1 by seat 2: it is seat 1's turn, not seat 2's

    """
    try:
        phase = state._phase
    except AttributeError:
        raise _not_a_state(state) from None
    if seat is not None:
        _check_seat(state, move, seat)
    if phase is _PLAY:
        if type(move) is _PLAY_MOVE:
            # The card. Compiled, it is found by identity among the legal
            # cards' interned plays (those legal_moves hands out), cheaper
            # than move.card.index, two attribute look-ups on classes that
            # are not compiled; any other Play, and every Play interpreted,
            # is read the long way.
            legal = state._legal
            bits = legal if _COMPILED else 0
            card = -1
            while bits:
                low = bits & -bits
                at = low.bit_length() - 1
                if _PLAYS[at] is move:
                    card = at
                    break
                bits ^= low
            if card >= 0 or legal >> (card := move.card.index) & 1:
                # The card goes to the trick (written out here, not called:
                # this is the path every card of every game takes).
                s = state._s
                played = state._played | 1 << card
                moves = (state._moves, move)
                trick = state._trick
                if trick:
                    win = state._win
                    size = len(trick)
                    best = trick[win]
                    if s.takes[best] >> card & 1:
                        win = size
                        best = card
                    n = s.players
                    if size + 1 == n:
                        # The trick is complete: its winner leads the next.
                        winner = (state._leader + win) % n
                        tricks = list(state._won)  # cheaper than slicing the tuple
                        tricks[winner] = tricks[winner] + 1  # compiled, += is generic and boxed
                        won = tuple(tricks)
                        dealt = s.dealt
                        if not dealt[state._to_move] & ~played:
                            return _finish_round(state, won, moves)
                        return GameState(
                            s, state._bids, winner, won, _PLAY, winner, played, (), 0, moves,
                            dealt[winner] & ~played,
                        )  # fmt: skip
                    led = trick[0]
                    # The trick so far, with the card: built whole (no
                    # one-card tuple to add).
                    if size == 1:
                        trick = (led, card)
                    elif size == 2:
                        trick = (led, trick[1], card)
                    else:
                        trick += (card,)
                    key = best * 4 + _SUIT_OF[led]
                else:
                    trick = (card,)
                    win = 0
                    key = card * 4 + _SUIT_OF[card]
                seat = state._to_move + 1
                if seat == s.players:
                    seat = 0
                # What the next seat may play: legal_plays, written out.
                hand = s.dealt[seat] & ~played
                first, second, third = s.follow[key]
                legal = hand & first or hand & second or hand & third or hand
                return GameState(
                    s, state._bids, state._leader, state._won, _PLAY, seat, played, trick, win,
                    moves, legal,
                )  # fmt: skip
    elif phase is _BID:
        if type(move) is _BID_MOVE and state._legal >> move.tricks & 1:
            return _bid(state, move)
    elif phase is _AUCTION:
        if (type(move) is Call or type(move) is Pass) and is_legal(state, move):
            return _call(state, move)
    elif phase is _CHOOSE_TRUMP and type(move) is ChooseTrump:
        return _choose_trump(state, move.suit)
    # Refused: only here is the move's type worth checking.
    if not isinstance(move, _MOVE_TYPES):
        raise TypeError(
            f"move must be a Bid, Play, ChooseTrump, Call or Pass, got {got(move)}"
            + (" (parse_move reads a move's text)" if isinstance(move, str) else "")
        )
    raise IllegalMoveError(move, state.to_move, explain(state, move) or say("not_legal"))


def _check_seat(state: GameState, move: Move, seat: int) -> None:
    """Refuse a move by ``seat`` when it is not its turn (a finished game
    is left to the move's own check)."""
    if type(seat) is not int:
        raise TypeError(f"seat must be an int, got {got(seat)}")
    if state._phase is not _OVER and seat != state._to_move:
        checks.seat(seat, state.rules.players)  # a seat at all
        raise OutOfTurnError(move, state._to_move, seat)


def play_unchecked(state: GameState, move: Play) -> GameState:
    """Play a card that is in the hand even if the obligations forbid it.

    Only for replaying a real table's record leniently, where somebody
    revoked; the game goes on as the table played it. A card the
    obligations forbid (a revoke) charges its seat ``rules.revoke_penalty``,
    and the end of the game and its winners count those penalties. Private:
    the public :func:`apply` never lets an illegal card through.
    """
    seat = state._to_move
    hand = _hand(state, seat)
    if state._phase is not _PLAY or type(move) is not Play:
        # Not a card, or not the time for one: never legal. (A card that is
        # not in the hand is refused by apply below, for the same reason.)
        reason = explain(state, move)
        assert reason is not None
        raise IllegalMoveError(move, state.to_move, reason)
    card = move.card.index
    s = state._s
    if not state._legal >> card & 1:
        ledger = s.ledger
        charged = list(ledger.penalties)
        charged[seat] += s.g.tables.rules.revoke_penalty
        s = s._replace(ledger=ledger._replace(penalties=tuple(charged)))
    # The same state with every card of the hand allowed: apply plays it.
    lenient = GameState(
        s, state._bids, state._leader, state._won, _PLAY, seat, state._played, state._trick,
        state._win, state._moves, hand,
    )  # fmt: skip
    return apply(lenient, move)


def score(state: GameState) -> tuple[int, ...]:
    """The cumulative totals by seat, counting every finished round."""
    try:
        return state._s.ledger.totals
    except AttributeError:
        raise _not_a_state(state) from None


def _not_a_state(value: object) -> TypeError:
    return TypeError(f"state must be a GameState, got {got(value)}")


# --- transitions ----------------------------------------------------------


def _hand(state: GameState, seat: int) -> int:
    return state._s.dealt[seat] & ~state._played


def _bid(state: GameState, move: Bid) -> GameState:
    seat = state._to_move
    s = state._s
    r = s.r
    said = list(state._bids)  # cheaper than slicing the tuple
    said[seat] = move.tricks
    bids = tuple(said)
    moves = (state._moves, move)
    order = r.bid_order
    played = state._played
    leader = state._leader
    won = state._won
    hooked_seat = order[-1]
    if seat != hooked_seat:
        at = 0
        while order[at] != seat:
            at += 1
        nxt = order[at + 1]
        if nxt == hooked_seat:
            legal = _bid_mask(s.g.tables, r, bids, nxt)
        else:
            legal = (2 << r.plan.cards) - 1
        return GameState(s, bids, leader, won, _BID, nxt, played, (), 0, moves, legal)
    lead = r.leader
    legal = s.dealt[lead] & ~played
    return GameState(s, bids, leader, won, _PLAY, lead, played, (), 0, moves, legal)


def _call(state: GameState, move: Call | Pass) -> GameState:
    s = state._s
    r = s.r
    n = s.players
    calls = r.calls + (move.tricks if type(move) is Call else -1,)
    moves = (state._moves, move)
    if len(calls) < n:
        s = s._replace(r=r._replace(calls=calls))
        nxt = (state._to_move + 1) % n
        return GameState(
            s, state._bids, state._leader, state._won, _AUCTION, nxt, state._played, (), 0,
            moves, 0,
        )  # fmt: skip
    best = max(calls)
    winner = (r.eldest + calls.index(best)) % n
    order = tuple(s for s in ((r.eldest + i) % n for i in range(n)) if s != winner)
    leader = winner if s.g.tables.auction_winner_leads else r.eldest
    info = r._replace(calls=calls, auction_winner=winner, bid_order=order, leader=leader)
    bids = (*state._bids[:winner], best, *state._bids[winner + 1 :])
    s = stretch(s.g, info, s.ledger)
    return GameState(
        s, bids, leader, state._won, _CHOOSE_TRUMP, winner, state._played, (), 0, moves, 0
    )


def _choose_trump(state: GameState, suit: Suit) -> GameState:
    s = state._s
    r = s.r._replace(trump=suit.value)
    s = stretch(s.g, r, s.ledger)
    moves = (state._moves, TRUMP_CHOICES[suit.value])
    first = r.bid_order[0]
    bids = state._bids
    legal = _bid_mask(s.g.tables, r, bids, first)
    return GameState(
        s, bids, state._leader, state._won, _BID, first, state._played, (), 0, moves, legal
    )


def _finish_round(state: GameState, won: tuple[int, ...], moves: MoveChain) -> GameState:
    s = state._s
    g = s.g
    t = g.tables
    r = s.r
    trump = r.trump
    cards = r.plan.cards
    bids = state._bids
    points = t.points_of(cards, trump)
    scores = tuple([points[bids[seat]][won[seat]] for seat in range(len(bids))])
    # The result's fields: ``laid_out`` makes the RoundResult (an attrs
    # class, slow to build) when the finished rounds are first asked for.
    result = (r.number, r.dealer, cards, r.plan.kind, _SUITS[trump], bids, won, scores)
    old = s.ledger
    before = old.totals
    totals = tuple([before[seat] + scores[seat] for seat in range(len(scores))])
    # One link added to the chain of finished rounds: nothing before it is copied.
    past = (old.past, result, moves, r.deal)
    ledger = _new(_LEDGER, (old.rounds + 1, past, totals, old.penalties))
    return _start_round(g, ledger, r.number + 1, state, won)


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
    try:
        phase = state._phase
    except AttributeError:
        raise _not_a_state(state) from None
    if phase is _OVER:
        return say("game_over")
    if not isinstance(move, _MOVE_TYPES):
        return say("not_a_move", got=shown(move))
    kinds = {
        Phase.AUCTION: (Call, Pass),
        Phase.CHOOSE_TRUMP: (ChooseTrump,),
        Phase.BID: (Bid,),
        Phase.PLAY: (Play,),
    }[phase]
    if type(move) not in kinds:
        return say("wrong_phase", expected=_EXPECTED[phase], phase=phase.value, move=str(move))
    r = state._s.r
    cards = r.plan.cards
    if type(move) is Play:
        t = state._s.g.tables
        hand = _hand(state, state._to_move)
        return explain_play(t, hand, state._trick, state._win, r.trump, move.card.index)
    if type(move) is Bid:
        if move.tricks > cards:
            return say("bid_out_of_range", cards=cards)
        if move.tricks == _forbidden(state):
            return say("hook", bid=move.tricks, cards=cards)
        return None
    if type(move) is Pass:
        return None if r.calls else say("first_must_call")
    if type(move) is Call:
        highest = max(r.calls) if r.calls else -1
        if move.tricks > cards:
            return say("call_out_of_range", cards=cards)
        if move.tricks <= highest:
            return say("call_too_low", highest=highest)
    return None
