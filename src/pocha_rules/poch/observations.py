r"""Observation vectors for Poch: a seat's view as a fixed-length vector.

:func:`encode_view` turns a :class:`~pocha_rules.poch.PlayerView` into a
flat list of floats whose length depends on the
:class:`~pocha_rules.poch.RuleSet` alone (:func:`observation_size`), on the
pattern of Pocha's :mod:`pocha_rules.observations`; :func:`encode_view_into`
writes it into a buffer (a NumPy array...). :func:`observation_layout` lists
the fields with their offsets, shapes, bounds and meanings.

The vector is computed from the view alone, so it never holds a card the
seat cannot see: two states that differ only in hidden cards give the same
vector. Seats are **relative**: row 0 of a per-seat field is the observer,
row 1 the seat after it, and so on. Cards are indexed by their play id
order in :mod:`pocha_rules.poch.actions` (the pack in card order); pools in
board order (ace, king, queen, jack, ten, marriage, sequence, poch,
centre). One-hot fields are all 0 while unknown; chips are plain numbers
(scale them as your model needs).

>>> from pocha_rules.poch import RuleSet, new_game, observe
>>> rules = RuleSet(players=4)
>>> observation_size(rules)
444
>>> vector = encode_view(observe(new_game(rules, seed=1, dealer=0), 1))
>>> sum(vector[:32])  # the five cards of the seat's hand
5.0

The fields, in order (*n* players, *D* cards in the pack, 9 pools):

================  ======  ==================================================
field             shape   meaning
================  ======  ==================================================
``hand``          D       the seat's own cards
``turnup``        D       the turned-up card
``trump``         4       the trump suit, one-hot (clubs, diamonds, hearts,
                          spades)
``phase``         4       betting, the opener's decision, shedding, over
``deal``          1       the deal's number (0 for the first)
``dealer``        n       the dealer
``to_move``       n       the seat to move (all 0 once the game is over)
``out``           n       1 for a seat out of the game
``balances``      n       every seat's chips
``pools``         9       the chips in each pool (the centre 0 without one)
``hand_sizes``    n       cards each seat holds
``shown``         n, D    cards each seat has shown and not yet shed
``takings``       n, 9    the pools each seat took in the deal's first phase
``opener``        n       the seat that opened the betting
``contestants``   n       the seats still in the betting
``stakes``        n       each seat's bets in the deal (chips)
``level``         1       the stake every contestant must reach (chips)
``bet_rounds``    1       the betting rounds opened so far
``poch_winners``  n       who took the poch pool in the deal
``table``         n, D    the cards each seat has shed in the deal
``last_card``     D       the last card of the series being played (all 0
                          when a series is to begin)
================  ======  ==================================================
"""

from __future__ import annotations

import math
from typing import Final

from pocha_rules._common.observations import (
    Encoder,
    Encoders,
    FieldSpec,
    FloatBuffer,
    ObservationField,
    card_ids,
)
from pocha_rules.poch._cards import deck_indices
from pocha_rules.poch._rules import POOLS, RuleSet
from pocha_rules.poch._state import Phase
from pocha_rules.poch.views import PlayerView

__all__ = [
    "FloatBuffer",
    "ObservationField",
    "encode_view",
    "encode_view_into",
    "observation_layout",
    "observation_size",
    "view_text",
]


_PHASES: Final = (Phase.BETTING, Phase.DECIDING, Phase.SHEDDING, Phase.OVER)
_INF: Final = math.inf


