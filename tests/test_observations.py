"""Observation vectors: the layout, each field's meaning, and that nothing hidden leaks."""

from __future__ import annotations

import random
from array import array
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pocha_rules import (
    Call,
    GameState,
    Phase,
    PlayerView,
    RoundKind,
    RuleSet,
    new_game,
    observe,
    sample_state,
)
from pocha_rules.actions import action_table
from pocha_rules.observations import (
    ObservationField,
    encode_view,
    encode_view_into,
    observation_layout,
    observation_size,
    view_text,
)
from tests.strategies import any_rules, game_states, play_out, rule_sets

# --- the layout ----------------------------------------------------------------------


@given(rule_sets(presets=True))
def test_the_fields_tile_the_vector(rules: RuleSet) -> None:
    layout = observation_layout(rules)
    offset = 0
    for field in layout:
        assert isinstance(field, ObservationField)
        assert field.offset == offset
        size = 1
        for length in field.shape:
            size *= length
        assert field.size == size > 0
        assert field.slice == slice(offset, offset + size)
        assert field.meaning
        counts = {"tricks_won", "tricks_needed", "hand_sizes", "scores"}
        assert (field.low, field.high) == (0.0, 1.0) or field.name in counts
        offset += size
    assert offset == observation_size(rules)
    assert len({field.name for field in layout}) == len(layout)


@given(rule_sets(presets=True))
def test_the_layout_follows_from_the_options(rules: RuleSet) -> None:
    n = rules.players
    deck = rules.deck_size
    largest = max(entry.cards for entry in rules.schedule)
    kinds = {entry.kind for entry in rules.schedule}
    shapes = {field.name: field.shape for field in observation_layout(rules)}
    assert shapes["hand"] == (deck,)
    assert shapes["bids"] == (n, largest + 1)
    assert shapes["played"] == shapes["trick"] == (n, deck)
    assert shapes["round_index"] == (len(rules.schedule) + 1,)
    assert ("other_hands" in shapes) == (RoundKind.BLIND in kinds)
    assert ("calls" in shapes) == ("auction_winner" in shapes) == (RoundKind.AUCTION in kinds)
    if RoundKind.AUCTION in kinds:
        top = max(e.cards for e in rules.schedule if e.kind is RoundKind.AUCTION)
        assert shapes["calls"] == (n, top + 2)


def test_the_default_rules_have_539_numbers() -> None:
    assert observation_size(RuleSet()) == 539
    assert observation_size(RuleSet(schedule="full")) > observation_size(RuleSet())


# --- each field means what the layout says ----------------------------------------------


