"""Game records: the JSON format, strict and lenient replay, untrusted input."""

from __future__ import annotations

import copy
import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pocha_rules import (
    Bid,
    Deal,
    GameState,
    InvalidRecordError,
    Play,
    RuleSet,
    apply,
    legal_moves,
    new_game,
    parse_move,
    records,
)
from pocha_rules.records import (
    FORMAT,
    MAX_RECORD_CHARS,
    RULES_VERSION,
    VERSION,
    GameRecord,
    LenientReplay,
    Revoke,
    dump,
    load,
    replay,
    replay_lenient,
)
from tests.helpers import card, deal
from tests.strategies import play_out, random_game, rule_sets, seeds

SMALL = RuleSet(schedule=["1", "2", "2a", "1b"])


def _ends(rules: RuleSet) -> bool:
    # With no points at all every game is tied, and one-card tiebreak rounds
    # would go on for ever.
    return bool(rules.hit_bonus or rules.per_trick) or rules.tiebreak == "shared"


finite_rule_sets = rule_sets().filter(_ends)


def small_game(seed: int = 3, rules: RuleSet = SMALL) -> GameState:
    return random_game(rules, seed, dealer=seed % rules.players)


def record_data(state: GameState | None = None) -> dict[str, Any]:
    return GameRecord.from_state(small_game() if state is None else state).to_dict()


def refused(data: object) -> InvalidRecordError:
    """The error a record's data is refused with (reading, then replaying)."""
    with pytest.raises(InvalidRecordError) as info:
        replay(GameRecord.from_dict(data))
    return info.value


# --- the format ---------------------------------------------------------------


def test_record_holds_every_part_of_the_game() -> None:
    state = small_game()
    data = record_data(state)
    assert list(data) == [
        "format", "version", "rules_version", "rules", "seed", "first_dealer",
        "deals", "moves", "scores", "round_scores",
    ]  # fmt: skip
    assert (data["format"], data["version"], data["rules_version"]) == (FORMAT, 1, 1)
    assert data["rules"]["schedule"] == ["1", "2", "2a", "1b"]
    assert data["rules"]["miss_penalty"] == "per_trick_off"
    assert data["rules"]["rank_order"] == [1, 3, 12, 11, 10, 7, 6, 5, 4, 2]
    assert set(data["rules"]) == set(RuleSet().options())
    assert data["seed"] == state.seed
    assert data["first_dealer"] == state.first_dealer
    assert data["moves"] == [str(move) for move in state.history]
    assert data["scores"] == list(state.scores)
    assert data["round_scores"] == [list(row) for row in state.round_scores]
    assert len(data["deals"]) == len(state.round_results)
    first = state.deals[0]
    assert data["deals"][0] == {
        "hands": [[str(c) for c in hand] for hand in first.hands],
        "trump_card": str(first.trump_card),
    }
    # The auction round has no trump card.
    assert data["deals"][2]["trump_card"] is None


def test_auction_and_trump_moves_use_their_text_forms() -> None:
    moves = record_data()["moves"]
    assert any(m.startswith("call ") for m in moves)
    assert any(m.startswith("trump ") for m in moves)


def test_json_text_is_the_dict_and_reads_back() -> None:
    record = GameRecord.from_state(small_game())
    text = record.to_json()
    assert json.loads(text) == record.to_dict()
    assert GameRecord.from_json(text) == record
    assert text.endswith("}\n")
    assert '    "players": 4,\n' in text  # one rule per line


def test_records_of_a_game_in_progress_replay_to_it() -> None:
    state = new_game(SMALL, seed=8, dealer=1)
    rng = random.Random(8)
    for _ in range(5):
        state = apply(state, rng.choice(legal_moves(state)))
    record = GameRecord.from_state(state)
    assert len(record.deals) == state.round_index + 1
    assert replay(GameRecord.from_json(record.to_json())) == state


