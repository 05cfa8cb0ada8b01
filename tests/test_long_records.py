"""Long games and the bounds of a record: finishing a round copies none of
the rounds before it (so a record replays in time linear in its length), a
game of thousands of rounds compares, hashes and pickles like any other, and
a record may not ask for more than the rules allow."""

from __future__ import annotations

import json
import pickle
from typing import Any

import attrs
import pytest

from pocha_rules import (
    Bid,
    Deal,
    GameState,
    InvalidRecordError,
    RuleSet,
    apply,
    legal_moves,
    new_game,
    parse_move,
)
from pocha_rules._pocha.state import _LAID, LAID_LIMIT, laid_out
from pocha_rules.records import GameRecord, replay
from tests.helpers import deal
from tests.strategies import random_game

# One scheduled one-card round, then tiebreak rounds: in each but the last,
# seat 2 holds the ace of trump and everybody bids 0, so seats 0, 1 and 3
# score 10 and stay tied at the top.
TIED = deal("4o", "5o", "1e", "6o", trump="7e")
LAST = deal("1e", "4o", "5o", "6o", trump="7e")


def long_game(rounds: int) -> GameState:
    """A finished game of ``rounds`` one-card rounds (``rounds % 4 == 2``:
    the last round's dealer, seat 1, is hooked into bidding 1 after seat 0's
    1, and seat 0, alone on top, wins)."""
    assert rounds % 4 == 2
    deals: list[Deal] = [TIED] * (rounds - 1) + [LAST]
    state = new_game(RuleSet(schedule=[1]), seed=0, dealer=0, deals=deals)
    while not state.is_over:
        moves = legal_moves(state)
        last_round = state.round_index == rounds - 1
        wants = 1 if last_round and state.to_move in (0, 1) else 0
        bids = [m for m in moves if getattr(m, "tricks", None) == wants]
        state = apply(state, (bids or moves)[0])
    assert len(state.round_results) == rounds
    return state


def test_finishing_a_round_copies_no_earlier_round() -> None:
    state = new_game(RuleSet(schedule=[1, 2, 1, 2, 1]), seed=3, dealer=0)
    seen = 0
    while not state.is_over:
        after = apply(state, legal_moves(state)[0])
        before, now = state._c.ledger, after._c.ledger
        if now is not before:
            # One link, holding the earlier ones as they were: not a copy.
            assert now.rounds == before.rounds + 1
            assert now.past[0] is before.past
            # The link holds the round's result (as its fields, until asked for).
            assert now.past[1] == attrs.astuple(after.round_results[-1], recurse=False)
            seen += 1
        state = after
    assert seen == 5


def test_a_game_of_thousands_of_rounds_is_an_ordinary_value() -> None:
    state = long_game(2_002)
    text = GameRecord.from_state(state).to_json()
    again = replay(GameRecord.from_json(text))
    assert again == state
    assert again is not state
    assert again._c.ledger is not state._c.ledger
    assert hash(again) == hash(state)
    assert pickle.loads(pickle.dumps(state)) == state
    assert pickle.loads(pickle.dumps(state, protocol=0)) == state
    # 2,001 rounds of 10 for seats 0, 1 and 3 (seat 2 misses: -5); in the
    # last, seat 0 makes its bid of 1, seat 1 misses its bid of 1.
    assert state.scores == (20_025, 20_005, -9_995, 20_020)
    assert state.winners == (0,)
    assert len(state.history) == 8 * 2_002
    assert len(state.deals) == 2_002
    assert GameRecord.from_state(again) == GameRecord.from_state(state)
    # A game that differs in one early round differs as a value.
    other = long_game(2_006)
    assert other != state


def test_laying_out_the_finished_rounds_keeps_a_bounded_cache() -> None:
    states = [random_game(RuleSet(schedule=[1, 1, 2]), seed) for seed in range(3 * LAID_LIMIT)]
    for state in states:
        assert laid_out(state._c.ledger).results == state.round_results
        assert len(_LAID) <= LAID_LIMIT
    ledger = states[-1]._c.ledger
    assert laid_out(ledger) is laid_out(ledger)


