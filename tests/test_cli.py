"""The ``pocha`` command, driven as a user would: ``python -m pocha_rules ...``."""

from __future__ import annotations

import io
import json
import os
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Final

import pytest

import pocha_rules
import pocha_rules._pocha.engine
from pocha_rules import Card, RuleSet, new_game, parse_move
from pocha_rules._cli import Output, build_parser
from pocha_rules.records import GameRecord, dump, load, replay
from tests.helpers import deal

# The subprocesses import the package these tests import: the source tree
# for an editable install, the compiled modules for a built wheel.
PACKAGE_ROOT: Final = Path(pocha_rules.__file__).resolve().parent.parent
GOLDEN: Final = Path(__file__).resolve().parent / "golden"
# Shared wins: no tiebreak rounds, so the input a test gives does not depend on
# how the bots happen to score.
SHORT: Final = ("--rule", "schedule=1,2", "--rule", "tiebreak=shared")


def pocha(
    *args: str, stdin: str = "", env: dict[str, str] | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m pocha_rules`` with ``args`` and piped stdin."""
    environment = {**os.environ, "PYTHONPATH": str(PACKAGE_ROOT), **(env or {})}
    environment.pop("NO_COLOR", None)
    if env and "NO_COLOR" in env:
        environment["NO_COLOR"] = env["NO_COLOR"]
    return subprocess.run(
        [sys.executable, "-m", "pocha_rules", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=environment,
        cwd=cwd,
        timeout=120,
        check=False,
    )


def sheet_rows(stdout: str) -> list[list[str]]:
    """The round rows of a printed score sheet (lines that start with a round number)."""
    return [line.split() for line in stdout.splitlines() if line[:5].strip().isdigit()]


# --- pocha play -----------------------------------------------------------------------


@pytest.mark.parametrize("bot", ["random", "montecarlo"])
def test_every_named_bot_plays_a_whole_game(bot: str, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = pocha("play", "--bot", bot, "--seed", "5", *SHORT, "--save", str(path))
    assert result.returncode == 0, result.stderr
    assert f"seats: 0 {bot} bot, 1 {bot} bot" in result.stdout
    assert replay(load(path)).is_over


def test_play_with_bots_only_prints_the_score_sheet(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = pocha("play", "--seed", "5", "--dealer", "1", *SHORT, "--save", str(path))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0] == "Pocha: 4 players, 2 rounds, seed 5, seat 1 deals first"
    assert lines[1].startswith("seats: 0 heuristic bot, 1 heuristic bot")
    assert lines[2].split() == ["round", "cards", "trump", "seat", "0", "seat", "1"] + [
        "seat",
        "2",
        "seat",
        "3",
    ]
    state = replay(load(path))
    rows = sheet_rows(result.stdout)
    assert len(rows) == len(state.round_results)
    for row, round_result in zip(rows, state.round_results, strict=True):
        assert row[:3] == [
            str(round_result.index + 1),
            str(round_result.cards),
            str(round_result.trump),
        ]
    final = f"final: {' '.join(map(str, state.scores))}; winners: "
    assert final in result.stdout
    assert f"the game is saved in {path}" in result.stdout


def test_the_sheet_shows_bids_won_and_running_totals(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = pocha("play", "--seed", "9", "--dealer", "0", *SHORT, "--save", str(path))
    state = replay(load(path))
    totals = [0] * 4
    for line, round_result in zip(
        [line for line in result.stdout.splitlines() if line[:5].strip().isdigit()],
        state.round_results,
        strict=True,
    ):
        for seat in range(4):
            totals[seat] += round_result.scores[seat]
            bid, won = round_result.bids[seat], round_result.won[seat]
            mark = " " if bid == won else "*"
            assert f"{bid}/{won}{mark}{totals[seat]:>5}" in line


def test_play_is_reproducible_with_a_seed(tmp_path: Path) -> None:
    one = pocha("play", "--seed", "11", *SHORT, "--save", str(tmp_path / "a.json"))
    two = pocha("play", "--seed", "11", *SHORT, "--save", str(tmp_path / "b.json"))
    assert one.stdout.replace("a.json", "b.json") == two.stdout
    assert load(tmp_path / "a.json") == load(tmp_path / "b.json")


def test_play_with_random_bots_and_options(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = pocha(
        "play", "--bot", "random", "--players", "3", "--deck", "48", "--seed", "2",
        "--rule", "schedule=1,2a,1b", "--rule", "double_when_oros=true", "--save", str(path),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    rules = load(path).rules
    assert (rules.players, rules.deck, rules.double_when_oros) == (3, 48, True)
    assert [str(r) for r in rules.schedule] == ["1", "2a", "1b"]
    assert "seats: 0 random bot" in result.stdout


def _first_hand(seed: int, dealer: int) -> tuple[Card, ...]:
    rules = RuleSet(schedule=[1, 2])
    return new_game(rules, seed=seed, dealer=dealer).hands[(dealer + 1) % 4]


def test_a_human_seat_is_shown_the_table_and_its_moves(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    # Seat 0 is the first player (dealer 3). Round 1: bid by number, then the
    # one card; round 2: numbers again.
    result = pocha(
        "play", "--human", "0", "--seed", "4", "--dealer", "3", *SHORT, "--save", str(path),
        stdin="1\n1\n1\n1\n1\n",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    hand = _first_hand(4, 3)
    out = result.stdout
    assert "== round 1/2: 1 card each; seat 3 deals\n" in out
    assert "-- seat 0, your move\n" in out
    assert f"hand:    {hand[0]}" in out
    assert "moves:   1) bid 0  2) bid 1" in out
    assert "seat 0> 1\nseat 0: bid 0" in out
    assert "seat 1: " in out
    assert "takes the trick" in out
    state = replay(load(path))
    assert state.history[0] == parse_move("bid 0")
    assert state.history[4] == parse_move(f"play {hand[0]}")


def test_an_illegal_entry_is_explained_and_asked_again() -> None:
    hand = _first_hand(4, 3)
    absent = next(c for c in ("1o", "1c", "1e") if Card.parse(c) not in hand)
    result = pocha(
        "play", "--human", "0", "--seed", "4", "--dealer", "3", *SHORT,
        stdin=f"bid 5\nhello\n9\nbid 0\nplay {absent}\n{hand[0]}\n1\n1\n1\n",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "seat 0> bid 5\nnot allowed: bids run from 0 to 1 in a 1-card round\nseat 0> " in out
    assert "seat 0> hello\ncannot parse 'hello': expected a rank from 1 to 12" in out
    assert "seat 0> 9\nthere is no move 9: choose 1 to 2\nseat 0> bid 0\nseat 0: bid 0" in out
    assert f"not allowed: {absent} is not in the hand ({hand[0]})" in out
    # A bare card is a play.
    assert f"seat 0> {hand[0]}\nseat 0: play {hand[0]}" in out


def test_a_human_dealer_chooses_trump_and_calls_in_an_auction() -> None:
    result = pocha(
        "play", "--human", "0", "--dealer", "0", "--seed", "1",
        "--rule", "schedule=10,2a", "--rule", "trump_when_all_dealt=dealer_chooses",
        stdin="trump e\n" + "1\n" * 60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "trump: not chosen yet (seat 0 chooses)" in out
    assert "moves:   1) trump o  2) trump c  3) trump e  4) trump b" in out
    assert "seat 0> trump e\nseat 0: trump e" in out
    assert "trump:   espadas (swords)\n" in out
    assert "== round 2/2 (2a): 2 cards each, an auction: the highest call names trump; " in out
    assert "trump: not chosen yet (auction round)" in out
    assert "auction: seat 2 " in out


def test_the_dealers_shown_card_is_on_the_screen() -> None:
    rules = RuleSet(schedule=[10])
    shown = new_game(rules, seed=2, dealer=3).trump_card
    assert shown is not None
    result = pocha(
        "play", "--human", "0", "--dealer", "3", "--seed", "2", "--rule", "schedule=10",
        stdin="1\n" * 20,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    trump = f"trump: {shown.suit} ({shown.suit.english}), seat 3 showed {shown}"
    assert f"{trump} and still holds it\n" in result.stdout


def test_end_of_input_ends_the_game_cleanly(tmp_path: Path) -> None:
    path = tmp_path / "partial.json"
    result = pocha(
        "play", "--human", "0", "--seed", "4", "--dealer", "3", *SHORT, "--save", str(path),
        stdin="1\n",
    )  # fmt: skip
    assert result.returncode == 1
    assert result.stderr == "pocha play: end of input: the game is abandoned\n"
    assert "Traceback" not in result.stdout + result.stderr
    assert f"the game so far is saved in {path}" in result.stdout
    state = replay(load(path))
    assert not state.is_over
    assert state.history[0] == parse_move("bid 0")


def test_quit_abandons_the_game() -> None:
    # Dealer 0: seats 1 to 3 bid before seat 0 quits, so there is a game to lose.
    result = pocha("play", "--human", "0", "--dealer", "0", *SHORT, stdin="quit\n")
    assert result.returncode == 1
    assert result.stderr == "pocha play: the game is abandoned\n"
    assert "the game is not saved (--save FILE keeps a game)" in result.stdout


def test_quit_after_save_says_where_and_how_to_resume(tmp_path: Path) -> None:
    # Before: saved, but "the game is abandoned" and status 1.
    path = tmp_path / "game.json"
    result = pocha(
        "play", "--human", "0", "--seed", "4", "--dealer", "3", *SHORT, "--save", str(path),
        stdin="1\nquit\n",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[-2:] == [
        f"the game so far is saved in {path}",
        f"to go on with it: pocha play --resume {path} --human 0 --save {path}",
    ]
    assert len(replay(load(path)).history) >= 1


def test_help_at_the_prompt_explains_cards_and_moves() -> None:
    result = pocha("play", "--human", "0", *SHORT, stdin="help\n")
    assert result.returncode == 1
    out = result.stdout
    assert "Cards are a rank, then a suit's letter: 1o is the as of oros" in out
    assert "suits: o oros (coins), c copas (cups), e espadas (swords), b bastos (clubs)" in out
    assert "10 sota, 11 caballo, 12 rey; the 40-card deck has no 8 or 9" in out
    assert "the strongest first: 1 3 12 11 10 7 6 5 4 2" in out
    for form in ("bid 2", "play 12o", "trump o", "call 3", "pass", "quit"):
        assert f"\n  {form} " in out, form


def test_help_follows_the_rules_deck_and_rank_order() -> None:
    result = pocha(
        "play", "--human", "0", "--deck", "48", "--rule", "rank_order=1,3,12,11,10,9,8,7,6,5,4,2",
        *SHORT, stdin="?\n",
    )  # fmt: skip
    assert "12 rey; 8 and 9 are in play" in result.stdout
    assert "the strongest first: 1 3 12 11 10 9 8 7 6 5 4 2" in result.stdout


def test_a_bad_entry_points_to_help() -> None:
    result = pocha(
        "play", "--human", "0", "--seed", "4", "--dealer", "3", *SHORT,
        stdin="hello\n" + "9" * 5000 + "\n",
    )  # fmt: skip
    assert "cannot parse 'hello'" in result.stdout
    assert "; type 'help' for how to write cards and moves\n" in result.stdout
    assert "there is no move 999999999...: choose 1 to 2\n" in result.stdout


def test_every_seat_can_be_human() -> None:
    entries = "1\n" * 200
    result = pocha(
        "play", "--human", "0", "--human", "1", "--human", "2", "--human", "3", *SHORT,
        stdin=entries,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "-- seat 3, your move" in result.stdout
    # Several people: none of them is "you".
    assert "seats: 0 person, 1 person, 2 person, 3 person" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--human", "4"), "pocha play: error: --human 4: seats run from 0 to 3"),
        (("--dealer", "-1"), "pocha play: error: --dealer -1: seats run from 0 to 3"),
        (
            ("--bot", "clever"),
            "--bot clever: unknown bot 'clever': give one of heuristic, montecarlo, random, "
            "trained or MODULE:CLASS",
        ),
        (("--seed", "x"), "argument --seed: invalid int value: 'x'"),
    ],
)
def test_play_refuses_bad_arguments(args: tuple[str, ...], message: str) -> None:
    result = pocha("play", *args, *SHORT)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_saving_to_a_bad_place_is_refused_before_the_game(tmp_path: Path) -> None:
    result = pocha("play", *SHORT, "--save", str(tmp_path / "no" / "such" / "dir.json"))
    assert result.returncode == 2
    assert result.stdout == ""
    folder = tmp_path / "no" / "such"
    assert f"pocha play: error: --save {folder}/dir.json: there is no folder '{folder}'" in (
        result.stderr
    )
    result = pocha("play", *SHORT, "--save", str(tmp_path))
    assert result.returncode == 2
    assert f"--save {tmp_path}: that is a folder; name a file" in result.stderr


# --- rules from the command line -------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--rule", "must_ruff=maybe"), "--rule must_ruff: expected true or false, got 'maybe'"),
        (("--rule", "hit_bonus=ten"), "--rule hit_bonus: expected a whole number, got 'ten'"),
        (("--rule", "players=9"), "invalid rules: players: Pocha is played by 3 to 8 players"),
        (("--rule", "colour=red"), "--rule colour: no such option; options: players, deck"),
        (("--rule", "tiebreak"), "--rule 'tiebreak': expected NAME=VALUE"),
        (("--rule", "miss_penalty=all"), "invalid rules: miss_penalty: must be one of"),
        (("--rule", "schedule=1,2,99"), "invalid rules: schedule[2]: 99 cards"),
        (("--rule", "schedule=1,x"), "invalid rules: schedule[1]: cannot parse 'x'"),
        (("--rule", "rank_order=1,x"), "--rule rank_order: expected ranks separated by commas"),
        (("--players", "2"), "invalid rules: players: Pocha is played by 3 to 8 players, got 2"),
        (("--deck", "52"), "invalid rules: deck: the Spanish deck has 40 or 48 cards, got 52"),
        (("--preset", "short"), "argument --preset: invalid choice: 'short'"),
    ],
)
def test_bad_rules_are_one_line_errors(args: tuple[str, ...], message: str) -> None:
    result = pocha("rules", *args)
    assert result.returncode == 2
    assert result.stdout == ""
    last = result.stderr.splitlines()[-1]
    assert last.startswith("pocha rules: error: ")
    assert message in last
    assert "Traceback" not in result.stderr


def test_rules_lists_every_option_and_the_schedule() -> None:
    result = pocha("rules")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    for name, value in RuleSet().options().items():
        if name == "schedule":
            continue
        assert any(line.split()[:1] == [name] for line in lines), name
        del value
    assert "miss_penalty             per_trick_off" in result.stdout
    assert "rank_order               1,3,12,11,10,7,6,5,4,2" in result.stdout
    assert "schedule (28 rounds): 1 1 1 1 2 3 4 5 6 7 8 9 10 10 10 10 9" in result.stdout
    assert "4 players, 40 cards in play, hands of up to 10 cards" in result.stdout


def test_rules_of_a_preset_with_options() -> None:
    result = pocha(
        "rules", "full", "--players", "3", "--rule", "must_overtake=false",
        "--rule", "miss_penalty=per_trick_bid", "--rule", "hit_bonus=20",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "3 players, 36 cards in play, hands of up to 12 cards" in out
    schedule = " ".join(out[out.index("schedule (") : out.index("schedule codes:")].split())
    assert schedule.startswith("schedule (32 rounds): 1 1 1 2 3")
    assert "12a 12a 12a" in schedule
    assert schedule.endswith("1b 1b 1b")
    rows = {line.split()[0]: line.split()[1] for line in out.splitlines()[1:20] if line}
    assert rows["must_overtake"] == "false"
    assert rows["miss_penalty"] == "per_trick_bid"
    assert rows["hit_bonus"] == "20"
    assert rows["remove_twos"] == "true"


def test_rule_values_are_read_by_type() -> None:
    result = pocha(
        "rules", "--rule", "zero_wins=yes", "--rule", "pocha_bonus=OFF",
        "--rule", "schedule=2, 3a ,1b", "--rule", "deck=48", "--rule", "revoke-penalty=-10",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "zero_wins                true" in out
    assert "pocha_bonus              false" in out
    assert "revoke_penalty           -10" in out
    assert "rank_order               1,3,12,11,10,9,8,7,6,5,4,2" in out
    assert "schedule (3 rounds): 2 3a 1b" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("full", "--preset", "classic"), "PRESET full and --preset classic: give one preset"),
        (("full", "--rule", "schedule=1,2"), "PRESET full and --rule schedule=...: give one"),
        (("--preset", "full", "--rule", "schedule=1"), "--preset full and --rule schedule=..."),
    ],
)
def test_rules_refuses_two_schedules(args: tuple[str, ...], message: str) -> None:
    result = pocha("rules", *args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert f"pocha rules: error: {message}" in result.stderr


def test_rules_accepts_a_preset_named_twice_alike() -> None:
    result = pocha("rules", "full", "--preset", "full")
    assert result.returncode == 0, result.stderr
    assert "schedule (32 rounds)" in result.stdout


def test_a_schedule_rule_may_name_a_preset() -> None:
    result = pocha("rules", "--deck", "48", "--rule", "schedule=up_down")
    assert "schedule (26 rounds): 1 2 3 4 5 6 7 8 9 10 11 12 12 12 12 11 10" in result.stdout


# --- pocha simulate ------------------------------------------------------------------


def test_simulate_prints_a_summary_per_seat() -> None:
    bots = "heuristic,random,random,random"
    result = pocha("simulate", "-n", "4", "--seed", "1", "--bots", bots, *SHORT)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "4 games, seeds 1 to 4"
    assert lines[1].split() == ["seat", "mean", "score", "exact", "bids", "pochas", "wins"]
    assert lines[2].startswith("seat 0 (heuristic)")
    assert lines[3].startswith("seat 1 (random)")
    assert lines[-1].endswith("games per second")


def test_simulate_json_is_for_machines() -> None:
    result = pocha("simulate", "-n", "5", "--seed", "3", "--json", "--bots", "random", *SHORT)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["games"] == 5
    assert report["rounds"] == 10
    assert report["first_seed"] == 3
    assert report["rules"]["schedule"] == ["1", "2"]
    seats = report["seats"]
    assert [s["seat"] for s in seats] == [0, 1, 2, 3]
    assert all(s["bot"] == "random" for s in seats)
    assert sum(s["wins"] for s in seats) >= 5
    assert all(0 <= s["exact_bid_rate"] <= 1 for s in seats)
    assert all(s["pochas"] == 0 for s in seats)  # no round reaches 6 cards
    assert report["games_per_second"] > 0


def test_simulate_summary_matches_the_games_it_played() -> None:
    # The same seeds through `play` give the games `simulate` summarised.
    report = json.loads(
        pocha("simulate", "-n", "3", "--seed", "20", "--json", "--bots", "random", *SHORT).stdout
    )
    totals = [0, 0, 0, 0]
    for seed in (20, 21, 22):
        out = pocha("play", "--seed", str(seed), "--bot", "random", *SHORT).stdout
        final = next(line for line in out.splitlines() if line.startswith("final: "))
        scores = final.removeprefix("final: ").split(";")[0].split()
        totals = [t + int(s) for t, s in zip(totals, scores, strict=True)]
    assert [s["mean_score"] for s in report["seats"]] == [t / 3 for t in totals]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--bots", "heuristic,random"), "--bots: 2 bots for 4 players (give 1 or one per seat)"),
        (
            ("--bots", "oracle"),
            "--bots: unknown bot 'oracle'; bots: heuristic, montecarlo, random",
        ),
        (("-n", "0"), "-n: 1 to 1,000,000,000,000 games, got 0"),
    ],
)
def test_simulate_refuses_bad_arguments(args: tuple[str, ...], message: str) -> None:
    result = pocha("simulate", *args, *SHORT)
    assert result.returncode == 2
    assert message in result.stderr


# --- pocha validate and replay ---------------------------------------------------------------


def test_validate_a_good_record() -> None:
    result = pocha("validate", str(GOLDEN / "classic_4p.json"))
    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        f"OK: {GOLDEN / 'classic_4p.json'}: 32 rounds, "
        f"{len(load(GOLDEN / 'classic_4p.json').moves)} moves, game finished\n"
    )


def test_validate_reports_the_first_problem(tmp_path: Path) -> None:
    data = json.loads((GOLDEN / "classic_4p.json").read_text())
    data["moves"][3] = "bid 9"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    result = pocha("validate", str(path))
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == (
        f"pocha validate: {path}: invalid record at moves[3]: seat 0 may not bid 9: "
        "bids run from 0 to 1 in a 1-card round\n"
    )


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{", "invalid record at record: not valid JSON"),
        ('{"format": "pocha-record", "version": 7}', "at version: this library reads version 1"),
        ("[]", "invalid record at record: expected an object, got a list"),
    ],
)
def test_validate_refuses_broken_files(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "broken.json"
    path.write_text(content)
    result = pocha("validate", str(path))
    assert result.returncode == 1
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_validate_a_missing_file() -> None:
    result = pocha("validate", "no-such-record.json")
    assert result.returncode == 1
    assert result.stderr == (
        "pocha validate: cannot read no-such-record.json: No such file or directory\n"
    )


def _revoke_file(tmp_path: Path) -> Path:
    # The worked example "Overtake when you can": seat 2 must play 3c but plays 4c.
    rules = RuleSet(schedule=["3"])
    the_deal = deal("5c 1o 2o", "7c 11b 12b", "3c 4c 1b", "6c 7o 10o", trump="7e")
    moves = ["bid 1", "bid 0", "bid 1", "bid 0", "play 5c", "play 7c", "play 4c"]
    record = GameRecord(
        rules=rules, seed=1, first_dealer=3, deals=[the_deal],
        moves=[parse_move(m) for m in moves],
    )  # fmt: skip
    path = tmp_path / "revoke.json"
    dump(record, path)
    return path


def test_validate_lenient_accepts_and_lists_revokes(tmp_path: Path) -> None:
    path = _revoke_file(tmp_path)
    strict = pocha("validate", str(path))
    assert strict.returncode == 1
    assert "invalid record at moves[6]: seat 2 may not play 4c" in strict.stderr
    lenient = pocha("validate", "--lenient", str(path))
    assert lenient.returncode == 0, lenient.stderr
    assert lenient.stdout.splitlines() == [
        f"OK: {path}: 0 rounds, 7 moves, game in progress (round 1)",
        "revoke: moves[6] seat 2 play 4c: must overtake 7c with a higher copas: 3c",
        "totals with revoke penalties: 0 0 -50 0",
    ]


def test_replay_prints_the_score_sheet_of_a_record() -> None:
    path = GOLDEN / "full_double_oros_4p.json"
    result = pocha("replay", str(path))
    assert result.returncode == 0, result.stderr
    state = replay(load(path))
    rows = sheet_rows(result.stdout)
    assert len(rows) == 32
    assert rows[16][:3] == ["17", "10a", str(state.round_results[16].trump)]
    assert rows[-1][1] == "1b"
    assert "final: -465 -250 -375 -350; winners: seat 1" in result.stdout
    assert state.scores == (-465, -250, -375, -350)
    assert result.stdout.splitlines()[0] == f"{path}: 4 players, seed 7, seat 2 dealt first"


def test_replay_lenient_reports_revokes(tmp_path: Path) -> None:
    result = pocha("replay", "--lenient", str(_revoke_file(tmp_path)))
    assert result.returncode == 0, result.stderr
    assert "the game stops in round 1" in result.stdout
    assert "totals with revoke penalties: 0 0 -50 0" in result.stdout


def test_replay_moves_tells_the_game_trick_by_trick() -> None:
    path = GOLDEN / "full_double_oros_4p.json"
    result = pocha("replay", "--moves", str(path))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    state = replay(load(path))
    results = state.round_results
    assert lines[1] == "round 1 (1 card each), seat 2 deals; 7e turned up, trump espadas"
    assert lines[2] == "  bids: seat 3 1, seat 0 0, seat 1 1, seat 2 0"
    assert (
        lines[3]
        == "  trick 1: 1c (seat 3), 5e (seat 0), 5o (seat 1), 2c (seat 2); seat 0 takes it"
    )
    tricks = [line for line in lines if line.startswith("  trick ")]
    assert len(tricks) == sum(r.cards for r in results)
    ends = [line for line in lines if " ends: " in line]
    assert len(ends) == len(results)
    for line, r in zip(ends, results, strict=True):
        assert f"won {' '.join(map(str, r.won))}," in line
    auctions = [line for line in lines if "wins the auction" in line]
    assert len(auctions) == sum(r.kind == "auction" for r in results)
    assert "game over: -465 -250 -375 -350; winners: seat 1" in lines
    # The score sheet follows, as without --moves.
    assert "final: -465 -250 -375 -350; winners: seat 1" in result.stdout


def test_replay_moves_of_a_game_in_progress_with_a_revoke(tmp_path: Path) -> None:
    result = pocha("replay", "--moves", "--lenient", str(_revoke_file(tmp_path)))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1:5] == [
        "round 1 (3 cards each), seat 3 deals; 7e turned up, trump espadas",
        "  bids: seat 0 1, seat 1 0, seat 2 1, seat 3 0",
        "  on the table: 5c (seat 0), 7c (seat 1), 4c (seat 2)",
        "  the record stops here: seat 3 to move (play)",
    ]


def test_replay_of_a_broken_record_fails(tmp_path: Path) -> None:
    result = pocha("replay", str(_revoke_file(tmp_path)))
    assert result.returncode == 1
    assert "moves[6]" in result.stderr


# --- the command itself -------------------------------------------------------------------


def test_version_names_the_build() -> None:
    result = pocha("--version")
    assert result.returncode == 0
    compiled = Path(pocha_rules._pocha.engine.__file__).suffix != ".py"
    build = "compiled with mypyc" if compiled else "pure Python"
    assert result.stdout.strip() == f"pocha-rules {pocha_rules.__version__} ({build})"


def test_help_lists_the_commands() -> None:
    result = pocha("--help")
    assert result.returncode == 0
    for command in ("play", "simulate", "validate", "replay", "rules"):
        assert command in result.stdout


@pytest.mark.parametrize("command", ["", "play", "rules", "validate", "replay"])
def test_help_ends_with_examples_that_parse(command: str) -> None:
    result = pocha(*command.split(), "--help")
    assert result.returncode == 0
    assert "\nexamples:\n" in result.stdout
    lines = [line for line in result.stdout.split("\nexamples:\n")[1].splitlines() if line]
    assert lines
    for line in lines:
        words = shlex.split(line, comments=True)
        assert words[0] == "pocha", line
        if "COMMAND" in words:
            continue
        if command:
            assert words[1] == command, line
        build_parser().parse_args(words[1:])  # a bad example exits here


def test_a_reader_that_goes_away_is_no_error() -> None:
    # As in `pocha replay game.json | head -1`: stdout is closed before the
    # command writes.
    environment = {**os.environ, "PYTHONPATH": str(PACKAGE_ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-m", "pocha_rules", "replay", str(GOLDEN / "classic_4p.json")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=environment,
    )
    assert process.stdout is not None
    assert process.stderr is not None
    process.stdout.close()
    errors = process.stderr.read().decode()
    process.stderr.close()
    assert process.wait(timeout=60) == 1
    assert errors == ""


def test_bare_pocha_prints_the_help() -> None:
    result = pocha()
    assert result.returncode == 0
    assert result.stderr == ""
    assert result.stdout == pocha("--help").stdout
    assert result.stdout.startswith("usage: pocha ")
    assert "examples:\n  pocha play --human 0" in result.stdout


def test_a_command_is_required() -> None:
    result = pocha("--plain")
    assert result.returncode == 2
    assert "the following arguments are required: COMMAND" in result.stderr


def test_plain_output_has_no_escape_codes() -> None:
    for extra in ((), ("--plain",)):
        result = pocha(*extra, "rules", env={"NO_COLOR": "1"})
        assert result.returncode == 0
        assert "\x1b[" not in result.stdout


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_output_uses_rich_only_on_a_terminal_without_no_color(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert Output(_Terminal(), plain=False).rich
    assert not Output(_Terminal(), plain=True).rich
    assert not Output(io.StringIO(), plain=False).rich
    monkeypatch.setenv("NO_COLOR", "1")
    assert not Output(_Terminal(), plain=False).rich


def test_output_is_plain_on_a_terminal_without_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setitem(sys.modules, "rich.console", None)  # as if not installed
    stream = _Terminal()
    out = Output(stream, plain=False)
    assert not out.rich
    out.line("no colour")
    assert stream.getvalue() == "no colour\n"


def test_rich_tables_hold_the_same_cells(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    stream = _Terminal()
    out = Output(stream, plain=False)
    out.table("title", ["seat", "wins"], [["seat 0", "3"], ["seat 1", "12"]])
    with out.progress(2, "games") as advance:
        advance()
        advance()
    text = stream.getvalue()
    for cell in ("title", "seat", "wins", "seat 0", "3", "seat 1", "12"):
        assert cell in text


def test_plain_tables_are_aligned() -> None:
    stream = io.StringIO()
    Output(stream, plain=True).table(None, ["seat", "wins"], [["seat 0", "3"], ["s1", "12"]])
    assert stream.getvalue() == "seat    wins\nseat 0     3\ns1        12\n"


def test_the_parser_knows_every_command() -> None:
    parser = build_parser()
    args = parser.parse_args(["simulate", "-n", "3", "--rule", "players=5"])
    assert (args.command, args.games, args.rule) == ("simulate", 3, ["players=5"])
