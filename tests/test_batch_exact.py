"""The batch engine is a second implementation of the rules: it is proved
equal to the engine, decision by decision, across random rule sets.

Each game a batch plays is replayed through ``new_game(..., deals=...)`` and
``apply`` from its record: at every decision the seat to move, the phase and
the legal action ids must be those of the batch (and, where checked, every
seat's observation vector that of ``encode_view(observe(state, seat))``), and
at the end the scores and every round's points must be equal.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

pytest.importorskip("numpy", reason="the batch engine needs numpy (pip install .[batch])")

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pocha_rules import GameState, Phase, RuleSet, new_game, observe
from pocha_rules.actions import apply_action, legal_actions
from pocha_rules.batch import BatchGames, simulate_batch
from pocha_rules.observations import encode_view
from pocha_rules.records import GameRecord, replay
from tests.strategies import rule_sets


@dataclass
class Decision:
    seat: int
    phase: Phase
    legal: tuple[int, ...]
    action: int
    views: list[np.ndarray] | None = None
    """The batch's observation vector of each seat, when checked."""


@dataclass
class Played:
    """What the batch showed at each decision of each game."""

    games: BatchGames
    decisions: list[list[Decision]] = field(default_factory=list)

    @property
    def count(self) -> int:
        return sum(len(game) for game in self.decisions)


def play_batch(
    rules: RuleSet, games: int, seed: int, *, views: bool = False, **options: object
) -> Played:
    """Step a recording batch to its end with random legal actions, writing
    down the seat to move, the phase and the legal ids of every decision
    (and with ``views`` every seat's observation vector)."""
    batch = BatchGames(rules, games, seed=seed, record=True, **options)  # type: ignore[arg-type]
    played = Played(batch, [[] for _ in range(games)])
    rng = np.random.default_rng(seed)
    while not batch.done.all():
        mask = batch.legal_mask
        seats = batch.to_move
        done = batch.done
        assert ((seats == -1) == done).all()
        assert not mask[done].any()
        assert mask[~done].any(axis=1).all()
        choice = (rng.random(mask.shape) * mask).argmax(axis=1)
        phase = batch.phase
        vectors = [batch.observations(seat) for seat in range(rules.players)] if views else None
        if vectors is not None:
            mover = batch.observations()
            assert not mover[done].any()
            for game in np.flatnonzero(~done):
                assert np.array_equal(mover[game], vectors[seats[game]][game])
        for game in np.flatnonzero(~done):
            legal = tuple(int(action) for action in np.flatnonzero(mask[game]))
            seen = None if vectors is None else [vector[game] for vector in vectors]
            played.decisions[game].append(
                Decision(int(seats[game]), phase, legal, int(choice[game]), seen)
            )
        batch.step(choice)
    assert batch.phase is Phase.OVER
    return played


def replay_decisions(record: GameRecord, decisions: list[Decision]) -> GameState:
    """Replay a game through ``apply``, checking each decision against the
    engine's own seat to move, phase and legal ids."""
    state = new_game(record.rules, seed=record.seed, dealer=record.first_dealer,
                     deals=record.deals)  # fmt: skip
    for index, decision in enumerate(decisions):
        where = f"decision {index}: {state!r}"
        assert state.to_move == decision.seat, where
        assert state.phase is decision.phase, where
        assert legal_actions(state) == decision.legal, where
        if decision.views is not None:
            for seat, vector in enumerate(decision.views):
                expected = np.array(encode_view(observe(state, seat)), dtype=np.float32)
                assert np.array_equal(vector, expected), f"{where}, the view of seat {seat}"
        state = apply_action(state, decision.action)
    assert state.is_over
    return state


