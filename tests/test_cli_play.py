"""``pocha play`` as a user meets it: the score sheet and the narration,
saving, interrupting and resuming games. Every test runs the real command
in a subprocess (``python -m pocha_rules``), signals included.
"""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pocha_rules import RuleSet, apply, new_game
from pocha_rules.records import GameRecord, dump, load, replay
from tests.test_cli import GOLDEN, PACKAGE_ROOT, SHORT, pocha, sheet_rows

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and select")


class Session:
    """``pocha`` running with pipes, read as it writes: for the tests that
    act while a game waits at its prompt.
    """

    def __init__(self, *args: str, cwd: Path) -> None:
        environment = {**os.environ, "PYTHONPATH": str(PACKAGE_ROOT)}
        environment.pop("NO_COLOR", None)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "pocha_rules", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=environment,
            cwd=cwd,
        )
        self.seen = b""

    def send(self, text: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(text.encode())
        self.process.stdin.flush()

    def wait_for(self, text: str, count: int = 1) -> None:
        """Read stdout until ``text`` has appeared ``count`` times."""
        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        deadline = time.monotonic() + 60
        while self.seen.count(text.encode()) < count:
            left = deadline - time.monotonic()
            assert left > 0, f"no {text!r} x{count} in time; output so far:\n{self.seen.decode()}"
            ready, _, _ = select.select([fd], [], [], left)
            if ready:
                chunk = os.read(fd, 65536)
                assert chunk, f"the command ended early; output:\n{self.seen.decode()}"
                self.seen += chunk

    def finish(self) -> tuple[int, str, str]:
        """Close stdin, wait for the end; the status, all of stdout, stderr."""
        out, err = self.process.communicate(timeout=60)
        return self.process.returncode, (self.seen + out).decode(), err.decode()


# A game with a person at seat 2 and a round of each size up to 3, then an
# auction; an entry of "1" always picks the first legal move.
HUMAN_GAME = (
    "play", "--human", "2", "--seed", "8", "--dealer", "1",
    "--rule", "schedule=1,2,3,2a", "--rule", "tiebreak=shared",
)  # fmt: skip
ENOUGH = "1\n" * 100


# --- the score sheet and the narration -------------------------------------------------


def test_bots_bid_under_their_rounds_title() -> None:
    # Seat 0 is human and deals first: the three bots bid before it in round
    # 1, and seats 2 and 3 before it in round 2.
    result = pocha("play", "--human", "0", "--dealer", "0", "--seed", "3", *SHORT, stdin=ENOUGH)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    titles = [i for i, line in enumerate(lines) if line.startswith("== round ")]
    assert [lines[i] for i in titles] == [
        "== round 1/2: 1 card each; seat 0 deals",
        "== round 2/2: 2 cards each; seat 1 deals",
    ]
    assert lines[titles[0] + 1].startswith("trump: ")
    bids = [i for i, line in enumerate(lines) if re.fullmatch(r"seat \d: bid \d+", line)]
    assert len(bids) == 8
    assert all(titles[0] < i < titles[1] for i in bids[:4])
    assert all(titles[1] < i for i in bids[4:])
    # The first bids come before the person's first prompt, under the title.
    first_prompt = lines.index("-- seat 0, your move")
    assert [lines[i] for i in bids if i < first_prompt] == [
        line for line in lines[titles[0] : first_prompt] if line.startswith("seat ")
    ]
    assert len([i for i in bids if i < first_prompt]) == 3


def test_the_titles_name_auction_and_blind_rounds() -> None:
    result = pocha(
        "play", "--human", "0", "--seed", "5", "--rule", "schedule=2a,1b", "--rule",
        "tiebreak=shared", stdin=ENOUGH,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "== round 1/2 (2a): 2 cards each, an auction: the highest call names trump;" in out
    assert "== round 2/2 (1b): 1 card each, blind: you see every card but your own;" in out


def test_the_sheet_has_a_legend_for_its_cells_and_round_codes() -> None:
    result = pocha(
        "play", "--seed", "2", "--rule", "schedule=1,3a,1b", "--rule", "tiebreak=shared"
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(sheet_rows(result.stdout)) == 3
    last_row = max(i for i, line in enumerate(lines) if line[:5].strip().isdigit())
    assert lines[last_row + 1 : last_row + 4] == [
        "each seat: bid/won, then the running total; * marks a missed bid",
        "cards: how many each player gets; 3a: an auction round; 1b: a blind round",
        lines[last_row + 3],
    ]
    assert lines[last_row + 3].startswith("final: ")


def test_the_legend_names_only_the_round_codes_the_rules_play() -> None:
    result = pocha("play", "--seed", "2", *SHORT)
    assert "cards: how many each player gets\n" in result.stdout
    assert "auction" not in result.stdout


def test_a_person_sees_the_sheet_and_its_legend_after_each_round() -> None:
    result = pocha(*HUMAN_GAME, stdin=ENOUGH)
    assert result.returncode == 0, result.stderr
    legend = "each seat: bid/won, then the running total; * marks a missed bid"
    assert result.stdout.count(legend) == 4
    assert result.stdout.count("cards: how many each player gets; 2a: an auction round") == 4


def test_replay_prints_the_legend() -> None:
    result = pocha("replay", str(GOLDEN / "full_double_oros_4p.json"))
    assert "each seat: bid/won, then the running total; * marks a missed bid\n" in result.stdout
    assert "cards: how many each player gets; 10a: an auction round; 1b: a blind round\n" in (
        result.stdout
    )


# --- interrupting and resuming -------------------------------------------------------------


def _interrupt(tmp_path: Path, number: signal.Signals, *extra: str) -> tuple[int, str, str]:
    """Play five entries of HUMAN_GAME, then send ``number`` while it waits."""
    session = Session(*HUMAN_GAME, *extra, cwd=tmp_path)
    session.send("1\n" * 5)
    session.wait_for("seat 2> ", 6)  # the sixth prompt: blocked, reading
    session.process.send_signal(number)
    return session.finish()


@posix_only
def test_ctrl_c_saves_the_game_and_resume_ends_it_as_if_never_stopped(tmp_path: Path) -> None:
    full = pocha(*HUMAN_GAME, "--save", "full.json", stdin=ENOUGH, cwd=tmp_path)
    assert full.returncode == 0, full.stderr
    reference = load(tmp_path / "full.json")

    status, out, err = _interrupt(tmp_path, signal.SIGINT, "--save", "game.json")
    assert status == 130
    assert err == "pocha play: interrupted\n"
    assert out.endswith(
        "the game so far is saved in game.json\n"
        "to go on with it: pocha play --resume game.json --human 2 --save game.json\n"
    )
    partial = load(tmp_path / "game.json")
    state = replay(partial)
    assert not state.is_over
    assert state.round_index == 2  # five entries: a bid and a card, a bid and two cards
    assert partial.moves == reference.moves[: len(partial.moves)]

    # The command it printed, with the rest of the entries.
    resumed = pocha(
        "play", "--resume", "game.json", "--human", "2", "--save", "game.json",
        stdin=ENOUGH, cwd=tmp_path,
    )  # fmt: skip
    assert resumed.returncode == 0, resumed.stderr
    assert f"resumed from game.json: round 3, {len(partial.moves)} moves played\n" in (
        resumed.stdout
    )
    assert "seats: 0 heuristic bot, 1 heuristic bot, 2 you, 3 heuristic bot\n" in resumed.stdout
    assert len(sheet_rows(resumed.stdout.split("== round 3/4")[0])) == 2  # the sheet so far
    # Under the round's title, the moves made in it before the stop.
    state = new_game(partial.rules, seed=partial.seed, dealer=partial.first_dealer)
    this_round: list[str] = []
    for move in partial.moves:
        after = apply(state, move)
        same = after.round_index == state.round_index
        this_round = [*this_round, f"seat {state.to_move}: {move}"] if same else []
        state = after
    title = resumed.stdout.split("== round 3/4")[1].split("-- seat 2, your move")[0]
    assert this_round
    assert [line for line in title.splitlines() if line.startswith("seat ")] == this_round
    assert "the game is saved in game.json\n" in resumed.stdout
    assert load(tmp_path / "game.json") == reference


@posix_only
@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP])
def test_a_hangup_or_termination_saves_the_game_too(
    tmp_path: Path, number: signal.Signals
) -> None:
    status, out, _ = _interrupt(tmp_path, number, "--save", "game.json")
    assert status == 130
    assert "the game so far is saved in game.json\n" in out
    assert replay(load(tmp_path / "game.json")).round_index == 2


@posix_only
def test_ctrl_c_without_save_says_the_game_is_not_kept(tmp_path: Path) -> None:
    status, out, err = _interrupt(tmp_path, signal.SIGINT)
    assert status == 130
    assert err == "pocha play: interrupted\n"
    assert out.endswith("the game is not saved (--save FILE keeps a game)\n")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("bot", "moves"), [("random", 9), ("heuristic", 30), ("random", 0)])
