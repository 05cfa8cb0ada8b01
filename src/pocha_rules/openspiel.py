"""Pocha as an OpenSpiel game (``pip install "pocha-rules[openspiel]"``).

Importing this module registers the Python game ``python_pocha`` with
OpenSpiel. Every :class:`~pocha_rules.RuleSet` option is a game parameter, so
any rule set can be loaded by name or from a :class:`~pocha_rules.RuleSet`:

>>> import pyspiel
>>> from pocha_rules import RuleSet
>>> from pocha_rules.openspiel import load_game
>>> game = pyspiel.load_game("python_pocha(players=5,schedule=full)")
>>> game.num_players(), game.num_distinct_actions()
(5, 63)
>>> load_game(RuleSet.oh_hell(players=4, cards=9)).get_parameters()["schedule"]
'9 '

**Parameters** are the options' names. Whole numbers and switches are
OpenSpiel integers and booleans; the choices are their string values
(``miss_penalty=per_trick_bid``); ``schedule`` is a preset name or round
texts separated by semicolons or spaces (``schedule=1;2;3a`` or
``schedule=1 2 3a``); ``rank_order`` is ``default`` or ranks separated the
same way; ``remove_twos`` is ``auto`` (the deck's default), ``yes`` or
``no``. A comma cannot separate them in a game string: OpenSpiel's parser
splits the parameters at commas, and passes semicolons through:

>>> pyspiel.load_game("python_pocha(players=3,schedule=1;2;3a)").rules.schedule
(Round(1), Round(2), Round(3, RoundKind.AUCTION))

A parameter of the wrong type is refused by OpenSpiel naming it, and a
value the rules refuse raises :class:`~pocha_rules.InvalidRulesError`
naming the option. :func:`game_parameters` writes any rule set's
parameters.

One round of 9 cards is ``schedule=9`` for :func:`rules_from_parameters`
and ``PochaGame({"schedule": 9})``, but OpenSpiel's ``load_game`` reads a
bare number as an integer and checks each parameter's type against the
game's before the game sees it, so there it is ``schedule=9`` followed by
a space (``"python_pocha(schedule=9 )"``), as the game's own name writes it.

**Chance nodes** deal the cards, as explicit chance outcomes: first the
first dealer (outcome = seat), then for each round its cards one at a time,
from the seat after the dealer round to the dealer (outcome = the card's play
id in :mod:`pocha_rules.actions`), then the card turned up from the stock.
When every card is dealt, the dealer's last card is the one it shows (or the
dealer names trump, under ``dealer_chooses``). Every outcome is
equiprobable.

**Actions** are the action ids of :mod:`pocha_rules.actions`. **Returns**
are the players' game totals, at the end (a general-sum game with terminal
rewards).

**Observations** never hold a card the player cannot see, although
``state.history()`` holds every dealt card (it is OpenSpiel's full history,
not a player's): the observation tensor is the vector of
:mod:`pocha_rules.observations` and its string the table as the seat sees it
(:func:`~pocha_rules.observations.view_text`); the information-state string
holds everything the seat has seen since the start (perfect recall); the
information-state tensor is the observation tensor followed by every move of
the current round in order, one-hot by action id (finished rounds count only
through the scores, which is all of them that matters for what follows).
While cards are being dealt the tensors are all 0.

:meth:`PochaState.resample_from_infostate` draws a world consistent with the
player's view with :func:`~pocha_rules.sample_state`, so OpenSpiel's
``ismcts`` bot plays the game out of the box.

**Serialisation.** :meth:`PochaState.serialize` writes a state as one
line of JSON: the rules and the history of action ids, chance outcomes
included. :meth:`PochaGame.deserialize_state` and
:func:`deserialize_game_and_state` read it back by replaying that history
through the engine, each outcome and move checked; any other text is
refused with :class:`~pocha_rules.InvalidRecordError`. OpenSpiel's own
``pyspiel.serialize_game_and_state``, ``pyspiel.deserialize_game_and_state``
and the pickling of a state write and read any Python game's state in
OpenSpiel's form, which holds pickled data: reading such a text runs
whatever it holds, so give those only texts you wrote yourself.

OpenSpiel needs bounds on a game's length and its returns. With
``tiebreak="one_card_rounds"`` a game has no bound: the bounds count
:data:`TIEBREAK_ROUNDS_COUNTED` tiebreak rounds at most.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Mapping
from typing import Any, Final, NamedTuple

import pyspiel

from pocha_rules import _spiel
from pocha_rules._common.errors import (
    InvalidActionError,
    InvalidRulesError,
    PochaError,
    say,
)
from pocha_rules._common.text import got, shown
from pocha_rules._pocha.cards import CARDS, Suit
from pocha_rules._pocha.deal import Deal
from pocha_rules._pocha.engine import apply
from pocha_rules._pocha.game import new_game
from pocha_rules._pocha.moves import Move
from pocha_rules._pocha.rules import RuleSet, Tiebreak, TrumpWhenAllDealt
from pocha_rules._pocha.schedules import PRESETS, Round, RoundKind
from pocha_rules._pocha.scoring import round_score
from pocha_rules._pocha.state import GameState
from pocha_rules._spiel_text import information_text, read_state_text, state_text
from pocha_rules.actions import action_table
from pocha_rules.games import POCHA
from pocha_rules.observations import view_text
from pocha_rules.views import PlayerView, observe, sample_state

__all__ = [
    "GAME_NAME",
    "TIEBREAK_ROUNDS_COUNTED",
    "PochaGame",
    "PochaObserver",
    "PochaState",
    "deserialize_game_and_state",
    "game_parameters",
    "load_game",
    "rules_from_parameters",
]

GAME_NAME: Final = "python_pocha"
"""The name the game is registered under."""

TIEBREAK_ROUNDS_COUNTED: Final = 20
"""How many tiebreak rounds the game's length and return bounds allow for."""


