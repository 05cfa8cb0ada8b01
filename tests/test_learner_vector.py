"""The learner's vector environment is the engine's game, decision by
decision, and a gymnasium vector environment that gymnasium's wrappers take.

Every game a :class:`~pocha_rules.learner_vector.LearnerVectorEnv` plays is
replayed from its record through ``new_game`` and ``apply``: the learner's
decisions, in order, must be the engine's decisions of the learner's seat,
with the same observation vector and action mask, and the learner's action
must be the move recorded there; the rewards must be the seat's points of
each round, and the game's end its total and whether it won. Every row of
every step is a decision of the learner's (apart from the step that deals a
game anew with next-step autoreset, whose action is ignored).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

pytest.importorskip("numpy", reason="the learner environment needs numpy (pip install .[batch])")
pytest.importorskip("gymnasium", reason="the learner environment needs the rl extra")

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.wrappers import vector as wrappers
from hypothesis import given, settings
from hypothesis import strategies as st

from pocha_rules import Move, PlayerView, PochaError, RuleSet, new_game, observe
from pocha_rules.actions import apply_action, legal_action_mask, move_to_action
from pocha_rules.learner_vector import LearnerVectorEnv
from pocha_rules.observations import encode_view
from pocha_rules.records import GameRecord
from pocha_rules.vector import VectorActionError
from tests.strategies import rule_sets


@dataclass
class Seen:
    """What the environment showed the learner in one game."""

    observations: list[np.ndarray] = field(default_factory=list)
    masks: list[np.ndarray] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    rewards: list[float] = field(default_factory=list)


class FirstMove:
    """A bot that plays the first legal move of its view."""

    def act(self, view: PlayerView) -> Move:
        return view.legal_moves()[0]


def last_legal(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """A policy on arrays: the highest legal id of each row."""
    assert observations.shape[0] == masks.shape[0]
    return np.asarray(masks.shape[1] - 1 - np.argmax(masks[:, ::-1], axis=1), dtype=np.int64)


def check_game(record: GameRecord, seat: int, seen: Seen, total: int, won: bool) -> None:
    """Replay ``record`` through the engine against what the learner saw."""
    state = new_game(record.rules, seed=record.seed, dealer=record.first_dealer,
                     deals=record.deals)  # fmt: skip
    mine = 0
    points = 0.0
    rewards = iter(seen.rewards)
    reward = 0.0
    for index, move in enumerate(record.moves):
        where = f"decision {index}: {state!r}"
        if state.to_move == seat:
            expected = np.array(encode_view(observe(state, seat)), dtype=np.float32)
            assert np.array_equal(seen.observations[mine], expected), where
            mask = np.frombuffer(legal_action_mask(state), dtype=np.int8)
            assert np.array_equal(seen.masks[mine], mask), where
            assert seen.actions[mine] == move_to_action(record.rules, move), where
            mine += 1
            reward = next(rewards)
            points += reward
        after = apply_action(state, move_to_action(record.rules, move))
        state = after
    assert mine == len(seen.observations) == len(seen.rewards)
    assert state.is_over
    assert state.scores[seat] == total == points
    assert won == (seat in state.winners)


def run_and_check(
    rules: RuleSet,
    envs: int,
    seed: int | list[int],
    games: int,
    seat: int = 0,
    opponents: Any = "random",
) -> int:
    """Step a recording environment (next-step autoreset) with random legal
    actions until ``games`` games have ended, proving each one the
    engine's; the number of games checked."""
    env = LearnerVectorEnv(rules, envs, seat=seat, opponents=opponents, record=True)
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen = [Seen() for _ in range(envs)]
    waiting = np.zeros(envs, dtype=bool)
    checked = 0
    while checked < games:
        mask = obs["action_mask"]
        # Every row is the learner's decision, but those dealt anew now.
        assert mask[~waiting].any(axis=1).all()
        actions = env.sample_actions(rng)
        for game in np.flatnonzero(~waiting):
            seen[game].observations.append(obs["observation"][game].copy())
            seen[game].masks.append(mask[game].copy())
            seen[game].actions.append(int(actions[game]))
        obs, rewards, terminations, truncations, infos = env.step(actions)
        assert not rewards[waiting].any()
        for game in np.flatnonzero(~waiting):
            seen[game].rewards.append(float(rewards[game]))
        for game in np.flatnonzero(truncations):
            seen[game] = Seen()  # cut short: checked no further
        for game in np.flatnonzero(terminations):
            check_game(env.record(int(game)), seat, seen[game], int(infos["total"][game]),
                       bool(infos["winner"][game]))  # fmt: skip
            seen[game] = Seen()
            checked += 1
            assert not obs["action_mask"][game].any()
            assert not obs["observation"][game].any()
        waiting = terminations | truncations
    return checked