def test_a_bots_game_resumed_ends_as_the_uninterrupted_one(
    tmp_path: Path, bot: str, moves: int
) -> None:
    # The bots think over the moves already made, so their random choices go
    # on where they were.
    options = ("--bot", bot, "--seed", "6", "--rule", "schedule=1,2,3a,1b,3")
    assert pocha("play", *options, "--save", str(tmp_path / "full.json")).returncode == 0
    reference = load(tmp_path / "full.json")
    state = new_game(reference.rules, seed=reference.seed, dealer=reference.first_dealer)
    for move in reference.moves[:moves]:
        state = apply(state, move)
    dump(GameRecord.from_state(state), tmp_path / "part.json")
    result = pocha("play", "--resume", str(tmp_path / "part.json"), "--bot", bot, "--save",
                   str(tmp_path / "part.json"))  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert load(tmp_path / "part.json") == reference


def test_resuming_a_finished_game_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "full.json"
    pocha("play", "--seed", "1", *SHORT, "--save", str(path))
    state = replay(load(path))
    winners = ", ".join(f"seat {s}" for s in state.winners)
    result = pocha("play", "--resume", str(path))
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == (
        f"pocha play: {path}: the game is over (winners: {winners}), there is nothing to "
        f"resume; 'pocha replay {path}' shows its score sheet\n"
    )


