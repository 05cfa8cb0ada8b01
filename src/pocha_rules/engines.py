"""The engine protocol: bots in any language play through JSON lines on
their standard input and output.

An *engine* is a program that reads one JSON object per line on its
standard input and answers, when asked for a move, one JSON object per line
on its standard output. The exchange for one game (``>`` is what the engine
is sent, ``<`` what it answers):

.. code-block:: text

    > {"type": "hello", "protocol": "pocha-engine", "version": 1}
    < {"type": "ready", "name": "my engine"}
    > {"type": "game", "rules": {...}, "seat": 2, "seed": 8141}
    > {"type": "events", "events": [...]}               (what the moves caused)
    > {"type": "turn", "view": {...}}                   (its seat's view)
    < {"type": "move", "move": "bid 1"}                 (or {"type": "move", "action": 41})
    ...
    > {"type": "quit"}

- ``hello``: the first line; the engine answers ``ready`` (its ``name`` is
  optional).
- ``game``: a new game begins, with the rules (every option, as in a game
  record) and the engine's seat. ``seed`` may seed the engine's own
  randomness.
- ``events``: what each move caused (:mod:`pocha_rules.events`), as the
  moves are made; every event is public, so the engine learns the other
  seats' moves, the tricks and the rounds' scores.
- ``turn``: the seat's view (:meth:`~pocha_rules.PlayerView.to_dict`, with
  its legal moves as text and as action ids); the engine answers ``move``
  with one of them, as text (``"12o"``, ``"bid 2"``, ``"pass"``) or as an
  action id (:mod:`pocha_rules.actions`).
- ``quit``: the game is over (or abandoned); the engine exits.

An engine is sent only what its seat may see: its view, and public events.
Lines the engine writes that are not JSON objects are refused; it may write
anything to its standard error (the arena does not read it).

Faults. An engine whose process ends (``crash``), that does not answer a
turn within the time limit (``timeout``, 10 seconds by default), or whose
answer is not a move (``garbage``) raises :class:`~pocha_rules.referee.BotFault`,
and the referee (:mod:`pocha_rules.referee`) makes it forfeit the game; the
next game starts a fresh process.

:class:`Engine` is a bot factory (for matches and tournaments): each game
gets a fresh :class:`EngineBot`, which starts the program at its first
turn. :func:`serve` is the other side: it runs any :class:`~pocha_rules.Bot`
as an engine (``pocha engine heuristic``).
"""

from __future__ import annotations

import contextlib
import json
import queue
import shlex
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from typing import IO, Any, Final

from pocha_rules._common.errors import PochaError, say
from pocha_rules._common.text import got
from pocha_rules._pocha.moves import Move, parse_move
from pocha_rules.actions import action_to_move
from pocha_rules.bots import Bot
from pocha_rules.events import Event
from pocha_rules.referee import BotFault
from pocha_rules.views import PlayerView

__all__ = [
    "PROTOCOL",
    "PROTOCOL_VERSION",
    "Engine",
    "EngineBot",
    "events_message",
    "game_message",
    "serve",
    "turn_message",
]

PROTOCOL: Final = "pocha-engine"
"""The protocol's name, in the ``hello`` message."""
PROTOCOL_VERSION: Final = 1
"""The protocol's version, in the ``hello`` message."""

DEFAULT_TIME_LIMIT: Final = 10.0
_START_LIMIT: Final = 20.0
_QUIT_GRACE: Final = 1.0
_MAX_LINE: Final = 1 << 20


def _command(command: str | Sequence[str]) -> list[str]:
    if isinstance(command, str):
        parts = shlex.split(command)
    elif isinstance(command, Sequence) and all(isinstance(part, str) for part in command):
        parts = list(command)
    else:
        raise TypeError(f"command must be a str or a sequence of str, got {got(command)}")
    if not parts:
        raise PochaError(say("engine_command_empty"))
    return parts


def turn_message(view: PlayerView) -> dict[str, Any]:
    """The ``turn`` message for ``view``: all an engine is told of the
    state at its turn."""
    return {"type": "turn", "view": view.to_dict()}


def events_message(events: Sequence[Event]) -> dict[str, Any]:
    """The ``events`` message for ``events`` (public facts only)."""
    return {"type": "events", "events": [event.to_dict() for event in events]}


