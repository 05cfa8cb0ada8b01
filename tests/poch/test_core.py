"""Poch's cards, rules, moves and errors: text forms both ways, refusals
that name what is wrong, immutable states."""

from __future__ import annotations

import copy
import pickle

import pytest

from pocha_rules import IllegalMoveError, InvalidRulesError, ParseError, PochaError
from pocha_rules.poch import (
    Card,
    Close,
    InvalidDealError,
    Match,
    Move,
    Open,
    Pass,
    Phase,
    Play,
    Reopen,
    RuleSet,
    Suit,
    apply,
    deal_pack,
    explain,
    is_legal,
    legal_moves,
    new_game,
    parse_move,
)
from tests.poch.helpers import ordering, play, start

# --- cards -------------------------------------------------------------------


def test_card_text_both_ways() -> None:
    for text in ("7h", "10s", "Jd", "Qc", "Kh", "Ah", "2c"):
        assert str(Card.parse(text)) == text
    assert Card.parse("qc") is Card.parse("Qc") is Card(12, Suit.CLUBS)
    assert Card.parse(" 10H ") is Card(10, Suit.HEARTS)
    assert sorted([Card.parse("As"), Card.parse("2c"), Card.parse("7h")]) == [
        Card.parse("2c"),
        Card.parse("7h"),
        Card.parse("As"),
    ]


@pytest.mark.parametrize(
    ("text", "deck", "reason"),
    [
        ("1h", 52, "expected a rank (2-10, J, Q, K, A) followed by c, d, h or s"),
        ("11c", 52, "expected a rank (2-10, J, Q, K, A) followed by c, d, h or s"),
        ("Th", 52, "expected a rank (2-10, J, Q, K, A) followed by c, d, h or s"),
        ("6h", 32, "there is no 6 in a 32-card deck"),
        ("Ax", 52, "unknown suit letter 'x': use c, d, h or s"),
        ("", 52, "expected a rank (2-10, J, Q, K, A) followed by c, d, h or s"),
    ],
)
def test_card_parse_refusals(text: str, deck: int, reason: str) -> None:
    with pytest.raises(ParseError) as caught:
        Card.parse(text, deck=deck)
    assert caught.value.reason == reason
    assert caught.value.text == text


def test_card_wrong_types() -> None:
    with pytest.raises(TypeError, match="must be a str"):
        Card.parse(7)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="must be a Suit"):
        Card(7, "h")  # type: ignore[arg-type]


def test_card_is_immutable_and_pickles() -> None:
    card = Card.parse("Kh")
    with pytest.raises(AttributeError):
        card.rank = 2
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.deepcopy(card) is card


# --- moves -------------------------------------------------------------------


def test_moves_text_both_ways() -> None:
    moves = [Pass(), Open(3), Match(), Close(), Reopen(10), Play(Card.parse("10h"))]
    for move in moves:
        assert parse_move(str(move)) == move
        assert eval(repr(move)) == move
    assert parse_move("  OPEN   2 ") == Open(2)


@pytest.mark.parametrize("text", ["raise 2", "open", "open x", "open 0", "play 1h", "", "pass 2"])
def test_move_parse_refusals(text: str) -> None:
    with pytest.raises(ParseError):
        parse_move(text)


def test_move_wrong_types() -> None:
    with pytest.raises(TypeError, match="must be an int"):
        Open("3")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="poch Card"):
        Play("10h")  # type: ignore[arg-type]


# --- rules -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"players": 2}, "players"),
        ({"players": 7}, "players"),
        ({"players": 4, "deck": 40}, "deck"),
        ({"players": 4, "starting_chips": -1}, "starting_chips"),
        ({"players": 4, "turnup_pool": "nobody"}, "turnup_pool"),
        ({"players": 4, "sequence_rule": "runs"}, "sequence_rule"),
        ({"players": 4, "sequence_tie": "x"}, "sequence_tie"),
        ({"players": 4, "two_pair": "x"}, "two_pair"),
        ({"players": 4, "poch_tie": "x"}, "poch_tie"),
        ({"players": 4, "odd_chip": "x"}, "odd_chip"),
        ({"players": 4, "bet_max": 0}, "bet_max"),
        ({"players": 4, "bet_rounds_max": 0}, "bet_rounds_max"),
        ({"players": 4, "bet_rounds_max": None}, "bet_rounds_max"),
        ({"players": 4, "showdown_reveal": "x"}, "showdown_reveal"),
        ({"players": 4, "stop_chips": -1}, "stop_chips"),
        ({"players": 4, "card_chips": -1}, "card_chips"),
        ({"players": 4, "insolvency": "x"}, "insolvency"),
        ({"players": 4, "end": "never"}, "end"),
        ({"players": 4, "end": "bust"}, "end"),
        ({"players": 4, "end": "deals"}, "deals"),
        ({"players": 4, "deals": 3}, "deals"),
        ({"players": 4, "rounds": 0}, "rounds"),
        ({"players": 4, "max_deals": 0}, "max_deals"),
        ({"players": 4, "board_at_end": "x"}, "board_at_end"),
        ({"players": 4, "direction": "up"}, "direction"),
        ({"players": 4, "insolvency": "out", "starting_chips": 7}, "starting_chips"),
        (
            {"players": 4, "insolvency": "out", "starting_chips": 8, "centre_pool": True},
            "starting_chips",
        ),
    ],
)
def test_rules_refused_naming_the_field(options: dict[str, object], field: str) -> None:
    with pytest.raises(InvalidRulesError) as caught:
        RuleSet(**options)  # type: ignore[arg-type]
    assert caught.value.field == field
    assert str(caught.value).startswith(f"invalid rules: {field}: ")


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"players": "4"}, "players"),
        ({"players": 4, "dress_poch": 1}, "dress_poch"),
        ({"players": 4, "turnup_pool": 1}, "turnup_pool"),
        ({"players": 4, "deck": "32"}, "deck"),
        ({"players": 4, "bet_max": 2.0}, "bet_max"),
    ],
)
def test_rules_wrong_types(options: dict[str, object], field: str) -> None:
    with pytest.raises(TypeError, match=field):
        RuleSet(**options)  # type: ignore[arg-type]