# --- parameters -------------------------------------------------------------------------


def _parameter(name: str, value: object) -> int | bool | str:
    if name == "remove_twos":
        return "auto"
    if name == "rank_order":
        return "default"
    if name == "schedule":
        return "classic"
    if isinstance(value, enum.Enum):
        return str(value.value)
    assert isinstance(value, int | bool)
    return value


_DEFAULTS: Final[dict[str, int | bool | str]] = {
    name: _parameter(name, value) for name, value in RuleSet().options().items()
}


def game_parameters(rules: RuleSet) -> dict[str, int | bool | str]:
    """The game parameters of ``rules``: ``pyspiel.load_game(GAME_NAME,
    game_parameters(rules))`` plays exactly those rules.

    >>> from pocha_rules import RuleSet
    >>> parameters = game_parameters(RuleSet(schedule=[1, "3a"], deck=48))
    >>> parameters["schedule"], parameters["deck"], parameters["remove_twos"]
    ('1 3a', 48, 'no')
    """
    if not isinstance(rules, RuleSet):
        raise TypeError(f"expected a RuleSet, got {got(rules)}")
    out: dict[str, int | bool | str] = {}
    for name, value in rules.options().items():
        if name == "schedule":
            assert isinstance(value, tuple)
            text = " ".join(str(entry) for entry in value)
            # OpenSpiel would read a bare number as an int: "9 " stays a string.
            out[name] = text + " " if text.isdigit() else text
        elif name == "rank_order":
            assert isinstance(value, tuple)
            out[name] = " ".join(str(rank) for rank in value)
        elif name == "remove_twos":
            out[name] = "yes" if value else "no"
        else:
            out[name] = _parameter(name, value)
    return out


def rules_from_parameters(parameters: Mapping[str, object]) -> RuleSet:
    """The :class:`~pocha_rules.RuleSet` of game parameters (missing ones
    take their defaults).

    Raises:
        TypeError: A parameter has the wrong type; the message names it.
        InvalidRulesError: A parameter is unknown or its value is refused by
            the rules; ``field`` names it.

    >>> rules_from_parameters({"players": 3, "schedule": "2 1b"}).schedule
    (Round(2), Round(1, RoundKind.BLIND))
    >>> rules_from_parameters({"players": "3"})
    Traceback (most recent call last):
    ...
    TypeError: game parameter players must be an int, got str: '3'

    """
    options: dict[str, Any] = {
        name: _option(name, value)
        for name, value in _spiel.typed_parameters(
            parameters, _DEFAULTS, GAME_NAME, _schedule_number
        ).items()
    }
    return RuleSet(**options)


