"""Pictures: cards and tables as SVG, valid XML with the expected elements,
the same every time, and shown by Jupyter."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pocha_rules import (
    Card,
    GameState,
    PochaError,
    RoundKind,
    RuleSet,
    Suit,
    apply,
    legal_moves,
    new_game,
    observe,
)
from pocha_rules._pocha.cards import CARDS
from pocha_rules.notation import read_state
from pocha_rules.svg import CARD_HEIGHT, CARD_WIDTH, back, card, cards, suit_sign, table

from .strategies import positions

NS = "{http://www.w3.org/2000/svg}"
POSITION = (
    "classic,schedule=1.1.1.1.2 5:2 0 7c 3o7b/4c/2e/5o6c - 0/1/0/0 1:1o12o 0/0/0/0 3 0/0/0/0 3"
)


def _parse(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == f"{NS}svg"
    return root


def _groups(root: ET.Element, kind: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if g.get("class") == kind]


def test_every_card_draws_as_its_own_picture() -> None:
    pictures = {card(c) for c in CARDS}
    assert len(pictures) == 48
    for c in CARDS:
        root = _parse(card(c))
        assert root.get("width") == str(CARD_WIDTH + 4)
        assert root.get("height") == str(CARD_HEIGHT + 4)
        [group] = _groups(root, "card")
        assert group.get("data-card") == str(c)
        title = group.find(f"{NS}title")
        assert title is not None
        assert title.text == c.name("en", article="bare")


def test_a_card_in_spanish_and_at_another_size() -> None:
    root = _parse(card(Card.parse("10e"), scale=2, lang="es"))
    assert root.get("width") == str(2 * CARD_WIDTH + 8)
    assert root.get("aria-label") == "sota de espadas"
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert texts.count("S") == 3  # both corners and the face
    assert _parse(back()).get("aria-label") == "card back"


def test_the_suit_signs_differ() -> None:
    signs = {suit_sign(s, 10, 10, 20) for s in Suit}
    assert len(signs) == 4
    for s in Suit:
        ET.fromstring(f'<g xmlns="http://www.w3.org/2000/svg">{suit_sign(s, 10, 10, 20)}</g>')


def test_a_state_shows_every_hand_the_trick_and_the_trump_card() -> None:
    state = read_state(POSITION)
    root = _parse(table(state))
    seats = _groups(root, "seat")
    assert [g.get("data-seat") for g in seats] == ["0", "1", "2", "3"]
    in_hands = [str(g.get("data-card")) for seat in seats for g in _groups(seat, "card")]
    assert sorted(in_hands) == sorted(str(c) for hand in state.hands for c in hand)
    [trick] = _groups(root, "trick")
    assert [g.get("data-card") for g in _groups(trick, "card")] == ["1o", "12o"]
    [header] = _groups(root, "header")
    assert [g.get("data-card") for g in _groups(header, "card")] == ["7c"]
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert "Trump: cups" in texts
    assert "Round 5 · 2 cards each · playing the tricks" in texts
    assert "Seat 3 · to move" in texts
    assert "bid 1 · won 0 · 0 pts" in texts
    # Seat 1 (bottom) when asked.
    first = _groups(_parse(table(state, seat=1)), "seat")[0]
    assert first.get("data-seat") == "1"


def test_a_view_hides_the_other_hands() -> None:
    view = observe(read_state(POSITION), 3)
    root = _parse(table(view, lang="es"))
    seats = _groups(root, "seat")
    assert seats[0].get("data-seat") == "3"
    assert [g.get("data-card") for g in _groups(seats[0], "card")] == ["5o", "6c"]
    backs = [len(_groups(seat, "back")) for seat in seats[1:]]
    assert backs == [2, 1, 1]  # seats 0, 1 and 2 hold 2, 1 and 1 cards
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert "Triunfo: copas" in texts
    assert "como lo ve el puesto 3" in texts


def test_jupyter_shows_states_views_and_cards() -> None:
    state = read_state(POSITION)
    assert state._repr_svg_() == table(state)
    assert observe(state, 2)._repr_svg_() == table(observe(state, 2))
    assert Card.parse("1o")._repr_svg_() == card(Card.parse("1o"))
    finished = new_game(RuleSet(schedule=[1]), seed=1)
    while not finished.is_over:
        finished = apply(finished, legal_moves(finished)[0])
    _parse(finished._repr_svg_())


@pytest.mark.parametrize("kind", list(RoundKind))
@given(data=st.data())
def test_any_position_draws_the_same_valid_picture(kind: RoundKind, data: st.DataObject) -> None:
    state = data.draw(positions(kind, max_moves=40))
    seat = data.draw(st.integers(0, state.rules.players - 1))
    for position in (state, observe(state, seat)):
        picture = table(position)
        assert picture == table(position)
        root = _parse(picture)
        assert len(_groups(root, "seat")) == state.rules.players
        [trick] = _groups(root, "trick")
        assert len(_groups(trick, "card")) == len(state.trick)


def test_bad_arguments() -> None:
    with pytest.raises(TypeError, match="expected a Card"):
        card("1o")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="scale must be a number"):
        card(CARDS[0], scale="2")  # type: ignore[arg-type]
    with pytest.raises(PochaError, match="scale must be above 0"):
        back(scale=0)
    with pytest.raises(TypeError, match="expected a GameState or a PlayerView"):
        table("classic")  # type: ignore[arg-type]
    with pytest.raises(PochaError, match="seat must be from 0 to 3, got 4"):
        table(read_state(POSITION), seat=4)
    with pytest.raises(PochaError, match="pictures are labelled in 'es' or 'en', not 'fr'"):
        table(read_state(POSITION), lang="fr")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="suit must be a Suit"):
        suit_sign("o", 0, 0, 1)  # type: ignore[arg-type]


ROW = [Card.parse(text) for text in ("1o", "3c", "7e", "10b", "11o", "12c")]


def test_a_row_of_cards() -> None:
    root = _parse(cards(ROW))
    assert [g.get("data-card") for g in _groups(root, "card")] == [str(c) for c in ROW]
    assert root.get("width") == str(6 * (CARD_WIDTH + 2) + 2)
    fanned = _parse(cards(ROW, overlap=0.5))
    assert fanned.get("width") == str(5 * CARD_WIDTH // 2 + CARD_WIDTH + 4)
    assert _parse(cards([])).get("width") == str(CARD_WIDTH + 4)
    assert cards(ROW, lang="es").count("caballo de oros") == 2  # the title and the label
    with pytest.raises(PochaError, match=r"overlap must be from 0 to 0\.8"):
        cards(ROW, overlap=0.9)
    with pytest.raises(TypeError, match="expected Cards"):
        cards(["1o"])  # type: ignore[list-item]


@pytest.mark.parametrize(
    ("name", "draw"),
    [
        ("table-view.svg", lambda: table(observe(read_state(POSITION), 3))),
        ("cards.svg", lambda: cards(ROW, scale=1.5)),
    ],
)
def test_the_pictures_in_the_docs_are_the_ones_drawn_now(name: str, draw: Any) -> None:
    picture = Path(__file__).resolve().parent.parent / "docs" / "_static" / name
    if not picture.exists():
        pytest.skip("the docs are not here (an installed package's tests)")
    assert picture.read_text(encoding="utf-8") == draw() + "\n"


def _marked(root: ET.Element, mark: str) -> list[str]:
    return [str(g.get("data-card")) for g in root.iter(f"{NS}g") if g.get("data-mark") == mark]


def _played_until(moves: int, seed: int = 3) -> GameState:
    state = new_game(RuleSet(players=4, schedule=[5]), seed=seed, dealer=0)
    rng = random.Random(1)
    for _ in range(moves):
        state = apply(state, rng.choice(legal_moves(state)))
    return state


def test_the_last_trick_its_winner_and_the_card_just_played_are_marked() -> None:
    state = _played_until(10)  # four bids, a whole trick, two cards of the next
    assert len(state.played) == 6
    assert len(state.trick) == 2
    root = _parse(table(state))
    [strip] = _groups(root, "last-trick")
    last = state.played[:4]
    assert [g.get("data-card") for g in _groups(strip, "card")] == [str(p.card) for p in last]
    winner = state.trick[0].seat  # the winner leads the next trick
    assert _marked(strip, "winner") == [str(p.card) for p in last if p.seat == winner]
    assert f"won by seat {winner}" in [t.text for t in strip.iter(f"{NS}text")]
    [trick] = _groups(root, "trick")
    assert _marked(trick, "just-played") == [str(state.trick[-1].card)]
    assert _marked(root, "just-played") == [str(state.trick[-1].card)]
    # Between two tricks the card just played is the last trick's last.
    between = _played_until(8)
    assert between.trick == ()
    assert len(between.played) == 4
    strip_root = _parse(table(between))
    ringed = _marked(strip_root, "just-played") + _marked(strip_root, "winner")
    assert str(between.played[-1].card) in ringed  # the winner's ring wins
    # Before any trick: an empty strip; without the strip, a shorter picture.
    fresh = _parse(table(_played_until(0)))
    [empty] = _groups(fresh, "last-trick")
    assert _groups(empty, "card") == []
    bare = _parse(table(state, last_trick=False))
    assert _groups(bare, "last-trick") == []
    assert (bare.get("height"), fresh.get("height")) == ("560", "640")


def test_the_seat_to_move_sees_its_playable_cards_raised() -> None:
    state = _played_until(10)
    seat = state.to_move
    assert seat is not None
    plays = sorted(str(m).removeprefix("play ") for m in legal_moves(state))
    for position in (observe(state, seat), state):
        root = _parse(table(position, seat=seat))
        bottom = _groups(root, "seat")[0]
        assert bottom.get("data-seat") == str(seat)
        assert sorted(_marked(bottom, "playable")) == plays
    assert _marked(_parse(table(state, seat=seat, playable=False)), "playable") == []
    # Another seat at the bottom: nothing is playable for it.
    other = (seat + 1) % 4
    assert _marked(_parse(table(state, seat=other)), "playable") == []
    assert _marked(_parse(table(observe(state, other))), "playable") == []


def test_the_table_turns_to_any_seat_and_sizes_itself() -> None:
    state = _played_until(10)
    for seat in range(4):
        root = _parse(table(state, seat=seat))
        order = [g.get("data-seat") for g in _groups(root, "seat")]
        assert order == [str((seat + i) % 4) for i in range(4)]
    big = _parse(table(state, scale=1.5))
    assert (big.get("width"), big.get("height"), big.get("viewBox")) == (
        "1140",
        "960",
        "0 0 760 640",
    )
    with pytest.raises(PochaError, match="scale must be above 0"):
        table(state, scale=0)
    with pytest.raises(TypeError, match="scale must be a number"):
        table(state, scale="2")  # type: ignore[arg-type]


def test_a_table_has_a_title_and_a_description_in_its_language() -> None:
    state = _played_until(10)
    seat = state.to_move
    assert seat is not None
    for lang, words in (
        ("en", ("Seat 2 to move.", "won by seat", "On the table:", "Playable:")),
        ("es", ("Le toca al puesto 2.", "la gana el puesto", "En la mesa:", "Se pueden jugar:")),
    ):
        root = _parse(table(observe(state, seat), lang=lang))  # type: ignore[arg-type]
        children = list(root)
        assert children[0].tag == f"{NS}title"
        assert children[0].text == root.get("aria-label")
        assert children[1].tag == f"{NS}desc"
        about = str(children[1].text)
        for word in words:
            assert word in about, (lang, word, about)
    spanish = str(list(_parse(table(observe(state, seat), lang="es")))[1].text)
    assert " of " not in spanish
    assert "seat" not in spanish


@settings(max_examples=30)
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 60))
def test_the_marked_winner_won_the_last_trick(seed: int, moves: int) -> None:
    state = new_game(RuleSet(players=4), seed=seed)
    rng = random.Random(seed)
    won_before: tuple[int, ...] = state.tricks_won
    for _ in range(moves):
        if state.is_over:
            break
        before = state
        state = apply(state, rng.choice(legal_moves(state)))
        if before.round_index == state.round_index and state.tricks_won != before.tricks_won:
            won_before = before.tricks_won
    root = _parse(table(state))
    [strip] = _groups(root, "last-trick")
    winners = [g for g in _groups(strip, "card") if g.get("data-mark") == "winner"]
    done = len(state.played) - len(state.trick)
    if done < state.rules.players:
        assert winners == []
        return
    [winner] = winners
    last = state.played[done - state.rules.players : done]
    [seat] = [p.seat for p in last if str(p.card) == winner.get("data-card")]
    gained = [s for s in range(4) if state.tricks_won[s] > won_before[s]]
    assert gained == [seat]
