"""Poch's OpenSpiel game ``python_poch``: OpenSpiel's own random simulation
test, the engine move for move, parameters, chance nodes, observations that
leak nothing, resampling, serialisation and the ismcts bot."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings

pyspiel = pytest.importorskip("pyspiel", reason="the OpenSpiel adapter needs the openspiel extra")
np = pytest.importorskip("numpy", reason="the OpenSpiel adapter needs the openspiel extra")

from pocha_rules import InvalidActionError, InvalidRecordError, InvalidRulesError  # noqa: E402
from pocha_rules.poch import RuleSet, apply, new_game, observe  # noqa: E402
from pocha_rules.poch._cards import CARDS, deck_indices  # noqa: E402
from pocha_rules.poch.actions import action_table, legal_actions  # noqa: E402
from pocha_rules.poch.observations import (  # noqa: E402
    encode_view,
    observation_layout,
    view_text,
)
from pocha_rules.poch.openspiel import (  # noqa: E402
    GAME_NAME,
    PochState,
    deserialize_game_and_state,
    game_parameters,
    load_game,
    rules_from_parameters,
)
from tests.poch.strategies import poch_rules  # noqa: E402

RULE_SETS = {
    "three players": RuleSet(players=3),
    "four players, longest runs, a centre pool": RuleSet(
        players=4, sequence_rule="longest_run", centre_pool=True, board_at_end="shared"
    ),
    "five players, 52 cards, two deals": RuleSet(players=5, end="deals", deals=2),
    "six players": RuleSet(players=6, poch_tie="trump", showdown_reveal="combination"),
    "players go out, no betting limit": RuleSet(
        players=4, insolvency="out", bet_rounds_max=None, starting_chips=12, end="bust"
    ),
}


def random_state(game: Any, rng: random.Random, decisions: int) -> Any:
    """A state after random chance outcomes and ``decisions`` random moves
    (or the end of the game)."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        if decisions == 0:
            break
        decisions -= 1
        state.apply_action(rng.choice(state.legal_actions()))
    return state


# --- OpenSpiel's own test ---------------------------------------------------------------


@pytest.mark.parametrize("rules", RULE_SETS.values(), ids=RULE_SETS.keys())
def test_openspiel_random_sim_test(rules: RuleSet) -> None:
    pyspiel.random_sim_test(load_game(rules), num_sims=2, serialize=True, verbose=False)


def test_the_game_is_registered_under_its_name() -> None:
    game = pyspiel.load_game("python_poch(players=3,bet_max=5)")
    assert game.get_type().short_name == GAME_NAME
    assert game.rules == RuleSet(players=3, bet_max=5)
    assert game.num_players() == 3
    assert game.num_distinct_actions() == action_table(game.rules).size == 3 + 5 + 5 + 32
    assert game.max_chance_outcomes() == 32


# --- the engine, move for move -------------------------------------------------------------


@pytest.mark.parametrize("rules", RULE_SETS.values(), ids=RULE_SETS.keys())
def test_the_game_is_the_engines_move_for_move(rules: RuleSet) -> None:
    rng = random.Random(3)
    game = load_game(rules)
    state = game.new_initial_state()
    decisions: list[list[int]] = []
    chosen: list[int] = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            decisions.append(state.legal_actions())
            chosen.append(rng.choice(state.legal_actions()))
            state.apply_action(chosen[-1])
    final = state.game_state
    assert final is not None
    assert final.is_over
    # The same packs and moves, played by the engine.
    replayed = new_game(rules, seed=0, dealer=final.first_dealer, deals=final.orderings)
    table = action_table(rules)
    for legal, action in zip(decisions, chosen, strict=True):
        assert list(legal_actions(replayed)) == legal
        replayed = apply(replayed, table.move(action))
    assert replayed == final
    assert state.returns() == [float(net) for net in replayed.net]
    assert game.min_utility() <= min(state.returns())
    assert max(state.returns()) <= game.max_utility()
    assert len(chosen) <= game.max_game_length()


@given(poch_rules())
@settings(max_examples=15, deadline=None)
def test_any_rule_set_goes_through_game_parameters_and_back(rules: RuleSet) -> None:
    assert rules_from_parameters(game_parameters(rules)) == rules
    if rules.bet_max <= 1000:
        assert load_game(rules).rules == rules


# --- parameters ---------------------------------------------------------------------------


def test_a_parameter_of_the_wrong_type_is_refused_naming_it() -> None:
    with pytest.raises(TypeError, match="game parameter players must be an int, got str"):
        rules_from_parameters({"players": "3"})
    with pytest.raises(TypeError, match="game parameter centre_pool must be a bool"):
        rules_from_parameters({"centre_pool": 1})