def _schedule_number(name: str, value: object) -> object:
    """OpenSpiel reads ``schedule=9`` as a number: one round of 9 cards."""
    if name == "schedule" and type(value) is int:
        if value.bit_length() > 64:
            raise InvalidRulesError(name, say("schedule_number_too_large", got=shown(value)))
        return str(value)
    return value


def _words(value: str) -> list[str]:
    """The items of a list parameter: separated by semicolons (which game
    strings pass through), commas (in a mapping of parameters) or spaces."""
    return value.replace(";", " ").replace(",", " ").split()


def _option(name: str, value: object) -> object:
    if name == "remove_twos":
        choices: dict[object, bool | None] = {
            "auto": None, "yes": True, "no": False, "true": True, "false": False
        }  # fmt: skip
        if value not in choices:
            raise InvalidRulesError(name, say("auto_yes_no", got=shown(value)))
        return choices[value]
    if name == "rank_order":
        assert isinstance(value, str)
        if value == "default":
            return None
        words = _words(value)
        if not all(word.isdigit() and word.isascii() and len(word) <= 2 for word in words):
            raise InvalidRulesError(name, say("rank_order_text", got=shown(value)))
        return tuple(int(word) for word in words)
    if name == "schedule":
        assert isinstance(value, str)
        return value if value in PRESETS else _words(value)
    return value


# --- the game ---------------------------------------------------------------------------

_GAME_TYPE: Final = _spiel.game_type(
    GAME_NAME, "Pocha", range(3, 9), _DEFAULTS, information_tensor=True
)


def _rounds(rules: RuleSet) -> tuple[Round, ...]:
    """The schedule, and the tiebreak rounds the bounds allow for."""
    extra = TIEBREAK_ROUNDS_COUNTED if rules.tiebreak is Tiebreak.ONE_CARD_ROUNDS else 0
    return rules.schedule + (Round(1),) * extra


def _decisions(rules: RuleSet, entry: Round) -> int:
    """The most decisions a round can take: calls, a choice of trump, bids, plays."""
    n = rules.players
    if entry.kind is RoundKind.AUCTION:
        return n + 1 + (n - 1) + n * entry.cards  # the auction's winner does not bid
    chooses = rules.trump_when_all_dealt is TrumpWhenAllDealt.DEALER_CHOOSES
    return int(chooses and entry.cards * n == rules.deck_size) + n + n * entry.cards


def _utility_bounds(rules: RuleSet) -> tuple[float, float]:
    low = high = 0
    for entry in _rounds(rules):
        points = [
            round_score(rules, entry.cards, trump, bid, won)
            for trump in Suit
            for bid in range(entry.cards + 1)
            for won in range(entry.cards + 1)
        ]
        low += min(points)
        high += max(points)
    # OpenSpiel wants the lower bound strictly below the upper one.
    return float(low), float(max(high, low + 1))


def load_game(rules: RuleSet | None = None) -> Any:
    """The ``python_pocha`` game of ``rules`` (the defaults when ``None``)."""
    return pyspiel.load_game(GAME_NAME, game_parameters(rules or RuleSet()))


def deserialize_game_and_state(text: str) -> tuple[PochaGame, PochaState]:
    """The game and the state that :meth:`PochaState.serialize` wrote as
    ``text`` (the game is that of the rules the text holds); the safe
    counterpart of ``pyspiel.deserialize_game_and_state`` for a text from
    elsewhere.

    Raises:
        TypeError: ``text`` is not a string.
        InvalidRecordError: As :meth:`PochaGame.deserialize_state`.

    """
    rules, _ = read_state_text(text)
    game: PochaGame = load_game(rules)
    return game, game.deserialize_state(text)


# --- the state --------------------------------------------------------------------------


