"""pocha_rules.matches: fair seating, the duplicate format, statistics worked
out from the games themselves, and the same results however a match is
spread."""

from __future__ import annotations

import concurrent.futures as cf
import copy
import functools
import json
import math
import os
import pickle
import statistics
from pathlib import Path
from typing import Final

import pytest

from pocha_rules import (
    HeuristicBot,
    Move,
    PochaError,
    RandomBot,
    RuleSet,
    apply,
    new_game,
    observe,
    play_game,
)
from pocha_rules.matches import (
    BotFactory,
    BotFailedError,
    Match,
    MatchResult,
    _t_quantile,
    play_match,
)
from pocha_rules.records import GameRecord
from tests.parallel_helpers import DyingBot, FaultyBot, FirstMoveBot, IllegalBot, process_pool

SHORT: Final = RuleSet(schedule=(3, 5, 3))
BOTS: Final[dict[str, BotFactory]] = {"heuristic": HeuristicBot, "random": RandomBot}


def per_set_scores(match: Match[RuleSet], games: int) -> dict[str, list[float]]:
    """Each bot's mean score per game in every set, from the games alone."""
    out: dict[str, list[float]] = {name: [] for name in match.names}
    for first in range(0, games, match.set_size):
        sums = dict.fromkeys(match.names, 0)
        for game in range(first, first + match.set_size):
            final = match.play(game)
            for seat, name in enumerate(match.seating(game)):
                sums[name] += final.scores[seat]
        for name in match.names:
            out[name].append(sums[name] / (match.set_size * match.lineup.count(name)))
    return out


# --- seating and deals -----------------------------------------------------------------


def test_every_bot_sits_in_every_seat_equally_often() -> None:
    rules = RuleSet(players=6)
    match = Match(rules, {"a": RandomBot, "b": RandomBot, "c": HeuristicBot},
                  lineup=["a", "b", "b", "c", "c", "c"])  # fmt: skip
    assert match.set_size == 6
    for seat in range(6):
        held = [match.seating(game)[seat] for game in range(6)]
        assert sorted(held) == ["a", "b", "b", "c", "c", "c"]
    assert match.seating(7) == match.seating(1)
    assert match.seating(1) == ("c", "a", "b", "b", "c", "c")


@pytest.mark.parametrize(
    ("lineup", "size"),
    [(["a", "b", "a", "b"], 2), (["a", "b", "b", "b"], 4), (["a", "a", "a", "a"], 1)],
)
def test_a_set_is_as_long_as_the_lineup_takes_to_come_back(lineup: list[str], size: int) -> None:
    bots = dict.fromkeys(lineup, RandomBot)
    match = Match(RuleSet(), bots, lineup=lineup)
    assert match.set_size == size
    assert match.seating(size) == match.seating(0) == tuple(lineup)


def test_the_default_lineup_takes_the_bots_in_turn() -> None:
    match = Match(RuleSet(players=5), {"x": RandomBot, "y": HeuristicBot})
    assert match.lineup == ("x", "y", "x", "y", "x")
    assert match.set_size == 5


def test_duplicate_replays_each_deal_so_every_bot_holds_every_hand() -> None:
    match = Match(RuleSet(schedule=(2, "3a", 4)), BOTS, lineup=["heuristic", *["random"] * 3],
                  seed=11, duplicate=True)  # fmt: skip
    for deal_set in range(2):
        games = range(4 * deal_set, 4 * deal_set + 4)
        finals = [match.play(game) for game in games]
        starts = [new_game(match.rules, seed=match.deal_seed(game)) for game in games]
        assert len({(s.hands, s.first_dealer) for s in starts}) == 1
        # Every round's cards were the same in every game of the set.
        deals = [GameRecord.from_state(final).deals[:3] for final in finals]
        assert all(len(d) == 3 for d in deals)
        assert deals[1:] == deals[:-1]
        seats = [match.seating(game).index("heuristic") for game in games]
        assert sorted(seats) == [0, 1, 2, 3]  # it held each of the four hands
    assert match.deal_seed(4) != match.deal_seed(3)


def test_seated_games_each_have_their_own_deal() -> None:
    match = Match(SHORT, BOTS, seed=5)
    assert [match.deal_seed(game) for game in range(4)] == [5, 6, 7, 8]


def test_a_game_of_a_match_is_play_game_with_its_bots() -> None:
    match = Match(SHORT, BOTS, seed=2, duplicate=True)
    bots = [
        (HeuristicBot if name == "heuristic" else RandomBot)(seed=match.bot_seed(3, seat))
        for seat, name in enumerate(match.seating(3))
    ]
    assert match.play(3) == play_game(SHORT, bots, seed=match.deal_seed(3))
    assert len({match.bot_seed(3, seat) for seat in range(4)}) == 4
    assert 0 <= match.bot_seed(3, 0) < 2**63


