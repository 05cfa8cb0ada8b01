"""The engine protocol: engines in any language play through JSON lines, are
sent only what their seat may see, and forfeit a game for any fault."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pocha_rules import (
    GameState,
    HeuristicBot,
    PochaError,
    RandomBot,
    RuleSet,
    legal_moves,
    observe,
    sample_state,
)
from pocha_rules.engines import (
    PROTOCOL,
    Engine,
    EngineBot,
    events_message,
    serve,
    turn_message,
)
from pocha_rules.events import Event, RoundStarted, step
from pocha_rules.referee import referee_game
from pocha_rules.tournaments import Tournament
from tests.strategies import game_states

RULES = RuleSet(schedule=[2, 3, 1])
ROOT = Path(__file__).resolve().parent.parent
SERVE_HEURISTIC = [sys.executable, "-m", "pocha_rules", "engine", "heuristic"]
NODE = shutil.which("node")


def engine_script(body: str) -> list[str]:
    """A Python engine whose turn handling is ``body`` (``view`` is the
    view's JSON data; ``say`` writes a message)."""
    program = f"""
import json, sys, time
def say(message):
    print(json.dumps(message) if not isinstance(message, str) else message, flush=True)
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        say({{"type": "ready", "name": "test"}})
    elif message["type"] == "turn":
        view = message["view"]
{body}
    elif message["type"] == "quit":
        break
"""
    return [sys.executable, "-c", program]


def others() -> list[RandomBot]:
    return [RandomBot(seed=1), RandomBot(seed=2), RandomBot(seed=3)]


def test_a_bot_served_as_an_engine_plays_exactly_as_in_process() -> None:
    for seed in (1, 2):
        engine = referee_game(RULES, [EngineBot(SERVE_HEURISTIC, seed=7), *others()], seed=seed)
        local = referee_game(RULES, [HeuristicBot(seed=7), *others()], seed=seed)
        assert engine.faults == ()
        assert engine.state == local.state


def test_an_engine_may_answer_with_action_ids() -> None:
    command = engine_script('        say({"type": "move", "action": view["legal_actions"][-1]})')
    game = referee_game(RULES, [EngineBot(command), *others()], seed=3)
    assert game.faults == ()
    assert game.state.is_over


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_javascript_example_engine_plays_a_tournament() -> None:
    assert NODE is not None
    engine = Engine([NODE, str(ROOT / "examples" / "engine.js")], name="js")
    tournament = Tournament(RULES, {"js": engine, "random": RandomBot}, sets=3, seed=2)
    result = tournament.run(workers=1)
    assert result.complete
    assert result.faults == ()
    assert len(result.sets) == 3


@pytest.mark.parametrize(
    ("body", "kind", "reason"),
    [
        ("        sys.exit(3)", "crash", "its process ended (exit status 3)"),
        ('        say("a move, please")', "garbage", "which is not JSON"),
        ("        say([1, 2])", "garbage", "not an object"),
        ('        say({"type": "move", "move": "ace"})', "garbage", "'ace', which is not a move"),
        ('        say({"type": "move", "action": 10**6})', "garbage", "which is no move"),
        ('        say({"type": "move"})', "garbage", "neither 'move' nor 'action'"),
        ('        say({"type": "resign"})', "garbage", "not a move"),
        (
            '        say({"type": "move", "move": "bid 9"})',
            "illegal",
            "its move 'bid 9' is illegal",
        ),
        ("        time.sleep(30)", "timeout", "no answer to its turn within 0.5 seconds"),
    ],
)
def test_an_engine_fault_forfeits_the_game(body: str, kind: str, reason: str) -> None:
    bot = EngineBot(engine_script(body), time_limit=0.5)
    started = time.monotonic()
    game = referee_game(RULES, [bot, *others()], seed=4)
    assert time.monotonic() - started < 10
    assert [(f.seat, f.kind) for f in game.faults] == [(0, kind)]
    assert reason in game.faults[0].reason
    assert game.state.is_over
    assert game.scores[0] == min(game.state.scores)
    assert bot._process is None, "the engine's process is ended"


def test_an_engine_that_never_says_ready_times_out() -> None:
    command = [sys.executable, "-c", "import time; time.sleep(60)"]
    bot = EngineBot(command, time_limit=0.3, start_limit=0.3)
    started = time.monotonic()
    game = referee_game(RULES, [bot, *others()], seed=1)
    assert time.monotonic() - started < 30
    assert [(f.kind, f.reason) for f in game.faults] == [
        ("timeout", "no answer to hello within 0.3 seconds")
    ]


def test_a_program_that_cannot_start_is_a_crash() -> None:
    game = referee_game(RULES, [EngineBot(["/nonexistent/engine"]), *others()], seed=1)
    assert game.faults[0].kind == "crash"
    assert "cannot start" in game.faults[0].reason


def test_engine_arguments_are_checked() -> None:
    with pytest.raises(PochaError, match="command is empty"):
        EngineBot("")
    with pytest.raises(TypeError, match="command must be a str or a sequence of str"):
        EngineBot(3)  # type: ignore[arg-type]
    with pytest.raises(PochaError, match="time_limit must be above 0"):
        Engine("node x.js", time_limit=0)
    with pytest.raises(TypeError, match="time_limit must be a number"):
        EngineBot("x", time_limit="1")  # type: ignore[arg-type]


def test_engine_factory_pickles_and_makes_fresh_bots() -> None:
    import pickle

    factory = Engine("node examples/engine.js", time_limit=2)
    again = pickle.loads(pickle.dumps(factory))
    bot = again(seed=4)
    assert bot.command == ["node", "examples/engine.js"]
    assert (bot.time_limit, bot.seed) == (2.0, 4)


@settings(max_examples=40)
@given(game_states(), st.integers(0, 7), st.integers(0, 2**32))
def test_an_engine_is_sent_the_same_in_every_world_its_seat_cannot_tell_apart(
    state: GameState, seat: int, seed: int
) -> None:
    seat %= state.rules.players
    view = observe(state, seat)
    world = sample_state(view, random.Random(seed))
    assert turn_message(observe(world, seat)) == turn_message(view)
    # Whatever public move is made next, it causes the same events in both,
    # but for the deal of the next round (which the worlds need not share):
    # that shows only what every seat's view of it shows.
    for move in set(legal_moves(state)) & set(legal_moves(world)):
        here, there = step(state, move), step(world, move)
        assert events_message(public(here[1])) == events_message(public(there[1]))
        for after, happened in (here, there):
            for event in happened:
                if isinstance(event, RoundStarted):
                    seen = observe(after, seat)
                    assert (event.trump_card, event.trump, event.dealer) == (
                        seen.trump_card,
                        seen.trump,
                        seen.dealer,
                    )


def public(happened: tuple[Event, ...]) -> tuple[Event, ...]:
    return tuple(event for event in happened if not isinstance(event, RoundStarted))


def run_served(lines: list[str]) -> tuple[int, list[dict[str, object]]]:
    import io

    out = io.StringIO()
    status = serve(HeuristicBot, io.StringIO("".join(f"{line}\n" for line in lines)), out)
    return status, [json.loads(line) for line in out.getvalue().splitlines()]


def test_serve_answers_hello_and_turns() -> None:
    from pocha_rules import new_game

    view = observe(new_game(RULES, seed=1, dealer=0), 1)
    status, answers = run_served(
        [
            json.dumps({"type": "hello", "protocol": PROTOCOL, "version": 1}),
            json.dumps({"type": "game", "rules": {}, "seat": 1, "seed": 3}),
            json.dumps(turn_message(view)),
            json.dumps({"type": "quit"}),
        ]
    )
    assert status == 0
    assert answers[0]["type"] == "ready"
    assert answers[1] == {"type": "move", "move": str(HeuristicBot(seed=3).act(view))}


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("not json", "Expecting value"),
        ("[1]", "expected a JSON object"),
        (json.dumps({"type": "dance"}), "unknown message type 'dance'"),
        (json.dumps({"type": "turn", "view": {}}), "a turn before any game"),
    ],
)
def test_serve_reports_what_it_cannot_read(line: str, message: str) -> None:
    status, answers = run_served([line])
    assert status == 1
    assert answers[-1]["type"] == "error"
    assert message in str(answers[-1]["message"])


