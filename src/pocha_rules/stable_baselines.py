"""Many games at once for Stable-Baselines3 (``pip install "pocha-rules[sb3]"``).

:class:`PochaVecEnv` is a ``stable_baselines3.common.vec_env.VecEnv``: the
learner's seat in ``num_envs`` games of
:class:`~pocha_rules.learner_vector.LearnerVectorEnv`, played on the batch
engine with the opponents inside each step, as Stable-Baselines3's
algorithms step their environments. sb3-contrib's ``MaskablePPO`` trains on
it as it is: the legal actions come from ``env_method("action_masks")``,
as its ``get_action_masks`` asks for them.

- **Observations**: ``float32[num_envs, observation_size]``, the learner's
  vectors of :mod:`pocha_rules.observations` (a ``Box``, for
  ``"MlpPolicy"``).
- **Rewards**: the learner's points of each round as it ends.
- **Episodes** are games, reset where they end within the same step
  (Stable-Baselines3's convention): ``infos[i]`` then holds the ended
  game's ``"terminal_observation"``, the learner's ``"total"`` and whether
  it was a ``"winner"``. A game cut short to be dealt anew with the others
  (see :mod:`pocha_rules.learner_vector`) ends with
  ``infos[i]["TimeLimit.truncated"]`` ``True``, so that the algorithms
  bootstrap its value from its terminal observation.

>>> from pocha_rules import RuleSet
>>> envs = PochaVecEnv(RuleSet(schedule=[1, 2, 3]), 8)  # observations of 472 numbers
>>> envs.seed(1)
[1, 2, 3, 4, 5, 6, 7, 8]
>>> obs = envs.reset()
>>> obs.shape, len(envs.env_method("action_masks"))
((8, 472), 8)

Training (with the ``train`` dependency group)::

    from sb3_contrib import MaskablePPO
    model = MaskablePPO("MlpPolicy", PochaVecEnv(rules, 256), n_steps=64)
    model.learn(1_000_000)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode
from stable_baselines3.common.vec_env import VecEnv

from pocha_rules._pocha.rules import RuleSet
from pocha_rules.learner_vector import LearnerVectorEnv, Opponent

__all__ = ["PochaVecEnv"]


class PochaVecEnv(VecEnv):
    """The learner's seat in ``num_envs`` games, as a Stable-Baselines3
    ``VecEnv`` (see the module notes).

    Args:
        rules: The rules (the defaults when ``None``).
        num_envs: How many games at a time.
        seat: The learner's seat.
        opponents: The other seats, as
            :class:`~pocha_rules.learner_vector.LearnerVectorEnv` takes them.
        regroup: Whether games dealt apart are cut short to be dealt with
            the others.

    """

    def __init__(
        self,
        rules: RuleSet | None = None,
        num_envs: int = 256,
        *,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] | Mapping[int, Opponent] = "random",
        regroup: bool = True,
    ) -> None:
        self.env = LearnerVectorEnv(
            rules, num_envs, seat=seat, opponents=opponents, regroup=regroup,
            autoreset_mode=AutoresetMode.SAME_STEP, mask_in_observation=False,
        )  # fmt: skip
        self.render_mode = None
        super().__init__(
            self.env.num_envs, self.env.single_observation_space, self.env.single_action_space
        )
        self._actions: np.ndarray | None = None

    def reset(self) -> np.ndarray:
        """Deal a new game everywhere (seeded by the last ``seed()``, if
        any) and return the observations."""
        seed = self._seeds[0]
        obs, _ = self.env.reset(seed=seed)
        self._reset_seeds()
        self._reset_options()
        self.reset_infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        observations: np.ndarray = obs
        return observations

    def step_async(self, actions: np.ndarray) -> None:
        """Take the learner's actions, one action id per game."""
        self._actions = actions

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        """Play the actions; returns ``(observations, rewards, dones, infos)``."""
        assert self._actions is not None, "step_async() first"
        obs, rewards, terminated, truncated, infos = self.env.step(self._actions)
        self._actions = None
        dones = terminated | truncated
        out: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        if dones.any():
            final = infos["final_info"]
            for game in np.flatnonzero(dones).tolist():
                info = out[game]
                info["terminal_observation"] = infos["final_obs"][game]
                info["TimeLimit.truncated"] = bool(truncated[game])
                if terminated[game]:
                    info["total"] = int(final["total"][game])
                    info["winner"] = bool(final["winner"][game])
        observations: np.ndarray = obs
        return observations, rewards, dones, out

    def action_masks(self) -> np.ndarray:
        """``bool[num_envs, num_actions]``: the legal actions of every game."""
        return self.env.action_masks()

    def close(self) -> None:
        """Nothing to release."""
        self.env.close()

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        """The environment's attribute ``attr_name``, once per game asked."""
        value = self.render_mode if attr_name == "render_mode" else getattr(self.env, attr_name)
        return [value for _ in self._get_indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        """Set the environment's attribute ``attr_name`` (one for all games)."""
        setattr(self.env, attr_name, value)

    def env_method(
        self, method_name: str, *method_args: Any, indices: Any = None, **method_kwargs: Any
    ) -> list[Any]:
        """Call ``method_name`` on the games: ``"action_masks"`` gives each
        game's mask; another method of the environment is called once, its
        result given once per game asked."""
        rows = list(self._get_indices(indices))
        if method_name == "action_masks":
            masks = self.env.action_masks()
            return [masks[row] for row in rows]
        result = getattr(self.env, method_name)(*method_args, **method_kwargs)
        return [result for _ in rows]

    def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
        """No game is wrapped."""
        return [False for _ in self._get_indices(indices)]
