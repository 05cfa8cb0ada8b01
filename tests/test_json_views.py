"""Views and states as JSON: round trips over every round kind and phase,
the schema files, and malformed data refused with the library's error."""

from __future__ import annotations

import contextlib
import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pocha_rules import (
    GameState,
    InvalidDataError,
    Phase,
    PlayerView,
    RoundKind,
    RuleSet,
    apply,
    legal_moves,
    new_game,
    observe,
)
from pocha_rules.actions import legal_actions
from pocha_rules.records import GameRecord
from pocha_rules.schemas import NAMES, VERSIONS, schema
from pocha_rules.schemas import validator as schemas_validator

from .strategies import game_states, json_values, views

jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is in the test group")
referencing = pytest.importorskip("referencing", reason="jsonschema depends on referencing")


def validator(name: str) -> Any:
    checker: Any = schemas_validator(name)
    type(checker).check_schema(schema(name))
    return checker


VIEW = validator("view")
STATE = validator("state")
RECORD = validator("record")

# Rules whose games pass through every round kind and every phase: an
# auction round, a blind round, a normal round, and a round that deals every
# card with the dealer naming trump.
TOUR = (
    RuleSet(players=4, schedule=["2a", "1b", "3", "10"], trump_when_all_dealt="dealer_chooses"),
    RuleSet(players=5, schedule=["1b", "8a", "2"], tiebreak="shared"),
)


def tour_states() -> list[GameState]:
    states = []
    for number, rules in enumerate(TOUR):
        rng = random.Random(number)
        state = new_game(rules, seed=number, dealer=number % rules.players)
        states.append(state)
        while not state.is_over:
            state = apply(state, rng.choice(legal_moves(state)))
            states.append(state)
    return states


STATES = tour_states()


def test_the_tour_reaches_every_round_kind_in_every_phase_it_has() -> None:
    seen = {(s.round_kind, s.phase) for s in STATES}
    for kind in RoundKind:
        assert (kind, Phase.BID) in seen
        assert (kind, Phase.PLAY) in seen
    assert (RoundKind.AUCTION, Phase.AUCTION) in seen
    assert (RoundKind.AUCTION, Phase.CHOOSE_TRUMP) in seen
    assert (RoundKind.NORMAL, Phase.CHOOSE_TRUMP) in seen
    assert any(s.is_over for s in STATES)


def check_view(view: PlayerView) -> None:
    data: Any = view.to_dict(history=True)
    assert json.loads(json.dumps(data)) == data  # JSON-ready as it is
    VIEW.validate(data)
    VIEW.validate(view.to_dict())
    assert PlayerView.from_dict(data) == view
    assert PlayerView.from_json(view.to_json(history=True)) == view
    assert PlayerView.from_json(view.to_json(indent=2, history=True)) == view
    assert data["legal_moves"] == [str(m) for m in view.legal_moves()]
    assert data["legal_actions"] == list(legal_actions(view))
    assert [entry[0] for entry in data["history"]] == [m.seat for m in view.seated_history]
    assert data["round_kind"] == view.round_kind.value
    assert data["trump"] == (None if view.trump is None else view.trump.letter)


def check_state(state: GameState) -> None:
    data = state.to_dict()
    assert json.loads(json.dumps(data)) == data
    STATE.validate(data)
    RECORD.validate(data["record"])
    assert GameState.from_dict(data) == state
    assert GameState.from_json(state.to_json()) == state


def test_every_view_and_state_of_the_tour_round_trips() -> None:
    for state in STATES[::3] + STATES[-1:]:
        check_state(state)
        for seat in range(state.rules.players):
            check_view(observe(state, seat))


def test_the_history_of_a_view_names_the_seat_of_every_move() -> None:
    state = new_game(TOUR[0], seed=0, dealer=0)
    seats = []
    rng = random.Random(0)
    while not state.is_over:
        assert state.to_move is not None
        seats.append(state.to_move)
        state = apply(state, rng.choice(legal_moves(state)))
        for seat in (0, 2):
            seated = observe(state, seat).seated_history
            assert [m.seat for m in seated] == seats
            assert tuple(m.move for m in seated) == state.history


def test_seats_stay_right_when_views_of_two_games_alternate() -> None:
    games = [new_game(rules, seed=7, dealer=1) for rules in TOUR]
    seats: list[list[int]] = [[], []]
    rng = random.Random(7)
    while not all(game.is_over for game in games):
        for number, game in enumerate(games):
            if game.is_over:
                continue
            assert game.to_move is not None
            seats[number].append(game.to_move)
            games[number] = apply(game, rng.choice(legal_moves(game)))
            seated = observe(games[number], 0).seated_history
            assert [m.seat for m in seated] == seats[number]


@settings(max_examples=25)
@given(views())
def test_random_views_round_trip(view: PlayerView) -> None:
    check_view(view)