@settings(max_examples=10, deadline=None)
@given(rules=rule_sets(), seed=st.integers(0, 2**32), data=st.data())
def test_every_game_is_the_engines(rules: RuleSet, seed: int, data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, rules.players - 1))
    assert run_and_check(rules, 5, seed, 8, seat) >= 8


@pytest.mark.parametrize(
    "rules",
    [
        RuleSet(schedule=[1, 2, 3]),
        RuleSet(players=3, schedule=["3a", "1b", 2], trump_when_all_dealt="dealer_chooses"),
        RuleSet(players=4, schedule=[10, 3, 10], trump_when_all_dealt="dealer_chooses"),
        RuleSet(players=5, deck=48, schedule=[2, 1], tiebreak="one_card_rounds"),
    ],
)
def test_many_games_in_a_row_are_the_engines(rules: RuleSet) -> None:
    # Many short games: games end apart, are cut short and dealt anew.
    for seed in range(2):
        assert run_and_check(rules, 40, seed, 80, seat=seed) >= 80


@settings(max_examples=6, deadline=None)
@given(rules=rule_sets(), seed=st.integers(0, 2**32))
def test_bot_and_policy_opponents_play_inside_the_step(rules: RuleSet, seed: int) -> None:
    kinds = [FirstMove(), last_legal, "heuristic", "random"]
    opponents = [kinds[seat % 4] for seat in range(rules.players - 1)]
    assert run_and_check(rules, 5, seed, 6, seat=rules.players - 1, opponents=opponents) >= 6


@settings(max_examples=4, deadline=None)
@given(rules=rule_sets(), seed=st.integers(0, 2**32))
def test_games_seeded_one_by_one_are_the_engines(rules: RuleSet, seed: int) -> None:
    assert run_and_check(rules, 5, [seed + game for game in range(5)], 8) >= 8


def test_whole_default_games_are_the_engines() -> None:
    assert run_and_check(RuleSet(), 8, 5, 8, seat=2) >= 8


def test_a_game_cut_short_joins_the_games_dealt_together() -> None:
    # Short games with many ties: games that end apart are dealt anew
    # apart, then cut short when the next ones end, so the batches stay few.
    env = LearnerVectorEnv(RuleSet(schedule=[1, 2]), 256)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    cut = 0
    for _ in range(300):
        _, _, terminations, truncations, _ = env.step(env.sample_actions(rng))
        cut += int(truncations.sum())
        assert not (terminations & truncations).any()
        assert len(env._cohorts) <= 4
    assert cut > 0
    never = LearnerVectorEnv(RuleSet(schedule=[1, 2]), 256, regroup=False)
    never.reset(seed=1)
    for _ in range(100):
        assert not never.step(never.sample_actions(rng))[3].any()


