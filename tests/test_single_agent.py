"""One seat against bots: gymnasium's checker, rewards, seeds, errors; the
PettingZoo environment's ``opponents``; a policy as a bot, in a match and on
the command line."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("gymnasium", reason="the single-agent environment needs the rl extra")
pytest.importorskip("pettingzoo", reason="the PettingZoo environment needs the rl extra")
pytest.importorskip("numpy", reason="the single-agent environment needs the rl extra")

import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from pocha_rules import (
    HeuristicBot,
    InvalidActionError,
    PlayerView,
    PochaError,
    RandomBot,
    RuleSet,
    new_game,
    observe,
)
from pocha_rules.actions import legal_action_mask, move_to_action
from pocha_rules.bots import play_game
from pocha_rules.matches import play_match
from pocha_rules.observations import encode_view
from pocha_rules.pettingzoo import env as pettingzoo_env
from pocha_rules.pettingzoo import raw_env
from pocha_rules.policy import PolicyBot
from pocha_rules.single_agent import ILLEGAL_ACTION_REWARD, SingleAgentEnv
from tests.test_cli import SHORT, pocha

SHORT_RULES = RuleSet(schedule=[1, "2a", 3], tiebreak="shared")


def first_legal(observation: np.ndarray, mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


@pytest.mark.parametrize(
    "env",
    [
        SingleAgentEnv(RuleSet(schedule=[2, 3])),
        SingleAgentEnv(RuleSet(schedule="full"), seat=2, opponents="heuristic"),
        SingleAgentEnv(RuleSet(players=5, deck=48), seat=4, render_mode="ansi",
                       opponents=[RandomBot(seed=1), "heuristic", "random", HeuristicBot()]),
        SingleAgentEnv(RuleSet(), single_round=True),
    ],
)  # fmt: skip
def test_gymnasium_check_env(env: SingleAgentEnv) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # The scores field has no bounds: a total can be any number; and an
        # ansi text has no frame rate, and the environment no registry entry.
        warnings.filterwarnings("ignore", ".*A Box observation space m")
        warnings.filterwarnings("ignore", ".*No render fps was declared")
        warnings.filterwarnings("ignore", ".*Not able to test alternative render modes")
        check_env(env, skip_render_check=env.render_mode is None)


def play_episode(env: SingleAgentEnv, seed: int) -> tuple[list[Any], dict[str, Any]]:
    """A random episode: every step's observation, reward and info."""
    rng = np.random.default_rng(seed)
    observation, info = env.reset(seed=seed)
    steps: list[Any] = [observation]
    while True:
        action = rng.choice(np.flatnonzero(info["action_mask"]))
        assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
        observation, reward, terminated, truncated, info = env.step(action)
        assert not truncated
        steps += [observation, reward]
        if terminated:
            return steps, info


def test_the_rewards_are_the_seats_round_points_and_add_up_to_its_total() -> None:
    rules = RuleSet(schedule=[1, 2, "3a", "1b", 2])
    env = SingleAgentEnv(rules, seat=1, opponents="heuristic")
    for seed in range(10):
        rng = np.random.default_rng(seed)
        observation, info = env.reset(seed=seed)
        rewards = []
        while True:
            state = env.game_state
            # The agent sees what its seat sees, and only on its turn.
            assert state.to_move == 1
            expected = np.array(encode_view(observe(state, 1)), dtype=np.float32)
            assert np.array_equal(observation, expected)
            assert info["action_mask"].tobytes() == legal_action_mask(state)
            rounds = len(state.round_results)
            action = rng.choice(np.flatnonzero(info["action_mask"]))
            observation, reward, terminated, _, info = env.step(action)
            after = env.game_state
            assert reward == sum(r.scores[1] for r in after.round_results[rounds:])
            rewards.append(reward)
            if terminated:
                break
        assert after.is_over
        assert sum(rewards) == info["total"] == after.scores[1]
        assert info["winner"] == (1 in after.winners)
        assert info["illegal"] is False
        assert not info["action_mask"].any()


def test_a_seed_replays_the_episode_with_named_bots() -> None:
    env = SingleAgentEnv(RuleSet(schedule=[3, 2]), opponents=["heuristic", "random", "random"])
    first, again = play_episode(env, 5), play_episode(env, 5)
    assert len(first[0]) == len(again[0])
    assert all(np.array_equal(a, b) for a, b in zip(first[0], again[0], strict=True))


