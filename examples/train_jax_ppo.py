"""Train a Pocha agent with PPO entirely on the device, in JAX.

PureJaxRL's recipe: the environment (:class:`pocha_rules.jax.PochaEnv`, with
three random opponents playing inside its step), the policy network, the
rollouts and the PPO update are one function compiled by ``jax.jit``; nothing
goes back to Python between updates. The agent plays seat 0 and learns from
its points at the end of each round. The network is a small MLP written
here, trained with a hand-written Adam (no library beyond JAX).

Each line of the curve is one update: the mean score of the games that
ended in it (the agent sampling its actions). At the end the agent (its most
likely legal action) and a random player each play ``--eval-games`` games
in seat 0 against three random opponents, on the device, with the same deals.

Install and run (the figures in docs/reinforcement-learning.md)::

    pip install -e ".[jax]"
    python examples/train_jax_ppo.py --updates 300 --save pocha_jax_ppo.npz

The saved weights then play anywhere a bot does, with numpy alone, through
:class:`pocha_rules.policy.PolicyBot`::

    POCHA_JAX_PPO=pocha_jax_ppo.npz pocha match --rule schedule=5,5,5,5 \\
        --rule tiebreak=shared --bot agent=train_jax_ppo:TrainedBot --bot random

(from the ``examples`` folder, so that ``train_jax_ppo`` imports).
"""

from __future__ import annotations

import argparse
import itertools
import os
import time
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

from pocha_rules import RuleSet
from pocha_rules.jax import EnvState, PochaEnv
from pocha_rules.observations import observation_layout
from pocha_rules.policy import PolicyBot

Params = list[tuple[Any, Any]]
"""The layers of the MLP, ``(weights, bias)`` each: the last one gives the
logits of every action id and the value."""


def rules_of(schedule: str) -> RuleSet:
    """The rules trained on: 4 players, the given schedule, ties shared."""
    return RuleSet(players=4, schedule=schedule.split(","), tiebreak="shared")


def input_scale(rules: RuleSet) -> np.ndarray:
    """What each number of the observation is divided by: the largest size
    its field reaches (1 for the fields of 0s and 1s)."""
    scale = []
    for field in observation_layout(rules):
        scale += [max(1.0, abs(field.low), abs(field.high))] * field.size
    return np.array(scale, dtype=np.float32)


def forward(params: Params, x: Any, xp: Any = jnp) -> tuple[Any, Any]:
    """The logits and the value of the scaled observation ``x`` (with numpy
    as ``xp``, the same network without JAX)."""
    for weights, bias in params[:-1]:
        x = xp.tanh(x @ weights + bias)
    weights, bias = params[-1]
    out = x @ weights + bias
    return out[..., :-1], out[..., -1]


def init_params(key: jax.Array, sizes: Sequence[int]) -> Params:
    params = []
    for fan_in, fan_out in itertools.pairwise(sizes):
        key, draw = jax.random.split(key)
        weights = jax.random.normal(draw, (fan_in, fan_out)) * jnp.sqrt(1.0 / fan_in)
        params.append((weights, jnp.zeros(fan_out)))
    return params


def masked(logits: jax.Array, mask: jax.Array) -> jax.Array:
    return jnp.where(mask, logits, -1e9)


class Config(NamedTuple):
    envs: int
    steps: int
    updates: int
    epochs: int
    minibatches: int
    hidden: int
    lr: float
    gamma: float
    lam: float
    clip: float
    entropy: float
    value: float
    reward_scale: float


class Batch(NamedTuple):
    obs: jax.Array
    mask: jax.Array
    action: jax.Array
    logp: jax.Array
    value: jax.Array
    reward: jax.Array
    done: jax.Array