def test_a_new_game_records_its_first_deal_and_no_moves() -> None:
    state = new_game(SMALL, seed=1, dealer=0)
    record = GameRecord.from_state(state)
    assert record.moves == ()
    assert record.round_scores == ()
    assert record.scores == (0,) * 4
    assert replay(record) == state


def test_dump_and_load(tmp_path: Path) -> None:
    state = small_game()
    path = tmp_path / "game.json"
    dump(GameRecord.from_state(state), path)
    assert replay(load(path)) == state
    assert load(str(path)) == GameRecord.from_state(state)


def _files(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


def test_dump_replaces_a_file_in_one_step(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("an older game")
    path.chmod(0o600)
    record = GameRecord.from_state(small_game())
    dump(record, path)
    assert load(path) == record
    assert path.stat().st_mode & 0o777 == 0o600  # the replaced file's permissions
    assert _files(tmp_path) == ["game.json"]  # no temporary file left behind


def test_dump_gives_a_new_file_the_usual_permissions(tmp_path: Path) -> None:
    mask = os.umask(0o022)
    try:
        dump(GameRecord.from_state(small_game()), tmp_path / "game.json")
    finally:
        os.umask(mask)
    assert (tmp_path / "game.json").stat().st_mode & 0o777 == 0o644


def test_a_failed_dump_leaves_the_old_file_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    path.write_text("an older game")

    def interrupted(source: str, target: str) -> None:
        raise KeyboardInterrupt  # as if Ctrl-C came between the write and the rename

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        dump(GameRecord.from_state(small_game()), path)
    assert path.read_text() == "an older game"
    assert _files(tmp_path) == ["game.json"]


def test_dump_without_overwrite_leaves_an_existing_file_alone(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("an older game")
    with pytest.raises(FileExistsError) as caught:
        dump(GameRecord.from_state(small_game()), path, overwrite=False)
    assert caught.value.filename == str(path)
    assert path.read_text() == "an older game"
    assert _files(tmp_path) == ["game.json"]
    dump(GameRecord.from_state(small_game()), tmp_path / "new.json", overwrite=False)
    assert load(tmp_path / "new.json") == GameRecord.from_state(small_game())


def test_dump_without_overwrite_loses_no_race(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The file appears after the first look: taking the name must still fail.
    path = tmp_path / "game.json"
    path.write_text("a game written meanwhile")
    monkeypatch.setattr(os.path, "lexists", lambda _: False)
    with pytest.raises(FileExistsError):
        dump(GameRecord.from_state(small_game()), path, overwrite=False)
    assert path.read_text() == "a game written meanwhile"
    assert _files(tmp_path) == ["game.json"]


def test_dump_writes_through_a_symbolic_link(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("an older game")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    dump(GameRecord.from_state(small_game()), link)
    assert link.is_symlink()
    assert load(real) == GameRecord.from_state(small_game())


def test_dump_wants_a_record(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match="record must be a GameRecord, got str"):
        dump("game", tmp_path / "game.json")  # type: ignore[arg-type]
    assert _files(tmp_path) == []


def test_load_refuses_bytes_that_are_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(b'{"format": "\xff"}')
    with pytest.raises(InvalidRecordError, match=r"at record: the file is not UTF-8 text"):
        load(path)


def test_load_refuses_a_file_too_long_for_a_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "long.json"
    dump(GameRecord.from_state(small_game()), path)
    monkeypatch.setattr(records, "MAX_RECORD_CHARS", 100)
    with pytest.raises(InvalidRecordError, match=r"at record: the file is longer than a record"):
        load(path)


def test_load_lets_a_missing_file_say_so(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        load(tmp_path / "nothing.json")


def test_from_state_wants_a_state() -> None:
    with pytest.raises(TypeError, match="state must be a GameState, got str 'game'"):
        GameRecord.from_state("game")  # type: ignore[arg-type]


def test_scores_may_be_left_out() -> None:
    data = record_data()
    data["scores"] = None
    data["round_scores"] = None
    record = GameRecord.from_dict(data)
    assert record.scores is None
    assert record.round_scores is None
    assert replay(record).scores == tuple(record_data()["scores"])


# --- round trips (same rules + seed + moves = same game) -------------------------


@given(rules=finite_rule_sets, seed=seeds(), data=st.data())
def test_any_finished_game_round_trips_through_a_record(
    rules: RuleSet, seed: int, data: st.DataObject
) -> None:
    dealer = data.draw(st.integers(0, rules.players - 1))
    state = random_game(rules, seed, dealer=dealer)
    record = GameRecord.from_state(state)
    again = GameRecord.from_json(record.to_json())
    assert again == record
    assert replay(again) == state
    assert GameRecord.from_state(replay(again)) == record


@given(rules=finite_rule_sets, seed=seeds(), other=seeds())
def test_games_with_explicit_deals_round_trip(rules: RuleSet, seed: int, other: int) -> None:
    # The first round is dealt from another seed: the record must replay to
    # a game with that one explicit deal, the rest dealt from the seed.
    given_deal = new_game(rules, seed=other, dealer=0).deal
    if given_deal == new_game(rules, seed=seed, dealer=0).deal:
        return
    state = play_out(new_game(rules, seed=seed, dealer=0, deals=[given_deal]), seed)
    assert replay(GameRecord.from_json(GameRecord.from_state(state).to_json())) == state


def test_a_real_tables_deals_in_any_order_replay() -> None:
    state = small_game()
    data = record_data(state)
    for entry in data["deals"]:
        entry["hands"] = [list(reversed(hand)) for hand in entry["hands"]]
    assert replay(GameRecord.from_dict(data)) == state


# --- refused records: where and why ---------------------------------------------------


Mutation = Callable[[dict[str, Any]], Any]


def _set(path: str, value: object) -> Mutation:
    def change(data: dict[str, Any]) -> object:
        target: Any = data
        keys = path.split("/")
        for key in keys[:-1]:
            target = target[int(key)] if isinstance(target, list) else target[key]
        last = keys[-1]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value
        return data

    return change


def _drop(key: str) -> Mutation:
    def change(data: dict[str, Any]) -> object:
        del data[key]
        return data

    return change


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: [d], "at record: expected an object, got a list"),
        (_drop("format"), "at format: missing: this is not a pocha record"),
        (_set("format", "chess-pgn"), "at format: expected 'pocha-record', got the string"),
        (_set("version", 2), "at version: this library reads version 1 records, not 2"),
        (_set("version", True), "at version: expected a whole number, got true"),
        (_set("version", "1"), "at version: expected a whole number, got the string '1'"),
        (_set("rules_version", 99), "at rules_version: the game was played under rules "),
        (_set("comment", "hi"), "at comment: unknown member"),
        (_drop("seed"), "at seed: missing"),
        (_set("seed", 1.5), "at seed: expected a whole number, got the number 1.5"),
        (_set("seed", None), "at seed: expected a whole number, got null"),
        (_set("first_dealer", 4), "at first_dealer: seats run from 0 to 3, got 4"),
        (_set("rules", []), "at rules: expected an object, got a list"),
        (_set("rules/players", True), "at rules.players: expected a whole number, got true"),
        (_set("rules/players", "4"), "at rules.players: expected a whole number, got the str"),
        (_set("rules/players", 9), "at rules.players: Pocha is played by 3 to 8 players"),
        (_set("rules/must_ruff", 1), "at rules.must_ruff: expected true or false, got 1"),
        (_set("rules/miss_penalty", "all"), "at rules.miss_penalty: must be one of"),
        (_set("rules/tiebreak", 3), "at rules.tiebreak: expected a string, got 3"),
        (_set("rules/schedule", "classic"), "at rules.schedule: expected a list, got the str"),
        (_set("rules/schedule/1", 2), "at rules.schedule[1]: expected a string, got 2"),
        (_set("rules/schedule/1", "2x"), "at rules.schedule[1]: cannot parse '2x'"),
        (_set("rules/schedule/1", "11"), "at rules.schedule[1]: 11 cards: hands hold 1 to 10"),
        (_set("rules/rank_order/0", "1"), "at rules.rank_order[0]: expected a whole number"),
        (_set("rules/rank_order", [1, 3]), "at rules.rank_order: must list each rank"),
        (_set("rules/colour", "red"), "at rules.colour: unknown member"),
        (lambda d: {**d, "rules": {**d["rules"], "zero_wins": 0}}, "at rules.zero_wins: expect"),
        (lambda d: {**d, "rules": {}}, "at rules.players: missing"),
        (_set("deals", {}), "at deals: expected a list, got an object"),
        (_set("deals/0", []), "at deals[0]: expected an object, got a list"),
        (_set("deals/1/hands/1/0", "13o"), "at deals[1].hands[1][0]: no card has rank 13"),
        (_set("deals/1/hands/1/0", 7), "at deals[1].hands[1][0]: expected a string, got 7"),
        (_set("deals/1/hands/2", "1o"), "at deals[1].hands[2]: expected a list"),
        (_set("deals/1/hands/0/0", "8o"), "at deals[1].hands[0][0]: there is no 8 in a 40-card"),
        (_set("deals/1/hands", [["1o"]]), "at deals[1].hands: 1 hands for 4 players"),
        (_set("deals/0/trump_card", "x" * 5000), "at deals[0].trump_card: the string 'xxx"),
        (_set("deals/0/shuffled", True), "at deals[0].shuffled: unknown member"),
        (_set("moves", "bid 1"), "at moves: expected a list, got the string 'bid 1'"),
        (_set("moves/3", "bid x"), "at moves[3]: expected a whole number of tricks, got 'x'"),
        (_set("moves/3", ["bid 1"]), "at moves[3]: expected a string, got a list"),
        (_set("scores", [0, 0, 0]), "at scores: 3 numbers for 4 players"),
        (_set("scores/0", False), "at scores[0]: expected a whole number, got false"),
        (_set("round_scores/1", {}), "at round_scores[1]: expected a list, got an object"),
    ],
)
def test_malformed_records_are_refused_saying_where(mutate: Mutation, message: str) -> None:
    data = record_data()
    error = refused(mutate(data))
    assert message in str(error)
    assert str(error).startswith("invalid record at ")


def test_data_that_json_cannot_hold_is_named_by_type() -> None:
    data = record_data()
    data["format"] = ("pocha-record",)
    assert str(refused(data)) == "invalid record at format: expected 'pocha-record', got tuple"


def test_the_error_carries_where_and_why() -> None:
    data = record_data()
    data["rules"]["players"] = 2
    error = refused(data)
    assert error.where == "rules.players"
    assert error.reason == "Pocha is played by 3 to 8 players, got 2"


def test_an_illegal_move_is_refused_with_its_index_seat_and_rule() -> None:
    # Round 0 is one card each, seat 0 is the first player (dealer 3): the
    # first move is seat 0's bid, and 3 tricks cannot be bid with one card.
    data = record_data(small_game(seed=3))
    assert data["first_dealer"] == 3
    data["moves"][0] = "bid 3"
    error = refused(data)
    assert error.where == "moves[0]"
    assert str(error) == (
        "invalid record at moves[0]: seat 0 may not bid 3: bids run from 0 to 1 in a 1-card round"
    )


def test_a_move_of_the_wrong_kind_is_refused() -> None:
    data = record_data()
    data["moves"][0] = "pass"
    assert str(refused(data)) == (
        "invalid record at moves[0]: seat 0 may not pass: it is time for a bid ('bid N'), not pass"
    )


def test_moves_after_the_end_are_refused() -> None:
    data = record_data()
    count = len(data["moves"])
    data["moves"].append("bid 0")
    assert str(refused(data)) == (
        f"invalid record at moves[{count}]: bid 0: the game is already over"
    )


def test_deals_of_rounds_never_reached_are_refused() -> None:
    state = new_game(SMALL, seed=2, dealer=0)
    data = record_data(state)
    later = random_game(SMALL, 2, dealer=0).deals[1]
    data["deals"].append(
        {
            "hands": [[str(c) for c in hand] for hand in later.hands],
            "trump_card": str(later.trump_card),
        }
    )
    error = refused(data)
    assert error.where == "deals[1]"
    assert "a round never reached" in error.reason


def test_a_missing_deal_is_refused() -> None:
    data = record_data()
    data["deals"].pop()
    error = refused(data)
    assert error.where == "deals"
    assert error.reason == "the game reaches round 3 but the record has no deal for it"
    data["deals"] = []
    assert refused(data).reason == "the record has no deal for round 0"


def test_a_deal_that_breaks_the_rules_is_refused_by_round() -> None:
    data = record_data()
    hands = data["deals"][1]["hands"]
    hands[1][0] = hands[0][0]  # the same card in two hands
    error = refused(data)
    assert error.where == "deals[1]"
    assert error.reason.endswith("is dealt twice")


def test_stored_scores_must_match_the_replay() -> None:
    data = record_data()
    real = list(data["scores"])
    data["scores"][2] += 5
    error = refused(data)
    assert error.where == "scores"
    assert error.reason == f"the record says {data['scores']} but the moves give {real}"


def test_stored_round_scores_must_match_the_replay() -> None:
    data = record_data()
    data["round_scores"][1][0] -= 5
    assert refused(data).where == "round_scores[1]"
    data = record_data()
    data["round_scores"].append([0, 0, 0, 0])
    error = refused(data)
    assert error.where == "round_scores"
    assert error.reason == "5 rounds recorded, but 4 were finished"


def test_records_built_in_python_are_checked_too() -> None:
    record = GameRecord.from_state(small_game())
    with pytest.raises(InvalidRecordError, match=r"at first_dealer: seats run from 0 to 3, got 7"):
        replay(attrs.evolve(record, first_dealer=7))
    with pytest.raises(TypeError, match=r"seed must be an int, got bool True"):
        attrs.evolve(record, seed=True)
    with pytest.raises(InvalidRecordError, match=r"at seed: a seed is less than 2\*\*256 in size"):
        attrs.evolve(record, seed=2**256)
    with pytest.raises(InvalidRecordError, match=r"at first_dealer: .*, got True"):
        replay(attrs.evolve(record, first_dealer=True))
    three = Deal(hands=record.deals[0].hands[:3], trump_card=record.deals[0].trump_card)
    with pytest.raises(InvalidRecordError, match=r"at deals\[0\]\.hands: 3 hands for 4 players"):
        replay(attrs.evolve(record, deals=(three, *record.deals[1:])))
    with pytest.raises(TypeError):
        GameRecord(rules=SMALL, seed=1, first_dealer=0, deals=[], moves=["bid 1"])  # type: ignore[list-item]


def test_the_callers_data_is_never_changed() -> None:
    data = record_data()
    data["deals"][0]["hands"][0] = ["12b"]  # refused later, at replay
    before = copy.deepcopy(data)
    with pytest.raises(InvalidRecordError):
        replay(GameRecord.from_dict(data))
    assert data == before


# --- refused text ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "at record: not valid JSON: Expecting value"),
        ('{"format": "pocha-record"', "at record: not valid JSON"),
        ("[" * 100_000 + "]" * 100_000, "at record: the JSON is nested too deeply"),
        ('{"a": 1, "a": 2}', "at record: not valid JSON: the member 'a' appears twice"),
        ('{"seed": NaN}', "at record: not valid JSON: NaN is not a number a record may hold"),
        ("1" * 5000, "at record: not valid JSON"),
        ("null", "at record: expected an object, got null"),
    ],
)
def test_bad_json_is_refused(text: str, message: str) -> None:
    with pytest.raises(InvalidRecordError) as info:
        GameRecord.from_json(text)
    assert message in str(info.value)


def test_huge_text_is_refused_before_reading_it() -> None:
    text = " " * (MAX_RECORD_CHARS + 1)
    with pytest.raises(InvalidRecordError, match=r"more than a record may hold \(16777216\)"):
        GameRecord.from_json(text)


def test_from_json_wants_text() -> None:
    with pytest.raises(TypeError, match="text must be a str of JSON, got bytes"):
        GameRecord.from_json(b"{}")  # type: ignore[arg-type]


def test_replay_wants_a_record() -> None:
    for replayer in (replay, replay_lenient):
        with pytest.raises(TypeError, match="record must be a GameRecord, got dict"):
            replayer({"format": FORMAT})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="record must be a GameRecord, got dict"):
        dump({"format": FORMAT}, "game.json")  # type: ignore[arg-type]


