"""The game protocol: what a game gives the machinery above its rules.

Environments, search, engines, records and the terminal need the same few
things from a game, whichever game it is: its rule set type, how to start a
game, the legal moves, a transition, whose turn it is, the end and the
scores, a seat's view and a full state consistent with a view, moves as
action ids, views as number vectors, moves as text both ways and in a
language, a record of the game as JSON, and its bots. :class:`Game` names
them; :data:`POCHA` (Pocha) and :data:`POCH` (Poch) provide them, and
:func:`get` finds one by name. A door written over :class:`Game` serves both
games. Three parts of a game are whole modules of its own: its action ids
(:class:`ActionIds`, :mod:`pocha_rules.actions`), its observation encoder
(:class:`ObservationEncoder`, :mod:`pocha_rules.observations`) and its record
codec (:class:`RecordCodec`, :mod:`pocha_rules.records`), with the same
modules under :mod:`pocha_rules.poch` for Poch.

>>> import random
>>> from pocha_rules import games
>>> game = games.get("poch")
>>> state = game.new_game(game.rules_type(players=3), seed=7)
>>> rng = random.Random(1)
>>> while not game.is_over(state):
...     state = game.apply(state, rng.choice(game.legal_moves(state)))
>>> len(game.scores(state)), game.from_record(game.to_record(state)) == state
(3, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Generic, Protocol, TypeVar, cast

import attrs

from pocha_rules import actions as _actions
from pocha_rules import observations as _observations
from pocha_rules import records as _records
from pocha_rules._common.errors import PochaError, say
from pocha_rules._common.observations import ObservationField
from pocha_rules._common.protocols import PlayedState
from pocha_rules._common.text import got, shown
from pocha_rules._pocha.engine import apply as _apply
from pocha_rules._pocha.engine import legal_moves as _legal_moves
from pocha_rules._pocha.game import new_game as _new_game
from pocha_rules._pocha.moves import Move as _Move
from pocha_rules._pocha.moves import parse_move as _parse_move
from pocha_rules._pocha.rules import RuleSet as _RuleSet
from pocha_rules._pocha.scoring import winners as _winners
from pocha_rules._pocha.state import GameState as _GameState
from pocha_rules.bots import HeuristicBot as _HeuristicBot
from pocha_rules.bots import RandomBot as _RandomBot
from pocha_rules.montecarlo import MonteCarloBot as _MonteCarloBot
from pocha_rules.names import LANGUAGES as _LANGUAGES
from pocha_rules.names import move_name as _move_name
from pocha_rules.observations import FloatBuffer
from pocha_rules.poch import actions as _poch_actions
from pocha_rules.poch import bots as _poch_bots
from pocha_rules.poch import observations as _poch_observations
from pocha_rules.poch import records as _poch_records
from pocha_rules.poch._engine import apply as _poch_apply
from pocha_rules.poch._engine import legal_moves as _poch_legal_moves
from pocha_rules.poch._game import new_game as _poch_new_game
from pocha_rules.poch._moves import Move as _PochMove
from pocha_rules.poch._moves import parse_move as _poch_parse_move
from pocha_rules.poch._rules import RuleSet as _PochRuleSet
from pocha_rules.poch._state import GameState as _PochGameState
from pocha_rules.poch.montecarlo import MonteCarloBot as _PochMonteCarloBot
from pocha_rules.poch.views import PlayerView as _PochPlayerView
from pocha_rules.poch.views import observe as _poch_observe
from pocha_rules.poch.views import sample_state as _poch_sample_state
from pocha_rules.views import PlayerView as _PlayerView
from pocha_rules.views import observe as _observe
from pocha_rules.views import sample_state as _sample_state

if TYPE_CHECKING:
    from pocha_rules.names import Language

__all__ = [
    "GAMES",
    "POCH",
    "POCHA",
    "ActionIds",
    "Game",
    "GameBot",
    "GameFunctions",
    "ObservationEncoder",
    "RecordCodec",
    "for_rules",
    "get",
]

_R = TypeVar("_R")
_S = TypeVar("_S")
_M = TypeVar("_M")
_V = TypeVar("_V")
_V_contra = TypeVar("_V_contra", contravariant=True)
_M_co = TypeVar("_M_co", covariant=True)
_R_contra = TypeVar("_R_contra", contravariant=True)
_S_contra = TypeVar("_S_contra", contravariant=True)


class GameBot(Protocol[_V_contra, _M_co]):
    """Anything that chooses a move from a seat's view (either game's bots)."""

    def act(self, view: _V_contra, /) -> _M_co:
        """The move to make; it is the view's seat's turn."""
        ...


class ActionIds(Protocol[_R_contra, _S, _M, _V_contra]):
    """A game's action ids: each move of a rule set as a small integer.

    The modules :mod:`pocha_rules.actions` (Pocha) and
    :mod:`pocha_rules.poch.actions` (Poch) are the two; a game's is its
    :attr:`Game.actions`.
    """

    def num_actions(self, rules: _R_contra, /) -> int:
        """The number of action ids under ``rules``."""
        ...

    def move_to_action(self, rules: _R_contra, move: _M, /) -> int:
        """The action id of ``move``."""
        ...

    def action_to_move(self, rules: _R_contra, action: int, /) -> _M:
        """The move of an action id."""
        ...

    def apply_action(self, state: _S, action: int, /) -> _S:
        """The state after the move of ``action``."""
        ...

    def legal_actions(self, position: _S | _V_contra, /) -> tuple[int, ...]:
        """The action ids of the legal moves, sorted."""
        ...

    def legal_action_mask(self, position: _S | _V_contra, /) -> bytes:
        """One byte per action id: ``1`` where the move is legal."""
        ...


class ObservationEncoder(Protocol[_R_contra, _V_contra]):
    """A game's observation encoder: a seat's view as a vector of numbers,
    and as a few lines of text.

    The modules :mod:`pocha_rules.observations` (Pocha) and
    :mod:`pocha_rules.poch.observations` (Poch) are the two; a game's is its
    :attr:`Game.observations`.
    """

    def observation_size(self, rules: _R_contra, /) -> int:
        """The length of an encoded view under ``rules``."""
        ...

    def observation_layout(self, rules: _R_contra, /) -> Sequence[ObservationField]:
        """The fields of an encoded view under ``rules``, in order."""
        ...

    def encode_view(self, view: _V_contra, /) -> list[float]:
        """The view as :meth:`observation_size` numbers."""
        ...

    def encode_view_into(self, view: _V_contra, buffer: FloatBuffer, /) -> None:
        """Write :meth:`encode_view` into ``buffer``, without allocating."""
        ...

    def view_text(self, view: _V_contra, /) -> str:
        """The view as a few lines of text, for a person."""
        ...


class _RecordClass(Protocol[_S_contra]):
    """A game's record class: a record made from a state or read from JSON."""

    def from_state(
        self, state: _S_contra, /, *, tags: Mapping[str, str] | None = None
    ) -> _JsonRecord:
        """The record of ``state``'s game so far."""
        ...

    def from_json(self, text: str, /) -> Any:
        """The record a JSON text holds."""
        ...


