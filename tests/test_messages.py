"""pocha_rules.messages: the library's errors told in Spanish by their codes."""

from __future__ import annotations

import importlib
import importlib.util
import re
import string
from pathlib import Path

import pytest

from pocha_rules import (
    Bid,
    Card,
    IllegalMoveError,
    InvalidRecordError,
    InvalidRulesError,
    Play,
    PochaError,
    RuleSet,
    apply,
    new_game,
)
from pocha_rules.messages import GERMAN, SPANISH, SPANISH_FRAMES, message, reason, translate

# The codes (pocha_rules._common.codes, error.code and error.params) come with the
# app builders' work; the tests of every code against the library's own
# table run where it is present.
HAS_CODES = importlib.util.find_spec("pocha_rules._common.codes") is not None
needs_codes = pytest.mark.skipif(not HAS_CODES, reason="the library's errors carry no codes yet")


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def coded(error: PochaError, code: str, **params: object) -> PochaError:
    """``error`` with the code and params the library gives its errors."""
    error.code = code
    error.params = dict(params)
    return error


def refused_follow() -> IllegalMoveError:
    error = IllegalMoveError(Play(Card.parse("6c")), 3, "must follow suit")
    return coded(  # type: ignore[return-value]
        error, "must_follow_suit", move="play 6c", seat=3, led="oros", allowed="5o"
    )


def test_a_refused_card_in_spanish() -> None:
    error = refused_follow()
    assert reason(error) == "hay que asistir: se salió a oros y la mano tiene el cinco de oros"
    assert message(error, "es") == (
        "jugada no permitida juego 6c del puesto 3: "
        "hay que asistir: se salió a oros y la mano tiene el cinco de oros"
    )
    assert reason(error, "en") == "must follow suit"
    assert message(error, "en") == str(error)


def test_a_refusal_names_the_cards_as_a_player_says_them() -> None:
    # Not the cards' codes ("tienes 1e, 12e"): their names.
    error = coded(
        IllegalMoveError(Play(Card.parse("7o")), 2, "not in hand"),
        "not_in_hand",
        move="play 7o",
        seat=2,
        card="7o",
        hand="1e, 12e, 3b",
    )
    assert reason(error) == (
        "el siete de oros no está en la mano "
        "(el as de espadas, el rey de espadas y el tres de bastos)"
    )
    overruff = coded(
        IllegalMoveError(Play(Card.parse("4o")), 1, "must overruff"),
        "must_overruff",
        move="play 4o",
        seat=1,
        best="3o",
        allowed="12o",
    )
    assert reason(overruff) == (
        "hay que contrafallar: matar el tres de oros con un triunfo más alto: el rey de oros"
    )


def test_the_hook_and_a_move_after_the_end() -> None:
    error = coded(
        IllegalMoveError(Bid(1), 3, "the hook"), "hook", move="bid 1", seat=3, bid=1, cards=1
    )
    assert reason(error) == (
        "la regla del postre: el último en pedir no puede pedir 1, porque las peticiones "
        "sumarían 1, las bazas de la ronda"
    )
    over = coded(
        IllegalMoveError(Bid(1), None, "the game is over"), "game_over", seat=None, move="bid 1"
    )
    assert (
        message(over)
        == "jugada no permitida pido 1 con la partida terminada: la partida ha terminado"
    )


def test_a_move_at_the_wrong_time_names_the_phase_in_spanish() -> None:
    error = coded(
        IllegalMoveError(Play(Card.parse("12o")), 0, "it is time for a bid"),
        "wrong_phase",
        move="play 12o",
        seat=0,
        expected="a bid ('bid N')",
        phase="bid",
    )
    assert reason(error) == "ahora toca apuestas, no juego 12o"


def test_a_nested_reason_is_told_in_spanish_too() -> None:
    error = coded(
        InvalidRecordError("moves[3]", "seat 1 may not play 6c: must follow suit"),
        "record_illegal_move",
        where="moves[3]",
        seat=1,
        move="play 6c",
        reason="must follow suit: oros was led and the hand holds 5o",
        reason_code="must_follow_suit",
        reason_params={"led": "oros", "allowed": "5o"},
    )
    assert message(error) == (
        "registro no válido en moves[3]: el puesto 1 no puede hacer juego 6c: "
        "hay que asistir: se salió a oros y la mano tiene el cinco de oros"
    )


def test_rules_errors_in_spanish() -> None:
    error = coded(
        InvalidRulesError("players", "Pocha is played by 3 to 8 players, got 9"),
        "players_out_of_range",
        field="players",
        got=9,
    )
    assert (
        message(error)
        == "reglas no válidas: players: a la pocha se juega de 3 a 8 jugadores, no 9"
    )


def test_what_cannot_be_said_in_spanish_stays_in_english() -> None:
    plain = PochaError("something else")
    if HAS_CODES:
        assert plain.code == "other"
    assert message(plain) == "something else"
    unknown = coded(PochaError("a new thing"), "a_code_from_the_future", got=1)
    assert message(unknown) == "a new thing"
    assert reason(unknown) == "a new thing"
    # A template whose params are missing does not raise: the English stays.
    broken = coded(PochaError("hand"), "not_in_hand", card="5o")
    assert message(broken) == "hand"


