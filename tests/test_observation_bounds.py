"""The observation fields' bounds: finite for the scores of every game with
a bound on its length, and true in every state reached."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from pocha_rules import RuleSet, new_game, observe
from pocha_rules.observations import encode_view, observation_layout
from tests.strategies import play_out, rule_sets


def scores_field(rules: RuleSet) -> tuple[float, float]:
    (field,) = [field for field in observation_layout(rules) if field.name == "scores"]
    return field.low, field.high


def test_the_score_bounds_are_the_running_extremes_of_the_schedule() -> None:
    # A 2-card round scores -10 to 20, a 1-card round -5 to 15.
    assert scores_field(RuleSet(players=3, schedule=[2, 1], tiebreak="shared")) == (-15.0, 35.0)
    # No round can lose points: the lowest total is the 0 of the start.
    assert scores_field(
        RuleSet(players=3, schedule=[2, 1], tiebreak="shared", miss_penalty="none")
    ) == (0.0, 35.0)
    # Oros as trump doubles, and a pocha of six cards or more doubles again.
    assert scores_field(
        RuleSet(players=4, schedule=[6], tiebreak="shared", double_when_oros=True)
    ) == (-60.0, 160.0)


def test_the_scores_have_no_bound_when_tiebreak_rounds_have_no_end() -> None:
    assert scores_field(RuleSet()) == (-math.inf, math.inf)
    assert scores_field(RuleSet(schedule=[1], tiebreak="one_card_rounds")) == (-math.inf, math.inf)


@given(rule_sets(), st.integers(0, 2**32))
@settings(max_examples=40)
def test_every_field_is_within_its_bounds_in_every_state(rules: RuleSet, seed: int) -> None:
    layout = observation_layout(rules)
    if rules.tiebreak == "shared":
        assert all(math.isfinite(field.low) and math.isfinite(field.high) for field in layout)

    def check(state: object) -> None:
        for seat in range(rules.players):
            vector = encode_view(observe(state, seat))  # type: ignore[arg-type]
            for field in layout:
                for number in vector[field.slice]:
                    assert field.low <= number <= field.high, (field.name, number)

    play_out(new_game(rules, seed=seed), seed, on_state=check)