class _JsonRecord(Protocol):
    def to_json(self) -> str: ...


class RecordCodec(Protocol[_S]):
    """A game's record codec: its record class and the replay of a record.

    The modules :mod:`pocha_rules.records` (Pocha) and
    :mod:`pocha_rules.poch.records` (Poch) are the two; a game's is its
    :attr:`GameFunctions.records`.
    """

    @property
    def GameRecord(self) -> _RecordClass[_S]:
        """The game's record class."""
        ...

    def replay(self, record: Any, /) -> _S:
        """The state a record replays to."""
        ...


class Game(Protocol[_R, _S, _M, _V]):
    """What a game provides to the machinery above it.

    Parametrised by the game's rule set, state, move and view types. States
    are immutable values and every function is pure: :meth:`apply` returns a
    new state. A game is played by :meth:`new_game`, then :meth:`apply` of
    one of :meth:`legal_moves` while not :meth:`is_over`; chance (the deals)
    lives inside the state and comes from its seed.
    """

    @property
    def name(self) -> str:
        """The game's short name: ``"pocha"`` or ``"poch"``."""
        ...

    @property
    def rules_type(self) -> type[_R]:
        """The game's rule set class (its keyword arguments are the options)."""
        ...

    @property
    def state_type(self) -> type[_S]:
        """The game's state class."""
        ...

    @property
    def view_type(self) -> type[_V]:
        """The class of one seat's view of a state."""
        ...

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages :meth:`move_name` speaks, its default first."""
        ...

    @property
    def bots(self) -> tuple[str, ...]:
        """The names of the game's built-in bots, for :meth:`bot`."""
        ...

    @property
    def score_name(self) -> str:
        """What a seat's result is called in an environment's ``info``:
        ``"total"`` (Pocha's points) or ``"net"`` (Poch's chips)."""
        ...

    def new_game(self, rules: _R, *, seed: int | None = None, dealer: int | None = None) -> _S:
        """A new game under ``rules``, its first deal dealt from ``seed``."""
        ...

    def players(self, rules: _R) -> int:
        """The number of seats ``rules`` plays with."""
        ...

    def rules_of(self, state: _S) -> _R:
        """The rules ``state`` is played under."""
        ...

    def legal_moves(self, state: _S) -> tuple[_M, ...]:
        """The legal moves of the seat to move, in action id order; ``()``
        once the game is over."""
        ...

    def apply(self, state: _S, move: _M) -> _S:
        """The state after the seat to move makes ``move`` (an illegal move
        raises the library's :class:`~pocha_rules.IllegalMoveError`)."""
        ...

    def to_move(self, state: _S) -> int | None:
        """The seat to move; ``None`` once the game is over."""
        ...

    def is_over(self, state: _S) -> bool:
        """Whether the game has ended."""
        ...

    def scores(self, state: _S) -> tuple[int, ...]:
        """Each seat's result so far (the points of Pocha, the chips won or
        lost in Poch): what a match counts and what an agent is paid."""
        ...

    def winners(self, rules: _R, scores: Sequence[int]) -> tuple[int, ...]:
        """The seats that win with final ``scores`` (ties included)."""
        ...

    def deals_played(self, state: _S) -> int:
        """How many deals (Pocha's rounds) have ended."""
        ...

    def deal_scores(self, state: _S, index: int) -> tuple[int, ...]:
        """Each seat's result in ended deal ``index`` alone (from 0)."""
        ...

    def observe(self, state: _S, seat: int) -> _V:
        """What ``seat`` knows of ``state``."""
        ...

    def sample_state(self, view: _V, rng: random.Random) -> _S:
        """A full state consistent with ``view``, drawn with ``rng``."""
        ...

    def view_moves(self, view: _V) -> tuple[_M, ...]:
        """The view's seat's legal moves (``()`` unless it is to move)."""
        ...

    @property
    def actions(self) -> ActionIds[_R, _S, _M, _V]:
        """The game's action ids; :meth:`num_actions` to
        :meth:`legal_action_mask` are its functions."""
        ...

    @property
    def observations(self) -> ObservationEncoder[_R, _V]:
        """The game's observation encoder; :meth:`observation_size`,
        :meth:`observation_layout`, :meth:`encode_view`,
        :meth:`encode_view_into` and :meth:`view_text` are its functions."""
        ...

    def num_actions(self, rules: _R) -> int:
        """The number of action ids under ``rules``."""
        ...

    def move_to_action(self, rules: _R, move: _M) -> int:
        """The action id of ``move``."""
        ...

    def action_to_move(self, rules: _R, action: int) -> _M:
        """The move of an action id."""
        ...

    def apply_action(self, state: _S, action: int) -> _S:
        """The state after the move of ``action`` (an id out of range or
        illegal raises :class:`~pocha_rules.InvalidActionError`)."""
        ...

    def legal_actions(self, position: _S | _V) -> tuple[int, ...]:
        """The action ids of the legal moves, sorted."""
        ...

    def legal_action_mask(self, position: _S | _V) -> bytes:
        """One byte per action id: ``1`` where the move is legal."""
        ...

    def observation_size(self, rules: _R) -> int:
        """The length of an encoded view under ``rules``."""
        ...

    def observation_layout(self, rules: _R) -> Sequence[ObservationField]:
        """The fields of an encoded view under ``rules``, in order: each
        one's name, place, shape and bounds."""
        ...

    def observation_bounds(self, rules: _R) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """The lowest and highest value of each number of an encoded view."""
        ...

    def encode_view(self, view: _V) -> list[float]:
        """The view as :meth:`observation_size` numbers."""
        ...

    def encode_view_into(self, view: _V, buffer: FloatBuffer) -> None:
        """Write :meth:`encode_view` into ``buffer`` (a list or a float
        array of :meth:`observation_size`), without allocating."""
        ...

    def view_text(self, view: _V) -> str:
        """The view as a few lines of text, for a person."""
        ...

    def format_move(self, move: _M) -> str:
        """The move's text form, which :meth:`parse_move` reads back."""
        ...

    def parse_move(self, text: str, rules: _R) -> _M:
        """Read a move from its text form (cards of ``rules``' deck)."""
        ...

    def move_name(self, move: _M, lang: str) -> str:
        """The move in words in ``lang`` (one of :attr:`languages`)."""
        ...

    def to_record(self, state: _S, *, tags: Mapping[str, str] | None = None) -> str:
        """The JSON record of ``state``'s game so far."""
        ...

    def from_record(self, text: str) -> _S:
        """The state a JSON record replays to (a malformed record raises
        :class:`~pocha_rules.InvalidRecordError`)."""
        ...

    def bot(self, name: str, seed: int | None = None) -> GameBot[_V, _M]:
        """A new built-in bot by name (one of :attr:`bots`), seeded."""
        ...


