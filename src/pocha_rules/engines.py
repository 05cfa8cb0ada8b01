"""The engine protocol: bots in any language play through JSON lines on
their standard input and output.

An *engine* is a program that reads one JSON object per line on its
standard input and answers, when asked for a move, one JSON object per line
on its standard output. The exchange for one game in version 2 (``>`` is
what the engine is sent, ``<`` what it answers):

.. code-block:: text

    > {"type": "hello", "protocol": "pocha-engine", "version": 1, "versions": [1, 2]}
    < {"type": "ready", "name": "my engine", "version": 2}
    > {"type": "game", "game": "pocha", "rules": {...}, "seat": 2, "seed": "8141...", ...}
    > {"type": "turn", "turn": 1, "events": [...], "view": {...}}   (the round's view)
    < {"type": "move", "turn": 1, "move": "bid 1"}         (or "action": 41)
    ...
    > {"type": "quit", "events": [...]}

An engine that answers ``ready`` without ``"version": 2`` speaks version 1:
its ``turn`` carries the whole view of the game, and the events come in an
``events`` message of their own before it. docs/arena.md describes every
message and field.

An engine is sent only what its seat may see: its view, and public events.
Faults (a process that ends, a turn not answered within the time limit, an
answer that is not a move) raise :class:`~pocha_rules.referee.BotFault`,
and the referee (:mod:`pocha_rules.referee`) makes the engine forfeit the
game; the next game starts a fresh process. Every engine runs in a
process group of its own, and the whole group is ended with its game.

:class:`Engine` is a bot factory (for matches and tournaments): each game
gets a fresh :class:`EngineBot`, which starts the program at its first
turn; :meth:`Engine.check` starts it once to see that it answers ``hello``.
:func:`serve` is the other side: it runs any :class:`~pocha_rules.Bot` as
an engine (``pocha engine heuristic``).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Any, Final

from pocha_rules._arena_games import door_named, game_door
from pocha_rules._common.errors import PochaError, say
from pocha_rules._common.text import got
from pocha_rules._engine_process import MAX_LINE as _MAX_LINE
from pocha_rules._engine_process import EngineProcess, PipeFault
from pocha_rules.bots import Bot
from pocha_rules.referee import BotFault

__all__ = [
    "MAX_LINE",
    "PROTOCOL",
    "PROTOCOL_VERSION",
    "PROTOCOL_VERSIONS",
    "Engine",
    "EngineBot",
    "EngineSetupError",
    "events_message",
    "game_message",
    "serve",
    "turn_message",
]

PROTOCOL: Final = "pocha-engine"
"""The protocol's name, in the ``hello`` message."""
PROTOCOL_VERSION: Final = 2
"""The newest version of the protocol."""
PROTOCOL_VERSIONS: Final = (1, 2)
"""Every version the arena speaks, in the ``hello`` message."""
MAX_LINE: Final = _MAX_LINE
"""The longest line an engine may write, in bytes (1 MiB): a longer one is
refused as it is read, and the engine forfeits its game."""

DEFAULT_TIME_LIMIT: Final = 10.0
"""Seconds an engine has for each move, by default."""
DEFAULT_START_LIMIT: Final = 10.0
"""Seconds an engine has to start and answer ``hello``, by default (or its
time limit for a move, if that is longer)."""
QUIT_GRACE: Final = 1.0
"""Seconds an engine has to exit after ``quit`` before its process group is
ended."""
_SAFE_INTEGER: Final = 2**53 - 1  # JavaScript's largest exact integer


class EngineSetupError(PochaError):
    """An engine cannot play at all: its program does not start, or does not
    answer ``hello`` with ``ready`` in time (see :meth:`Engine.check`)."""


def _command(command: str | Sequence[str]) -> list[str]:
    import shlex

    if isinstance(command, str):
        parts = shlex.split(command)
    elif isinstance(command, Sequence) and all(isinstance(part, str) for part in command):
        parts = list(command)
    else:
        raise TypeError(f"command must be a str or a sequence of str, got {got(command)}")
    if not parts:
        raise PochaError(say("engine_command_empty"))
    return parts