def test_rules_accepted_combinations() -> None:
    RuleSet(players=6, deck=32)
    RuleSet(players=3, deck=52, end="deals", deals=2)
    RuleSet(players=4, insolvency="out", end="bust", bet_rounds_max=None)
    RuleSet(players=4, insolvency="out", dress_poch=False, starting_chips=7)
    with pytest.raises(TypeError):
        RuleSet(4)  # type: ignore[call-arg]
    rules = RuleSet(players=4, centre_pool=True, dress_poch=False)
    assert rules.pool_names[-1] == "centre"
    assert rules.dressed_pools == 8
    assert hash(rules) == hash(RuleSet(players=4, centre_pool=True, dress_poch=False))


# --- new_game ----------------------------------------------------------------


def test_new_game_refusals() -> None:
    rules = RuleSet(players=4)
    with pytest.raises(TypeError, match="RuleSet"):
        new_game(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seed"):
        new_game(rules, seed="1")  # type: ignore[arg-type]
    with pytest.raises(PochaError, match="dealer must be a seat from 0 to 3, got 4"):
        new_game(rules, dealer=4)
    with pytest.raises(PochaError, match="balances must give 4 seats"):
        new_game(rules, balances=[1, 2])
    with pytest.raises(PochaError, match="no pool named 'centre'"):
        new_game(rules, pools={"centre": 1})
    with pytest.raises(PochaError, match="must not be negative"):
        new_game(rules, pools={"ace": -1})
    deal = ordering(4, 0, {1: "10h Jd 8d 7c As", 2: "Kh Qh 10c 10d 7s",
                           3: "9c 9d 9s Ah 8c", 0: "Qc Qs Jc Js 7h"}, "8h")  # fmt: skip
    with pytest.raises(InvalidDealError, match="invalid deal for round 0: card 3 appears twice"):
        new_game(rules, deals=[[*deal[:3], deal[0], *deal[4:]]])
    with pytest.raises(
        InvalidDealError, match="invalid deal for round 1: card 0: there is no 2 in a 32-card deck"
    ):
        new_game(rules, deals=[deal, ["2c", *deal[1:]]])
    with pytest.raises(InvalidDealError, match="32 cards, got 31"):
        new_game(rules, deals=[deal[:-1]])
    assert new_game(rules, dealer=0, deals=[[str(c) for c in deal]]).ordering == tuple(deal)


def test_a_game_from_a_position_keeps_it() -> None:
    state = new_game(RuleSet(players=3), seed=2, balances=[10, 20, 30], pools={"poch": 4})
    assert state.starting_balances == (10, 20, 30)
    assert state.starting_pools["poch"] == 4
    assert sum(state.starting_pools.values()) == 4
    assert state.chip_total == 64


def test_seeded_games_are_reproducible() -> None:
    rules = RuleSet(players=5)
    assert new_game(rules, seed=9) == new_game(rules, seed=9)
    assert new_game(rules, seed=9).first_dealer == new_game(rules, seed=9).first_dealer
    assert new_game(rules, seed=9) != new_game(rules, seed=10)
    assert new_game(rules).seed != new_game(rules).seed


# --- apply, explain, errors ------------------------------------------------------

HANDS = {1: "10h Jd 8d 7c As", 2: "Kh Qh 10c 10d 7s", 3: "9c 9d 9s Ah 8c", 0: "Qc Qs Jc Js 7h"}


def test_illegal_moves_name_move_seat_and_reason() -> None:
    state = start(RuleSet(players=4), HANDS, "8h")
    cases: list[tuple[Move, str]] = [
        (Open(1), "seat 1 has no combination (a pair at least) and can only pass"),
        (Match(), "nobody has opened: there is nothing to match"),
        (Close(), "only the opener closes or reopens, once the others have answered"),
        (Play(Card.parse("As")), "the betting is not over: cards are shed after it"),
    ]
    for move, reason in cases:
        assert explain(state, move) == reason
        assert not is_legal(state, move)
        with pytest.raises(IllegalMoveError) as caught:
            apply(state, move)
        assert caught.value.seat == 1
        assert caught.value.move == move
        assert str(caught.value) == f"illegal move {move} by seat 1: {reason}"
    state = play(state, (1, "pass"))
    assert explain(state, Open(11)) == "a seat can open with 1 to 10 chips"
    state = play(state, (2, "open 3"))
    assert explain(state, Open(2)) == "seat 2 has opened already: match or pass"
    state = play(state, (3, "match"), (0, "match"))
    assert explain(state, Pass()) == (
        "every other contestant has answered: opener seat 2 closes or reopens"
    )
    state = play(state, (2, "reopen 1"), (3, "match"), (0, "match"), (2, "reopen 1"))
    state = play(state, (3, "match"), (0, "match"))
    assert (
        explain(state, Reopen(1)) == "the betting has had its 3 rounds: the opener can only close"
    )
    assert legal_moves(state) == (Close(),)
    state = play(state, (2, "close"), (3, "play 9d"))
    assert explain(state, Play(Card.parse("Kh"))) == (
        "seat 2 holds 10d, the card after 9d, and must play it"
    )
    state = play(state, (2, "play 10d"), (1, "play Jd"))
    assert explain(state, Play(Card.parse("Kh"))) == "seat 1 does not hold Kh"
    assert explain(state, Match()) == "the betting is over: shed a card"


def test_wrong_types_are_type_errors() -> None:
    state = new_game(RuleSet(players=3), seed=1)
    with pytest.raises(TypeError, match="poch move"):
        apply(state, "pass")  # type: ignore[arg-type]
    # (The compiled build refuses them on entry, with its own message.)
    with pytest.raises(TypeError, match="GameState"):
        apply("state", Pass())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="GameState"):
        legal_moves(None)  # type: ignore[arg-type]


