"""Hostile engines: whatever an engine does, the referee finishes the game
within a bound, names the faulty seat in one line, and leaves no process
of the engine's behind (its whole process group is ended)."""

from __future__ import annotations

import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pocha_rules import RandomBot, RuleSet
from pocha_rules._engine_process import MAX_LINE, EngineProcess, PipeFault
from pocha_rules.engines import Engine, EngineBot, EngineSetupError
from pocha_rules.referee import RefereedGame, referee_game

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")

RULES = RuleSet(schedule=[2, 3])
ROOT = Path(__file__).resolve().parent.parent
BOUND = 30.0  # seconds: far above what each game takes, even on a busy machine


def engine(tmp_path: Path, at_turn: str, *, version: int = 1, before: str = "") -> list[str]:
    """A Python engine that writes its process id to ``tmp_path/pid``, runs
    ``before`` at its start, and does ``at_turn`` at its turns (``view``,
    ``message`` and ``say`` are at hand); it quits when told."""
    ready = '{"type": "ready", "name": "hostile"' + (', "version": 2}' if version == 2 else "}")
    program = f"""
import json, os, subprocess, sys, time
open({str(tmp_path / "pid")!r}, "w").write(str(os.getpid()))
{before}
def say(text):
    sys.stdout.write(text + "\\n")
    sys.stdout.flush()
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        say({ready!r})
    elif message["type"] == "turn":
        view = message["view"]
{at_turn}
    elif message["type"] == "quit":
        break
"""
    return [sys.executable, "-c", program]


def members(group: int) -> list[int]:
    """The live processes of a process group (zombies are not counted)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if fields[0] != "Z" and int(fields[2]) == group:
            found.append(int(entry.name))
    return found


def refereed(bot: EngineBot) -> tuple[RefereedGame, float]:
    others = [RandomBot(seed=1), RandomBot(seed=2), RandomBot(seed=3)]
    started = time.monotonic()
    game = referee_game(RULES, [bot, *others], seed=4)
    return game, time.monotonic() - started


def assert_gone(tmp_path: Path) -> None:
    group = int((tmp_path / "pid").read_text())
    assert gone(group), "every process of the engine's group is ended"


def gone(group: int) -> bool:
    """Whether the group's processes are all gone: a process sent SIGKILL
    ends a moment later, so this waits for it (up to a bound)."""
    deadline = time.monotonic() + BOUND
    while members(group):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def assert_forfeit(game: RefereedGame, kind: str, reason: str) -> None:
    assert [(f.seat, f.kind) for f in game.faults] == [(0, kind)]
    assert reason in game.faults[0].reason
    line = game.faults[0].line("hostile", 3)
    assert "\n" not in line
    assert line.startswith(f"game 3: bot 'hostile' at seat 0 forfeits ({kind}): ")
    assert game.state.is_over


def test_a_hung_engine_behind_a_shell_is_ended_with_its_background_child(tmp_path: Path) -> None:
    inner = engine(tmp_path, "        time.sleep(300)")
    # The engine behind a shell that waits for it, with a background child
    # of its own that holds the pipes open.
    command = ["sh", "-c", 'sleep 300 & "$@"; true', "sh", *inner]
    game, seconds = refereed(EngineBot(command, time_limit=0.5))
    assert seconds < BOUND
    assert_forfeit(game, "timeout", "no answer to its turn within 0.5 seconds")
    assert_gone(tmp_path)


def test_a_background_child_holding_the_output_does_not_hang_the_close(tmp_path: Path) -> None:
    command = engine(
        tmp_path,
        '        say(json.dumps({"type": "move", "move": view["legal_moves"][0]}))',
        before='subprocess.Popen(["sleep", "300"])',
    )
    game, seconds = refereed(EngineBot(command, time_limit=5))
    assert seconds < BOUND
    assert game.faults == ()
    assert_gone(tmp_path)


def test_a_write_to_an_engine_that_stops_reading_is_bounded() -> None:
    process = EngineProcess(["sleep", "300"])
    try:
        started = time.monotonic()
        with pytest.raises(PipeFault, match="stopped reading") as caught:
            process.write(b"x" * (4 * MAX_LINE), time.monotonic() + 0.5)
        assert caught.value.kind == "timeout"
        assert time.monotonic() - started < BOUND
    finally:
        process.kill()
    assert gone(process.pid)


def test_an_engine_that_stops_reading_forfeits_on_its_turn(tmp_path: Path) -> None:
    # The smallest pipe, and no more reading after its hello: the arena's
    # writes fill the pipe, or its turn is not answered; either way, a timeout.
    ready = '{"type": "ready"}'
    program = f"""
