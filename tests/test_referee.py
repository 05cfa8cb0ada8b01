from __future__ import annotations

import pytest

from pocha_rules import (
    Bid,
    Bot,
    HeuristicBot,
    Move,
    PlayerView,
    PochaError,
    RandomBot,
    RuleSet,
    play_game,
)
from pocha_rules.referee import BotFault, Fault, referee_game

RULES = RuleSet(schedule=[2, 3])


class Raises:
    def __init__(self, after: int = 0) -> None:
        self.calls = 0
        self.after = after

    def act(self, view: PlayerView) -> Move:
        self.calls += 1
        if self.calls > self.after:
            raise ZeroDivisionError("oops")
        return view.legal_moves()[0]


class Illegal:
    def act(self, view: PlayerView) -> Move:
        legal = set(view.legal_moves())
        return next(Bid(n) for n in range(10) if Bid(n) not in legal)


class Garbage:
    def act(self, view: PlayerView) -> object:
        return "12o"


class Faulting:
    def act(self, view: PlayerView) -> Move:
        raise BotFault("timeout", "no answer within 1 second")


def bots(first: object) -> list[Bot]:
    return [first, RandomBot(seed=1), RandomBot(seed=2), RandomBot(seed=3)]  # type: ignore[list-item]


def test_clean_game_is_the_same_as_play_game() -> None:
    players = [HeuristicBot(seed=s) for s in range(4)]
    game = referee_game(RULES, players, seed=9)
    again = play_game(RULES, [HeuristicBot(seed=s) for s in range(4)], seed=9)
    assert game.faults == ()
    assert game.state == again
    assert game.scores == again.scores
    assert game.winners == again.winners


@pytest.mark.parametrize(
    ("bot", "kind", "reason"),
    [
        (Raises(), "error", "raised ZeroDivisionError: oops"),
        (Illegal(), "illegal", "is illegal: bids run"),
        (Garbage(), "garbage", "answered str '12o', which is not a move"),
        (Faulting(), "timeout", "no answer within 1 second"),
    ],
)
def test_a_fault_forfeits_the_game_and_it_is_finished(bot: object, kind: str, reason: str) -> None:
    game = referee_game(RULES, bots(bot), seed=4)
    assert len(game.faults) == 1
    fault = game.faults[0]
    assert (fault.seat, fault.kind) == (0, kind)
    assert reason in fault.reason
    assert game.state.is_over
    assert game.scores[0] == min(game.state.scores)
    assert game.scores[1:] == game.state.scores[1:]
    assert 0 not in game.winners


def test_a_late_fault_keeps_the_moves_made_before_it() -> None:
    game = referee_game(RULES, bots(Raises(after=3)), seed=4)
    assert game.faults[0].move >= 3


def test_traceback_is_kept_for_a_bot_that_raised() -> None:
    game = referee_game(RULES, bots(Raises()), seed=4)
    assert "ZeroDivisionError" in (game.faults[0].traceback or "")


def test_fault_line_names_the_bot_seat_and_game() -> None:
    fault = Fault(2, "crash", "its process ended (exit status 1)", 7)
    assert fault.line("js", 12) == (
        "game 12: bot 'js' at seat 2 forfeits (crash): its process ended (exit status 1)"
    )


def test_bots_are_closed_however_the_game_ends() -> None:
    closed: list[object] = []

    class Closing(RandomBot):
        def close(self) -> None:
            closed.append(self)

    players = [Closing(seed=s) for s in range(4)]
    referee_game(RULES, players, seed=1)
    assert len(closed) == 4


def test_bad_arguments() -> None:
    with pytest.raises(TypeError, match="rules must be a RuleSet"):
        referee_game("classic", bots(RandomBot()), seed=1)  # type: ignore[arg-type]
    with pytest.raises(PochaError, match="3 bots for 4 players"):
        referee_game(RULES, bots(RandomBot())[:3], seed=1)
    with pytest.raises(ValueError, match="kind must be one of"):
        BotFault("bored", "x")
