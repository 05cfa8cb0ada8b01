"""Golden games: whole recorded games that must replay to their stored results.

Each record in ``tests/golden/`` (written once by ``tests/golden/make_golden.py``)
holds the rules, deals and every move of a complete game. Replaying checks
every move and the stored score of every round; the expected totals and
winners below were read off the games when they were recorded. Any change in
rule behaviour (what is legal, how a round scores, who wins) fails here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

import pytest

from pocha_rules import (
    ChooseTrump,
    MissPenalty,
    RoundKind,
    RuleSet,
    Suit,
    TrumpWhenAllDealt,
    round_score,
)
from pocha_rules.records import GameRecord, load, replay

GOLDEN: Final = Path(__file__).parent / "golden"

# name: (rounds played, final totals, winners)
EXPECTED: Final = {
    "classic_4p": (29, (100, 60, 120, 80), (2,)),
    "rulebook002_3p": (29, (20, -5, 0), (0, 2)),
    "up_down_auction_5p_48": (22, (135, -25, -35, 85, -15), (0,)),
    "full_double_oros_4p": (32, (75, 15, 100, 165), (3,)),
}


def test_every_golden_file_is_checked() -> None:
    assert sorted(p.stem for p in GOLDEN.glob("*.json")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_golden_game_replays_to_its_results(name: str) -> None:
    record = load(GOLDEN / f"{name}.json")
    state = replay(record)  # checks every move and every stored round score
    rounds, totals, winners = EXPECTED[name]
    assert state.is_over
    assert len(state.round_results) == rounds
    assert state.scores == totals
    assert record.scores == totals
    assert state.round_scores == record.round_scores
    assert state.winners == winners


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_golden_files_are_in_the_written_form(name: str) -> None:
    path = GOLDEN / f"{name}.json"
    text = path.read_text(encoding="utf-8")
    assert GameRecord.from_state(replay(load(path))).to_json() == text


def test_classic_game_went_to_a_tiebreak_round() -> None:
    state = replay(load(GOLDEN / "classic_4p.json"))
    assert len(state.rules.schedule) == 28
    tiebreak = state.round_results[28]
    assert (tiebreak.cards, tiebreak.kind) == (1, RoundKind.NORMAL)
    before = [sum(r.scores[s] for r in state.round_results[:28]) for s in range(4)]
    assert before.count(max(before)) > 1


def test_rulebook002_game_uses_its_options() -> None:
    state = replay(load(GOLDEN / "rulebook002_3p.json"))
    rules = state.rules
    assert rules.players == 3
    assert rules.deck_size == 36
    assert rules.must_overtake is False
    assert rules.miss_penalty is MissPenalty.PER_TRICK_BID
    assert rules.trump_when_all_dealt is TrumpWhenAllDealt.DEALER_CHOOSES
    assert rules.zero_wins is True
    # The dealer named trump in each 12-card round, and seat 2 wins on 0.
    assert sum(type(m) is ChooseTrump for m in state.history) == 3
    assert state.scores[2] == 0
    assert 2 in state.winners


def test_five_player_game_ends_with_an_auction_round() -> None:
    state = replay(load(GOLDEN / "up_down_auction_5p_48.json"))
    assert state.rules.deck_size == 48
    last = state.round_results[-1]
    assert (last.cards, last.kind) == (9, RoundKind.AUCTION)


def test_full_game_has_auction_and_blind_rounds_and_doubles_oros() -> None:
    state = replay(load(GOLDEN / "full_double_oros_4p.json"))
    kinds = [r.kind for r in state.round_results]
    assert kinds.count(RoundKind.AUCTION) == 4
    assert kinds.count(RoundKind.BLIND) == 4
    plain = RuleSet(schedule="full")  # the same rules without the doubling
    assert state.rules == RuleSet(schedule="full", double_when_oros=True)
    oros = [r for r in state.round_results if r.trump is Suit.OROS]
    assert oros
    for result in oros:
        single = [
            round_score(plain, result.cards, result.trump, bid, won)
            for bid, won in zip(result.bids, result.won, strict=True)
        ]
        assert list(result.scores) == [2 * score for score in single]