class _Position(NamedTuple):
    """Where a game stands (private, immutable: OpenSpiel clones a state by
    deep-copying its attributes, and this one copies as itself)."""

    first_dealer: int
    """-1 until drawn."""
    deals: tuple[Deal, ...]
    """The deals of the rounds reached so far, bar one being dealt."""
    dealing: tuple[int, ...]
    """The card indices dealt so far in the round being dealt, in order;
    ``()`` while a round is played."""
    game: GameState | None
    """The game, once the first round is dealt. While a later round is
    being dealt it is the state that finished the last round (its next
    round's cards are placeholders: never observed)."""

    def __deepcopy__(self, memo: object) -> _Position:
        return self


_START: Final = _Position(-1, (), (), None)


class PochaState(_spiel.DealtState):
    """A state of ``python_pocha``. The game of cards is
    :attr:`game_state` once a round is being played."""

    _functions = POCHA
    _start = _START
    _at: _Position

    # --- where the game stands ----------------------------------------------------------

    def _dealing(self) -> bool:
        """Whether cards are being dealt (a chance node)."""
        at = self._at
        if at.first_dealer < 0 or at.game is None:
            return True
        return not at.game.is_over and len(at.deals) <= at.game.round_index

    @property
    def game_state(self) -> GameState | None:
        """The :class:`~pocha_rules.GameState`, or ``None`` while cards are
        being dealt."""
        return None if self._dealing() else self._at.game

    def view(self, player: int) -> PlayerView | None:
        """What ``player`` may know, or ``None`` while cards are being dealt."""
        state = self.game_state
        return None if state is None else _view(state, player)

    def _round_to_deal(self) -> tuple[Round, int]:
        """The round being dealt, and its dealer."""
        rules = self._rules
        index = len(self._at.deals)
        entry = rules.schedule[index] if index < len(rules.schedule) else Round(1)
        return entry, (self._at.first_dealer + index) % rules.players

    def _needs_turned_up_card(self, entry: Round) -> bool:
        return entry.kind is not RoundKind.AUCTION and entry.cards * self._rules.players < len(
            action_table(self._rules).cards
        )

    # --- the OpenSpiel API --------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of this chance node, all equally likely."""
        at = self._at
        if at.first_dealer < 0:
            players = self._rules.players
            return [(seat, 1.0 / players) for seat in range(players)]
        cards = action_table(self._rules).cards
        dealt = set(at.dealing)
        left = [action for action, card in enumerate(cards) if card.index not in dealt]
        return [(action, 1.0 / len(left)) for action in left]

    def _apply_action(self, action: int) -> None:
        at = self._at
        table = action_table(self._rules)
        if not self._dealing():
            assert at.game is not None
            if not 0 <= action < table.size:
                raise InvalidActionError(
                    action,
                    at.game.to_move,
                    say("decision_out_of_range", game=GAME_NAME, high=table.size - 1),
                )
            self._at = at._replace(game=apply(at.game, table.moves[action]))
            return
        if at.first_dealer < 0:
            players = self._rules.players
            if not 0 <= action < players:
                raise InvalidActionError(
                    action,
                    None,
                    say("chance_dealer_out_of_range", high=players - 1),
                )
            self._at = at._replace(first_dealer=action)
            return
        cards = table.cards
        if not 0 <= action < len(cards):
            raise InvalidActionError(
                action,
                None,
                say("chance_card_out_of_range", high=len(cards) - 1),
            )
        card = cards[action].index
        if card in at.dealing:
            raise InvalidActionError(
                action,
                None,
                say("chance_card_dealt", card=str(cards[action])),
            )
        dealing = at.dealing + (card,)
        entry, dealer = self._round_to_deal()
        n = self._rules.players
        complete = n * entry.cards + self._needs_turned_up_card(entry)
        if len(dealing) < complete:
            self._at = at._replace(dealing=dealing)
            return
        hands: list[list[int]] = [[] for _ in range(n)]
        for k, card in enumerate(dealing[: n * entry.cards]):
            hands[(dealer + 1 + k) % n].append(card)
        trump: int | None = None
        if self._needs_turned_up_card(entry):
            trump = dealing[-1]
        elif entry.kind is not RoundKind.AUCTION and (
            self._rules.trump_when_all_dealt is TrumpWhenAllDealt.DEALER_LAST_CARD
        ):
            trump = dealing[-1]  # the dealer's last card
        deal = Deal(
            hands=[[CARDS[card] for card in hand] for hand in hands],
            trump_card=None if trump is None else CARDS[trump],
        )
        deals = at.deals + (deal,)
        game = new_game(self._rules, seed=0, dealer=at.first_dealer, deals=deals)
        if at.game is not None:
            for move in at.game.history:
                game = apply(game, move)
        self._at = _Position(at.first_dealer, deals, (), game)

    def _action_to_string(self, player: int, action: int) -> str:
        table = action_table(self._rules)
        if player == pyspiel.PlayerId.CHANCE:
            if self._at.first_dealer < 0:
                return f"seat {action} deals first"
            if not 0 <= action < len(table.cards):
                raise InvalidActionError(
                    action,
                    None,
                    say("chance_id_out_of_range", high=len(table.cards) - 1),
                )
            return f"deal {table.cards[action]}"
        return str(table.move(action))

    def serialize(self) -> str:
        """The state as text: the rules and the history of action ids, as
        one line of JSON, which :meth:`PochaGame.deserialize_state` (or
        :func:`deserialize_game_and_state`) reads back by replaying it.

        (OpenSpiel's own ``pyspiel.serialize_game_and_state`` writes a
        state of any Python game in its own form, which holds pickled
        data: see the module's notes.)
        """
        return state_text(self._rules, self.history())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> PochaState:
        """A state the player cannot tell from this one: the same view,
        other cards where it cannot see them (drawn with
        :func:`~pocha_rules.sample_state`, seeded from
        ``probability_sampler()``).

        Raises:
            PochaError: Cards are being dealt (resample at a decision node).

        """
        view = self.view(player_id)
        if view is None and not self.is_terminal():
            raise PochaError(say("resample_at_deal"))
        game = self._at.game
        assert game is not None
        rng = random.Random(int(probability_sampler() * 2**53))
        world = game if view is None else sample_state(observe(game, player_id), rng)
        return _replay(self.get_game(), world)

    def __str__(self) -> str:
        at = self._at
        if at.first_dealer < 0:
            return "the first dealer is to be drawn"
        game = self.game_state
        if game is None:
            dealt = " ".join(str(CARDS[card]) for card in at.dealing)
            return f"dealing round {len(at.deals) + 1}: {dealt or '(nothing yet)'}"
        if game.is_over:
            return f"over: scores {list(game.scores)}, winners {list(game.winners)}"
        hands = " | ".join(" ".join(map(str, hand)) for hand in game.hands)
        return f"{game!r}\nhands: {hands}\nmoves: {', '.join(map(str, game.round_moves))}"


