"""Poch as an OpenSpiel game (``pip install "pocha-rules[openspiel]"``).

Importing this module registers the Python game ``python_poch`` with
OpenSpiel, beside Pocha's ``python_pocha`` (:mod:`pocha_rules.openspiel`).
Every :class:`~pocha_rules.poch.RuleSet` option is a game parameter:

>>> import pyspiel
>>> from pocha_rules.poch import RuleSet
>>> from pocha_rules.poch.openspiel import load_game
>>> game = pyspiel.load_game("python_poch(players=3,bet_max=5)")
>>> game.num_players(), game.num_distinct_actions()
(3, 45)
>>> load_game(RuleSet(players=5)).rules.deck
52

**Parameters** are the options' names: whole numbers and switches are
OpenSpiel integers and booleans, the choices their strings
(``sequence_rule=longest_run``). Two options that may be ``None`` take 0
for it (``bet_rounds_max=0``: no limit; ``deals=0``: not set), and
``deck=0`` (the default) is the pack the number of players plays with.
A parameter of the wrong type is refused naming it, and a value the rules
refuse raises :class:`~pocha_rules.InvalidRulesError` naming the option.

**Chance nodes** deal the cards, as explicit chance outcomes: first the
first dealer (outcome = seat), then for each deal the cards one at a time
from the top of the pack (outcome = the card's place in the pack's card
order, the order of the plays in :mod:`pocha_rules.poch.actions`): three to
each seat in the deal from the eldest hand, then two each, then the card
turned up for trump. The cards left form the stock, whose order plays no
part. Every outcome is equiprobable.

**Actions** are the action ids of :mod:`pocha_rules.poch.actions`.
**Returns** are the players' net chips (balance less starting chips) at
the end: a general-sum game with terminal rewards (chips left on the board
belong to nobody unless ``board_at_end="shared"``).

**Observations** never hold a card the player cannot see: the observation
tensor is the vector of :mod:`pocha_rules.poch.observations` and its string
the table as the seat sees it
(:func:`~pocha_rules.poch.observations.view_text`); the information-state
string adds everything the seat has seen since the start (its own cards of
every deal as dealt, and every move); the information-state tensor is the
observation tensor followed by every move of the current deal in order,
one-hot by action id (finished deals count only through the chips, which
is all of them that matters for what follows). While cards are being dealt
the tensors are all 0.

:meth:`PochState.resample_from_infostate` draws a world consistent with the
player's view with :func:`~pocha_rules.poch.sample_state`, so OpenSpiel's
``ismcts`` bot plays the game. :meth:`PochState.serialize` writes a state as
one line of JSON (the rules and the history of action ids), and
:meth:`PochGame.deserialize_state` reads it back by replaying the history,
each outcome and move checked.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any, Final, NamedTuple

import attrs
import pyspiel

from pocha_rules import _spiel
from pocha_rules._common.errors import (
    InvalidActionError,
    PochaError,
    reason_of,
    say,
)
from pocha_rules._common.records import (
    MAX_RECORD_CHARS,
    RecordFormat,
    as_list,
    describe,
    fail,
    members,
)
from pocha_rules._common.text import got
from pocha_rules.games import POCH
from pocha_rules.poch._cards import CARDS, deck_indices
from pocha_rules.poch._engine import apply
from pocha_rules.poch._game import new_game
from pocha_rules.poch._moves import Move
from pocha_rules.poch._rules import RuleSet
from pocha_rules.poch._state import GameState
from pocha_rules.poch.actions import action_table, apply_action
from pocha_rules.poch.observations import view_text
from pocha_rules.poch.views import PlayerView, observe, sample_state

__all__ = [
    "GAME_NAME",
    "PochGame",
    "PochObserver",
    "PochState",
    "deserialize_game_and_state",
    "game_parameters",
    "load_game",
    "rules_from_parameters",
]

GAME_NAME: Final = "python_poch"
"""The name the game is registered under."""

_NULLABLE: Final = ("bet_rounds_max", "deals")
"""The options whose ``None`` is the parameter 0."""

_DEFAULT_PLAYERS: Final = 4


# --- parameters -------------------------------------------------------------------------


def _parameters(rules: RuleSet) -> dict[str, int | bool | str]:
    out: dict[str, int | bool | str] = {}
    for name, value in attrs.asdict(rules).items():
        out[name] = 0 if value is None else value
    return out


_DEFAULTS: Final = _parameters(RuleSet(players=_DEFAULT_PLAYERS)) | {"deck": 0}


def game_parameters(rules: RuleSet) -> dict[str, int | bool | str]:
    """The game parameters of ``rules``: ``pyspiel.load_game(GAME_NAME,
    game_parameters(rules))`` plays exactly those rules.

    >>> parameters = game_parameters(RuleSet(players=3, bet_rounds_max=None, insolvency="out"))
    >>> parameters["bet_rounds_max"], parameters["deck"], parameters["insolvency"]
    (0, 32, 'out')
    """
    if not isinstance(rules, RuleSet):
        raise TypeError(f"expected a poch RuleSet, got {got(rules)}")
    return _parameters(rules)


def rules_from_parameters(parameters: Mapping[str, object]) -> RuleSet:
    """The :class:`~pocha_rules.poch.RuleSet` of game parameters (missing
    ones take their defaults: four players).

    Raises:
        TypeError: A parameter has the wrong type; the message names it.
        InvalidRulesError: A parameter is unknown or its value is refused by
            the rules; ``field`` names it.

    >>> rules = rules_from_parameters({"players": 5, "bet_rounds_max": 0, "insolvency": "out"})
    >>> rules.deck, rules.bet_rounds_max, rules.insolvency
    (52, None, 'out')
    >>> rules_from_parameters({"players": "3"})
    Traceback (most recent call last):
    ...
    TypeError: game parameter players must be an int, got str: '3'

    """
    options: dict[str, Any] = {
        "players": _DEFAULT_PLAYERS,
        **_spiel.typed_parameters(parameters, _DEFAULTS, GAME_NAME),
    }
    for name in _NULLABLE:
        if options.get(name) == 0:
            options[name] = None
    if options.get("deck") == 0:
        del options["deck"]
    return RuleSet(**options)


# --- the game ---------------------------------------------------------------------------

_GAME_TYPE: Final = _spiel.game_type(
    GAME_NAME, "Poch", range(3, 7), _DEFAULTS, information_tensor=True
)


def _bet_rounds(rules: RuleSet) -> int:
    """The most betting rounds of a deal: the limit, or (without one,
    where bets are limited by the balances) one a chip in the game."""
    if rules.bet_rounds_max is not None:
        return rules.bet_rounds_max
    return rules.players * rules.starting_chips + 1


def _deal_loss(rules: RuleSet) -> int:
    """More than a seat can lose in one deal: its dressing, its bets, a stop
    payment to each other seat for every card shed, and its cards left."""
    n = rules.players
    return (
        rules.dressed_pools
        + _bet_rounds(rules) * rules.bet_max
        + 5 * n * n * rules.stop_chips
        + 5 * n * rules.card_chips
    )


def _utility_bounds(rules: RuleSet) -> tuple[float, float]:
    if rules.insolvency == "out":  # a balance never goes below zero
        loss = rules.starting_chips
    else:
        loss = rules.deal_count * _deal_loss(rules)
    return float(-loss), float((rules.players - 1) * loss)


def _deal_decisions(rules: RuleSet) -> int:
    """More than the decisions of one deal: every seat twice in each
    betting round, and every card of the hands shed."""
    n = rules.players
    return 2 * n * (_bet_rounds(rules) + 1) + 5 * n


def load_game(rules: RuleSet | None = None) -> Any:
    """The ``python_poch`` game of ``rules`` (four players' defaults when
    ``None``)."""
    return pyspiel.load_game(GAME_NAME, game_parameters(rules or RuleSet(players=4)))


def deserialize_game_and_state(text: str) -> tuple[PochGame, PochState]:
    """The game and the state that :meth:`PochState.serialize` wrote as
    ``text`` (the game is that of the rules the text holds).

    Raises:
        TypeError: ``text`` is not a string.
        InvalidRecordError: As :meth:`PochGame.deserialize_state`.

    """
    parameters, _ = _read_state_text(text)
    game: PochGame = pyspiel.load_game(GAME_NAME, _checked_rules(parameters)[1])
    return game, game.deserialize_state(text)


def _checked_rules(parameters: dict[str, object]) -> tuple[RuleSet, dict[str, object]]:
    """The rules of a state text's parameters (refused as the text's)."""
    try:
        rules = rules_from_parameters(parameters)
    except PochaError as error:
        fail("rules", reason_of(error))
    except TypeError as error:
        fail("rules", say("other", reason=str(error)))
    return rules, parameters


# --- serialisation ----------------------------------------------------------------------

_STATE_FORMAT: Final = RecordFormat(
    format="python_poch-state",
    version=1,
    rules_version=1,
    members=("rules", "history"),
    not_a_record=say("not_a_game_record", game=GAME_NAME),
    others={},
    objects=(),
    lists=(),
)
_LARGEST_ID: Final = 2**31


def _state_text(parameters: Mapping[str, object], history: list[int]) -> str:
    data = {
        "format": _STATE_FORMAT.format,
        "version": _STATE_FORMAT.version,
        "rules_version": _STATE_FORMAT.rules_version,
        "rules": dict(parameters),
        "history": history,
    }
    return json.dumps(data, separators=(",", ":"))


def _read_state_text(text: str) -> tuple[dict[str, object], tuple[int, ...]]:
    top, _tags = _STATE_FORMAT.open(_STATE_FORMAT.parse(text, MAX_RECORD_CHARS))
    parameters = members(top["rules"], "rules", (), tuple(_DEFAULTS))
    history = []
    for index, raw in enumerate(as_list(top["history"], "history")):
        if type(raw) is not int or not 0 <= raw < _LARGEST_ID:
            fail(f"history[{index}]", say("action_id_expected", got=describe(raw)))
        history.append(raw)
    return parameters, tuple(history)


# --- the state --------------------------------------------------------------------------


class _Position(NamedTuple):
    """Where a game of Poch stands: immutable and private. (OpenSpiel
    clones a state by deep-copying what it holds; this copies as itself.)"""

    first_dealer: int
    """-1 until drawn."""
    orderings: tuple[tuple[int, ...], ...]
    """The packs of the deals dealt so far, bar one being dealt."""
    dealing: tuple[int, ...]
    """The card indices dealt so far in the deal being dealt, in order;
    ``()`` while a deal is played."""
    game: GameState | None
    """The game, once the first dealer is drawn. While a deal is being
    dealt its cards are placeholders, never observed: the state tells who
    is in the deal and from whom it is dealt."""

    def __deepcopy__(self, memo: object) -> _Position:
        return self


_START: Final = _Position(-1, (), (), None)


def _game_moves(game: GameState) -> list[Move]:
    moves = [move for deal in game.deal_results for _, move in deal.moves]
    moves.extend(move for _, move in game.moves)
    return moves


def _receiver(position: int, order: tuple[int, ...]) -> int | None:
    """The seat that gets the card dealt at ``position`` of the pack
    (three each from the eldest, then two each), ``None`` for the turn-up."""
    k = len(order)
    if position < 3 * k:
        return order[position // 3]
    if position < 5 * k:
        return order[(position - 3 * k) // 2]
    return None


class PochState(_spiel.DealtState):
    """A state of ``python_poch``. The game of cards is :attr:`game_state`
    once a deal is being played."""

    _functions = POCH
    _start = _START
    _at: _Position

    def _dealing(self) -> bool:
        """Whether cards are being dealt (a chance node)."""
        at = self._at
        if at.game is None:
            return True
        return not at.game.is_over and len(at.orderings) <= at.game.deal_number

    @property
    def game_state(self) -> GameState | None:
        """The :class:`~pocha_rules.poch.GameState`, or ``None`` while cards
        are being dealt."""
        return None if self._dealing() else self._at.game

    def view(self, player: int) -> PlayerView | None:
        """What ``player`` may know, or ``None`` while cards are being dealt."""
        state = self.game_state
        return None if state is None else _view(state, player)

    # --- the OpenSpiel API --------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of this chance node, all equally likely."""
        at = self._at
        if at.game is None:
            players = self._rules.players
            return [(seat, 1.0 / players) for seat in range(players)]
        dealt = set(at.dealing)
        left = [i for i, card in enumerate(deck_indices(self._rules.deck)) if card not in dealt]
        return [(outcome, 1.0 / len(left)) for outcome in left]

    def _apply_action(self, action: int) -> None:
        at = self._at
        rules = self._rules
        if not self._dealing():
            assert at.game is not None
            self._at = at._replace(game=apply_action(at.game, action))
            return
        if at.game is None:
            if type(action) is not int or not 0 <= action < rules.players:
                raise InvalidActionError(
                    action, None, say("chance_dealer_out_of_range", high=rules.players - 1)
                )
            self._at = _Position(action, (), (), new_game(rules, seed=0, dealer=action))
            return
        pack = deck_indices(rules.deck)
        if type(action) is not int or not 0 <= action < len(pack):
            raise InvalidActionError(
                action, None, say("chance_place_out_of_range", high=len(pack) - 1)
            )
        card = pack[action]
        if card in at.dealing:
            raise InvalidActionError(action, None, say("chance_card_dealt", card=str(CARDS[card])))
        dealing = at.dealing + (card,)
        if len(dealing) <= 5 * len(at.game.order):
            self._at = at._replace(dealing=dealing)
            return
        stock = tuple(other for other in pack if other not in dealing)
        orderings = at.orderings + (dealing + stock,)
        packs = [[CARDS[card] for card in pack] for pack in orderings]
        game = new_game(rules, seed=0, dealer=at.first_dealer, deals=packs)
        for move in _game_moves(at.game):
            game = apply(game, move)
        self._at = _Position(at.first_dealer, orderings, (), game)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self._at.game is None:
                return f"seat {action} deals first"
            pack = deck_indices(self._rules.deck)
            if not 0 <= action < len(pack):
                raise InvalidActionError(
                    action, None, say("chance_id_out_of_range", high=len(pack) - 1)
                )
            return f"deal {CARDS[pack[action]]}"
        return str(action_table(self._rules).move(action))

    def serialize(self) -> str:
        """The state as text: the rules and the history of action ids, as
        one line of JSON, which :meth:`PochGame.deserialize_state` reads
        back by replaying it."""
        return _state_text(game_parameters(self._rules), self.history())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> PochState:
        """A state the player cannot tell from this one: the same view,
        the cards it has not seen in the current deal drawn again with
        :func:`~pocha_rules.poch.sample_state` (seeded from
        ``probability_sampler()``). The finished deals are kept as they
        were: nothing in them bears on what follows but the chips.

        Raises:
            PochaError: Cards are being dealt (resample at a decision node).

        """
        view = self.view(player_id)
        game = self._at.game
        if view is None and not self.is_terminal():
            raise PochaError(say("resample_at_deal"))
        assert game is not None
        orderings = self._at.orderings
        if view is not None and not game.is_over:
            rng = random.Random(int(probability_sampler() * 2**53))
            world = sample_state(view, rng)
            current = tuple(card.index for card in world.ordering)
            orderings = (*orderings[:-1], current)
        return _replay(self.get_game(), self._at.first_dealer, orderings, _game_moves(game))

    def __str__(self) -> str:
        at = self._at
        if at.game is None:
            return "the first dealer is to be drawn"
        game = self.game_state
        if game is None:
            number = len(at.orderings) + 1
            return f"dealing deal {number}: " + (
                " ".join(str(CARDS[card]) for card in at.dealing) or "(nothing yet)"
            )
        if game.is_over:
            return f"over: net {list(game.net)}, winners {list(game.winners)}"
        hands = " | ".join(" ".join(map(str, hand)) for hand in game.hands)
        return f"{game!r}\nhands: {hands}"