# --- statistics ------------------------------------------------------------------------


@pytest.mark.parametrize("duplicate", [False, True])
def test_the_figures_are_those_of_the_games_played(duplicate: bool) -> None:
    lineup = ["heuristic", "random", "random", "random"]
    match = Match(SHORT, BOTS, lineup=lineup, seed=8, duplicate=duplicate)
    result = match.run(24, workers=1)
    sets = per_set_scores(match, 24)
    assert (result.games, result.sets, result.complete) == (24, 6, True)
    assert result.deals == (6 if duplicate else 24)
    wins = dict.fromkeys(match.names, 0)
    for game in range(24):
        seating = match.seating(game)
        for seat in match.play(game).winners:
            wins[seating[seat]] += 1
    for name, stats in result.bots.items():
        scores = sets[name]
        mean, stderr = statistics.fmean(scores), statistics.stdev(scores) / math.sqrt(6)
        assert stats.score.mean == pytest.approx(mean, rel=1e-12, abs=1e-12)
        assert stats.score.stderr == pytest.approx(stderr, rel=1e-12)
        assert stats.score.low == pytest.approx(mean - 2.570582 * stderr, rel=1e-9)
        assert stats.score.high == pytest.approx(mean + 2.570582 * stderr, rel=1e-9)
        assert stats.wins == wins[name]
        assert stats.win_rate == wins[name] / (24 * lineup.count(name))
        assert stats.seats == lineup.count(name)
    others = [statistics.fmean([r, r, r]) for r in sets["random"]]
    margins = [h - o for h, o in zip(sets["heuristic"], others, strict=True)]
    advantage = result.bots["heuristic"].advantage
    assert advantage is not None
    assert advantage.mean == pytest.approx(statistics.fmean(margins), abs=1e-12)
    assert advantage.stderr == pytest.approx(statistics.stdev(margins) / math.sqrt(6))
    difference = result.difference("heuristic", "random")
    assert difference.mean == pytest.approx(advantage.mean, abs=1e-12)
    against = result.difference("random", "heuristic")
    assert against.mean == pytest.approx(-difference.mean, abs=1e-12)
    assert against.stderr == pytest.approx(difference.stderr)


def test_a_bot_in_every_seat_has_no_advantage() -> None:
    result = play_match(SHORT, {"h": HeuristicBot}, 3, workers=1)
    stats = result.bots["h"]
    assert (stats.seats, stats.advantage, result.set_size, result.sets) == (4, None, 1, 3)


def test_duplicate_cancels_the_luck_of_the_cards() -> None:
    # Two copies of a bot with no randomness: in the duplicate format each
    # holds the other's hands in the other game of every set, so the two are
    # exactly level in every set; seated, the cards make them differ.
    bots: dict[str, BotFactory] = {"one": FirstMoveBot, "two": FirstMoveBot}
    duplicate = play_match(SHORT, bots, 20, seed=3, duplicate=True, workers=1)
    seated = play_match(SHORT, bots, 20, seed=3, workers=1)
    level = duplicate.difference("one", "two")
    assert (level.mean, level.stderr, level.low, level.high) == (0.0, 0.0, 0.0, 0.0)
    assert not level.excludes_zero
    luck = seated.difference("one", "two")
    assert luck.stderr is not None
    assert luck.stderr > 0


def test_t_quantiles() -> None:
    table = {1: 12.7062, 2: 4.3027, 3: 3.1824, 5: 2.5706, 7: 2.3646, 10: 2.2281,
             20: 2.0860, 30: 2.0423, 60: 2.0003, 120: 1.9799, 10_000: 1.9602}  # fmt: skip
    for df, value in table.items():
        assert _t_quantile(df) == pytest.approx(value, abs=1e-4)


def test_one_set_has_a_mean_and_no_interval() -> None:
    result = play_match(SHORT, BOTS, 2, workers=1)
    score = result.bots["heuristic"].score
    assert (score.sets, score.stderr, score.low, score.high) == (1, None, None, None)
    assert not math.isnan(score.mean)


def test_results_as_json() -> None:
    result = play_match(SHORT, BOTS, 8, seed=4, duplicate=True, workers=1)
    data = json.loads(json.dumps(result.as_dict()))
    assert data["format"] == "duplicate"
    assert (data["games"], data["sets"], data["deals"], data["set_size"]) == (8, 4, 4, 2)
    assert data["lineup"] == ["heuristic", "random", "heuristic", "random"]
    first = data["bots"][0]
    stats = result.bots["heuristic"]
    assert first["name"] == "heuristic"
    assert first["mean_score"] == stats.score.mean
    assert first["ci95"] == [stats.score.low, stats.score.high]
    assert first["advantage"]["mean"] == pytest.approx(
        result.difference("heuristic", "random").mean
    )