class _Rules(Protocol):
    @property
    def players(self) -> int: ...

    @property
    def deck(self) -> int: ...


class _View(Protocol):
    @property
    def to_move(self) -> int | None: ...


_RB = TypeVar("_RB", bound=_Rules)
_SB = TypeVar("_SB", bound=PlayedState)
_VB = TypeVar("_VB", bound=_View)


@attrs.frozen(repr=False)
class GameFunctions(Generic[_RB, _SB, _M, _VB]):
    """A :class:`Game` made of a game's own functions and modules:
    :data:`POCHA` and :data:`POCH` are two of these. Each method of
    :class:`Game` calls the function of the same name given here, or of the
    game's :attr:`actions`, :attr:`observations` or :attr:`records`.

    It pickles by its ``name``: a pickled game is the same game again."""

    name: str
    rules_type: type[_RB]
    state_type: type[_SB]
    view_type: type[_VB]
    languages: tuple[str, ...]
    score_name: str
    _bots: Mapping[str, Callable[[int | None], GameBot[_VB, _M]]]
    _new_game: Callable[..., _SB]
    _rules_of: Callable[[_SB], _RB]
    _legal_moves: Callable[[_SB], tuple[_M, ...]]
    _apply: Callable[[_SB, _M], _SB]
    _observe: Callable[[_SB, int], _VB]
    _sample_state: Callable[[_VB, random.Random], _SB]
    _view_moves: Callable[[_VB], tuple[_M, ...]]
    _winners: Callable[[_RB, Sequence[int]], tuple[int, ...]]
    _deals_played: Callable[[_SB], int]
    _deal_scores: Callable[[_SB, int], tuple[int, ...]]
    actions: ActionIds[_RB, _SB, _M, _VB]
    """The game's action ids (:class:`ActionIds`)."""
    observations: ObservationEncoder[_RB, _VB]
    """The game's observation encoder (:class:`ObservationEncoder`)."""
    _parse_move: Callable[..., _M]
    _move_name: Callable[[_M, str], str]
    records: RecordCodec[_SB]
    """The game's record codec (:class:`RecordCodec`)."""

    def __repr__(self) -> str:
        return f"<game {self.name}>"

    def __reduce__(self) -> tuple[Callable[[str], Game[Any, Any, Any, Any]], tuple[str]]:
        return (get, (self.name,))

    @property
    def bots(self) -> tuple[str, ...]:
        """The names of the built-in bots."""
        return tuple(self._bots)

    def new_game(self, rules: _RB, *, seed: int | None = None, dealer: int | None = None) -> _SB:
        """A new game under ``rules``."""
        return self._new_game(rules, seed=seed, dealer=dealer)

    def players(self, rules: _RB) -> int:
        """The number of seats."""
        return rules.players

    def rules_of(self, state: _SB) -> _RB:
        """The rules of ``state``."""
        return self._rules_of(state)

    def legal_moves(self, state: _SB) -> tuple[_M, ...]:
        """The legal moves."""
        return self._legal_moves(state)

    def apply(self, state: _SB, move: _M) -> _SB:
        """The state after ``move``."""
        return self._apply(state, move)

    def to_move(self, state: _SB) -> int | None:
        """The seat to move."""
        return state.to_move

    def is_over(self, state: _SB) -> bool:
        """Whether the game has ended."""
        return state.is_over

    def scores(self, state: _SB) -> tuple[int, ...]:
        """Each seat's result so far."""
        return state.scores

    def winners(self, rules: _RB, scores: Sequence[int]) -> tuple[int, ...]:
        """The winning seats."""
        return self._winners(rules, scores)

    def deals_played(self, state: _SB) -> int:
        """How many deals have ended."""
        return self._deals_played(state)

    def deal_scores(self, state: _SB, index: int) -> tuple[int, ...]:
        """The results of one ended deal."""
        return self._deal_scores(state, index)

    def observe(self, state: _SB, seat: int) -> _VB:
        """``seat``'s view."""
        return self._observe(state, seat)

    def sample_state(self, view: _VB, rng: random.Random) -> _SB:
        """A state consistent with ``view``."""
        return self._sample_state(view, rng)

    def view_moves(self, view: _VB) -> tuple[_M, ...]:
        """The view's seat's legal moves."""
        return self._view_moves(view)

    def num_actions(self, rules: _RB) -> int:
        """The number of action ids."""
        return self.actions.num_actions(rules)

    def move_to_action(self, rules: _RB, move: _M) -> int:
        """The action id of ``move``."""
        return self.actions.move_to_action(rules, move)

    def action_to_move(self, rules: _RB, action: int) -> _M:
        """The move of ``action``."""
        return self.actions.action_to_move(rules, action)

    def apply_action(self, state: _SB, action: int) -> _SB:
        """The state after ``action``."""
        return self.actions.apply_action(state, action)

    def legal_actions(self, position: _SB | _VB) -> tuple[int, ...]:
        """The legal action ids."""
        return self.actions.legal_actions(position)

    def legal_action_mask(self, position: _SB | _VB) -> bytes:
        """The legal action mask."""
        return self.actions.legal_action_mask(position)

    def observation_size(self, rules: _RB) -> int:
        """The length of an encoded view."""
        return self.observations.observation_size(rules)

    def observation_layout(self, rules: _RB) -> Sequence[ObservationField]:
        """The fields of an encoded view."""
        return self.observations.observation_layout(rules)

    def observation_bounds(self, rules: _RB) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """The bounds of each number of an encoded view."""
        layout = self.observations.observation_layout(rules)
        size = sum(field.size for field in layout)
        low = [0.0] * size
        high = [0.0] * size
        for field in layout:
            at = slice(field.offset, field.offset + field.size)
            low[at] = [field.low] * field.size
            high[at] = [field.high] * field.size
        return tuple(low), tuple(high)

    def encode_view(self, view: _VB) -> list[float]:
        """The view as numbers."""
        return self.observations.encode_view(view)

    def encode_view_into(self, view: _VB, buffer: FloatBuffer) -> None:
        """Write the view's numbers into ``buffer``."""
        self.observations.encode_view_into(view, buffer)

    def view_text(self, view: _VB) -> str:
        """The view as text."""
        return self.observations.view_text(view)

    def format_move(self, move: _M) -> str:
        """The move's text form."""
        return str(move)

    def parse_move(self, text: str, rules: _RB) -> _M:
        """Read a move."""
        return self._parse_move(text, deck=rules.deck)

    def move_name(self, move: _M, lang: str) -> str:
        """The move in words."""
        return self._move_name(move, lang)

    def to_record(self, state: _SB, *, tags: Mapping[str, str] | None = None) -> str:
        """The JSON record of ``state``'s game."""
        return self.records.GameRecord.from_state(state, tags=tags).to_json()

    def from_record(self, text: str) -> _SB:
        """The state a JSON record replays to."""
        return self.records.replay(self.records.GameRecord.from_json(text))

    def bot(self, name: str, seed: int | None = None) -> GameBot[_VB, _M]:
        """A new built-in bot by name."""
        make = self._bots.get(name) if isinstance(name, str) else None
        if make is None:
            if not isinstance(name, str):
                raise TypeError(f"name must be a str, got {got(name)}")
            raise PochaError(say("game_bot_unknown", got=shown(name), known=", ".join(self._bots)))
        return make(seed)