def _replay(
    game: PochGame,
    first_dealer: int,
    orderings: tuple[tuple[int, ...], ...],
    moves: list[Move],
) -> PochState:
    """The OpenSpiel state of a game with this first dealer, these packs
    and these moves: the packs' cards as chance outcomes, the moves as
    actions."""
    rules = game.rules
    place = {card: outcome for outcome, card in enumerate(deck_indices(rules.deck))}
    table = action_table(rules)

    def dealer(pack: tuple[int, ...]) -> Callable[[PochState], None]:
        def deal(state: PochState) -> None:
            at = state._at
            assert at.game is not None
            for card in pack[: 5 * len(at.game.order) + 1]:
                state.apply_action(place[card])

        return deal

    state = game.new_initial_state()
    state.apply_action(first_dealer)
    return _spiel.play_through(
        state, map(dealer, orderings), (table.action(move) for move in moves)
    )


# --- observations -----------------------------------------------------------------------


class PochObserver(_spiel.Observer[PochState]):
    """A seat's observation or information state, as for Pocha
    (:class:`~pocha_rules.openspiel.PochaObserver`); get one from
    :meth:`PochGame.make_py_observer`. Its ``dict`` holds the fields of
    :func:`~pocha_rules.poch.observations.observation_layout`, and for the
    information state ``deal_moves`` (a row a move of the deal, in order,
    one-hot by action id)."""

    _functions = POCH
    _moves_field = "deal_moves"

    def __init__(self, game: PochGame, iig_obs_type: Any, params: object) -> None:
        super().__init__(game, iig_obs_type, params, rows=game.deal_moves)

    @staticmethod
    def _moves(game: GameState) -> list[Move]:
        return [move for _, move in game.moves]

    def set_from(self, state: PochState, player: int) -> None:
        """Fill ``tensor`` with ``player``'s view of ``state``."""
        super().set_from(state, player)

    def string_from(self, state: PochState, player: int) -> str:
        """``player``'s view of ``state`` as text: everything it has seen
        (perfect recall), or the table as it sees it now."""
        view = state.view(player)
        if not self.perfect_recall:
            if view is None:
                return _dealing_text(state, player)
            return view_text(view)
        lines = _seen(state, player)
        if view is not None:
            lines.append(view_text(view))
        return "\n".join(lines)


