"""Poch records: the round trip, strict replay (where and why it refuses
tampering), the envelope shared with Pocha's records, and the files."""

from __future__ import annotations

import json
import random
from pathlib import Path

import attrs
import pytest

from pocha_rules import InvalidRecordError
from pocha_rules import RuleSet as PochaRules
from pocha_rules import new_game as pocha_new_game
from pocha_rules import records as pocha_records
from pocha_rules.poch import GameState, RuleSet, apply, deal_pack, legal_moves, new_game
from pocha_rules.poch.records import (
    FORMAT,
    GameRecord,
    dump,
    load,
    replay,
)

RULES = {
    "defaults": RuleSet(players=4),
    "three, 52 cards, runs": RuleSet(players=3, deck=52, sequence_rule="longest_run"),
    "six, out, bust": RuleSet(
        players=6, insolvency="out", end="bust", max_deals=8, starting_chips=20
    ),
    "five, centre, shared board": RuleSet(
        players=5, centre_pool=True, board_at_end="shared", end="deals", deals=3
    ),
}


def random_game(rules: RuleSet, seed: int, moves: int | None = None) -> GameState:
    state = new_game(rules, seed=seed)
    rng = random.Random(seed)
    played = 0
    while not state.is_over and (moves is None or played < moves):
        state = apply(state, rng.choice(legal_moves(state)))
        played += 1
    return state


def data_of(state: GameState) -> dict[str, object]:
    return GameRecord.from_state(state).to_dict()


def refused(data: object) -> InvalidRecordError:
    with pytest.raises(InvalidRecordError) as caught:
        replay(GameRecord.from_json(json.dumps(data)))
    return caught.value


@pytest.mark.parametrize("rules", RULES.values(), ids=RULES.keys())
@pytest.mark.parametrize("moves", [None, 0, 7, 40])
def test_a_record_replays_to_the_same_state(rules: RuleSet, moves: int | None) -> None:
    state = random_game(rules, seed=11, moves=moves)
    record = GameRecord.from_state(state, tags={"event": "Stammtisch", "site": "Köln"})
    text = record.to_json()
    again = GameRecord.from_json(text)
    assert again == record
    assert replay(again) == state
    assert again.tags["site"] == "Köln"
    assert json.loads(text)["format"] == FORMAT == "poch-record"


def test_a_real_tables_game_from_a_position_replays() -> None:
    rules = RuleSet(players=3)
    pack = deal_pack(
        rules,
        dealer=0,
        turnup="Ks",
        hands={1: "10h Qh 8h Jc Qc", 2: "9h Kh Kc 9c 8d", 0: "Jh Ah 7h As 10d"},
    )
    state = new_game(
        rules, seed=0, dealer=0, deals=[pack], balances=[45, 45, 45], pools={"poch": 3}
    )
    for text in ("pass", "open 2", "pass"):
        state = apply(state, next(m for m in legal_moves(state) if str(m) == text))
    record = GameRecord.from_state(state)
    assert record.starting_pools[-1] == ("poch", 3)
    assert replay(GameRecord.from_json(record.to_json())) == state


# --- tampering: where and why -------------------------------------------------------


def test_a_changed_move_is_refused_at_its_index() -> None:
    data = data_of(random_game(RuleSet(players=4), seed=3))
    moves = data["moves"]
    assert isinstance(moves, list)
    index = next(i for i, m in enumerate(moves) if m.startswith("play"))
    moves[index] = "open 3"
    error = refused(data)
    assert error.where == f"moves[{index}]"
    assert "may not open 3" in error.reason


def test_a_move_after_the_end_is_refused() -> None:
    data = data_of(random_game(RuleSet(players=3), seed=4))
    moves = data["moves"]
    assert isinstance(moves, list)
    moves.append("pass")
    error = refused(data)
    assert (error.where, error.reason) == (
        f"moves[{len(moves) - 1}]",
        "pass: the game is already over",
    )


def test_a_card_changed_in_a_pack_is_refused_naming_the_deal() -> None:
    data = data_of(random_game(RuleSet(players=4), seed=5))
    deals = data["deals"]
    assert isinstance(deals, list)
    deals[1][3] = deals[1][4]
    error = refused(data)
    assert error.where == "deals[1]"
    assert "appears twice" in error.reason


def test_a_card_not_in_the_pack_is_refused_where_it_stands() -> None:
    data = data_of(random_game(RuleSet(players=4), seed=5))
    deals = data["deals"]
    assert isinstance(deals, list)
    deals[0][7] = "2h"
    with pytest.raises(InvalidRecordError) as caught:
        GameRecord.from_dict(data)
    assert caught.value.where == "deals[0][7]"
    assert "no 2 in a 32-card deck" in caught.value.reason


def test_swapped_cards_give_other_hands_and_the_moves_no_longer_fit() -> None:
    data = data_of(random_game(RuleSet(players=4), seed=6))
    deals = data["deals"]
    assert isinstance(deals, list)
    pack = deals[0]
    pack[0], pack[-1] = pack[-1], pack[0]  # a dealt card swapped with the stock's last
    error = refused(data)
    assert error.where.startswith(("moves[", "balances"))


def test_missing_and_extra_deals_are_refused() -> None:
    data = data_of(random_game(RuleSet(players=3), seed=7))
    deals = data["deals"]
    assert isinstance(deals, list)
    extra = {**data, "deals": [*deals, deals[0]]}
    error = refused(extra)
    assert (error.where, error.reason) == (
        "deals[3]",
        "the moves end in deal 2; this pack is for a deal never reached",
    )
    fewer = {**data, "deals": deals[:2]}
    error = refused(fewer)
    assert error.where == "deals"
    assert "reaches deal 2 but the record has no pack for it" in error.reason
    error = refused({**data, "deals": [], "moves": []})
    assert (error.where, error.reason) == ("deals", "the record has no pack for deal 0")


