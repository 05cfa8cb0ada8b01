"""The Python side of the site's Play page and explorer (docs/_static/play).

The pages run this module in the browser (docs/check_play.py checks them
there, against the library); here it runs under CPython: the positions the
explorer builds are real positions with the cards asked for, a game against
the bots reaches its end, the person's hidden card stays hidden, and every
reason the library gives reads in Spanish.
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from pocha_rules import (
    Card,
    Phase,
    Play,
    PochaError,
    RuleSet,
    apply,
    explain,
    legal_moves,
    new_game,
)

PATH = Path(__file__).resolve().parent.parent / "docs" / "_static" / "play" / "pocha_web.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pocha_web", PATH)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["pocha_web"] = module
    spec.loader.exec_module(module)
    return module


web = _load()


def test_a_position_holds_the_cards_asked_for() -> None:
    state = web.position(trump="o", hand=["1c", "3c", "1o", "5e"], table=["4c", "1e"])
    assert state.phase is Phase.PLAY
    assert state.to_move == 2
    assert state.trump is not None
    assert state.trump.letter == "o"
    assert [str(p.card) for p in state.trick] == ["4c", "1e"]
    assert [str(c) for c in state.hands[2]] == ["1o", "1c", "3c", "5e"]


def test_the_explorer_agrees_with_the_library_on_random_positions() -> None:
    rng = random.Random(5)
    checked = 0
    while checked < 60:
        rules = RuleSet(
            players=rng.choice((3, 4, 5, 6)),
            deck=rng.choice((40, 48)),
            schedule=rng.choice(("classic", "full")),
            must_overtake=rng.random() < 0.5,
            must_ruff=rng.random() < 0.5,
            must_overruff=rng.random() < 0.5,
        )
        state = new_game(rules, seed=rng.randrange(2**32))
        while not state.is_over:
            if state.phase is Phase.PLAY and rng.random() < 0.1:
                assert state.to_move is not None
                assert state.trump is not None
                hand = state.hands[state.to_move]
                answer = json.loads(
                    web.explore(
                        json.dumps(
                            {
                                "players": rules.players,
                                "deck": rules.deck,
                                "trump": state.trump.letter,
                                "hand": [str(c) for c in hand],
                                "table": [str(p.card) for p in state.trick],
                                "must_overtake": rules.must_overtake,
                                "must_ruff": rules.must_ruff,
                                "must_overruff": rules.must_overruff,
                            }
                        )
                    )
                )
                assert [(a["card"], a["legal"], a["reason"]) for a in answer["cards"]] == [
                    (str(c), Play(c) in legal_moves(state), explain(state, Play(c))) for c in hand
                ]
                checked += 1
            state = apply(state, rng.choice(legal_moves(state)))


def test_a_full_table_leaves_each_played_card_legal() -> None:
    # Regression: 48 cards, nine each, and a seat that ruffed and one that
    # discarded before the person; the fillers of the other suits ran out and
    # the seat that discarded was dealt a card of the led suit.
    state = web.position(
        players=4,
        deck=48,
        trump="b",
        hand=["3o", "9o", "12c", "3e", "7e", "12e", "3b", "5b", "12b"],
        table=["2e", "8b", "1o"],
    )
    assert [str(p.card) for p in state.trick] == ["2e", "8b", "1o"]
    assert legal_moves(state) == tuple(Play(Card.parse(c)) for c in ("3e", "7e", "12e"))


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"hand": []}, "the hand is empty: choose its cards"),
        ({"table": ["1o", "2o", "3o", "4o"]}, "4 players: at most 3 cards on the table"),
        ({"table": ["1c"]}, "a card is both in the hand and on the table"),
        ({"players": 6, "hand": ["2o"]}, "2o is not in this game's deck"),
        (
            {"hand": [f"{r}{s}" for s in "oc" for r in (1, 2, 3, 4, 5, 6)]},
            "4 players hold at most 10 cards each",
        ),
    ],
)
def test_a_setup_that_is_no_position_is_refused_with_a_reason(
    setup: dict[str, object], message: str
) -> None:
    fields = {"trump": "e", "hand": ["1c"], "table": [], **setup}
    answer = json.loads(web.explore(json.dumps(fields)))
    assert answer["error"] == message
    assert answer["error_es"] != message
    with pytest.raises(PochaError):
        web.position(**fields)


def test_a_whole_game_against_the_bots_reaches_its_end() -> None:
    view = json.loads(web.start("short", 4, 3))
    seen_kinds = set()
    while not view["over"]:
        seen_kinds.add(view["kind"])
        if view["to_move"] == 0:
            legal = [i for i, m in enumerate(view["moves"]) if m["legal"]]
            view = json.loads(web.play(legal[-1]))
        else:
            view = json.loads(web.step())
    assert seen_kinds == {"normal", "auction", "blind"}
    assert len(view["results"]) == 6
    assert view["winners"]
    assert view["scores"] == [sum(r["scores"][s] for r in view["results"]) for s in range(4)]


def test_the_person_bids_a_blind_round_without_seeing_their_own_card() -> None:
    view = json.loads(web.start("short", 4, 3))
    while view["kind"] != "blind" or view["to_move"] != 0:
        if view["to_move"] == 0:
            view = json.loads(web.play([m["legal"] for m in view["moves"]].index(True)))
        else:
            view = json.loads(web.step())
    assert view["phase"] == "bid"
    assert view["hands"][0] is None
    assert all(hand is not None for hand in view["hands"][1:])
    assert "1b" not in json.dumps(view["moves"])


def test_an_illegal_move_is_refused_with_the_library_reason() -> None:
    view = json.loads(web.start("classic", 4, 1))
    while not any(not m["legal"] for m in view["moves"]):
        if view["to_move"] == 0:
            view = json.loads(web.play([m["legal"] for m in view["moves"]].index(True)))
        else:
            view = json.loads(web.step())
    refused = next(i for i, m in enumerate(view["moves"]) if not m["legal"])
    with pytest.raises(PochaError, match=view["moves"][refused]["reason"].split(":")[0]):
        web.play(refused)
    assert json.loads(web.view()) == view


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        (
            "must follow suit: copas was led and the hand holds 1c, 3c",
            "hay que asistir: se ha salido de copas y tienes 1c, 3c",
        ),
        (
            "must over-ruff 5o with a higher trump: 1o",
            "hay que contrafallar: montar el 5o con un triunfo más alto: 1o",
        ),
        (
            "void in copas, must ruff with a trump (oros): 1o, 2o",
            "sin copas hay que fallar con un triunfo (oros): 1o, 2o",
        ),
        (
            "must overtake 4c with a higher copas: 1c",
            "hay que montar: matar el 4c con una carta de copas más alta: 1c",
        ),
        (
            "the hook: the last bidder may not bid 2, which would make the bids add up to 3,"
            " the tricks of the round",
            "el postre no puede pedir 2: las peticiones sumarían 3, las bazas de la ronda",
        ),
    ],
)
def test_the_reasons_read_in_spanish(english: str, spanish: str) -> None:
    assert web.in_spanish(english) == spanish


def test_every_refusal_of_a_card_or_a_bid_reads_in_spanish() -> None:
    rng = random.Random(11)
    untranslated = set()
    for _ in range(30):
        state = new_game(RuleSet(players=rng.choice((3, 4, 5))), seed=rng.randrange(2**32))
        for _ in range(60):
            if state.is_over:
                break
            seat = state.to_move
            assert seat is not None
            for move in {*legal_moves(state), *(Play(c) for c in state.hands[seat])}:
                reason = explain(state, move) if state.phase is Phase.PLAY else None
                if reason is not None and web.in_spanish(reason) == reason:
                    untranslated.add(reason)
            state = apply(state, rng.choice(legal_moves(state)))
    assert not untranslated