def _dealt_to(ordering: tuple[int, ...], order: tuple[int, ...], seat: int) -> str:
    """The cards of ``ordering`` that ``seat`` gets (the first ones, while
    the pack is being dealt), in card order."""
    cards = sorted(
        card
        for position, card in enumerate(ordering[: 5 * len(order)])
        if _receiver(position, order) == seat
    )
    return " ".join(str(CARDS[card]) for card in cards) or "-"


def _seen(state: PochState, player: int) -> list[str]:
    """Everything ``player`` has seen, deal by deal: its cards as dealt,
    the turn-up, every move."""
    at = state._at
    if at.game is None:
        return [f"seat {player}: the first dealer is to be drawn"]
    lines = [f"seat {player}: seat {at.first_dealer} dealt first"]
    game = at.game
    for result in game.deal_results:
        ordering = tuple(card.index for card in result.ordering)
        lines.append(
            f"deal {result.index + 1}: got {_dealt_to(ordering, result.seats, player)}; "
            f"{result.turnup} turned up"
        )
        lines.extend(f"seat {seat}: {move}" for seat, move in result.moves)
    if state._dealing():
        lines.append(_dealing_text(state, player))
    elif not game.is_over:
        ordering = tuple(card.index for card in game.ordering)
        lines.append(
            f"deal {game.deal_number + 1}: got {_dealt_to(ordering, game.order, player)}; "
            f"{game.turnup} turned up"
        )
        lines.extend(f"seat {seat}: {move}" for seat, move in game.moves)
    return lines