def _deal_order(deal: Deal, dealer: int, shows: bool) -> list[int]:
    """The card indices of ``deal`` in the order the chance nodes deal them:
    one at a time from the seat after the dealer, the dealer's shown card
    last among its own."""
    n = len(deal.hands)
    hands = [list(hand) for hand in deal.hands]
    if shows and deal.trump_card is not None:
        own = hands[dealer]
        own.remove(deal.trump_card)
        own.append(deal.trump_card)
    return [hands[(dealer + 1 + k) % n][k // n].index for k in range(n * len(deal.hands[0]))]


def _replay(game: PochaGame, world: GameState) -> PochaState:
    """The OpenSpiel state of ``world``: its deals as chance outcomes, its moves as actions."""
    table = action_table(game.rules)
    play_id = {card.index: action for action, card in enumerate(table.cards)}

    def dealer(deal: Deal) -> Callable[[PochaState], None]:
        def play(state: PochaState) -> None:
            entry, dealer = state._round_to_deal()
            shows = not state._needs_turned_up_card(entry) and deal.trump_card is not None
            for card in _deal_order(deal, dealer, shows):
                state.apply_action(play_id[card])
            if state._needs_turned_up_card(entry):
                assert deal.trump_card is not None
                state.apply_action(play_id[deal.trump_card.index])

        return play

    state = game.new_initial_state()
    state.apply_action(world.first_dealer)
    return _spiel.play_through(
        state, map(dealer, world.deals), (table.action(move) for move in world.history)
    )


# --- observations -----------------------------------------------------------------------


class PochaObserver(_spiel.Observer[PochaState]):
    """A seat's observation or information state, as OpenSpiel's Python
    observers give them; get one from :meth:`PochaGame.make_py_observer`.
    The fields of its ``dict`` are those of
    :func:`~pocha_rules.observations.observation_layout`, then, for the
    information state, ``round_moves``: a row a move of the round, in
    order, one-hot by action id."""

    _functions = POCHA
    _moves_field = "round_moves"

    def __init__(self, game: PochaGame, iig_obs_type: Any, params: object) -> None:
        super().__init__(game, iig_obs_type, params, rows=game.round_moves)

    @staticmethod
    def _moves(game: GameState) -> tuple[Move, ...]:
        return game.round_moves

    def set_from(self, state: PochaState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state`` (all 0
        while cards are being dealt)."""
        super().set_from(state, player)

    def string_from(self, state: PochaState, player: int) -> str:
        """``player``'s view of ``state`` as text: everything it has seen
        (perfect recall), or the table as it sees it now."""
        view = state.view(player)
        if view is None:
            return _dealing_text(state, player, self.perfect_recall)
        if not self.perfect_recall:
            return view_text(view)
        return information_text(view)


def _dealing_text(state: PochaState, player: int, history: bool) -> str:
    at = state._at
    if at.first_dealer < 0:
        return f"seat {player}: the first dealer is to be drawn"
    n = state._rules.players
    entry, dealer = state._round_to_deal()
    own = [
        str(CARDS[card])
        for k, card in enumerate(at.dealing[: n * entry.cards])
        if (dealer + 1 + k) % n == player
    ]
    text = f"seat {player}: round {len(at.deals) + 1} is being dealt; got {' '.join(own) or '-'}"
    if history and at.game is not None:
        before = information_text(observe(at.game, player), current=False)
        text = f"{before}\n{text}"
    return text


_view: Final = _spiel.ViewCache(observe)


class PochaGame(_spiel.DealtGame[PochaState, PochaObserver]):
    """The OpenSpiel game ``python_pocha`` of a :class:`~pocha_rules.RuleSet`;
    load it with ``pyspiel.load_game`` or :func:`load_game` rather than
    building it directly."""

    _state_type = PochaState
    _observer_type = PochaObserver

    def __init__(self, params: Mapping[str, object] | None = None) -> None:
        rules = rules_from_parameters(params or {})
        params = dict(params or {})
        if type(params.get("schedule")) is int:
            # Kept as text, so that the game's name loads again.
            params["schedule"] = f"{params['schedule']} "
        info = _spiel.game_info(
            rules,
            actions=action_table(rules).size,
            outcomes=rules.deck_size,
            utility=_utility_bounds(rules),
            length=sum(_decisions(rules, entry) for entry in _rounds(rules)),
        )
        super().__init__(_GAME_TYPE, info, params)
        self.rules = rules
        """The rules the game plays."""
        self.round_moves = max(_decisions(rules, entry) for entry in _rounds(rules))
        """The most moves a round can take (rows of the round's history in
        the information-state tensor)."""

    def deserialize_state(self, text: str) -> PochaState:
        """The state that :meth:`PochaState.serialize` wrote as ``text``:
        its history is replayed through the engine, each chance outcome
        and each move checked. Nothing in the text is evaluated or
        unpickled.

        Raises:
            TypeError: ``text`` is not a string.
            InvalidRecordError: ``text`` is not such a text (OpenSpiel's own
                serialisation included), is of other rules than this game's,
                or holds an action that is not legal where it is; ``where``
                names the part (``"history[12]"``).

        """
        rules, history = read_state_text(text)
        state: PochaState = _spiel.replay_history(self, rules, history)
        return state


pyspiel.register_game(_GAME_TYPE, PochaGame)
