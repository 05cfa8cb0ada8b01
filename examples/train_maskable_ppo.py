"""Train a Pocha agent with sb3-contrib's MaskablePPO, and measure it.

The agent plays seat 0 of :class:`pocha_rules.single_agent.SingleAgentEnv`
against bots; MaskablePPO (PPO that samples only legal actions, from the
environment's ``action_masks()``) learns from the points of each round. At
each checkpoint the script plays ``--eval-games`` games with the agent (its
most likely legal action) at seat 0 against three ``RandomBot`` and against
three ``HeuristicBot``, and prints its mean score per game next to what
``RandomBot`` and ``HeuristicBot`` themselves score in its seat in the same
deals.

Install what it needs (CPU only; the pinned torch is its CPU build here: on
another machine give pip ``--index-url https://download.pytorch.org/whl/cpu``
for torch, or it downloads a CUDA build of several GB)::

    pip install -e ".[rl]" --group train

Run (the figures in docs/reinforcement-learning.md)::

    python examples/train_maskable_ppo.py --timesteps 200000 --checkpoints 8 \
        --eval-games 400 --save pocha_ppo.zip

The saved agent then plays anywhere a bot does, through
:class:`pocha_rules.policy.PolicyBot`::

    POCHA_PPO=pocha_ppo.zip pocha match --rule schedule=1,2,3,4,5 \
        --bot agent=train_maskable_ppo:TrainedBot --bot heuristic --bot random

(from the ``examples`` folder, so that ``train_maskable_ppo`` imports).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Sequence
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO

from pocha_rules import HeuristicBot, RandomBot, RuleSet
from pocha_rules.bots import Bot, play_game
from pocha_rules.policy import PolicyBot
from pocha_rules.single_agent import SingleAgentEnv


def rules_of(schedule: str) -> RuleSet:
    """The rules of the example: the defaults with ``schedule`` (a preset
    name or round sizes such as ``1,2,3``)."""
    if schedule.replace(",", "").isdigit():
        return RuleSet(schedule=[int(cards) for cards in schedule.split(",")])
    return RuleSet(schedule=schedule)


def agent_bot(model: MaskablePPO) -> PolicyBot:
    """The trained model as a bot: its most likely legal action."""

    def policy(observation: np.ndarray, mask: np.ndarray) -> Any:
        action, _ = model.predict(observation, action_masks=mask.astype(bool), deterministic=True)
        return action

    return PolicyBot(policy)


def mean_score(rules: RuleSet, bot: Bot, opponents: str, games: int, seed: int) -> float:
    """``bot``'s mean final score at seat 0 over ``games`` games against
    three bots of kind ``opponents``, the same deals for every call."""
    scores = []
    for game in range(games):
        kind = RandomBot if opponents == "random" else HeuristicBot
        others: list[Bot] = [kind(seed=seed + 10 * game + seat) for seat in (1, 2, 3)]
        final = play_game(rules, [bot, *others], seed=seed + game)
        scores.append(final.scores[0])
    return statistics.fmean(scores)


def main(argv: Sequence[str] | None = None) -> list[dict[str, float]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--schedule", default="1,2,3,4,5", help="a preset or round sizes")
    parser.add_argument("--opponents", default="random", choices=("random", "heuristic"),
                        help="the bots the agent trains against")  # fmt: skip
    parser.add_argument("--timesteps", type=int, default=200_000, help="agent steps in all")
    parser.add_argument("--checkpoints", type=int, default=8, help="evaluations along the run")
    parser.add_argument("--eval-games", type=int, default=400, help="games per evaluation")
    parser.add_argument("--n-steps", type=int, default=2048, help="PPO's rollout length")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", help="where to save the trained model (.zip)")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    rules = rules_of(args.schedule)
    env = SingleAgentEnv(rules, seat=0, opponents=args.opponents)
    model = MaskablePPO(
        "MlpPolicy", env, n_steps=args.n_steps, batch_size=min(256, args.n_steps),
        learning_rate=3e-4, gamma=1.0, seed=args.seed, verbose=0,
    )  # fmt: skip
    eval_seed = 10_000 + args.seed
    baselines = {
        (bot, opponents): mean_score(rules, kind(seed=1), opponents, args.eval_games, eval_seed)
        for bot, kind in (("RandomBot", RandomBot), ("HeuristicBot", HeuristicBot))
        for opponents in ("random", "heuristic")
    }
    print(f"rules: schedule {args.schedule}; agent at seat 0 against 3 bots; "
          f"mean final score over {args.eval_games} games (same deals in every row)")  # fmt: skip
    print(f"{'':>22}  {'vs 3 RandomBot':>15}  {'vs 3 HeuristicBot':>18}")
    for bot in ("RandomBot", "HeuristicBot"):
        print(f"{bot + ' in the seat':>22}  {baselines[bot, 'random']:>15.2f}  "
              f"{baselines[bot, 'heuristic']:>18.2f}")  # fmt: skip
    curve = []
    chunk = max(1, args.timesteps // args.checkpoints)
    start = time.perf_counter()
    for checkpoint in range(args.checkpoints + 1):
        if checkpoint:
            model.learn(chunk, reset_num_timesteps=False)
        agent = agent_bot(model)
        row = {
            "timesteps": float(model.num_timesteps),
            "vs_random": mean_score(rules, agent, "random", args.eval_games, eval_seed),
            "vs_heuristic": mean_score(rules, agent, "heuristic", args.eval_games, eval_seed),
            "seconds": time.perf_counter() - start,
        }
        curve.append(row)
        print(f"{'agent, ' + format(model.num_timesteps, ',') + ' steps':>22}  "
              f"{row['vs_random']:>15.2f}  {row['vs_heuristic']:>18.2f}"
              f"   ({row['seconds']:.0f} s)", flush=True)  # fmt: skip
    if args.save:
        model.save(args.save)
    return curve


class TrainedBot(PolicyBot):
    """The agent saved at ``$POCHA_PPO`` (``pocha_ppo.zip`` by default), as a
    bot for ``pocha match --bot train_maskable_ppo:TrainedBot``."""

    def __init__(self, seed: int | None = None) -> None:
        model = MaskablePPO.load(os.environ.get("POCHA_PPO", "pocha_ppo.zip"), device="cpu")
        super().__init__(agent_bot(model).policy)


if __name__ == "__main__":
    main()
