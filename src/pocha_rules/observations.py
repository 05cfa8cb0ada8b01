r"""Observation tensors: a seat's view as a fixed-length vector of numbers.

A learning agent wants what its seat knows as numbers, always in the same
places. :func:`encode_view` turns a :class:`~pocha_rules.PlayerView` into a
flat vector of floats whose length depends on the :class:`~pocha_rules.RuleSet`
alone (:func:`observation_size`); :func:`encode_view_into` writes it into a
buffer, such as a NumPy array. Its layout is data: :func:`observation_layout`
lists the fields, each with its name, offset, size, shape and meaning, so that
every consumer (the PettingZoo and OpenSpiel adapters, a batch engine filling
the same vector for many games at once, a network's input layer) reads the
same definition.

The encoding is computed from the view alone, so it never holds a card the
seat cannot see: two states that differ only in hidden cards give the same
vector. Seats are **relative**: seat 0 of every per-seat field is the
observer, seat 1 the next one to its left (the seat after it in turn order),
and so on. Cards are indexed as the play ids of :mod:`pocha_rules.actions`
(the deck in play, in card order), bids and calls by their number. One-hot
fields are all 0 while their value is unknown; counts and scores are plain
numbers (scale them as your model needs).

Every field has bounds (:attr:`ObservationField.low` and ``high``) that hold
in every state of its rules. Those of ``scores`` are the lowest and highest
totals the schedule can reach, round after round; under
``tiebreak="one_card_rounds"`` they are infinite, because tied players play
one more round until the tie breaks, so a game has no bound on its length
and neither have its totals.

>>> from pocha_rules import RuleSet, new_game, observe
>>> rules = RuleSet()
>>> observation_size(rules)
539
>>> [field.name for field in observation_layout(rules)][:6]
['hand', 'trump', 'trump_card', 'dealer_holds_trump_card', 'phase', 'round_kind']
>>> vector = encode_view(observe(new_game(rules, seed=1, dealer=0), 1))
>>> len(vector), sum(vector[:40])  # one card in the first round's hand
(539, 1.0)

The fields, in order (*n* players, *D* cards in the deck, *B* the largest
hand plus one, *A* the largest auction round plus one, *R* the rounds of the
schedule plus one):

============================  ======  ================================================
field                         shape   meaning
============================  ======  ================================================
``hand``                      D       the seat's own cards, as it sees them
``other_hands``               n-1, D  the others' cards, seen in a blind round (only
                                      when the schedule has blind rounds)
``trump``                     4       the trump suit, one-hot (oros, copas, espadas,
                                      bastos)
``trump_card``                D       the card turned up, or the dealer's shown card
``dealer_holds_trump_card``   1       1 while the dealer still holds its shown card
``phase``                     5       auction, choose trump, bid, play, over
``round_kind``                3       normal, auction, blind
``round_index``               R       the round's place in the schedule; the last
                                      slot is a tiebreak round
``round_cards``               B-1     cards dealt to each player this round (1 to B-1)
``dealer``                    n       the dealer, by relative seat
``to_move``                   n       the seat to move (all 0 once the game is over)
``leader``                    n       the seat that leads (or led) the current trick
``calls``                     n, A+1  each seat's auction call, the last column a
                                      pass (only with auction rounds)
``auction_winner``            n       the auction's winner (only with auction rounds)
``bids``                      n, B    each seat's bid
``last_bidder``               n       the seat that bids last, under the hook
``forbidden_bid``             B       the bid the hook forbids the last bidder
``tricks_won``                n       tricks won this round (counts)
``tricks_needed``             n       bid less tricks won (0 before the seat bids)
``trick``                     n, D    the cards on the table, by who played them
``played``                    n, D    every card played this round, by who played it
``hand_sizes``                n       cards each seat holds now (counts)
``scores``                    n       each seat's total so far (points)
============================  ======  ================================================
"""

from __future__ import annotations

import math
from typing import Final

from pocha_rules._common.observations import (
    Encoder,
    Encoders,
    FloatBuffer,
    ObservationField,
    card_ids,
)
from pocha_rules._common.text import shown as _shown
from pocha_rules._pocha.cards import Suit
from pocha_rules._pocha.knowledge import forbidden_bid
from pocha_rules._pocha.moves import Call
from pocha_rules._pocha.rules import RuleSet, Tiebreak
from pocha_rules._pocha.schedules import RoundKind
from pocha_rules._pocha.scoring import round_score
from pocha_rules._pocha.state import Phase
from pocha_rules.actions import action_table
from pocha_rules.views import PlayerView