def _state_rules(state: _GameState) -> _RuleSet:
    return state.rules


def _poch_state_rules(state: _PochGameState) -> _PochRuleSet:
    return state.rules


def _pocha_view_moves(view: _PlayerView) -> tuple[_Move, ...]:
    return view.legal_moves()


def _rounds_played(state: _GameState) -> int:
    return len(state.round_results)


def _round_scores(state: _GameState, index: int) -> tuple[int, ...]:
    return state.round_results[index].scores


def _poch_winners(rules: _PochRuleSet, scores: Sequence[int]) -> tuple[int, ...]:
    top = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == top)


def _deals_played(state: _PochGameState) -> int:
    return state.deals_played


def _deal_changes(state: _PochGameState, index: int) -> tuple[int, ...]:
    return state.deal_results[index].changes


def _poch_view_moves(view: _PochPlayerView) -> tuple[_PochMove, ...]:
    return view.legal_moves()


def _pocha_move_name(move: _Move, lang: str) -> str:
    return _move_name(move, cast("Language", lang))  # the language is checked there


def _poch_move_name(move: _PochMove, lang: str) -> str:
    if not isinstance(lang, str):
        raise TypeError(f"lang must be a str, got {got(lang)}")
    if lang != "en":
        raise PochaError(say("game_lang_unknown", got=shown(lang), known="'en'"))
    return str(move)


