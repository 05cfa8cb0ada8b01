"""The PettingZoo environment: PettingZoo's own API and seed tests, rewards, errors."""

from __future__ import annotations

import pickle
import random
import re
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="the PettingZoo adapter needs the rl extra")
pytest.importorskip("gymnasium", reason="the PettingZoo adapter needs the rl extra")
np = pytest.importorskip("numpy", reason="the PettingZoo adapter needs the rl extra")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from pocha_rules import InvalidActionError, RuleSet, observe  # noqa: E402
from pocha_rules.actions import legal_action_mask, num_actions  # noqa: E402
from pocha_rules.observations import encode_view, observation_size  # noqa: E402
from pocha_rules.pettingzoo import ILLEGAL_ACTION_REWARD, env, raw_env  # noqa: E402

# PettingZoo's api_test warns about any dict observation, the form it asks
# for when there is an action mask.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]

RULE_SETS = {
    "three players, every round kind": RuleSet(players=3, schedule=[1, 2, "3a", "1b"]),
    "default rules": RuleSet(),
    "full, auctions and blind rounds": RuleSet(schedule="full", double_when_oros=True),
    "five players, 48 cards, free following": RuleSet(
        players=5, deck=48, schedule=[2, "4a", 3, "1b"], must_overtake=False
    ),
    "six players, dealer chooses trump": RuleSet(
        players=6, schedule=[6, "6a", 1], trump_when_all_dealt="dealer_chooses"
    ),
    "eight players, full": RuleSet(players=8, schedule="full", tiebreak="shared"),
    "oh hell": RuleSet.oh_hell(players=7, cards=5, off_bid_penalty=True, points_per_trick=5),
}


@pytest.mark.parametrize("rules", RULE_SETS.values(), ids=RULE_SETS.keys())
def test_pettingzoo_api_test(rules: RuleSet) -> None:
    api_test(env(rules), num_cycles=2000)


@pytest.mark.parametrize("rules", RULE_SETS.values(), ids=RULE_SETS.keys())
def test_pettingzoo_seed_test(rules: RuleSet) -> None:
    seed_test(lambda: env(rules), num_cycles=100)


def test_the_single_round_option_passes_the_api_test_too() -> None:
    api_test(env(RuleSet(schedule="full"), single_round=True), num_cycles=200)
    seed_test(lambda: env(RuleSet(schedule=[3, 2]), single_round=True), num_cycles=50)


# --- a game, step by step -----------------------------------------------------------------


def play_episode(game: Any, seed: int) -> tuple[dict[str, float], dict[str, dict[str, Any]]]:
    """Random legal actions to the end; each agent's summed rewards and last info."""
    rng = random.Random(seed)
    game.reset(seed=seed)
    returns: dict[str, float] = dict.fromkeys(game.possible_agents, 0.0)
    infos: dict[str, dict[str, Any]] = {}
    for agent in game.agent_iter():
        observation, reward, termination, truncation, info = game.last()
        returns[agent] += reward
        if termination or truncation:
            infos[agent] = info
            game.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        game.step(int(rng.choice(list(legal))))
    return returns, infos


@pytest.mark.parametrize("rules", RULE_SETS.values(), ids=RULE_SETS.keys())
def test_rewards_are_the_round_points_and_add_up_to_the_game_total(rules: RuleSet) -> None:
    game = raw_env(rules)
    returns, infos = play_episode(game, seed=3)
    state = game.game_state
    assert state.is_over
    for agent, seat in zip(game.possible_agents, range(rules.players), strict=True):
        assert returns[agent] == state.scores[seat] == infos[agent]["total"]
        assert infos[agent]["winner"] == (seat in state.winners)


def test_every_reward_is_a_rounds_points_when_that_round_ends() -> None:
    rules = RuleSet(schedule=[2, 3, 1], tiebreak="shared")
    game = raw_env(rules)
    game.reset(seed=5)
    rng = random.Random(5)
    seen: list[tuple[int, ...]] = []
    while not any(game.terminations.values()):
        before = len(game.game_state.round_results)
        mask = game.observe(game.agent_selection)["action_mask"]
        game.step(int(rng.choice(list(np.flatnonzero(mask)))))
        results = game.game_state.round_results
        if len(results) > before:
            seen.append(tuple(game.rewards[agent] for agent in game.possible_agents))
            assert seen[-1] == results[-1].scores
        else:
            assert set(game.rewards.values()) == {0}
    assert seen == [result.scores for result in game.game_state.round_results]


def test_a_single_round_episode_ends_with_the_first_round() -> None:
    rules = RuleSet(schedule=[3, 2, 1])
    game = raw_env(rules, single_round=True)
    returns, infos = play_episode(game, seed=8)
    state = game.game_state
    assert len(state.round_results) == 1
    # The first round as it ended (not the second one's deal): nobody to move.
    assert state.is_over
    assert state.round_index == 0
    points = state.round_results[0].scores
    for seat, agent in enumerate(game.possible_agents):
        assert returns[agent] == points[seat] == infos[agent]["total"]