def test_difference_names_the_bots() -> None:
    result = play_match(SHORT, BOTS, 2, workers=1)
    with pytest.raises(KeyError, match="no bot named 'mc'"):
        result.difference("mc", "random")
    with pytest.raises(ValueError, match="with itself"):
        result.difference("random", "random")


# --- the same results however the match is spread ---------------------------------------


def test_a_match_gives_the_same_result_however_it_is_spread() -> None:
    match = Match(SHORT, BOTS, lineup=["random", "heuristic", "random", "random"], seed=21,
                  duplicate=True)  # fmt: skip
    expected = match.run(24, workers=1)
    for kwargs in ({"workers": 2}, {"workers": 2, "chunk_size": 1}, {"chunk_size": 9}):
        assert match.run(24, **kwargs) == expected  # type: ignore[arg-type]
    with cf.ThreadPoolExecutor(3) as threads:
        assert match.run(24, executor=threads, chunk_size=4) == expected
    with process_pool(2) as processes:
        assert match.run(24, executor=processes, workers=2) == expected


def test_a_dead_worker_does_not_change_the_result(tmp_path: Path) -> None:
    marker = tmp_path / "died"
    dying = functools.partial(DyingBot, marker=str(marker), home=os.getpid())
    steps: list[int] = []
    result = play_match(SHORT, {"random": dying, "heuristic": HeuristicBot}, 16, seed=6,
                        workers=2, chunk_size=2, progress=steps.append)  # fmt: skip
    assert marker.exists()  # a worker was killed
    assert sum(steps) == 16
    reference = play_match(SHORT, {"random": RandomBot, "heuristic": HeuristicBot}, 16, seed=6,
                           workers=1)  # fmt: skip
    assert result == reference


def test_an_illegal_move_names_the_bot_the_seat_and_the_game() -> None:
    with pytest.raises(BotFailedError) as caught:
        play_match(SHORT, {"bad": IllegalBot, "random": RandomBot}, 4, seed=1, workers=2)
    error = caught.value
    # Whichever game failed first: every game of this match fails.
    assert error.bot == "bad"
    assert error.seat % 2 == error.game % 2  # seats 0 and 2 in even games
    assert error.deal_seed == error.game + 1
    assert str(error) == (
        f"bot 'bad' at seat {error.seat} in game {error.game} of the match "
        f"(deal seed {error.deal_seed}) its move 'bid 99' is illegal: "
        "bids run from 0 to 3 in a 3-card round"
    )
    assert error.trace == ""
    assert isinstance(error.finished, MatchResult)
    assert not error.finished.complete


FAULTS: Final = {
    "raise": "raised ValueError: the bot broke",
    "none": "returned None, which is not a move",
    "illegal": "its move 'bid 99' is illegal: bids run from 0 to 3 in a 3-card round",
}


@pytest.mark.parametrize("how", sorted(FAULTS))
@pytest.mark.parametrize("workers", [1, 2])
def test_a_failing_bot_stops_the_match_and_keeps_the_finished_games(
    how: str, workers: int
) -> None:
    # Before: the bot's own exception, with the finished games thrown away
    # (and the seat and bot named only for an illegal move).
    match = Match(SHORT, {"bad": RandomBot, "random": RandomBot}, seed=5)
    failing_game = 7  # set 3 (2 games a set)
    seeds = frozenset({match.bot_seed(failing_game, 1)})
    bad = functools.partial(FaultyBot, fail_seeds=seeds, how=how)
    faulty = Match(SHORT, {"bad": bad, "random": RandomBot}, seed=5)
    with pytest.raises(BotFailedError) as caught:
        faulty.run(20, workers=workers, chunk_size=2)
    error = caught.value
    assert (error.bot, error.seat, error.game, error.deal_seed) == ("bad", 1, 7, 12)
    assert str(error) == f"bot 'bad' at seat 1 in game 7 of the match (deal seed 12) {FAULTS[how]}"
    assert ("ValueError: the bot broke" in error.trace) == (how == "raise")
    finished = error.finished
    assert finished is not None
    assert not finished.complete
    # Every set before the failing one is kept (with workers, some after it
    # too), and the failing set is never counted.
    assert range(6, 8) in error.missing or any(6 in r and 7 in r for r in error.missing)
    assert finished.games + sum(map(len, error.missing)) == 20
    if workers == 1:
        assert finished.games == 6
        assert error.missing == (range(6, 20),)
        assert finished.as_dict() | {"complete": True} == match.run(6, workers=1).as_dict()


