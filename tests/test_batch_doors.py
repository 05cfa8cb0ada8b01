"""The batch engine's doors: seeds, numbers of games, chunks and action
arrays that the library refuses at once, naming the argument, with the
batch left as it was."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy", reason="the batch engine needs the batch extra")

from pocha_rules import PochaError, RuleSet  # noqa: E402
from pocha_rules.batch import BatchActionError, BatchGames, simulate_batch  # noqa: E402
from pocha_rules.records import replay  # noqa: E402

RULES = RuleSet(players=4, schedule=[2, 1])


def test_a_batch_seed_of_2_to_the_256_or_more_is_refused_at_once() -> None:
    for seed in (2**256, 2**300, 10**5000):
        with pytest.raises(PochaError, match="seed must be below 2\\*\\*256"):
            simulate_batch(RULES, 4, seed=seed, record=True)
        with pytest.raises(PochaError, match="seed must be below 2\\*\\*256"):
            BatchGames(RULES, 4, seed=seed)
    # The largest seed accepted is one a record holds and replays.
    result = simulate_batch(RULES, 3, seed=2**256 - 1, record=True)
    assert replay(result.record(2)).scores == tuple(result.scores[2].tolist())


def test_a_negative_seed_past_the_text_limit_is_the_library_error() -> None:
    with pytest.raises(PochaError, match="seed must be 0 or more, got a whole number of about"):
        simulate_batch(RULES, 4, seed=-(10**5000))


def test_chunk_takes_numpy_integers_like_the_other_arguments() -> None:
    given = simulate_batch(RULES, 20, seed=3, chunk=np.int64(8))
    plain = simulate_batch(RULES, 20, seed=3, chunk=8)
    assert (given.scores == plain.scores).all()
    assert (simulate_batch(RULES, 20, seed=3, chunk=np.uint8(8)).scores == plain.scores).all()
    with pytest.raises(TypeError, match="chunk must be an int, got float"):
        simulate_batch(RULES, 20, seed=3, chunk=8.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="chunk must be an int, got bool"):
        simulate_batch(RULES, 20, seed=3, chunk=True)
    with pytest.raises(PochaError, match="chunk must be 1 or more, got 0"):
        simulate_batch(RULES, 20, seed=3, chunk=np.int64(0))


@pytest.mark.parametrize(
    "games", [2**63, 2**64, 2**40 + 1, 10**5000], ids=["2**63", "2**64", "2**40+1", "10**5000"]
)
def test_more_games_than_a_batch_can_hold_are_refused_naming_games(games: int) -> None:
    with pytest.raises(PochaError, match="games must be at most 2\\*\\*40"):
        simulate_batch(RULES, games, seed=1)
    with pytest.raises(PochaError, match="games must be at most 2\\*\\*40"):
        BatchGames(RULES, games, seed=1)


def test_a_ragged_action_array_is_refused_naming_actions() -> None:
    games = BatchGames(RULES, 2, seed=1)
    before = games.legal_mask.copy()
    with pytest.raises(PochaError, match=r"actions must hold one action per game, shape \(2,\)"):
        games.step([[40], [40, 41]])
    assert (games.legal_mask == before).all()


def test_a_uint64_id_at_or_above_2_to_the_63_is_reported_as_it_is() -> None:
    games = BatchGames(RULES, 3, seed=1)
    before = games.legal_mask.copy()
    legal = [int(np.flatnonzero(row)[0]) for row in before]
    for big in (2**63, 2**63 + 5, 2**64 - 1):
        actions = np.array([legal[0], big, legal[2]], dtype=np.uint64)
        with pytest.raises(BatchActionError) as caught:
            games.step(actions)
        error = caught.value
        assert error.action == big
        assert error.game == 1
        assert str(error).startswith(f"invalid action {big} by seat")
        assert "out of range" in error.reason
        assert (games.legal_mask == before).all()
    games.step(np.array(legal, dtype=np.uint64))


def test_a_record_of_a_game_id_past_the_text_limit_is_the_library_error() -> None:
    result = simulate_batch(RULES, 3, seed=1, record=True)
    with pytest.raises(PochaError, match="game must be from 0 to 2, got a whole number of about"):
        result.record(10**5000)
    with pytest.raises(PochaError, match=f"got {2**63 + 1}"):
        result.record(np.uint64(2**63 + 1))


def test_arguments_past_the_text_limit_are_refused_with_the_library_errors() -> None:
    huge = 10**5000
    with pytest.raises(TypeError, match="expected a RuleSet, got int a whole number of about"):
        simulate_batch(huge, 3)  # type: ignore[arg-type]
    with pytest.raises(PochaError, match="round a whole number of about 5000 digits"):
        simulate_batch(RULES, 3, round=huge)
    with pytest.raises(PochaError, match="dealer must be a seat from 0 to 3, got a whole number"):
        simulate_batch(RULES, 3, dealer=huge)
    games = BatchGames(RULES, 3, seed=1, record=True)
    with pytest.raises(TypeError, match="seats must be seat numbers, got int a whole number"):
        games.observations(huge)
    with pytest.raises(PochaError, match="seats must be one seat, or one per game"):
        games.observations([[1], [1, 2]])
    with pytest.raises(PochaError, match="game must be from 0 to 2, got a whole number of about"):
        games.record(huge)
