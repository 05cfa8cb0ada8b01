"""The batch engine's two doors: what they give back, how they refuse bad
input, and the pieces of its random play (the shuffle, the pick)."""

from __future__ import annotations

import subprocess
import sys
import threading
from typing import Any

import pytest

pytest.importorskip("numpy", reason="the batch engine needs numpy (pip install .[batch])")

import numpy as np

from pocha_rules import (
    InvalidActionError,
    Phase,
    Play,
    PochaError,
    Round,
    RoundKind,
    RuleSet,
    explain,
)
from pocha_rules.batch import (
    BatchActionError,
    BatchGames,
    BatchResult,
    simulate_batch,
)
from pocha_rules.batch._dealing import Dealer
from pocha_rules.batch._simulate import RandomChoice
from pocha_rules.batch._tables import batch_tables
from pocha_rules.records import replay

# --- simulate_batch ---------------------------------------------------------------


def same_result(a: BatchResult, b: BatchResult) -> bool:
    return all(
        np.array_equal(getattr(a, name), getattr(b, name))
        for name in ("scores", "first_dealer", "rounds", "trumps", "bids", "won", "points")
    )


def test_the_same_arguments_give_the_same_games() -> None:
    rules = RuleSet(schedule="full")
    first = simulate_batch(rules, 300, seed=5, chunk=128)
    assert same_result(first, simulate_batch(rules, 300, seed=5, chunk=128))
    assert not same_result(first, simulate_batch(rules, 300, seed=6, chunk=128))
    assert first.seed == 5


def test_without_a_seed_a_fresh_one_is_drawn_and_kept() -> None:
    rules = RuleSet(schedule=(3, 2))
    result = simulate_batch(rules, 50)
    assert same_result(result, simulate_batch(rules, 50, seed=result.seed))


def test_the_summaries_add_up() -> None:
    rules = RuleSet(players=5, schedule="up_down_auction")
    result = simulate_batch(rules, 2000, seed=3, chunk=512)
    schedule = rules.schedule
    assert result.games == 2000
    assert result.scores.shape == (2000, 5)
    assert (result.points.sum(axis=1) == result.scores).all()
    assert (result.rounds >= len(schedule)).all()
    for index, plan in enumerate(schedule):
        assert (result.won[:, index].sum(axis=1) == plan.cards).all()
        assert ((result.bids[:, index] >= 0) & (result.bids[:, index] <= plan.cards)).all()
        assert ((result.trumps[:, index] >= 0) & (result.trumps[:, index] < 4)).all()
    # Tiebreak rounds are played by the games tied at the top, and only by them.
    longer = result.rounds > len(schedule)
    totals = result.points[:, : len(schedule)].sum(axis=1)
    tied = (totals == totals.max(axis=1, keepdims=True)).sum(axis=1) > 1
    assert (longer == tied).all()
    assert longer.any()
    beyond = np.arange(result.bids.shape[1]) >= result.rounds[:, None]
    assert (result.bids[beyond] == -1).all()
    assert (result.trumps[beyond] == -1).all()


def test_single_rounds() -> None:
    result = simulate_batch(RuleSet(), 1000, seed=2, round=9)
    assert result.rules.schedule == (Round(9),)
    assert result.bids.shape == (1000, 1, 4)
    assert (result.won.sum(axis=2) == 9).all()
    assert (result.rounds == 1).all()
    auction = simulate_batch(RuleSet(players=5), 300, seed=2, round="8a", record=True)
    assert auction.rules.schedule == (Round(8, RoundKind.AUCTION),)
    assert replay(auction.record(7)).scores == tuple(auction.scores[7])


def test_a_dealer_for_every_game() -> None:
    result = simulate_batch(RuleSet(schedule=(2,)), 100, seed=1, dealer=2, record=True)
    assert (result.first_dealer == 2).all()
    assert result.record(3).first_dealer == 2
    drawn = simulate_batch(RuleSet(schedule=(2,)), 400, seed=1)
    assert set(drawn.first_dealer.tolist()) == {0, 1, 2, 3}