def make_train(rules: RuleSet, config: Config) -> Callable[[jax.Array], Any]:
    """The whole training run as one function of a key."""
    env = PochaEnv(rules, opponent="random", seat=0)
    scale = jnp.asarray(input_scale(rules))
    sizes = [env.observation_shape[0], config.hidden, config.hidden, env.num_actions + 1]
    reset = jax.vmap(env.init)
    step = jax.vmap(env.step)

    def adam(params: Params, grads: Params, moments: Any, count: jax.Array) -> Any:
        b1, b2 = 0.9, 0.999
        m, v = moments
        m = jax.tree_util.tree_map(lambda a, g: b1 * a + (1 - b1) * g, m, grads)
        v = jax.tree_util.tree_map(lambda a, g: b2 * a + (1 - b2) * g * g, v, grads)
        count = count + 1
        fix1, fix2 = 1 - b1**count, 1 - b2**count
        params = jax.tree_util.tree_map(
            lambda p, a, b: p - config.lr * (a / fix1) / (jnp.sqrt(b / fix2) + 1e-8), params, m, v
        )
        return params, (m, v), count

    def loss(params: Params, batch: Batch, advantage: jax.Array, target: jax.Array) -> Any:
        logits, value = forward(params, batch.obs / scale)
        logp_all = jax.nn.log_softmax(masked(logits, batch.mask))
        logp = jnp.take_along_axis(logp_all, batch.action[:, None], axis=1)[:, 0]
        ratio = jnp.exp(logp - batch.logp)
        norm = (advantage - advantage.mean()) / (advantage.std() + 1e-8)
        clipped = jnp.clip(ratio, 1 - config.clip, 1 + config.clip)
        policy = -jnp.minimum(ratio * norm, clipped * norm).mean()
        values = ((value - target) ** 2).mean()
        probs = jnp.exp(logp_all)
        entropy = -(jnp.where(batch.mask, probs * logp_all, 0.0)).sum(axis=1).mean()
        return policy + config.value * values - config.entropy * entropy

    def rollout(carry: Any, key: jax.Array) -> Any:
        params, state, running = carry
        seen, mask = state.observation, state.legal_action_mask
        pick, move, fresh = jax.random.split(key, 3)
        logits, value = forward(params, state.observation / scale)
        logits = masked(logits, state.legal_action_mask)
        action = jax.random.categorical(pick, logits)
        logp = jax.nn.log_softmax(logits)[jnp.arange(config.envs), action]
        after = step(state, action, jax.random.split(move, config.envs))
        reward = after.rewards[:, 0]
        done = after.terminated
        running = running + reward
        ended = (jnp.where(done, running, 0.0).sum(), done.sum())
        # A finished game is replaced by a new one (auto-reset).
        new = reset(jax.random.split(fresh, config.envs))
        state = jax.tree_util.tree_map(
            lambda a, b: jnp.where(done.reshape((-1,) + (1,) * (a.ndim - 1)), b, a), after, new
        )
        running = jnp.where(done, 0.0, running)
        batch = Batch(seen, mask, action, logp, value, reward / config.reward_scale, done)
        return (params, state, running), (batch, ended)

    def update(carry: Any, key: jax.Array) -> Any:
        params, moments, count, state, running = carry
        roll, shuffle = jax.random.split(key)
        (params, state, running), (batch, ended) = jax.lax.scan(
            rollout, (params, state, running), jax.random.split(roll, config.steps)
        )
        _, last = forward(params, state.observation / scale)

        def gae(next_: Any, now: Any) -> Any:
            advantage, value = next_
            reward, done, v = now
            delta = reward + config.gamma * value * (1 - done) - v
            advantage = delta + config.gamma * config.lam * (1 - done) * advantage
            return (advantage, v), advantage

        _, advantage = jax.lax.scan(
            gae,
            (jnp.zeros_like(last), last),
            (batch.reward, batch.done.astype(jnp.float32), batch.value),
            reverse=True,
        )
        target = advantage + batch.value
        flat = jax.tree_util.tree_map(lambda a: a.reshape((-1,) + a.shape[2:]), batch)
        advantage, target = advantage.reshape(-1), target.reshape(-1)
        size = config.envs * config.steps // config.minibatches

        def epoch(carry: Any, key: jax.Array) -> Any:
            order = jax.random.permutation(key, config.envs * config.steps)

            def minibatch(carry: Any, index: jax.Array) -> Any:
                params, moments, count = carry
                rows = jax.lax.dynamic_slice_in_dim(order, index * size, size)
                part = jax.tree_util.tree_map(lambda a: a[rows], flat)
                grads = jax.grad(loss)(params, part, advantage[rows], target[rows])
                return adam(params, grads, moments, count), None

            carry, _ = jax.lax.scan(minibatch, carry, jnp.arange(config.minibatches))
            return carry, None

        (params, moments, count), _ = jax.lax.scan(
            epoch, (params, moments, count), jax.random.split(shuffle, config.epochs)
        )
        total, games = ended[0].sum(), ended[1].sum()
        return (params, moments, count, state, running), (total, games)

    def train(key: jax.Array) -> Any:
        start, first, run = jax.random.split(key, 3)
        params = init_params(start, sizes)
        zeros = jax.tree_util.tree_map(jnp.zeros_like, params)
        state = reset(jax.random.split(first, config.envs))
        carry = (params, (zeros, zeros), jnp.asarray(0), state, jnp.zeros(config.envs))
        carry, curve = jax.lax.scan(update, carry, jax.random.split(run, config.updates))
        return carry[0], curve

    return train


