"""Stable-Baselines3 steps many games at once through the batch engine, and
sb3-contrib's MaskablePPO trains on them. Skipped without the ``train``
dependency group (Stable-Baselines3, sb3-contrib, PyTorch)."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy", reason="the adapter needs numpy (pip install .[batch])")
pytest.importorskip("gymnasium", reason="the adapter needs the rl extra")
pytest.importorskip("torch", reason="the adapter's tests need the train group (torch)")
pytest.importorskip("stable_baselines3", reason="the adapter needs the train group")
pytest.importorskip("sb3_contrib", reason="MaskablePPO needs the train group")

import numpy as np
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported
from stable_baselines3.common.vec_env import VecMonitor

from pocha_rules import RuleSet
from pocha_rules.stable_baselines import PochaVecEnv


def test_it_steps_as_stable_baselines_steps_its_environments() -> None:
    envs = PochaVecEnv(RuleSet(schedule=[1, 2]), 16)
    assert envs.seed(3) == list(range(3, 19))
    obs = envs.reset()
    assert obs.shape == (16, envs.observation_space.shape[0])
    assert obs in envs.observation_space or all(row in envs.observation_space for row in obs)
    assert is_masking_supported(envs)
    rng = np.random.default_rng(3)
    ended = truncated = 0
    for _ in range(60):
        masks = get_action_masks(envs)
        assert masks.shape == (16, envs.action_space.n)
        assert masks.any(axis=1).all()  # every game has a decision of the learner's
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in masks])
        obs, rewards, dones, infos = envs.step(actions)
        assert rewards.shape == dones.shape == (16,)
        assert len(infos) == 16
        for game in np.flatnonzero(dones):
            info = infos[game]
            assert info["terminal_observation"].shape == obs[game].shape
            if info["TimeLimit.truncated"]:
                truncated += 1
            else:
                ended += 1
                assert isinstance(info["total"], int)
                assert isinstance(info["winner"], bool)
        for game in np.flatnonzero(~dones):
            assert infos[game] == {}
    assert ended > 16
    assert envs.env_is_wrapped(VecMonitor) == [False] * 16
    assert envs.get_attr("num_actions", [0, 1]) == [envs.action_space.n] * 2


def test_the_same_seed_deals_the_same_games() -> None:
    def first(seed: int) -> np.ndarray:
        envs = PochaVecEnv(RuleSet(schedule=[2, 3]), 4)
        envs.seed(seed)
        return envs.reset()

    assert np.array_equal(first(5), first(5))
    assert not np.array_equal(first(5), first(6))


def test_maskable_ppo_trains_on_many_games_at_once() -> None:
    envs = VecMonitor(PochaVecEnv(RuleSet(schedule=[1, 2, 3]), 32))
    model = MaskablePPO("MlpPolicy", envs, n_steps=16, batch_size=128, n_epochs=1, seed=0,
                        device="cpu")  # fmt: skip
    model.learn(1024)
    assert model.num_timesteps == 1024
    assert len(model.ep_info_buffer) > 0  # whole games were played and counted
    obs = envs.reset()
    actions, _ = model.predict(obs, action_masks=get_action_masks(envs), deterministic=True)
    masks = get_action_masks(envs)
    assert masks[np.arange(32), actions].all()  # the trained policy plays legal actions
