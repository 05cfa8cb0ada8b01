"""Action ids: a dense, stable bijection between moves and integers per rule set."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pocha_rules import (
    Bid,
    Call,
    Card,
    ChooseTrump,
    GameState,
    InvalidActionError,
    Move,
    Pass,
    Play,
    PochaError,
    RuleSet,
    Suit,
    apply,
    legal_moves,
    new_game,
    observe,
)
from pocha_rules._pocha.cards import CARDS
from pocha_rules.actions import (
    action_table,
    action_to_move,
    apply_action,
    legal_action_mask,
    legal_actions,
    move_to_action,
    num_actions,
)
from tests.strategies import any_rules, game_states, play_out, rule_sets

EVERY_MOVE: tuple[Move, ...] = (
    *(Play(card) for card in CARDS),
    *(Bid(n) for n in range(17)),
    *(Call(n) for n in range(17)),
    Pass(),
    *(ChooseTrump(suit) for suit in Suit),
)


def deck_cards(rules: RuleSet) -> list[Card]:
    """The cards of the deck in play, worked out from the options alone."""
    return sorted(Card(rank, suit) for suit in Suit for rank in rules.ranks)


# --- the layout -------------------------------------------------------------------


def test_default_rules_have_forty_cards_then_eleven_bids() -> None:
    table = action_table(RuleSet())
    assert table.size == num_actions(RuleSet()) == 51
    assert [action_to_move(RuleSet(), a) for a in range(40)] == [Play(c) for c in table.cards]
    assert [action_to_move(RuleSet(), a) for a in range(40, 51)] == [Bid(n) for n in range(11)]
    assert table.calls == range(51, 51)
    assert table.pass_action is None
    assert table.trump_choices == range(51, 51)


def test_a_trimmed_deck_has_no_ids_for_the_twos() -> None:
    rules = RuleSet(players=3)  # 36 cards: the 2s are out
    assert action_table(rules).plays == range(36)
    assert all(card.rank != 2 for card in action_table(rules).cards)
    with pytest.raises(InvalidActionError, match="no move of these rules"):
        move_to_action(rules, Play(Card.parse("2o")))


def test_the_48_card_deck_has_48_play_ids() -> None:
    assert action_table(RuleSet(deck=48)).plays == range(48)


def test_auction_rounds_add_calls_pass_and_trump_choices() -> None:
    table = action_table(RuleSet(schedule=[3, "5a", 2]))
    assert table.bids == range(40, 46)
    assert table.calls == range(46, 52)
    assert table.pass_action == 52
    assert table.trump_choices == range(53, 57)
    assert table.size == 57
    assert [table.move(a) for a in table.trump_choices] == [ChooseTrump(s) for s in Suit]


def test_a_dealer_who_chooses_trump_adds_trump_choices_only_when_every_card_is_dealt() -> None:
    chooses = "dealer_chooses"
    dealt = RuleSet(schedule=[10], trump_when_all_dealt=chooses)
    assert action_table(dealt).trump_choices == range(51, 55)
    assert not action_table(RuleSet(schedule=[9], trump_when_all_dealt=chooses)).trump_choices
    assert not action_table(RuleSet(schedule=[10])).trump_choices


@given(rule_sets(presets=True))
def test_the_table_follows_from_the_options(rules: RuleSet) -> None:
    table = action_table(rules)
    cards = deck_cards(rules)
    largest = max(entry.cards for entry in rules.schedule)
    auctions = [entry.cards for entry in rules.schedule if entry.kind == "auction"]
    assert list(table.cards) == cards
    assert table.plays == range(len(cards))
    assert table.bids == range(len(cards), len(cards) + largest + 1)
    assert len(table.calls) == (max(auctions) + 1 if auctions else 0)
    assert (table.pass_action is not None) == bool(auctions)
    # No gaps: the sections tile 0 .. size - 1.
    ids = [*table.plays, *table.bids, *table.calls, *table.trump_choices]
    if table.pass_action is not None:
        ids.append(table.pass_action)
    assert sorted(ids) == list(range(table.size))


@given(rule_sets(presets=True))
def test_ids_and_moves_round_trip_for_every_move(rules: RuleSet) -> None:
    table = action_table(rules)
    for action in range(table.size):
        move = action_to_move(rules, action)
        assert move_to_action(rules, move) == action
    named = 0
    for move in EVERY_MOVE:
        try:
            action = move_to_action(rules, move)
        except InvalidActionError:
            continue
        named += 1
        assert action_to_move(rules, action) == move
    assert named == table.size


# --- masks and legal actions ---------------------------------------------------------


@given(game_states(any_rules()))
def test_the_mask_is_exactly_the_legal_moves(state: GameState) -> None:
    rules = state.rules
    mask = legal_action_mask(state)
    assert len(mask) == num_actions(rules)
    assert set(mask) <= {0, 1}
    legal = [move_to_action(rules, move) for move in legal_moves(state)]
    assert [a for a, bit in enumerate(mask) if bit] == sorted(legal)
    assert legal_actions(state) == tuple(legal)  # rising, as legal_moves is ordered


@given(game_states(any_rules()))
def test_a_seats_view_gives_the_same_mask_on_its_turn_and_none_otherwise(
    state: GameState,
) -> None:
    for seat in range(state.rules.players):
        view = observe(state, seat)
        if seat == state.to_move:
            assert legal_action_mask(view) == legal_action_mask(state)
            assert legal_actions(view) == legal_actions(state)
        else:
            assert not any(legal_action_mask(view))
            assert legal_actions(view) == ()


@given(rule_sets(), st.integers(0, 2**32))
def test_a_whole_game_played_by_ids_is_the_game_played_by_moves(rules: RuleSet, seed: int) -> None:
    def check(state: GameState) -> None:
        if state.is_over:
            assert legal_actions(state) == ()
            return
        for action in legal_actions(state):
            assert apply_action(state, action) == apply(state, action_to_move(rules, action))

    play_out(new_game(rules, seed=seed), seed, on_state=check)


# --- errors ---------------------------------------------------------------------------


def test_an_id_out_of_range_is_refused_naming_the_id() -> None:
    with pytest.raises(InvalidActionError, match=r"invalid action 51: out of range.*0 to 50"):
        action_to_move(RuleSet(), 51)
    with pytest.raises(InvalidActionError, match="invalid action -1"):
        action_to_move(RuleSet(), -1)


def test_an_illegal_id_names_the_id_the_seat_and_the_rule_and_changes_nothing() -> None:
    state = new_game(RuleSet(), seed=1, dealer=0)
    before = pickle.dumps(state)
    with pytest.raises(InvalidActionError) as caught:
        apply_action(state, 42)  # bid 2 in a one-card round
    error = caught.value
    assert (error.action, error.seat) == (42, 1)
    assert "bid 2" in error.reason
    assert "bids run from 0 to 1" in error.reason
    assert str(error).startswith("invalid action 42 by seat 1: bid 2:")
    assert isinstance(error, PochaError)
    assert isinstance(error, ValueError)
    with pytest.raises(InvalidActionError, match="by seat 1: out of range"):
        apply_action(state, 500)
    assert pickle.dumps(state) == before


def test_an_id_after_the_game_is_over_is_refused() -> None:
    final = play_out(new_game(RuleSet(schedule=[1], tiebreak="shared"), seed=3), 3)
    with pytest.raises(InvalidActionError, match="the game is over"):
        apply_action(final, 0)


@pytest.mark.parametrize("action", ["3", 3.0, None, True])
def test_an_id_that_is_not_an_int_is_a_type_error(action: object) -> None:
    with pytest.raises(TypeError, match="an action id is an int"):
        action_to_move(RuleSet(), action)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="an action id is an int"):
        apply_action(new_game(RuleSet(), seed=1), action)  # type: ignore[arg-type]


def test_values_of_the_wrong_type_are_type_errors_naming_the_expected_type() -> None:
    with pytest.raises(TypeError, match="expected a move"):
        move_to_action(RuleSet(), "bid 2")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a GameState or a PlayerView"):
        legal_action_mask(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a RuleSet"):
        action_table(4)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a GameState"):
        apply_action(None, 0)  # type: ignore[arg-type]


def test_numpy_style_integers_are_accepted() -> None:
    class Index:
        def __index__(self) -> int:
            return 41

    assert action_to_move(RuleSet(), Index()) == Bid(1)  # type: ignore[arg-type]


def test_tables_are_cached_and_the_cache_is_bounded() -> None:
    from pocha_rules import actions

    rules = RuleSet()
    assert action_table(rules) is action_table(RuleSet())
    for hit_bonus in range(200):
        action_table(RuleSet(hit_bonus=hit_bonus))
    assert len(actions._TABLES._tables) <= actions._TABLES._limit == 64