__all__ = [
    "FloatBuffer",
    "ObservationField",
    "encode_view",
    "encode_view_into",
    "observation_layout",
    "observation_size",
    "view_text",
]


_PHASES: Final = (Phase.AUCTION, Phase.CHOOSE_TRUMP, Phase.BID, Phase.PLAY, Phase.OVER)
_KINDS: Final = (RoundKind.NORMAL, RoundKind.AUCTION, RoundKind.BLIND)


def _score_bounds(rules: RuleSet) -> tuple[float, float]:
    """The lowest and highest total a seat can have at any point of a game:
    the running sums of each round's lowest and highest points, from 0
    before the first round; infinite when tiebreak rounds have no end."""
    if rules.tiebreak is Tiebreak.ONE_CARD_ROUNDS:
        return -math.inf, math.inf
    extremes: dict[int, tuple[int, int]] = {}
    low = high = lowest = highest = 0
    for entry in rules.schedule:
        cards = entry.cards
        if cards not in extremes:
            points = [
                round_score(rules, cards, trump, bid, won)
                for trump in Suit
                for bid in range(cards + 1)
                for won in range(cards + 1)
            ]
            extremes[cards] = (min(points), max(points))
        least, most = extremes[cards]
        low += least
        high += most
        lowest = min(lowest, low)
        highest = max(highest, high)
    return float(lowest), float(highest)