def game_message(view: PlayerView, seed: int) -> dict[str, Any]:
    """The ``game`` message: the rules, the engine's seat and a seed."""
    return {"type": "game", "rules": view.to_dict()["rules"], "seat": view.seat, "seed": seed}


class EngineBot:
    """A bot played by an engine program (see the module's notes).

    Args:
        command: The program and its arguments, as a list or as one string
            split as a shell would (``"node engine.js"``).
        time_limit: Seconds the engine has for each move.
        seed: Sent to the engine with each game.
        name: The engine's name in messages (by default the command).
        start_limit: Seconds the program has to start and answer ``hello``.

    Raises:
        TypeError: An argument is not of the expected type.
        PochaError: The command is empty or the time limit not positive.

    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        time_limit: float = DEFAULT_TIME_LIMIT,
        seed: int = 0,
        name: str | None = None,
        start_limit: float = _START_LIMIT,
    ) -> None:
        self.command = _command(command)
        if isinstance(time_limit, bool) or not isinstance(time_limit, int | float):
            raise TypeError(f"time_limit must be a number of seconds, got {got(time_limit)}")
        if not time_limit > 0:
            raise PochaError(say("time_limit_not_positive", got=time_limit))
        self.time_limit = float(time_limit)
        self.start_limit = float(start_limit)
        self.seed = seed
        self.name = name or " ".join(self.command)
        self.engine_name: str | None = None
        self._process: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._events: list[Event] = []

    def __repr__(self) -> str:
        return f"EngineBot({self.command!r}, time_limit={self.time_limit!r})"

    # The process.

    def _start(self, view: PlayerView) -> None:
        try:
            self._process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                encoding="utf-8",
                bufsize=1,
            )
        except OSError as error:
            raise BotFault("crash", f"cannot start {self.name!r}: {error}") from None
        stdout = self._process.stdout
        assert stdout is not None
        threading.Thread(target=self._read, args=(stdout,), daemon=True).start()
        self._send({"type": "hello", "protocol": PROTOCOL, "version": PROTOCOL_VERSION})
        ready = self._receive(self.start_limit, "hello")
        if ready.get("type") != "ready":
            raise BotFault("garbage", f"answered hello with {_short(ready)}, not ready")
        name = ready.get("name")
        self.engine_name = name if isinstance(name, str) else None
        self._send(game_message(view, self.seed))

    def _read(self, stdout: IO[str]) -> None:
        try:
            for line in stdout:
                self._lines.put(line)
        except (OSError, ValueError):
            pass
        self._lines.put(None)

    def _send(self, message: dict[str, Any]) -> None:
        process = self._process
        assert process is not None
        assert process.stdin is not None
        try:
            process.stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
            process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise BotFault("crash", self._ended()) from None

    def _ended(self) -> str:
        process = self._process
        status = None if process is None else process.poll()
        if status is None and process is not None:
            try:
                status = process.wait(timeout=0.5)
            except subprocess.TimeoutExpired:
                return "its process stopped reading"
        return f"its process ended (exit status {status})"

    def _receive(self, seconds: float, what: str) -> dict[str, Any]:
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            try:
                line = self._lines.get(timeout=max(left, 0.0))
            except queue.Empty:
                self._kill()
                raise BotFault(
                    "timeout", f"no answer to {what} within {seconds:g} seconds"
                ) from None
            if line is None:
                raise BotFault("crash", self._ended())
            if not line.strip():
                continue
            if len(line) > _MAX_LINE:
                raise BotFault("garbage", f"answered {what} with a line of {len(line)} characters")
            try:
                message = json.loads(line)
            except json.JSONDecodeError:
                raise BotFault(
                    "garbage", f"answered {what} with {_short(line.strip())}, which is not JSON"
                ) from None
            if not isinstance(message, dict):
                raise BotFault("garbage", f"answered {what} with {_short(message)}, not an object")
            return message

    def _kill(self) -> None:
        process = self._process
        if process is not None and process.poll() is None:
            process.kill()
            process.wait()

    # The bot.

    def notify(self, events: Sequence[Event]) -> None:
        """Keep what a move caused, to send before the next turn."""
        self._events.extend(events)

    def act(self, view: PlayerView) -> Move:
        """Send the view, and read the engine's move.

        Raises:
            BotFault: The engine crashed, hung or answered garbage.

        """
        if not isinstance(view, PlayerView):
            raise TypeError(f"view must be a PlayerView, got {got(view)}")
        if self._process is None:
            self._start(view)
        self._flush_events()
        self._send(turn_message(view))
        answer = self._receive(self.time_limit, "its turn")
        return self._move(view, answer)

    def _flush_events(self) -> None:
        if self._events:
            events, self._events = self._events, []
            self._send(events_message(events))

    def _move(self, view: PlayerView, answer: dict[str, Any]) -> Move:
        if answer.get("type") != "move":
            raise BotFault("garbage", f"answered its turn with {_short(answer)}, not a move")
        if "move" in answer:
            text = answer["move"]
            if not isinstance(text, str):
                raise BotFault("garbage", f"answered the move {_short(text)}, not a text")
            try:
                return parse_move(text)
            except PochaError:
                raise BotFault(
                    "garbage", f"answered {_short(text)}, which is not a move"
                ) from None
        if "action" in answer:
            action = answer["action"]
            if type(action) is not int:
                raise BotFault("garbage", f"answered the action {_short(action)}, not an id")
            try:
                return action_to_move(view.rules, action)
            except PochaError:
                raise BotFault("garbage", f"answered action {action}, which is no move") from None
        raise BotFault("garbage", "answered a move with neither 'move' nor 'action'")

    def close(self) -> None:
        """Tell the engine the game is over, and end its process."""
        process = self._process
        if process is None:
            return
        try:
            if process.poll() is None:
                try:
                    self._flush_events()
                    self._send({"type": "quit"})
                except BotFault:
                    pass
                try:
                    process.wait(timeout=_QUIT_GRACE)
                except subprocess.TimeoutExpired:
                    self._kill()
        finally:
            for stream in (process.stdin, process.stdout):
                if stream is not None:
                    with contextlib.suppress(OSError):
                        stream.close()
            self._process = None


def _short(value: object) -> str:
    text = value if isinstance(value, str) else json.dumps(value, default=repr)
    text = repr(text) if isinstance(value, str) else text
    return text if len(text) <= 60 else text[:57] + "..."


class Engine:
    """A bot factory for an engine program: each game gets a fresh
    :class:`EngineBot` (a fresh process). It pickles, so matches and
    tournaments can spread engines over worker processes.

    Args:
        command: The program and its arguments (see :class:`EngineBot`).
        time_limit: Seconds the engine has for each move.
        name: The engine's name in messages.

    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        time_limit: float = DEFAULT_TIME_LIMIT,
        name: str | None = None,
    ) -> None:
        EngineBot(command, time_limit=time_limit)  # checks the arguments
        self.command = _command(command)
        self.time_limit = time_limit
        self.name = name

    def __call__(self, *, seed: int) -> EngineBot:
        return EngineBot(self.command, time_limit=self.time_limit, seed=seed, name=self.name)

    def __repr__(self) -> str:
        return f"Engine({self.command!r}, time_limit={self.time_limit!r})"