def test_same_step_autoreset_shows_the_new_game_with_the_final_one() -> None:
    env = LearnerVectorEnv(RuleSet(schedule=[1, 2]), 32, autoreset_mode=AutoresetMode.SAME_STEP)
    assert env.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    obs, _ = env.reset(seed=2)
    rng = np.random.default_rng(2)
    ends = 0
    for _ in range(40):
        obs, _, terminations, truncations, infos = env.step(env.sample_actions(rng))
        assert obs["action_mask"].any(axis=1).all()  # never a row without a decision
        over = terminations | truncations
        if over.any():
            assert (infos["_final_obs"] == over).all()
            assert (infos["_final_info"] == over).all()
            for game in np.flatnonzero(terminations):
                final = infos["final_obs"][game]
                assert not final["action_mask"].any()
                assert infos["final_info"]["_total"][game]
            ends += int(terminations.sum())
    assert ends > 32


def test_a_seed_replays_the_same_games() -> None:
    def play(seed: int) -> list[np.ndarray]:
        env = LearnerVectorEnv(RuleSet(schedule=[2, 3]), 16, opponents="heuristic")
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(0)
        shown = [obs["observation"].copy()]
        for _ in range(20):
            obs = env.step(env.sample_actions(rng))[0]
            shown.append(obs["observation"].copy())
        return shown

    first, again, other = play(7), play(7), play(8)
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    assert not all(np.array_equal(a, b) for a, b in zip(first, other, strict=True))


def test_gymnasiums_checker_and_wrappers_take_it() -> None:
    from gymnasium.utils.env_checker import data_equivalence

    rules = RuleSet(schedule=[1, 2, 3])
    env = LearnerVectorEnv(rules, 8)
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert env.single_action_space == gymnasium.spaces.Discrete(env.num_actions)
    obs, _ = env.reset(seed=0)
    assert obs in env.observation_space
    single = env.single_observation_space
    assert isinstance(single, gymnasium.spaces.Dict)
    assert single["observation"].shape == (env.observation_size,)
    first, _ = env.reset(seed=0)
    assert data_equivalence(obs, first)
    flat = LearnerVectorEnv(rules, 8, mask_in_observation=False)
    made = [
        wrappers.RecordEpisodeStatistics(LearnerVectorEnv(rules, 8)),
        wrappers.NormalizeReward(LearnerVectorEnv(rules, 8)),
        wrappers.ClipReward(LearnerVectorEnv(rules, 8), -5.0, 5.0),
        wrappers.NormalizeObservation(flat),
        wrappers.FlattenObservation(LearnerVectorEnv(rules, 8)),
        wrappers.TransformReward(LearnerVectorEnv(rules, 8), lambda r: r / 10),
        wrappers.DictInfoToList(LearnerVectorEnv(rules, 8)),
    ]
    for wrapped in made:
        obs, _ = wrapped.reset(seed=1)
        assert obs in wrapped.observation_space
        rng = np.random.default_rng(1)
        for _ in range(30):
            inner = wrapped.unwrapped
            assert isinstance(inner, LearnerVectorEnv)
            obs, rewards, _, _, _ = wrapped.step(inner.sample_actions(rng))
            assert obs in wrapped.observation_space
            assert rewards.shape == (8,)
        wrapped.close()
    stats = made[0]
    assert len(stats.return_queue) > 0  # type: ignore[attr-defined]
    clipped = made[2]
    obs, _ = clipped.reset(seed=3)
    assert isinstance(made[6], wrappers.DictInfoToList)


def test_gymnasiums_vector_env_checks_hold() -> None:
    # What gymnasium's own checks of a vector environment ask: the batched
    # spaces are the single ones batched, reset and step give values in them.
    rules = RuleSet(schedule=[2])
    for mode in AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP:
        env = LearnerVectorEnv(rules, 6, autoreset_mode=mode)
        batched = gymnasium.vector.utils.batch_space(env.single_observation_space, 6)
        assert batched == env.observation_space
        assert env.action_space == gymnasium.vector.utils.batch_space(env.single_action_space, 6)
        obs, infos = env.reset(seed=4)
        assert env.observation_space.contains(obs)
        for _ in range(10):
            actions = env.action_space.sample(mask=tuple(obs["action_mask"]))
            obs, rewards, terminations, _, infos = env.step(actions)
            assert env.observation_space.contains(obs)
            assert rewards.dtype == np.float32
            assert terminations.dtype == bool
            if "final_obs" in infos:
                for game in np.flatnonzero(infos["_final_obs"]):
                    assert env.single_observation_space.contains(infos["final_obs"][game])