def test_a_record_of_other_rules_behaviour_is_not_replayed() -> None:
    assert (FORMAT, VERSION, RULES_VERSION) == ("pocha-record", 1, 1)
    record = attrs.evolve(GameRecord.from_state(small_game()), rules_version=2)
    with pytest.raises(InvalidRecordError, match=r"at rules_version: .* version 2;"):
        replay(record)


# --- lenient replay: a real table's revoke (revoke_penalty) --------------------------

# Worked example "Overtake when you can": trump espadas, 5c led then 7c; seat 2 holds 3c, 4c, 1b
# and must play 3c. At this table seat 2 played 4c: a revoke.
REVOKE_RULES = RuleSet(schedule=["3"])
REVOKE_DEAL = deal("5c 1o 2o", "7c 11b 12b", "3c 4c 1b", "6c 7o 10o", trump="7e")
REVOKE_MOVES = ["bid 1", "bid 0", "bid 1", "bid 0", "play 5c", "play 7c", "play 4c"]


def revoke_record() -> GameRecord:
    return GameRecord(
        rules=REVOKE_RULES,
        seed=1,
        first_dealer=3,
        deals=[REVOKE_DEAL],
        moves=[parse_move(m) for m in REVOKE_MOVES],
    )


def test_strict_replay_refuses_a_revoke() -> None:
    with pytest.raises(InvalidRecordError) as info:
        replay(revoke_record())
    assert info.value.where == "moves[6]"
    assert str(info.value) == (
        "invalid record at moves[6]: seat 2 may not play 4c: must beat 7c when able: play 3c"
    ) or "seat 2 may not play 4c" in str(info.value)


