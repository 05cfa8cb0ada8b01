from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from pocha_rules import HeuristicBot, InvalidRecordError, PochaError, RandomBot, RuleSet
from pocha_rules.matches import BotFactory
from pocha_rules.parallel import Interrupted
from pocha_rules.tournaments import SetResult, Tournament, TournamentLog
from tests.arena_helpers import BrokenBot

RULES = RuleSet(schedule=[2, 3])
BOTS: dict[str, BotFactory] = {"heuristic": HeuristicBot, "random": RandomBot, "broken": BrokenBot}


def make(sets: int = 3, seed: int = 5, bots: Mapping[str, BotFactory] = BOTS) -> Tournament:
    return Tournament(RULES, bots, sets=sets, seed=seed)


def test_every_pair_plays_every_set_on_the_same_deals() -> None:
    tournament = make()
    assert tournament.pairs == (
        ("heuristic", "random"),
        ("heuristic", "broken"),
        ("random", "broken"),
    )
    result = tournament.run(workers=1)
    assert result.complete
    assert len(result.sets) == 9
    assert {(r.pair, r.number) for r in result.sets} == {
        (pair, n) for pair in tournament.pairs for n in range(3)
    }
    # Four seats, two bots: a, b, a, b comes back after two games.
    assert all(r.games == 2 and r.seats == (2, 2) for r in result.sets)
    match = tournament._matches[0]
    assert match.deal_seed(0) == match.deal_seed(1) == tournament._matches[2].deal_seed(0)


def test_results_do_not_depend_on_workers_or_chunks() -> None:
    one = make().run(workers=1)
    two = make().run(workers=2, chunk_size=2)
    assert one == two


def test_a_faulty_bot_forfeits_games_not_the_tournament() -> None:
    result = make().run(workers=1)
    assert result.complete
    assert result.faults, "the broken bot raised in its games"
    assert all("broken" in line and "forfeits (error)" in line for line in result.faults)
    ratings = [r.name for r in result.ratings()]
    assert ratings[-1] == "broken"


def test_set_outcome_compares_the_mean_per_seat() -> None:
    assert SetResult(("a", "b"), 0, (20, 10), (2, 1), 3).outcome == 0.5
    assert SetResult(("a", "b"), 0, (21, 10), (2, 1), 3).outcome == 1.0
    assert SetResult(("a", "b"), 0, (-5, 10), (2, 2), 2).outcome == 0.0


def test_crosstable_points_add_up_to_the_sets_played() -> None:
    result = make().run(workers=1)
    cross = result.crosstable()
    for a, b in make().pairs:
        assert cross[a, b][0] + cross[b, a][0] == cross[a, b][1] == 3


