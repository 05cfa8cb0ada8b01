"""Every environment, for both games: PettingZoo's own api, seed and render
tests, gymnasium's checker, rewards that add up to the seat's result, the
human render mode, copies and opponents."""

from __future__ import annotations

import copy
import pickle
import random
import warnings
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="the environments need the rl extra")
pytest.importorskip("gymnasium", reason="the environments need the rl extra")
np = pytest.importorskip("numpy", reason="the environments need the rl extra")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

from pocha_rules import RuleSet as PochaRules  # noqa: E402
from pocha_rules import pettingzoo as pocha_zoo  # noqa: E402
from pocha_rules.games import GAMES, Game  # noqa: E402
from pocha_rules.poch import RuleSet as PochRules  # noqa: E402
from pocha_rules.poch import pettingzoo as poch_zoo  # noqa: E402
from pocha_rules.single_agent import SingleAgentEnv  # noqa: E402

pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]

SHORT: dict[str, Any] = {
    "pocha": PochaRules(players=3, schedule=[2, 3], tiebreak="shared"),
    "poch": PochRules(players=3),
}
"""A short game of each."""


def raw(name: str, **options: Any) -> Any:
    """The bare PettingZoo environment of game ``name``; ``single`` is the
    one-deal option under the game's own name."""
    single = options.pop("single", False)
    if name == "pocha":
        return pocha_zoo.raw_env(SHORT[name], single_round=single, **options)
    return poch_zoo.raw_env(SHORT[name], single_deal=single, **options)


def wrapped(name: str, **options: Any) -> Any:
    """The wrapped PettingZoo environment of game ``name``."""
    single = options.pop("single", False)
    if name == "pocha":
        return pocha_zoo.env(SHORT[name], single_round=single, **options)
    return poch_zoo.env(SHORT[name], single_deal=single, **options)


def random_action(game: Any, rng: random.Random) -> int | None:
    observation, _, termination, truncation, _ = game.last()
    if termination or truncation:
        return None
    return int(rng.choice(list(np.flatnonzero(observation["action_mask"]))))


def play(game: Any, seed: int) -> tuple[dict[str, float], dict[str, dict[str, Any]]]:
    """A random episode: each agent's summed rewards and last info."""
    rng = random.Random(seed)
    game.reset(seed=seed)
    returns = dict.fromkeys(game.possible_agents, 0.0)
    infos: dict[str, dict[str, Any]] = {}
    for agent in game.agent_iter():
        _, reward, termination, truncation, info = game.last()
        returns[agent] += reward
        if termination or truncation:
            infos[agent] = info
        game.step(random_action(game, rng))
    return returns, infos


GAME_NAMES = ["pocha", "poch"]


@pytest.mark.parametrize("single", [False, True], ids=["game", "one deal"])
@pytest.mark.parametrize("name", GAME_NAMES)
def test_pettingzoo_api_and_seed_tests(name: str, single: bool) -> None:
    api_test(wrapped(name, single=single), num_cycles=300)
    seed_test(lambda: wrapped(name, single=single), num_cycles=50)


@pytest.mark.parametrize("make", [raw, wrapped], ids=["raw_env", "env"])
@pytest.mark.parametrize("name", GAME_NAMES)
def test_pettingzoo_render_test(name: str, make: Callable[..., Any]) -> None:
    render_test(lambda render_mode=None: make(name, render_mode=render_mode))