def test_resuming_a_bad_record_says_where_and_why(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    dump(GameRecord.from_state(new_game(RuleSet(schedule=[1, 2]), seed=1)), path)
    path.write_text(path.read_text().replace('"moves": []', '"moves": ["bid 7"]'))
    result = pocha("play", "--resume", str(path))
    assert result.returncode == 1
    assert result.stderr.startswith(f"pocha play: {path}: invalid record at moves[0]: seat ")
    assert "may not bid 7: bids run from 0 to 1 in a 1-card round\n" in result.stderr
    missing = pocha("play", "--resume", str(tmp_path / "none.json"))
    assert missing.returncode == 1
    assert missing.stderr == (
        f"pocha play: cannot read {tmp_path / 'none.json'}: No such file or directory\n"
    )


@pytest.mark.parametrize(
    "option",
    [
        ("--seed", "3"),
        ("--dealer", "1"),
        ("--preset", "full"),
        ("--players", "5"),
        ("--deck", "48"),
        ("--rule", "hit_bonus=5"),
    ],
)
def test_resume_keeps_the_records_rules(tmp_path: Path, option: tuple[str, str]) -> None:
    result = pocha("play", "--resume", str(tmp_path / "game.json"), *option)
    assert result.returncode == 2
    assert (
        f"pocha play: error: --resume with {option[0]}: a saved game keeps its rules, seed "
        f"and first dealer; leave {option[0]} out\n"
    ) in result.stderr


def test_resume_checks_the_human_seats(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    dump(GameRecord.from_state(new_game(RuleSet(players=3, schedule=[1]), seed=1)), path)
    result = pocha("play", "--resume", str(path), "--human", "3")
    assert result.returncode == 2
    assert "pocha play: error: --human 3: seats run from 0 to 2" in result.stderr


# --- --save never destroys a file ------------------------------------------------------------


def test_save_refuses_to_replace_a_file(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("a game worth keeping")
    result = pocha("play", *SHORT, "--save", str(path))
    assert result.returncode == 2
    assert result.stdout == ""  # refused before the game starts
    assert f"pocha play: error: --save {path}: the file exists; give --force to replace it" in (
        result.stderr
    )
    assert path.read_text() == "a game worth keeping"


def test_force_lets_save_replace_a_file(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("an old game")
    result = pocha("play", "--seed", "4", *SHORT, "--save", str(path), "--force")
    assert result.returncode == 0, result.stderr
    assert replay(load(path)).seed == 4
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_force_needs_save() -> None:
    result = pocha("play", *SHORT, "--force")
    assert result.returncode == 2
    assert "--force: only with --save FILE" in result.stderr


def test_a_resumed_game_may_go_to_another_file_only_if_it_is_new(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    dump(GameRecord.from_state(new_game(RuleSet(schedule=[1, 2]), seed=1)), game)
    other = tmp_path / "other.json"
    other.write_text("another game")
    result = pocha("play", "--resume", str(game), "--save", str(other))
    assert result.returncode == 2
    assert "the file exists; give --force to replace it" in result.stderr
    result = pocha("play", "--resume", str(game), "--save", str(tmp_path / "new.json"))
    assert result.returncode == 0, result.stderr
    assert replay(load(tmp_path / "new.json")).is_over
    assert not replay(load(game)).is_over  # the record resumed is left as it was


@posix_only
def test_a_file_that_appears_during_the_game_is_left_alone(tmp_path: Path) -> None:
    session = Session(*HUMAN_GAME, "--save", "game.json", cwd=tmp_path)
    session.wait_for("seat 2> ")
    (tmp_path / "game.json").write_text("written meanwhile")
    session.send("quit\n")
    status, out, err = session.finish()
    assert status == 0  # quit, and the game is kept
    assert err == ""
    assert "game.json appeared during the game and is left as it is\n" in out
    assert "the game so far is saved in game-2.json\n" in out
    assert "to go on with it: pocha play --resume game-2.json --human 2 --save game-2.json\n" in (
        out
    )
    assert (tmp_path / "game.json").read_text() == "written meanwhile"
    assert not replay(load(tmp_path / "game-2.json")).is_over


def test_quit_keeps_the_game_so_far_and_says_how_to_go_on(tmp_path: Path) -> None:
    result = pocha(
        *HUMAN_GAME, "--bot", "random", "--save", "game.json", stdin="1\n1\nquit\n", cwd=tmp_path
    )
    assert result.returncode == 0
    assert result.stderr == ""
    assert result.stdout.endswith(
        "the game so far is saved in game.json\n"
        "to go on with it: pocha play --resume game.json --human 2 --bot random "
        "--save game.json\n"
    )
    assert len(load(tmp_path / "game.json").moves) > 2