def test_resume_from_a_log_gives_the_result_of_an_uninterrupted_run(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    full = make().run(workers=1)
    log = TournamentLog(path, {"name": "test"})
    log.create()
    stop_after = 4
    seen: list[SetResult] = []

    def saved(results: Sequence[SetResult]) -> None:
        log.append(results)
        seen.extend(results)
        if len(seen) >= stop_after:
            raise KeyboardInterrupt

    with pytest.raises(Interrupted) as stopped:
        make().run(workers=1, chunk_size=1, on_result=saved)
    assert len(stopped.value.finished.sets) == stop_after
    done = TournamentLog(path, {"name": "test"}).read()
    assert len(done) == stop_after
    rest: list[SetResult] = []
    resumed = make().run(done=done, workers=1, on_result=rest.extend)
    assert len(rest) == 9 - stop_after, "the finished sets are not played again"
    assert resumed == full


def test_log_drops_a_last_line_cut_short_and_appends_after_it(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    log = TournamentLog(path, {"sets": 1})
    log.create()
    first = SetResult(("a", "b"), 0, (1, 2), (2, 2), 2)
    log.append([first])
    with path.open("a") as file:
        file.write('{"pair": ["a", "b"], "set": 1, "poi')
    again = TournamentLog(path, {"sets": 1})
    assert again.read() == [first]
    assert again.damaged == 1
    second = SetResult(("a", "b"), 1, (3, 2), (2, 2), 2)
    again.append([second])
    assert TournamentLog(path, {"sets": 1}).read() == [first, second]


def test_log_refuses_another_tournament_and_damage_in_the_middle(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    log = TournamentLog(path, {"sets": 1})
    log.create()
    with pytest.raises(FileExistsError):
        log.create()
    with pytest.raises(InvalidRecordError, match="another tournament's \\(sets differ\\)"):
        TournamentLog(path, {"sets": 2}).read()
    with path.open("a") as file:
        file.write("garbage\n" + json.dumps(SetResult(("a", "b"), 0, (1, 2), (2, 2), 2).as_dict()))
    with pytest.raises(InvalidRecordError, match="line 2: not JSON"):
        TournamentLog(path, {"sets": 1}).read()
    (tmp_path / "x").write_text("{}\n")
    with pytest.raises(InvalidRecordError, match="not a pocha-tournament log"):
        TournamentLog.read_header(tmp_path / "x")


@pytest.mark.parametrize(
    ("data", "where"),
    [
        ([], "set: expected an object"),
        ({"pair": ["a"], "points": [1, 2], "seats": [1, 1], "set": 0, "games": 1}, "set.pair"),
        (
            {"pair": ["a", "b"], "points": [1, "2"], "seats": [1, 1], "set": 0, "games": 1},
            "set.points",
        ),
        (
            {"pair": ["a", "b"], "points": [1, 2], "seats": [1, 1], "set": -1, "games": 1},
            "set.set",
        ),
        (
            {
                "pair": ["a", "b"],
                "points": [1, 2],
                "seats": [1, 1],
                "set": 0,
                "games": 1,
                "faults": [3],
            },
            "set.faults",
        ),
    ],
)
def test_malformed_set_lines_say_where(data: object, where: str) -> None:
    with pytest.raises(InvalidRecordError, match=where.replace(".", "\\.")):
        SetResult.from_dict(data)


def test_done_sets_of_another_tournament_are_refused() -> None:
    with pytest.raises(PochaError, match="not one of this tournament's"):
        make().run(done=[SetResult(("x", "y"), 0, (1, 1), (2, 2), 2)], workers=1)


def test_bad_arguments() -> None:
    with pytest.raises(PochaError, match="two bots or more"):
        Tournament(RULES, {"h": HeuristicBot}, sets=1)
    with pytest.raises(PochaError, match="sets must be at least 1"):
        Tournament(RULES, BOTS, sets=0)
    with pytest.raises(TypeError, match="sets must be an int"):
        Tournament(RULES, BOTS, sets="3")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rules must be a RuleSet"):
        Tournament({}, BOTS, sets=3)  # type: ignore[arg-type]


def test_the_sets_left_to_play_cost_no_memory_before_they_are_played() -> None:
    from pocha_rules.tournaments import _Remaining

    huge = _Remaining(10**18, [0, 5, 6, 10**17])
    assert len(huge) == 10**18 - 4
    assert [huge[i] for i in range(6)] == [1, 2, 3, 4, 7, 8]
    assert huge[len(huge) - 1] == 10**18 - 1
    rng = random.Random(3)
    for _ in range(200):
        count = rng.randint(0, 30)
        done = sorted(rng.sample(range(count), rng.randint(0, count)))
        left = _Remaining(count, done)
        assert [left[i] for i in range(len(left))] == [n for n in range(count) if n not in done]


def test_a_tournament_of_a_trillion_sets_is_set_up_at_once() -> None:
    tournament = Tournament(RuleSet(schedule=[1]), {"a": RandomBot, "b": RandomBot}, sets=10**12)
    assert tournament.count == 10**12
    with pytest.raises(PochaError, match="sets must be at most 1,000,000,000,000"):
        Tournament(RuleSet(schedule=[1]), {"a": RandomBot, "b": RandomBot}, sets=10**80)
