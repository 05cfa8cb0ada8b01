"""The OpenSpiel game's doors for untrusted input: its own serialisation
(never unpickled), chance outcomes and decision ids it does not offer,
parameters of the wrong kind, and observation types it has no observer for."""

from __future__ import annotations

import base64
import builtins
import json
import pickle
import random
import re
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the OpenSpiel adapter needs the openspiel extra")

from pocha_rules import (  # noqa: E402
    InvalidActionError,
    InvalidRecordError,
    InvalidRulesError,
    PochaError,
    RuleSet,
)
from pocha_rules.openspiel import (  # noqa: E402
    PochaGame,
    PochaState,
    deserialize_game_and_state,
    load_game,
    rules_from_parameters,
)

RULES = RuleSet(players=3, schedule=[2, "3a", "1b"], miss_penalty="none")


def random_state(game: Any, seed: int, decisions: int) -> Any:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if not state.is_chance_node():
            if decisions == 0:
                break
            decisions -= 1
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def finished_game(game: Any, seed: int) -> Any:
    return random_state(game, seed, 10**6)


# --- serialisation ----------------------------------------------------------------------


@pytest.mark.parametrize("decisions", [0, 1, 9, 25, 10**6])
def test_a_state_text_is_read_back_by_replaying_it(decisions: int) -> None:
    game = load_game(RULES)
    state = random_state(game, decisions, decisions)
    text = state.serialize()
    data = json.loads(text)
    assert data["format"] == "python_pocha-state"
    assert data["history"] == state.history()
    back = game.deserialize_state(text)
    assert isinstance(back, PochaState)
    assert back.history() == state.history()
    assert str(back) == str(state)
    assert back.returns() == state.returns()
    other_game, again = deserialize_game_and_state(text)
    assert other_game.rules == RULES
    assert again.history() == state.history()


class _RunsCode:
    def __reduce__(self) -> tuple[object, ...]:
        return (exec, ("import builtins; builtins.POCHA_UNPICKLED = True",))


def test_deserialize_state_never_unpickles() -> None:
    game = load_game(RULES)
    payload = base64.b64encode(pickle.dumps({"_at": _RunsCode()})).decode()
    # OpenSpiel's own form of a Python game's state, with code in its pickle.
    text = f"history=\nmove_number=0\n__dict__={payload}"
    with pytest.raises(InvalidRecordError, match="invalid record at state: not a python_pocha"):
        game.deserialize_state(text)
    with pytest.raises(InvalidRecordError, match="not a python_pocha"):
        deserialize_game_and_state(text)
    # Nor does a state's own text, when a pickle is put where the history goes.
    state = random_state(game, 1, 3)
    data = json.loads(state.serialize())
    data["history"] = payload
    with pytest.raises(InvalidRecordError, match="invalid record at history: expected a list"):
        game.deserialize_state(json.dumps(data))
    assert not hasattr(builtins, "POCHA_UNPICKLED")


def _with(text: str, **changes: object) -> str:
    data = json.loads(text)
    data.update(changes)
    return json.dumps(data)


def test_deserialize_state_checks_each_action_as_it_replays() -> None:
    game = load_game(RULES)
    state = random_state(game, 3, 5)
    text = state.serialize()
    history = state.history()
    refused = {
        "history[0]": [999],
        "history[1]": [0, 99],
        "history[2]": [0, 5, 5],
        "history[3]": [0, 5, 6, -1],
        f"history[{len(history)}]": [*history, 10**6],
    }
    for where, actions in refused.items():
        with pytest.raises(InvalidRecordError, match=rf"invalid record at {re.escape(where)}:"):
            game.deserialize_state(_with(text, history=actions))
    over = finished_game(game, 4)
    with pytest.raises(InvalidRecordError, match="the game is over: no action may follow"):
        game.deserialize_state(_with(over.serialize(), history=[*over.history(), 0]))


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("", "state"),
        ("[1, 2]", "record"),
        ("{}", "format"),
        ('{"format": "python_pocha-state"}', "version"),
        ("9" * 5000, "state"),
        ("[" * 100_000, "state"),
        ('{"format": 1, "format": 2}', "state"),
    ],
)
def test_anything_but_a_state_text_is_refused_with_a_library_error(text: str, where: str) -> None:
    with pytest.raises(InvalidRecordError, match=f"invalid record at {where}"):
        load_game(RULES).deserialize_state(text)


def test_a_state_text_is_refused_when_its_parts_are_wrong() -> None:
    game = load_game(RULES)
    text = random_state(game, 5, 2).serialize()
    cases: dict[str, dict[str, object]] = {
        "version": {"version": 2},
        "rules_version": {"rules_version": True},
        "rules.players": {"rules": {**json.loads(text)["rules"], "players": "3"}},
        "history[0]": {"history": [True]},
        "history[1]": {"history": [0, 10**40]},
        "unknown": {"unknown": 1},
    }
    for where, change in cases.items():
        with pytest.raises(InvalidRecordError, match=f"invalid record at {re.escape(where)}"):
            game.deserialize_state(_with(text, **change))
    other = load_game(RuleSet(players=4))
    with pytest.raises(InvalidRecordError, match="a state of other rules than this game's"):
        other.deserialize_state(text)
    with pytest.raises(TypeError, match="a state's text is a str, got bytes"):
        game.deserialize_state(text.encode())