def test_lenient_replay_plays_the_revoke_and_charges_it() -> None:
    # The table played on after the revoke; finish the game with legal moves.
    lenient = replay_lenient(revoke_record())
    state = play_out(lenient.state, 0)
    full = GameRecord.from_state(state)
    result = replay_lenient(full)
    assert isinstance(result, LenientReplay)
    assert result.state == state
    assert len(result.revokes) == 1
    revoke = result.revokes[0]
    assert (revoke.index, revoke.seat, revoke.move) == (6, 2, Play(card("4c")))
    assert "3c" in revoke.reason
    expected = list(state.scores)
    expected[2] -= 50
    assert result.totals == tuple(expected)
    assert result.revokes == (
        Revoke(index=6, seat=2, move=Play(card("4c")), reason=revoke.reason),
    )


def test_lenient_replay_of_a_clean_game_changes_nothing() -> None:
    state = small_game()
    result = replay_lenient(GameRecord.from_state(state))
    assert result.state == state
    assert result.revokes == ()
    assert result.totals == state.scores


def test_the_revoke_penalty_comes_from_the_rules() -> None:
    rules = RuleSet(schedule=["3"], revoke_penalty=-20)
    record = GameRecord(
        rules=rules,
        seed=1,
        first_dealer=3,
        deals=[REVOKE_DEAL],
        moves=[parse_move(m) for m in REVOKE_MOVES],
    )
    result = replay_lenient(record)
    assert result.totals == (0, 0, -20, 0)