def reference_vector(view: PlayerView) -> list[float]:
    """The vector written out field by field from the layout's meanings, by
    relative seat, with plain nested lists."""
    rules = view.rules
    n = rules.players
    seat = view.seat
    cards = list(action_table(rules).cards)

    def rel(other: int) -> int:
        return (other - seat) % n

    fields: dict[str, Any] = {}
    for field in observation_layout(rules):
        if len(field.shape) == 1:
            fields[field.name] = [0.0] * field.shape[0]
        else:
            fields[field.name] = [[0.0] * field.shape[1] for _ in range(field.shape[0])]
    for card in view.hand:
        fields["hand"][cards.index(card)] = 1.0
    if "other_hands" in fields:
        for other, hand in enumerate(view.visible_hands):
            if other != seat and hand is not None:
                for card in hand:
                    fields["other_hands"][rel(other) - 1][cards.index(card)] = 1.0
    if view.trump is not None:
        fields["trump"][["oros", "copas", "espadas", "bastos"].index(str(view.trump))] = 1.0
    if view.trump_card is not None:
        fields["trump_card"][cards.index(view.trump_card)] = 1.0
    shown = view.trump_card_shown_by_dealer
    holds = shown and view.trump_card not in [p.card for p in view.played]
    fields["dealer_holds_trump_card"][0] = float(holds and not view.is_over)
    phases = ["auction", "choose_trump", "bid", "play", "over"]
    fields["phase"][phases.index(view.phase.value)] = 1.0
    fields["round_kind"][["normal", "auction", "blind"].index(view.round.kind.value)] = 1.0
    fields["round_index"][min(view.round_index, len(rules.schedule))] = 1.0
    fields["round_cards"][view.round.cards - 1] = 1.0
    fields["dealer"][rel(view.dealer)] = 1.0
    if not view.is_over:
        assert view.to_move is not None
        fields["to_move"][rel(view.to_move)] = 1.0
    fields["leader"][rel(view.leader)] = 1.0
    if "calls" in fields:
        for caller, call in view.calls:
            column = call.tricks if isinstance(call, Call) else len(fields["calls"][0]) - 1
            fields["calls"][rel(caller)][column] = 1.0
        if view.auction_winner is not None:
            fields["auction_winner"][rel(view.auction_winner)] = 1.0
    for other in range(n):
        bid = view.bids[other]
        won = view.tricks_won[other]
        if bid is not None:
            fields["bids"][rel(other)][bid] = 1.0
            fields["tricks_needed"][rel(other)] = float(bid - won)
        fields["tricks_won"][rel(other)] = float(won)
        fields["hand_sizes"][rel(other)] = float(view.hand_sizes[other])
        fields["scores"][rel(other)] = float(view.scores[other])
    if view.bid_order:
        fields["last_bidder"][rel(view.bid_order[-1])] = 1.0
    if view.phase is Phase.BID and all(view.bids[s] is not None for s in view.bid_order[:-1]):
        last = view.bid_order[-1]
        others = sum(b for s, b in enumerate(view.bids) if b is not None and s != last)
        hooked = view.round.cards > 1 or rules.hook_in_one_card_rounds
        if hooked and view.round.cards - others >= 0:
            fields["forbidden_bid"][view.round.cards - others] = 1.0
    for other, card in view.trick:
        fields["trick"][rel(other)][cards.index(card)] = 1.0
    for other, card in view.played:
        fields["played"][rel(other)][cards.index(card)] = 1.0
    flat: list[float] = []
    for field in observation_layout(rules):
        value = fields[field.name]
        flat += value if len(field.shape) == 1 else [x for row in value for x in row]
    return flat


@given(game_states(any_rules()))
def test_every_field_means_what_the_layout_says(state: GameState) -> None:
    for seat in range(state.rules.players):
        view = observe(state, seat)
        vector = encode_view(view)
        assert vector == reference_vector(view)
        for field in observation_layout(state.rules):
            assert all(field.low <= x <= field.high for x in vector[field.slice])


def test_every_field_at_every_state_of_games_with_every_round_kind() -> None:
    rules = RuleSet(players=4, schedule=["2", "3a", "1b", "1"], tiebreak="shared")

    def check(state: GameState) -> None:
        for seat in range(4):
            view = observe(state, seat)
            assert encode_view(view) == reference_vector(view)

    for seed in range(3):
        play_out(new_game(rules, seed=seed), seed, on_state=check)


# --- nothing hidden leaks ---------------------------------------------------------------


def assert_same_vector_in_other_worlds(state: GameState, rng: random.Random) -> bool:
    """The vector of every seat is the same in worlds drawn from its view;
    says whether some world differed from ``state`` in cards the seat cannot see."""
    differed = False
    for seat in range(state.rules.players):
        view = observe(state, seat)
        vector = encode_view(view)
        text = view_text(view)
        for _ in range(3):
            world = sample_state(view, rng)
            differed |= world.hands != state.hands or world.stock != state.stock
            assert encode_view(observe(world, seat)) == vector
            assert view_text(observe(world, seat)) == text
    return differed


@given(game_states(any_rules()), st.integers(0, 2**32))
def test_the_vector_is_the_same_whatever_the_hidden_cards(state: GameState, seed: int) -> None:
    assert_same_vector_in_other_worlds(state, random.Random(seed))