def evaluate(rules: RuleSet, params: Params, games: int, key: jax.Array) -> tuple[float, float]:
    """The mean score of seat 0 over ``games`` games against random
    opponents, on the device: with the agent's most likely legal action,
    and with a random legal action (the same deals)."""
    env = PochaEnv(rules, opponent="random", seat=0)
    scale = jnp.asarray(input_scale(rules))

    def play(key: jax.Array, chance: jax.Array) -> jax.Array:
        def body(carry: tuple[EnvState, jax.Array, jax.Array]) -> Any:
            state, total, k = carry
            k, pick, move = jax.random.split(k, 3)
            logits, _ = forward(params, state.observation / scale)
            noise = jax.random.uniform(pick, logits.shape)
            logits = jnp.where(chance, noise, logits)
            action = jnp.argmax(masked(logits, state.legal_action_mask))
            state = env.step(state, action, move)
            return state, total + state.rewards[0], k

        start, rest = jax.random.split(key)
        state = env.init(start)
        _, total, _ = jax.lax.while_loop(
            lambda c: ~c[0].terminated, body, (state, jnp.asarray(0.0), rest)
        )
        return total

    keys = jnp.concatenate([jax.random.split(key, games)] * 2)
    chance = jnp.arange(2 * games) >= games
    totals = np.asarray(jax.jit(jax.vmap(play))(keys, chance))
    return float(totals[:games].mean()), float(totals[games:].mean())


def load_policy(path: str) -> Callable[[np.ndarray, np.ndarray], int]:
    """The saved agent as a numpy :data:`pocha_rules.policy.Policy`: its most
    likely legal action."""
    saved = np.load(path)
    layers = (len(saved.files) - 1) // 2
    params = [(saved[f"w{i}"], saved[f"b{i}"]) for i in range(layers)]
    scale = saved["scale"]

    def policy(observation: np.ndarray, mask: np.ndarray) -> int:
        logits, _ = forward(params, observation / scale, np)
        return int(np.argmax(np.where(mask > 0, logits, -np.inf)))

    return policy


class TrainedBot(PolicyBot):
    """The agent saved by this script (the file named by ``POCHA_JAX_PPO``)."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(load_policy(os.environ.get("POCHA_JAX_PPO", "pocha_jax_ppo.npz")))


def main(argv: Sequence[str] | None = None) -> list[dict[str, float]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--schedule", default="5,5,5,5", help="rounds of the games trained on")
    parser.add_argument("--envs", type=int, default=256, help="games played at once")
    parser.add_argument("--steps", type=int, default=32, help="agent steps per game per update")
    parser.add_argument("--updates", type=int, default=200)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--minibatches", type=int, default=4)
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--eval-games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--every", type=int, default=20, help="print every this many updates")
    parser.add_argument("--save", help="write the trained weights to this .npz file")
    args = parser.parse_args(argv)
    rules = rules_of(args.schedule)
    config = Config(
        envs=args.envs, steps=args.steps, updates=args.updates, epochs=args.epochs,
        minibatches=args.minibatches, hidden=args.hidden, lr=args.lr, gamma=1.0, lam=0.95,
        clip=0.2, entropy=0.01, value=0.5, reward_scale=10.0,
    )  # fmt: skip
    print(f"device: {jax.devices()[0]}")
    began = time.perf_counter()
    params, (total, games) = jax.jit(make_train(rules, config))(jax.random.PRNGKey(args.seed))
    total, games = np.asarray(total), np.asarray(games)
    seconds = time.perf_counter() - began
    steps = args.envs * args.steps
    curve = []
    print(f"{'update':>7} {'agent steps':>12} {'games':>6} {'mean score':>11}")
    for index in range(args.updates):
        low = max(0, index + 1 - args.every)
        window = games[low : index + 1].sum()
        mean = float(total[low : index + 1].sum() / max(window, 1))
        curve.append({"update": index + 1, "steps": (index + 1) * steps, "score": mean})
        if (index + 1) % args.every == 0 or index + 1 == args.updates:
            print(f"{index + 1:>7} {(index + 1) * steps:>12,} {int(window):>6} {mean:>11.1f}")
    print(f"trained in {seconds:.0f} s (compile included), {args.updates * steps:,} agent steps")
    key = jax.random.PRNGKey(args.seed + 1)
    agent, chance = evaluate(rules, params, args.eval_games, key)
    print(f"seat 0 against 3 random players, {args.eval_games} games, the same deals:")
    print(f"  agent {agent:.1f} points a game, a random player {chance:.1f}")
    curve.append({"update": -1, "steps": -1, "score": agent, "random": chance})
    if args.save:
        arrays: dict[str, Any] = {"scale": input_scale(rules)}
        for i, (weights, bias) in enumerate(params):
            arrays[f"w{i}"] = np.asarray(weights)
            arrays[f"b{i}"] = np.asarray(bias)
        np.savez(args.save, **arrays)
    return curve


if __name__ == "__main__":
    main()
