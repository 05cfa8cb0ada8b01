"""The Python side of the site's Play page and explorer (docs/_static/play).

The pages run these modules in the browser (docs/check_play.py checks them
there, against the library); here they run under CPython: the positions the
explorer builds are real positions with the cards asked for, a game against
the bots reaches its end, the person's hidden card stays hidden, every
reason the library gives reads in Spanish, what the page says happened (the
events) agrees with the game, and a game of Poch says every payment and the
combinations of the showdown.
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

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

FOLDER = Path(__file__).resolve().parent.parent / "docs" / "_static" / "play"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, FOLDER / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


web = _load("pocha_web")
poch_web = _load("poch_web")


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


def _play_out(module: ModuleType, *args: object, pick: int = -1) -> dict[str, Any]:
    """A whole game through the page's functions, the person choosing the
    ``pick``-th legal move each time; the last view."""
    view: dict[str, Any] = json.loads(module.start(*args))
    while not view["over"]:
        if view["to_move"] == 0:
            legal = [i for i, m in enumerate(view["moves"]) if m["legal"]]
            view = json.loads(module.play(legal[pick % len(legal)]))
        else:
            view = json.loads(module.step())
    return view


def test_the_pocha_events_agree_with_the_game() -> None:
    view = _play_out(web, "short", 4, 8)
    table = web._current()
    events = table.events
    moves = [e for e in events if e["type"] == "move"]
    assert [(e["seat"], e["kind"]) for e in moves[:4]] == [(s, "bid") for s in (0, 1, 2, 3)]
    results = table.state.round_results
    rounds = [e for e in events if e["type"] == "round"]
    assert [(e["bids"], e["won"], e["scores"]) for e in rounds] == [
        (list(r.bids), list(r.won), list(r.scores)) for r in results
    ]
    assert rounds[-1]["totals"] == view["scores"]
    # Every trick named a winner, and the winners add up to the tricks won.
    tricks = [e for e in events if e["type"] == "trick"]
    assert len(tricks) == sum(r.cards for r in results)
    assert sum(1 for e in tricks if e["winner"] == 0) == sum(r.won[0] for r in results)
    # The auction's winner bid what they called.
    (auction,) = [e for e in events if e["type"] == "auction"]
    auction_round = next(r for r in results if str(r.kind) == "auction")
    assert auction_round.bids[auction["winner"]] == auction["call"]
    assert auction["winner"] not in auction["passed"]
    assert events[-1] == {"type": "over", "winners": view["winners"]}
    # A view carries the events from the number asked for on.
    again = json.loads(web.view(len(events) - 1))
    assert again["events"] == events[-1:]
    assert again["event_count"] == len(events)


def test_the_cards_are_the_library_s_own_pictures() -> None:
    from pocha_rules import svg

    faces = json.loads(web.faces("es"))
    assert len(faces) == 40
    assert faces["12b"] == svg.card(Card.parse("12b"), lang="es")


@pytest.mark.parametrize(("seed", "pick"), [(3, -1), (11, 0), (19, 1)])
def test_a_game_of_poch_says_every_payment(seed: int, pick: int) -> None:
    view = _play_out(poch_web, 4, seed, pick=pick)
    table = poch_web._current()
    state = table.state
    assert state.is_over
    assert view["over"]
    assert view["balances"] == list(state.balances)
    # Every payment of the ledger is in the events: as a payment, or (the
    # chips bet) with the bet.
    said = [
        (payer, payee, chips)
        for e in table.events
        if e["type"] == "pay"
        for payer, payee, chips in e["items"]
    ]
    said += [
        (e["seat"], "poch", e["bet"]) for e in table.events if e["type"] == "move" and e["bet"]
    ]
    paid = [(p.payer, p.payee, p.chips) for p in state.ledger]
    assert sorted(said, key=repr) == sorted(paid, key=repr)
    deals = [e for e in table.events if e["type"] == "deal_end"]
    assert [e["changes"] for e in deals] == [list(r.changes) for r in state.deal_results]
    assert len([e for e in table.events if e["type"] == "showdown"]) == len(deals)


def test_the_poch_showdown_names_the_combinations_shown() -> None:
    for seed in range(40):
        poch_web.start(4, seed)
        table = poch_web._current()
        while not table.state.is_over:
            before = table.state
            seat = before.to_move
            assert seat is not None
            moves = poch_web.legal_moves(before)
            table.apply(moves[-1] if seat == 0 else table.bot.act(poch_web.observe(before, seat)))
            shown = [e for e in table.events[-6:] if e["type"] == "showdown"]
            if shown and shown[-1]["outcome"] == "showdown":
                event = shown[-1]
                after = table.state
                assert len(event["hands"]) >= 2
                for hand in event["hands"]:
                    assert hand["combination"] == list(after.combination(hand["seat"]))
                    assert hand["cards"] == [str(c) for c in after.shown[hand["seat"]]]
                assert event["winners"] == list(after.poch_winners)
                best = max(tuple(h["combination"]) for h in event["hands"])
                assert all(
                    tuple(h["combination"]) == best
                    for h in event["hands"]
                    if h["seat"] in event["winners"]
                )
                return
    pytest.fail("no showdown in 40 games")


def test_a_poch_card_out_of_turn_is_refused_with_the_library_reason() -> None:
    poch_web.start(4, 5)
    table = poch_web._current()
    for _ in range(400):
        if table.state.is_over:
            break
        moves = table.moves()
        refused = [i for i, m in enumerate(moves) if not m["legal"]]
        if refused:
            before = table.state
            with pytest.raises(ValueError, match="must play it"):
                poch_web.play(refused[0])
            assert table.state is before
            return
        if table.state.to_move == 0:
            poch_web.play([m["legal"] for m in moves].index(True))
        else:
            poch_web.step()
    pytest.fail("the person never held a card they could not play")