def test_wrong_balances_are_refused() -> None:
    data = data_of(random_game(RuleSet(players=3), seed=8))
    balances = data["balances"]
    assert isinstance(balances, list)
    balances[0] += 1
    error = refused(data)
    assert error.where == "balances"
    assert error.reason.startswith(f"the record says [{balances[0]}, ")


def test_the_rules_are_checked_naming_the_field() -> None:
    data = data_of(random_game(RuleSet(players=3), seed=9, moves=3))
    rules = data["rules"]
    assert isinstance(rules, dict)
    for name, value, reason in [
        ("bet_max", 0, "must be at least 1, got 0"),
        ("players", 7, "must be at most 6, got 7"),
        ("bet_max", "3", "expected a whole number, got the string '3'"),
        ("dress_poch", 1, "expected true or false, got 1"),
        ("end", "forever", "must be one of 'rounds', 'deals', 'bust', got 'forever'"),
    ]:
        with pytest.raises(InvalidRecordError) as caught:
            GameRecord.from_dict({**data, "rules": {**rules, name: value}})
        assert (caught.value.where, caught.value.reason) == (f"rules.{name}", reason)
    with pytest.raises(InvalidRecordError, match=r"at rules\.bluff: unknown member"):
        GameRecord.from_dict({**data, "rules": {**rules, "bluff": True}})
    without = {k: v for k, v in rules.items() if k != "deck"}
    with pytest.raises(InvalidRecordError, match=r"at rules\.deck: missing"):
        GameRecord.from_dict({**data, "rules": without})


def test_the_envelope_is_checked_as_pochas_is() -> None:
    data = data_of(random_game(RuleSet(players=3), seed=9, moves=3))
    cases = [
        ({**data, "version": 2}, "version", "this library reads version 1 records, not 2"),
        ({**data, "rules_version": 0}, "rules_version", "the game was played under rules "
         "behaviour version 0; this library plays version 1"),
        ({k: v for k, v in data.items() if k != "format"}, "format",
         "missing: this is not a poch record"),
        ({**data, "format": "chess"}, "format", "expected 'poch-record', got the string 'chess'"),
        ({**data, "extra": 1}, "extra", "unknown member"),
        ({**data, "tags": {"date": 5}}, "tags['date']", "expected a string, got 5"),
        ({**data, "first_dealer": 3}, "first_dealer", "seats run from 0 to 2, got 3"),
        ({**data, "starting_pools": {**data["starting_pools"], "poch": -1}},  # type: ignore[dict-item]
         "starting_pools.poch", "a pool holds 0 or more chips, got -1"),
        ({**data, "moves": ["raise 2"]}, "moves[0]",
         "expected pass, open N, match, close, reopen N or play CARD"),
    ]  # fmt: skip
    for tampered, where, reason in cases:
        with pytest.raises(InvalidRecordError) as caught:
            GameRecord.from_dict(tampered)
        assert (caught.value.where, caught.value.reason) == (where, reason)


def test_a_pocha_record_and_a_poch_record_each_point_to_the_other() -> None:
    pocha = pocha_records.GameRecord.from_state(pocha_new_game(PochaRules(schedule=[1]), seed=1))
    with pytest.raises(InvalidRecordError, match="a Pocha record: read it with pocha_rules"):
        GameRecord.from_json(pocha.to_json())
    poch = GameRecord.from_state(new_game(RuleSet(players=3), seed=1))
    with pytest.raises(InvalidRecordError, match=r"a Poch record: read it with pocha_rules\.poch"):
        pocha_records.GameRecord.from_json(poch.to_json())


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("[1,", "not valid JSON"),
        ('{"a": 1, "a": 2}', "appears twice"),
        ('{"format": NaN}', "NaN is not a number a record may hold"),
        ("[" * 100_000, "nested too deeply"),
    ],
)
def test_text_that_is_not_a_record_is_refused(text: str, reason: str) -> None:
    with pytest.raises(InvalidRecordError, match=reason) as caught:
        GameRecord.from_json(text)
    assert caught.value.where == "record"


def test_wrong_types_are_type_errors() -> None:
    with pytest.raises(TypeError, match="state must be a poch GameState"):
        GameRecord.from_state(pocha_new_game(PochaRules(), seed=1))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="record must be a poch GameRecord"):
        replay("{}")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="text must be a str"):
        GameRecord.from_json(b"{}")  # type: ignore[arg-type]
    record = GameRecord.from_state(new_game(RuleSet(players=3), seed=1))
    with pytest.raises(TypeError, match="a deal holds poch Cards"):
        attrs.evolve(record, deals=[["7h"]])  # type: ignore[list-item]


# --- files --------------------------------------------------------------------------


def test_dump_and_load(tmp_path: Path) -> None:
    state = random_game(RuleSet(players=4), seed=12, moves=30)
    record = GameRecord.from_state(state, tags={"event": "club"})
    path = tmp_path / "game.json"
    dump(record, path)
    assert load(path) == record
    assert replay(load(path)) == state
    with pytest.raises(FileExistsError):
        dump(record, path, overwrite=False)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    (tmp_path / "bad.json").write_bytes(b"\xff\xfe")
    with pytest.raises(InvalidRecordError, match="not UTF-8 text"):
        load(tmp_path / "bad.json")