def test_a_value_the_rules_refuse_is_refused_naming_the_option() -> None:
    with pytest.raises(InvalidRulesError) as caught:
        pyspiel.load_game("python_poch(players=7)")
    assert caught.value.field == "players"
    with pytest.raises(InvalidRulesError) as caught:
        rules_from_parameters({"sequence_rule": "longest"})
    assert caught.value.field == "sequence_rule"


def test_an_unknown_parameter_is_refused() -> None:
    with pytest.raises(InvalidRulesError, match="not a parameter of python_poch"):
        rules_from_parameters({"schedule": "1"})


def test_zero_is_none_for_the_options_that_may_be_none_and_the_deck_follows_the_players() -> None:
    rules = rules_from_parameters({"players": 6, "insolvency": "out", "bet_rounds_max": 0})
    assert rules.bet_rounds_max is None
    assert rules.deals is None
    assert rules.deck == 52
    assert game_parameters(rules)["bet_rounds_max"] == 0


# --- chance nodes -----------------------------------------------------------------------------


def test_the_deal_is_explicit_chance_outcomes_from_the_top_of_the_pack() -> None:
    rules = RuleSet(players=3)
    state = load_game(rules).new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(seat, 1 / 3) for seat in range(3)]
    state.apply_action(2)  # seat 2 deals first: seat 0 is the eldest
    pack = deck_indices(rules.deck)
    order = list(range(31, -1, -1))  # the pack from the highest card down
    for dealt, outcome in enumerate(order[:16]):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 32 - dealt
        assert all(p == pytest.approx(1 / (32 - dealt)) for _, p in outcomes)
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, outcome).startswith("deal ")
        state.apply_action(outcome)
    assert not state.is_chance_node()
    game = state.game_state
    assert game is not None
    # Three each from the eldest, then two each, then the turn-up.
    top = [CARDS[pack[outcome]] for outcome in order]
    assert set(game.hand(0)) == {*top[0:3], *top[9:11]}
    assert set(game.hand(1)) == {*top[3:6], *top[11:13]}
    assert set(game.hand(2)) == {*top[6:9], *top[13:15]}
    assert game.turnup == top[15]
    assert set(game.stock) == {CARDS[i] for i in pack} - set(top[:16])


def test_a_chance_outcome_that_is_no_outcome_is_refused() -> None:
    state = load_game(RuleSet(players=3)).new_initial_state()
    with pytest.raises(InvalidActionError, match="first dealer"):
        state.apply_action(3)
    state.apply_action(0)
    state.apply_action(5)
    with pytest.raises(InvalidActionError, match="dealt already"):
        state.apply_action(5)
    with pytest.raises(InvalidActionError, match="0 to 31"):
        state.apply_action(32)


def test_a_decision_out_of_range_is_refused() -> None:
    state = random_state(load_game(RuleSet(players=3)), random.Random(1), 0)
    with pytest.raises(InvalidActionError):
        state.apply_action(10_000)


# --- observations leak nothing ------------------------------------------------------------


def every_observation(state: Any, player: int) -> tuple[Any, ...]:
    return (
        state.information_state_string(player),
        state.observation_string(player),
        tuple(state.observation_tensor(player)),
        tuple(state.information_state_tensor(player)),
    )


@pytest.mark.parametrize("rules", RULE_SETS.values(), ids=RULE_SETS.keys())
def test_observations_are_the_seats_view(rules: RuleSet) -> None:
    rng = random.Random(5)
    game = load_game(rules)
    for decisions in (0, 4, 17):
        state = random_state(game, rng, decisions)
        engine = state.game_state
        if engine is None:
            continue
        for player in range(rules.players):
            view = observe(engine, player)
            assert state.observation_tensor(player) == pytest.approx(encode_view(view))
            assert state.observation_string(player) == view_text(view)
            assert state.information_state_string(player).endswith(view_text(view))
            information = state.information_state_tensor(player)
            assert len(information) == game.information_state_tensor_size()
            assert information[: len(encode_view(view))] == pytest.approx(encode_view(view))


@pytest.mark.parametrize("rules", RULE_SETS.values(), ids=RULE_SETS.keys())
def test_a_resampled_world_looks_the_same_to_the_player(rules: RuleSet) -> None:
    rng = random.Random(11)
    game = load_game(rules)
    differed = 0
    for decisions in (0, 3, 9, 25):
        state = random_state(game, rng, decisions)
        if state.is_terminal():
            continue
        for player in range(rules.players):
            world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0, 1))
            assert every_observation(world, player) == every_observation(state, player)
            assert world.current_player() == state.current_player()
            if player == state.current_player():
                assert world.legal_actions() == state.legal_actions()
            differed += world.history() != state.history()
    assert differed  # other cards really were drawn


