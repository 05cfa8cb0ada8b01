"""The OpenSpiel game: OpenSpiel's own random simulation test, parameters,
chance nodes, observations that leak nothing, resampling, serialisation and
the ismcts bot."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import given, settings

pyspiel = pytest.importorskip("pyspiel", reason="the OpenSpiel adapter needs the openspiel extra")
np = pytest.importorskip("numpy", reason="the OpenSpiel adapter needs the openspiel extra")

from pocha_rules import (  # noqa: E402
    InvalidRulesError,
    PochaError,
    RuleSet,
    apply,
    new_game,
    observe,
)
from pocha_rules.actions import action_table, legal_actions  # noqa: E402
from pocha_rules.observations import encode_view, observation_layout, view_text  # noqa: E402
from pocha_rules.openspiel import (  # noqa: E402
    GAME_NAME,
    PochaState,
    game_parameters,
    load_game,
    rules_from_parameters,
)
from tests.strategies import rule_sets  # noqa: E402

RULE_SETS = {
    "three players, every round kind": RuleSet(players=3, schedule=[1, 2, "3a", "1b"]),
    "four players, the dealer chooses": RuleSet(
        schedule=[10, "10a", 1], trump_when_all_dealt="dealer_chooses", tiebreak="shared"
    ),
    "eight players, shown cards": RuleSet(players=8, schedule=[5, "5a", "1b"], deck=40),
    "six players, 48 cards, scoring options": RuleSet(
        players=6, deck=48, schedule=[2, 8], miss_penalty="none", double_when_oros=True
    ),
    "oh hell": RuleSet.oh_hell(players=7, cards=5, off_bid_penalty=True, points_per_trick=5),
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


# --- OpenSpiel's own test -------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULE_SETS.values(), ids=RULE_SETS.keys())
def test_openspiel_random_sim_test(rules: RuleSet) -> None:
    pyspiel.random_sim_test(load_game(rules), num_sims=3, serialize=True, verbose=False)


def test_openspiel_random_sim_test_on_a_whole_full_game() -> None:
    game = pyspiel.load_game("python_pocha(players=5,schedule=full,tiebreak=shared)")
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


# --- parameters -----------------------------------------------------------------------------


@given(rule_sets(presets=True))
@settings(max_examples=30)
def test_any_rule_set_goes_through_game_parameters_and_back(rules: RuleSet) -> None:
    assert rules_from_parameters(game_parameters(rules)) == rules
    game = load_game(rules)
    assert game.rules == rules
    # The game's name is a string OpenSpiel loads again (serialisation needs it).
    assert pyspiel.load_game(str(game)).rules == rules
    assert game.num_players() == rules.players
    assert game.num_distinct_actions() == action_table(rules).size


def test_the_parameters_are_the_options() -> None:
    game = pyspiel.load_game(f"{GAME_NAME}(players=5,schedule=full)")
    assert game.rules == RuleSet(players=5, schedule="full")
    assert set(game.get_parameters()) == set(RuleSet().options())
    custom = pyspiel.load_game(
        "python_pocha(players=3,schedule=1 2 3a 1b,remove_twos=no,rank_order=1 3 2 12 11 10 7 6"
        " 5 4,miss_penalty=none,must_ruff=false,hit_bonus=3)"
    )
    assert custom.rules == RuleSet(
        players=3,
        schedule=[1, 2, "3a", "1b"],
        remove_twos=False,
        rank_order=(1, 3, 2, 12, 11, 10, 7, 6, 5, 4),
        miss_penalty="none",
        must_ruff=False,
        hit_bonus=3,
    )
    assert pyspiel.load_game("python_pocha(schedule=9 ,players=4)").rules.schedule == (
        RuleSet(schedule=[9]).schedule
    )


def test_a_parameter_of_the_wrong_type_is_refused_naming_it() -> None:
    with pytest.raises(pyspiel.SpielError, match="parameter players"):
        pyspiel.load_game("python_pocha(players=five)")
    with pytest.raises(pyspiel.SpielError, match="parameter must_ruff"):
        pyspiel.load_game("python_pocha", {"must_ruff": 1})
    with pytest.raises(TypeError, match="game parameter players must be an int, got str"):
        rules_from_parameters({"players": "3"})
    with pytest.raises(TypeError, match="game parameter must_ruff must be a bool, got int"):
        rules_from_parameters({"must_ruff": 1})
    with pytest.raises(TypeError, match="game parameter schedule must be a str, got list"):
        rules_from_parameters({"schedule": [1, 2]})


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("python_pocha(players=9)", "players"),
        ("python_pocha(schedule=1 2 x)", "schedule[2]"),
        ("python_pocha(remove_twos=maybe)", "remove_twos"),
        ("python_pocha(rank_order=1 3 x)", "rank_order"),
        ("python_pocha(miss_penalty=all)", "miss_penalty"),
    ],
)
def test_a_value_the_rules_refuse_is_refused_naming_the_option(text: str, field: str) -> None:
    with pytest.raises(InvalidRulesError) as caught:
        pyspiel.load_game(text)
    assert caught.value.field == field


def test_an_unknown_parameter_is_refused() -> None:
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'cards'"):
        pyspiel.load_game("python_pocha(cards=3)")
    with pytest.raises(InvalidRulesError, match="cards: not a parameter of python_pocha"):
        rules_from_parameters({"cards": 3})


# --- chance nodes: the deal -------------------------------------------------------------------


def test_the_deal_is_explicit_chance_outcomes_in_dealing_order() -> None:
    rules = RuleSet(players=4, schedule=[3, 2], tiebreak="shared")
    game = load_game(rules)
    cards = action_table(rules).cards
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(seat, 0.25) for seat in range(4)]
    state.apply_action(2)  # seat 2 deals first: seat 3 gets the first card
    picks = [5, 17, 30, 1, 12, 33, 8, 21, 39, 0, 26, 14]
    for dealt, pick in enumerate(picks):
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 40 - dealt
        assert all(p == pytest.approx(1 / (40 - dealt)) for _, p in outcomes)
        assert pick in [a for a, _ in outcomes]
        assert state.game_state is None
        state.apply_action(pick)
    assert state.is_chance_node()  # the card turned up from the stock
    state.apply_action(7)
    game_state = state.game_state
    assert game_state is not None
    assert game_state.dealer == 2
    assert game_state.trump_card == cards[7]
    for seat in range(4):
        mine = [cards[pick] for k, pick in enumerate(picks) if (3 + k) % 4 == seat]
        assert list(game_state.hands[seat]) == sorted(mine)
    assert state.current_player() == game_state.to_move == 3


def test_when_every_card_is_dealt_the_dealer_shows_its_last_card() -> None:
    rules = RuleSet(players=4, schedule=[10], tiebreak="shared")
    state = load_game(rules).new_initial_state()
    state.apply_action(0)
    for pick in range(40):
        state.apply_action(pick)
    game_state = state.game_state
    assert game_state is not None
    last = action_table(rules).cards[39]  # dealt 40th, to the dealer
    assert game_state.trump_card == last
    assert game_state.trump_card_shown_by_dealer
    assert last in game_state.hands[0]


@pytest.mark.parametrize("rules", RULE_SETS.values(), ids=RULE_SETS.keys())
def test_the_game_is_the_engines_move_for_move(rules: RuleSet) -> None:
    rng = random.Random(3)
    state = load_game(rules).new_initial_state()
    decisions = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            decisions.append(state.legal_actions())
            state.apply_action(rng.choice(state.legal_actions()))
    final = state.game_state
    assert final is not None
    # The same cards and moves, played by the engine from the game's deals.
    replayed = new_game(rules, seed=1, dealer=final.first_dealer, deals=final.deals)
    for legal, move in zip(decisions, final.history, strict=True):
        assert list(legal_actions(replayed)) == legal
        replayed = apply(replayed, move)
    assert replayed.is_over
    assert state.returns() == [float(total) for total in replayed.scores]
    assert game_min(state) <= min(state.returns())
    assert max(state.returns()) <= state.get_game().max_utility()


def game_min(state: Any) -> float:
    return float(state.get_game().min_utility())


# --- observations leak nothing ----------------------------------------------------------------


def every_observation(state: Any, player: int) -> tuple[Any, ...]:
    return (
        state.information_state_string(player),
        state.observation_string(player),
        tuple(state.information_state_tensor(player)),
        tuple(state.observation_tensor(player)),
    )


@pytest.mark.parametrize("rules", RULE_SETS.values(), ids=RULE_SETS.keys())
def test_a_resampled_world_looks_the_same_to_the_player(rules: RuleSet) -> None:
    rng = random.Random(11)
    game = load_game(rules)
    differed = 0
    for decisions in (0, 3, 9, 25, 60):
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


@pytest.mark.parametrize("rules", RULE_SETS.values(), ids=RULE_SETS.keys())
def test_observations_are_the_seats_view(rules: RuleSet) -> None:
    rng = random.Random(5)
    game = load_game(rules)
    size = len(encode_view(observe(new_game(rules, seed=0), 0)))
    for decisions in (0, 4, 17):
        state = random_state(game, rng, decisions)
        game_state = state.game_state
        for player in range(rules.players):
            view = observe(game_state, player)
            assert state.observation_tensor(player) == pytest.approx(encode_view(view))
            assert state.observation_string(player) == view_text(view)
            information = state.information_state_tensor(player)
            assert information[:size] == pytest.approx(encode_view(view))
            # No card the player cannot see is named in what it observes now
            # (the dealer's shown card is in its hand, and seen by all).
            hidden = {
                str(card)
                for seat, hand in enumerate(game_state.hands)
                if view.visible_hands[seat] is None
                for card in hand
                if card != view.trump_card
            }
            shown = set(re.findall(r"\b\d+[oceb]\b", state.observation_string(player)))
            current = state.information_state_string(player).split("\n")[-2:]
            shown |= set(re.findall(r"\b\d+[oceb]\b", " ".join(current)))
            assert not shown & hidden


def test_the_information_state_tensor_holds_the_rounds_moves_in_order() -> None:
    rules = RuleSet(players=3, schedule=[2], tiebreak="shared")
    game = load_game(rules)
    state = random_state(game, random.Random(2), decisions=5)
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    observer.set_from(state, 0)
    moves = observer.dict["round_moves"]
    table = action_table(rules)
    expected = [table.action(move) for move in state.game_state.round_moves]
    assert [int(np.argmax(row)) for row in moves[: len(expected)]] == expected
    assert moves[len(expected) :].sum() == 0
    assert set(observer.dict) == {f.name for f in observation_layout(rules)} | {"round_moves"}


def test_while_dealing_the_tensors_are_empty_and_the_strings_say_so() -> None:
    state = load_game(RuleSet()).new_initial_state()
    state.apply_action(1)
    state.apply_action(4)  # the first card goes to seat 2
    assert not any(state.observation_tensor(2))
    assert not any(state.information_state_tensor(2))
    assert "round 1 is being dealt; got 5o" in state.information_state_string(2)
    assert "got -" in state.information_state_string(0)
    with pytest.raises(PochaError, match="needs a decision node"):
        state.resample_from_infostate(2, pyspiel.UniformProbabilitySampler(0, 1))


def test_only_the_seats_own_view_is_observed() -> None:
    game = load_game(RuleSet())
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(ValueError, match="observes one seat's own view"):
        game.make_py_observer(public)


# --- serialisation and bots -------------------------------------------------------------------


def test_a_state_is_serialised_and_read_back() -> None:
    game = load_game(RuleSet(players=3, schedule=[2, "3a", "1b"], miss_penalty="none"))
    for decisions in (0, 7, 20):
        state = random_state(game, random.Random(decisions), decisions)
        text = pyspiel.serialize_game_and_state(game, state)
        game_back, back = pyspiel.deserialize_game_and_state(text)
        assert game_back.rules == game.rules
        assert back.history() == state.history()
        assert str(back) == str(state)
        assert isinstance(back, PochaState)
        if not state.is_terminal():
            player = state.current_player()
            assert every_observation(back, player) == every_observation(state, player)


def test_openspiels_ismcts_bot_plays_whole_hands() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    rules = RuleSet.oh_hell(players=3, cards=3)
    game = load_game(rules)
    rng = random.Random(1)
    for hand in range(2):
        evaluator = mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(hand))
        bots = [
            ismcts.ISMCTSBot(
                game=game,
                evaluator=evaluator,
                uct_c=2.0,
                max_simulations=25,
                random_state=np.random.RandomState(10 * hand + seat),
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
        game_state = state.game_state
        assert game_state is not None
        assert game_state.is_over
        assert state.returns() == [float(total) for total in game_state.scores]