class _Encoder(Encoder):
    """The layout of one rule set and the look-ups that fill it (private)."""

    def __init__(self, rules: RuleSet) -> None:
        n = rules.players
        cards = deck_indices(rules.deck)
        deck = len(cards)
        pools = len(POOLS)
        specs: list[FieldSpec] = [
            ("hand", (deck,), "the seat's own cards", 0.0, 1.0),
            ("turnup", (deck,), "the turned-up card", 0.0, 1.0),
            ("trump", (4,), "the trump suit, one-hot: clubs, diamonds, hearts, spades", 0.0, 1.0),
            ("phase", (4,), "one-hot: betting, the opener's decision, shedding, over", 0.0, 1.0),
            ("deal", (1,), "the deal's number, 0 for the first", 0.0, _INF),
            ("dealer", (n,), "the dealer, by relative seat", 0.0, 1.0),
            ("to_move", (n,), "the seat to move, by relative seat (all 0 once over)", 0.0, 1.0),
            ("out", (n,), "1 for a seat out of the game", 0.0, 1.0),
            ("balances", (n,), "every seat's chips", -_INF, _INF),
            ("pools", (pools,), "the chips in each pool, in board order", 0.0, _INF),
            ("hand_sizes", (n,), "how many cards each seat holds", 0.0, 5.0),
            ("shown", (n, deck), "the cards each seat has shown and not yet shed", 0.0, 1.0),
            ("takings", (n, pools), "the pools each seat took in the first phase", 0.0, 1.0),
            ("opener", (n,), "the seat that opened the betting", 0.0, 1.0),
            ("contestants", (n,), "the seats still in the betting", 0.0, 1.0),
            ("stakes", (n,), "each seat's bets in the deal, in chips", 0.0, _INF),
            ("level", (1,), "the stake every contestant must reach, in chips", 0.0, _INF),
            ("bet_rounds", (1,), "the betting rounds opened so far", 0.0, _INF),
            ("poch_winners", (n,), "who took the poch pool in the deal", 0.0, 1.0),
            ("table", (n, deck), "the cards each seat has shed in the deal", 0.0, 1.0),
            ("last_card", (deck,), "the last card of the series being played", 0.0, 1.0),
        ]
        super().__init__(specs)
        self.at = {field.name: field.offset for field in self.fields}
        self.players = n
        self.deck = deck
        self.card_id = card_ids(cards, 52)

    def entries(self, view: PlayerView) -> list[tuple[int, float]]:
        """The non-zero entries of ``view``'s vector, as ``(index, value)``."""
        n = self.players
        deck = self.deck
        seat = view.seat
        ids = self.card_id
        at = self.at
        out: list[tuple[int, float]] = []
        add = out.append

        def rel(other: int) -> int:
            return (other - seat) % n

        for card in view.hand:
            add((at["hand"] + ids[card.index], 1.0))
        if view.turnup is not None:
            add((at["turnup"] + ids[view.turnup.index], 1.0))
            add((at["trump"] + view.turnup.suit.value, 1.0))
        add((at["phase"] + _PHASES.index(view.phase), 1.0))
        if view.deal_number > 0:
            add((at["deal"], float(view.deal_number)))
        if view.dealer is not None:
            add((at["dealer"] + rel(view.dealer), 1.0))
        if view.to_move is not None:
            add((at["to_move"] + rel(view.to_move), 1.0))
        for other in view.out:
            add((at["out"] + rel(other), 1.0))
        for other, chips in enumerate(view.balances):
            if chips:
                add((at["balances"] + rel(other), float(chips)))
        for name, chips in view.pools:
            if chips:
                add((at["pools"] + POOLS.index(name), float(chips)))
        for other, size in enumerate(view.hand_sizes):
            if size:
                add((at["hand_sizes"] + rel(other), float(size)))
        for other, cards in enumerate(view.shown):
            for card in cards:
                add((at["shown"] + rel(other) * deck + ids[card.index], 1.0))
        for name, taker in view.takings:
            add((at["takings"] + rel(taker) * len(POOLS) + POOLS.index(name), 1.0))
        if view.opener is not None:
            add((at["opener"] + rel(view.opener), 1.0))
        if view.phase is not Phase.OVER:
            for other in view.contestants:
                add((at["contestants"] + rel(other), 1.0))
        for other, chips in enumerate(view.stakes):
            if chips:
                add((at["stakes"] + rel(other), float(chips)))
        if view.level:
            add((at["level"], float(view.level)))
        if view.bet_rounds:
            add((at["bet_rounds"], float(view.bet_rounds)))
        for other in view.poch_winners:
            add((at["poch_winners"] + rel(other), 1.0))
        for other, card in view.table:
            add((at["table"] + rel(other) * deck + ids[card.index], 1.0))
        if view.last_card is not None:
            add((at["last_card"] + ids[view.last_card.index], 1.0))
        return out


_ENCODERS: Final = Encoders(_Encoder, RuleSet, PlayerView, "poch ")


def observation_layout(rules: RuleSet) -> tuple[ObservationField, ...]:
    """The fields of the vector under ``rules``, in order; they tile it from
    0 to :func:`observation_size` with no gap.

    >>> from pocha_rules.poch import RuleSet
    >>> layout = {field.name: field for field in observation_layout(RuleSet(players=3))}
    >>> layout["stakes"].offset, layout["stakes"].shape, layout["table"].shape
    (226, (3,), (3, 32))
    """
    return _ENCODERS.of_rules(rules).fields


def observation_size(rules: RuleSet) -> int:
    """The length of the vector under ``rules``."""
    return _ENCODERS.of_rules(rules).size


def encode_view(view: PlayerView) -> list[float]:
    """The observation vector of ``view``, as a new list of floats.

    Raises:
        TypeError: ``view`` is not a Poch :class:`~pocha_rules.poch.PlayerView`.

    """
    return _ENCODERS.encode(view)


def encode_view_into(view: PlayerView, buffer: FloatBuffer) -> None:
    """Write the vector of ``view`` into ``buffer`` (a list, an
    ``array.array("f")``, a NumPy array... of :func:`observation_size`
    numbers), whatever it held.

    Raises:
        TypeError: ``view`` is not a Poch view.
        ValueError: ``buffer`` has the wrong length.

    """
    _ENCODERS.encode_into(view, buffer)


def view_text(view: PlayerView) -> str:
    """What the seat sees at the table, as text: the deal, the board, the
    chips, trump, the betting, the table and its own hand.

    >>> from pocha_rules.poch import RuleSet, new_game, observe
    >>> print(view_text(observe(new_game(RuleSet(players=3), seed=2, dealer=0), 1)))
    deal 1, seat 0 deals; seat 1 to move (betting)
    board: ace 0, king 3, queen 3, jack 3, ten 0, marriage 3, sequence 3, poch 3
    chips: 45, 45, 42
    trump: hearts (Ah turned up)
    seat 1 holds: 10h 8s Js Qs As
    """
    if view.is_over:
        head = "the game is over"
    else:
        head = f"deal {view.deal_number + 1}, seat {view.dealer} deals; "
        head += f"seat {view.to_move} to move ({view.phase.value})"
    lines = [
        head,
        "board: " + ", ".join(f"{name} {chips}" for name, chips in view.pools),
        "chips: " + ", ".join(str(chips) for chips in view.balances),
    ]
    if view.is_over:
        return "\n".join(lines)
    if view.turnup is not None:
        lines.append(f"trump: {view.turnup.suit} ({view.turnup} turned up)")
    if view.opener is not None:
        stakes = ", ".join(str(chips) for chips in view.stakes)
        lines.append(f"betting: opened by seat {view.opener}, level {view.level}, stakes {stakes}")
    if view.table:
        lines.append("table: " + ", ".join(f"seat {s} {c}" for s, c in view.table))
    lines.append(f"seat {view.seat} holds: {' '.join(map(str, view.hand)) or '(nothing)'}")
    return "\n".join(lines)