@settings(max_examples=15)
@given(game_states(max_moves=80))
def test_random_states_round_trip(state: GameState) -> None:
    check_state(state)


def test_a_view_holds_no_hidden_card() -> None:
    state = STATES[5]
    data: Any = observe(state, 0).to_dict(history=True)
    assert data["visible_hands"][1] is None
    text = json.dumps(data)
    current = {str(card) for card in state.hands[1]} - {str(p.card) for p in state.played}
    if state.trump_card is not None:
        current.discard(str(state.trump_card))
    for deal in data["past_deals"]:
        for hand in deal["hands"]:
            current -= set(hand)
    assert not any(f'"{card}"' in text for card in current)


def test_records_match_their_schema() -> None:
    RECORD.validate(GameRecord.from_state(STATES[-1]).to_dict())
    RECORD.validate(GameRecord.from_state(STATES[7], tags={"event": "club"}).to_dict())


def test_the_schema_files_are_versioned_and_valid() -> None:
    for name in NAMES:
        data = schema(name)
        assert str(data["$id"]).endswith(f"{name}-{VERSIONS[name]}.json")
        jsonschema.validators.validator_for(data).check_schema(data)


def test_an_unknown_schema_is_refused() -> None:
    from pocha_rules import PochaError

    with pytest.raises(PochaError, match="no schema named 'viewz'"):
        schema("viewz")
    with pytest.raises(TypeError, match="name must be a str"):
        schema(1)  # type: ignore[arg-type]


# --- malformed data -------------------------------------------------------------

BASE = observe(STATES[9], 1)


def broken(**changes: object) -> dict[str, object]:
    data = BASE.to_dict(history=True)
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (None, "invalid view: expected an object, got null"),
        ({}, "invalid view at schema: missing: this is not a pocha view"),
        (broken(schema="pocha-state"), "invalid view at schema: expected 'pocha-view'"),
        (broken(version=1), "invalid view at version: this library reads version 2, not 1"),
        (BASE.to_dict(), "invalid view at round_results: missing: a compact view cannot be"),
        (broken(round_kind="blind"), "invalid view at round_kind: not the kind of the round"),
        (broken(seat=None), "invalid view at seat: expected a whole number"),
        (broken(trick=[[0]]), "invalid view at trick[0]: expected a [seat, text] pair"),
        (broken(seat=4), "invalid view at seat: seats run from 0 to 3, got 4"),
        (broken(seat="1"), "invalid view at seat: expected a whole number, got the string '1'"),
        (broken(phase="dance"), "invalid view at phase: expected one of auction, "),
        (broken(extra=1), "invalid view at extra: unknown member"),
        (broken(hand_sizes=[1, 1]), "invalid view at hand_sizes: 2 entries for 4 players"),
        (broken(round="x"), "invalid view at round: "),
        (broken(legal_moves=["bid 9"]), "invalid view at legal_moves: not the view's legal"),
        (broken(trump="swords"), "invalid view at trump: expected a suit"),
    ],
)
def test_malformed_views_are_refused_saying_where_and_why(data: object, message: str) -> None:
    with pytest.raises(InvalidDataError) as caught:
        PlayerView.from_dict(data)
    assert str(caught.value).startswith(message)


def test_what_a_view_says_twice_must_agree() -> None:
    # A view late in a round, with calls (an auction round), bids and cards.
    state = next(
        s
        for s in STATES
        if s.round_kind is RoundKind.AUCTION
        and len(s.trick) == 2
        and len(s.played) > 4
        and s.round_results
    )
    view = observe(state, 0)
    changes: list[tuple[str, Any]] = []
    data: Any = view.to_dict(history=True)
    data["calls"][0][1] = "pass" if data["calls"][0][1] != "pass" else "call 0"
    changes.append(("calls", data))
    data = view.to_dict(history=True)
    seat = next(
        s for s, bid in enumerate(data["bids"]) if bid is not None and s != state.auction_winner
    )
    data["bids"][seat] = 1 - min(data["bids"][seat], 1)
    changes.append(("bids", data))
    data = view.to_dict(history=True)
    data["played"] = data["played"][::-1]
    changes.append(("played", data))
    data = view.to_dict(history=True)
    data["trick"] = data["played"][:1] if len(data["played"]) > 1 else []
    changes.append(("trick", data))
    data = view.to_dict(history=True)
    data["scores"][0] += 5
    changes.append(("scores", data))
    data = view.to_dict(history=True)
    data["round_results"][0]["scores"][0] += 5
    changes.append(("history[", data))
    for where, changed in changes:
        with pytest.raises(InvalidDataError) as caught:
            PlayerView.from_dict(changed)
        assert caught.value.where.startswith(where), (where, str(caught.value))


