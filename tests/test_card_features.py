"""The facts of each card of the hand, against the rules stated again here
from the player's view, over random games under several rule sets."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy", reason="the card features need numpy (the batch extra)")

import numpy as np

from pocha_rules import PlayerView, RuleSet, apply, legal_moves, new_game
from pocha_rules.actions import action_table
from pocha_rules.card_features import FACTS, CardFeatures
from pocha_rules.observations import encode_view, observation_size
from pocha_rules.views import observe

RULE_SETS = [
    RuleSet(),
    RuleSet(players=3, deck=48, schedule=[1, 4, 8]),
    RuleSet(players=5, schedule=[2, 6], rank_order=(1, 12, 11, 10, 7, 6, 5, 4, 3, 2)),
]


def _expected(view: PlayerView) -> list[float]:
    """The three blocks, from the view and the rules' order of ranks."""
    rules = view.rules
    cards = action_table(rules).cards
    order = rules.rank_order
    strength = {rank: len(order) - place for place, rank in enumerate(order)}
    trick = [played.card for played in view.trick]
    gone = {played.card for played in view.played} | set(trick) | set(view.hand)
    best = None
    if trick:
        led = trick[0].suit
        trumps = [card for card in trick if card.suit == view.trump]
        best = max(trumps or [card for card in trick if card.suit == led],
                   key=lambda card: strength[card.rank])  # fmt: skip
    higher, trump, wins = [0.0] * len(cards), [0.0] * len(cards), [0.0] * len(cards)
    for card in view.hand:
        i = cards.index(card)
        above = [
            c for c in cards if c.suit == card.suit and strength[c.rank] > strength[card.rank]
        ]
        higher[i] = sum(c not in gone for c in above) / (len(order) - 1)
        trump[i] = float(card.suit == view.trump)
        if best is not None:
            if best.suit == view.trump:
                beats = card.suit == view.trump and strength[card.rank] > strength[best.rank]
            else:
                beats = card.suit == view.trump or (
                    card.suit == best.suit and strength[card.rank] > strength[best.rank]
                )
            wins[i] = float(beats)
    return higher + trump + wins


@pytest.mark.parametrize("rules", RULE_SETS, ids=["default", "48 cards", "rank order"])
def test_the_facts_agree_with_the_rules_in_random_games(rules: RuleSet) -> None:
    features = CardFeatures(rules)
    rng = random.Random(5)
    checked = started_tricks = 0
    for game in range(6):
        state = new_game(rules, seed=game)
        while not state.is_over:
            seat = rng.randrange(rules.players)
            view = observe(state, seat)
            vector = np.array([encode_view(view)], dtype=np.float32)
            got = features(vector)[0]
            assert got.tolist() == pytest.approx(_expected(view), abs=1e-6), view
            checked += 1
            started_tricks += bool(view.trick)
            state = apply(state, rng.choice(legal_moves(state)))
    assert checked > 100
    assert started_tricks > 30


def test_extend_appends_the_facts_after_the_vector() -> None:
    rules = RuleSet()
    state = new_game(rules, seed=1)
    for _ in range(6):
        state = apply(state, legal_moves(state)[-1])
    vectors = np.array([encode_view(observe(state, seat)) for seat in range(4)], dtype=np.float32)
    features = CardFeatures(rules)
    extended = features.extend(vectors)
    assert extended.shape == (4, observation_size(rules) + features.size)
    assert features.size == len(FACTS) * 40
    assert (extended[:, : observation_size(rules)] == vectors).all()
    assert (extended[:, observation_size(rules) :] == features(vectors)).all()


def test_bad_input_is_refused() -> None:
    with pytest.raises(TypeError, match="rules must be a RuleSet"):
        CardFeatures("classic")  # type: ignore[arg-type]
    features = CardFeatures(RuleSet())
    with pytest.raises(ValueError, match=r"the shape \(n, 539\)"):
        features(np.zeros((2, 538), dtype=np.float32))
    with pytest.raises(ValueError, match=r"the shape \(n, 539\)"):
        features(np.zeros(539, dtype=np.float32))
