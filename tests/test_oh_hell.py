"""The ``oh_hell`` preset: plain Oh Hell as a rule set, and the ``none`` miss penalty."""

from __future__ import annotations

import pytest

from pocha_rules import (
    Bid,
    InvalidRulesError,
    MissPenalty,
    Play,
    Round,
    RuleSet,
    Tiebreak,
    legal_moves,
    new_game,
)
from pocha_rules.records import GameRecord, replay
from tests.helpers import card, deal, play
from tests.strategies import play_out


def openspiel_points(bid: int, won: int, *, off_bid_penalty: bool, points_per_trick: int) -> int:
    """OpenSpiel's oh_hell scoring, as its documentation states it: a point
    per trick (``points_per_trick``) and 10 for an exact bid; with the off-bid
    penalty a miss instead loses ``points_per_trick`` per trick off."""
    if won == bid:
        return points_per_trick * won + 10
    if off_bid_penalty:
        return -points_per_trick * abs(won - bid)
    return points_per_trick * won


def test_the_preset_states_plain_oh_hell() -> None:
    rules = RuleSet.oh_hell(players=5, cards=7)
    assert rules.players == 5
    assert rules.deck == 40
    assert rules.deck_size == 40  # the whole deck: nothing taken out
    assert rules.schedule == (Round(7),)
    # Follow suit and nothing more.
    assert (rules.must_overtake, rules.must_ruff, rules.must_overruff) == (False, False, False)
    # The hook binds the last bidder in every round, one-card rounds too.
    assert rules.hook_in_one_card_rounds
    assert (rules.hit_bonus, rules.per_trick, rules.miss_penalty) == (10, 1, MissPenalty.NONE)
    assert not rules.pocha_bonus
    assert not rules.double_when_oros
    assert rules.tiebreak is Tiebreak.SHARED
    penalty = RuleSet.oh_hell(players=3, cards=2, off_bid_penalty=True, points_per_trick=5)
    assert (penalty.per_trick, penalty.miss_penalty) == (5, MissPenalty.PER_TRICK_OFF)
    assert RuleSet.oh_hell(players=6, cards=7, deck=48).deck_size == 48
    assert RuleSet.oh_hell(players=8, cards=4).players == 8  # 3 to 8 players
    assert RuleSet.oh_hell(players=3, cards=13).schedule == (Round(13),)


def test_the_preset_is_also_reached_by_name() -> None:
    assert RuleSet.preset("oh_hell", players=4, cards=9) == RuleSet.oh_hell(players=4, cards=9)
    with pytest.raises(InvalidRulesError, match=r"presets: .*'oh_hell'"):
        RuleSet.preset("oh_heaven")


@pytest.mark.parametrize(
    ("options", "field", "words"),
    [
        ({"players": 4, "cards": 10}, "cards", "1 to 9 cards"),  # a card must be left to turn up
        ({"players": 7, "cards": 6}, "cards", "1 to 5 cards"),
        ({"players": 4, "cards": 0}, "cards", "got 0"),
        ({"players": 2, "cards": 3}, "players", "Oh Hell is played by 3 to 8 players, got 2"),
        ({"players": 9, "cards": 3}, "players", "Oh Hell is played by 3 to 8 players, got 9"),
        ({"players": 4, "cards": 3, "deck": 52}, "deck", "40 or 48 cards, got 52"),
        ({"players": 4, "cards": 3, "points_per_trick": -1}, "points_per_trick", "at least 0"),
    ],
)
def test_bad_preset_arguments_are_refused_naming_them(
    options: dict[str, object], field: str, words: str
) -> None:
    with pytest.raises(InvalidRulesError, match=words) as caught:
        RuleSet.oh_hell(**options)  # type: ignore[arg-type]
    assert caught.value.field == field


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 4, "cards": "3"}, "cards must be an int, got str '3'"),
        ({"players": 4.0, "cards": 3}, "players must be an int, got float 4.0"),
        ({"players": 4, "cards": 3, "deck": "40"}, "deck must be an int, got str '40'"),
        ({"players": 4, "cards": 3, "off_bid_penalty": 1}, "off_bid_penalty must be a bool"),
    ],
)
def test_preset_arguments_of_the_wrong_type_raise_type_errors(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(TypeError, match=message):
        RuleSet.oh_hell(**options)  # type: ignore[arg-type]


def test_a_card_is_always_turned_up() -> None:
    # 3 players, 13 cards each from 40: one card is left and shows trump.
    state = new_game(RuleSet.oh_hell(players=3, cards=13), seed=4)
    assert state.trump_card is not None
    assert not state.trump_card_shown_by_dealer
    assert len(state.stock) == 1


@pytest.mark.parametrize("off_bid_penalty", [False, True])
@pytest.mark.parametrize("points_per_trick", [1, 5])
def test_a_round_scores_as_openspiel_states_it(
    off_bid_penalty: bool, points_per_trick: int
) -> None:
    rules = RuleSet.oh_hell(
        players=3, cards=2, off_bid_penalty=off_bid_penalty, points_per_trick=points_per_trick
    )
    # Trump espadas; seat 0 deals, seat 1 leads, seat 0 bids last.
    hands = deal("5c 7e", "5o 1c", "3o 4o", trump="2e")
    state = new_game(rules, seed=0, dealer=0, deals=[hands])
    state = play(state, ["bid 1", "bid 0"])
    assert Bid(1) not in legal_moves(state)  # the hook: 1 + 0 + 1 would make 2
    state = play(state, ["bid 0", "play 5o"])
    # Following suit is the only duty: 4o may stay under 5o though 3o beats it,
    assert set(legal_moves(state)) == {Play(card("3o")), Play(card("4o"))}
    state = play(state, ["play 4o"])
    # and a seat void in the led suit may keep its trump.
    assert set(legal_moves(state)) == {Play(card("5c")), Play(card("7e"))}
    state = play(state, ["play 5c", "play 1c", "play 3o", "play 7e"])
    assert state.is_over
    result = state.round_results[0]
    assert result.bids == (0, 1, 0)
    assert result.won == (1, 1, 0)
    expected = tuple(
        openspiel_points(b, w, off_bid_penalty=off_bid_penalty, points_per_trick=points_per_trick)
        for b, w in zip(result.bids, result.won, strict=True)
    )
    assert result.scores == state.scores == expected
    assert state.winners == (1,)


def test_a_tie_at_the_top_is_shared_after_the_one_round() -> None:
    rules = RuleSet.oh_hell(players=3, cards=1)
    state = new_game(rules, seed=0, dealer=0, deals=[deal("5c", "1o", "3o", trump="2e")])
    # Everybody bids 0; seat 1 takes the trick with 1o and misses.
    state = play(state, ["bid 0", "bid 0", "bid 0", "play 1o", "play 3o", "play 5c"])
    assert state.is_over
    assert state.scores == (10, 1, 10)
    assert state.winners == (0, 2)
    assert len(state.round_results) == 1  # no tiebreak round


def test_records_carry_the_none_miss_penalty() -> None:
    rules = RuleSet.oh_hell(players=4, cards=5)
    state = play_out(new_game(rules, seed=11), 11)
    text = GameRecord.from_state(state).to_json()
    assert '"miss_penalty": "none"' in text
    back = GameRecord.from_json(text)
    assert back.rules == rules
    assert replay(back) == state
