"""Baseline bots and the game runner."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pocha_rules import (
    Bid,
    Bot,
    Call,
    Card,
    ChooseTrump,
    Deal,
    GameState,
    HeuristicBot,
    MonteCarloBot,
    Pass,
    Phase,
    Play,
    PlayerView,
    PochaError,
    RandomBot,
    RuleSet,
    Suit,
    Tiebreak,
    apply,
    legal_moves,
    new_game,
    observe,
    play_game,
    sample_state,
)
from tests.helpers import Checked, card, cards, deal, game
from tests.strategies import any_rules, game_states, rule_sets, seeds


def test_the_bots_follow_the_protocol() -> None:
    assert isinstance(RandomBot(), Bot)
    assert isinstance(HeuristicBot(seed=1), Bot)
    assert isinstance(Checked(RandomBot(), 0), Bot)


@settings(max_examples=25)
@given(rule_sets(), seeds(), st.lists(st.booleans(), min_size=8, max_size=8))
def test_bots_only_make_legal_moves(rules: RuleSet, seed: int, heuristic: list[bool]) -> None:
    # Shared wins keep each game to its schedule: a tie at the top could
    # otherwise call for many one-card tiebreak rounds.
    rules = attrs.evolve(rules, tiebreak=Tiebreak.SHARED)
    bots = [
        Checked(HeuristicBot(seed=seat) if heuristic[seat] else RandomBot(seed=seat), seat)
        for seat in range(rules.players)
    ]
    final = play_game(rules, bots, seed=seed)
    assert final.is_over
    assert sum(bot.moves for bot in bots) == len(final.history)


def test_play_game_is_reproducible() -> None:
    rules = RuleSet(players=4, schedule="up_down_auction")

    def run() -> object:
        bots: list[Bot] = [HeuristicBot(seed=1), RandomBot(seed=2)] * 2
        return play_game(rules, bots, seed=99, dealer=1)

    first = run()
    assert first == run()


def test_play_game_wants_one_bot_per_seat() -> None:
    with pytest.raises(PochaError, match="3 bots for 4 players: give one bot per seat"):
        play_game(RuleSet(players=4), [RandomBot()] * 3, seed=1)


@pytest.mark.parametrize("bot", [RandomBot(seed=1), HeuristicBot(seed=1)])
def test_a_bot_refuses_to_move_out_of_turn(bot: Bot) -> None:
    state = new_game(RuleSet(), seed=1, dealer=0)
    with pytest.raises(PochaError, match="seat 2 has no move to make: seat 1 is to move"):
        bot.act(observe(state, 2))


# --- the heuristic --------------------------------------------------------

THREE = RuleSet(players=4, schedule=[3])


def _view(
    rules: RuleSet, hands: tuple[str, ...], moves: list[str], trump: str | None
) -> PlayerView:
    state = game(rules, [deal(*hands, trump=trump)], moves, dealer=3)
    assert state.to_move is not None
    return observe(state, state.to_move)


def test_heuristic_bids_what_its_hand_is_worth() -> None:
    hands = ("1e 3e 12e", "2o 4c 5b", "6o 7c 6b", "10o 11c 10b")
    strong = _view(THREE, hands, [], "4e")
    assert HeuristicBot().act(strong) == Bid(3)
    weak = _view(THREE, hands, ["bid 3"], "4e")
    assert HeuristicBot().act(weak) == Bid(0)


def test_heuristic_moves_off_the_forbidden_bid() -> None:
    rules = RuleSet(players=4, schedule=[2])
    others = ("1o 3o", "12o 11o", "10o 7o")
    weak = _view(rules, (*others, "2c 4c"), ["bid 2", "bid 0", "bid 0"], "4e")
    assert weak.legal_moves() == (Bid(1), Bid(2))
    assert HeuristicBot().act(weak) == Bid(1)
    strong = _view(rules, (*others, "1e 3e"), ["bid 0", "bid 0", "bid 0"], "4e")
    assert strong.legal_moves() == (Bid(0), Bid(1))
    assert HeuristicBot().act(strong) == Bid(1)


FREE = RuleSet(players=4, schedule=[3], must_overtake=False)
LED = ("5c 1o 3o", "4o 5o 6o", "10o 11o 12o", "1c 6c 2c")


def _led_5c(rules: RuleSet, bids: list[int], seat3: str) -> PlayerView:
    hands = (*LED[:3], seat3)
    moves = [f"bid {b}" for b in bids] + ["play 5c", "play 4o", "play 10o"]
    return _view(rules, hands, moves, "7e")


def test_heuristic_ducks_with_its_strongest_losing_card_once_it_has_enough() -> None:
    view = _led_5c(FREE, [0, 0, 0, 0], "1c 4c 2c")
    assert view.to_move == 3
    assert HeuristicBot().act(view) == Play(card("4c"))


def test_heuristic_takes_with_its_cheapest_winner_when_last() -> None:
    view = _led_5c(THREE, [0, 0, 0, 1], "1c 6c 7c")
    assert HeuristicBot().act(view) == Play(card("6c"))


def test_heuristic_throws_its_weakest_card_when_it_cannot_win_but_needs_tricks() -> None:
    view = _led_5c(THREE, [0, 0, 0, 2], "4c 2c 1b")
    assert HeuristicBot().act(view) == Play(card("2c"))


def test_heuristic_takes_with_its_strongest_winner_when_others_follow() -> None:
    hands = ("5c 4b 5b", "3c 12c 6c", "10o 11o 12o", "7o 6o 2c")
    view = _view(THREE, hands, ["bid 0", "bid 1", "bid 0", "bid 1", "play 5c"], "7e")
    assert view.to_move == 1
    assert view.legal_moves() == (Play(card("3c")), Play(card("6c")), Play(card("12c")))
    assert HeuristicBot().act(view) == Play(card("3c"))


def test_heuristic_leads_low_when_it_has_enough_and_high_when_it_needs_more() -> None:
    hands = ("1c 4c 2b", "3o 5o 6o", "10o 11o 12o", "7o 6b 2c")
    low = _view(THREE, hands, ["bid 0", "bid 0", "bid 0", "bid 0"], "7e")
    assert HeuristicBot().act(low) == Play(card("2b"))
    high = _view(THREE, hands, ["bid 1", "bid 0", "bid 0", "bid 0"], "7e")
    assert HeuristicBot().act(high) == Play(card("1c"))


TEN = RuleSet(players=4, schedule=[10])


def _lead_view(hand: str, bid: int) -> PlayerView:
    """Seat 0 to lead the first trick of a 10-card round with ``hand``, after
    bidding ``bid`` (the others bid 0); the dealer, seat 3, shows 1o: trump
    is oros."""
    mine = cards(hand)
    deck = [Card(rank, suit) for suit in Suit for rank in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)]
    rest = [c for c in deck if c not in mine and c != card("1o")]
    hands = [mine, rest[:10], rest[10:20], (*rest[20:], card("1o"))]
    state = game(
        TEN,
        [Deal(hands=hands, trump_card="1o")],
        [f"bid {bid}", "bid 0", "bid 0", "bid 0"],
        dealer=3,
    )
    return observe(state, 0)


def test_heuristic_with_its_tricks_leads_its_strongest_card_another_seat_must_beat() -> None:
    # Every card is dealt: whoever holds 1c or 3c must overtake the 12c.
    view = _lead_view("12c 2c 4c 5e 6e 2b 4b 5b 6b 7b", bid=0)
    assert HeuristicBot().act(view) == Play(card("12c"))


def test_heuristic_needing_tricks_leads_a_likely_winner() -> None:
    view = _lead_view("1c 2o 4o 5c 6c 4e 5e 6e 7e 2b", bid=2)
    assert HeuristicBot().act(view) == Play(card("1c"))


def test_heuristic_needing_tricks_without_a_likely_winner_shortens_a_side_suit() -> None:
    # No lead can win (higher cards of every suit are out, trumps included):
    # the lone 2b goes, so that bastos can be ruffed later.
    view = _lead_view("2o 4o 5c 6c 7c 10c 4e 5e 6e 2b", bid=2)
    assert HeuristicBot().act(view) == Play(card("2b"))


AUCTION = RuleSet(players=4, schedule=["3a"])
AUCTION_HANDS = ("1e 3e 12e", "1o 4c 5b", "6o 7c 6b", "10o 11c 10b")


def test_heuristic_calls_its_estimate_and_names_its_best_suit() -> None:
    view = _view(AUCTION, AUCTION_HANDS, [], None)
    assert HeuristicBot().act(view) == Call(3)
    won = _view(AUCTION, AUCTION_HANDS, ["call 3", "pass", "pass", "pass"], None)
    assert won.phase is Phase.CHOOSE_TRUMP
    assert HeuristicBot().act(won) == ChooseTrump(Suit.ESPADAS)


def test_heuristic_passes_when_it_cannot_beat_the_highest_call() -> None:
    view = _view(AUCTION, AUCTION_HANDS, ["call 2"], None)
    assert HeuristicBot().act(view) == Pass()


def test_heuristic_dealer_names_its_strongest_suit() -> None:
    rules = RuleSet(players=4, schedule=[10], trump_when_all_dealt="dealer_chooses")
    hands = (
        "1o 3o 12o 11o 10o 7o 6o 5o 4o 2o",
        "1c 3c 12c 11c 10c 7c 6c 5c 4c 2c",
        "1e 3e 12e 11e 10e 7e 6e 5e 4e 2e",
        "1b 3b 12b 11b 10b 7b 6b 5b 4b 2b",
    )
    view = _view(rules, hands, [], None)
    assert view.seat == 3
    assert HeuristicBot().act(view) == ChooseTrump(Suit.BASTOS)


BLIND = RuleSet(players=4, schedule=["1b"])


def test_heuristic_blind_bid_counts_the_cards_it_might_hold() -> None:
    weak = _view(BLIND, ("5c", "1o", "3o", "12o"), [], "4o")
    assert HeuristicBot().act(weak) == Bid(0)
    strong = _view(BLIND, ("5c", "2c", "2e", "2b"), [], "4o")
    assert HeuristicBot().act(strong) == Bid(1)


def test_heuristic_beats_random_play_by_a_clear_margin() -> None:
    # 160 classic 4-player games; heuristic bots in seats 0, 2 or 1, 3 by turns.
    rules = RuleSet(players=4)
    totals = {"heuristic": 0, "random": 0}
    for game_number in range(160):
        first = game_number % 2
        bots: list[Bot] = [
            HeuristicBot(seed=game_number) if seat % 2 == first else RandomBot(seed=game_number)
            for seat in range(4)
        ]
        final = play_game(rules, bots, seed=game_number)
        for seat, points in enumerate(final.scores):
            totals["heuristic" if seat % 2 == first else "random"] += points
    heuristic, random_ = totals["heuristic"] / 320, totals["random"] / 320
    # measured: about +172 against -171
    assert heuristic > 100
    assert heuristic - random_ > 250


# --- bots see only their view ---------------------------------------------


def _builtin_bots(seed: int) -> list[Bot]:
    return [RandomBot(seed=seed), HeuristicBot(seed=seed), MonteCarloBot(seed=seed, samples=4)]


@settings(max_examples=40)
@given(game_states(any_rules(), max_moves=80), st.randoms(use_true_random=False), seeds())
def test_no_bot_decision_depends_on_cards_its_seat_cannot_see(
    state: GameState, rng: random.Random, seed: int
) -> None:
    # Other deals of the hidden cards, each drawn to fit the seat's view, give
    # the same view; every built-in bot, seeded alike, makes the same move.
    if state.is_over:
        return
    seat = state.to_move
    assert seat is not None
    view = observe(state, seat)
    expected = [bot.act(view) for bot in _builtin_bots(seed)]
    for _ in range(3):
        other = sample_state(view, rng)
        assert [bot.act(observe(other, seat)) for bot in _builtin_bots(seed)] == expected


def test_bots_decide_alike_in_a_mid_round_position_whatever_the_hidden_cards() -> None:
    rules = RuleSet(players=4, schedule=[10])
    state = new_game(rules, seed=12, dealer=3)
    bots = [HeuristicBot(seed=seat) for seat in range(4)]
    # The bids and the first tricks, up to a choice in the middle of a trick.
    while state.phase is not Phase.PLAY or len(state.played) < 9 or len(legal_moves(state)) < 2:
        assert state.to_move is not None
        state = apply(state, bots[state.to_move].act(observe(state, state.to_move)))
    seat = state.to_move
    assert seat is not None
    view = observe(state, seat)
    expected = [bot.act(view) for bot in _builtin_bots(5)]
    rng = random.Random(3)
    for _ in range(5):
        other = sample_state(view, rng)
        assert other.hands[seat] == state.hands[seat]
        assert other.hands != state.hands  # the hidden cards did change
        assert [bot.act(observe(other, seat)) for bot in _builtin_bots(5)] == expected