def _dealing_text(state: PochState, player: int) -> str:
    at = state._at
    if at.game is None:
        return f"seat {player}: the first dealer is to be drawn"
    got = _dealt_to(at.dealing, at.game.order, player)
    return f"seat {player}: deal {len(at.orderings) + 1} is being dealt; got {got}"


_view: Final = _spiel.ViewCache(observe)


class PochGame(_spiel.DealtGame[PochState, PochObserver]):
    """The OpenSpiel game ``python_poch`` of a Poch
    :class:`~pocha_rules.poch.RuleSet`; load it with ``pyspiel.load_game``
    or :func:`load_game` rather than building it directly."""

    _state_type = PochState
    _observer_type = PochObserver

    def __init__(self, params: Mapping[str, object] | None = None) -> None:
        rules = rules_from_parameters(params or {})
        info = _spiel.game_info(
            rules,
            actions=action_table(rules).size,
            outcomes=rules.deck,
            utility=_utility_bounds(rules),
            length=rules.deal_count * _deal_decisions(rules),
        )
        super().__init__(_GAME_TYPE, info, dict(params or {}))
        self.rules = rules
        """The rules the game plays."""
        self.deal_moves = _deal_decisions(rules)
        """The most moves a deal can take (rows of the deal's moves in the
        information-state tensor)."""

    def deserialize_state(self, text: str) -> PochState:
        """The state that :meth:`PochState.serialize` wrote as ``text``:
        its history is replayed, each chance outcome and each move checked.
        Nothing in the text is evaluated or unpickled.

        Raises:
            TypeError: ``text`` is not a string.
            InvalidRecordError: ``text`` is not such a text, is of other
                rules than this game's, or holds an action that is not legal
                where it is; ``where`` names the part (``"history[12]"``).

        """
        parameters, history = _read_state_text(text)
        rules, _ = _checked_rules(parameters)
        state: PochState = _spiel.replay_history(self, rules, history)
        return state


pyspiel.register_game(_GAME_TYPE, PochGame)