def record_data() -> dict[str, Any]:
    return GameRecord.from_state(random_game(RuleSet(schedule=[1, 2]), 5)).to_dict()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("rules", "schedule", ["1"] * 1001), "at rules.schedule: a schedule holds at most 1000"),
        (
            ("rules", "hit_bonus", 10**7),
            "at rules.hit_bonus: must be at most 1000000, got 10000000",
        ),
        (
            ("rules", "per_trick", 10**4000),
            "at rules.per_trick: must be at most 1000000, got a whole",
        ),
        (
            ("rules", "revoke_penalty", -(10**7)),
            "at rules.revoke_penalty: must be at least -1000000",
        ),
        (("rules", "pocha_min_cards", 10**9), "at rules.pocha_min_cards: must be at most 1000000"),
        (("seed", None, 2**256), "at seed: a seed is less than 2**256 in size, got 1157920892"),
        (("seed", None, -(10**4000)), "at seed: a seed is less than 2**256 in size, got a whole"),
        (("scores", 0, 10**18 + 1), "at scores[0]: no game scores 1000000000000000001"),
        (
            ("round_scores", 0, [10**4000, 0, 0, 0]),
            "at round_scores[0][0]: no game scores a whole",
        ),
        (("first_dealer", None, 10**4000), "at first_dealer: seats run from 0 to 3, got a whole"),
    ],
)
def test_a_record_may_not_ask_for_more_than_the_rules_allow(
    change: tuple[str, Any, Any], message: str
) -> None:
    data = record_data()
    member, key, value = change
    if key is None:
        data[member] = value
    else:
        data[member][key] = value
    with pytest.raises(InvalidRecordError) as info:
        GameRecord.from_json(json.dumps(data))
    assert str(info.value).startswith(f"invalid record {message}"), str(info.value)
    assert len(str(info.value)) < 300


def test_the_largest_rules_still_write_their_records() -> None:
    rules = RuleSet(
        schedule=["1"] * 1000,
        hit_bonus=10**6,
        per_trick=10**6,
        pocha_min_cards=10**6,
        revoke_penalty=-(10**6),
        tiebreak="shared",
    )
    state = random_game(rules, 7)
    record = GameRecord.from_json(GameRecord.from_state(state).to_json())
    assert replay(record) == state


def test_records_built_in_python_are_bounded_too() -> None:
    record = GameRecord.from_state(random_game(RuleSet(schedule=[1]), 2))
    with pytest.raises(InvalidRecordError, match=r"at scores: no game scores a whole number"):
        GameRecord(
            rules=record.rules, seed=0, first_dealer=0, deals=record.deals, moves=(),
            scores=(10**5000, 0, 0, 0),
        )  # fmt: skip
    with pytest.raises(TypeError, match="a score must be an int, got str '0'"):
        GameRecord(
            rules=record.rules, seed=0, first_dealer=0, deals=record.deals, moves=(),
            round_scores=[("0", 0, 0, 0)],  # type: ignore[list-item]
        )  # fmt: skip


def test_moves_read_from_text_are_shared_not_copied() -> None:
    # A long record holds a great many moves: reading one gives the engine's
    # own move objects, not a new object per move.
    for text in ("bid 2", "call 16", "play 12o", "12o", "trump e", "pass"):
        assert parse_move(text) is parse_move(text)
        assert parse_move(text) in {*legal_moves_of_any_kind()}
    assert parse_move("bid 17") == Bid(17)  # beyond any hand: a value all the same


def legal_moves_of_any_kind() -> tuple[object, ...]:
    from pocha_rules._pocha.moves import BIDS, CALLS, PASS, PLAYS, TRUMP_CHOICES

    return (*BIDS, *CALLS, *PLAYS, *TRUMP_CHOICES, PASS)
