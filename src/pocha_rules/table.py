"""A table: one game (of Pocha or of Poch) shared by people and bots, each
seat behind a secret token, what every seat and every spectator may know,
and the events of each move as that seat may be told them.

:class:`Table` is the part of an app that holds the game: a web server, a
chat bot or a lobby keeps one per game and talks to its players through it.

- :meth:`Table.sit` seats a person and gives back a secret token: every
  later call names the seat by its token, compared in constant time, so that
  nobody moves or looks for another seat.
- :meth:`Table.play` takes a move (its text or a move value) from a token's
  seat, checks it against that seat, and lets the bots play until a person
  is to move or the game ends.
- :meth:`Table.view` is a seat's compact view (:mod:`pocha_rules.compact`),
  or a spectator's (no token), who sees only what every seat sees;
  :meth:`Table.events` lists the events of every move since a given one as
  that seat (or a spectator) may be told them, so a client applies them with
  :func:`~pocha_rules.compact.update_view` and stays current with small
  messages. :meth:`Table.snapshot` gives the view with the number of moves
  it follows, to catch up from after a reconnection.
- :meth:`Table.save` writes the game as its JSON record and
  :meth:`Table.load` goes on with one, replayed and checked (tokens are not
  saved: people sit down again).

The game is the one the rules (or the state) are of:
:class:`pocha_rules.RuleSet` for Pocha, :class:`pocha_rules.poch.RuleSet`
for Poch (their compact views and events are those of
:mod:`pocha_rules.compact` and :mod:`pocha_rules.poch.compact`).

Every method holds the table's lock, so threads may share a table. In an
asyncio server, call the methods from the event loop: they do not block,
except that bots think inside :meth:`Table.play` (a
:class:`~pocha_rules.MonteCarloBot` for a while); with slow bots,
call it through :func:`asyncio.to_thread`, which the lock makes safe.

>>> from pocha_rules import RandomBot, RuleSet
>>> bots = {1: RandomBot(1), 2: RandomBot(2)}
>>> table = Table(RuleSet(players=3, schedule=[1]), seed=2, bots=bots)
>>> token = table.sit(0)
>>> while not table.is_over:
...     _ = table.play(token, table.view(token)["legal_moves"][0])
>>> table.view()["phase"], table.moves > 0
('over', True)
"""

from __future__ import annotations

import hmac
import json
import re
import secrets
import threading
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from pocha_rules import games, poch
from pocha_rules._common.errors import OutOfTurnError, PochaError, say
from pocha_rules._common.text import got, shown
from pocha_rules._pocha.engine import apply
from pocha_rules._pocha.rules import RuleSet
from pocha_rules._pocha.state import GameState
from pocha_rules.compact import compact_view, step_events
from pocha_rules.poch import compact as poch_compact

__all__ = ["Step", "Table"]


class Step(NamedTuple):
    """One move of the table's game, with the states on either side."""

    before: Any
    move: Any
    after: Any


def _pocha_apply(state: GameState, move: Any, seat: int) -> GameState:
    return apply(state, move, seat=seat)


def _poch_apply(state: poch.GameState, move: Any, seat: int) -> poch.GameState:
    turn = state.to_move
    if turn is not None and turn != seat:
        raise OutOfTurnError(move, turn, seat)
    return poch.apply(state, move)


# By game: its protocol, its compact view, its events for a seat, and a move
# checked against the seat that makes it.
_DOORS: dict[
    str,
    tuple[
        Callable[..., dict[str, object]],
        Callable[..., list[dict[str, object]]],
        Callable[..., Any],
    ],
] = {
    "pocha": (compact_view, step_events, _pocha_apply),
    "poch": (poch_compact.compact_view, poch_compact.step_events, _poch_apply),
}
_FORMATS: dict[str, str] = {"pocha-record": "pocha", "poch-record": "poch"}
_TOKEN_FORM = re.compile(r"[A-Za-z0-9_-]{16,128}")
"""A token given to :meth:`Table.sit`: what :func:`secrets.token_urlsafe` writes."""


