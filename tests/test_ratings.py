from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pocha_rules import PochaError
from pocha_rules.ratings import ELO_PER_UNIT, ratings


def test_two_players_rating_gap_is_the_log_odds_of_their_score_with_one_virtual_draw() -> None:
    table = ratings(["a", "b"], [("a", "b", 30, 10)])
    by_name = {r.name: r for r in table}
    # With one virtual draw, a's odds are (30 + 0.5) / (10 + 0.5).
    expected = ELO_PER_UNIT * math.log(30.5 / 10.5)
    assert by_name["a"].elo - by_name["b"].elo == pytest.approx(expected, rel=1e-9)
    assert by_name["a"].elo == pytest.approx(-by_name["b"].elo)
    assert by_name["a"].score == 0.75
    assert by_name["a"].comparisons == 40


def test_even_results_rate_everyone_zero() -> None:
    table = ratings(["a", "b", "c"], [("a", "b", 5, 5), ("b", "c", 5, 5), ("a", "c", 5, 5)])
    for rating in table:
        assert rating.elo == pytest.approx(0, abs=1e-9)
        assert rating.low < 0 < rating.high


def test_interval_narrows_with_more_comparisons() -> None:
    few = {r.name: r for r in ratings(["a", "b"], [("a", "b", 6, 4)])}
    many = {r.name: r for r in ratings(["a", "b"], [("a", "b", 600, 400)])}
    assert many["a"].stderr < few["a"].stderr / 5


def test_two_player_standard_error_matches_the_fisher_information() -> None:
    # For two players, the variance of theta_a - theta_b is 1 / (n p (1 - p)),
    # and each centred rating carries a quarter of it.
    table = {r.name: r for r in ratings(["a", "b"], [("a", "b", 60, 40)])}
    p = 60.5 / 101
    expected = ELO_PER_UNIT * math.sqrt(1 / (101 * p * (1 - p)) / 4)
    assert table["a"].stderr == pytest.approx(expected, rel=1e-6)


def test_an_unbeaten_player_still_has_a_finite_rating() -> None:
    table = ratings(["a", "b"], [("a", "b", 20, 0)])
    assert all(math.isfinite(r.elo) and math.isfinite(r.high) for r in table)
    assert table[0].name == "a"


def test_players_without_comparisons_are_unrated_and_listed_last() -> None:
    table = ratings(["c", "a", "b"], [("a", "b", 3, 1)])
    assert [r.name for r in table] == ["a", "b", "c"]
    assert math.isnan(table[2].elo)
    assert math.isnan(table[2].score)
    assert table[2].as_dict()["elo"] is None
    assert table[2].comparisons == 0
    assert table[0].elo == pytest.approx(-table[1].elo)
    alone = ratings(["a", "b", "c"], [("a", "b", 3, 1)])
    assert [r.elo for r in alone[:2]] == [r.elo for r in table[:2]]


def test_an_unbeaten_lead_is_the_priors_log_odds() -> None:
    for n in (10, 60):
        first, second = ratings(["a", "b"], [("a", "b", n, 0)])
        assert first.elo - second.elo == pytest.approx(ELO_PER_UNIT * math.log(2 * n + 1))


@pytest.mark.parametrize(
    ("names", "results", "message"),
    [
        (["a"], [], "two or more players"),
        (["a", "a"], [], "two or more players with different names"),
        (["a", "b"], [("a", "z", 1, 0)], "names 'z'"),
        (["a", "b"], [("a", "a", 1, 0)], "pairs 'a' with itself"),
        (["a", "b"], [("a", "b", -1, 0)], "negative count"),
    ],
)
def test_bad_results_are_refused(
    names: list[str], results: list[tuple[str, str, int, int]], message: str
) -> None:
    with pytest.raises(PochaError, match=message):
        ratings(names, results)


@given(
    st.lists(
        st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 20), st.integers(0, 20)),
        max_size=12,
    )
)
def test_ratings_are_centred_ordered_and_monotone_in_wins(
    raw: list[tuple[int, int, int, int]],
) -> None:
    names = ["a", "b", "c", "d"]
    results = [(names[i], names[j], x, y) for i, j, x, y in raw if i != j]
    table = ratings(names, results)
    rated = [r for r in table if r.comparisons]
    assert table[: len(rated)] == rated, "the unrated come last"
    assert all(math.isnan(r.elo) for r in table[len(rated) :])
    assert sum(r.elo for r in rated) == pytest.approx(0, abs=1e-6)
    assert [r.elo for r in rated] == sorted((r.elo for r in rated), reverse=True)
    assert all(r.low <= r.elo <= r.high for r in rated)
    # One more win for "a" over "b" never lowers a's rating (among the same
    # rated players).
    if not {"a", "b"} <= {r.name for r in rated}:
        return
    before = {r.name: r.elo for r in table}["a"]
    after = {r.name: r.elo for r in ratings(names, [*results, ("a", "b", 1, 0)])}["a"]
    assert after >= before - 1e-6