def _seconds(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{name} must be a number of seconds, got {got(value)}")
    if not 0 < value < float("inf"):
        raise PochaError(say("time_limit_not_positive", got=value))
    return float(value)


def _seed_value(seed: int, version: int) -> int | str:
    """The seed as version ``version`` sends it: as text when JavaScript's
    numbers cannot hold it exactly (version 2)."""
    return str(seed) if version >= 2 and abs(seed) > _SAFE_INTEGER else seed


def turn_message(view: Any, *, turn: int | None = None) -> dict[str, Any]:
    """The version 1 ``turn`` message for ``view`` (a Pocha or Poch
    :class:`PlayerView`): all an engine is told of the state at its turn."""
    message: dict[str, Any] = {"type": "turn", "view": game_door(view.rules).view_dict(view)}
    if turn is not None:
        message["turn"] = turn
    return message


def events_message(events: Sequence[Any]) -> dict[str, Any]:
    """The version 1 ``events`` message for ``events`` (public facts only)."""
    return {"type": "events", "events": [event.to_dict() for event in events]}


def game_message(
    view: Any, seed: int, *, version: int = 1, time_limit: float | None = None
) -> dict[str, Any]:
    """The ``game`` message: the game, its rules, the engine's seat, a seed
    and (if given) the time limit for each move."""
    door = game_door(view.rules)
    message: dict[str, Any] = {
        "type": "game",
        "game": door.name,
        "rules": door.rules_dict(view.rules),
        "seat": view.seat,
        "seed": _seed_value(seed, version),
    }
    if time_limit is not None:
        message["time_limit"] = time_limit
    return message


def _dumps(message: dict[str, Any]) -> bytes:
    return (json.dumps(message, separators=(",", ":")) + "\n").encode()


class EngineBot:
    """A bot played by an engine program (see the module's notes), for a
    game of Pocha or of Poch (its first view says which). Once started,
    ``version`` is the protocol version agreed, ``engine_name`` the name the
    engine gave, and ``full_views`` whether it asked for whole views.

    Args:
        command: The program and its arguments, as a list or as one string
            split as a shell would (``"node engine.js"``).
        time_limit: Seconds the engine has for each move (writing the turn
            to it and reading its answer).
        seed: Sent to the engine with each game.
        name: The engine's name in messages (by default the command).
        start_limit: Seconds the program has to start and answer ``hello``
            (by default 10, or ``time_limit`` if longer).
        log: A file the program's standard error is appended to (by
            default it goes to the arena's own standard error).

    Raises:
        TypeError: An argument is not of the expected type.
        PochaError: The command is empty or a limit not positive.

    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        time_limit: float = DEFAULT_TIME_LIMIT,
        seed: int = 0,
        name: str | None = None,
        start_limit: float | None = None,
        log: str | os.PathLike[str] | None = None,
    ) -> None:
        self.command = _command(command)
        self.time_limit = _seconds(time_limit, "time_limit")
        self.start_limit = (
            max(DEFAULT_START_LIMIT, self.time_limit)
            if start_limit is None
            else _seconds(start_limit, "start_limit")
        )
        if type(seed) is not int:
            raise TypeError(f"seed must be an int, got {got(seed)}")
        self.seed = seed
        self.name = name or " ".join(self.command)
        self.log = None if log is None else os.fspath(log)
        self.engine_name: str | None = None  # the name it gave in ``ready``
        self.version = 1  # the protocol version agreed in ``hello``/``ready``
        self.full_views = False  # whether ``ready`` asked for whole views
        self._process: EngineProcess | None = None
        self._events: list[Any] = []
        self._turn = 0

    def __repr__(self) -> str:
        return f"EngineBot({self.command!r}, time_limit={self.time_limit!r})"

    # The process.

    def _launch(self) -> EngineProcess:
        try:
            if self.log is None:
                return EngineProcess(self.command)
            with open(self.log, "ab") as log:
                return EngineProcess(self.command, log)
        except OSError as error:
            raise BotFault("crash", f"cannot start {self.name!r}: {error}") from None

    def hello(self) -> None:
        """Start the program and agree on the protocol (``hello``/``ready``).

        Raises:
            BotFault: The program cannot start, or does not answer ``ready``
                within the start limit.

        """
        self._process = self._launch()
        deadline = time.monotonic() + self.start_limit
        versions = list(PROTOCOL_VERSIONS)
        self._send({"type": "hello", "protocol": PROTOCOL, "version": 1, "versions": versions})
        ready = self._receive(deadline, "hello")
        if ready.get("type") != "ready":
            raise BotFault("garbage", f"answered hello with {_short(ready)}, not ready")
        name = ready.get("name")
        self.engine_name = name if isinstance(name, str) else None
        version = ready.get("version", 1)
        if type(version) is not int or version not in PROTOCOL_VERSIONS:
            raise BotFault("garbage", f"asked for protocol version {_short(version)}")
        self.version = version
        self.full_views = ready.get("view") == "full"

    def _start(self, view: Any) -> None:
        self.hello()
        self._send(game_message(view, self.seed, version=self.version, time_limit=self.time_limit))

    def _send(self, message: dict[str, Any], deadline: float | None = None) -> None:
        process = self._process
        assert process is not None
        if deadline is None:
            deadline = time.monotonic() + self.time_limit
        try:
            process.write(_dumps(message), deadline)
        except PipeFault as fault:
            self._end()
            limit = f" for {self.time_limit:g} seconds" if fault.kind == "timeout" else ""
            raise BotFault(fault.kind, fault.reason + limit) from None

    def _receive(self, deadline: float, what: str) -> dict[str, Any]:
        process = self._process
        assert process is not None
        try:
            line = process.read_line(deadline)
        except PipeFault as fault:
            self._end()
            if fault.kind == "timeout":
                limit = self.start_limit if what == "hello" else self.time_limit
                raise BotFault(
                    "timeout", f"no answer to {what} within {limit:g} seconds"
                ) from None
            raise BotFault(fault.kind, fault.reason) from None
        return _message(line, what)

    def _end(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process = None

    # The bot.

    def notify(self, events: Sequence[Any]) -> None:
        """Keep what a move caused, to send before the next turn."""
        self._events.extend(events)

    def act(self, view: Any) -> Any:
        """Send the view, and read the engine's move.

        Raises:
            BotFault: The engine crashed, hung or answered garbage.

        """
        try:
            door = game_door(getattr(view, "rules", None))
        except TypeError:
            door = None
        if door is None or not isinstance(view, door.game.view_type):
            raise TypeError(f"view must be a PlayerView, got {got(view)}")
        if self._process is None:
            self._start(view)
        process = self._process
        assert process is not None
        try:
            stray = process.pending()
        except PipeFault as fault:
            self._end()
            raise BotFault(fault.kind, fault.reason) from None
        if stray is not None:
            self._end()
            raise BotFault("garbage", f"wrote {_short(_text(stray))} when no turn was waiting")
        deadline = time.monotonic() + self.time_limit
        self._turn += 1
        turn = self._turn
        events, self._events = self._events, []
        if self.version == 1:
            if events:
                self._send(events_message(events), deadline)
            self._send(turn_message(view, turn=turn), deadline)
        else:
            shown = door.view_dict(view) if self.full_views else door.round_view(view)
            message = {
                "type": "turn",
                "turn": turn,
                "events": [event.to_dict() for event in events],
                "view": shown,
            }
            self._send(message, deadline)
        while True:
            answer = self._receive(deadline, "its turn")
            if self.version >= 2 and answer.get("type") == "view":
                self._check_turn(answer, turn)
                self._send({"type": "view", "turn": turn, "view": door.view_dict(view)}, deadline)
                continue
            self._check_turn(answer, turn)
            return self._move(door, view, answer)

    def _check_turn(self, answer: dict[str, Any], turn: int) -> None:
        """An answer must name the turn it answers (version 2) or, if it
        names one, the turn that is waiting."""
        if "turn" not in answer and self.version == 1:
            return
        number = answer.get("turn")
        if number != turn or type(number) is not int:
            self._end()
            raise BotFault("garbage", f"answered turn {_short(number)}, not turn {turn}")

    def _move(self, door: Any, view: Any, answer: dict[str, Any]) -> Any:
        kind = answer.get("type")
        if kind == "error":
            raise BotFault("garbage", f"reported an error: {_short(answer.get('message'))}")
        if kind != "move":
            raise BotFault("garbage", f"answered its turn with {_short(answer)}, not a move")
        if "move" in answer:
            text = answer["move"]
            if not isinstance(text, str):
                raise BotFault("garbage", f"answered the move {_short(text)}, not a text")
            try:
                return door.parse_move(text)
            except PochaError:
                raise BotFault(
                    "garbage", f"answered {_short(text)}, which is not a move"
                ) from None
        if "action" in answer:
            action = answer["action"]
            if type(action) is not int:
                raise BotFault("garbage", f"answered the action {_short(action)}, not an id")
            try:
                return door.game.action_to_move(view.rules, action)
            except PochaError:
                raise BotFault("garbage", f"answered action {action}, which is no move") from None
        raise BotFault("garbage", "answered a move with neither 'move' nor 'action'")

    def close(self) -> None:
        """Tell the engine the game is over, and end its process group."""
        process = self._process
        if process is None:
            return
        self._process = process  # _send needs it while quitting
        deadline = time.monotonic() + QUIT_GRACE
        events, self._events = self._events, []
        try:
            if self.version == 1:
                if events:
                    process.write(_dumps(events_message(events)), deadline)
                process.write(_dumps({"type": "quit"}), deadline)
            else:
                quit_message = {"type": "quit", "events": [event.to_dict() for event in events]}
                process.write(_dumps(quit_message), deadline)
        except PipeFault:
            pass
        try:
            process.close(max(deadline - time.monotonic(), 0.0))
        finally:
            self._process = None


def _text(line: bytes) -> str:
    return line.decode("utf-8", errors="backslashreplace")


def _message(line: bytes, what: str) -> dict[str, Any]:
    """The JSON object on ``line``; a ``garbage`` fault for anything else
    (text that is not UTF-8, not JSON, a number too long to read, nesting
    too deep, or a value that is not an object)."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        raise BotFault(
            "garbage", f"answered {what} with {_short(_text(line))}, not UTF-8"
        ) from None
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):  # JSONDecodeError, long numbers, deep nesting
        raise BotFault(
            "garbage", f"answered {what} with {_short(text.strip())}, which is not JSON"
        ) from None
    if not isinstance(message, dict):
        raise BotFault("garbage", f"answered {what} with {_short(text.strip())}, not an object")
    return message


