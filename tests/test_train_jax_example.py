"""The JAX training example (examples/train_jax_ppo.py) runs: a tiny PPO run
on the device (JAX's CPU backend here), its evaluation, and the saved agent
playing a game as a bot with numpy alone. Skipped without the ``jax`` extra."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("jax", reason="the JAX training example needs jax (pip install .[jax])")

from pocha_rules import RandomBot
from pocha_rules.bots import play_game

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "train_jax_ppo.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_jax_ppo", EXAMPLE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_tiny_training_run_and_its_agent_as_a_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    example = load_example()
    saved = tmp_path / "agent.npz"
    curve = example.main(
        ["--schedule", "2,3", "--envs", "8", "--steps", "8", "--updates", "2", "--every", "1",
         "--hidden", "8", "--eval-games", "4", "--save", str(saved)]
    )  # fmt: skip
    assert [row["steps"] for row in curve[:2]] == [64, 128]
    assert all(isinstance(row["score"], float) for row in curve)
    assert "random" in curve[-1]
    assert saved.exists()
    monkeypatch.setenv("POCHA_JAX_PPO", str(saved))
    agent = example.TrainedBot(seed=1)
    rules = example.rules_of("2,3")
    final = play_game(rules, [agent, RandomBot(seed=1), RandomBot(seed=2), RandomBot(seed=3)], 4)
    assert final.is_over
