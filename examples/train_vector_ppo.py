"""Train a Pocha agent on many games at once with MaskablePPO, and measure it.

The agent plays seat 0 of :class:`pocha_rules.stable_baselines.PochaVecEnv`:
``--envs`` games on the batch engine, the three other seats played inside
each step by opponents (``--opponents``: random bots by default, heuristic
bots, or a mix). sb3-contrib's ``MaskablePPO`` learns from the points of
each round, each round an episode of its own (``--episode``), the
observations with the card features of :mod:`pocha_rules.card_features`
appended (``--features``), normalised, and the rewards scaled, by
Stable-Baselines3's ``VecNormalize``. Every ``--eval-every`` learner steps
the script plays ``--eval-games`` games with the agent (its most likely
legal action) at seat 0 against three random bots and ``--eval-games // 4``
against three ``HeuristicBot``, and prints its mean score per game next to
what ``RandomBot`` and ``HeuristicBot`` score in the same seat.

Install what it needs (CPU only; see examples/train_maskable_ppo.py for
PyTorch's CPU build)::

    pip install -e ".[rl,batch]" --group train

Run (the figures in docs/reinforcement-learning.md)::

    python examples/train_vector_ppo.py --minutes 55 --curve curve.json --export agent.npz
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import VecEnvWrapper, VecMonitor, VecNormalize

from pocha_rules import HeuristicBot, MissPenalty, RandomBot, RuleSet
from pocha_rules.bots import Bot, play_game
from pocha_rules.card_features import CardFeatures
from pocha_rules.learner_vector import LearnerVectorEnv
from pocha_rules.stable_baselines import PochaVecEnv


def rules_of(schedule: str) -> RuleSet:
    """The defaults with ``schedule`` (a preset name or round sizes such as ``1,2,3``)."""
    if schedule.replace(",", "").isdigit():
        return RuleSet(schedule=[int(cards) for cards in schedule.split(",")])
    return RuleSet(schedule=schedule)


def bot_score(rules: RuleSet, kind: type[Bot], opponents: type[Bot], games: int) -> float:
    """``kind``'s mean final score at seat 0 against three ``opponents``."""
    scores = []
    for game in range(games):
        others = [opponents(seed=10 * game + seat) for seat in (1, 2, 3)]  # type: ignore[call-arg]
        bots = [kind(seed=game), *others]  # type: ignore[call-arg]
        scores.append(play_game(rules, bots, seed=50_000 + game).scores[0])
    return statistics.fmean(scores)


class RoundEpisodes(VecEnvWrapper):
    """Each round an episode of its own: ``done`` where a round ends.

    Rounds end where the learner's reward is not zero: under rules where a
    bid made earns points (``hit_bonus > 0``) and each trick off costs some
    (``per_trick > 0``, ``miss_penalty="per_trick_off"``), every round pays
    something, and only at its end. A game's score is the sum of its rounds',
    so the agent maximises the same thing, but its value function no longer
    has to guess the rounds still to come.
    """

    @staticmethod
    def check(rules: RuleSet) -> None:
        """Refuse rules where a round can end with no points."""
        if not (rules.hit_bonus > 0 and rules.per_trick > 0
                and rules.miss_penalty is MissPenalty.PER_TRICK_OFF):  # fmt: skip
            raise SystemExit(
                "--episode round needs hit_bonus > 0, per_trick > 0 and miss_penalty "
                "per_trick_off (a round that pays 0 would not end)"
            )

    def reset(self) -> np.ndarray:
        observations: np.ndarray = self.venv.reset()
        return observations

    def step_wait(self) -> Any:
        obs, rewards, dones, infos = self.venv.step_wait()
        return obs, rewards, dones | (rewards != 0), infos


class WithFeatures(VecEnvWrapper):
    """The observations with the facts of :class:`~pocha_rules.card_features.CardFeatures`
    appended (terminal observations too)."""

    def __init__(self, venv: Any, features: CardFeatures) -> None:
        size = venv.observation_space.shape[0] + features.size
        space = gymnasium.spaces.Box(-np.inf, np.inf, (size,), np.float32)
        super().__init__(venv, observation_space=space)
        self.features = features

    def reset(self) -> np.ndarray:
        return self.features.extend(self.venv.reset())

    def step_wait(self) -> Any:
        obs, rewards, dones, infos = self.venv.step_wait()
        for info in infos:
            if "terminal_observation" in info:
                info["terminal_observation"] = self.features.extend(
                    info["terminal_observation"][None])[0]  # fmt: skip
        return self.features.extend(obs), rewards, dones, infos