POCHA: Final[GameFunctions[_RuleSet, _GameState, _Move, _PlayerView]] = GameFunctions(
    name="pocha",
    rules_type=_RuleSet,
    state_type=_GameState,
    view_type=_PlayerView,
    languages=_LANGUAGES,
    score_name="total",
    bots={"random": _RandomBot, "heuristic": _HeuristicBot, "montecarlo": _MonteCarloBot},
    new_game=_new_game,
    rules_of=_state_rules,
    legal_moves=_legal_moves,
    apply=_apply,
    observe=_observe,
    sample_state=_sample_state,
    view_moves=_pocha_view_moves,
    winners=_winners,
    deals_played=_rounds_played,
    deal_scores=_round_scores,
    actions=_actions,
    observations=_observations,
    parse_move=_parse_move,
    move_name=_pocha_move_name,
    records=_records,
)
"""Pocha, the Spanish game of exact bids, as a :class:`Game`."""

POCH: Final[GameFunctions[_PochRuleSet, _PochGameState, _PochMove, _PochPlayerView]] = (
    GameFunctions(
        name="poch",
        rules_type=_PochRuleSet,
        state_type=_PochGameState,
        view_type=_PochPlayerView,
        languages=("en",),
        score_name="net",
        bots={
            "random": _poch_bots.RandomBot,
            "heuristic": _poch_bots.HeuristicBot,
            "montecarlo": _PochMonteCarloBot,
        },
        new_game=_poch_new_game,
        rules_of=_poch_state_rules,
        legal_moves=_poch_legal_moves,
        apply=_poch_apply,
        observe=_poch_observe,
        sample_state=_poch_sample_state,
        view_moves=_poch_view_moves,
        winners=_poch_winners,
        deals_played=_deals_played,
        deal_scores=_deal_changes,
        actions=_poch_actions,
        observations=_poch_observations,
        parse_move=_poch_parse_move,
        move_name=_poch_move_name,
        records=_poch_records,
    )
)
"""Poch, the German game of pools, betting and shedding, as a :class:`Game`."""

GAMES: Final[Mapping[str, Game[Any, Any, Any, Any]]] = {"pocha": POCHA, "poch": POCH}
"""Every game by its :attr:`~Game.name`."""


def get(name: str) -> Game[Any, Any, Any, Any]:
    """The game called ``name`` (``"pocha"`` or ``"poch"``).

    Raises:
        TypeError: ``name`` is not a str.
        PochaError: No game has that name.

    """
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, got {got(name)}")
    game = GAMES.get(name)
    if game is None:
        raise PochaError(say("game_unknown", got=shown(name), known=", ".join(GAMES)))
    return game


def for_rules(rules: object) -> Game[Any, Any, Any, Any]:
    """The game whose rule set ``rules`` is.

    Raises:
        TypeError: ``rules`` is no game's rule set.

    """
    for game in GAMES.values():
        if isinstance(rules, game.rules_type):
            return game
    raise TypeError(f"expected a RuleSet of Pocha or of Poch, got {got(rules)}")
