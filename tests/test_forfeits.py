"""Forfeits in matches and on the command line: a bot's fault loses its game,
never the match, and is named in one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from pocha_rules import HeuristicBot, RandomBot, RuleSet
from pocha_rules.matches import BotFactory, play_match
from tests.arena_helpers import BrokenBot
from tests.parallel_helpers import IllegalBot

SHORT = RuleSet(schedule=(3, 5, 3))
ROOT = Path(__file__).resolve().parent.parent


def test_a_match_with_forfeits_goes_on_past_an_illegal_move() -> None:
    bots: dict[str, BotFactory] = {"bad": IllegalBot, "random": RandomBot}
    result = play_match(SHORT, bots, 4, seed=1, workers=1, forfeits=True)
    assert result.complete
    assert result.games == 4
    # The illegal bot bids 99 at its first bid of every game.
    assert len(result.forfeits) == 8
    first = result.forfeits[0]
    assert first.bot == "bad"
    assert first.fault.kind == "illegal"
    assert first.line().startswith(f"game {first.game}: bot 'bad' at seat {first.fault.seat}")
    assert result.bots["bad"].wins == 0


def test_forfeits_do_not_depend_on_how_the_match_is_spread() -> None:
    bots: dict[str, BotFactory] = {"broken": BrokenBot, "heuristic": HeuristicBot}
    one = play_match(SHORT, bots, 12, seed=3, workers=1, forfeits=True)
    two = play_match(SHORT, bots, 12, seed=3, workers=2, chunk_size=2, forfeits=True)
    assert one == two
    assert one.forfeits
    assert [f.game for f in one.forfeits] == sorted(f.game for f in one.forfeits)


def test_a_match_without_a_fault_is_the_same_with_forfeits_on_or_off() -> None:
    bots: dict[str, BotFactory] = {"heuristic": HeuristicBot, "random": RandomBot}
    on = play_match(SHORT, bots, 8, seed=2, workers=1, forfeits=True)
    off = play_match(SHORT, bots, 8, seed=2, workers=1)
    assert on.forfeits == ()
    assert on.as_dict() == off.as_dict()


def test_pocha_match_names_each_forfeit_in_one_line_and_goes_on() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pocha_rules", "match", "--bot", "b=tests.arena_helpers:BrokenBot",
         "--bot", "random", "-n", "6", "--seed", "3", "--rule", "schedule=2,3", "--json"],
        capture_output=True, text=True, cwd=ROOT, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = done.stderr.strip().splitlines()
    assert lines
    for line in lines:
        assert line.startswith("pocha match: game ")
        assert "bot 'b' at seat" in line
        assert "forfeits (error): raised RuntimeError: the broken bot broke" in line
        assert line.endswith("(--traceback shows where)")
    report = json.loads(done.stdout)
    assert report["games"] == 6
    assert len(report["forfeits"]) == len(lines)
    assert "Traceback" not in done.stderr
    traced = subprocess.run(
        [sys.executable, "-m", "pocha_rules", "match", "--bot", "b=tests.arena_helpers:BrokenBot",
         "--bot", "random", "-n", "6", "--seed", "3", "--rule", "schedule=2,3", "--traceback"],
        capture_output=True, text=True, cwd=ROOT, timeout=120, check=False,
    )  # fmt: skip
    assert "Traceback (most recent call last)" in traced.stderr
