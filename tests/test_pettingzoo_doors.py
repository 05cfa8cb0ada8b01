"""The PettingZoo environment's rough edges: PettingZoo's own render test,
copies of a game in progress, seeds, steps out of turn with the API, and
the last observation of a one-round episode."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="the PettingZoo adapter needs the rl extra")
np = pytest.importorskip("numpy", reason="the PettingZoo adapter needs the rl extra")

from gymnasium.spaces import Box  # noqa: E402
from pettingzoo.test import api_test, render_test  # noqa: E402

from pocha_rules import PochaError, RuleSet  # noqa: E402
from pocha_rules.observations import observation_layout  # noqa: E402
from pocha_rules.pettingzoo import env, raw_env  # noqa: E402

SHORT = RuleSet(players=3, schedule=[2, 3], tiebreak="shared")


def random_action(game: Any, rng: random.Random) -> int | None:
    observation, _, termination, truncation, _ = game.last()
    if termination or truncation:
        return None
    return int(rng.choice(list(np.flatnonzero(observation["action_mask"]))))


def observations(game: Any) -> list[list[float]]:
    return [
        [*game.observe(agent)["observation"], *game.observe(agent)["action_mask"]]
        for agent in game.possible_agents
    ]


# --- rendering ----------------------------------------------------------------------


@pytest.mark.parametrize("make", [raw_env, env], ids=["raw_env", "env"])
def test_pettingzoos_render_test_passes(make: Callable[..., Any]) -> None:
    render_test(lambda render_mode=None: make(SHORT, render_mode=render_mode))


def test_human_mode_prints_the_table_that_ansi_returns(capsys: pytest.CaptureFixture[str]) -> None:
    shown = raw_env(SHORT, render_mode="human")
    told = raw_env(SHORT, render_mode="ansi")
    shown.reset(seed=6)
    told.reset(seed=6)
    rng = random.Random(6)
    while shown.agents:
        assert shown.render() is None
        text = told.render()
        assert capsys.readouterr().out == f"{text}\n"
        action = random_action(shown, rng)
        shown.step(action)
        told.step(action)
    shown.render()
    assert "the episode is over" in capsys.readouterr().out


# --- copies -------------------------------------------------------------------------


COPIES: dict[str, Callable[[Any], Any]] = {
    "copy": copy.copy,
    "deepcopy": copy.deepcopy,
    "pickle": lambda game: pickle.loads(pickle.dumps(game)),
}


@pytest.mark.parametrize("how", COPIES.values(), ids=COPIES.keys())
@pytest.mark.parametrize("make", [raw_env, env], ids=["raw_env", "env"])
def test_a_copy_of_a_game_in_progress_is_the_same_game_and_its_own(
    make: Callable[..., Any], how: Callable[[Any], Any]
) -> None:
    game = make(SHORT)
    game.reset(seed=11)
    rng = random.Random(11)
    for _ in range(5):
        game.step(random_action(game, rng))
    twin = how(game)
    assert twin.unwrapped is not game.unwrapped
    assert twin.agents == game.agents
    assert twin.agent_selection == game.agent_selection
    assert twin.unwrapped.game_state == game.unwrapped.game_state
    assert observations(twin) == observations(game)
    # Playing the copy leaves the original where it was ...
    before = (game.unwrapped.game_state, dict(game.rewards), observations(game))
    twin_rng = random.Random(1)
    while twin.agents:
        twin.step(random_action(twin, twin_rng))
    assert (game.unwrapped.game_state, dict(game.rewards), observations(game)) == before
    # ... and both, given the same actions, play the same game to its end.
    again = how(game)
    while game.agents:
        action = random_action(game, rng)
        game.step(action)
        again.step(action)
        assert again.rewards == game.rewards
        assert again.terminations == game.terminations
    assert again.infos == game.infos
    # The copy's source of seeds is its own, in the same place.
    game.reset()
    again.reset()
    assert again.unwrapped.game_state == game.unwrapped.game_state


def test_the_wrapped_environment_is_named_as_before() -> None:
    assert str(env(SHORT)) == str(copy.copy(env(SHORT))) == "pocha_v0"


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
def test_a_copied_environment_passes_pettingzoos_api_test() -> None:
    game = env(SHORT)
    game.reset(seed=2)
    api_test(copy.deepcopy(game), num_cycles=200)


# --- seeds --------------------------------------------------------------------------


def deal(seed: object) -> Any:
    game = raw_env(SHORT)
    game.reset(seed=seed)  # type: ignore[arg-type]
    return game.game_state


def test_a_negative_seed_is_refused_and_leaves_the_environment_as_it_was() -> None:
    game = raw_env(SHORT)
    game.reset(seed=7)
    state = game.game_state
    with pytest.raises(PochaError, match="seed must be 0 or more, got -7"):
        game.reset(seed=-7)
    assert game.game_state is state
    with pytest.raises(PochaError, match="seed must be 0 or more, got a whole number of about"):
        game.reset(seed=-(10**5000))


def test_numpy_integer_seeds_are_accepted_as_their_value() -> None:
    for seed in (np.int64(7), np.uint8(7), np.int32(7), np.uint64(7)):
        assert deal(seed) == deal(7)
    assert deal(np.uint64(2**64 - 1)) == deal(2**64 - 1)
    assert deal(8) != deal(7)


@pytest.mark.parametrize("seed", [True, 7.0, "7", np.float64(7)])
def test_a_seed_that_is_no_whole_number_is_a_type_error(seed: object) -> None:
    with pytest.raises(TypeError, match="seed must be a whole number or None"):
        deal(seed)


# --- steps out of order -------------------------------------------------------------


def test_step_before_reset_is_a_library_error() -> None:
    with pytest.raises(PochaError, match=r"step\(\) before the first reset\(\)"):
        raw_env(SHORT).step(0)


def test_step_after_the_end_is_a_library_error() -> None:
    game = raw_env(SHORT)
    game.reset(seed=3)
    rng = random.Random(3)
    while game.agents:
        game.step(random_action(game, rng))
    with pytest.raises(PochaError, match=r"step\(\) after the episode is over"):
        game.step(None)
    with pytest.raises(PochaError, match=r"step\(\) after the episode is over"):
        game.step(0)
    game.reset(seed=3)
    assert game.agents == game.possible_agents


# --- the last observation of a one-round episode ------------------------------------


def final_observations(rules: RuleSet, seed: int, *, single_round: bool) -> Any:
    game = raw_env(rules, single_round=single_round)
    game.reset(seed=seed)
    rng = random.Random(seed)
    while not any(game.terminations.values()):
        game.step(random_action(game, rng))
    return game, observations(game)


@pytest.mark.parametrize("seed", range(6))
def test_a_one_round_episode_ends_showing_the_round_that_ended(seed: int) -> None:
    # A schedule of one round and no tiebreak: the whole game is one round,
    # so both kinds of episode must end on the same observations.
    one = RuleSet(players=4, schedule=[4], tiebreak="shared")
    game, single = final_observations(one, seed, single_round=True)
    _, whole = final_observations(one, seed, single_round=False)
    assert single == whole
    # A longer game stopped after its first round shows that round, ended.
    longer = RuleSet(players=4, schedule=[4, 5, 6])
    game, seen = final_observations(longer, seed, single_round=True)
    fields = {field.name: field for field in observation_layout(longer)}
    result = game.game_state.round_results[0]
    for seat, vector in enumerate(seen[: longer.players]):
        part = {name: vector[field.slice] for name, field in fields.items()}
        assert not any(part["hand"]), "no card of the next round's deal"
        assert list(part["phase"]) == [0, 0, 0, 0, 1]
        assert list(part["round_index"]).index(1) == 0
        relative = [(seat + k) % longer.players for k in range(longer.players)]
        assert list(part["tricks_won"]) == [result.won[s] for s in relative]
        assert list(part["scores"]) == [result.scores[s] for s in relative]


def test_an_action_past_the_text_limit_is_refused_with_the_library_error() -> None:
    from pocha_rules import InvalidActionError

    game = raw_env(SHORT)
    game.reset(seed=1)
    state = game.game_state
    for action in (10**5000, -(10**5000)):
        with pytest.raises(InvalidActionError, match="a whole number of about 5000 digits"):
            game.step(action)
    assert game.game_state is state


# --- the observation space ----------------------------------------------------------


@pytest.mark.parametrize("seed", range(3))
def test_every_observation_is_in_the_space_whose_score_bounds_are_finite(seed: int) -> None:
    game = raw_env(RuleSet(players=4, schedule=[3, "3a", 3], tiebreak="shared"))
    space = game.observation_space("player_0")["observation"]
    assert isinstance(space, Box)
    assert np.isfinite(space.low).all()
    assert np.isfinite(space.high).all()
    game.reset(seed=seed)
    rng = random.Random(seed)
    while game.agents:
        for agent in game.possible_agents:
            assert game.observation_space(agent).contains(game.observe(agent))
        game.step(random_action(game, rng))


def test_a_one_round_episode_has_finite_score_bounds_even_with_tiebreak_rounds() -> None:
    rules = RuleSet(players=4, schedule=[3, 5])
    game = raw_env(rules, single_round=True)
    space = game.observation_space("player_0")["observation"]
    assert isinstance(space, Box)
    assert np.isfinite(space.low).all()
    assert np.isfinite(space.high).all()
    (scores,) = [field for field in observation_layout(rules) if field.name == "scores"]
    assert list(space.high[scores.slice]) == [25.0] * 4  # a 3-card round: 10 + 3 x 5
    assert list(space.low[scores.slice]) == [-15.0] * 4
    for seed in range(3):
        game.reset(seed=seed)
        rng = random.Random(seed)
        while game.agents:
            for agent in game.possible_agents:
                assert game.observation_space(agent).contains(game.observe(agent))
            game.step(random_action(game, rng))


def test_arguments_past_the_text_limit_are_refused_with_the_library_errors() -> None:
    with pytest.raises(TypeError, match="expected a RuleSet, got int a whole number of about"):
        raw_env(10**5000)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="single_round must be True or False, got int a whole"):
        raw_env(single_round=10**5000)  # type: ignore[arg-type]
