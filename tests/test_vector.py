"""The vector environment is the engine's game, step by step.

Every game a :class:`~pocha_rules.vector.VectorEnv` plays is replayed from
its record through ``new_game`` and ``apply``: at each of its decisions the
seat to move, the observation vector (``encode_view(observe(state, seat))``)
and the action mask must be the engine's; after each step the rewards must
be what the PettingZoo environment gives (each seat's points when a round
ends, 0 otherwise); at its end the totals and winners must be the engine's.
And a malformed action array is refused with the game and the reason,
leaving every game as it was.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

pytest.importorskip("numpy", reason="the vector environment needs numpy (pip install .[batch])")

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pocha_rules import (
    InvalidActionError,
    Move,
    Phase,
    PlayerView,
    PochaError,
    RuleSet,
    new_game,
    observe,
)
from pocha_rules.actions import apply_action, legal_action_mask, move_to_action
from pocha_rules.batch import BatchGames
from pocha_rules.observations import encode_view
from pocha_rules.records import GameRecord
from pocha_rules.vector import VectorActionError, VectorEnv
from tests.strategies import rule_sets


@dataclass
class Seen:
    """What the environment showed for one game: per decision, the seat, the
    observation and the mask; per step after it, the rewards."""

    seats: list[int] = field(default_factory=list)
    observations: list[np.ndarray] = field(default_factory=list)
    masks: list[np.ndarray] = field(default_factory=list)
    rewards: list[np.ndarray] = field(default_factory=list)


class FirstMove:
    """A bot that plays the first legal move of its view."""

    def act(self, view: PlayerView) -> Move:
        return view.legal_moves()[0]


def check_game(
    record: GameRecord,
    seen: Seen,
    total: np.ndarray,
    won: np.ndarray,
    first_move_seat: int | None = None,
) -> None:
    """Replay ``record`` through the engine against what was seen (and, at
    ``first_move_seat``, a :class:`FirstMove` bot's moves)."""
    state = new_game(record.rules, seed=record.seed, dealer=record.first_dealer,
                     deals=record.deals)  # fmt: skip
    assert len(record.moves) == len(seen.seats) == len(seen.rewards)
    for index, move in enumerate(record.moves):
        where = f"decision {index}: {state!r}"
        seat = state.to_move
        assert seen.seats[index] == seat, where
        assert seat is not None
        expected = np.array(encode_view(observe(state, seat)), dtype=np.float32)
        assert np.array_equal(seen.observations[index], expected), where
        mask = np.frombuffer(legal_action_mask(state), dtype=np.int8)
        assert np.array_equal(seen.masks[index], mask), where
        if seat == first_move_seat:
            assert move == observe(state, seat).legal_moves()[0], where
        after = apply_action(state, move_to_action(record.rules, move))
        points = np.zeros(record.rules.players)
        if len(after.round_results) > len(state.round_results):
            points = np.array(after.round_results[-1].scores)
        assert np.array_equal(seen.rewards[index], points), where
        state = after
    assert state.is_over
    assert tuple(total) == state.scores
    assert tuple(np.flatnonzero(won)) == state.winners


def run_and_check(
    rules: RuleSet,
    envs: int,
    seed: int | list[int],
    games: int,
    opponents: dict[int, Any] | None = None,
    delay: int | None = None,
    first_move_seat: int | None = None,
) -> int:
    """Step a recording environment with random legal actions until
    ``games`` games have ended, proving each one the engine's; the number
    of games checked."""
    env = VectorEnv(rules, envs, record=True, opponents=opponents, reset_delay=delay)
    obs, infos = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen = [Seen() for _ in range(envs)]
    checked = 0
    while checked < games:
        mask = obs["action_mask"]
        to_move = infos["to_move"]
        for game in np.flatnonzero(to_move >= 0):
            seen[game].seats.append(int(to_move[game]))
            seen[game].observations.append(obs["observation"][game].copy())
            seen[game].masks.append(mask[game].copy())
        learner = infos["learner"]
        assert (learner == np.isin(to_move, env.learners)).all()
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        obs, rewards, terminations, truncations, infos = env.step(actions)
        assert not truncations.any()
        for game in np.flatnonzero(to_move >= 0):
            seen[game].rewards.append(rewards[game].copy())
        # A game that was waiting to be dealt anew gets nothing.
        assert not rewards[to_move < 0].any()
        assert not terminations[to_move < 0].any()
        for game in np.flatnonzero(terminations):
            check_game(env.record(int(game)), seen[game], infos["total"][game],
                       infos["winner"][game], first_move_seat)  # fmt: skip
            seen[game] = Seen()
            checked += 1
            # next_step: a finished game shows nothing until it is dealt anew.
            assert infos["to_move"][game] == -1
            assert not obs["action_mask"][game].any()
            assert not obs["observation"][game].any()
    return checked


@settings(max_examples=12, deadline=None)
@given(rules=rule_sets(), seed=st.integers(0, 2**32), random_seat=st.booleans())
def test_every_game_is_the_engines(rules: RuleSet, seed: int, random_seat: bool) -> None:
    opponents = {1: "random"} if random_seat else None
    assert run_and_check(rules, 5, seed, 8, opponents) >= 8


@pytest.mark.parametrize(
    "rules",
    [
        RuleSet(schedule=[1, 2, 3]),
        RuleSet(players=3, schedule=["3a", "1b", 2], trump_when_all_dealt="dealer_chooses"),
        RuleSet(players=5, deck=48, schedule=[2, 1], tiebreak="one_card_rounds"),
    ],
)
def test_many_games_in_a_row_are_the_engines(rules: RuleSet) -> None:
    # Many short games: the environment's cohorts split and restart often.
    for seed in range(3):
        opponents = {0: "random"} if seed else None
        assert run_and_check(rules, 24, seed, 60, opponents, delay=seed) >= 60


@settings(max_examples=8, deadline=None)
@given(rules=rule_sets(), seed=st.integers(0, 2**32))
def test_bot_opponents_read_their_views_of_every_game(rules: RuleSet, seed: int) -> None:
    # Seat 1 plays the first legal move of its view: the same as the
    # engine's state shows it, at every one of its decisions.
    opponents = {1: FirstMove(), 2: "heuristic"}
    assert run_and_check(rules, 5, seed, 6, opponents, first_move_seat=1) >= 6


@pytest.mark.parametrize(
    "rules",
    [
        RuleSet(players=3, schedule=["3a", "1b", 2], trump_when_all_dealt="dealer_chooses"),
        RuleSet(players=5, deck=48, schedule=[2, 1], tiebreak="one_card_rounds"),
    ],
)
def test_bot_opponents_play_on_across_many_games(rules: RuleSet) -> None:
    opponents = {0: "heuristic", 1: FirstMove()}
    assert run_and_check(rules, 16, 4, 40, opponents, delay=2, first_move_seat=1) >= 40


@settings(max_examples=6, deadline=None)
@given(rules=rule_sets(), seed=st.integers(0, 2**32))
def test_games_seeded_one_by_one_are_the_engines(rules: RuleSet, seed: int) -> None:
    seeds = [seed + game for game in range(5)]
    assert run_and_check(rules, 5, seeds, 8, {1: "random"}) >= 8


def deals_by_game(env: VectorEnv, seeds: list[int], steps: int, rng_seed: int) -> list[list[Any]]:
    """Each index's games (first dealer and deals), in order, over ``steps``
    random steps after ``reset(seed=seeds)``."""
    env.reset(seed=seeds)
    rng = np.random.default_rng(rng_seed)
    played: list[list[Any]] = [[] for _ in seeds]
    for _ in range(steps):
        terminations = env.step(env.sample_actions(rng))[2]
        for game in np.flatnonzero(terminations):
            record = env.record(int(game))
            played[game].append((record.first_dealer, record.deals[: len(env.rules.schedule)]))
    return played


def test_a_games_own_seed_deals_it_whatever_the_others_do() -> None:
    rules = RuleSet(schedule=[3, 1, 2], tiebreak="one_card_rounds")
    seeds = [100 + game for game in range(8)]
    alone = deals_by_game(VectorEnv(rules, 8, record=True), seeds, 300, 0)
    # The same seeds elsewhere, among others, with other moves: the same
    # deals, game after game (new games dealt at other steps).
    other = deals_by_game(VectorEnv(rules, 3, record=True, reset_delay=0), [105, 7, 103], 300, 9)
    for index, game in ((0, 5), (2, 3)):
        common = min(len(other[index]), len(alone[game]))
        assert common >= 4
        assert other[index][:common] == alone[game][:common]
    assert alone[0][:4] != alone[1][:4]
    # Seeds one per game are checked.
    env = VectorEnv(rules, 3)
    with pytest.raises(PochaError, match="one seed per game is needed: 3 seeds, got 2"):
        env.reset(seed=[1, 2])
    with pytest.raises(PochaError, match="seed"):
        env.reset(seed=[1, -2, 3])
    with pytest.raises(TypeError, match="one int per game"):
        env.reset(seed="123")  # type: ignore[arg-type]


def test_sample_actions_draws_legal_moves() -> None:
    rules = RuleSet(players=3, schedule=["3a", 2], tiebreak="one_card_rounds")
    env = VectorEnv(rules, 64, opponents={2: "random"})
    obs, infos = env.reset(seed=5)
    rng = np.random.default_rng(1)
    for _ in range(150):
        mask = obs["action_mask"]
        actions = env.sample_actions(rng)
        assert actions.dtype == np.int64
        live = infos["to_move"] >= 0
        assert mask[np.flatnonzero(live), actions[live]].all()
        assert not actions[~live].any()
        obs, _, _, _, infos = env.step(actions)
    assert not np.array_equal(env.sample_actions(), env.sample_actions())
    with pytest.raises(TypeError, match="numpy Generator"):
        env.sample_actions(3)  # type: ignore[arg-type]
    # And a batch's own: legal in every game still playing, 0 in the others.
    games = BatchGames(rules, 50, seed=2)
    while not games.done.all():
        actions = games.sample_actions(rng)
        mask = games.legal_mask
        assert mask[np.flatnonzero(~games.done), actions[~games.done]].all()
        assert not actions[games.done].any()
        games.step(actions)


def test_sample_actions_is_uniform() -> None:
    from pocha_rules.batch._sample import random_bits

    words = np.full(60_000, 0b1010_0110_0001, dtype=np.uint64)
    drawn = np.bincount(random_bits(words, np.random.default_rng(0)).astype(np.int64))
    assert set(np.flatnonzero(drawn)) == {0, 5, 6, 9, 11}
    assert (abs(drawn[drawn > 0] - 12_000) < 500).all()
    # A word with no bit set (a game with no decision) gives bit 63.
    none = random_bits(np.zeros(3, dtype=np.uint64), np.random.default_rng(0))
    assert none.tolist() == [63, 63, 63]


@settings(max_examples=60, deadline=None)
@given(words=st.lists(st.integers(1, 2**64 - 1), min_size=1, max_size=40), data=st.data())
def test_select_bits_finds_the_kth_set_bit(words: list[int], data: st.DataObject) -> None:
    from pocha_rules.batch._sample import select_bits

    ranks = [data.draw(st.integers(0, word.bit_count() - 1)) for word in words]
    expected = [
        [i for i in range(64) if word >> i & 1][k] for word, k in zip(words, ranks, strict=True)
    ]
    found = select_bits(np.array(words, dtype=np.uint64), np.array(ranks, dtype=np.uint8))
    assert found.tolist() == expected


@settings(max_examples=25, deadline=None)
@given(rules=rule_sets(), seed=st.integers(0, 2**32))
def test_plays_drawn_from_the_engines_bits_are_the_squeezed_draws(
    rules: RuleSet, seed: int
) -> None:
    # Random plays are drawn from the engine's own bits of the cards, with
    # a table by card bit: the same cards, from the same random numbers, as
    # drawing from the legal bits squeezed into action ids.
    from pocha_rules.batch._observations import squeeze
    from pocha_rules.batch._sample import PHASE_ROWS, id_table, random_bits

    games = BatchGames(rules, 64, seed=seed)
    bt = games._bt
    by_id, by_card = id_table(bt.actions), id_table(bt.actions, bt.deck_cards)
    rng = np.random.default_rng(seed)
    while not games.done.all():
        engine = games._engine
        if engine.phase is Phase.PLAY:
            legal = engine.legal().copy()
            squeezed = squeeze(legal, games._squeeze)
            state = rng.bit_generator.state
            raw = random_bits(legal, rng).view(np.int64)
            rng.bit_generator.state = state
            packed = random_bits(squeezed, rng).view(np.int64)
            assert by_card.take(raw + PHASE_ROWS[Phase.PLAY] * 64).tolist() == (
                by_id.take(packed + PHASE_ROWS[Phase.PLAY] * 64).tolist()
            )
            mask = games.legal_mask[engine.rows]
            assert mask[np.arange(len(raw)), by_card.take(raw)].all()
        games.step(games.sample_actions(rng))


@pytest.mark.parametrize("delay", [0, 3, None])
def test_a_game_that_ends_is_dealt_anew_on_its_own(delay: int | None) -> None:
    # One-card tiebreak rounds: many games end while others of the same deal
    # play on. Each game waits at most reset_delay steps more to be dealt
    # anew, but for a few (under 64 / 16) whose tiebreaks outlast the wait:
    # they are dealt with the next many games dealt together.
    rules = RuleSet(schedule=[1, 2], tiebreak="one_card_rounds", hit_bonus=0, per_trick=1)
    limit = 4 * rules.players if delay is None else delay
    env = VectorEnv(rules, 64, reset_delay=delay)
    obs, infos = env.reset(seed=delay or 0)
    rng = np.random.default_rng(0)
    waiting = np.zeros(64, dtype=np.int64)
    longest = ended = late = 0
    for _ in range(400):
        mask = obs["action_mask"]
        obs, _, terminations, _, infos = env.step((rng.random(mask.shape) * mask).argmax(1))
        ended += int(terminations.sum())
        idle = (infos["to_move"] < 0) & ~terminations
        dealt = (waiting > 0) & ~idle
        if (waiting[dealt] > limit).any():
            late += 1
            assert np.count_nonzero(dealt) * 16 >= 64  # with many others
        waiting = np.where(idle, waiting + 1, 0)
        longest = max(longest, int(waiting.max()))
        assert not obs["action_mask"][infos["to_move"] < 0].any()
    assert ended > 64 * 10
    assert longest <= 8 * limit + 16  # never longer than a game and a wait
    if delay == 0:
        assert longest == late == 0
    else:
        assert late  # the few were put off, and dealt with many


def test_same_step_autoreset_shows_the_new_game_at_once() -> None:
    rules = RuleSet(schedule=[1, 2])
    env = VectorEnv(rules, 16, record=True, autoreset_mode="same_step", reset_delay=0)
    assert env.metadata["autoreset_mode"] == "same_step"
    obs, infos = env.reset(seed=4)
    rng = np.random.default_rng(4)
    ended = 0
    for _ in range(60):
        mask = obs["action_mask"]
        assert mask.any(axis=1).all()  # never a game waiting
        obs, _, terminations, _, infos = env.step((rng.random(mask.shape) * mask).argmax(1))
        for game in np.flatnonzero(terminations):
            ended += 1
            record = env.record(int(game))
            assert record.moves == ()  # the new game, not yet moved
            state = new_game(rules, seed=record.seed, dealer=record.first_dealer,
                             deals=record.deals)  # fmt: skip
            seat = state.to_move
            assert seat is not None
            assert seat == infos["to_move"][game]
            expected = np.array(encode_view(observe(state, seat)), dtype=np.float32)
            assert np.array_equal(obs["observation"][game], expected)
            assert infos["total"][game].sum() != 0 or rules.hit_bonus == 0
    assert ended >= 16


def test_a_seed_replays_the_same_games() -> None:
    def play(seed: int) -> list[np.ndarray]:
        env = VectorEnv(RuleSet(schedule=[2, 1]), 8, opponents={2: "random"})
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(0)
        out = []
        for _ in range(40):
            mask = obs["action_mask"]
            obs, rewards, *_ = env.step((rng.random(mask.shape) * mask).argmax(1))
            out += [obs["observation"], rewards]
        return out

    first, again, other = play(5), play(5), play(6)
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    assert not all(np.array_equal(a, b) for a, b in zip(first, other, strict=True))


def test_a_policy_opponent_gets_its_rows_and_plays_them() -> None:
    calls = []

    def first_legal(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        calls.append((observations.shape, masks.shape))
        return np.asarray(masks.argmax(axis=1))

    env = VectorEnv(RuleSet(schedule=[3]), 10, opponents={0: first_legal, 3: "random"})
    assert env.learners == (1, 2)
    obs, infos = env.reset(seed=1)
    for _ in range(20):
        mask = obs["action_mask"]
        # Garbage where an opponent or nobody is to move: it is ignored.
        actions = np.where(infos["learner"], mask.argmax(axis=1), 999)
        obs, _, _, _, infos = env.step(actions)
    assert calls
    assert all(shape[1] == env.observation_size and m[1] == env.num_actions for shape, m in calls)


# --- malformed actions ------------------------------------------------------------


def stepped_env() -> tuple[VectorEnv, dict[str, np.ndarray], dict[str, np.ndarray]]:
    env = VectorEnv(RuleSet(), 6, record=True)
    obs, infos = env.reset(seed=11)
    for _ in range(5):  # into the play of the first round
        obs, _, _, _, infos = env.step(obs["action_mask"].argmax(axis=1))
    return env, obs, infos


def refused(env: VectorEnv, actions: object) -> VectorActionError:
    records = [env.record(game) for game in range(env.num_envs)]
    views = env.observations(0)
    with pytest.raises(VectorActionError) as caught:
        env.step(actions)
    assert isinstance(caught.value, InvalidActionError)
    assert isinstance(caught.value, PochaError)
    # Nothing moved.
    assert [env.record(game) for game in range(env.num_envs)] == records
    assert np.array_equal(env.observations(0), views)
    return caught.value


def test_a_wrong_shape_is_refused() -> None:
    env, _, _ = stepped_env()
    error = refused(env, np.zeros(5, dtype=np.int64))
    assert error.game is None
    assert str(error) == (
        "invalid action (5,) for the action array: one action per game is needed, "
        "shape (6,); got shape (5,)"
    )
    refused(env, np.zeros((6, 1), dtype=np.int64))


def test_a_wrong_dtype_is_refused_naming_the_game() -> None:
    env, obs, infos = stepped_env()
    actions = obs["action_mask"].argmax(axis=1).astype(np.float64)
    actions[3] += 0.5
    error = refused(env, actions)
    assert error.game == 3
    assert error.seat == infos["to_move"][3]
    assert "action ids are whole numbers, got an array of float64" in str(error)
    assert "game 3" in str(error)
    assert refused(env, ["a"] * 6).game == 0
    assert refused(env, np.ones(6, dtype=bool)).game == 0


def test_an_out_of_range_id_is_refused_naming_the_game() -> None:
    env, obs, infos = stepped_env()
    actions = obs["action_mask"].argmax(axis=1)
    actions[4] = 51
    error = refused(env, actions)
    assert (error.game, error.action, error.seat) == (4, 51, infos["to_move"][4])
    assert str(error) == (
        f"invalid action 51 for game 4 (seat {infos['to_move'][4]} to move): "
        "out of range: these rules have ids 0 to 50"
    )
    actions[4] = -1
    assert refused(env, actions).game == 4


def test_an_illegal_id_is_refused_with_the_rule() -> None:
    env, obs, _ = stepped_env()
    actions = obs["action_mask"].argmax(axis=1)
    illegal = np.flatnonzero(obs["action_mask"][2] == 0)
    actions[2] = illegal[0]
    error = refused(env, actions)
    assert error.game == 2
    assert error.action == illegal[0]
    assert "game 2" in str(error)
    assert error.reason  # the move and why
    # The same array, made legal, is played.
    actions[2] = obs["action_mask"][2].argmax()
    env.step(actions)


def test_arguments_are_checked() -> None:
    with pytest.raises(TypeError, match="expected a RuleSet"):
        VectorEnv("classic", 4)  # type: ignore[arg-type]
    with pytest.raises(PochaError, match="num_envs must be 1 or more"):
        VectorEnv(RuleSet(), 0)
    with pytest.raises(PochaError, match="autoreset_mode must be one of next_step, same_step"):
        VectorEnv(RuleSet(), 4, autoreset_mode="disabled")
    with pytest.raises(PochaError, match="every seat is an opponent"):
        VectorEnv(RuleSet(players=3), 4, opponents=dict.fromkeys(range(3), "random"))
    with pytest.raises(PochaError, match="opponent seats run from 0 to 3, got 4"):
        VectorEnv(RuleSet(), 4, opponents={4: "random"})
    with pytest.raises(PochaError, match="unknown bot 'clever'; the names are random, heuristic"):
        VectorEnv(RuleSet(), 4, opponents={1: "clever"})
    with pytest.raises(TypeError, match="must be a bot's name, a bot or a policy function"):
        VectorEnv(RuleSet(), 4, opponents={1: 3})  # type: ignore[dict-item]
    env = VectorEnv(RuleSet(), 4)
    with pytest.raises(PochaError, match="call reset"):
        env.step(np.zeros(4, dtype=np.int64))
    with pytest.raises(PochaError, match="does not record"):
        env.record(0)


def test_a_bad_opponent_is_named() -> None:
    def wrong(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        return np.asarray(-masks.argmax(axis=1))

    env = VectorEnv(RuleSet(schedule=[2]), 4, opponents=dict.fromkeys((1, 2, 3), wrong))
    env.reset(seed=0)

    def play() -> None:
        obs = env.observations(0)  # any array of the right shape will do
        for _ in range(8):
            env.step(np.zeros(len(obs), dtype=np.int64) + 40)

    with pytest.raises(VectorActionError, match="the opponent at seat"):
        play()


def test_whole_default_games_are_the_engines() -> None:
    assert run_and_check(RuleSet(), 3, 2, 3, {3: "random"}) >= 3


def test_observations_the_caller_keeps_are_never_written_again() -> None:
    # The environment writes each step's observations into an array it made
    # before, but only one that nothing refers to any more.
    env = VectorEnv(RuleSet(schedule=[2, 1]), 16)
    obs, _ = env.reset(seed=2)
    rng = np.random.default_rng(2)
    kept: list[tuple[np.ndarray, np.ndarray]] = []
    seen: set[int] = set()
    for step in range(60):
        mask = obs["action_mask"]
        obs, *_ = env.step((rng.random(mask.shape) * mask).argmax(1))
        vectors = obs["observation"]
        assert vectors.flags.c_contiguous
        assert vectors.flags.writeable
        seen.add(id(vectors))
        if step % 10 == 0:
            kept.append((vectors, vectors.copy()))  # the array itself
        elif step % 10 == 5:
            kept.append((vectors[3:7], vectors[3:7].copy()))  # a view of it
        del vectors
    assert all(np.array_equal(now, then) for now, then in kept)
    # The arrays let go of are used again: far fewer arrays than steps.
    assert len(seen) <= 3 + len(kept)
