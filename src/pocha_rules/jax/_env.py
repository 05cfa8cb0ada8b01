"""An environment with the protocol of pgx (``init``, ``step``,
``observe``, and a state with ``current_player``, ``observation``,
``legal_action_mask``, ``rewards``, ``terminated`` and ``truncated``), so
that training code written for pgx runs on Pocha unchanged; and, for
training one learner, opponents that move inside the step."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Final, Literal

import jax
import jax.numpy as jnp

from pocha_rules._common.text import got
from pocha_rules._pocha.rules import RuleSet
from pocha_rules.jax._engine import JaxGame, State, game_for
from pocha_rules.jax._functions import observer_for, random_action

__all__ = ["EnvState", "PochaEnv", "Policy"]

Policy = Callable[[jax.Array, jax.Array, jax.Array], jax.Array]
"""An opponent: ``policy(observation, legal_action_mask, key)`` gives the
action id of one game's seat to move (a pure JAX function, vmapped with the
environment)."""

ILLEGAL_ACTION_PENALTY: Final = -1.0


@dataclasses.dataclass(frozen=True)
class EnvState:
    """One game of a :class:`PochaEnv` (a pytree; ``jax.vmap`` the
    environment's functions for many)."""

    current_player: jax.Array
    """``int32``: the seat to move (the learner's seat when opponents play
    inside the step); -1 once the game is over."""
    observation: jax.Array
    """``float32[observation_size]``: what :attr:`current_player` sees."""
    rewards: jax.Array
    """``float32[players]``: each seat's points for the rounds that the
    last step ended (0 when none did); -1 for a seat that played an
    illegal action."""
    terminated: jax.Array
    """``bool``: the game is over (or ended by an illegal action)."""
    truncated: jax.Array
    """``bool``: always ``False`` (a game of Pocha always ends)."""
    legal_action_mask: jax.Array
    """``bool[num_actions]``: the legal action ids (all ``True`` once the
    game is over, as pgx does)."""
    _step_count: jax.Array
    """``int32``: the steps taken."""
    game: State
    """The game itself (:class:`~pocha_rules.jax.State`)."""
    key: jax.Array
    """The key the next step deals and picks with when it is given none."""

    def replace(self, **changes: Any) -> EnvState:
        """A copy with ``changes`` made."""
        return dataclasses.replace(self, **changes)


jax.tree_util.register_dataclass(
    EnvState, data_fields=[f.name for f in dataclasses.fields(EnvState)], meta_fields=[]
)


class PochaEnv:
    """Pocha as a pgx-style environment.

    Args:
        rules: The rules to play by.
        opponent: ``None``: every seat is an agent (:attr:`EnvState.current_player`
            says whose turn it is). ``"random"``, or a :data:`Policy`: the
            seats but ``seat`` are played inside :meth:`step` by that
            opponent, so that each step is one move of the learner.
        seat: The learner's seat, when opponents play the others.

    Every function is pure; ``jax.jit(jax.vmap(env.step))`` steps many games.

    >>> import jax
    >>> env = PochaEnv()
    >>> state = jax.jit(env.init)(jax.random.PRNGKey(0))
    >>> state.observation.shape, state.legal_action_mask.shape, state.rewards.shape
    ((539,), (51,), (4,))

    """

    def __init__(
        self,
        rules: RuleSet | None = None,
        *,
        opponent: Literal["random"] | Policy | None = None,
        seat: int = 0,
    ) -> None:
        rules = RuleSet() if rules is None else rules
        if not isinstance(rules, RuleSet):
            raise TypeError(f"expected a RuleSet, got {got(rules)}")
        if opponent is not None and opponent != "random" and not callable(opponent):
            raise TypeError(f"opponent must be None, 'random' or a policy, got {got(opponent)}")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"seat must be an int, got {got(seat)}")
        if not 0 <= seat < rules.players:
            raise ValueError(f"seat must be 0 to {rules.players - 1}, got {seat}")
        self.rules = rules
        self.game: JaxGame = game_for(rules)
        self._observer = observer_for(rules)
        self.opponent = opponent
        self.seat = seat

    @property
    def id(self) -> str:
        """The environment's name."""
        return "pocha"

    @property
    def version(self) -> str:
        """The version of its behaviour."""
        return "v1"

    @property
    def num_players(self) -> int:
        """The seats at the table."""
        return self.rules.players

    @property
    def num_actions(self) -> int:
        """The action ids (:func:`pocha_rules.actions.num_actions`)."""
        return self.game.num_actions

    @property
    def observation_shape(self) -> tuple[int, ...]:
        """The shape of an observation (:func:`~pocha_rules.observations.observation_size`)."""
        return (self._observer.size,)

    def observe(self, state: EnvState, player_id: jax.Array | int | None = None) -> jax.Array:
        """The observation vector of ``player_id`` (by default the seat to move)."""
        seat = state.current_player if player_id is None else jnp.asarray(player_id)
        return self._observer.observe(state.game, jnp.maximum(seat, 0))

    def init(self, key: jax.Array) -> EnvState:
        """A new game (with opponents, played up to the learner's turn)."""
        start, rest = jax.random.split(key)
        game = self.game.init(start)
        zeros = jnp.zeros(self.num_players, jnp.float32)
        game, rewards, rest = self._opponents(game, zeros, rest)
        return self._wrap(game, rewards, jnp.asarray(0, jnp.int32), rest)

    def step(
        self, state: EnvState, action: jax.Array | int, key: jax.Array | None = None
    ) -> EnvState:
        """Play ``action`` for the seat to move (then the opponents' moves,
        up to the learner's next turn). An illegal action ends the game with
        a reward of -1 for that seat; a finished game stays as it is, with
        no rewards. ``key`` deals the next rounds and drives the opponents
        (the state's own key when not given)."""
        if key is None:
            key, rest = jax.random.split(state.key)
        else:
            rest = key
        action = jnp.asarray(action, jnp.int32)
        game = state.game
        over = state.terminated | state.truncated
        mask = self.game.legal_action_mask(game)
        illegal = ~over & ~mask[jnp.clip(action, 0, self.num_actions - 1)]
        illegal |= ~over & ((action < 0) | (action >= self.num_actions))
        deal, rest = jax.random.split(rest)
        moved = self.game.step(game, action, deal)
        rewards = moved.points.astype(jnp.float32)
        moved, rewards, rest = self._opponents(moved, rewards, rest)
        stepped = self._wrap(moved, rewards, state._step_count + 1, rest)
        penalty = (
            jnp.zeros(self.num_players, jnp.float32).at[game.mover].set(ILLEGAL_ACTION_PENALTY)
        )
        stopped = state.replace(
            rewards=penalty,
            terminated=jnp.asarray(True),
            legal_action_mask=jnp.ones(self.num_actions, bool),
            _step_count=state._step_count + 1,
        )
        still = state.replace(rewards=jnp.zeros(self.num_players, jnp.float32))
        chosen: EnvState = jax.tree_util.tree_map(
            lambda a, b, c: jnp.where(over, c, jnp.where(illegal, b, a)), stepped, stopped, still
        )
        return chosen

    def _wrap(self, game: State, rewards: jax.Array, count: jax.Array, key: jax.Array) -> EnvState:
        over = self.game.terminated(game)
        mask = self.game.legal_action_mask(game)
        return EnvState(
            current_player=game.mover,
            observation=self._observer.observe(game, jnp.maximum(game.mover, 0)),
            rewards=rewards,
            terminated=over,
            truncated=jnp.asarray(False),
            legal_action_mask=jnp.where(over, True, mask),
            _step_count=count,
            game=game,
            key=key,
        )

    def _opponents(
        self, game: State, rewards: jax.Array, key: jax.Array
    ) -> tuple[State, jax.Array, jax.Array]:
        """The opponents' moves up to the learner's turn or the end."""
        opponent = self.opponent
        if opponent is None:
            return game, rewards, key
        learner = self.seat
        core = self.game
        observer = self._observer

        def waiting(carry: tuple[State, jax.Array, jax.Array]) -> jax.Array:
            state = carry[0]
            return (state.mover >= 0) & (state.mover != learner)

        def move(carry: tuple[State, jax.Array, jax.Array]) -> tuple[State, jax.Array, jax.Array]:
            state, total, k = carry
            k, pick, deal = jax.random.split(k, 3)
            if opponent == "random":
                action = random_action(state, pick)
            else:
                assert callable(opponent)
                seen = observer.observe(state, state.mover)
                action = jnp.asarray(
                    opponent(seen, core.legal_action_mask(state), pick), jnp.int32
                )
            state = core.step(state, action, deal)
            return state, total + state.points.astype(jnp.float32), k

        done: tuple[State, jax.Array, jax.Array] = jax.lax.while_loop(
            waiting, move, (game, rewards, key)
        )
        return done