@pytest.mark.parametrize("name", GAME_NAMES)
def test_human_mode_prints_what_ansi_returns(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    shown, told = raw(name, render_mode="human"), raw(name, render_mode="ansi")
    shown.reset(seed=6)
    told.reset(seed=6)
    rng = random.Random(6)
    while shown.agents:
        assert shown.render() is None
        assert capsys.readouterr().out == f"{told.render()}\n"
        action = random_action(shown, rng)
        shown.step(action)
        told.step(action)
    shown.render()
    assert "the episode is over" in capsys.readouterr().out


@pytest.mark.parametrize("single", [False, True], ids=["game", "one deal"])
@pytest.mark.parametrize("name", GAME_NAMES)
def test_rewards_add_up_to_the_seats_result(name: str, single: bool) -> None:
    game: Game[Any, Any, Any, Any] = GAMES[name]
    env = raw(name, single=single)
    returns, infos = play(env, seed=4)
    state = env.game_state
    result = game.deal_scores(state, 0) if single else game.scores(state)
    won = game.winners(SHORT[name], result)
    for seat, agent in enumerate(env.possible_agents):
        assert returns[agent] == result[seat] == infos[agent][game.score_name]
        assert infos[agent]["winner"] == (seat in won)


COPIES: dict[str, Callable[[Any], Any]] = {
    "copy": copy.copy,
    "deepcopy": copy.deepcopy,
    "pickle": lambda game: pickle.loads(pickle.dumps(game)),
}


@pytest.mark.parametrize("how", COPIES.values(), ids=COPIES.keys())
@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_copy_in_progress_plays_on_alike_and_alone(name: str, how: Callable[[Any], Any]) -> None:
    game = raw(name)
    game.reset(seed=3)
    rng = random.Random(3)
    for _ in range(5):
        game.step(random_action(game, rng))
    twin = how(game)
    assert twin.game_state == game.game_state
    assert twin.agent_selection == game.agent_selection
    moves = random.Random(9)
    while game.agents:
        action = random_action(game, moves)
        game.step(action)
        twin.step(action)
        assert twin.game_state == game.game_state
        assert twin.rewards == game.rewards
    assert twin.agents == game.agents


@pytest.mark.parametrize("name", GAME_NAMES)
def test_opponents_move_inside_and_are_not_agents(name: str) -> None:
    env = raw(name, opponents={1: "heuristic", 2: "random"})
    assert env.possible_agents == ["player_0"]
    api_test(env, num_cycles=100)
    env.reset(seed=2)
    game: Game[Any, Any, Any, Any] = GAMES[name]
    rng = random.Random(2)
    while env.agents:
        assert env.agent_selection == "player_0"
        if env.agents and not env.terminations["player_0"]:
            assert game.to_move(env.game_state) == 0
        env.step(random_action(env, rng))
    assert game.is_over(env.game_state)


# --- the single-agent environment ---------------------------------------------------


def single_agent_envs() -> list[SingleAgentEnv]:
    return [
        SingleAgentEnv(SHORT["pocha"]),
        SingleAgentEnv(SHORT["pocha"], seat=1, opponents="heuristic", render_mode="ansi"),
        SingleAgentEnv(SHORT["poch"]),
        SingleAgentEnv(PochRules(players=4), seat=2, opponents="heuristic", render_mode="ansi"),
        SingleAgentEnv(SHORT["poch"], single_round=True),
    ]


@pytest.mark.parametrize(
    "env", single_agent_envs(), ids=["pocha", "pocha ansi", "poch", "poch ansi", "poch one deal"]
)
def test_gymnasium_check_env(env: SingleAgentEnv) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # A score field has no bounds; an ansi text has no frame rate, and
        # the environment no registry entry.
        warnings.filterwarnings("ignore", ".*A Box observation space m")
        warnings.filterwarnings("ignore", ".*No render fps was declared")
        warnings.filterwarnings("ignore", ".*Not able to test alternative render modes")
        check_env(env, skip_render_check=env.render_mode is None)


@pytest.mark.parametrize("single", [False, True], ids=["game", "one deal"])
@pytest.mark.parametrize("name", GAME_NAMES)
def test_single_agent_rewards_add_up_to_the_seats_result(name: str, single: bool) -> None:
    game: Game[Any, Any, Any, Any] = GAMES[name]
    env = SingleAgentEnv(SHORT[name], seat=1, opponents="heuristic", single_round=single)
    rng = np.random.default_rng(5)
    _, info = env.reset(seed=5)
    total = 0.0
    while True:
        _, reward, terminated, _, info = env.step(rng.choice(np.flatnonzero(info["action_mask"])))
        total += reward
        if terminated:
            break
    state = env.game_state
    result = game.deal_scores(state, 0) if single else game.scores(state)
    assert total == result[1] == info[game.score_name]
    assert info["winner"] == (1 in game.winners(SHORT[name], result))


@pytest.mark.parametrize("name", GAME_NAMES)
def test_single_agent_human_mode_prints(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    env = SingleAgentEnv(SHORT[name], render_mode="human")
    env.reset(seed=1)
    assert env.render() is None
    assert capsys.readouterr().out.strip()


def test_single_agent_refuses_what_is_no_rule_set() -> None:
    with pytest.raises(TypeError, match="RuleSet of Pocha or of Poch"):
        SingleAgentEnv("poch")
