"""One text in every door: moves read and written in each language, the
library's messages with moves in the reader's words, pictures all in one
language, suits named alike, and the schema files checked offline."""

from __future__ import annotations

import json
import random
import re

import pytest

from pocha_rules import (
    IllegalMoveError,
    ParseError,
    PochaError,
    RuleSet,
    apply,
    legal_moves,
    new_game,
    observe,
    parse_move,
)
from pocha_rules.messages import message
from pocha_rules.names import move_text
from pocha_rules.svg import table

ENGLISH_WORDS = re.compile(r"\b(coins|cups|swords|clubs|ace|knight|king|jack|of|seat|trump)\b")


def every_move_of_a_game() -> set[object]:
    moves: set[object] = set()
    rules = RuleSet(
        players=4, schedule=["2a", "1b", "3", "10"], trump_when_all_dealt="dealer_chooses"
    )
    state = new_game(rules, seed=1)
    rng = random.Random(1)
    while not state.is_over:
        options = legal_moves(state)
        moves.update(options)
        state = apply(state, rng.choice(options))
    return moves


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_move_is_read_back_from_its_text_in_each_language(lang: str) -> None:
    moves = every_move_of_a_game()
    assert {type(move).__name__ for move in moves} == {
        "Bid",
        "Play",
        "ChooseTrump",
        "Call",
        "Pass",
    }
    for move in moves:
        assert parse_move(move_text(move, lang), lang=lang) == move  # type: ignore[arg-type]


def test_the_spanish_words_of_the_hint_are_read() -> None:
    assert str(parse_move("pido 2", lang="es")) == "bid 2"
    assert str(parse_move("juego 12o", lang="es")) == "play 12o"
    assert str(parse_move("TRIUNFO oros", lang="es")) == "trump o"
    assert str(parse_move("puja 3", lang="es")) == "call 3"
    assert str(parse_move("paso", lang="es")) == "pass"
    assert str(parse_move("bid 2", lang="es")) == "bid 2"  # English is read too
    with pytest.raises(ParseError):
        parse_move("pido 2")  # English only by default
    with pytest.raises(PochaError, match="not 'fr'"):
        parse_move("bid 2", lang="fr")


def test_a_refusal_in_spanish_shows_the_move_in_spanish() -> None:
    state = new_game(RuleSet(), seed=1, dealer=3)
    with pytest.raises(IllegalMoveError) as caught:
        apply(state, parse_move("bid 5"))
    said = message(caught.value, "es")
    assert said.startswith("jugada no permitida pido 5 del puesto 0")
    assert "bid" not in said
    assert message(caught.value, "en").startswith("illegal move bid 5 by seat 0")


def test_a_spanish_picture_has_no_english_word() -> None:
    state = new_game(RuleSet(), seed=4)
    rng = random.Random(4)
    while not (state.trick and len(state.hands[0]) > 1):
        state = apply(state, rng.choice(legal_moves(state)))
    assert state.trick  # cards on the table, and cards in hand
    picture = table(observe(state, 0), lang="es")
    words = " ".join(re.findall(r">([^<]+)<", picture))
    assert "de oros" in picture or "de copas" in picture or "de espadas" in picture
    assert not ENGLISH_WORDS.findall(words), ENGLISH_WORDS.findall(words)


def test_the_schema_files_are_checked_offline() -> None:
    pytest.importorskip("jsonschema", reason="jsonschema is in the schemas extra")
    from pocha_rules.schemas import registry, validator

    state = new_game(RuleSet(), seed=2)
    data = json.loads(state.to_json())
    validator("state").validate(data)  # refers to the record's schema by its $id
    assert "https://pocha-rules.readthedocs.io/schemas/record-1.json" in list(registry())
    data["record"]["seed"] = "x"
    with pytest.raises(Exception, match="is not of type 'integer'"):
        validator("state").validate(data)