class Table:
    """One game, with people's seats behind secret tokens and bots in others.

    Args:
        rules: The rules, of Pocha or of Poch (Pocha's ``RuleSet()`` when
            ``None``).
        seed: The game's seed, as :func:`~pocha_rules.new_game` takes it.
        dealer: The first dealer, as :func:`~pocha_rules.new_game` takes it.
        bots: The seats played by bots, each with its bot (anything with
            ``act(view) -> Move``). They move as soon as it is their turn.
        state: A game to go on with, in place of a new one (``rules``,
            ``seed`` and ``dealer`` must then be left out).

    Raises:
        PochaError: A bot's seat is not a seat of the game.
        TypeError: An argument has the wrong type.

    """

    def __init__(
        self,
        rules: RuleSet | poch.RuleSet | None = None,
        *,
        seed: int | None = None,
        dealer: int | None = None,
        bots: Mapping[int, Any] | None = None,
        state: Any = None,
    ) -> None:
        if state is None:
            rules = RuleSet() if rules is None else rules
            name = "poch" if isinstance(rules, poch.RuleSet) else "pocha"
            if not isinstance(rules, RuleSet | poch.RuleSet):
                raise TypeError(f"rules must be a RuleSet or a poch.RuleSet, got {got(rules)}")
            self._game = games.get(name)
            state = self._game.new_game(rules, seed=seed, dealer=dealer)
        elif not isinstance(state, GameState | poch.GameState):
            raise TypeError(f"state must be a GameState or a poch.GameState, got {got(state)}")
        elif rules is not None or seed is not None or dealer is not None:
            raise TypeError("give either a state or rules, seed and dealer, not both")
        else:
            self._game = games.get("poch" if isinstance(state, poch.GameState) else "pocha")
        self._compact, self._events, self._apply = _DOORS[self._game.name]
        bots = {} if bots is None else dict(bots)
        for seat, bot in bots.items():
            self._check_seat(state, seat)
            if not callable(getattr(bot, "act", None)):
                raise TypeError(f"bots[{seat}] must have act(view), got {got(bot)}")
        self._lock = threading.RLock()
        self._state = state
        self._first = state
        self._bots: dict[int, Any] = bots
        self._tokens: dict[int, str] = {}
        self._steps: list[Step] = []
        self._bots_move()

    def _check_seat(self, state: Any, seat: object) -> int:
        if type(seat) is not int:
            raise TypeError(f"seat must be an int, got {got(seat)}")
        n = self._game.players(state.rules)
        if not 0 <= seat < n:
            raise PochaError(say("seat_must_be", high=n - 1, got=shown(seat)))
        return seat

    # --- seats -------------------------------------------------------------

    @property
    def game(self) -> str:
        """The game's name: ``"pocha"`` or ``"poch"``."""
        return self._game.name

    @property
    def rules(self) -> Any:
        """The rules of the game."""
        return self._state.rules

    @property
    def state(self) -> Any:
        """The whole game, hidden cards included (for the server only)."""
        with self._lock:
            return self._state

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        with self._lock:
            return self._game.is_over(self._state)

    @property
    def moves(self) -> int:
        """The number of moves made at this table (people's and bots')."""
        with self._lock:
            return len(self._steps)

    @property
    def bot_seats(self) -> tuple[int, ...]:
        """The seats played by bots."""
        return tuple(sorted(self._bots))

    def free_seats(self) -> tuple[int, ...]:
        """The seats nobody sits at yet (neither a person nor a bot)."""
        with self._lock:
            taken = self._tokens.keys() | self._bots.keys()
            n = self._game.players(self.rules)
            return tuple(s for s in range(n) if s not in taken)

    def sit(self, seat: int, token: str | None = None) -> str:
        """Seat a person at ``seat``; their secret token (keep it from the
        others: whoever holds it plays the seat).

        Args:
            seat: The seat.
            token: The token to seat them with, in place of a new one: a
                token handed out before (a server that keeps its tokens
                seats its players again with them after a restart). It is
                16 to 128 characters of ``A-Z a-z 0-9 - _``, as
                :func:`secrets.token_urlsafe` writes them.

        Raises:
            PochaError: ``seat`` is not a seat of the game, or is taken (by
                a bot or a person), or ``token`` is not a token's form.
            TypeError: ``seat`` is not an int, or ``token`` not a string.

        """
        if token is not None:
            if not isinstance(token, str):
                raise TypeError(f"token must be a str or None, got {got(token)}")
            if not _TOKEN_FORM.fullmatch(token):
                raise PochaError(say("token_form"))
        with self._lock:
            self._check_seat(self._state, seat)
            if seat in self._bots or seat in self._tokens:
                raise PochaError(say("seat_taken", seat=seat))
            token = secrets.token_urlsafe(24) if token is None else token
            self._tokens[seat] = token
            return token

    def leave(self, token: str) -> int:
        """Free the token's seat (its token no longer works); the seat.

        Raises:
            PochaError: The token is not a seat's token at this table.
            TypeError: ``token`` is not a string.

        """
        with self._lock:
            seat = self.seat_of(token)
            del self._tokens[seat]
            return seat

    def seat_of(self, token: str) -> int:
        """The seat whose token is ``token``, compared in constant time
        against every seat's token.

        Raises:
            PochaError: No seat has this token.
            TypeError: ``token`` is not a string.

        """
        if not isinstance(token, str):
            raise TypeError(f"token must be a str, got {got(token)}")
        given = token.encode("utf-8", "surrogatepass")
        found = -1
        with self._lock:
            for seat, secret in self._tokens.items():
                if hmac.compare_digest(given, secret.encode()):
                    found = seat
        if found < 0:
            raise PochaError(say("token_unknown"))
        return found

    def _seat(self, token: str | None) -> int | None:
        return None if token is None else self.seat_of(token)

    # --- moves -------------------------------------------------------------

    def play(self, token: str, move: Any) -> int:
        """Make ``move`` for the token's seat, then let the bots play until a
        person is to move or the game ends; the number of moves made at the
        table so far (for :meth:`events`).

        Args:
            token: The seat's token.
            move: The move, or its text (``"bid 2"``, ``"play 12o"``; in
                Poch ``"open 2"``, ``"play qc"``).

        Raises:
            PochaError: The token is not a seat's token.
            ParseError: The text is not a move.
            IllegalMoveError: The move is illegal for that seat now
                (:class:`~pocha_rules.OutOfTurnError` when it is not the
                seat's turn); the game is left as it was.
            TypeError: ``move`` is neither a move nor a string.

        """
        with self._lock:
            seat = self.seat_of(token)
            if isinstance(move, str):
                move = self._game.parse_move(move, self.rules)
            before = self._state
            after = self._apply(before, move, seat)
            self._steps.append(Step(before, move, after))
            self._state = after
            self._bots_move()
            return len(self._steps)

    def _bots_move(self) -> None:
        state = self._state
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            bot = self._bots.get(seat)
            if bot is None:
                break
            move = bot.act(self._game.observe(state, seat))
            after = self._apply(state, move, seat)
            self._steps.append(Step(state, move, after))
            state = after
        self._state = state

    def steps(self, since: int = 0) -> tuple[Step, ...]:
        """Every move made at the table after the first ``since``, with the
        states on either side (hidden cards included: for the server only,
        such as to write each move down as it is made).

        Raises:
            PochaError: ``since`` is not from 0 to :attr:`moves`.
            TypeError: ``since`` is not an int.

        """
        with self._lock:
            self._check_since(since)
            return tuple(self._steps[since:])

    def _check_since(self, since: object) -> None:
        if type(since) is not int:
            raise TypeError(f"since must be an int, got {got(since)}")
        if not 0 <= since <= len(self._steps):
            high = len(self._steps)
            raise PochaError(say("since_out_of_range", high=high, got=shown(since)))

    # --- what each seat may know --------------------------------------------

    def view(self, token: str | None = None) -> dict[str, object]:
        """The compact view of the token's seat now (JSON data), or a
        spectator's without a token.

        Raises:
            PochaError: The token is not a seat's token.

        """
        with self._lock:
            return self._compact(self._state, self._seat(token))

    def snapshot(self, token: str | None = None) -> tuple[int, dict[str, object]]:
        """The compact view of the token's seat (or a spectator's) with the
        number of moves it follows: :meth:`events` from that number brings
        it up to date later."""
        with self._lock:
            return len(self._steps), self._compact(self._state, self._seat(token))

    def events(self, token: str | None = None, since: int = 0) -> list[dict[str, object]]:
        """The events of every move after the first ``since`` moves of the
        table, as the token's seat (or a spectator) may be told them
        (:func:`~pocha_rules.compact.seat_events`).

        Raises:
            PochaError: The token is not a seat's token, or ``since`` is not
                from 0 to :attr:`moves`.

        """
        with self._lock:
            seat = self._seat(token)
            self._check_since(since)
            out: list[dict[str, object]] = []
            for step in self._steps[since:]:
                out += self._events(step.before, step.move, step.after, seat)
            return out

    # --- save and load -------------------------------------------------------

    def save(self) -> str:
        """The game so far as its JSON record (every card: the server's to keep)."""
        with self._lock:
            return self._game.to_record(self._state)

    @classmethod
    def load(cls, text: str, *, bots: Mapping[int, Any] | None = None) -> Table:
        """A table going on with the game of the JSON record ``text`` (of
        Pocha or of Poch, replayed and checked), with ``bots`` in their
        seats; people sit down again.

        Raises:
            InvalidRecordError: The record is malformed or does not replay.
            TypeError: ``text`` is not a string.

        """
        if not isinstance(text, str):
            raise TypeError(f"text must be a str of JSON, got {got(text)}")
        try:
            kind = json.loads(text).get("format")
        except (ValueError, AttributeError):
            kind = None
        name = _FORMATS.get(kind, "pocha") if isinstance(kind, str) else "pocha"
        return cls(state=games.get(name).from_record(text), bots=bots)
