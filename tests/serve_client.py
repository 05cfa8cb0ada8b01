"""A client of ``pocha serve`` for the tests: a real server process, and a
websocket client that keeps its seat's view current from the events (it
needs the serve extra's websockets, imported when a client connects)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pocha_rules.compact import update_view

if TYPE_CHECKING:
    from websockets.sync.client import ClientConnection


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """``pocha serve`` in a process of its own, on a free port."""

    def __init__(self, db: Path, log: Path) -> None:
        self.db = db
        self.log = log
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        """Start the server and wait until it answers."""
        command = [sys.executable, "-m", "pocha_rules", "serve"]
        command += ["--port", str(self.port), "--db", str(self.db)]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.log.read_text()}")
            try:
                with urllib.request.urlopen(self.base + "/", timeout=2):
                    return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"the server did not start: {self.log.read_text()}")

    def kill(self) -> None:
        """SIGKILL: the server has no chance to write anything more."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        """Stop the server as Ctrl-C does."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)

    def post(self, path: str, body: bytes | str) -> tuple[int, Any]:
        """POST ``body``; the status and the JSON answer."""
        data = body.encode() if isinstance(body, str) else body
        request = urllib.request.Request(self.base + path, data=data, method="POST")
        return self._open(request)

    def get(self, path: str) -> tuple[int, Any]:
        """GET; the status and the JSON answer."""
        return self._open(urllib.request.Request(self.base + path))

    @staticmethod
    def _open(request: urllib.request.Request) -> tuple[int, Any]:
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    def table(self, **settings: Any) -> dict[str, Any]:
        """A new table; the server's answer (its links)."""
        status, answer = self.post("/api/tables", json.dumps(settings))
        assert status == 201, answer
        assert isinstance(answer, dict)
        return answer


def token_of(link: str) -> str:
    """The token in a seat's link."""
    return link.split("#token=", 1)[1]


class Client:
    """One browser's websocket: its seat's view, kept current from the events."""

    def __init__(
        self, server: Server, tid: str, token: str | None = None, lang: str = "en"
    ) -> None:
        from websockets.sync.client import connect  # the serve extra's

        opened = connect(f"ws://127.0.0.1:{server.port}/ws/{tid}", max_size=None, open_timeout=10)
        self.ws: ClientConnection = opened.__enter__()  # closed by close()
        self.raw: list[str] = []
        self.view: dict[str, Any] = {}
        self.moves = -1
        self.seat: int | None = None
        self.presence: dict[str, Any] = {}
        self.ref = 0
        hello: dict[str, Any] = {"type": "hello", "lang": lang}
        if token is not None:
            hello["token"] = token
        self.ws.send(json.dumps(hello))
        self.first = self.receive()

    def receive(self, timeout: float = 10) -> dict[str, Any]:
        """The next message, applied to the view."""
        text = self.ws.recv(timeout)
        assert isinstance(text, str)
        self.raw.append(text)
        message: dict[str, Any] = json.loads(text)
        kind = message["type"]
        if kind == "welcome":
            self.view, self.moves, self.seat = message["view"], message["moves"], message["seat"]
        elif kind == "events":
            self.view = update_view(self.view, message["events"])
            self.moves = message["moves"]
        elif kind == "presence":
            self.presence = message
        return message

    def send(self, message: dict[str, Any] | str) -> None:
        """Send a message (a dict as JSON)."""
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def answer(self, ref: object) -> dict[str, Any]:
        """Read until the ack or the error of ``ref``."""
        while True:
            message = self.receive()
            if message["type"] in ("ack", "error") and message.get("ref") == ref:
                return message

    def drain(self) -> None:
        """Read until the server closes the connection (raises
        :class:`~websockets.exceptions.ConnectionClosed` then)."""
        while True:
            self.receive(5)

    def error(self) -> dict[str, Any]:
        """Read until an error."""
        while True:
            message = self.receive()
            if message["type"] == "error":
                return message

    def move(self, move: str, **extra: Any) -> dict[str, Any]:
        """Make ``move``: the ack or the error."""
        self.ref += 1
        self.send({"type": "move", "move": move, "ref": self.ref, **extra})
        return self.answer(self.ref)

    def sync(self, moves: int) -> None:
        """Read until the view follows ``moves`` moves."""
        while self.moves < moves:
            self.receive()

    def close(self) -> None:
        """Close the connection."""
        self.ws.close()


def over(view: dict[str, Any]) -> bool:
    """Whether the view's game has ended."""
    return view["to_move"] is None


def env() -> dict[str, str]:
    """The environment of a command run by a test."""
    return dict(os.environ)