def test_after_the_game_nothing_is_legal() -> None:
    state = new_game(RuleSet(players=3), seed=3)
    while not state.is_over:
        state = apply(state, legal_moves(state)[0])
    assert legal_moves(state) == ()
    assert state.to_move is None
    assert explain(state, Pass()) == "the game is over"
    with pytest.raises(IllegalMoveError, match="after the game is over: the game is over"):
        apply(state, Pass())


def test_states_are_immutable_hashable_picklable() -> None:
    state = new_game(RuleSet(players=4), seed=5)
    for move in legal_moves(state)[:1] * 3:
        state = apply(state, move)
    with pytest.raises(AttributeError):
        state.phase = Phase.OVER  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(state)) == state
    assert hash(pickle.loads(pickle.dumps(state))) == hash(state)
    assert copy.deepcopy(state) is state
    assert len({state, apply(state, legal_moves(state)[0])}) == 2


def test_ranking_shares_places() -> None:
    state = start(RuleSet(players=4), HANDS, "8h", balances=[12, 16, 8, 12])
    assert state.balances == (4, 12, 12, 8)
    assert state.ranking == (4, 1, 1, 3)
    assert state.winners == (1, 2)
    assert state.net == (-8, -4, 4, -4)
    state = new_game(RuleSet(players=4), seed=1, balances=[30, 20, 20, 10])
    while not state.is_over:
        state = apply(state, legal_moves(state)[0])
    ranking = state.ranking
    for seat, place in enumerate(ranking):
        assert place == 1 + sum(b > state.balances[seat] for b in state.balances)
    assert set(state.winners) == {s for s, p in enumerate(ranking) if p == 1}


def test_deal_pack_deals_the_hands_given() -> None:
    rules = RuleSet(players=4)
    pack = deal_pack(rules, dealer=0, hands=HANDS, turnup="8h")
    assert list(pack) == ordering(4, 0, HANDS, "8h")
    hands: dict[int, str | list[str]] = {
        0: "Ah Kh Qh Jh 10h",
        1: "As Ks Qs Js 10s",
        2: "Ad Kd Qd Jd 10d",
        3: ["Ac", "Kc", "Qc", "Jc", "10c"],
    }
    five = deal_pack(RuleSet(players=5, deck=32), dealer=2, turnup="7c", out=[4], hands=hands)
    assert len(five) == 32
    with pytest.raises(PochaError, match="seat 3 must hold 5 cards, got 4"):
        deal_pack(rules, dealer=0, turnup="8h", hands={**HANDS, 3: "9c 9d 9s Ah"})
    with pytest.raises(PochaError, match="Ah is dealt twice"):
        deal_pack(rules, dealer=0, turnup="Ah", hands=HANDS)
    with pytest.raises(PochaError, match="seat 2 is in the game and has no cards"):
        deal_pack(rules, dealer=0, turnup="8h", hands={1: HANDS[1]})
    with pytest.raises(PochaError, match=r"hands\[1\]: there is no 2 in a 32-card deck"):
        deal_pack(rules, dealer=0, turnup="8h", hands={**HANDS, 1: "2c Jd 8d 7c As"})