import fcntl, os, sys, time
open({str(tmp_path / "pid")!r}, "w").write(str(os.getpid()))
fcntl.fcntl(0, 1031, 4096)  # F_SETPIPE_SZ
sys.stdin.readline()
print({ready!r}, flush=True)
time.sleep(300)
"""
    game, seconds = refereed(EngineBot([sys.executable, "-c", program], time_limit=0.5))
    assert seconds < BOUND
    assert [f.kind for f in game.faults] == ["timeout"]
    assert_gone(tmp_path)


def test_an_endless_line_is_refused_as_it_is_read(tmp_path: Path) -> None:
    command = engine(
        tmp_path,
        '        while True:\n            sys.stdout.write("x" * 65536); sys.stdout.flush()',
    )
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    game, seconds = refereed(EngineBot(command, time_limit=20))
    grown_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    assert seconds < BOUND
    assert_forfeit(game, "garbage", f"wrote a line longer than {MAX_LINE} bytes")
    assert grown_kib < 64 * 1024, "no more than the cap is ever kept"
    assert_gone(tmp_path)


def test_a_stray_extra_line_is_not_taken_for_the_next_answer(tmp_path: Path) -> None:
    answer = 'json.dumps({"type": "move", "move": view["legal_moves"][0]})'
    command = engine(tmp_path, f"        say({answer} + '\\n' + {answer})")
    game, seconds = refereed(EngineBot(command, time_limit=5))
    assert seconds < BOUND
    assert_forfeit(game, "garbage", "when no turn was waiting")
    assert game.faults[0].move > 0, "the first turn was answered"
    assert_gone(tmp_path)


def test_a_version_2_answer_must_name_its_turn(tmp_path: Path) -> None:
    command = engine(
        tmp_path,
        '        say(json.dumps({"type": "move", "turn": message["turn"] - 1,'
        ' "move": view["legal_moves"][0]}))',
        version=2,
    )
    game, seconds = refereed(EngineBot(command, time_limit=5))
    assert seconds < BOUND
    assert_forfeit(game, "garbage", "answered turn 0, not turn 1")
    assert_gone(tmp_path)


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        (r"sys.stdout.buffer.write(b'{\"type\": \"move\", \"move\": \"\xff\"}\n')", "not UTF-8"),
        ("say('{\"type\": \"move\", \"action\": ' + '9' * 5000 + '}')", "which is not JSON"),
        ("say('[' * 100000 + ']' * 100000)", "which is not JSON"),
        ('say(\'{"type": "move", "move": 1e999999}\')', "not a text"),
    ],
    ids=["utf-8", "long-number", "deep-nesting", "huge-float"],
)
def test_garbage_is_garbage_not_the_engines_error(
    tmp_path: Path, answer: str, reason: str
) -> None:
    command = engine(tmp_path, f"        {answer}; sys.stdout.flush()")
    game, seconds = refereed(EngineBot(command, time_limit=5))
    assert seconds < BOUND
    assert_forfeit(game, "garbage", reason)
    assert_gone(tmp_path)


def test_an_engine_that_never_says_hello_is_a_setup_error(tmp_path: Path) -> None:
    silent = Engine(["sh", "-c", f"echo $$ > {tmp_path / 'pid'}; exec sleep 300"], name="mute")
    silent = Engine(silent.command, name="mute", start_limit=0.5)
    started = time.monotonic()
    with pytest.raises(EngineSetupError, match="engine 'mute' cannot play: no answer to hello"):
        silent.check()
    assert time.monotonic() - started < BOUND
    assert_gone(tmp_path)
    with pytest.raises(EngineSetupError, match="cannot start"):
        Engine(["/nonexistent/engine"], name="typo").check()
    assert Engine(ROOT_SERVE).check().version == 2


ROOT_SERVE = [sys.executable, "-m", "pocha_rules", "engine", "random"]


def test_the_start_limit_follows_a_longer_time_limit() -> None:
    assert EngineBot("x", time_limit=0.5).start_limit == 10.0
    assert EngineBot("x", time_limit=30).start_limit == 30.0
    assert EngineBot("x", time_limit=0.5, start_limit=2).start_limit == 2.0


@pytest.mark.parametrize("command", ["match", "tournament"])
def test_the_commands_refuse_an_engine_that_cannot_play_at_once(command: str) -> None:
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "pocha_rules", command, "--bot", "random",
         "--engine", "typo=/nonexistent/engine", "--rule", "schedule=1,1"],
        capture_output=True, text=True, cwd=ROOT, timeout=120, check=False,
    )  # fmt: skip
    assert time.monotonic() - started < 60
    assert done.returncode == 2, done.stderr
    assert "engine 'typo' cannot play: cannot start" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_an_engine_that_writes_without_pause_is_stopped(tmp_path: Path) -> None:
    answer = (
        'json.dumps({"type": "move", "turn": message["turn"], "move": view["legal_moves"][0]})'
    )
    command = engine(tmp_path, f"        while True:\n            say({answer})", version=2)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    game, seconds = refereed(EngineBot(command, time_limit=5))
    grown_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    assert seconds < BOUND
    # Its next turn finds the lines it went on writing (or reads one of them,
    # which answers the turn before): garbage either way.
    assert [(f.seat, f.kind) for f in game.faults] == [(0, "garbage")]
    reason = game.faults[0].reason
    assert "when no turn was waiting" in reason or "answered turn 1, not turn 2" in reason
    assert grown_kib < 64 * 1024
    assert_gone(tmp_path)


def test_a_tournament_with_a_hung_engine_behind_a_shell_finishes_and_leaves_nothing(
    tmp_path: Path,
) -> None:
    groups = tmp_path / "groups"
    hang = tmp_path / "hang.py"
    hang.write_text(
        "import json, sys, time\n"
        "for line in sys.stdin:\n"
        "    kind = json.loads(line)['type']\n"
        "    if kind == 'hello':\n"
        "        print(json.dumps({'type': 'ready'}), flush=True)\n"
        "    elif kind == 'turn':\n"
        "        time.sleep(300)\n"
        "    elif kind == 'quit':\n"
        "        break\n"
    )
    wrapper = f"sh -c 'echo $$ >> {groups}; sleep 300 & {sys.executable} {hang}; true'"
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "pocha_rules", "tournament", "--bot", "random",
         "--engine", f"hang={wrapper}", "--rule", "schedule=1,2", "--sets", "1",
         "--seed", "1", "--time-limit", "0.5", "--workers", "1", "--plain"],
        capture_output=True, text=True, cwd=ROOT, timeout=120, check=False,
    )  # fmt: skip
    assert time.monotonic() - started < 60
    assert done.returncode == 0, done.stderr
    forfeits = [line for line in done.stderr.splitlines() if "forfeits (timeout)" in line]
    assert len(forfeits) == 4, done.stderr  # its two seats in each of the set's two games
    assert all("bot 'hang' at seat" in line for line in forfeits)
    started_groups = [int(pid) for pid in groups.read_text().split()]
    assert len(started_groups) == 5, "the check, then one process per seat and game"
    assert all(gone(group) for group in started_groups)