def test_an_illegal_action_ends_the_episode_or_raises() -> None:
    env = SingleAgentEnv(RuleSet(), seat=0)
    _, info = env.reset(seed=3)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    state = env.game_state
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal"]) == (ILLEGAL_ACTION_REWARD, True, True)
    assert env.game_state == state
    with pytest.raises(PochaError, match="the episode is over"):
        env.step(illegal)
    strict = SingleAgentEnv(RuleSet(), seat=0, illegal_action="raise")
    _, info = strict.reset(seed=3)
    state = strict.game_state
    with pytest.raises(InvalidActionError) as caught:
        strict.step(illegal)
    assert caught.value.seat == 0
    with pytest.raises(InvalidActionError, match="out of range"):
        strict.step(10_000)
    assert strict.game_state == state
    strict.step(int(np.flatnonzero(info["action_mask"])[0]))  # still playable


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"seat": 4}, PochaError, "seat must be from 0 to 3, got 4"),
        ({"seat": "0"}, TypeError, "seat must be an int"),
        (
            {"opponents": "smart"},
            PochaError,
            "unknown bot 'smart'; the names are random, heuristic",
        ),
        ({"opponents": 3}, TypeError, "opponents must be a bot"),
        ({"opponents": ["random"]}, PochaError, "one bot per other seat \\(3\\), got 1"),
        ({"opponents": {1: "random"}}, PochaError, "every other seat once \\(\\[1, 2, 3\\]\\)"),
        ({"illegal_action": "ignore"}, PochaError, "illegal_action must be 'end' or 'raise'"),
        ({"render_mode": "rgb_array"}, ValueError, "render_mode must be None, 'ansi' or 'human'"),
    ],
)
def test_bad_arguments_are_refused(kwargs: dict[str, Any], error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        SingleAgentEnv(RuleSet(), **kwargs)


# --- PettingZoo's opponents ------------------------------------------------------------------


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
def test_pettingzoo_opponents_pass_the_api_and_seed_tests() -> None:
    rules = RuleSet(players=5, schedule=[2, "3a", "1b", 4])
    api_test(pettingzoo_env(rules, opponents={1: "heuristic", 3: RandomBot()}), num_cycles=500)
    seed_test(lambda: pettingzoo_env(rules, opponents={0: "random", 4: "heuristic"}), 100)


def test_pettingzoo_opponents_are_not_agents_and_move_inside() -> None:
    game = raw_env(RuleSet(schedule=[2, 3]), opponents={1: "heuristic", 2: "random"})
    assert game.possible_agents == ["player_0", "player_3"]
    game.reset(seed=8)
    totals = dict.fromkeys(game.possible_agents, 0)
    for agent in game.agent_iter():
        observation, reward, termination, _, info = game.last()
        assert game.game_state.to_move in (0, 3) or termination
        if termination:
            assert info["total"] == totals[agent] + reward
            game.step(None)
            continue
        totals[agent] += reward
        game.step(int(np.flatnonzero(observation["action_mask"])[0]))
    final = game.game_state
    assert final.is_over
    assert {agent: final.scores[int(agent[-1])] for agent in totals} == {
        "player_0": final.scores[0], "player_3": final.scores[3]
    }  # fmt: skip
    with pytest.raises(PochaError, match="every seat is an opponent"):
        raw_env(RuleSet(players=3), opponents=dict.fromkeys(range(3), "random"))
    with pytest.raises(PochaError, match="opponent seats run from 0 to 3, got 7"):
        raw_env(RuleSet(), opponents={7: "random"})


# --- a policy as a bot -------------------------------------------------------------------------


def test_a_policy_bot_plays_what_the_policy_chooses() -> None:
    rules = RuleSet(schedule=[2, 3])
    seen: list[tuple[np.ndarray, np.ndarray]] = []

    def policy(observation: np.ndarray, mask: np.ndarray) -> Any:
        seen.append((observation, mask))
        return np.array([np.flatnonzero(mask)[-1]])  # as model.predict returns it

    bot = PolicyBot(policy)
    view = observe(new_game(rules, seed=2, dealer=0), 1)
    move = bot.act(view)
    observation, mask = seen[-1]
    assert observation.dtype == np.float32
    assert mask.dtype == np.int8
    assert np.array_equal(observation, np.array(encode_view(view), dtype=np.float32))
    assert mask.tobytes() == legal_action_mask(view)
    assert move_to_action(rules, move) == np.flatnonzero(mask)[-1]
    final = play_game(rules, [bot, RandomBot(seed=1), HeuristicBot(), RandomBot(seed=2)], seed=3)
    assert final.is_over


@pytest.mark.parametrize(
    ("policy", "message"),
    [
        (lambda o, m: 10_000, "out of range 0 to 50"),
        (lambda o, m: int(np.flatnonzero(m == 0)[0]), "which is not legal here"),
        (lambda o, m: 1.5, "one whole action id"),
        (lambda o, m: [1, 2], "one whole action id"),
    ],
)
def test_a_policy_bots_bad_choice_is_refused(policy: Any, message: str) -> None:
    view: PlayerView = observe(new_game(RuleSet(), seed=2, dealer=0), 1)
    with pytest.raises(InvalidActionError, match=message) as caught:
        PolicyBot(policy).act(view)
    assert caught.value.seat == 1
    with pytest.raises(TypeError, match="policy must be callable"):
        PolicyBot(3)  # type: ignore[arg-type]


class FirstLegal(PolicyBot):
    """A policy bot the way ``pocha match`` builds one: from a seed alone."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(first_legal)


def test_a_policy_bot_enters_play_match() -> None:
    result = play_match(SHORT_RULES, {"policy": FirstLegal, "random": RandomBot}, 8, seed=1)
    assert result.names == ("policy", "random")


POLICY_BOTS = """
import numpy as np
from pocha_rules.policy import PolicyBot


class FirstLegal(PolicyBot):
    def __init__(self, seed=None):
        super().__init__(lambda observation, mask: int(np.flatnonzero(mask)[0]))
"""


def test_a_policy_bot_enters_pocha_match(tmp_path: Path) -> None:
    (tmp_path / "policies.py").write_text(POLICY_BOTS)
    result = pocha(
        "match", "--bot", "policies:FirstLegal", "--bot", "random", "-n", "6", "--json", *SHORT,
        cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    names = [bot["name"] for bot in json.loads(result.stdout)["bots"]]
    assert names[0].endswith("FirstLegal")