def test_observations_are_the_shared_encoding_and_mask() -> None:
    rules = RuleSet(schedule="full")
    game = raw_env(rules)
    game.reset(seed=1)
    rng = random.Random(1)
    for _ in range(300):
        state = game.game_state
        for seat, agent in enumerate(game.possible_agents):
            observation = game.observe(agent)
            view = observe(state, seat)
            assert observation["observation"].dtype == np.float32
            assert observation["observation"].tolist() == encode_view(view)
            assert observation["action_mask"].tolist() == list(legal_action_mask(view))
            assert game.observation_space(agent).contains(observation)
        mask = game.observe(game.agent_selection)["action_mask"]
        game.step(int(rng.choice(list(np.flatnonzero(mask)))))
    assert game.observation_space("player_0") is game.observation_space("player_0")
    assert game.action_space("player_1") is game.action_space("player_1")
    assert game.action_space("player_1").n == num_actions(rules)
    space = game.observation_space("player_2")["observation"]
    assert space.shape == (observation_size(rules),)


def test_the_same_seed_gives_the_same_games() -> None:
    first, second = raw_env(RuleSet()), raw_env(RuleSet())
    first.reset(seed=9)
    second.reset(seed=9)
    assert first.game_state == second.game_state
    first.reset()
    second.reset()
    assert first.game_state == second.game_state  # the seeded source goes on
    second.reset(seed=10)
    assert first.game_state.deal != second.game_state.deal


# --- illegal actions and bad arguments ----------------------------------------------------


def test_an_illegal_action_in_the_raw_env_raises_and_changes_nothing() -> None:
    game = raw_env(RuleSet())
    game.reset(seed=2)
    agent = game.agent_selection
    seat = game.possible_agents.index(agent)
    before = (
        game.game_state,
        agent,
        dict(game.rewards),
        dict(game._cumulative_rewards),
        pickle.dumps(game.observe(agent)),
    )
    illegal = num_actions(game.rules) - 1  # bid 10 in a one-card round
    with pytest.raises(InvalidActionError) as caught:
        game.step(illegal)
    assert (caught.value.action, caught.value.seat) == (illegal, seat)
    assert "bid 10" in caught.value.reason
    with pytest.raises(InvalidActionError, match="out of range"):
        game.step(10_000)
    with pytest.raises(InvalidActionError, match="must act"):
        game.step(None)
    after = (
        game.game_state,
        game.agent_selection,
        dict(game.rewards),
        dict(game._cumulative_rewards),
        pickle.dumps(game.observe(agent)),
    )
    assert after == before


def test_the_wrapped_env_ends_the_episode_on_an_illegal_action(
    caplog: pytest.LogCaptureFixture,
) -> None:
    game = env(RuleSet())
    game.reset(seed=2)
    offender = game.agent_selection
    game.step(num_actions(RuleSet()) - 1)
    assert "Illegal move made" in caplog.text
    assert all(game.terminations.values())
    assert game.rewards[offender] == ILLEGAL_ACTION_REWARD


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(TypeError, match="expected a RuleSet"):
        raw_env("classic")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="render_mode must be None, 'ansi' or 'human'"):
        raw_env(render_mode="rgb_array")
    with pytest.raises(TypeError, match="single_round must be True or False"):
        raw_env(single_round=1)  # type: ignore[arg-type]
    with pytest.raises(RuntimeError, match="call reset"):
        raw_env().observe("player_0")


# --- rendering ------------------------------------------------------------------------------


def test_ansi_shows_what_the_seat_to_move_sees() -> None:
    game = raw_env(RuleSet(schedule=[3, "1b"], tiebreak="shared"), render_mode="ansi")
    game.reset(seed=4)
    state = game.game_state
    seat = state.to_move
    assert seat is not None
    text = game.render()
    assert text is not None
    assert text.startswith(f"player_{seat} to act")
    assert f"seat {seat} holds: {' '.join(map(str, state.hands[seat]))}" in text.splitlines()
    shown = set(re.findall(r"\b\d+[oceb]\b", text))
    for other, hand in enumerate(state.hands):
        if other != seat:
            assert not shown & {str(card) for card in hand}
    play_episode(game, seed=4)
    final = game.render()
    assert final is not None
    assert final.startswith("the episode is over")
    assert "won: player_" in final


def test_render_without_a_mode_warns_and_returns_nothing() -> None:
    game = raw_env(RuleSet())
    game.reset(seed=1)
    with pytest.warns(UserWarning, match="render_mode"):
        assert game.render() is None
