"""Each option of the Poch rules changes what it says and nothing else."""

from __future__ import annotations

import random

from pocha_rules.poch import Close, RuleSet, apply, legal_moves, new_game
from tests.poch.helpers import opens, play, start, texts

HANDS = {1: "10h Jd 8d 7c As", 2: "Kh Qh 10c 10d 7s", 3: "9c 9d 9s Ah 8c", 0: "Qc Qs Jc Js 7h"}
BETTING = [(1, "pass"), (2, "open 3"), (3, "match"), (0, "pass"), (2, "close")]
SHEDDING = [
    (3, "play 9d"), (2, "play 10d"), (1, "play Jd"),  # Qd undealt: a stop
    (1, "play 7c"), (3, "play 8c"), (3, "play 9c"), (2, "play 10c"), (0, "play Jc"),
    (0, "play Qc"),  # Kc undealt: a stop
    (0, "play 7h"),  # 8h turned up: a stop
    (0, "play Js"), (0, "play Qs"),  # out, on a stop
]  # fmt: skip


def test_dress_poch_false_leaves_the_poch_pool_undressed() -> None:
    rules = RuleSet(players=4, dress_poch=False)
    assert rules.dressed_pools == 7
    state = start(rules, HANDS, "8h")
    assert state.pool("poch") == 0
    assert state.balances == (43, 47, 55, 47)
    assert not any(p.payee == "poch" for p in state.deal_payments)


def test_centre_pool_is_dressed_and_taken_by_the_first_out() -> None:
    rules = RuleSet(players=4, centre_pool=True)
    state = start(rules, HANDS, "8h")
    assert state.pool("centre") == 4
    state = play(state, *BETTING, *SHEDDING)
    deal = state.deal_results[0]
    centre = [str(p) for p in deal.payments if p.reason == "centre"]
    assert centre == ["seat 0 takes the centre pool: 4 chips"]


def test_showdown_reveal_combination_shows_only_the_combination() -> None:
    state = play(start(RuleSet(players=4, showdown_reveal="combination"), HANDS, "8h"), *BETTING)
    assert {str(c) for c in state.shown[3]} == {"9c", "9d", "9s", "Ah"}  # Ah for its pool
    assert {str(c) for c in state.shown[2]} == {"10c", "10d", "Kh", "Qh"}


def test_stop_and_card_chips_scale_the_payments() -> None:
    state = play(start(RuleSet(players=4, stop_chips=2, card_chips=3), HANDS, "8h"))
    state = play(state, *BETTING, *SHEDDING)
    deal = state.deal_results[0]
    stops = [p.chips for p in deal.payments if p.reason == "stop"]
    cards = [p.chips for p in deal.payments if p.reason == "cards"]
    assert stops == [2] * 12
    assert cards == [9, 9, 6]


def test_turnup_pool_carry() -> None:
    state = start(RuleSet(players=4, turnup_pool="carry"), {**HANDS}, "8h")
    assert state.pool("jack") == 4  # Jh is in the stock either way
    hands = {1: "10h Jd 8d 7c As", 2: "Kh Qh 10c 10d 7s", 3: "9c 9d 9s 8h 8c", 0: "Qc Qs Jc Js 7h"}
    dealer = start(RuleSet(players=4), hands, "Ah")
    carry = start(RuleSet(players=4, turnup_pool="carry"), hands, "Ah")
    assert ("ace", 0) in dealer.takings
    assert dealer.pool("ace") == 0
    assert ("ace", 0) not in carry.takings
    assert carry.pool("ace") == 4


def test_two_pair_as_its_higher_pair() -> None:
    own = start(RuleSet(players=4), HANDS, "8h")
    higher = start(RuleSet(players=4, two_pair="higher_pair"), HANDS, "8h")
    assert own.combination(0) == (2, 12, 11)
    assert higher.combination(0) == (1, 12)
    assert own.combination(3) == higher.combination(3) == (3, 9)
    assert own.combination(1) == ()


def test_bet_limits() -> None:
    state = start(RuleSet(players=4, bet_max=3, bet_rounds_max=1), HANDS, "8h")
    state = play(state, (1, "pass"))
    assert texts(state) == ["pass", *opens("open", 3)]
    state = play(state, (2, "open 3"), (3, "match"), (0, "match"))
    assert legal_moves(state) == (Close(),)