def test_malformed_actions_are_refused_naming_the_game() -> None:
    env = LearnerVectorEnv(RuleSet(schedule=[2, 3]), 4)
    obs, _ = env.reset(seed=1)
    before = obs["observation"].copy()
    with pytest.raises(VectorActionError, match="shape"):
        env.step([0, 0])
    with pytest.raises(VectorActionError, match="whole numbers"):
        env.step(np.full(4, 0.5))
    with pytest.raises(VectorActionError, match="game 0") as refused:
        env.step(np.full(4, 999))
    assert refused.value.game == 0
    actions = env.sample_actions(np.random.default_rng(0))
    illegal = int(np.flatnonzero(obs["action_mask"][2] == 0)[0])
    actions[2] = illegal
    with pytest.raises(VectorActionError, match="game 2") as refused:
        env.step(actions)
    assert refused.value.seat == 0
    # Nothing moved: the same decisions are at hand.
    assert np.array_equal(
        env.step(env.sample_actions(np.random.default_rng(0)))[0]["observation"].shape,
        before.shape,
    )


def test_arguments_are_checked() -> None:
    with pytest.raises(TypeError):
        LearnerVectorEnv("classic", 4)  # type: ignore[arg-type]
    with pytest.raises(PochaError):
        LearnerVectorEnv(RuleSet(), 4, seat=4)
    with pytest.raises(PochaError):
        LearnerVectorEnv(RuleSet(), 4, autoreset_mode="sometimes")
    with pytest.raises(PochaError):
        LearnerVectorEnv(RuleSet(), 4, opponents=["random"])
    with pytest.raises(PochaError):
        LearnerVectorEnv(RuleSet(), 4, opponents={1: "random"})
    with pytest.raises(PochaError):
        LearnerVectorEnv(RuleSet(), 4, opponents="nobody")
    with pytest.raises(TypeError):
        LearnerVectorEnv(RuleSet(), 4, opponents=3)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        LearnerVectorEnv(RuleSet(), 4, regroup=1)  # type: ignore[arg-type]
    env = LearnerVectorEnv(RuleSet(), 4)
    with pytest.raises(PochaError):
        env.step(np.zeros(4, dtype=np.int64))
    with pytest.raises(PochaError):
        env.record(0)


def test_what_the_caller_keeps_is_never_written_again() -> None:
    # gymnasium's checker of single environments asks this of step and
    # reset: the arrays returned are not the next call's.
    env = LearnerVectorEnv(RuleSet(schedule=[2, 3]), 16)
    obs, _ = env.reset(seed=5)
    kept = [(obs, obs["observation"].copy(), obs["action_mask"].copy())]
    rng = np.random.default_rng(5)
    for _ in range(12):
        obs = env.step(env.sample_actions(rng))[0]
        kept.append((obs, obs["observation"].copy(), obs["action_mask"].copy()))
    for shown, vectors, masks in kept:
        assert np.array_equal(shown["observation"], vectors)
        assert np.array_equal(shown["action_mask"], masks)


def test_the_same_seed_and_actions_give_the_same_steps() -> None:
    def run() -> list[Any]:
        env = LearnerVectorEnv(RuleSet(schedule=[1, 2]), 8, autoreset_mode="same_step")
        obs, _ = env.reset(seed=11)
        rng = np.random.default_rng(11)
        steps: list[Any] = [obs]
        for _ in range(15):
            steps.append(env.step(env.sample_actions(rng)))
        return steps

    from gymnasium.utils.env_checker import data_equivalence

    assert data_equivalence(run(), run())