def _short(value: object) -> str:
    if isinstance(value, str):
        text = repr(value if len(value) <= 80 else value[:80])
    else:
        try:
            text = json.dumps(value, default=repr)
        except (ValueError, RecursionError):
            text = "a value too large to show"
    return text if len(text) <= 60 else text[:57] + "..."


class Engine:
    """A bot factory for an engine program: each game gets a fresh
    :class:`EngineBot` (a fresh process). It pickles, so matches and
    tournaments can spread engines over worker processes.

    Args:
        command: The program and its arguments (see :class:`EngineBot`).
        time_limit: Seconds the engine has for each move.
        name: The engine's name in messages.
        start_limit: Seconds it has to start and answer ``hello``.
        log: A file its standard error is appended to.

    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        time_limit: float = DEFAULT_TIME_LIMIT,
        name: str | None = None,
        start_limit: float | None = None,
        log: str | os.PathLike[str] | None = None,
    ) -> None:
        checked = EngineBot(command, time_limit=time_limit, start_limit=start_limit, log=log)
        self.command = checked.command
        self.time_limit = checked.time_limit
        self.start_limit = checked.start_limit
        self.name = name
        self.log = checked.log

    def __call__(self, *, seed: int) -> EngineBot:
        return EngineBot(
            self.command,
            time_limit=self.time_limit,
            seed=seed,
            name=self.name,
            start_limit=self.start_limit,
            log=self.log,
        )

    def __repr__(self) -> str:
        return f"Engine({self.command!r}, time_limit={self.time_limit!r})"

    def check(self) -> EngineBot:
        """Start the program once, see that it answers ``hello`` with
        ``ready``, and end it; the bot that did (its ``version`` and
        ``engine_name`` say what it answered).

        Raises:
            EngineSetupError: The program cannot start or does not answer
                ``ready`` within the start limit; the error says why.

        """
        bot = self(seed=0)
        try:
            bot.hello()
        except BotFault as fault:
            who = self.name or " ".join(self.command)
            raise EngineSetupError(
                say("engine_setup", name=repr(who), reason=fault.reason)
            ) from None
        finally:
            bot.close()
        return bot


def serve(
    factory: Callable[..., Any] | Mapping[str, Callable[..., Any]],
    stdin: IO[str],
    stdout: IO[str],
    *,
    name: str = "pocha-rules bot",
) -> int:
    """Run the bot ``factory(seed=...)`` makes as an engine: read the
    protocol's messages from ``stdin`` and answer on ``stdout``, until
    ``quit`` or the end of the input. It speaks version 2 when offered,
    asking for the whole view at every turn (a Python bot plays from a
    :class:`~pocha_rules.PlayerView` of Pocha, or a
    :class:`pocha_rules.poch.PlayerView`), and plays Pocha or Poch as the
    ``game`` message says: ``factory`` is one factory for either game, or
    a factory for each game by name (``{"pocha": ..., "poch": ...}``).
    Returns 0, or 1 after a message it cannot read or a game it has no bot
    for (which it reports on ``stdout`` as ``{"type": "error", "message":
    ...}``).
    """
    bot: Bot | None = None
    door: Any = None
    version = 1

    def answer(message: dict[str, Any]) -> None:
        stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
        stdout.flush()

    for line in stdin:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
            if not isinstance(message, dict):
                raise PochaError(say("engine_message_not_object", got=_short(message)))
            kind = message.get("type")
            if kind == "hello":
                offered = message.get("versions", [message.get("version", 1)])
                version = 2 if isinstance(offered, list) and 2 in offered else 1
                ready: dict[str, Any] = {"type": "ready", "name": name}
                if version == 2:
                    ready.update(version=2, view="full")
                answer(ready)
            elif kind == "game":
                seed = message.get("seed", 0)
                if isinstance(seed, str) and seed.lstrip("-").isdigit() and len(seed) < 30:
                    seed = int(seed)
                door = door_named(message.get("game", "pocha"))
                make = factory.get(door.name) if isinstance(factory, Mapping) else factory
                if make is None:
                    raise PochaError(say("engine_no_bot_for_game", game=door.name))
                bot = make(seed=seed if type(seed) is int else 0)
            elif kind in ("events", "quit"):
                notify = getattr(bot, "notify", None)
                if callable(notify) and message.get("events"):
                    notify(message["events"])
                if kind == "quit":
                    return 0
            elif kind == "turn":
                if bot is None or door is None:
                    raise PochaError(say("engine_turn_before_game"))
                notify = getattr(bot, "notify", None)
                if version == 2 and callable(notify) and message.get("events"):
                    notify(message["events"])
                view = door.view_from_dict(message.get("view"))
                reply: dict[str, Any] = {"type": "move", "move": str(bot.act(view))}
                if "turn" in message:
                    reply["turn"] = message["turn"]
                answer(reply)
            else:
                raise PochaError(say("engine_message_unknown", got=_short(kind)))
        except (PochaError, ValueError) as error:
            answer({"type": "error", "message": str(error)})
            return 1
        except Exception as error:  # the bot's own bug: say it, and stop
            answer({"type": "error", "message": f"the bot raised {type(error).__name__}: {error}"})
            return 1
    return 0
