"""Golden Poch games: whole games that must replay, move by move, to the
balances, pools and payments stored when they were recorded (by
``tests/golden/poch/make_poch_golden.py``). Any change in rule behaviour (what is
legal, who takes a pool, what a stop or the last card pays) fails here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

import pytest

from pocha_rules.poch import RuleSet, apply, legal_moves, new_game, parse_move

GOLDEN: Final = Path(__file__).resolve().parent.parent / "golden" / "poch"

EXPECTED: Final = {
    # name: (deals played, final balances, seats out), read off when recorded
    "poch_default_4p": (4, (87, 43, 27, -1), ()),
    "poch_runs_centre_6p": (6, (-8, 101, 29, -20, 84, 48), ()),
    "poch_bust_3p": (2, (0, 48, 0), (0, 2)),
    "poch_variants_5p": (3, (74, 25, -42, 63, 105), ()),
}


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((GOLDEN / f"{name}.json").read_text())
    return data


def test_every_golden_file_is_checked() -> None:
    assert sorted(p.stem for p in GOLDEN.glob("*.json")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_golden_game_replays(name: str) -> None:
    data = _load(name)
    rules = RuleSet(**data["rules"])
    deals = [text.split() for text in data["deals"]]
    state = new_game(rules, seed=0, dealer=data["first_dealer"], deals=deals)
    for entry in data["moves"]:
        seat, text = entry.split(" ", 1)
        assert state.to_move == int(seat), entry
        move = parse_move(text)
        assert move in legal_moves(state), entry
        state = apply(state, move)
    assert state.is_over
    played, balances, out = EXPECTED[name]
    assert state.balances == balances
    assert state.out == out
    assert state.deals_played == played == len(data["results"])
    for result, stored in zip(state.deal_results, data["results"], strict=True):
        assert result.dealer == stored["dealer"]
        assert str(result.turnup) == stored["turnup"]
        assert list(result.balances) == stored["balances"]
        assert [str(p) for p in result.payments if p.reason != "dressing"] == stored["payments"]
    final = data["final"]
    assert list(state.balances) == final["balances"]
    assert state.pools == final["pools"]
    assert list(state.ranking) == final["ranking"]
    assert list(state.out) == final["out"]
    assert [str(p) for p in state.deal_payments] == final["payments"]
    assert sum(state.balances) + sum(state.pools.values()) == rules.players * rules.starting_chips


def test_golden_games_show_their_features() -> None:
    default = _load("poch_default_4p")
    assert any(m.split()[1] == "reopen" for m in default["moves"])
    runs = _load("poch_runs_centre_6p")
    payments = [p for r in runs["results"] for p in r["payments"]]
    assert any("centre pool" in p for p in payments)
    assert any("sequence pool" in p for p in payments)
    bust = _load("poch_bust_3p")
    assert bust["final"]["out"]
    assert any("share of" in p for p in bust["final"]["payments"])
