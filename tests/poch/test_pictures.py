"""Poch as a person meets it outside the terminal: names in English, German
and Spanish, SVG pictures of cards and tables, and the compact view's JSON
schema."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings

from pocha_rules import PochaError
from pocha_rules.poch import (
    POOLS,
    Card,
    GameState,
    Phase,
    RuleSet,
    Suit,
    apply,
    legal_moves,
    new_game,
    observe,
    parse_move,
)
from pocha_rules.poch import compact as poch_compact
from pocha_rules.poch._cards import CARDS
from pocha_rules.poch.names import (
    LANGUAGES,
    card_name,
    move_name,
    phase_name,
    pool_name,
    rank_name,
    suit_name,
)
from pocha_rules.poch.svg import back, card, cards, suit_sign, table

from ..test_svg import NS, _groups, _marked, _parse
from .strategies import games

# --- names ----------------------------------------------------------------------


def test_cards_are_named_in_english_german_and_spanish() -> None:
    assert [suit_name(suit, "de") for suit in Suit] == ["Kreuz", "Karo", "Herz", "Pik"]
    assert [suit_name(suit, "es") for suit in Suit] == [
        "tréboles",
        "diamantes",
        "corazones",
        "picas",
    ]
    examples = {
        "Ah": ("ace of hearts", "Herz-Ass", "as de corazones"),
        "10s": ("ten of spades", "Pik-Zehn", "10 de picas"),
        "Jc": ("jack of clubs", "Kreuz-Bube", "jota de tréboles"),
        "Qd": ("queen of diamonds", "Karo-Dame", "reina de diamantes"),
        "Kh": ("king of hearts", "Herz-König", "rey de corazones"),
        "7c": ("seven of clubs", "Kreuz-Sieben", "7 de tréboles"),
        "2d": ("two of diamonds", "Karo-Zwei", "2 de diamantes"),
    }
    for text, names in examples.items():
        assert tuple(card_name(Card.parse(text), lang) for lang in LANGUAGES) == names
    for lang in LANGUAGES:
        assert len({card_name(c, lang) for c in CARDS}) == 52
    assert [rank_name(r, "de") for r in (11, 12, 13, 14)] == ["Bube", "Dame", "König", "Ass"]


def test_pools_phases_and_moves_are_named() -> None:
    for lang in LANGUAGES:
        assert len({pool_name(pool, lang) for pool in POOLS}) == len(POOLS)
        assert len({phase_name(phase, lang) for phase in Phase}) == len(Phase)
    assert [pool_name("marriage", lang) for lang in LANGUAGES] == [
        "marriage",
        "Mariage",
        "matrimonio",
    ]
    moves = ["pass", "open 3", "match", "close", "reopen 2", "play Qs"]
    assert [move_name(parse_move(m), "en") for m in moves] == [
        "passes",
        "opens with 3",
        "matches",
        "closes the betting",
        "reopens with 2",
        "plays the queen of spades",
    ]
    assert [move_name(parse_move(m), "de") for m in moves] == [
        "passt",
        "pocht 3",
        "hält",
        "schließt",
        "pocht nach 2",
        "spielt Pik-Dame",
    ]
    assert move_name(parse_move("play Qs"), "es") == "juega la reina de picas"
    assert move_name(parse_move("play 10s"), "es") == "juega el 10 de picas"
    assert move_name(parse_move("open 2"), "es") == "abre con 2"


def test_names_refuse_what_they_do_not_know() -> None:
    with pytest.raises(PochaError, match="Poch's names are given in 'en', 'de' or 'es', not 'fr'"):
        card_name(CARDS[0], "fr")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="poch Card"):
        card_name("Ah")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="poch Suit"):
        suit_name("h")  # type: ignore[arg-type]
    with pytest.raises(PochaError, match="2 to 14"):
        rank_name(15)
    with pytest.raises(PochaError, match="poch, centre"):
        pool_name("bank")
    with pytest.raises(TypeError, match="poch move"):
        move_name("pass")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="poch Phase"):
        phase_name("betting")  # type: ignore[arg-type]


# --- pictures -------------------------------------------------------------------


def test_every_card_draws_as_its_own_picture_titled_in_its_language() -> None:
    pictures = {card(c) for c in CARDS}
    assert len(pictures) == 52
    for lang in LANGUAGES:
        root = _parse(card(Card.parse("Qs"), lang=lang, scale=2))
        assert root.get("aria-label") == card_name(Card.parse("Qs"), lang)
        assert root.get("width") == "128"  # 60 units and a margin of 2 each side, twice
    assert 'data-card="Qs"' in card(Card.parse("Qs"))
    row = _parse(cards([Card.parse("7h"), Card.parse("8h")], lang="de"))
    assert [g.get("data-card") for g in _groups(row, "card")] == ["7h", "8h"]
    assert row.get("aria-label") == "Herz-Sieben, Herz-Acht"
    assert _parse(back()).get("aria-label") == "card back"
    assert len({suit_sign(suit, 0, 0, 10) for suit in Suit}) == 4


def _shedding(players: int = 4, seed: int = 3) -> GameState:
    state = new_game(RuleSet(players=players), seed=seed, dealer=0)
    rng = random.Random(2)
    while state.phase is not Phase.SHEDDING or len(state.table) < 5:
        state = apply(state, rng.choice(legal_moves(state)))
    return state


def test_jupyter_shows_poch_states_views_and_cards_as_pictures() -> None:
    state = new_game(RuleSet(players=4), seed=5)
    rng = random.Random(5)
    for _ in range(12):
        state = apply(state, rng.choice(legal_moves(state)))
    assert state._repr_svg_() == table(state)
    assert observe(state, 3)._repr_svg_() == table(observe(state, 3))
    assert Card.parse("Qh")._repr_svg_() == card(Card.parse("Qh"))
    for picture in (state._repr_svg_(), observe(state, 1)._repr_svg_()):
        assert len(_groups(_parse(picture), "seat")) == 4
    assert _groups(_parse(Card.parse("7c")._repr_svg_()), "card")[0].get("data-card") == "7c"
    over = new_game(RuleSet(players=3, starting_chips=6), seed=2)
    while not over.is_over:
        over = apply(over, rng.choice(legal_moves(over)))
    _parse(over._repr_svg_())
    _parse(observe(over, 0)._repr_svg_())


def test_a_table_shows_the_board_the_seats_and_the_cards_shed() -> None:
    state = _shedding()
    seat = state.to_move
    assert seat is not None
    view = observe(state, seat)
    root = _parse(table(view))
    pools = {g.get("data-pool"): int(str(g.get("data-chips"))) for g in _groups(root, "pool")}
    assert pools == dict(view.pools)
    seats = _groups(root, "seat")
    assert seats[0].get("data-seat") == str(seat)
    assert [g.get("data-card") for g in _groups(seats[0], "card")] == [str(c) for c in view.hand]
    for group in seats[1:]:
        other = int(str(group.get("data-seat")))
        faces = [g.get("data-card") for g in _groups(group, "card")]
        assert faces == [str(c) for c in view.shown[other]]
        assert len(faces) + len(_groups(group, "back")) == view.hand_sizes[other]
    [shed] = _groups(root, "shed")
    assert [g.get("data-card") for g in _groups(shed, "card")] == [
        str(p.card) for p in view.table[-12:]
    ]
    assert _marked(root, "just-played") == [str(view.table[-1].card)]
    plays = sorted(str(m).removeprefix("play ") for m in legal_moves(state))
    assert sorted(_marked(seats[0], "playable")) == plays
    assert _marked(_parse(table(view, playable=False)), "playable") == []
    # The whole state shows every hand; another seat at the bottom plays nothing.
    whole = _parse(table(state, seat=(seat + 1) % 4))
    assert sum(len(_groups(g, "back")) for g in _groups(whole, "seat")) == 0
    assert _marked(whole, "playable") == []


def test_the_table_goes_round_the_rules_direction_and_sizes_itself() -> None:
    state = _shedding()
    for direction in ("clockwise", "counterclockwise"):
        rules = RuleSet(players=4, direction=direction)
        view = observe(new_game(rules, seed=1, dealer=0), 2)
        root = _parse(table(view, scale=0.5))
        assert (root.get("width"), root.get("height")) == ("380", "320")
        order = [g.get("data-seat") for g in _groups(root, "seat")]
        assert order == ["2", "3", "0", "1"]
        xs = []
        for group in _groups(root, "seat")[1:2]:
            texts = [t for t in group.iter(f"{NS}text") if t.get("class") == "label"]
            xs.append(float(str(texts[0].get("x"))))
        # Seat 3, next in play, sits to the bottom seat's left going
        # clockwise, to its right going counterclockwise.
        assert (xs[0] < 380) == (direction == "clockwise")
    with pytest.raises(PochaError, match="seats run from 0 to 3, got 4"):
        table(state, seat=4)
    with pytest.raises(PochaError, match="Poch's names are given in"):
        table(state, lang="fr")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="poch GameState or PlayerView"):
        table("state")  # type: ignore[arg-type]


def test_a_table_says_what_it_shows_in_each_language() -> None:
    state = _shedding()
    seat = state.to_move
    assert seat is not None
    expected = {
        "en": ("Deal 1 · shedding", f"Seat {seat} to move.", "Trump: clubs", "Playable:"),
        "de": ("Spiel 1 · Ausspielen", f"Platz {seat} ist am Zug.", "Trumpf: Kreuz", "Spielbar:"),
        "es": ("Mano 1 · descarte", f"Le toca al puesto {seat}.", "Triunfo: tréboles", "jugar:"),
    }
    for lang, words in expected.items():
        root = _parse(table(observe(state, seat), lang=lang))  # type: ignore[arg-type]
        first, second = list(root)[:2]
        assert first.tag == f"{NS}title"
        assert second.tag == f"{NS}desc"
        assert first.text == root.get("aria-label")
        about = str(second.text)
        for word in words:
            assert word in about, (lang, word, about)
    german = table(observe(state, seat), lang="de")
    assert "Seat" not in german
    assert "Geber" in german


@settings(max_examples=8)
@given(states=games())
def test_any_position_draws_the_same_valid_picture(states: list[GameState]) -> None:
    for state in states[:: max(len(states) // 6, 1)]:
        for position in (state, observe(state, 0)):
            picture = table(position)
            assert picture == table(position)
            assert len(_groups(_parse(picture), "seat")) == state.players


# --- the schema -----------------------------------------------------------------


@settings(max_examples=6)
@given(states=games())
def test_every_compact_view_of_random_games_fits_the_schema(states: list[GameState]) -> None:
    pytest.importorskip("jsonschema", reason="jsonschema is in the schemas extra")
    from pocha_rules.schemas import validator

    check = validator("poch-view")  # about 10 ms a view: one seat of some forty states
    for number, state in enumerate(states[:: max(len(states) // 40, 1)]):
        seats = (None, *range(state.players))
        check.validate(poch_compact.compact_view(state, seats[number % len(seats)]))
    check.validate(poch_compact.compact_view(states[-1], None))


def test_the_schema_refuses_what_no_view_holds() -> None:
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is in the schemas extra")
    from pocha_rules.schemas import validator

    check = validator("poch-view")
    view = poch_compact.compact_view(new_game(RuleSet(players=3), seed=1), 0)
    check.validate(view)
    for name, bad in (
        ("hand", ["1h"]),
        ("phase", "bidding"),
        ("pools", {"ace": -1}),
        ("legal_moves", ["bid 2"]),
        ("seat", 6),
    ):
        with pytest.raises(jsonschema.ValidationError):
            check.validate({**view, name: bad})
