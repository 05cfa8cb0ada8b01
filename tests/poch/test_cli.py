"""``pocha poch``: the commands of Poch, in process (``main([...])``) and
as a user meets them (``python -m pocha_rules`` in a subprocess, signals
included)."""

from __future__ import annotations

import json
import signal
import sys
from pathlib import Path

import pytest

from pocha_rules._cli import main
from pocha_rules.poch import RuleSet, apply, legal_moves, new_game
from pocha_rules.poch.records import GameRecord, dump, load, replay
from tests.test_cli import pocha
from tests.test_cli_play import Session

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and select")

# A person at seat 1 of a three-player game; "1" always picks the first legal
# move (pass, close, the first card).
HUMAN_GAME = ("poch", "play", "--players", "3", "--human", "1", "--seed", "5", "--bot", "random")
ENOUGH = "1\n" * 300


# --- in process ----------------------------------------------------------------------


def test_rules_shows_every_option_and_the_deal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["poch", "rules", "--players", "5", "--rule", "centre_pool=yes"]) == 0
    out = capsys.readouterr().out
    assert "deck                 52         32 cards (7 to ace in each suit) or 52" in out
    assert "centre_pool          true       a centre pool, taken by the first to shed" in out
    assert "bet_rounds_max       3          the most rounds of betting in a deal" in out
    assert "two_pair             own_type   two pair beats any pair\n" in out
    assert "level: in the betting, the stake every player still in must reach" in out
    assert "A deal, step by step" not in out
    assert "5 players, 52 cards: 5 each, 1 turned up for trump, 26 in the stock\n" in out
    assert "pools: ace, king, queen, jack, ten, marriage, sequence, poch, centre; " in out
    assert "the game lasts at most 5 deals\n" in out


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--players", "7"], "invalid rules: players: must be at most 6, got 7"),
        (["--rule", "bluff=1"], "--rule bluff: no such option"),
        (["--rule", "dress_poch=maybe"], "--rule dress_poch: expected true or false"),
        (["--rule", "bet_max=ten"], "--rule bet_max: expected a whole number, got 'ten'"),
        (["--rule", "end=bust"], 'end="bust" needs insolvency="out"'),
    ],
)
def test_rules_that_make_no_sense_are_refused(
    arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["poch", "rules", *arguments])
    assert caught.value.code == 2
    assert message in capsys.readouterr().err


def test_the_group_needs_a_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["poch"])
    assert caught.value.code == 2
    assert "pocha poch: error: the following arguments are required: COMMAND" in (
        capsys.readouterr().err
    )


def test_bots_play_a_game_and_save_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bots.json"
    status = main(["poch", "play", "--players", "4", "--seed", "3", "--save", str(path)])
    assert status == 0
    out = capsys.readouterr().out
    assert out.startswith("Poch: 4 players, 32 cards, 50 chips each, seed 3, seat ")
    assert "== deal 4 of 4: seat " in out
    assert "the game is over after 4 deals\n" in out
    state = replay(load(path))
    assert state.is_over
    for seat, balance in enumerate(state.balances):
        assert f"  seat {seat}: {balance} chips, place {state.ranking[seat]}, " in out


def test_validate_and_replay_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = new_game(RuleSet(players=3), seed=4)
    for _ in range(20):
        state = apply(state, legal_moves(state)[-1])
    path = tmp_path / "game.json"
    dump(GameRecord.from_state(state, tags={"site": "Leipzig"}), path)
    assert main(["poch", "validate", str(path)]) == 0
    moves = sum(len(d.moves) for d in state.deal_results) + len(state.moves)
    assert capsys.readouterr().out == (
        f"OK: {path}: {state.deals_played} deals, {moves} moves, game in progress "
        f"(deal {state.deal_number + 1})\n"
    )
    assert main(["poch", "replay", "--moves", str(path)]) == 0
    out = capsys.readouterr().out
    assert "site: Leipzig\n" in out
    assert f"the game stops in deal {state.deal_number + 1}\n" in out
    for seat, move in state.moves:
        assert f"seat {seat}: {move}\n" in out