def serve(
    factory: Callable[..., Bot],
    stdin: IO[str],
    stdout: IO[str],
    *,
    name: str = "pocha-rules bot",
) -> int:
    """Run the bot ``factory(seed=...)`` makes as an engine: read the
    protocol's messages from ``stdin`` and answer on ``stdout``, until
    ``quit`` or the end of the input. Returns 0, or 1 after a message it
    cannot read (which it reports on ``stdout`` as
    ``{"type": "error", "message": ...}``).
    """
    bot: Bot | None = None

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
                answer({"type": "ready", "name": name})
            elif kind == "game":
                seed = message.get("seed", 0)
                bot = factory(seed=seed if type(seed) is int else 0)
            elif kind == "events":
                notify = getattr(bot, "notify", None)
                if callable(notify):
                    notify(message.get("events", []))
            elif kind == "turn":
                if bot is None:
                    raise PochaError(say("engine_turn_before_game"))
                view = PlayerView.from_dict(message.get("view"))
                answer({"type": "move", "move": str(bot.act(view))})
            elif kind == "quit":
                return 0
            else:
                raise PochaError(say("engine_message_unknown", got=_short(kind)))
        except (PochaError, json.JSONDecodeError) as error:
            answer({"type": "error", "message": str(error)})
            return 1
        except Exception as error:  # the bot's own bug: say it, and stop
            answer({"type": "error", "message": f"the bot raised {type(error).__name__}: {error}"})
            return 1
    return 0
