"""Poch's bots play legal moves and whole games; matches (the duplicate
format included) work for Poch as they do for Pocha."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from pocha_rules import PochaError, matches
from pocha_rules.poch import Card, GameState, Match, Open, Pass, Phase, Play, RuleSet, new_game
from pocha_rules.poch.bots import (
    Bot,
    HeuristicBot,
    RandomBot,
    heuristic_move,
    play_game,
    strength,
)
from pocha_rules.poch.montecarlo import MonteCarloBot
from pocha_rules.poch.views import observe
from tests.poch.helpers import play, start

HANDS = {1: "10h Jd 8d 7c As", 2: "Kh Qh 10c 10d 7s", 3: "9c 9d 9s Ah 8c", 0: "Qc Qs Jc Js 7h"}


@pytest.mark.parametrize(
    "factory",
    [RandomBot, HeuristicBot, lambda seed: MonteCarloBot(seed, samples=2)],
    ids=["random", "heuristic", "montecarlo"],
)
def test_bots_play_whole_games(factory: Callable[..., Bot]) -> None:
    for players in (3, 6):
        rules = RuleSet(players=players, end="deals", deals=2)
        final = play_game(rules, [factory(seed=s) for s in range(players)], seed=players)
        assert final.is_over
        assert final.deals_played == 2
        assert isinstance(factory(seed=1), Bot)


def test_heuristic_bets_on_its_combination() -> None:
    rules = RuleSet(players=4)
    state = start(rules, HANDS, "8h")
    bot = HeuristicBot()
    assert bot.act(observe(state, 1)) == Pass()  # no combination
    state = play(state, (1, "pass"))
    assert bot.act(observe(state, 2)) == Open(1)  # a pair of tens: a small opening
    state = play(state, (2, "pass"))
    move = bot.act(observe(state, 3))  # trips of nines: a big one
    assert isinstance(move, Open)
    assert move.chips == round(10 * (strength((3, 9), 32) - 0.4)) == 5
    state = play(state, (3, "open 9"))
    # Two pair Q/J beats about 87% of combinations: 9 chips for a pool of 22 pays.
    assert str(bot.act(observe(state, 0))) == "match"
    state = play(start(rules, HANDS, "8h"), (1, "pass"), (2, "pass"), (3, "open 1"))
    assert str(bot.act(observe(state, 0))) == "match"  # 1 chip for a pool of 5
    hand = [Card.parse(c) for c in ["10c", "10d", "7s", "Kh", "Qh"]]
    legal = (Pass(), Match())
    common = {"phase": Phase.BETTING, "rules": rules, "rivals": 1, "last_to_speak": False}
    assert heuristic_move(hand, legal, owed=9, pool=13, **common) == Pass()  # type: ignore[arg-type]
    assert heuristic_move(hand, legal, owed=2, pool=13, **common) == Match()  # type: ignore[arg-type]


def test_heuristic_opens_when_it_speaks_last() -> None:
    state = start(RuleSet(players=4), HANDS, "8h")
    state = play(state, (1, "pass"), (2, "pass"), (3, "pass"))
    assert HeuristicBot().act(observe(state, 0)) == Open(1)  # two pair Q/J, nobody after


def test_heuristic_leads_low_from_its_longest_suit() -> None:
    hands = {1: "7c 8c 10c Ad Kd", 2: "7d 8d 9d 10d Jh", 3: "Qc Jc 9c 7s 8s", 0: "Qd Jd 9h 10h Ah"}
    state = start(RuleSet(players=4), hands, "7h")
    state = play(state, (1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert state.phase is Phase.SHEDDING
    assert HeuristicBot().act(observe(state, 1)) == Play(Card.parse("7c"))


def test_strength_orders_combinations() -> None:
    keys = [(), (1, 7), (1, 14), (2, 8, 7), (2, 14, 13), (3, 7), (3, 14), (4, 7)]
    values = [strength(k, 32) for k in keys]
    assert values == sorted(values)
    assert values[0] == 0.0
    assert values[-1] == 1.0


def test_bots_refuse_views_where_they_do_not_move() -> None:
    state = new_game(RuleSet(players=3), seed=1, dealer=0)
    with pytest.raises(PochaError, match="has no move to make"):
        RandomBot().act(observe(state, 2))
    with pytest.raises(TypeError, match="poch PlayerView"):
        HeuristicBot().act(state)  # type: ignore[arg-type]
    with pytest.raises(PochaError, match="samples must be"):
        MonteCarloBot(samples=0)


def test_play_game_refusals() -> None:
    with pytest.raises(PochaError, match="2 bots for 3 players"):
        play_game(RuleSet(players=3), [RandomBot(), RandomBot()])
    with pytest.raises(TypeError, match="act"):
        play_game(RuleSet(players=3), [RandomBot(), RandomBot(), object()])  # type: ignore[list-item]


def test_montecarlo_is_reproducible() -> None:
    view = observe(new_game(RuleSet(players=4), seed=11, dealer=3), 0)
    one = [MonteCarloBot(seed=5, samples=3).act(view) for _ in range(2)]
    assert one[0] == one[1]


def test_match_of_poch_duplicate_replays_the_deals() -> None:
    rules = RuleSet(players=4, end="deals", deals=2)
    bots: dict[str, Any] = {"h": HeuristicBot, "r": RandomBot}
    match = matches.Match(rules, bots, duplicate=True, seed=3)
    assert match.set_size == 2
    one, two = match.play(0), match.play(1)
    assert isinstance(one, GameState)
    assert isinstance(two, GameState)
    assert [d.ordering for d in one.deal_results] == [d.ordering for d in two.deal_results]
    assert one.first_dealer == two.first_dealer
    three = match.play(2)
    assert isinstance(three, GameState)
    assert [d.ordering for d in three.deal_results] != [d.ordering for d in one.deal_results]
    result = matches.play_match(rules, bots, games=8, seed=3, duplicate=True, workers=1)
    assert result.games == 8
    assert result.deals == 4
    again = matches.play_match(rules, bots, games=8, seed=3, duplicate=True, workers=1)
    assert again == result
    totals = result.bots["h"].score.mean * 2 + result.bots["r"].score.mean * 2
    assert totals <= 0  # chips left on the board belong to nobody


def test_match_refuses_other_rules() -> None:
    with pytest.raises(TypeError, match="RuleSet"):
        matches.Match("rules", {"r": RandomBot})  # type: ignore[type-var, dict-item]
