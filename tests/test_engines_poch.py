"""Poch through the engine protocol, as Pocha: ``pocha engine`` serves
Poch's bots, a served bot plays exactly as it does in the same process, and
``pocha poch match --engine`` seats engines, refuses one that cannot play
and names each forfeit in a line."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pocha_rules import InvalidDataError, poch
from pocha_rules._arena_games import door_named
from pocha_rules.engines import EngineBot, serve
from pocha_rules.referee import referee_game
from tests.arena_helpers import run_pocha

ROOT = Path(__file__).resolve().parent.parent
SERVE_HEURISTIC = [sys.executable, "-m", "pocha_rules", "engine", "heuristic"]
SHORT = ["--players", "3", "--rule", "end=deals", "--rule", "deals=1"]
PERL = shutil.which("perl")
RULES = (
    poch.RuleSet(players=3, end="deals", deals=3),
    poch.RuleSet(players=4, deck=52, end="deals", deals=2, board_at_end="shared"),
    poch.RuleSet(players=5, centre_pool=True, end="deals", deals=2, insolvency="out"),
)


def pocha(*args: str) -> subprocess.CompletedProcess[str]:
    return run_pocha(*args)


@pytest.mark.parametrize("rules", RULES)
def test_a_whole_view_of_poch_is_read_back_as_it_was(rules: poch.RuleSet) -> None:
    door = door_named("poch")
    bots = [poch.RandomBot(seed=seat) for seat in range(rules.players)]
    state = poch.new_game(rules, seed=5)
    seen = 0
    while True:
        for seat in range(rules.players):
            view = poch.observe(state, seat)
            data = json.loads(json.dumps(door.view_dict(view)))
            assert door.view_from_dict(data) == view
            seen += 1
        if (mover := state.to_move) is None:
            break
        state = poch.apply(state, bots[mover].act(poch.observe(state, mover)))
    assert seen > 50
    assert state.deal_results  # finished deals were read back too


def test_a_view_that_cannot_be_read_is_refused_with_why() -> None:
    door = door_named("poch")
    view = poch.observe(poch.new_game(RULES[0], seed=1), 0)
    data = door.view_dict(view)
    del data["hand"]
    with pytest.raises(InvalidDataError, match="invalid view at hand: missing"):
        door.view_from_dict(data)
    data = door.view_dict(view)
    data["hand"] = ["1x"]
    with pytest.raises(InvalidDataError, match=r"invalid view at hand\[0\]: expected a rank"):
        door.view_from_dict(data)


def test_a_poch_bot_served_as_an_engine_plays_exactly_as_in_process() -> None:
    rules = RULES[0]
    others = [poch.RandomBot(seed=1), poch.RandomBot(seed=2)]
    engine = referee_game(rules, [EngineBot(SERVE_HEURISTIC, seed=7), *others], seed=3)
    others = [poch.RandomBot(seed=1), poch.RandomBot(seed=2)]
    local = referee_game(rules, [poch.HeuristicBot(seed=7), *others], seed=3)
    assert engine.faults == ()
    assert engine.state == local.state


def test_serve_says_so_when_it_has_no_bot_for_the_game() -> None:
    messages = [
        {"type": "hello", "protocol": "pocha-engine", "version": 1, "versions": [1, 2]},
        {"type": "game", "game": "poch", "rules": {}, "seat": 0, "seed": 1},
    ]
    out = io.StringIO()
    lines = io.StringIO("".join(json.dumps(message) + "\n" for message in messages))
    assert serve({"pocha": poch.RandomBot}, lines, out) == 1
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert answers[-1] == {"type": "error", "message": "no bot to play poch"}


def test_poch_match_seats_an_engine_and_names_each_forfeit(tmp_path: Path) -> None:
    served = f"h={sys.executable} -m pocha_rules engine heuristic"
    done = pocha("poch", "match", "--engine", served, "--bot", "random",
                 "-n", "3", "--seed", "2", "--json", *SHORT)  # fmt: skip
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert {bot["name"] for bot in report["bots"]} == {"h", "random"}
    assert report["forfeits"] == []
    illegal = tmp_path / "illegal.py"
    illegal.write_text(ENGINE_OPENING_999)
    done = pocha("poch", "match", "--engine", f"bad={sys.executable} {illegal}", "--bot",
                 "random", "-n", "3", "--seed", "2", *SHORT)  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) >= 2, done.stderr  # the engine sits in both games
    assert all("forfeits (illegal): its move 'open 999' is illegal" in line for line in lines)
    assert all(line.startswith("pocha poch match: game ") for line in lines)
    assert "forfeits (games lost by a fault, counted above): bad" in done.stdout


ENGINE_OPENING_999 = (
    "import json, sys\n"
    "for line in sys.stdin:\n"
    "    m = json.loads(line)\n"
    "    if m['type'] == 'hello':\n"
    "        print(json.dumps({'type': 'ready', 'version': 2}), flush=True)\n"
    "    elif m['type'] == 'turn':\n"
    "        answer = {'type': 'move', 'turn': m['turn'], 'move': 'open 999'}\n"
    "        print(json.dumps(answer), flush=True)\n"
    "    elif m['type'] == 'quit':\n"
    "        break\n"
)


def test_poch_match_refuses_an_engine_that_cannot_play(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-engine"
    done = pocha("poch", "match", "--engine", f"x={missing}", "--bot", "random", *SHORT)
    assert done.returncode == 2
    assert done.stdout == ""
    [line] = done.stderr.splitlines()
    assert line.startswith("pocha poch match: engine 'x' cannot play: cannot start 'x': ")
    assert line.endswith(f"No such file or directory: '{missing}'")


@pytest.mark.skipif(PERL is None, reason="perl is not installed")
def test_the_perl_example_engine_plays_a_poch_match() -> None:
    done = pocha("poch", "match", "--engine", "perl=perl examples/poch_engine.pl", "--bot",
                 "heuristic", "-n", "3", "--seed", "4", "--json", *SHORT)  # fmt: skip
    assert done.returncode == 0, done.stderr
    report: dict[str, Any] = json.loads(done.stdout)
    assert report["forfeits"] == []
    assert report["games"] == 3