def test_a_tampered_record_is_refused_saying_where(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = new_game(RuleSet(players=3), seed=4)
    data = GameRecord.from_state(apply(state, legal_moves(state)[0])).to_dict()
    data["moves"] = ["close"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    for command in ("validate", "replay"):
        assert main(["poch", command, str(path)]) == 1
        err = capsys.readouterr().err
        assert err.startswith(f"pocha poch {command}: {path}: invalid record at moves[0]: seat ")
    assert main(["validate", str(path)]) == 1
    assert "a Poch record: read it with pocha_rules.poch.records" in capsys.readouterr().err


def test_simulate_and_match_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["poch", "simulate", "-n", "6", "--seed", "1", "--players", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["game"], report["games"], report["complete"]) == ("poch", 6, True)
    assert len(report["seats"]) == 3
    assert report["rules"]["players"] == 3
    assert sum(seat["wins"] for seat in report["seats"]) >= 6
    arguments = ["poch", "match", "-n", "6", "--seed", "2", "--players", "3", "--json"]
    assert main([*arguments, "--duplicate"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["game"], report["games"], {b["name"] for b in report["bots"]}) == (
        "poch",
        6,
        {"heuristic", "random"},
    )


def test_simulate_refuses_bad_bots(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["poch", "simulate", "--bots", "heuristic,oracle"])
    assert "--bots: unknown bot 'oracle'" in capsys.readouterr().err


# --- as a person meets it ------------------------------------------------------------


def test_a_person_sees_the_board_the_chips_trump_the_hand_the_betting_and_the_table(
    tmp_path: Path,
) -> None:
    entries = "help\nclose\n99\nraise 3\n" + ENOUGH
    result = pocha(*HUMAN_GAME, "--save", "game.json", stdin=entries, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    first = out.split("seat 1> ")[0]
    prompt = first[first.index("-- seat 1, your move (the betting)") :].splitlines()
    assert [line.split(":")[0] for line in prompt] == [
        "-- seat 1, your move (the betting)",
        "board",
        "chips",
        "trump",
        *(["shown"] if prompt[4].startswith("shown") else []),
        "betting",
        "hand",
        "moves",
    ]
    assert prompt[1].startswith("board:   ace ")
    assert "poch " in prompt[1]
    assert prompt[2].startswith("chips:   seat 0: ")
    assert "Cards are a rank, then a suit's letter" in out  # help
    assert "not allowed: only the opener closes or reopens" in out
    assert "there is no move 99: choose 1 to " in out
    assert "cannot parse 'raise 3'" in out
    assert "-- seat 1, your move (shedding)" in out
    assert "table:   " in out
    assert "the game is over after 3 deals\n" in out
    assert "the game is saved in game.json\n" in out
    state = replay(load(tmp_path / "game.json"))
    assert state.is_over


@posix_only
def test_ctrl_c_saves_the_game_and_resume_ends_it_as_if_never_stopped(tmp_path: Path) -> None:
    full = pocha(*HUMAN_GAME, "--save", "full.json", stdin=ENOUGH, cwd=tmp_path)
    assert full.returncode == 0, full.stderr
    reference = load(tmp_path / "full.json")

    session = Session(*HUMAN_GAME, "--save", "game.json", cwd=tmp_path)
    session.send("1\n" * 4)
    session.wait_for("seat 1> ", 5)  # the fifth prompt: blocked, reading
    session.process.send_signal(signal.SIGINT)
    status, out, err = session.finish()
    assert status == 130
    assert err == "pocha poch play: interrupted\n"
    assert out.endswith(
        "the game so far is saved in game.json\n"
        "to go on with it: pocha poch play --resume game.json --human 1 --bot random "
        "--save game.json\n"
    )
    partial = load(tmp_path / "game.json")
    assert not replay(partial).is_over
    assert partial.moves == reference.moves[: len(partial.moves)]

    resumed = pocha(
        "poch", "play", "--resume", "game.json", "--human", "1", "--bot", "random",
        "--save", "game.json", stdin=ENOUGH, cwd=tmp_path,
    )  # fmt: skip
    assert resumed.returncode == 0, resumed.stderr
    assert f"{len(partial.moves)} moves played\n" in resumed.stdout
    # Under the deal's title, the moves made in it before the stop, in order.
    stopped = replay(partial)
    told = resumed.stdout.split(f"== deal {stopped.deal_number + 1} ")[1].split("-- seat 1")[0]
    assert [line for line in told.splitlines() if line.startswith("seat ")] == [
        f"seat {seat}: {move}" for seat, move in stopped.moves
    ]
    assert load(tmp_path / "game.json") == reference  # the bots went on where they were


def test_resume_refuses_a_finished_game_and_new_rules(tmp_path: Path) -> None:
    assert (
        pocha("poch", "play", "--players", "3", "--save", "done.json", cwd=tmp_path).returncode
        == 0
    )
    result = pocha("poch", "play", "--resume", "done.json", cwd=tmp_path)
    assert result.returncode == 1
    assert "the game is over" in result.stderr
    assert "'pocha poch replay done.json' shows it" in result.stderr
    result = pocha("poch", "play", "--resume", "done.json", "--players", "4", cwd=tmp_path)
    assert result.returncode == 2
    assert "--resume with --players: a saved game keeps its rules" in result.stderr


def test_quit_keeps_the_game_and_ends_well_with_save(tmp_path: Path) -> None:
    result = pocha(*HUMAN_GAME, "--save", "game.json", stdin="1\nquit\n", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "the game so far is saved in game.json" in result.stdout
    assert len(load(tmp_path / "game.json").moves) >= 1
    without = pocha(*HUMAN_GAME, stdin="1\nabandonar\n", cwd=tmp_path)
    assert without.returncode == 1
    assert "the game is abandoned" in without.stderr


def test_save_refuses_to_replace_a_file(tmp_path: Path) -> None:
    (tmp_path / "taken.json").write_text("{}")
    result = pocha("poch", "play", "--save", "taken.json", cwd=tmp_path)
    assert result.returncode == 2
    assert "the file exists; give --force to replace it" in result.stderr
    assert (tmp_path / "taken.json").read_text() == "{}"


HUGE = str(10**80)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("poch", "play", "--seed", HUGE), "--seed: the seeds must be less than 2**256"),
        (("poch", "simulate", "-n", HUGE), "-n: 1 to 1,000,000,000,000 games"),
        (("poch", "match", "-n", HUGE), "-n: a positive multiple of 2"),
        (("poch", "simulate", "-n", "3", "--seed", str(2**256 - 2)), "--seed: the seeds"),
        (("poch", "play", "--save", "a" * 300 + ".json"), "File name too long"),
        (("play", "--save", "a" * 300 + ".json"), "File name too long"),
    ],
)
def test_numbers_and_names_out_of_range_are_refused_in_one_line(
    args: tuple[str, ...], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before: a traceback for each of them.
    with pytest.raises(SystemExit) as exit_:
        main(["--lang", "en", *args])
    assert exit_.value.code == 2
    errors = capsys.readouterr().err
    assert said in errors
    assert "Traceback" not in errors
