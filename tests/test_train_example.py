"""The training example (examples/train_maskable_ppo.py) runs: a short
MaskablePPO run on the single-agent environment, its evaluations, and the
saved agent playing a game as a bot. Skipped without the ``train`` group."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("gymnasium", reason="the training example needs the rl extra")
pytest.importorskip("torch", reason="the training example needs the train group (torch)")
pytest.importorskip("sb3_contrib", reason="the training example needs the train group")

from pocha_rules import RandomBot
from pocha_rules.bots import play_game

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "train_maskable_ppo.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_maskable_ppo", EXAMPLE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_short_training_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    example = load_example()
    saved = tmp_path / "agent.zip"
    curve = example.main(
        ["--schedule", "1,2,3", "--timesteps", "256", "--checkpoints", "2", "--eval-games", "3",
         "--n-steps", "128", "--save", str(saved)]
    )  # fmt: skip
    assert [row["timesteps"] for row in curve] == [0, 128, 256]
    assert all(isinstance(row["vs_random"], float) for row in curve)
    assert saved.exists()
    monkeypatch.setenv("POCHA_PPO", str(saved))
    agent = example.TrainedBot(seed=1)
    rules = example.rules_of("1,2,3")
    final = play_game(rules, [agent, RandomBot(seed=1), RandomBot(seed=2), RandomBot(seed=3)], 4)
    assert final.is_over


VECTOR_EXAMPLE = EXAMPLE.parent / "train_vector_ppo.py"


def test_a_short_training_run_on_many_games(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("train_vector_ppo", VECTOR_EXAMPLE)
    assert spec is not None
    assert spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    saved = tmp_path / "agent.npz"
    curve = example.main(
        ["--schedule", "1,2,3", "--timesteps", "512", "--eval-every", "256", "--eval-games", "8",
         "--envs", "16", "--n-steps", "16", "--batch-size", "64", "--width", "16",
         "--export", str(saved)]
    )  # fmt: skip
    assert [row["steps"] for row in curve] == [0, 256, 512]
    assert all(isinstance(row["vs_random"], float) for row in curve)
    assert saved.stat().st_size < 1_000_000
    # The exported weights play with numpy alone, legal actions only.
    import numpy as np

    from pocha_rules import RuleSet
    from pocha_rules.learner_vector import LearnerVectorEnv

    policy = example.numpy_policy(str(saved), RuleSet(schedule=[1, 2, 3]))
    envs = LearnerVectorEnv(RuleSet(schedule=[1, 2, 3]), 32, autoreset_mode="same_step")
    obs, _ = envs.reset(seed=2)
    for _ in range(20):
        actions = policy(obs["observation"], obs["action_mask"])
        assert obs["action_mask"][np.arange(32), actions].all()
        obs = envs.step(actions)[0]
