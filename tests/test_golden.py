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
    Card,
    ChooseTrump,
    InvalidRecordError,
    MissPenalty,
    Play,
    RoundKind,
    RuleSet,
    Suit,
    TrumpWhenAllDealt,
    round_score,
)
from pocha_rules.records import (
    GameRecord,
    Revoke,
    load,
    replay,
    replay_lenient,
)

GOLDEN: Final = Path(__file__).parent / "golden"

# name: (rounds played, final totals, winners)
EXPECTED: Final = {
    "classic_4p": (32, (-175, -180, -195, -190), (0,)),
    "free_following_3p": (29, (-345, -195, -160), (2,)),
    "up_down_auction_5p_48": (22, (-180, -235, -235, -220, -290), (0,)),
    "full_double_oros_4p": (32, (-465, -250, -375, -350), (1,)),
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


def test_classic_game_went_to_tiebreak_rounds() -> None:
    state = replay(load(GOLDEN / "classic_4p.json"))
    assert len(state.rules.schedule) == 28
    extra = state.round_results[28:]
    assert [(r.cards, r.kind) for r in extra] == [(1, RoundKind.NORMAL)] * 4
    # Tied at the top after the schedule and after each tiebreak round but the last.
    for played in range(28, 32):
        totals = [sum(r.scores[s] for r in state.round_results[:played]) for s in range(4)]
        assert totals.count(max(totals)) > 1
    assert state.scores.count(max(state.scores)) == 1


def test_free_following_game_uses_its_options() -> None:
    state = replay(load(GOLDEN / "free_following_3p.json"))
    rules = state.rules
    assert rules.players == 3
    assert rules.deck_size == 36
    assert rules.must_overtake is False
    assert rules.miss_penalty is MissPenalty.PER_TRICK_BID
    assert rules.trump_when_all_dealt is TrumpWhenAllDealt.DEALER_CHOOSES
    assert rules.zero_wins is True
    # The dealer named trump in each of the three 12-card rounds.
    assert sum(type(m) is ChooseTrump for m in state.history) == 3
    assert [r.cards for r in state.round_results].count(12) == 3


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


def test_a_real_tables_revoke_replays_only_leniently() -> None:
    record = load(GOLDEN / "lenient" / "revoke_4p.json")
    with pytest.raises(InvalidRecordError) as info:
        replay(record)
    assert str(info.value) == (
        "invalid record at moves[41]: seat 1 may not play 1b: "
        "must follow suit: copas was led and the hand holds 6c"
    )
    result = replay_lenient(record)
    assert result.revokes == (
        Revoke(
            index=41,
            seat=1,
            move=Play(Card.parse("1b")),
            reason="must follow suit: copas was led and the hand holds 6c",
        ),
    )
    assert result.state.is_over
    assert result.state.scores == (0, -5, -10, 25) == record.scores
    assert result.totals == (0, -55, -10, 25)