def test_records_only_when_asked() -> None:
    result = simulate_batch(RuleSet(schedule=(2,)), 10, seed=1)
    with pytest.raises(PochaError, match="record=True"):
        result.record(0)
    recorded = simulate_batch(RuleSet(schedule=(2,)), 10, seed=1, record=True)
    with pytest.raises(PochaError, match="game must be from 0 to 9, got 10"):
        recorded.record(10)
    with pytest.raises(TypeError, match="game must be an int"):
        recorded.record("1")  # type: ignore[arg-type]


def test_no_games() -> None:
    result = simulate_batch(RuleSet(), 0, seed=1)
    assert result.scores.shape == (0, 4)
    games = BatchGames(RuleSet(), 0, seed=1)
    assert games.phase is Phase.OVER
    assert games.legal_mask.shape == (0, 51)


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"rules": "classic"}, TypeError, "expected a RuleSet"),
        ({"games": -1}, PochaError, "games must be 0 or more, got -1"),
        ({"games": 2.5}, TypeError, "games must be an int"),
        ({"games": True}, TypeError, "games must be an int"),
        ({"seed": -3}, PochaError, "seed must be 0 or more"),
        ({"seed": "7"}, TypeError, "seed must be an int"),
        ({"dealer": 4}, PochaError, "dealer must be a seat from 0 to 3, got 4"),
        ({"dealer": "0"}, TypeError, "dealer must be an int or None"),
        ({"round": 11}, PochaError, "round 11: 11 cards: hands hold 1 to 10 cards"),
        ({"round": "2b"}, PochaError, "round '2b': a blind round deals exactly 1 card"),
        ({"round": 2.0}, TypeError, "round must be a number of cards"),
        ({"chunk": 0}, PochaError, "chunk must be 1 or more, got 0"),
        ({"chunk": 2.0}, TypeError, "chunk must be an int"),
        ({"record": 1}, TypeError, "record must be True or False"),
    ],
)
def test_bad_arguments_are_refused(
    arguments: dict[str, Any], error: type[Exception], message: str
) -> None:
    arguments = {"rules": RuleSet(), "games": 3, "seed": 1, **arguments}
    with pytest.raises(error, match=message):
        simulate_batch(**arguments)
    if "chunk" not in arguments:
        with pytest.raises(error, match=message):
            BatchGames(**arguments)


def test_the_core_never_imports_numpy() -> None:
    code = "import sys, pocha_rules, pocha_rules.actions; print('numpy' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.strip() == "False", result.stderr


# --- the random pieces --------------------------------------------------------------


def test_the_pick_is_the_rth_set_bit() -> None:
    rng = np.random.default_rng(1)
    masks = [1 << 63, (1 << 64) - 1, 0b1011 << 60]
    masks += [byte << shift for byte in range(1, 256) for shift in range(0, 57, 8)]
    masks += [int(x) for x in rng.integers(1, 2**63, size=500, dtype=np.int64)]
    masks += [int(x) & ((1 << 48) - 1) | 1 for x in rng.integers(1, 2**63, size=500)]
    cases = [(mask, r) for mask in masks for r in range(mask.bit_count())]
    mask_array = np.array([mask for mask, _ in cases], dtype=np.uint64)
    choice = RandomChoice(len(cases))
    # u from the start, the middle and the end of [r / k, (r + 1) / k): the
    # pick is the bit of rank floor(u * k), in the float arithmetic of u * k.
    for where in (1e-12, 0.5, 1.0):
        uniforms = [float(np.nextafter((r + where) / mask.bit_count(), 0)) for mask, r in cases]
        expected = [
            [i for i in range(64) if mask >> i & 1][int(u * mask.bit_count())]
            for (mask, _), u in zip(cases, uniforms, strict=True)
        ]
        picked = choice.pick(mask_array, np.array(uniforms))
        assert picked.tolist() == expected