def test_a_bad_card_in_a_hand_names_its_place() -> None:
    data = BASE.to_dict(history=True)
    hand = data["visible_hands"][1]  # type: ignore[index]
    hand[0] = "13o"
    with pytest.raises(InvalidDataError) as caught:
        PlayerView.from_dict(data)
    assert caught.value.where == "visible_hands[1][0]"
    assert caught.value.what == "view"


def test_a_move_given_to_the_wrong_seat_is_refused() -> None:
    data = BASE.to_dict(history=True)
    history: Any = data["history"]
    history[0][0] = (history[0][0] + 1) % 4
    with pytest.raises(InvalidDataError, match=r"at history\[0\]\[0\]: the move was made by"):
        PlayerView.from_dict(data)


def test_malformed_json_text_is_refused() -> None:
    with pytest.raises(InvalidDataError, match="invalid view: not valid JSON"):
        PlayerView.from_json("{")
    with pytest.raises(InvalidDataError, match="invalid state: not valid JSON"):
        GameState.from_json('{"a": 1, "a": 2}')
    with pytest.raises(TypeError, match="text must be a str"):
        PlayerView.from_json(b"{}")  # type: ignore[arg-type]


def test_a_state_whose_record_does_not_replay_names_the_move() -> None:
    data = STATES[9].to_dict()
    record: Any = data["record"]
    record["moves"][0] = "bid 7"
    with pytest.raises(InvalidDataError) as caught:
        GameState.from_dict(data)
    assert caught.value.where == "record.moves[0]"
    data = STATES[9].to_dict()
    data["to_move"] = (STATES[9].to_move or 0) + 1
    with pytest.raises(InvalidDataError, match="at to_move: the record's game has"):
        GameState.from_dict(data)


def paths(data: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every place in JSON data, as keys from the top."""
    out = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out += paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            out += paths(value, (*prefix, index))
    return out


def replaced(data: object, path: tuple[object, ...], value: object) -> object:
    if not path:
        return value
    out = copy.deepcopy(data)
    node: Any = out
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return out


SAMPLES = [observe(s, s.to_move or 0) for s in (STATES[4], STATES[30], STATES[-1])]


@settings(max_examples=150)
@given(st.data())
def test_fuzzed_views_are_read_or_refused_with_the_library_error(data: st.DataObject) -> None:
    view = data.draw(st.sampled_from(SAMPLES))
    original = view.to_dict(history=True)
    path = data.draw(st.sampled_from(paths(original)))
    mutated = replaced(original, path, data.draw(json_values()))
    with contextlib.suppress(InvalidDataError):
        PlayerView.from_dict(mutated)
    # The text form too: anything, cut anywhere.
    text = json.dumps(mutated)
    cut = data.draw(st.integers(0, len(text)))
    with contextlib.suppress(InvalidDataError):
        PlayerView.from_json(text[:cut])


@settings(max_examples=60)
@given(st.data())
def test_fuzzed_states_are_read_or_refused_with_the_library_error(data: st.DataObject) -> None:
    original = STATES[30].to_dict()
    path = data.draw(st.sampled_from(paths(original)))
    mutated = replaced(original, path, data.draw(json_values()))
    with contextlib.suppress(InvalidDataError):
        GameState.from_dict(mutated)


def test_the_examples_in_the_new_methods_docstrings_hold() -> None:
    # Methods of the classes the package re-exports are not collected by
    # --doctest-modules (their module is not pocha_rules): run them here.
    import doctest

    import pocha_rules.views

    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for method in (PlayerView.to_dict, PlayerView.from_dict):
        for test in finder.find(method, globs=vars(pocha_rules.views).copy()):
            runner.run(test)
    assert runner.failures == 0
    assert runner.tries >= 1


def revoked() -> GameState:
    """A game of a real table, replayed leniently: seat 2 played 4c when it
    had to overtake 7c with 3c (a revoke)."""
    from pocha_rules import Deal, parse_move
    from pocha_rules.records import replay_lenient

    deal = Deal(
        hands=[["5c", "1o", "2o"], ["7c", "11b", "12b"], ["3c", "4c", "1b"], ["6c", "7o", "10o"]],
        trump_card="7e",
    )
    moves = ["bid 1", "bid 0", "bid 1", "bid 0", "play 5c", "play 7c", "play 4c", "play 6c"]
    record = GameRecord(
        rules=RuleSet(schedule=[3, 1]), seed=0, first_dealer=3, deals=[deal],
        moves=[parse_move(m) for m in moves],
    )  # fmt: skip
    return replay_lenient(record).state


def test_a_game_with_a_revoke_replayed_leniently_round_trips() -> None:
    state = revoked()
    data: Any = state.to_dict()
    assert data["lenient"] is True
    STATE.validate(data)
    assert GameState.from_dict(data) == state
    del data["lenient"]
    with pytest.raises(InvalidDataError, match=r"at record\.moves\[6\]: seat 2 may not play 4c"):
        GameState.from_dict(data)