def test_another_seats_cards_change_nothing_it_is_shown() -> None:
    rules = RuleSet(players=3)
    game = load_game(rules)
    outcomes = list(range(32))
    other = [*outcomes[:3], *outcomes[6:9], *outcomes[3:6], *outcomes[9:]]  # seats 1, 2 swap
    strings = []
    for pack in (outcomes, other):
        state = game.new_initial_state()
        state.apply_action(2)
        for outcome in pack[:16]:
            state.apply_action(outcome)
        strings.append([every_observation(state, 0), every_observation(state, 1)])
    assert strings[0][0] == strings[1][0]  # seat 0's cards are the same
    assert strings[0][1] != strings[1][1]  # seat 1's are not


def test_while_dealing_the_tensor_is_empty_and_the_strings_say_so() -> None:
    state = load_game(RuleSet(players=3)).new_initial_state()
    state.apply_action(0)
    state.apply_action(4)
    assert not any(state.observation_tensor(1))
    assert not any(state.information_state_tensor(1))
    assert "being dealt; got Jc" in state.observation_string(1)
    assert "being dealt; got -" in state.observation_string(2)
    assert "seat 0 dealt first" in state.information_state_string(1)


def test_the_information_state_tensor_holds_the_deals_moves_in_order() -> None:
    rules = RuleSet(players=4)
    game = load_game(rules)
    layout = observation_layout(rules)
    size = layout[-1].offset + layout[-1].size
    actions = action_table(rules)
    rows = game.deal_moves
    assert game.information_state_tensor_shape() == [size + rows * actions.size]
    rng = random.Random(3)
    for decisions in (1, 6, 14, 40):
        state = random_state(game, rng, decisions)
        engine = state.game_state
        if engine is None:
            continue
        observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
        observer.set_from(state, 2)
        assert list(observer.tensor) == state.information_state_tensor(2)
        moves = observer.dict["deal_moves"]
        expected = [actions.action(move) for _, move in engine.moves]
        assert [int(np.argmax(row)) for row in moves[: len(expected)]] == expected
        assert moves.sum() == len(expected)
    assert set(observer.dict) == {field.name for field in layout} | {"deal_moves"}


def test_a_deal_never_has_more_moves_than_the_tensor_has_rows() -> None:
    rules = RuleSet(players=3, bet_max=2)
    game = load_game(rules)
    rng = random.Random(8)
    longest = 0
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            longest = max(longest, len(state.game_state.moves))
            state.apply_action(rng.choice(state.legal_actions()))
    assert 0 < longest <= game.deal_moves


# --- serialisation ----------------------------------------------------------------------------


def test_a_state_is_serialised_and_read_back() -> None:
    game = load_game(RuleSet(players=3, centre_pool=True))
    for decisions in (0, 7, 40):
        state = random_state(game, random.Random(decisions), decisions)
        text = state.serialize()
        back = game.deserialize_state(text)
        assert isinstance(back, PochState)
        assert back.history() == state.history()
        assert str(back) == str(state)
        game_back, again = deserialize_game_and_state(text)
        assert game_back.rules == game.rules
        assert again.history() == state.history()


def test_a_state_text_that_does_not_replay_is_refused_with_where() -> None:
    game = load_game(RuleSet(players=3))
    data = json.loads(game.new_initial_state().serialize())
    with pytest.raises(InvalidRecordError, match=r"at history\[0\]"):
        game.deserialize_state(json.dumps(data | {"history": [7]}))
    with pytest.raises(InvalidRecordError, match=r"at history\[1\]"):
        game.deserialize_state(json.dumps(data | {"history": [0, -1]}))
    with pytest.raises(InvalidRecordError, match="at rules"):
        game.deserialize_state(json.dumps(data | {"rules": {"players": 4}}))
    with pytest.raises(InvalidRecordError, match="at format"):
        game.deserialize_state(json.dumps(data | {"format": "python_pocha-state"}))


# --- OpenSpiel's search --------------------------------------------------------------------------


def test_openspiels_ismcts_bot_plays_a_whole_game() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    rules = RuleSet(players=3, end="deals", deals=1)
    game = load_game(rules)
    rng = random.Random(1)
    evaluator = mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(0))
    bots = [
        ismcts.ISMCTSBot(
            game=game,
            evaluator=evaluator,
            uct_c=2.0,
            max_simulations=10,
            random_state=np.random.RandomState(seat),
        )
        for seat in range(3)
    ]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    final = state.game_state
    assert final is not None
    assert state.returns() == [float(net) for net in final.net]