def test_the_deal_is_uniform() -> None:
    # 4 players, 9 cards each from 40: each card lands in each hand with
    # probability 9/40 and is the turned-up card with probability 1/40.
    bt = batch_tables(RuleSet())
    games = 20_000
    dealer = Dealer(bt.deck_cards, games, 4)
    hands = np.empty((4, games), dtype=np.uint64)
    dealer.deal(np.random.default_rng(7), hands, 9)
    assert (np.bitwise_count(hands) == 9).all()
    every = hands[0] | hands[1] | hands[2] | hands[3] | dealer.under
    assert (np.bitwise_count(every) == 37).all()
    cards = bt.deck_cards.astype(np.uint64)
    held = (hands[:, :, None] >> cards) & np.uint64(1)
    counts = held.sum(axis=1)
    expected, spread = games * 9 / 40, (games * 9 / 40 * 31 / 40) ** 0.5
    assert (abs(counts - expected) < 5 * spread).all()
    turned = ((dealer.under[:, None] >> cards) & np.uint64(1)).sum(axis=0)
    assert (abs(turned - games / 40) < 5 * (games / 40) ** 0.5).all()


def test_buffers_kept_from_a_bigger_call_give_the_same_games() -> None:
    # The buffers a thread keeps serve any smaller call: the games are those
    # of buffers made for the call alone (a fresh thread makes its own).
    rules = RuleSet(schedule=(9, 2, 3))
    fresh: list[BatchResult] = []
    thread = threading.Thread(target=lambda: fresh.append(simulate_batch(rules, 37, seed=9)))
    thread.start()
    thread.join()
    simulate_batch(rules, 3000, seed=1)  # buffers for 3,000 games
    again = simulate_batch(rules, 37, seed=9)
    for name in ("scores", "trumps", "bids", "won", "points"):
        assert np.array_equal(getattr(again, name), getattr(fresh[0], name)), name


@pytest.mark.parametrize(("players", "cards"), [(4, 9), (4, 10), (5, 8), (4, 5)])
def test_the_deal_that_leaves_the_dealer_the_rest_is_uniform(players: int, cards: int) -> None:
    # The dealer's hand drawn as what the others (and, with cards left over,
    # the card under them and the stock) leave: every hand still holds each
    # card with the same odds, the card under them is any card alike (the
    # dealer's own when every card is dealt), and the draws are fewer.
    bt = batch_tables(RuleSet(players=players))
    size = len(bt.deck_cards)
    games = 20_000
    dealer = Dealer(bt.deck_cards, games, players, fewest_draws=True)
    hands = np.empty((players, games), dtype=np.uint64)
    rng = np.random.default_rng(11)
    dealer.deal(rng, hands, cards)
    dealt = players * cards
    stock = max(size - dealt - 1, 0)
    draws = (players - 1) * cards + 1 + stock if stock < cards else min(dealt + 1, size)
    assert rng.random() == np.random.default_rng(11).random(draws * games + 1)[-1]
    assert (np.bitwise_count(hands) == cards).all()
    every = np.bitwise_or.reduce(hands, axis=0)
    assert (np.bitwise_count(every) == dealt).all()
    under = dealer.under[:games]
    assert (np.bitwise_count(under) == 1).all()
    if dealt == size:
        assert ((under & hands[players - 1]) == under).all()
    else:
        assert ((under & every) == 0).all()
    cards_bits = bt.deck_cards.astype(np.uint64)
    held = ((hands[:, :, None] >> cards_bits) & np.uint64(1)).sum(axis=1)
    p = cards / size
    expected, spread = games * p, (games * p * (1 - p)) ** 0.5
    assert (abs(held - expected) < 5 * spread).all()
    turned = ((under[:, None] >> cards_bits) & np.uint64(1)).sum(axis=0)
    assert (abs(turned - games / size) < 5 * (games / size) ** 0.5).all()


def test_every_legal_bid_is_drawn_alike() -> None:
    # The dealer, hooked, picks among 3 of the 4 numbers of a 3-card round.
    result = simulate_batch(RuleSet(schedule=(3,)), 30_000, seed=4, dealer=3)
    first = np.bincount(result.bids[:, 0, 0], minlength=4)
    assert (abs(first - 7500) < 5 * (7500 * 0.75) ** 0.5).all()
    total = result.bids[:, 0].sum(axis=1)
    assert (total != 3).all()


# --- the stepping interface -------------------------------------------------------


def random_actions(games: BatchGames, rng: np.random.Generator) -> np.ndarray:
    mask = games.legal_mask
    choice: np.ndarray = (rng.random(mask.shape) * mask).argmax(axis=1)
    return choice


