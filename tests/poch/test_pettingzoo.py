"""The Poch PettingZoo environment: PettingZoo's own API and seed tests,
rewards, errors and rendering."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="the PettingZoo adapter needs the rl extra")
pytest.importorskip("gymnasium", reason="the PettingZoo adapter needs the rl extra")
np = pytest.importorskip("numpy", reason="the PettingZoo adapter needs the rl extra")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from pocha_rules import InvalidActionError  # noqa: E402
from pocha_rules.poch import RuleSet, observe  # noqa: E402
from pocha_rules.poch.actions import legal_action_mask, num_actions  # noqa: E402
from pocha_rules.poch.observations import encode_view  # noqa: E402
from pocha_rules.poch.pettingzoo import ILLEGAL_ACTION_REWARD, env, raw_env  # noqa: E402

pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]

RULE_SETS = {
    "three players": RuleSet(players=3),
    "defaults": RuleSet(players=4),
    "six, 52 cards, centre pool, runs": RuleSet(
        players=6, centre_pool=True, sequence_rule="longest_run", bet_max=4
    ),
    "five, going out, bust": RuleSet(
        players=5, insolvency="out", end="bust", max_deals=6, starting_chips=24
    ),
}


@pytest.mark.parametrize("rules", RULE_SETS.values(), ids=RULE_SETS.keys())
def test_pettingzoo_api_test(rules: RuleSet) -> None:
    api_test(env(rules), num_cycles=1000)


@pytest.mark.parametrize("rules", RULE_SETS.values(), ids=RULE_SETS.keys())
def test_pettingzoo_seed_test(rules: RuleSet) -> None:
    seed_test(lambda: env(rules), num_cycles=100)


def test_the_single_deal_option_passes_the_api_test_too() -> None:
    api_test(env(RuleSet(players=4), single_deal=True), num_cycles=300)
    seed_test(lambda: env(RuleSet(players=3), single_deal=True), num_cycles=50)


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
        game.step(int(rng.choice(list(np.flatnonzero(observation["action_mask"])))))
    return returns, infos


@pytest.mark.parametrize("rules", RULE_SETS.values(), ids=RULE_SETS.keys())
def test_rewards_are_chips_and_add_up_to_the_net_result(rules: RuleSet) -> None:
    game = raw_env(rules)
    returns, infos = play_episode(game, seed=3)
    state = game.game_state
    assert state.is_over
    for seat, agent in enumerate(game.possible_agents):
        assert returns[agent] == state.net[seat] == infos[agent]["net"]
        assert infos[agent]["winner"] == (seat in state.winners)


def test_a_single_deal_episode_pays_the_first_deal_only() -> None:
    game = raw_env(RuleSet(players=4), single_deal=True)
    returns, infos = play_episode(game, seed=8)
    state = game.game_state
    first = state.deal_results[0]
    assert len(state.deal_results) == 1
    for seat, agent in enumerate(game.possible_agents):
        assert returns[agent] == first.changes[seat] == infos[agent]["net"]


def test_observations_are_the_shared_encoding_and_mask() -> None:
    rules = RuleSet(players=4)
    game = raw_env(rules)
    game.reset(seed=1)
    rng = random.Random(1)
    for _ in range(120):
        state = game.game_state
        if state.is_over:
            break
        for seat, agent in enumerate(game.possible_agents):
            observation = game.observe(agent)
            view = observe(state, seat)
            assert observation["observation"].dtype == np.float32
            assert observation["observation"].tolist() == encode_view(view)
            assert observation["action_mask"].tolist() == list(legal_action_mask(view))
            assert game.observation_space(agent).contains(observation)
        mask = game.observe(game.agent_selection)["action_mask"]
        game.step(int(rng.choice(list(np.flatnonzero(mask)))))
    assert game.action_space("player_1").n == num_actions(rules)


def test_an_illegal_action_in_the_raw_env_raises_and_changes_nothing() -> None:
    game = raw_env(RuleSet(players=4))
    game.reset(seed=2)
    agent = game.agent_selection
    seat = game.possible_agents.index(agent)
    before = (game.game_state, agent, dict(game.rewards), pickle.dumps(game.observe(agent)))
    with pytest.raises(InvalidActionError) as caught:
        game.step(2)  # close, before anyone opened
    assert (caught.value.action, caught.value.seat) == (2, seat)
    with pytest.raises(InvalidActionError, match="out of range"):
        game.step(10_000)
    with pytest.raises(InvalidActionError, match="must act"):
        game.step(None)
    after = (
        game.game_state,
        game.agent_selection,
        dict(game.rewards),
        pickle.dumps(game.observe(agent)),
    )
    assert after == before


def test_the_wrapped_env_ends_the_episode_on_an_illegal_action() -> None:
    game = env(RuleSet(players=4))
    game.reset(seed=2)
    offender = game.agent_selection
    game.step(2)
    assert all(game.terminations.values())
    assert game.rewards[offender] == ILLEGAL_ACTION_REWARD


def test_bad_arguments_are_refused() -> None:
    from pocha_rules import RuleSet as PochaRules

    with pytest.raises(TypeError, match="poch RuleSet"):
        raw_env(PochaRules())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="render_mode must be None, 'ansi' or 'human'"):
        raw_env(render_mode="rgb_array")
    with pytest.raises(TypeError, match="single_deal must be True or False"):
        raw_env(single_deal=1)  # type: ignore[arg-type]
    with pytest.raises(RuntimeError, match="call reset"):
        raw_env().observe("player_0")


def test_ansi_shows_what_the_seat_to_move_sees() -> None:
    game = raw_env(RuleSet(players=3), render_mode="ansi")
    game.reset(seed=4)
    state = game.game_state
    seat = state.to_move
    assert seat is not None
    text = game.render()
    assert text is not None
    assert text.startswith(f"player_{seat} to act")
    assert f"seat {seat} holds: {' '.join(map(str, state.hand(seat)))}" in text.splitlines()
    for other in range(3):
        if other != seat:
            for card in state.hand(other):
                if card not in state.shown[other]:
                    assert f" {card}" not in text.split("holds:")[1]
    play_episode(game, seed=4)
    final = game.render()
    assert final is not None
    assert final.startswith("the episode is over")
    with pytest.warns(UserWarning, match="render_mode"):
        assert raw_env(RuleSet(players=3)).render() is None