class Greedy:
    """The model's most likely legal action, on arrays of observations."""

    def __init__(
        self, model: MaskablePPO, norm: VecNormalize, features: CardFeatures | None
    ) -> None:
        self.model = model
        self.norm = norm
        self.features = features

    def __call__(self, observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        if self.features is not None:
            observations = self.features.extend(observations)
        scaled = self.norm.normalize_obs(observations)
        actions, _ = self.model.predict(
            scaled, action_masks=masks.astype(bool), deterministic=True
        )
        chosen: np.ndarray = np.asarray(actions, dtype=np.int64)
        return chosen


def agent_score(rules: RuleSet, policy: Greedy, opponents: str, games: int, seed: int) -> float:
    """The agent's mean final score at seat 0 over ``games`` whole games
    against three ``opponents``, played on the learner's vector environment."""
    envs = LearnerVectorEnv(rules, min(games, 512), opponents=opponents, regroup=False,
                            autoreset_mode="same_step")  # fmt: skip
    obs, _ = envs.reset(seed=seed)
    totals: list[float] = []
    while len(totals) < games:
        obs, _, terminations, _, infos = envs.step(policy(obs["observation"], obs["action_mask"]))
        if terminations.any():
            totals += infos["final_info"]["total"][terminations].tolist()
    return statistics.fmean(totals[:games])


def export(model: MaskablePPO, norm: VecNormalize, path: str, features: bool) -> None:
    """The policy's weights, the observations' normalisation and whether it
    reads the card features, for numpy alone (float16, as
    :mod:`pocha_rules.trained` reads them)."""
    state = model.policy.state_dict()
    arrays: dict[str, Any] = {
        "card_features": np.bool_(features),
        "obs_mean": norm.obs_rms.mean.astype(np.float32),
        "obs_var": norm.obs_rms.var.astype(np.float32),
        "clip": np.float32(norm.clip_obs),
        "epsilon": np.float32(norm.epsilon),
    }
    layers = sorted(
        key for key in state
        if key.startswith("mlp_extractor.policy_net.") and key.endswith(".weight")
    )  # fmt: skip
    for index, key in enumerate(layers):
        arrays[f"w{index}"] = state[key].numpy().astype(np.float16)
        arrays[f"b{index}"] = state[key.replace("weight", "bias")].numpy().astype(np.float16)
    arrays["w_out"] = state["action_net.weight"].numpy().astype(np.float16)
    arrays["b_out"] = state["action_net.bias"].numpy().astype(np.float16)
    np.savez_compressed(path, **arrays)


def numpy_policy(path: str, rules: RuleSet) -> Any:
    """The exported policy as a function on arrays of observations under
    ``rules``, numpy alone: ``policy(observations, masks) -> actions``, the
    most likely legal ids."""
    with np.load(path) as saved:
        weights = {name: saved[name].astype(np.float32) for name in saved.files}
    layers = sum(1 for name in weights if name.startswith("w") and name[1:].isdigit())
    features = CardFeatures(rules) if weights["card_features"] else None

    def policy(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        if features is not None:
            observations = features.extend(observations)
        scale = np.sqrt(weights["obs_var"] + weights["epsilon"])
        x = np.clip((observations - weights["obs_mean"]) / scale, -weights["clip"],
                    weights["clip"])  # fmt: skip
        for index in range(layers):
            x = np.tanh(x @ weights[f"w{index}"].T + weights[f"b{index}"])
        logits = x @ weights["w_out"].T + weights["b_out"]
        chosen: np.ndarray = np.where(masks.astype(bool), logits, -np.inf).argmax(axis=1)
        return chosen

    return policy


def main(argv: Sequence[str] | None = None) -> list[dict[str, float]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--schedule", default="classic", help="a preset or round sizes")
    parser.add_argument("--opponents", default="random", choices=("random", "heuristic", "mix"))
    parser.add_argument("--episode", default="round", choices=("round", "game"),
                        help="what an episode is for the learner (see RoundEpisodes)")  # fmt: skip
    parser.add_argument("--features", default=True, action=argparse.BooleanOptionalAction,
                        help="give the network the card features beside the vector")  # fmt: skip
    parser.add_argument("--envs", type=int, default=1024, help="games at a time")
    parser.add_argument("--n-steps", type=int, default=16, help="steps per game per rollout")
    parser.add_argument("--batch-size", type=int, default=4096)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--width", type=int, default=128, help="units per hidden layer")
    parser.add_argument("--ent-coef", type=float, default=0.001)
    parser.add_argument("--gae-lambda", type=float, default=0.95)
    parser.add_argument("--lr", type=float, default=3e-4, help="the learning rate")
    parser.add_argument("--minutes", type=float, default=55.0, help="training time (wall)")
    parser.add_argument("--timesteps", type=int, default=0, help="or learner steps (0: by time)")
    parser.add_argument("--eval-every", type=int, default=800_000, help="learner steps")
    parser.add_argument("--eval-games", type=int, default=800)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--curve", help="write the curve here (JSON)")
    parser.add_argument("--export", help="write the policy here (.npz, for numpy alone)")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    rules = rules_of(args.schedule)
    mix = {"random": ["random"] * 3, "heuristic": ["heuristic"] * 3,
           "mix": ["heuristic", "random", "random"]}[args.opponents]  # fmt: skip
    inner: Any = PochaVecEnv(rules, args.envs, opponents=mix)
    if args.episode == "round":
        RoundEpisodes.check(rules)
        inner = RoundEpisodes(inner)
    features = CardFeatures(rules) if args.features else None
    if features is not None:
        inner = WithFeatures(inner, features)
    envs = VecNormalize(VecMonitor(inner), norm_obs=True, norm_reward=True, gamma=1.0)
    envs.seed(args.seed)
    model = MaskablePPO(
        "MlpPolicy", envs, n_steps=args.n_steps, batch_size=args.batch_size,
        n_epochs=args.epochs, learning_rate=args.lr, gamma=1.0, gae_lambda=args.gae_lambda,
        ent_coef=args.ent_coef, seed=args.seed, device="cpu",
        policy_kwargs={"net_arch": {"pi": [args.width, args.width],
                                    "vf": [args.width, args.width]}},
    )  # fmt: skip
    quarter = max(1, args.eval_games // 4)
    baselines = {
        "random": bot_score(rules, RandomBot, RandomBot, quarter),
        "heuristic": bot_score(rules, HeuristicBot, RandomBot, quarter),
        "heuristic_vs_heuristic": bot_score(rules, HeuristicBot, HeuristicBot, quarter),
    }
    print(f"rules: schedule {args.schedule}; at seat 0: RandomBot {baselines['random']:.1f}, "
          f"HeuristicBot {baselines['heuristic']:.1f} against 3 RandomBot, HeuristicBot "
          f"{baselines['heuristic_vs_heuristic']:.1f} against 3 HeuristicBot",
          flush=True)  # fmt: skip
    curve: list[dict[str, float]] = []
    start, start_cpu = time.perf_counter(), time.process_time()
    deadline = start + 60 * args.minutes
    while True:
        policy = Greedy(model, envs, features)
        row = {
            "steps": float(model.num_timesteps),
            "minutes": (time.perf_counter() - start) / 60,
            "cpu_minutes": (time.process_time() - start_cpu) / 60,
            "vs_random": agent_score(rules, policy, "random", args.eval_games, 7),
            "vs_heuristic": agent_score(rules, policy, "heuristic", quarter, 8),
        }
        curve.append(row)
        print(f"{row['steps']:>12,.0f} steps {row['minutes']:6.1f} min "
              f"(CPU {row['cpu_minutes']:5.1f}): {row['vs_random']:6.1f} against 3 random, "
              f"{row['vs_heuristic']:6.1f} against 3 heuristic", flush=True)  # fmt: skip
        if args.curve:
            with open(args.curve, "w") as file:
                json.dump({"baselines": baselines, "curve": curve, "args": vars(args)}, file)
        if args.export:
            export(model, envs, args.export, features is not None)
        done = model.num_timesteps >= args.timesteps if args.timesteps else (
            time.perf_counter() >= deadline)  # fmt: skip
        if done:
            return curve
        model.learn(args.eval_every, reset_num_timesteps=False)


if __name__ == "__main__":
    main()
