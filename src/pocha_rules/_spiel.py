"""What the OpenSpiel games of Pocha (:mod:`pocha_rules.openspiel`) and Poch
(:mod:`pocha_rules.poch.openspiel`) share: their game type, the checking of
game parameters, a state whose game of cards is dealt by chance nodes,
replaying a serialised history, the observers (their checks and tensors), and
a small cache of seats' views."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

import numpy as np
import pyspiel

from pocha_rules._common.errors import (
    InvalidRecordError,
    InvalidRulesError,
    PochaError,
    reason_of,
    say,
)
from pocha_rules._common.protocols import PlayedState
from pocha_rules._common.text import got, shown

if TYPE_CHECKING:
    from pocha_rules.games import Game

__all__ = [
    "DealtGame",
    "DealtState",
    "Observer",
    "ViewCache",
    "check_observer",
    "game_info",
    "game_type",
    "play_through",
    "replay_history",
    "typed_parameters",
]

_S = TypeVar("_S")
_P = TypeVar("_P", bound="_Spiel")
_V = TypeVar("_V")
_SpielState = TypeVar("_SpielState")
_SpielObserver = TypeVar("_SpielObserver")


def game_type(
    name: str,
    long_name: str,
    players: range,
    parameters: Mapping[str, int | bool | str],
    *,
    information_tensor: bool,
) -> Any:
    """The ``pyspiel.GameType`` of a card game dealt by explicit chance
    nodes, of imperfect information, general-sum, rewarded at the end."""
    return pyspiel.GameType(
        short_name=name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players.stop - 1,
        min_num_players=players.start,
        provides_information_state_string=True,
        provides_information_state_tensor=information_tensor,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(parameters),
    )


def typed_parameters(
    parameters: Mapping[str, object],
    defaults: Mapping[str, int | bool | str],
    game: str,
    adjust: Callable[[str, object], object] | None = None,
) -> dict[str, object]:
    """Game parameters, each one of ``defaults`` and of its default's type
    (after ``adjust``, which may read a value OpenSpiel gave another type).

    Raises:
        TypeError: ``parameters`` is not a mapping, or a parameter has the
            wrong type; the message names it.
        InvalidRulesError: A parameter is not one of ``game``'s.

    """
    if not isinstance(parameters, Mapping):
        raise TypeError(
            f"game parameters must be a mapping of names to values, got {got(parameters)}"
        )
    options: dict[str, object] = {}
    for name, value in parameters.items():
        default = defaults.get(name) if isinstance(name, str) else None
        if default is None:
            field = name[:60] if isinstance(name, str) else shown(name)
            raise InvalidRulesError(field, say("not_a_parameter", game=game))
        if adjust is not None:
            value = adjust(name, value)
        expected = type(default)
        if type(value) is not expected:
            raise TypeError(
                f"game parameter {name} must be a{'n' if expected is int else ''} "
                f"{expected.__name__}, got {type(value).__name__}: {shown(value)}"
            )
        options[name] = value
    return options


def replay_history(game: Any, rules: object, history: tuple[int, ...] | list[int]) -> Any:
    """A new state of ``game`` after each action of a serialised
    ``history``, each one checked, when the text's ``rules`` are the
    game's; anything else is refused as the text's."""
    if rules != game.rules:
        raise InvalidRecordError("rules", say("state_of_other_rules"))
    state = game.new_initial_state()
    for index, action in enumerate(history):
        if state.is_terminal():
            raise InvalidRecordError(f"history[{index}]", say("history_after_end"))
        try:
            state.apply_action(action)
        except PochaError as error:
            raise InvalidRecordError(f"history[{index}]", reason_of(error)) from None
    return state


def game_info(
    rules: Any, *, actions: int, outcomes: int, utility: tuple[float, float], length: int
) -> Any:
    """The ``pyspiel.GameInfo`` of a rule set: its number of action ids and
    of chance outcomes at most, its players, its bounds on the returns and
    on the number of decisions."""
    return pyspiel.GameInfo(
        num_distinct_actions=actions,
        max_chance_outcomes=max(outcomes, rules.players),
        num_players=rules.players,
        min_utility=utility[0],
        max_utility=utility[1],
        utility_sum=None,
        max_game_length=length,
    )


def check_observer(game: str, iig_obs_type: Any, params: object) -> bool:
    """Refuse an observer of anything but a seat's own view with public
    information; return whether it has perfect recall."""
    if params:
        raise PochaError(say("observer_params", game=game, got=shown(params)))
    if (
        iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        or not iig_obs_type.public_info
    ):
        raise PochaError(say("observer_type", game=game, type=_observation_type(iig_obs_type)))
    return bool(iig_obs_type.perfect_recall)


def _observation_type(kind: Any) -> str:
    """An ``IIGObservationType`` as words (its repr is an object's address)."""
    private = str(kind.private_info).rsplit(".", 1)[-1]
    return (
        f"IIGObservationType(perfect_recall={kind.perfect_recall}, "
        f"public_info={kind.public_info}, private_info={private})"
    )


def play_through(
    state: _P,
    deals: Iterable[Callable[[_P], None]],
    actions: Iterable[int],
) -> _P:
    """``state`` after the game's decisions, ``actions`` in order, each
    chance node (a deal) met on the way dealt by the next of ``deals``;
    it stops when the actions run out or the game ends."""
    dealing = iter(deals)
    decisions = iter(actions)
    while not state.is_terminal():
        if state.is_chance_node():
            next(dealing)(state)
            continue
        action = next(decisions, None)
        if action is None:
            break
        state.apply_action(action)
    return state


class _Spiel(Protocol):
    def is_terminal(self) -> bool: ...

    def is_chance_node(self) -> bool: ...

    def apply_action(self, action: int) -> None: ...


class ViewCache(Generic[_S, _V]):
    """The views of the last few states asked for, by state and seat:
    OpenSpiel asks for a seat's tensor and strings one after the other."""

    def __init__(self, observe: Callable[[_S, int], _V]) -> None:
        self._observe = observe
        self._views: dict[tuple[int, int], tuple[_S, _V]] = {}

    def __call__(self, state: _S, seat: int) -> _V:
        """``seat``'s view of ``state``."""
        key = (id(state), seat)
        entry = self._views.get(key)
        if entry is not None and entry[0] is state:
            return entry[1]
        if len(self._views) >= 64:
            self._views.clear()
        view = self._observe(state, seat)
        self._views[key] = (state, view)
        return view


class DealtState(pyspiel.State):
    """A state whose game of cards (:meth:`_game`) is dealt by chance nodes
    (while :meth:`_dealing`): the player to move, the end, the legal
    actions and the returns, the same for either game."""

    _functions: ClassVar[Game[Any, Any, Any, Any]]
    """The game's functions (:data:`~pocha_rules.games.POCHA` or
    :data:`~pocha_rules.games.POCH`)."""
    _start: ClassVar[Any]
    """Where a game stands before anything is dealt (a position of the
    game's own, whose ``game`` is the game of cards: ``None`` until the
    first deal)."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._at = self._start

    def _game(self) -> Any:
        """The game of cards, or ``None`` before the first deal."""
        return self._at.game

    def _dealing(self) -> bool:
        raise NotImplementedError

    @property
    def _rules(self) -> Any:
        return self.get_game().rules

    def current_player(self) -> int:
        """The player to move, ``CHANCE`` while dealing, ``TERMINAL`` at the end."""
        if self._dealing():
            return int(pyspiel.PlayerId.CHANCE)
        game: PlayedState = self._game()
        if game.to_move is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return game.to_move

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        game: PlayedState | None = self._game()
        return game is not None and game.is_over

    def _legal_actions(self, player: int) -> list[int]:
        if self._dealing():
            return []
        game: PlayedState = self._game()
        if player != game.to_move:
            return []
        return list(self._functions.legal_actions(game))

    def returns(self) -> list[float]:
        """The players' results at the end of the game; 0 before."""
        game: PlayedState | None = self._game()
        if game is None or not game.is_over:
            return [0.0] * int(self._rules.players)
        return [float(score) for score in game.scores]


class _Observed(Protocol):
    def view(self, player: int) -> Any: ...

    @property
    def game_state(self) -> Any: ...


_O = TypeVar("_O", bound=_Observed)


class Observer(Generic[_O]):
    """A seat's observation or information state as OpenSpiel's Python
    observers give them, the same for either game: the observation tensor is
    the game's observation vector of the seat's view; the information-state
    tensor is that vector followed by the moves of the current round or
    deal in order, one-hot by action id (a row a move). Each game gives its
    functions, the name of the field of moves and the moves so far, and
    the strings."""

    _functions: ClassVar[Game[Any, Any, Any, Any]]
    """The game's functions (:data:`~pocha_rules.games.POCHA` or
    :data:`~pocha_rules.games.POCH`): its observation layout and encoder,
    its action ids."""
    _moves_field: ClassVar[str]
    """The name of the information state's field of moves."""
    _moves: Callable[[Any], Iterable[Any]]
    """The moves of a game state's current round or deal, in order."""

    def __init__(self, game: Any, iig_obs_type: Any, params: object, *, rows: int) -> None:
        self.perfect_recall = check_observer(game.get_type().short_name, iig_obs_type, params)
        """Whether this observes the information state (else the observation)."""
        functions = self._functions
        layout = functions.observation_layout(game.rules)
        pieces: list[tuple[str, int, tuple[int, ...]]] = [
            (field.name, field.size, field.shape) for field in layout
        ]
        self._vector = layout[-1].offset + layout[-1].size
        if self.perfect_recall:
            actions = functions.num_actions(game.rules)
            pieces.append((self._moves_field, rows * actions, (rows, actions)))
        self.tensor = np.zeros(sum(size for _, size, _ in pieces), np.float32)
        """The observation vector (float32), set by :meth:`set_from`; for the
        information state, followed by the moves of the round or deal."""
        self.dict: dict[str, Any] = {}
        """The fields of :attr:`tensor` by name, each an array of its shape
        sharing the tensor's memory: those of the game's observation
        layout, then (for the information state) the moves."""
        offset = 0
        for name, size, shape in pieces:
            self.dict[name] = self.tensor[offset : offset + size].reshape(shape)
            offset += size

    def set_from(self, state: _O, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state`` (all 0
        while cards are being dealt)."""
        self.tensor.fill(0)
        view = state.view(player)
        if view is None:
            return
        self._functions.encode_view_into(view, self.tensor[: self._vector])
        if self.perfect_recall:
            game = state.game_state
            rules = game.rules
            moves = self.dict[self._moves_field]
            for row, move in enumerate(self._moves(game)):
                moves[row, self._functions.move_to_action(rules, move)] = 1.0


class DealtGame(pyspiel.Game, Generic[_SpielState, _SpielObserver]):
    """A game whose states are a :class:`DealtState` and whose observers an
    :class:`Observer`: it starts the one and makes the other, the same for
    either game."""

    _state_type: Callable[[Any], _SpielState]
    """The game's state class."""
    _observer_type: Callable[[Any, Any, object], _SpielObserver]
    """The game's observer class."""

    def new_initial_state(self) -> _SpielState:
        """The start of a game: the first dealer is to be drawn."""
        return self._state_type(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, object] | None = None
    ) -> _SpielObserver:
        """An observer of the seat's own view: with perfect recall for the
        information state, without for the observation."""
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        return self._observer_type(self, iig_obs_type, params)