def test_lenient_replay_still_refuses_a_card_not_in_the_hand() -> None:
    moves = [parse_move(m) for m in [*REVOKE_MOVES[:6], "play 1o"]]
    record = GameRecord(
        rules=REVOKE_RULES, seed=1, first_dealer=3, deals=[REVOKE_DEAL], moves=moves
    )
    with pytest.raises(InvalidRecordError) as info:
        replay_lenient(record)
    assert info.value.where == "moves[6]"
    assert "seat 2 may not play 1o" in str(info.value)


def test_lenient_replay_still_refuses_other_illegal_moves() -> None:
    moves = [Bid(1), Bid(0), Bid(4)]
    record = GameRecord(
        rules=REVOKE_RULES, seed=1, first_dealer=3, deals=[REVOKE_DEAL], moves=moves
    )
    with pytest.raises(InvalidRecordError, match=r"moves\[2\]: seat 2 may not bid 4"):
        replay_lenient(record)


def test_a_record_of_a_revoke_reads_and_writes() -> None:
    record = revoke_record()
    again = GameRecord.from_json(record.to_json())
    assert replay_lenient(again).revokes == replay_lenient(record).revokes
    assert again.deals == (Deal(hands=REVOKE_DEAL.hands, trump_card=REVOKE_DEAL.trump_card),)


