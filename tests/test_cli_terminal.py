"""``pocha play`` on a real terminal (a pseudo-terminal): what the people at
the keyboard see."""

from __future__ import annotations

import itertools
import os
import re
import select
import subprocess
import sys
import time
from typing import Final

import pytest

from tests.test_cli import PACKAGE_ROOT, SHORT

pty = pytest.importorskip("pty", reason="needs pseudo-terminals (POSIX)")

CLEAR: Final = "\x1b[H\x1b[2J\x1b[3J"
PROMPT: Final = re.compile(
    r"((?:seat|puesto|Platz) (\d), (?:press Enter|pulsa Intro|Eingabetaste drücken)> "
    r"|(?:seat|puesto|Platz) (\d)> )$"
)


def play_on_a_terminal(
    *args: str, lang: str = "en", command: tuple[str, ...] = ("play",)
) -> tuple[int, str]:
    """Play ``pocha command args`` to the end on a terminal, pressing Enter
    at every hand-over and choosing the first move at every prompt: the
    exit status and everything the terminal showed."""
    master, slave = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(PACKAGE_ROOT), "NO_COLOR": "1", "COLUMNS": "100"}
    process = subprocess.Popen(
        [sys.executable, "-m", "pocha_rules", "--lang", lang, *command, *args],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
    )
    os.close(slave)
    shown, pending = "", ""
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.2)
            if not ready:
                if process.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(master, 4096).decode(errors="replace")
            except OSError:  # the terminal closed: the game ended
                break
            shown += chunk
            pending += chunk
            prompt = PROMPT.search(pending)
            if prompt:
                os.write(master, b"\n" if prompt[2] else b"1\n")
                pending = ""
        status = process.wait(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(master)
    return status, shown.replace("\r\n", "\n")


def test_hot_seat_never_shows_one_players_cards_to_the_next() -> None:
    # Before: seat 1's cards were shown under seat 0's, on the same screen.
    status, shown = play_on_a_terminal("--human", "0", "--human", "1", "--seed", "3", *SHORT)
    assert status == 0, shown
    assert "seats: 0 person, 1 person, 2 heuristic bot, 3 heuristic bot" in shown
    screens = shown.split(CLEAR)
    assert len(screens) > 4
    for before, screen in itertools.pairwise(screens):
        # Each screen shows the cards of one person at most, once that
        # person answered the hand-over, on the screen before.
        movers = set(re.findall(r"-- seat (\d), your move", screen))
        assert len(movers) <= 1, screen
        for seat in movers:
            assert f"pass the keyboard to seat {seat}, then press Enter" in before
    assert "your move" not in screens[0]
    # Every time the keyboard changes hands, the screen is cleared first.
    turns = re.findall(r"-- seat (\d), your move|(\x1b\[H\x1b\[2J\x1b\[3J)", shown)
    last = None
    for seat, cleared in turns:
        if cleared:
            last = None
        elif last is not None:
            assert seat == last
        else:
            last = seat
    assert re.search(r"\nfinal: [-0-9 ]+; winners: seat \d", shown), shown[-500:]


def test_one_person_at_a_terminal_is_not_asked_to_pass_the_keyboard() -> None:
    status, shown = play_on_a_terminal("--human", "2", "--seed", "3", *SHORT)
    assert status == 0, shown
    assert "seats: 0 heuristic bot, 1 heuristic bot, 2 you, 3 heuristic bot" in shown
    assert "pass the keyboard" not in shown
    assert CLEAR not in shown


def test_the_hand_over_in_spanish() -> None:
    status, shown = play_on_a_terminal(
        "--human", "0", "--human", "1", "--seed", "3", *SHORT, lang="es"
    )
    assert status == 0, shown
    assert "puestos: 0 persona, 1 persona, 2 bot heurístico, 3 bot heurístico" in shown
    assert "pasa el teclado al puesto 0 y pulsa Intro" in shown
    assert "pasa el teclado al puesto 1 y pulsa Intro" in shown
    assert "puesto 1, pulsa Intro> " in shown
    assert CLEAR in shown
    assert "pass the keyboard" not in shown


def test_hot_seat_at_poch_too() -> None:
    status, shown = play_on_a_terminal(
        "--human", "0", "--human", "1", "--players", "3", "--seed", "4",
        "--rule", "end=deals", "--rule", "deals=1", command=("poch", "play"),
    )  # fmt: skip
    assert status == 0, shown
    assert "seats: 0 person, 1 person, 2 heuristic bot" in shown
    screens = shown.split(CLEAR)
    assert len(screens) > 2
    for before, screen in itertools.pairwise(screens):
        movers = set(re.findall(r"-- seat (\d), your move", screen))
        assert len(movers) <= 1, screen
        for seat in movers:
            assert f"pass the keyboard to seat {seat}, then press Enter" in before
    assert "the game is over after 1 deal\n" in shown