def test_stepping_to_the_end() -> None:
    rules = RuleSet(schedule=(2, "3a", "1b"), hit_bonus=0, per_trick=1)
    games = BatchGames(rules, 200, seed=11, record=True)
    rng = np.random.default_rng(1)
    assert games.size == 200
    assert games.num_actions == games.actions.size == 53
    first_phase = games.phase
    assert first_phase is Phase.BID
    assert games.round == Round(2)
    steps = 0
    stopped_early = False
    while not games.done.all():
        done = games.done
        if done.any():
            # A finished game stops: no seat to move, no legal action, and
            # whatever is passed for it is ignored.
            stopped_early = True
            assert (games.to_move[done] == -1).all()
            assert not games.legal_mask[done].any()
        actions = random_actions(games, rng)
        actions[done] = -5
        games.step(actions)
        steps += 1
    assert stopped_early
    assert games.phase is Phase.OVER
    for game in range(0, 200, 37):
        assert replay(games.record(game)).scores == tuple(games.scores[game])
    with pytest.raises(PochaError, match="every game of the batch is over"):
        games.step(np.zeros(200, dtype=np.int64))


def test_the_same_seed_and_actions_give_the_same_games() -> None:
    def run(seed: int) -> list[str]:
        games = BatchGames(RuleSet(schedule=(3, "2a")), 20, seed=seed, record=True)
        rng = np.random.default_rng(0)
        while not games.done.all():
            games.step(random_actions(games, rng))
        return [games.record(game).to_json() for game in range(20)]

    assert run(3) == run(3)
    assert run(3) != run(4)


def test_reset_deals_new_games_reproducibly() -> None:
    def run() -> list[np.ndarray]:
        games = BatchGames(RuleSet(schedule=(1,)), 30, seed=9)
        rng = np.random.default_rng(0)
        out = []
        for _ in range(3):
            while not games.done.all():
                games.step(random_actions(games, rng))
            out.append(games.scores)
            games.reset()
            assert not games.done.any()
            assert games.round_index == 0
        return out

    first, second = run(), run()
    assert all(np.array_equal(a, b) for a, b in zip(first, second, strict=True))
    assert not np.array_equal(first[0], first[1])


def test_a_record_of_a_game_in_progress_replays_to_the_same_position() -> None:
    games = BatchGames(RuleSet(schedule=(4, 3)), 8, seed=2, record=True)
    rng = np.random.default_rng(0)
    for _ in range(25):
        games.step(random_actions(games, rng))
    for game in range(8):
        state = replay(games.record(game))
        assert state.round_index == games.round_index == 1
        assert state.to_move == games.to_move[game]
        assert state.scores == tuple(games.scores[game])
        legal = np.flatnonzero(games.legal_mask[game]).tolist()
        from pocha_rules.actions import legal_actions

        assert list(legal_actions(state)) == legal


def test_records_need_recording() -> None:
    games = BatchGames(RuleSet(), 4, seed=1)
    with pytest.raises(PochaError, match="record=True"):
        games.record(0)


def refused(games: BatchGames, actions: np.ndarray) -> BatchActionError:
    before = (games.legal_mask.copy(), games.to_move, games.scores, games.record(0).to_json())
    with pytest.raises(BatchActionError) as caught:
        games.step(actions)
    after = (games.legal_mask, games.to_move, games.scores, games.record(0).to_json())
    # Nothing moved: the batch is as it was.
    assert np.array_equal(before[0], after[0])
    assert np.array_equal(before[1], after[1])
    assert np.array_equal(before[2], after[2])
    assert before[3] == after[3]
    return caught.value


