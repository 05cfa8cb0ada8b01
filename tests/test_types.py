"""A value of the wrong type, anywhere in the public API, raises a TypeError
that names the type expected: never an IllegalMoveError, a PochaError or an
AttributeError from inside.

The compiled build checks the argument types of its compiled functions
itself, in its own words; the patterns below accept both wordings, and both
name the type expected.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pocha_rules import (
    Bid,
    Call,
    Card,
    ChooseTrump,
    Deal,
    PochaError,
    Round,
    RuleSet,
    Suit,
    apply,
    explain,
    forbidden_bid,
    is_legal,
    known_voids,
    legal_moves,
    max_cards,
    new_game,
    observe,
    parse_move,
    play_game,
    rollout,
    rollout_rounds,
    round_score,
    sample_state,
    sample_states,
    score,
    simulate,
    tricks_needed,
    unseen_cards,
)
from pocha_rules.bots import HeuristicBot, RandomBot
from pocha_rules.records import GameRecord, dump, replay, replay_lenient

STATE = new_game(RuleSet(schedule=[2]), seed=1, dealer=0)

CASES: list[tuple[str, Callable[[], object], str]] = [
    # The engine: what a compiled build checks itself says "GameState" too.
    ("apply(None, move)", lambda: apply(None, Bid(0)), "GameState"),  # type: ignore[arg-type]
    ("apply(text, move)", lambda: apply("state", Bid(0)), "GameState"),  # type: ignore[arg-type]
    ("apply(state, text)", lambda: apply(STATE, "bid 0"), "Bid"),  # type: ignore[arg-type]
    ("apply(state, None)", lambda: apply(STATE, None), "Bid"),  # type: ignore[arg-type]
    ("apply(state, 0)", lambda: apply(STATE, 0), "Bid"),  # type: ignore[arg-type]
    ("legal_moves(None)", lambda: legal_moves(None), "GameState"),  # type: ignore[arg-type]
    ("is_legal(None, move)", lambda: is_legal(None, Bid(0)), "GameState"),  # type: ignore[arg-type]
    ("explain(None, move)", lambda: explain(None, Bid(0)), "GameState"),  # type: ignore[arg-type]
    ("score(None)", lambda: score(None), "GameState"),  # type: ignore[arg-type]
    ("new_game(text)", lambda: new_game("classic"), "RuleSet"),  # type: ignore[arg-type]
    ("new_game(deals=9)", lambda: new_game(RuleSet(), deals=9), "sequence of Deal"),  # type: ignore[arg-type]
    ("new_game(seed=text)", lambda: new_game(RuleSet(), seed="1"), "seed must be an int"),  # type: ignore[arg-type]
    ("observe(state, text)", lambda: observe(STATE, "0"), "seat must be an int"),  # type: ignore[arg-type]
    ("observe(None, 0)", lambda: observe(None, 0), "GameState"),  # type: ignore[arg-type]
    # Moves, cards, rounds, deals.
    ("parse_move(3)", lambda: parse_move(3), "str"),  # type: ignore[arg-type]
    ("Card.parse(3)", lambda: Card.parse(3), "str"),  # type: ignore[arg-type]
    ("Suit.parse(3)", lambda: Suit.parse(3), "str"),  # type: ignore[arg-type]
    ("Round.parse(3)", lambda: Round.parse(3), "str"),  # type: ignore[arg-type]
    ("Bid(text)", lambda: Bid("1"), "int"),  # type: ignore[arg-type]
    ("Call(float)", lambda: Call(1.0), "int"),  # type: ignore[arg-type]
    ("Card(text, suit)", lambda: Card("1", Suit.OROS), "int"),  # type: ignore[arg-type]
    ("Card(1, text)", lambda: Card(1, "o"), "Suit"),  # type: ignore[arg-type]
    ("ChooseTrump(text)", lambda: ChooseTrump("o"), "Suit"),  # type: ignore[arg-type]
    ("Round(text)", lambda: Round("3"), "int"),  # type: ignore[arg-type]
    ("Deal(hands=5)", lambda: Deal(hands=5), "sequence"),  # type: ignore[arg-type]
    ("Deal(hands=[5])", lambda: Deal(hands=[5]), "sequence"),  # type: ignore[list-item]
    ("Deal(hands=[[5]])", lambda: Deal(hands=[[5]]), "Card or its text"),  # type: ignore[list-item]
    ("Deal(trump_card=5)", lambda: Deal(hands=[["1o"]], trump_card=5), "Card or its text"),  # type: ignore[arg-type]
    # Rules and scoring.
    ("RuleSet(players=text)", lambda: RuleSet(players="4"), "players must be an int"),  # type: ignore[arg-type]
    ("round_score(None)", lambda: round_score(None, 1, None, 0, 0), "RuleSet"),  # type: ignore[arg-type]
    ("round_score(trump=text)", lambda: round_score(RuleSet(), 1, "o", 0, 0), "Suit"),  # type: ignore[arg-type]
    ("round_score(bid=text)", lambda: round_score(RuleSet(), 1, None, "0", 0), "int"),  # type: ignore[arg-type]
    ("max_cards(text)", lambda: max_cards("4"), "ints"),  # type: ignore[arg-type]
    # The fast path, views and bots.
    ("rollout(None)", lambda: rollout(None), "GameState"),  # type: ignore[arg-type]
    ("rollout_rounds(text)", lambda: rollout_rounds("x"), "GameState"),  # type: ignore[arg-type]
    ("simulate(text, 1)", lambda: simulate("classic", 1), "RuleSet"),  # type: ignore[arg-type]
    ("simulate(rules, float)", lambda: simulate(RuleSet(), 1.0), "games must be an int"),  # type: ignore[arg-type]
    ("forbidden_bid(state)", lambda: forbidden_bid(STATE), "PlayerView"),  # type: ignore[arg-type]
    ("tricks_needed(None)", lambda: tricks_needed(None), "PlayerView"),  # type: ignore[arg-type]
    ("unseen_cards(None)", lambda: unseen_cards(None), "PlayerView"),  # type: ignore[arg-type]
    ("known_voids(None)", lambda: known_voids(None), "PlayerView"),  # type: ignore[arg-type]
    ("sample_state(state)", lambda: sample_state(STATE, random.Random()), "PlayerView"),  # type: ignore[arg-type]
    ("sample_states(None)", lambda: sample_states(None, 1, 1), "PlayerView"),  # type: ignore[arg-type]
    ("RandomBot().act(state)", lambda: RandomBot().act(STATE), "PlayerView"),  # type: ignore[arg-type]
    ("HeuristicBot().act(None)", lambda: HeuristicBot().act(None), "PlayerView"),  # type: ignore[arg-type]
    ("play_game(text, bots)", lambda: play_game("classic", []), "RuleSet"),  # type: ignore[arg-type]
    # Records.
    ("GameRecord.from_state(None)", lambda: GameRecord.from_state(None), "GameState"),  # type: ignore[arg-type]
    ("GameRecord.from_json(bytes)", lambda: GameRecord.from_json(b"{}"), "str"),  # type: ignore[arg-type]
    ("replay(dict)", lambda: replay({}), "GameRecord"),  # type: ignore[arg-type]
    ("replay_lenient(None)", lambda: replay_lenient(None), "GameRecord"),  # type: ignore[arg-type]
    ("dump(None, path)", lambda: dump(None, Path("x.json")), "GameRecord"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("name", "call", "expected"), CASES, ids=[c[0] for c in CASES])
def test_a_value_of_the_wrong_type_is_a_type_error(
    name: str, call: Callable[[], Any], expected: str
) -> None:
    with pytest.raises(TypeError) as info:
        call()
    error = info.value
    assert not isinstance(error, PochaError)
    assert expected in str(error), str(error)
    # The error is raised where the value is checked, not by a failure deep
    # inside (an attribute or an operation on the wrong type).
    assert "has no attribute" not in str(error)
    assert "unsupported operand" not in str(error)
    assert "not iterable" not in str(error)


def test_the_state_is_unchanged_by_a_refused_move_of_the_wrong_type() -> None:
    before = (STATE.hands, STATE.bids, STATE.history, STATE.to_move)
    with pytest.raises(TypeError, match="parse_move reads a move's text"):
        apply(STATE, "bid 0")  # type: ignore[arg-type]
    assert (STATE.hands, STATE.bids, STATE.history, STATE.to_move) == before
    assert apply(STATE, parse_move("bid 0")).bids[1] == 0


@pytest.mark.parametrize(
    ("arguments", "message", "compiled"),
    [
        (("7", 1, None, 0, 0), "rules must be a RuleSet, got str '7'", None),
        ((RuleSet(), "1", None, 0, 0), "cards must be an int, got str '1'", "str"),
        ((RuleSet(), 1, "o", 0, 0), "trump must be a Suit or None, got str 'o'", None),
        ((RuleSet(), 1, None, 0.0, 0), "bid must be an int, got float 0.0", "float"),
        ((RuleSet(), 1, None, 0, None), "won must be an int, got None", "None"),
    ],
)
def test_round_score_names_the_argument_of_the_wrong_type(
    arguments: tuple[Any, ...], message: str, compiled: str | None
) -> None:
    # The compiled build checks its ints itself: "int object expected; got str".
    with pytest.raises(TypeError) as info:
        round_score(*arguments)
    assert str(info.value) in (message, f"int object expected; got {compiled}")


@pytest.mark.parametrize(
    "call",
    [
        lambda: legal_moves("x"),  # type: ignore[arg-type]
        lambda: is_legal("x", Bid(0)),  # type: ignore[arg-type]
        lambda: explain("x", Bid(0)),  # type: ignore[arg-type]
        lambda: score("x"),  # type: ignore[arg-type]
    ],
    ids=["legal_moves", "is_legal", "explain", "score"],
)
def test_the_engine_names_the_value_it_was_given(call: Callable[[], Any]) -> None:
    with pytest.raises(TypeError) as info:
        call()
    # The pure build's words, or the compiled build's own check.
    assert str(info.value) in (
        "state must be a GameState, got str 'x'",
        "pocha_rules._pocha.state.GameState object expected; got str",
    )


def test_apply_names_the_value_it_was_given() -> None:
    with pytest.raises(TypeError) as info:
        apply("x", Bid(0))  # type: ignore[arg-type]
    # The pure build's words, or the compiled build's own check.
    assert str(info.value) in (
        "state must be a GameState, got str 'x'",
        "pocha_rules._pocha.state.GameState object expected; got str",
    )
    with pytest.raises(TypeError) as info:
        apply(STATE, "bid 0")  # type: ignore[arg-type]
    assert str(info.value) == (
        "move must be a Bid, Play, ChooseTrump, Call or Pass, got str 'bid 0' "
        "(parse_move reads a move's text)"
    )
    with pytest.raises(TypeError) as info:
        apply(STATE, 0)  # type: ignore[arg-type]
    assert str(info.value) == "move must be a Bid, Play, ChooseTrump, Call or Pass, got int 0"