def test_translate_a_reason_text() -> None:
    class Reason(str):
        code = "not_in_hand"
        params = {"card": "5o", "hand": "1o 3c"}  # noqa: RUF012

    assert translate(Reason("5o is not in the hand (1o 3c)")) == (
        "el cinco de oros no está en la mano (el as de oros y el tres de copas)"
    )
    assert translate(Reason("x"), "en") == "x"
    assert translate("plain text") == "plain text"


def test_bad_arguments() -> None:
    with pytest.raises(TypeError, match="PochaError"):
        message(ValueError("no"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="PochaError"):
        reason("no")  # type: ignore[arg-type]
    with pytest.raises(PochaError, match="'es'"):
        message(PochaError("x"), "fr")


def test_the_spanish_uses_the_tables_words() -> None:
    assert "asistir" in SPANISH["must_follow_suit"]
    assert "fallar" in SPANISH["must_ruff"]
    assert "contrafallar" in SPANISH["must_overruff"]
    assert "montar" in SPANISH["must_overtake"]
    assert "repartidor" in SPANISH["dealer_out_of_range"]


# --- against the library's own codes ------------------------------------------------


@needs_codes
def test_every_code_has_a_spanish_message() -> None:
    codes = importlib.import_module("pocha_rules._common.codes")
    FRAMES: dict[str, str] = codes.FRAMES
    MESSAGES: dict[str, str] = codes.MESSAGES

    assert set(MESSAGES) - set(SPANISH) == set(), "codes without a Spanish message"
    assert set(SPANISH) - set(MESSAGES) == set(), "Spanish messages of codes that are gone"
    for code, english in MESSAGES.items():
        assert fields(SPANISH[code]) == fields(english), code
    assert set(FRAMES) <= set(SPANISH_FRAMES)
    for name, frame in FRAMES.items():
        assert fields(SPANISH_FRAMES[name]) == fields(frame), name


@needs_codes
def test_real_refusals_in_spanish() -> None:
    rules = RuleSet(schedule=(1,), players=4)
    state = new_game(rules, seed=0)
    seat = state.to_move
    assert seat is not None
    with pytest.raises(IllegalMoveError) as refused:
        apply(state, Play(state.hands[seat][0]))
    assert reason(refused.value).startswith("ahora toca apuestas, no ")
    with pytest.raises(IllegalMoveError) as refused:
        apply(state, Bid(5))
    assert reason(refused.value) == "en la ronda de 1 se pide de 0 a 1"
    with pytest.raises(PochaError) as bad_rules:
        RuleSet(players=9)
    assert message(bad_rules.value) == (
        "reglas no válidas: players: a la pocha se juega de 3 a 8 jugadores, no 9"
    )


@needs_codes
def test_poch_and_position_refusals_in_spanish() -> None:
    poch = importlib.import_module("pocha_rules.poch")
    notation = importlib.import_module("pocha_rules.notation")
    with pytest.raises(PochaError) as bad_card:
        poch.Card.parse("1x")
    assert message(bad_card.value) == (
        "no se entiende '1x': se esperaba un rango (2-10, J, Q, K, A) seguido de c, d, h o s"
    )
    with pytest.raises(PochaError) as too_few_fields:
        notation.read("classic 1:1 zz")
    assert message(too_few_fields.value).startswith(
        "no se puede leer la posición en el carácter 15: una posición tiene 12 campos "
    )
    assert message(too_few_fields.value).endswith("; este texto tiene 3")
    with pytest.raises(PochaError) as bad_round:
        notation.read("classic 1:1x 3 2b 4c/10o/4e/1c - -/-/-/- - 0/0/0/0 0 0/0/0/0 7")
    assert message(bad_round.value) == (
        "no se puede leer la posición en el carácter 11 (round): se esperaba un número de "
        "cartas y luego 'a' (subastada) o 'b' (india)"
    )


@needs_codes
def test_every_code_poch_raises_has_a_german_message() -> None:
    # The codes named where Poch's modules refuse something, read from their
    # source: a German player meets each of them.
    codes = importlib.import_module("pocha_rules._common.codes")
    MESSAGES: dict[str, str] = codes.MESSAGES
    poch = Path(importlib.import_module("pocha_rules.poch").__file__ or "").parent
    raised = {
        code
        for path in poch.rglob("*.py")
        for code in re.findall(r'\bsay\(\s*"([a-z_0-9]+)"', path.read_text(encoding="utf-8"))
    }
    assert len(raised) > 50
    assert raised - set(GERMAN) == set(), "codes Poch raises without a German message"
    assert set(GERMAN) - set(MESSAGES) == set(), "German messages of codes that are gone"
    for code, german in GERMAN.items():
        assert fields(german) == fields(MESSAGES[code]), code