def test_a_bot_factory_that_raises_is_named() -> None:
    def broken(*, seed: int) -> RandomBot:
        raise ZeroDivisionError(seed)

    with pytest.raises(
        BotFailedError,
        match=r"bot 'n' at seat 1 in game 0 of the match "
        r"\(deal seed 0\) could not be built: raised ZeroDivisionError: \d+$",
    ):
        play_match(SHORT, {"r": RandomBot, "n": broken}, 2, workers=1)


# --- pickling --------------------------------------------------------------------------


def test_bots_rules_and_matches_pickle() -> None:
    rules = RuleSet(players=5, deck=48, schedule="full")
    state = new_game(rules, seed=3)
    for bot in (RandomBot(seed=9), HeuristicBot(seed=9)):
        moves: list[Move] = []
        while not state.is_over and len(moves) < 40:  # the bots' state mid-game travels
            seat = state.to_move
            assert seat is not None
            twin = pickle.loads(pickle.dumps(bot))
            view = observe(state, seat)
            move = bot.act(view)
            assert twin.act(view) == move
            moves.append(move)
            state = apply(state, move)
        state = new_game(rules, seed=3)
    assert pickle.loads(pickle.dumps(rules)) == rules
    match = Match(rules, BOTS, seed=4, duplicate=True)
    twin = pickle.loads(pickle.dumps(match))
    assert (twin.rules, twin.lineup, twin.seed, twin.duplicate) == (rules, match.lineup, 4, True)
    assert twin.play(3) == match.play(3)
    result = play_match(SHORT, BOTS, 2, workers=1)
    assert pickle.loads(pickle.dumps(result)) == result
    assert copy.deepcopy(result) == result


# --- bad input -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "message"),
    [
        (("classic", BOTS), {}, TypeError, "rules must be a RuleSet"),
        ((SHORT, [HeuristicBot]), {}, TypeError, "bots must be a mapping of names"),
        ((SHORT, {"h": 3}), {}, TypeError, "bot 'h': a factory must be callable"),
        ((SHORT, {1: RandomBot}), {}, TypeError, "bot names must be non-empty strings"),
        ((SHORT, {}), {}, PochaError, "a match needs at least one bot"),
        ((SHORT, BOTS), {"seed": "7"}, TypeError, "seed must be an int"),
        ((SHORT, BOTS), {"duplicate": 1}, TypeError, "duplicate must be a bool"),
        ((SHORT, BOTS), {"lineup": ["random"] * 3}, PochaError,
         "the lineup names 3 seats, the rules have 4"),
        ((SHORT, BOTS), {"lineup": ["random"] * 4}, PochaError,
         "bot 'heuristic' has no seat in the lineup"),
        ((SHORT, BOTS), {"lineup": ["random", "mc", "random", "heuristic"]}, PochaError,
         "the lineup names 'mc', which is not one of the bots"),
        ((SHORT, BOTS), {"lineup": "random"}, TypeError, "lineup must be a sequence"),
        ((SHORT, dict.fromkeys("abcde", RandomBot)), {}, PochaError,
         "5 bots for 4 seats: give a lineup"),
    ],
)  # fmt: skip
def test_a_match_that_makes_no_sense_is_refused(
    args: tuple[object, ...], kwargs: dict[str, object], error: type, message: str
) -> None:
    with pytest.raises(error, match=message):
        Match(*args, **kwargs)  # type: ignore[arg-type, type-var]


@pytest.mark.parametrize(
    ("games", "error", "message"),
    [
        (6, PochaError, "games must be a positive multiple of 4, the games in a set"),
        (0, PochaError, "games must be a positive multiple of 4"),
        (4.0, TypeError, "games must be an int"),
    ],
)
def test_the_games_must_make_whole_sets(games: object, error: type, message: str) -> None:
    match = Match(SHORT, BOTS, lineup=["random", "random", "random", "heuristic"])
    with pytest.raises(error, match=message):
        match.run(games, workers=1)  # type: ignore[arg-type]


def test_a_factory_must_make_a_bot() -> None:
    match = Match(SHORT, {"n": lambda seed: None})  # type: ignore[dict-item]
    with pytest.raises(TypeError, match="bot 'n': its factory made None, which has no act"):
        match.play(0)


def test_a_match_result_is_a_value() -> None:
    one = play_match(SHORT, BOTS, 4, seed=1, workers=1)
    assert one == play_match(SHORT, BOTS, 4, seed=1, workers=1)
    assert one != play_match(SHORT, BOTS, 4, seed=2, workers=1)
    assert isinstance(one, MatchResult)
    assert "tally" not in repr(one)