class _Encoder(Encoder):
    """The layout of one rule set and the look-ups that fill it (private)."""

    def __init__(self, rules: RuleSet) -> None:
        table = action_table(rules)
        n = rules.players
        deck = len(table.cards)
        schedule = rules.schedule
        largest = max(entry.cards for entry in schedule)
        auctions = [entry.cards for entry in schedule if entry.kind is RoundKind.AUCTION]
        blind = any(entry.kind is RoundKind.BLIND for entry in schedule)
        parts: list[tuple[str, tuple[int, ...], str]] = [
            ("hand", (deck,), "the seat's own cards, as it sees them"),
        ]
        if blind:
            parts.append(
                ("other_hands", (n - 1, deck), "the others' cards, seen in a blind round")
            )
        parts += [
            ("trump", (4,), "the trump suit, one-hot: oros, copas, espadas, bastos"),
            ("trump_card", (deck,), "the card turned up, or the dealer's shown card"),
            ("dealer_holds_trump_card", (1,), "1 while the dealer still holds its shown card"),
            ("phase", (5,), "one-hot: auction, choose trump, bid, play, over"),
            ("round_kind", (3,), "one-hot: normal, auction, blind"),
            (
                "round_index",
                (len(schedule) + 1,),
                "the round's place in the schedule; the last slot is a tiebreak round",
            ),
            ("round_cards", (largest,), "cards dealt to each player this round: 1 to the largest"),
            ("dealer", (n,), "the dealer, by relative seat"),
            ("to_move", (n,), "the seat to move, by relative seat (all 0 once over)"),
            ("leader", (n,), "the seat that leads or led the current trick"),
        ]
        if auctions:
            parts += [
                (
                    "calls",
                    (n, max(auctions) + 2),
                    "each seat's auction call, one-hot by number; the last column is a pass",
                ),
                ("auction_winner", (n,), "the winner of the auction, by relative seat"),
            ]
        parts += [
            ("bids", (n, largest + 1), "each seat's bid, one-hot by number"),
            ("last_bidder", (n,), "the seat that bids last, under the hook"),
            ("forbidden_bid", (largest + 1,), "the bid the hook forbids the last bidder"),
            ("tricks_won", (n,), "tricks won this round, by relative seat"),
            ("tricks_needed", (n,), "bid less tricks won, by relative seat (0 before bidding)"),
            ("trick", (n, deck), "the cards on the table, by the seat that played them"),
            ("played", (n, deck), "every card played this round, by the seat that played it"),
            ("hand_sizes", (n,), "how many cards each seat holds now"),
            ("scores", (n,), "each seat's total score so far, in points"),
        ]
        # Fields of counts and points; the others hold 0 or 1.
        bounds = {
            "tricks_won": (0.0, float(largest)),
            "tricks_needed": (-float(largest), float(largest)),
            "hand_sizes": (0.0, float(largest)),
            "scores": _score_bounds(rules),
        }
        super().__init__(
            (name, shape, meaning, *bounds.get(name, (0.0, 1.0))) for name, shape, meaning in parts
        )
        at = {field.name: field.offset for field in self.fields}
        self.players = n
        self.deck = deck
        self.rounds = len(schedule)
        self.bids = largest + 1
        self.calls = max(auctions) + 2 if auctions else 0
        # Card index (0-47) -> play id, -1 for a card not in the deck.
        self.card_id = card_ids((card.index for card in table.cards), 48)
        self.hand = at["hand"]
        self.other_hands = at.get("other_hands", -1)
        self.trump = at["trump"]
        self.trump_card = at["trump_card"]
        self.holds = at["dealer_holds_trump_card"]
        self.phase = at["phase"]
        self.kind = at["round_kind"]
        self.round_index = at["round_index"]
        self.round_cards = at["round_cards"]
        self.dealer = at["dealer"]
        self.to_move = at["to_move"]
        self.leader = at["leader"]
        self.call_at = at.get("calls", -1)
        self.winner = at.get("auction_winner", -1)
        self.bid_at = at["bids"]
        self.last_bidder = at["last_bidder"]
        self.forbidden = at["forbidden_bid"]
        self.won = at["tricks_won"]
        self.needed = at["tricks_needed"]
        self.trick = at["trick"]
        self.played = at["played"]
        self.hand_sizes = at["hand_sizes"]
        self.scores = at["scores"]

    def entries(self, view: PlayerView) -> list[tuple[int, float]]:
        """The non-zero entries of ``view``'s vector, as ``(index, value)``."""
        n = self.players
        deck = self.deck
        seat = view.seat
        ids = self.card_id
        out: list[tuple[int, float]] = []
        add = out.append
        for card in view.hand:
            add((self.hand + ids[card.index], 1.0))
        if self.other_hands >= 0:
            for other, hand in enumerate(view.visible_hands):
                if hand is not None and other != seat:
                    row = self.other_hands + ((other - seat) % n - 1) * deck
                    for card in hand:
                        add((row + ids[card.index], 1.0))
        if view.trump is not None:
            add((self.trump + view.trump.value, 1.0))
        if view.trump_card is not None:
            add((self.trump_card + ids[view.trump_card.index], 1.0))
        if view.dealer_holds_trump_card:
            add((self.holds, 1.0))
        phase = view.phase
        add((self.phase + _PHASES.index(phase), 1.0))
        add((self.kind + _KINDS.index(view.round.kind), 1.0))
        add((self.round_index + min(view.round_index, self.rounds), 1.0))
        add((self.round_cards + view.round.cards - 1, 1.0))
        add((self.dealer + (view.dealer - seat) % n, 1.0))
        if view.to_move is not None:
            add((self.to_move + (view.to_move - seat) % n, 1.0))
        add((self.leader + (view.leader - seat) % n, 1.0))
        if self.call_at >= 0:
            calls = self.calls
            for caller, call in view.calls:
                column = call.tricks if type(call) is Call else calls - 1
                add((self.call_at + ((caller - seat) % n) * calls + column, 1.0))
            if view.auction_winner is not None:
                add((self.winner + (view.auction_winner - seat) % n, 1.0))
        width = self.bids
        won = view.tricks_won
        for other, bid in enumerate(view.bids):
            relative = (other - seat) % n
            if bid is not None:
                add((self.bid_at + relative * width + bid, 1.0))
                if bid != won[other]:
                    add((self.needed + relative, float(bid - won[other])))
            if won[other]:
                add((self.won + relative, float(won[other])))
        if view.bid_order:
            add((self.last_bidder + (view.bid_order[-1] - seat) % n, 1.0))
        forbidden = forbidden_bid(view)
        if forbidden is not None:
            add((self.forbidden + forbidden, 1.0))
        for other, card in view.trick:
            add((self.trick + ((other - seat) % n) * deck + ids[card.index], 1.0))
        for other, card in view.played:
            add((self.played + ((other - seat) % n) * deck + ids[card.index], 1.0))
        for other, size in enumerate(view.hand_sizes):
            if size:
                add((self.hand_sizes + (other - seat) % n, float(size)))
        for other, total in enumerate(view.scores):
            if total:
                add((self.scores + (other - seat) % n, float(total)))
        return out


_ENCODERS: Final = Encoders(_Encoder, RuleSet, PlayerView, "")