# --- chance outcomes and decision ids ---------------------------------------------------


def test_chance_nodes_refuse_outcomes_they_do_not_offer() -> None:
    game = load_game(RULES)
    state = game.new_initial_state()
    for outcome in (99, 3, -5):
        with pytest.raises(InvalidActionError, match=rf"invalid action {outcome}: not an outcome"):
            state.apply_action(outcome)
        assert state.history() == []
    state.apply_action(0)
    state.apply_action(5)
    for outcome, reason in ((5, "is dealt already"), (36, "a card dealt is a play id, 0 to 35")):
        with pytest.raises(InvalidActionError, match=reason):
            state.apply_action(outcome)
        assert state.history() == [0, 5]
    # The same card can never be dealt eight times: the deal goes on.
    offered = [action for action, _ in state.chance_outcomes()]
    assert 5 not in offered
    state.apply_action(offered[0])
    assert state.history() == [0, 5, offered[0]]


def test_decision_ids_at_or_above_num_distinct_actions_are_refused_naming_the_id() -> None:
    game = load_game(RULES)
    state = random_state(game, 7, 0)
    before = (state.history(), str(state))
    size = game.num_distinct_actions()
    for action in (size, size + 1, 10**9, -7):
        with pytest.raises(InvalidActionError, match=rf"invalid action {action} by seat \d"):
            state.apply_action(action)
        assert (state.history(), str(state)) == before
    with pytest.raises(InvalidActionError, match=f"invalid action {size}"):
        state.action_to_string(state.current_player(), size)


# --- parameters and observers -------------------------------------------------------------


def test_a_schedule_given_as_a_number_is_one_round_of_that_many_cards() -> None:
    assert rules_from_parameters({"schedule": 1}).schedule == RuleSet(schedule=[1]).schedule
    game = PochaGame({"schedule": 9})
    assert game.rules.schedule == RuleSet(schedule=[9]).schedule
    assert pyspiel.load_game(str(game)).rules == game.rules
    # OpenSpiel's load_game checks the parameter's type before the game sees it.
    with pytest.raises(pyspiel.SpielError, match="parameter schedule"):
        pyspiel.load_game("python_pocha(schedule=1)")
    assert pyspiel.load_game("python_pocha(schedule=1 )").rules.schedule == (
        RuleSet(schedule=[1]).schedule
    )
    with pytest.raises(InvalidRulesError, match="invalid rules: schedule"):
        rules_from_parameters({"schedule": 10**30})


def test_a_game_string_separates_rounds_and_ranks_with_semicolons() -> None:
    # OpenSpiel's parser splits a game string's parameters at commas.
    with pytest.raises(pyspiel.SpielError):
        pyspiel.load_game("python_pocha(players=3,schedule=1,2,3a)")
    game = pyspiel.load_game(
        "python_pocha(players=3,schedule=1;2;3a,rank_order=1;3;12;11;10;7;6;5;4;2)"
    )
    assert game.rules == RuleSet(
        players=3, schedule=[1, 2, "3a"], rank_order=[1, 3, 12, 11, 10, 7, 6, 5, 4, 2]
    )
    assert pyspiel.load_game("python_pocha(schedule=9;)").rules.schedule == (
        RuleSet(schedule=[9]).schedule
    )
    assert rules_from_parameters({"schedule": "1; 2;3a"}).schedule == (
        RuleSet(schedule=[1, 2, "3a"]).schedule
    )
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_rules_from_parameters_wants_a_mapping() -> None:
    with pytest.raises(TypeError, match="game parameters must be a mapping of names to values"):
        rules_from_parameters([("players", 3)])  # type: ignore[arg-type]
    with pytest.raises(InvalidRulesError, match="not a parameter of python_pocha"):
        rules_from_parameters({3: 4})  # type: ignore[dict-item]


@pytest.mark.parametrize(
    "parameters",
    [
        {"players": 10**5000},
        {"must_ruff": 10**5000},
        {"schedule": 10**5000},
        {"schedule": "9" * 5000},
        {"rank_order": "1" * 5000},
        {"hit_bonus": -(10**5000)},
    ],
)
def test_numbers_past_the_text_limit_are_refused_with_the_library_error(
    parameters: dict[str, object],
) -> None:
    with pytest.raises((InvalidRulesError, TypeError)) as caught:
        rules_from_parameters(parameters)
    assert "digits" in str(caught.value) or "ranks separated" in str(caught.value)


def test_game_parameters_of_a_number_past_the_text_limit_is_a_type_error() -> None:
    from pocha_rules.openspiel import game_parameters

    with pytest.raises(TypeError, match="expected a RuleSet, got int a whole number of about"):
        game_parameters(10**5000)  # type: ignore[arg-type]


def test_an_observation_type_without_an_observer_is_refused_naming_the_type() -> None:
    from open_spiel.python.observation import make_observation

    game = load_game(RULES)
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(PochaError) as caught:
        make_observation(game, public)
    message = str(caught.value)
    assert "IIGObservationType(perfect_recall=False, public_info=True, private_info=NONE)" in (
        message
    )
    assert " at 0x" not in message
    with pytest.raises(PochaError, match="takes no observation parameters"):
        make_observation(game, None, {"x": 1})