def test_no_round_limit_stops_at_the_balances() -> None:
    rules = RuleSet(
        players=4, insolvency="out", bet_rounds_max=None, starting_chips=20, bet_max=50
    )
    state = play(start(rules, HANDS, "8h", balances=[20] * 4), (1, "pass"), (2, "open 10"))
    state = play(state, (3, "match"), (0, "match"))
    assert state.balances == (2, 16, 14, 6)
    state = play(state, (2, "reopen 2"), (3, "match"), (0, "match"))
    assert texts(state) == ["close", *opens("reopen", 12)]
    state = play(state, (2, "reopen 12"))
    assert state.balances[2] == 0
    assert texts(state) == ["pass"]  # seat 3 has 4 chips, 12 are asked
    state = play(state, (3, "pass"))
    assert texts(state) == ["pass"]  # seat 0 has none
    state = play(state, (0, "pass"))
    assert state.poch_winners == (2,)
    assert state.to_move == 2


def test_board_at_end_shared() -> None:
    rules = RuleSet(players=4, end="deals", deals=1, board_at_end="shared")
    state = play(start(rules, HANDS, "8h"), *BETTING, *SHEDDING)
    assert state.is_over
    assert state.pools["jack"] == 0  # 4 chips: one each
    assert state.pools["sequence"] == 0
    shares = [p for p in state.deal_payments if p.reason == "board"]
    assert {p.payer for p in shares} == {"jack", "sequence"}
    assert sum(p.chips for p in shares) == 8
    unclaimed = play(start(RuleSet(players=4, end="deals", deals=1), HANDS, "8h"), *BETTING)
    unclaimed = play(unclaimed, *SHEDDING)
    assert unclaimed.pools["jack"] == 4
    assert unclaimed.deal_payments == ()
    assert [a - b for a, b in zip(state.balances, unclaimed.balances, strict=True)] == [2] * 4


def test_board_at_end_leaves_the_remainder() -> None:
    rules = RuleSet(players=3, end="deals", deals=1, board_at_end="shared")
    state = new_game(rules, seed=4, pools={"marriage": 7})
    while not state.is_over:
        state = apply(state, legal_moves(state)[0])
    assert state.pools["marriage"] % 3 == state.pools["marriage"]


def test_the_end_of_the_game() -> None:
    for rules, deals in [
        (RuleSet(players=3), 3),
        (RuleSet(players=4, rounds=2), 8),
        (RuleSet(players=5, end="deals", deals=2), 2),
        (RuleSet(players=3, insolvency="out", end="bust", max_deals=2), 2),
    ]:
        state = new_game(rules, seed=1)
        rng = random.Random(1)
        dealers = []
        while not state.is_over:
            if not state.moves:
                dealers.append(state.dealer)
            state = apply(state, rng.choice(legal_moves(state)))
        assert state.deals_played == deals
        first = state.first_dealer
        assert dealers == [(first + k) % rules.players for k in range(deals)]


def test_the_deal_passes_over_seats_out() -> None:
    rules = RuleSet(players=5, insolvency="out")
    state = new_game(rules, seed=3, dealer=4, balances=[7, 50, 50, 50, 50])
    assert state.out == (0,)
    assert state.dealer == 4
    assert state.order == (1, 2, 3, 4)
    while state.deals_played == 0:
        state = apply(state, legal_moves(state)[0])
    assert state.dealer == 1  # seat 0 is out: the deal passes it by
    assert state.order == (2, 3, 4, 1)
    given = new_game(rules, seed=3, dealer=0, balances=[7, 50, 50, 50, 50])
    assert given.dealer == 1  # a dealer out of the game hands the deal on


def test_direction_is_for_display_only() -> None:
    for seed in range(5):
        one = new_game(RuleSet(players=4), seed=seed)
        two = new_game(RuleSet(players=4, direction="counterclockwise"), seed=seed)
        rng_one, rng_two = random.Random(seed), random.Random(seed)
        while not one.is_over:
            one = apply(one, rng_one.choice(legal_moves(one)))
            two = apply(two, rng_two.choice(legal_moves(two)))
        assert one.balances == two.balances
        assert one.ledger == two.ledger


def test_a_series_begun_above_the_lowest_rank_makes_the_card_below_a_stop() -> None:
    rules = RuleSet(players=3, deck=52)
    hands = {1: "5c 2h 3h Kd Qd", 2: "5h 6h 4h 4c 9s", 0: "7c 8c 9c 10c Jc"}
    state = play(start(rules, hands, "As"), (1, "pass"), (2, "open 1"), (0, "pass"))
    state = play(state, (2, "play 5h"), (2, "play 6h"))  # 7h undealt: a stop
    state = play(state, (2, "play 4c"), (1, "play 5c"))  # 6c undealt: a stop
    state = play(state, (1, "play 2h"), (1, "play 3h"))
    assert state.to_move == 2  # seat 2 holds 4h and must play it
    before = state.balances
    state = play(state, (2, "play 4h"))  # 5h is on the table already: a stop
    assert state.to_move == 2
    assert state.last_card is None
    assert [a - b for a, b in zip(state.balances, before, strict=True)] == [-1, -1, 2]