def test_pocha_engine_command_speaks_the_protocol() -> None:
    hello = json.dumps({"type": "hello", "protocol": PROTOCOL, "version": 1})
    done = subprocess.run(
        SERVE_HEURISTIC,
        input=hello + "\n" + json.dumps({"type": "quit"}) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0
    assert json.loads(done.stdout.splitlines()[0]) == {"type": "ready", "name": "heuristic"}


def recording_engine(log: Path, *, version: int = 2, ask_view: bool = True) -> list[str]:
    """An engine that writes every message it is sent to ``log``, plays the
    first legal move, and (version 2) asks for the whole view at its first
    turn."""
    ready: dict[str, object] = {"type": "ready", "name": "recorder"}
    if version == 2:
        ready["version"] = 2
    program = f"""
import json, sys
log = open({str(log)!r}, "w")
asked = {not ask_view!r}
def say(message):
    print(json.dumps(message), flush=True)
for line in sys.stdin:
    log.write(line); log.flush()
    message = json.loads(line)
    if message["type"] == "hello":
        say({ready!r})
    elif message["type"] == "turn":
        if not asked:
            asked = True
            say({{"type": "view", "turn": message["turn"]}})
            full = json.loads(sys.stdin.readline())
            log.write(json.dumps(full) + "\\n"); log.flush()
        view = message["view"]
        say({{"type": "move", "turn": message["turn"], "move": view["legal_moves"][0]}})
    elif message["type"] == "quit":
        break
"""
    return [sys.executable, "-c", program]


def test_version_2_sends_the_round_view_and_the_events_since_the_last_turn(
    tmp_path: Path,
) -> None:
    log = tmp_path / "messages.jsonl"
    seed = 2**60 + 7  # beyond JavaScript's exact integers: sent as text
    bot = EngineBot(recording_engine(log), seed=seed)
    game = referee_game(RULES, [bot, *others()], seed=2)
    assert game.faults == ()
    assert bot.version == 2
    messages = [json.loads(line) for line in log.read_text().splitlines()]
    hello, start, first, full = messages[:4]
    assert hello["versions"] == [1, 2]
    assert start["type"] == "game"
    assert (start["game"], start["seed"], start["seat"]) == ("pocha", str(seed), 0)
    assert start["rules"]["schedule"] == ["2", "3", "1"]
    assert first["type"] == "turn"
    assert first["turn"] == 1
    assert "history" not in first["view"]
    assert "round_results" not in first["view"]
    assert full["type"] == "view"
    assert full["turn"] == 1
    assert "history" in full["view"]
    turns = [m for m in messages if m["type"] == "turn"]
    assert [m["turn"] for m in turns] == list(range(1, len(turns) + 1))
    # Every move of the game reaches the engine once, in order, as an event.
    moved = [e for m in messages if m["type"] in ("turn", "quit") for e in m["events"]]
    seen = [(e["seat"], e["move"]) for e in moved if e["event"] == "move"]
    assert isinstance(game.state, GameState)
    history = [(m.seat, str(m.move)) for m in observe(game.state, 0).seated_history]
    assert messages[-1]["type"] == "quit"
    assert seen == history
    assert moved[-1]["event"] == "game_over"


def test_version_1_engines_keep_the_whole_view_and_events_messages(tmp_path: Path) -> None:
    log = tmp_path / "messages.jsonl"
    bot = EngineBot(recording_engine(log, version=1, ask_view=False), seed=2**60)
    game = referee_game(RULES, [bot, *others()], seed=2)
    assert game.faults == ()
    assert bot.version == 1
    messages = [json.loads(line) for line in log.read_text().splitlines()]
    assert messages[1]["seed"] == 2**60
    assert {m["type"] for m in messages} == {"hello", "game", "events", "turn", "quit"}
    assert all("history" in m["view"] for m in messages if m["type"] == "turn")


def test_serve_speaks_version_2_with_whole_views() -> None:
    from pocha_rules import new_game

    view = observe(new_game(RULES, seed=1, dealer=0), 1)
    whole = view.to_dict(history=True)
    status, answers = run_served(
        [
            json.dumps({"type": "hello", "protocol": PROTOCOL, "version": 1, "versions": [1, 2]}),
            json.dumps({"type": "game", "game": "pocha", "rules": {}, "seat": 1, "seed": "3"}),
            json.dumps({"type": "turn", "turn": 1, "events": [], "view": whole}),
            json.dumps({"type": "quit", "events": []}),
        ]
    )
    assert status == 0
    assert answers[0] == {"type": "ready", "name": "pocha-rules bot", "version": 2, "view": "full"}
    assert answers[1] == {"type": "move", "turn": 1, "move": str(HeuristicBot(seed=3).act(view))}


PERL = shutil.which("perl")


@pytest.mark.skipif(PERL is None, reason="perl is not installed")
def test_the_perl_example_engine_plays_a_tournament_of_poch() -> None:
    from pocha_rules import poch

    assert PERL is not None
    engine = Engine([PERL, str(ROOT / "examples" / "poch_engine.pl")], name="perl")
    assert engine.check().version == 2
    entrants: dict[str, Any] = {"perl": engine, "random": poch.RandomBot}
    tournament = Tournament(
        poch.RuleSet(players=4, end="deals", deals=2), entrants, sets=2, seed=3
    )
    result = tournament.run(workers=1)
    assert result.complete
    assert result.faults == ()
    assert len(result.sets) == 2
    assert {rating.name for rating in result.ratings()} == {"perl", "random"}
    assert all(set_result.games == 2 for set_result in result.sets)


def test_a_poch_engine_is_sent_the_deal_view_and_poch_events(tmp_path: Path) -> None:
    from pocha_rules import poch

    log = tmp_path / "messages.jsonl"
    rules = poch.RuleSet(players=3, end="deals", deals=1)
    bot = EngineBot(recording_engine(log), seed=5)
    others = [poch.RandomBot(seed=1), poch.RandomBot(seed=2)]
    game = referee_game(rules, [bot, *others], seed=4)
    assert game.faults == ()
    messages = [json.loads(line) for line in log.read_text().splitlines()]
    start = messages[1]
    assert (start["game"], start["seat"], start["rules"]["players"]) == ("poch", 0, 3)
    turns = [m for m in messages if m["type"] == "turn"]
    assert turns
    assert all("past_deals" not in m["view"] for m in turns)
    full = next(m for m in messages if m["type"] == "view")
    assert full["view"]["past_deals"] == []
    assert turns[0]["view"]["hand"] == [
        str(c) for c in poch.observe(poch.new_game(rules, seed=4), 0).hand
    ]
    kinds = [e["event"] for m in messages if m["type"] in ("turn", "quit") for e in m["events"]]
    assert kinds[-2:] == ["deal_ended", "game_over"]
    assert set(kinds) == {"move", "deal_ended", "game_over"}


def test_a_poch_engine_fault_forfeits_the_game_of_poch(tmp_path: Path) -> None:
    from pocha_rules import poch

    rules = poch.RuleSet(players=3, end="deals", deals=1)
    bot = EngineBot(engine_script('        say({"type": "move", "move": "open 999"})'))
    game = referee_game(rules, [bot, poch.RandomBot(seed=1), poch.RandomBot(seed=2)], seed=4)
    assert [(f.seat, f.kind) for f in game.faults] == [(0, "illegal")]
    assert "its move 'open 999' is illegal" in game.faults[0].reason
    assert game.scores[0] == min(game.state.scores)
    assert 0 not in game.winners