# --- fuzzing the reader (untrusted input) ---------------------------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)

BASE = record_data(small_game(seed=5))


def _paths(value: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _paths(item, (*prefix, index))
    return out


PATHS = _paths(BASE)[1:]


def _get(data: Any, path: tuple[object, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def _read_and_replay(read: Callable[[], GameRecord], *, lenient: bool = False) -> None:
    """Reading and replaying either works or raises InvalidRecordError, whose
    ``where`` names a place; any other exception fails the test."""
    refusal: InvalidRecordError | None = None
    try:
        record = read()
        if lenient:
            replay_lenient(record)
        else:
            replay(record)
    except InvalidRecordError as error:
        refusal = error
    if refusal is not None:
        assert refusal.where
        assert refusal.reason
        assert str(refusal) == f"invalid record at {refusal.where}: {refusal.reason}"


def _accepts_or_refuses(data: object) -> None:
    before = copy.deepcopy(data)
    _read_and_replay(lambda: GameRecord.from_dict(data))
    _read_and_replay(lambda: GameRecord.from_dict(data), lenient=True)
    assert data == before


@given(json_values)
def test_random_json_is_refused_cleanly(value: object) -> None:
    _accepts_or_refuses(value)
    _read_and_replay(lambda: GameRecord.from_json(json.dumps(value)))


@given(
    st.lists(
        st.tuples(
            st.sampled_from(("delete", "replace", "swap")),
            st.sampled_from(PATHS),
            st.sampled_from(PATHS),
            json_values,
        ),
        min_size=1,
        max_size=3,
    )
)
def test_mutated_records_are_refused_cleanly(
    changes: list[tuple[str, tuple[object, ...], tuple[object, ...], object]],
) -> None:
    data = copy.deepcopy(BASE)
    for action, path, other, value in changes:
        try:
            parent = _get(data, path[:-1])
            key = path[-1]
            if action == "delete":
                del parent[key]
            elif action == "replace":
                parent[key] = value
            else:
                other_parent = _get(data, other[:-1])
                parent[key], other_parent[other[-1]] = other_parent[other[-1]], parent[key]
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed the path
    _accepts_or_refuses(data)


@given(st.integers(0, len(json.dumps(BASE))), st.sampled_from(("cut", "drop")))
def test_truncated_or_damaged_text_is_refused_cleanly(position: int, how: str) -> None:
    text = GameRecord.from_dict(BASE).to_json()
    damaged = text[:position] if how == "cut" else text[:position] + text[position + 1 :]
    _read_and_replay(lambda: GameRecord.from_json(damaged))


@given(st.sampled_from(PATHS), st.sampled_from(("1", "-1", "99", '"x"', "true", "[]")))
def test_values_swapped_in_the_text_are_refused_cleanly(
    path: tuple[object, ...], replacement: str
) -> None:
    data = copy.deepcopy(BASE)
    parent = _get(data, path[:-1])
    parent[path[-1]] = json.loads(replacement)
    _read_and_replay(lambda: GameRecord.from_json(json.dumps(data)))