def test_an_illegal_action_is_refused_naming_the_game_and_the_reason() -> None:
    rules = RuleSet(schedule=(3, 5))
    games = BatchGames(rules, 6, seed=21, record=True)
    rng = np.random.default_rng(3)
    legal = random_actions(games, rng)
    bad = legal.copy()
    bad[4] = 45  # bid 5 in a 3-card round
    error = refused(games, bad)
    assert isinstance(error, InvalidActionError)
    assert isinstance(error, PochaError)
    assert (error.game, error.action, error.seat) == (4, 45, games.to_move[4])
    assert str(error) == (
        f"invalid action 45 by seat {error.seat} in game 4: "
        "bid 5: bids run from 0 to 3 in a 3-card round"
    )
    bad[4] = 0
    assert "play 1o: it is time for a bid, not play 1o" in str(refused(games, bad))
    bad[4] = 99
    assert "out of range: these rules have ids 0 to 45" in str(refused(games, bad))
    games.step(legal)
    # Play on: a card not in the hand, then a card of the hand that the
    # obligations forbid, each get the engine's own reason.
    wanted = {"not in the hand", "must"}
    while wanted:
        while games.phase is not Phase.PLAY:
            games.step(random_actions(games, rng))
        mask = games.legal_mask
        for game in range(6):
            state = replay(games.record(game))
            assert state.to_move is not None
            hand = {games.actions.action(Play(card)) for card in state.hands[state.to_move]}
            for action in np.flatnonzero(~mask[game, :40]).tolist():
                kind = "must" if action in hand else "not in the hand"
                if kind in wanted:
                    wanted.discard(kind)
                    bad = random_actions(games, rng)
                    bad[game] = action
                    error = refused(games, bad)
                    move = games.actions.moves[action]
                    assert error.reason == f"{move}: {explain(state, move)}"
                    assert error.game == game
                    assert kind in error.reason
        games.step(random_actions(games, rng))


def test_the_hook_and_the_auction_refusals() -> None:
    rules = RuleSet(schedule=("2a", "3a"))
    games = BatchGames(rules, 3, seed=1, dealer=3, record=True)
    table = games.actions
    assert table.pass_action is not None
    passing = np.full(3, table.pass_action)
    assert "the first player must call a number and may not pass" in str(refused(games, passing))
    games.step(np.full(3, table.calls.start + 1))
    assert "a call must beat the highest call so far (1)" in str(
        refused(games, np.full(3, table.calls.start))
    )
    assert "calls run from 0 to 2 in a 2-card round" in str(
        refused(games, np.full(3, table.calls.start + 3))
    )
    for _ in range(3):
        games.step(passing)
    assert games.phase is Phase.CHOOSE_TRUMP
    assert (games.to_move == 0).all()
    games.step(np.full(3, table.trump_choices.start))
    # The winner called 1: the two next bidders bid 0, and the last may not
    # bid 1 (the bids would add up to 2).
    games.step(np.full(3, table.bids.start))
    games.step(np.full(3, table.bids.start))
    assert (games.to_move == 3).all()
    assert "the hook: the last bidder may not bid 1" in str(
        refused(games, np.full(3, table.bids.start + 1))
    )


def test_bad_actions_are_refused() -> None:
    games = BatchGames(RuleSet(), 5, seed=1)
    with pytest.raises(TypeError, match="actions must be whole numbers"):
        games.step(np.zeros(5))
    with pytest.raises(TypeError, match="actions must be whole numbers"):
        games.step(["bid 1"] * 5)
    with pytest.raises(PochaError, match=r"one action per game, shape \(5,\); got shape \(4,\)"):
        games.step(np.zeros(4, dtype=np.int64))


def test_observations_of_chosen_seats_and_of_finished_games() -> None:
    rules = RuleSet(schedule=(2, "1b"), hit_bonus=0, per_trick=1)
    games = BatchGames(rules, 60, seed=5)
    assert games.observation_size == games.observations().shape[1]
    per_game = np.arange(60) % 4
    by_seat = [games.observations(seat) for seat in range(4)]
    chosen = games.observations(per_game)
    assert all(np.array_equal(chosen[game], by_seat[per_game[game]][game]) for game in range(60))
    mover = games.observations()
    assert all(np.array_equal(mover[g], by_seat[games.to_move[g]][g]) for g in range(60))
    rng = np.random.default_rng(2)
    while not games.done.any():
        games.step(random_actions(games, rng))
    done = games.done
    assert not done.all()
    assert not games.observations()[done].any()
    assert games.observations(1)[~done].any(axis=1).all()
    with pytest.raises(TypeError, match="seats must be seat numbers"):
        games.observations("0")
    with pytest.raises(PochaError, match="seats run from 0 to 3, got 4"):
        games.observations(4)
    with pytest.raises(PochaError, match=r"one per game, shape \(60,\); got shape \(3,\)"):
        games.observations(np.zeros(3, dtype=np.int64))