def observation_layout(rules: RuleSet) -> tuple[ObservationField, ...]:
    """The fields of the observation vector under ``rules``, in order; they
    tile it from 0 to :func:`observation_size` with no gap.

    >>> from pocha_rules import RuleSet
    >>> layout = {field.name: field for field in observation_layout(RuleSet())}
    >>> layout["bids"].offset, layout["bids"].shape, layout["bids"].meaning
    (144, (4, 11), "each seat's bid, one-hot by number")
    >>> full = observation_layout(RuleSet(schedule="full"))
    >>> "calls" in layout, "calls" in {field.name for field in full}
    (False, True)
    """
    return _ENCODERS.of_rules(rules).fields


def observation_size(rules: RuleSet) -> int:
    """The length of the observation vector under ``rules``."""
    return _ENCODERS.of_rules(rules).size


def encode_view(view: PlayerView) -> list[float]:
    """The observation vector of ``view``, as a new list of floats.

    Raises:
        TypeError: ``view`` is not a :class:`~pocha_rules.PlayerView`.

    """
    return _ENCODERS.encode(view)


def encode_view_into(view: PlayerView, buffer: FloatBuffer) -> None:
    """Write the observation vector of ``view`` into ``buffer``, whatever it
    held: any mutable sequence of :func:`observation_size` numbers (a list,
    an ``array.array("f")``, a NumPy array or a slice of one...).

    Raises:
        TypeError: ``view`` is not a :class:`~pocha_rules.PlayerView`.
        ValueError: ``buffer`` has the wrong length.

    >>> from array import array
    >>> from pocha_rules import RuleSet, new_game, observe
    >>> view = observe(new_game(RuleSet(), seed=1, dealer=0), 1)
    >>> buffer = array("f", [1.0] * observation_size(view.rules))
    >>> encode_view_into(view, buffer)
    >>> list(buffer) == encode_view(view)
    True

    """
    _ENCODERS.encode_into(view, buffer)


def view_text(view: PlayerView) -> str:
    """What the seat sees at the table, as text: the round, trump, calls,
    bids, tricks, the cards on the table, the scores and its own hand (in a
    blind round, the others' cards).

    >>> from pocha_rules import RuleSet, new_game, observe
    >>> print(view_text(observe(new_game(RuleSet(), seed=1, dealer=0), 1)))
    round 1 of 28: 1 card each (normal), seat 0 deals; seat 1 to bid
    trump: ... turned up
    bids: -, -, -, -
    won: 0, 0, 0, 0
    scores: 0, 0, 0, 0
    seat 1 holds: ...
    """
    if not isinstance(view, PlayerView):
        raise TypeError(f"expected a PlayerView, got {type(view).__name__}: {_shown(view)}")
    n = view.players
    total = len(view.rules.schedule)
    number = (
        f"round {view.round_index + 1} of {total}"
        if view.round_index < total
        else f"tiebreak round {view.round_index + 1 - total}"
    )
    cards = view.round.cards
    lines = [
        f"{number}: {cards} card{'s' if cards > 1 else ''} each ({view.round.kind.value}), "
        f"seat {view.dealer} deals; "
        + (
            "the game is over"
            if view.to_move is None
            else f"seat {view.to_move} to {_ACTS[view.phase]}"
        )
    ]
    if view.trump is None:
        lines.append("trump: not chosen yet")
    else:
        shown = view.trump_card
        how = ""
        if shown is not None:
            how = (
                f", seat {view.dealer} showed {shown}"
                if view.trump_card_shown_by_dealer
                else f", {shown} turned up"
            )
        lines.append(f"trump: {view.trump}{how}")
    if view.calls:
        lines.append("auction: " + ", ".join(f"seat {s} {c}" for s, c in view.calls))
    lines.append("bids: " + ", ".join("-" if bid is None else str(bid) for bid in view.bids))
    lines.append("won: " + ", ".join(str(won) for won in view.tricks_won))
    if view.trick:
        lines.append("table: " + ", ".join(f"seat {s} {c}" for s, c in view.trick))
    lines.append("scores: " + ", ".join(str(total) for total in view.scores))
    if view.is_over:
        return "\n".join(lines)
    for seat in range(n):
        hand = view.visible_hands[seat]
        if hand is not None and (seat == view.seat or view.round.kind is RoundKind.BLIND):
            lines.append(f"seat {seat} holds: {' '.join(map(str, hand)) or '(nothing)'}")
    if view.round.kind is RoundKind.BLIND and view.visible_hands[view.seat] is None:
        lines.append(f"seat {view.seat} holds: (its own card is hidden)")
    return "\n".join(lines)


_ACTS: Final = {
    Phase.AUCTION: "call",
    Phase.CHOOSE_TRUMP: "choose trump",
    Phase.BID: "bid",
    Phase.PLAY: "play",
    Phase.OVER: "wait",
}