@pytest.mark.parametrize("kind", ["", "a", "b"])
def test_hidden_cards_never_show_in_any_round_kind(kind: str) -> None:
    cards = "1" if kind == "b" else "3"
    rules = RuleSet(players=4, schedule=[f"{cards}{kind}"], tiebreak="shared")
    rng = random.Random(kind)
    differed = []

    def check(state: GameState) -> None:
        if not state.is_over:
            assert state.round_kind.value == {"": "normal", "a": "auction", "b": "blind"}[kind]
        differed.append(assert_same_vector_in_other_worlds(state, rng))

    for seed in range(4):
        play_out(new_game(rules, seed=seed), seed, on_state=check)
    assert any(differed)  # the other worlds really held other cards


def test_a_blind_round_shows_the_others_cards_and_not_the_own() -> None:
    rules = RuleSet(schedule=["1b"])
    state = new_game(rules, seed=3, dealer=3)
    layout = {field.name: field for field in observation_layout(rules)}
    vector = encode_view(observe(state, 0))
    assert sum(vector[layout["hand"].slice]) == 0
    seen = vector[layout["other_hands"].slice]
    assert sum(seen) == 3
    cards = action_table(rules).cards
    for other in (1, 2, 3):
        row = seen[(other - 1) * len(cards) : other * len(cards)]
        assert [cards[i] for i, bit in enumerate(row) if bit] == list(state.hands[other])
    text = view_text(observe(state, 0))
    assert str(state.hands[0][0]) not in text
    assert str(state.hands[1][0]) in text


def test_seats_are_relative_to_the_observer() -> None:
    rules = RuleSet()
    state = new_game(rules, seed=2, dealer=1)  # seat 2 to bid first
    layout = {field.name: field for field in observation_layout(rules)}
    for seat in range(4):
        vector = encode_view(observe(state, seat))
        assert vector[layout["dealer"].slice].index(1.0) == (1 - seat) % 4
        assert vector[layout["to_move"].slice].index(1.0) == (2 - seat) % 4


# --- buffers and errors --------------------------------------------------------------


def test_a_buffer_is_filled_in_place_whatever_it_held() -> None:
    view = observe(new_game(RuleSet(schedule="full"), seed=5), 2)
    expected = encode_view(view)
    size = observation_size(view.rules)
    as_list = [7.0] * size
    encode_view_into(view, as_list)
    assert as_list == expected
    floats = array("f", [7.0] * size)
    encode_view_into(view, floats)
    assert list(floats) == expected


def test_a_numpy_buffer_is_filled_in_place() -> None:
    numpy = pytest.importorskip("numpy", reason="numpy is in the rl extra")
    view = observe(new_game(RuleSet(), seed=5), 2)
    buffer = numpy.full(observation_size(view.rules), 7.0, dtype=numpy.float32)
    encode_view_into(view, buffer)
    assert buffer.tolist() == encode_view(view)
    halves = numpy.full(2 * observation_size(view.rules), 7.0, dtype=numpy.float32)
    encode_view_into(view, halves[: observation_size(view.rules)])  # a slice: a view of it
    assert halves[: observation_size(view.rules)].tolist() == encode_view(view)
    assert set(halves[observation_size(view.rules) :].tolist()) == {7.0}


def test_bad_arguments_are_refused() -> None:
    view = observe(new_game(RuleSet(), seed=5), 2)
    with pytest.raises(TypeError, match="expected a PlayerView"):
        encode_view(new_game(RuleSet(), seed=5))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a PlayerView"):
        encode_view_into(None, [0.0] * 539)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="holds 3 numbers; these rules' observation has 539"):
        encode_view_into(view, [0.0] * 3)
    with pytest.raises(TypeError, match="expected a RuleSet"):
        observation_layout("classic")  # type: ignore[arg-type]
