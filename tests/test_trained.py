"""The trained bot: its weights, that it plays legally and better than
chance, that it refuses rules it cannot read, and its name on the command
line."""

from __future__ import annotations

import statistics

import pytest

pytest.importorskip("numpy", reason="the trained bot needs numpy (the batch extra)")

import random as _random

from pocha_rules import GameState, InvalidRulesError, RuleSet, apply, legal_moves, new_game
from pocha_rules.bots import Bot, RandomBot, play_game
from pocha_rules.trained import TRAINED_ON, WEIGHTS, TrainedBot
from pocha_rules.views import observe
from tests.arena_helpers import run_pocha


def _midgame(seed: int, moves: int) -> GameState:
    state = new_game(RuleSet(), seed=seed)
    rng = _random.Random(seed)
    for _ in range(moves):
        state = apply(state, rng.choice(legal_moves(state)))
    return state


def test_the_weights_are_small_and_fit_the_default_rules() -> None:
    assert WEIGHTS.stat().st_size <= 1_000_000
    assert RuleSet() == TRAINED_ON
    bot = TrainedBot()
    state = _midgame(3, 5)
    assert state.to_move is not None
    assert bot.act(observe(state, state.to_move)) in legal_moves(state)


def _mean_at_seat_0(first: type, games: int) -> float:
    scores = []
    for game in range(games):
        bots = [first(seed=game), *(RandomBot(seed=100 * game + s) for s in (1, 2, 3))]
        scores.append(play_game(RuleSet(), bots, seed=7_000 + game).scores[0])
    return statistics.fmean(scores)


def test_it_plays_whole_games_far_better_than_chance() -> None:
    # The same deals and opponents for both: the trained network's lead over
    # random play is a property of the weights shipped, which garbage fails.
    trained = _mean_at_seat_0(TrainedBot, 12)
    random = _mean_at_seat_0(RandomBot, 12)
    assert trained > random + 100, (trained, random)


def test_it_plays_the_same_move_from_the_same_view() -> None:
    state = _midgame(5, 40)
    assert state.to_move is not None
    view = observe(state, state.to_move)
    assert TrainedBot(seed=1).act(view) == TrainedBot(seed=2).act(view)


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        (RuleSet(players=5), "players"),
        (RuleSet(schedule=[1, 2, 3]), "schedule"),
    ],
)
def test_rules_it_cannot_read_are_refused(rules: RuleSet, field: str) -> None:
    bots: list[Bot] = [TrainedBot(), *(RandomBot(seed=s) for s in range(rules.players - 1))]
    with pytest.raises(InvalidRulesError) as raised:
        play_game(rules, bots, seed=1)
    assert raised.value.code == "trained_rules"
    assert raised.value.field == field
    assert "the trained bot reads observations of 539 numbers and 51 action ids" in str(
        raised.value
    )


def test_the_command_line_seats_it_by_name() -> None:
    done = run_pocha("match", "--bot", "trained", "--bot", "random", "-n", "4", "--seed", "2",
                     "--plain")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "trained" in done.stdout
    played = run_pocha("play", "--bot", "trained", "--seed", "4", "--plain")
    assert played.returncode == 0, played.stderr
    assert "seats: 0 trained bot, 1 trained bot, 2 trained bot, 3 trained bot" in played.stdout
    assert "failed" not in played.stdout