def check_batch(
    rules: RuleSet, games: int, seed: int, *, views: bool = False, **options: object
) -> int:
    """Play a batch and prove every game of it equal to the engine's; the
    number of decisions compared."""
    played = play_batch(rules, games, seed, views=views, **options)
    batch = played.games
    scores = batch.scores
    for game in range(games):
        record = batch.record(game)
        final = replay_decisions(record, played.decisions[game])
        assert final.scores == tuple(scores[game])
        assert replay(record) == final  # the record's scores and round points too
    return played.count


@given(rules=rule_sets(), seed=st.integers(0, 2**63 - 1))
def test_stepped_games_are_the_engines_games(rules: RuleSet, seed: int) -> None:
    check_batch(rules, 32, seed)


@settings(max_examples=30)
@given(rules=rule_sets(), seed=st.integers(0, 2**63 - 1))
def test_every_seats_observation_is_the_engines(rules: RuleSet, seed: int) -> None:
    check_batch(rules, 6, seed, views=True)


WHOLE_GAMES = [
    RuleSet(),
    RuleSet(schedule="full"),
    RuleSet(players=3, schedule="up_down_auction", trump_when_all_dealt="dealer_chooses"),
    RuleSet(players=5, deck=48, schedule="full", must_overtake=False, auction_winner_leads=False),
    RuleSet(players=6, schedule="classic", must_ruff=False, hook_in_one_card_rounds=False),
    RuleSet(players=8, deck=48, schedule="full", must_overruff=False, double_when_oros=True),
    RuleSet(players=4, deck=48, remove_twos=True, rank_order=(12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 1),
            schedule="up_down", miss_penalty="per_trick_bid", pocha_min_cards=3),
    RuleSet(players=7, schedule="full", trump_when_all_dealt="dealer_chooses", zero_wins=True),
    RuleSet(players=4, hit_bonus=0, per_trick=1, tiebreak="one_card_rounds"),
]  # fmt: skip


def test_whole_games_under_every_kind_of_rules_are_the_engines_games() -> None:
    compared = sum(check_batch(rules, 12, seed) for seed, rules in enumerate(WHOLE_GAMES))
    # With the random rule sets above: well over 100,000 decisions compared.
    assert compared > 60_000


@settings(max_examples=20)
@given(
    rules=rule_sets(),
    cards=st.integers(1, 16),
    kind=st.sampled_from(("", "a", "b")),
    seed=st.integers(0, 2**63 - 1),
)
def test_single_rounds_are_the_engines_rounds(
    rules: RuleSet, cards: int, kind: str, seed: int
) -> None:
    cards = 1 if kind == "b" else min(cards, rules.max_cards)
    check_batch(rules, 24, seed, round=f"{cards}{kind}")


@settings(max_examples=25)
@given(rules=rule_sets(presets=True), seed=st.integers(0, 2**63 - 1))
def test_simulated_games_replay_through_the_engine(rules: RuleSet, seed: int) -> None:
    result = simulate_batch(rules, 10, seed=seed, record=True, chunk=4)
    for game in range(10):
        record = result.record(game)
        final = replay(record)  # every move legal, the scores those of the moves
        assert final.scores == tuple(result.scores[game])
        assert len(final.round_results) == result.rounds[game]
        for index, outcome in enumerate(final.round_results):
            assert outcome.bids == tuple(result.bids[game, index])
            assert outcome.won == tuple(result.won[game, index])
            assert outcome.scores == tuple(result.points[game, index])
            assert outcome.trump.value == result.trumps[game, index]


@pytest.mark.slow
@settings(max_examples=300)
@given(rules=rule_sets(presets=True), seed=st.integers(0, 2**63 - 1))
def test_many_more_games_are_the_engines_games(rules: RuleSet, seed: int) -> None:
    check_batch(rules, 24, seed)


@pytest.mark.slow
@settings(max_examples=30)
@given(rules=rule_sets(presets=True), seed=st.integers(0, 2**63 - 1))
def test_many_more_observations_are_the_engines(rules: RuleSet, seed: int) -> None:
    check_batch(rules, 2, seed, views=True)
