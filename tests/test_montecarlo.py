"""The Monte Carlo bot and the playouts it runs in sampled worlds."""

from __future__ import annotations

import functools
import pickle
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pocha_rules import (
    Bid,
    Bot,
    ChooseTrump,
    GameState,
    HeuristicBot,
    MonteCarloBot,
    Phase,
    Play,
    PlayerView,
    PochaError,
    RuleSet,
    Tiebreak,
    apply,
    legal_moves,
    new_game,
    observe,
    play_game,
    sample_state,
)
from pocha_rules._pocha.cards import mask_of
from pocha_rules._pocha.world import Step, World, finish
from pocha_rules.montecarlo import _code, _facts
from tests.helpers import Checked, card, deal, game
from tests.strategies import all_dealt_rules, any_rules, game_states, rule_sets, seeds

# --- the playouts follow the rules -----------------------------------------


def _replay(state: GameState, trace: list[Step]) -> GameState:
    """Apply the traced moves with the engine, checking that each one was
    chosen by the seat to move from exactly the engine's legal moves, and
    that the policy's moves (all but the first) are the heuristic bot's."""
    for step, (seat, move, legal) in enumerate(trace):
        assert state.to_move == seat
        assert legal == legal_moves(state)
        if step and type(move) is not ChooseTrump:  # the bot breaks ties at random
            assert move == HeuristicBot().act(observe(state, seat))
        state = apply(state, move)
    return state


# Decisions anywhere in games of any rules, and often at the start of rounds
# that deal every card (where the dealer or the auction's winner names trump).
DECISIONS = st.one_of(
    game_states(any_rules(), max_moves=60), game_states(all_dealt_rules(), max_moves=6)
).filter(lambda state: not state.is_over)


@settings(max_examples=200)
@given(DECISIONS, st.randoms(use_true_random=False))
def test_playouts_play_the_engines_round(state: GameState, rng: random.Random) -> None:
    check_playouts(state, rng)


@pytest.mark.parametrize("players", [3, 5, 7])
def test_playouts_of_one_card_auctions_know_who_leads_after_the_auction(players: int) -> None:
    # With one card the estimate depends on who leads, and the auction's
    # winner leads: the playouts' bids follow the leader the auction made.
    rules = RuleSet(players=players, schedule=["1a"])
    for seed in range(100):
        rng = random.Random(seed)
        state = new_game(rules, seed=seed)
        while state.phase is Phase.AUCTION:
            check_playouts(state, rng)
            state = apply(state, rng.choice(legal_moves(state)))


def check_playouts(state: GameState, rng: random.Random) -> None:
    """A decision, a sampled deal of the hidden cards, and every legal move of
    the seat to move played out: each playout is the engine's round, move
    for move (the same seat to move, the same legal moves), plays as the
    heuristic bot does, and scores the engine's points."""
    seat = state.to_move
    assert seat is not None
    view = observe(state, seat)
    sample = sample_state(view, rng)
    world = World(_facts(view), [mask_of(hand) for hand in sample.hands])
    index = sample.round_index
    for move in legal_moves(sample):
        trace: list[Step] = []
        points = finish(world, _code(move), trace)
        assert trace[0][:2] == (seat, move)
        final = _replay(sample, trace)
        assert final.round_index == index + 1 or final.is_over
        assert list(final.round_results[index].scores) == points


# --- the bot ----------------------------------------------------------------


@settings(max_examples=20)
@given(rule_sets(), seeds())
def test_the_bot_makes_only_legal_moves(rules: RuleSet, seed: int) -> None:
    rules = attrs.evolve(rules, tiebreak=Tiebreak.SHARED)
    bots = [Checked(MonteCarloBot(seed=seat, samples=3), seat) for seat in range(rules.players)]
    assert play_game(rules, bots, seed=seed).is_over


def test_the_bot_is_reproducible_from_its_seed() -> None:
    rules = RuleSet(players=4, schedule="up_down_auction")

    def run(seed: int) -> GameState:
        bots: list[Bot] = [MonteCarloBot(seed=seed, samples=4), HeuristicBot(seed=1)] * 2
        return play_game(rules, bots, seed=5)

    assert run(1) == run(1)
    assert run(1).history != run(2).history


def test_the_bot_pickles_and_builds_from_a_factory() -> None:
    bot = MonteCarloBot(seed=3, samples=5)
    copy = pickle.loads(pickle.dumps(bot))
    assert copy.samples == 5
    assert repr(copy) == "MonteCarloBot(samples=5)"
    factory = pickle.loads(pickle.dumps(functools.partial(MonteCarloBot, samples=7)))
    assert factory(seed=1).samples == 7
    view = observe(new_game(RuleSet(), seed=2, dealer=0), 1)
    assert copy.act(view) == MonteCarloBot(seed=3, samples=5).act(view)


@pytest.mark.parametrize("samples", [0, -1, 1.5, True, "8"])
def test_the_budget_must_be_a_whole_number_of_samples(samples: object) -> None:
    with pytest.raises(PochaError, match="samples must be a whole number, 1 or more"):
        MonteCarloBot(samples=samples)  # type: ignore[arg-type]


def test_a_bot_refuses_to_move_out_of_turn() -> None:
    state = new_game(RuleSet(), seed=1, dealer=0)
    with pytest.raises(PochaError, match="seat 2 has no move to make: seat 1 is to move"):
        MonteCarloBot(seed=1).act(observe(state, 2))


THREE = RuleSet(players=4, schedule=[3])


def _view(
    hands: tuple[str, ...], moves: list[str], trump: str, rules: RuleSet = THREE
) -> PlayerView:
    state = game(rules, [deal(*hands, trump=trump)], moves, dealer=3)
    assert state.to_move is not None
    return observe(state, state.to_move)


def test_the_bot_bids_the_tricks_its_hand_is_sure_to_take() -> None:
    # The three top trumps: three tricks whatever the others hold.
    view = _view(("1e 3e 12e", "2o 4c 5b", "6o 7c 6b", "10o 11c 10b"), [], "4e")
    assert MonteCarloBot(seed=1, samples=16).act(view) == Bid(3)
    # Three low side cards against the top trumps: no trick.
    view = _view(("2o 4c 5b", "1e 3e 12e", "6o 7c 6b", "10o 11c 10b"), [], "4e")
    assert MonteCarloBot(seed=1, samples=16).act(view) == Bid(0)


def test_the_bot_ducks_a_trick_it_does_not_need() -> None:
    # Seat 1 bid 0 and, free to follow suit as it likes, may beat the 5c
    # with its 3c or play under it with 4c: it plays under.
    hands = ("5c 1o 3o", "3c 4c 2b", "10o 11o 12o", "1b 6c 2c")
    free = RuleSet(players=4, schedule=[3], must_overtake=False)
    view = _view(hands, ["bid 0", "bid 0", "bid 0", "bid 1", "play 5c"], "7e", free)
    assert view.legal_moves() == (Play(card("3c")), Play(card("4c")))
    assert MonteCarloBot(seed=1, samples=16).act(view) == Play(card("4c"))
