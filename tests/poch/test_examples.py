"""The worked examples of Poch, each a test named after it.

Unless said otherwise: four players, 32 cards, seat 0 deals (play order 1,
2, 3, 0; seat 1 is the eldest hand), the default options.
"""

from __future__ import annotations

import pytest

from pocha_rules.poch import Pass, Phase, RuleSet, legal_moves, new_game
from tests.poch.helpers import opens, play, start, texts

FOUR = RuleSet(players=4)

# --- A. A whole deal ------------------------------------------------------

A_HANDS = {
    1: "10h Jd 8d 7c As",
    2: "Kh Qh 10c 10d 7s",
    3: "9c 9d 9s Ah 8c",
    0: "Qc Qs Jc Js 7h",
}
A_POOLS = {"jack": 4, "sequence": 8, "poch": 2}


def a_start(rules: RuleSet = FOUR, balances: list[int] | None = None):  # type: ignore[no-untyped-def]
    return start(rules, A_HANDS, "8h", balances=balances or [50] * 4, pools=A_POOLS)


A_BETTING = [
    (1, "pass"),
    (2, "open 3"),
    (3, "match"),
    (0, "match"),
    (2, "reopen 2"),
    (3, "match"),
    (0, "pass"),
    (2, "close"),
]
A_SHEDDING = [
    (3, "play 9d"),
    (2, "play 10d"),
    (1, "play Jd"),
    (1, "play 7c"),
    (3, "play 8c"),
    (3, "play 9c"),
    (2, "play 10c"),
    (0, "play Jc"),
    (0, "play Qc"),
    (0, "play 7h"),
    (0, "play Js"),
    (0, "play Qs"),
]


def test_example_a1_whole_deal_phase_one_marriage() -> None:
    state = a_start()
    assert state.trump.letter == "h"
    assert state.pools == {
        "ace": 0,
        "king": 0,
        "queen": 0,
        "jack": 8,
        "ten": 0,
        "marriage": 0,
        "sequence": 12,
        "poch": 6,
    }
    assert state.balances == (42, 46, 54, 46)
    assert dict(state.takings) == {"ace": 3, "king": 2, "queen": 2, "marriage": 2, "ten": 1}
    shown = [sorted(str(c) for c in cards) for cards in state.shown]
    assert shown == [[], ["10h"], ["Kh", "Qh"], ["Ah"]]
    taken = [str(p) for p in state.deal_payments if p.reason == "trump_pool"]
    assert "seat 2 takes the marriage pool: 4 chips" in taken
    assert (
        sum(p.chips for p in state.deal_payments if p.payee == 2 and p.reason == "trump_pool")
        == 12
    )


def test_example_a2_whole_deal_reopen_and_showdown() -> None:
    state = a_start()
    assert texts(state) == ["pass"]
    state = play(state, (1, "pass"))
    assert texts(state) == ["pass", *opens("open", 10)]
    state = play(state, (2, "open 3"), (3, "match"), (0, "match"))
    assert state.phase is Phase.DECIDING
    assert state.pool("poch") == 15
    assert texts(state) == ["close", *opens("reopen", 10)]
    state = play(state, (2, "reopen 2"), (3, "match"), (0, "pass"))
    assert state.pool("poch") == 19
    assert state.level == 5
    assert texts(state) == ["close", *opens("reopen", 10)]
    state = play(state, (2, "close"))
    assert state.poch_winners == (3,)
    assert state.pool("poch") == 0
    assert state.balances == (39, 46, 49, 60)
    assert state.phase is Phase.SHEDDING
    assert state.to_move == 3
    # Both contestants showed their hands.
    assert {str(c) for c in state.shown[2]} == {"Kh", "Qh", "10c", "10d", "7s"}
    assert {str(c) for c in state.shown[3]} == {"9c", "9d", "9s", "Ah", "8c"}


def test_example_a3_whole_deal_stops_and_final_payment() -> None:
    state = play(a_start(), *A_BETTING)
    before = state.balances
    state = play(state, *A_SHEDDING[:3])
    assert state.balances == (before[0] - 1, before[1] + 3, before[2] - 1, before[3] - 1)
    assert state.to_move == 1
    assert state.last_card is None
    state = play(state, *A_SHEDDING[3:9])
    assert state.to_move == 0
    assert state.last_card is None
    state = play(state, *A_SHEDDING[9:10])
    assert state.to_move == 0
    assert state.last_card is None
    state = play(state, *A_SHEDDING[10:])
    deal = state.deal_results[0]
    assert deal.balances == (55, 43, 42, 54)
    cards = [str(p) for p in deal.payments if p.reason == "cards"]
    assert cards == [
        "seat 1 pays seat 0 3 chips for the cards left in hand",
        "seat 2 pays seat 0 3 chips for the cards left in hand",
        "seat 3 pays seat 0 2 chips for the cards left in hand",
    ]
    assert sum(1 for p in deal.payments if p.reason == "stop") == 4 * 3


def test_example_a3_whole_deal_without_last_card_stop_payment() -> None:
    rules = RuleSet(players=4, last_card_stop_pays=False)
    state = play(a_start(rules), *A_BETTING, *A_SHEDDING)
    assert state.deal_results[0].balances == (52, 44, 43, 55)


def test_example_a4_whole_deal_accounting() -> None:
    state = a_start()
    assert state.chip_total == 214
    state = play(state, *A_BETTING, *A_SHEDDING)
    deal = state.deal_results[0]
    assert deal.changes == (5, -7, -8, 4)
    assert sum(deal.changes) == -6
    board_after = 214 - sum(deal.balances)
    assert board_after == 20
    assert sum(p.chips for p in deal.payments if p.payee == p.payer) == 0


# --- B. The dealer's claim -------------------------------------------------

B_HANDS = {
    1: "Ks 7d 7h 9c Jd",
    2: "As 10s 8c 8d Qh",
    3: "Js Kh Kd 10c 7c",
    0: "9s 9d Ac Ad 8h",
}


def test_example_b_dealers_claim_turned_up_honour() -> None:
    state = start(FOUR, B_HANDS, "Qs")
    assert sorted(state.takings) == sorted(
        [("ace", 2), ("king", 1), ("jack", 3), ("ten", 2), ("queen", 0)]
    )
    assert state.pool("marriage") == 4
    assert state.pool("sequence") == 4
    assert state.balances == (46, 46, 50, 46)
    # The turn-up is public but never shown as anyone's card.
    assert all("Qs" not in {str(c) for c in cards} for cards in state.shown)


def test_example_b_dealers_claim_carry() -> None:
    state = start(RuleSet(players=4, turnup_pool="carry"), B_HANDS, "Qs")
    assert ("queen", 0) not in state.takings
    assert state.pool("queen") == 4
    assert state.pool("marriage") == 4


def test_example_b_dealers_claim_no_marriage_with_the_turnup() -> None:
    hands = dict(B_HANDS)
    hands[1], hands[0] = "9s 7d 7h 9c Jd", "Ks 9d Ac Ad 8h"
    state = start(FOUR, hands, "Qs")
    assert ("king", 0) in state.takings
    assert ("queen", 0) in state.takings
    assert state.pool("marriage") == 4


# --- C. The sequence -------------------------------------------------------

C_HANDS = {
    1: "9d 10d Jd Qd 7h",
    2: "7c 8c 9c Ah As",
    3: "Kd Ks Kh 8h 10s",
    0: "Qc Jc 7s 8s Ad",
}


def test_example_c1_sequence_trump_789() -> None:
    state = start(FOUR, C_HANDS, "10c")
    assert ("sequence", 2) in state.takings
    assert {"7c", "8c", "9c"} <= {str(c) for c in state.shown[2]}


def test_example_c2_sequence_longest_run_length_first() -> None:
    state = start(RuleSet(players=4, sequence_rule="longest_run"), C_HANDS, "10c")
    assert ("sequence", 1) in state.takings
    assert {str(c) for c in state.shown[1]} == {"9d", "10d", "Jd", "Qd"}
    assert not {"7c", "8c", "9c"} & {str(c) for c in state.shown[2]}


def test_example_c3_sequence_trump_breaks_equal_runs() -> None:
    hands = {1: "8h 9h 10h As Kd", 2: "7d Qs Ks Ah Ad", 3: "8c 9c 10c 7s 7h", 0: "Qd Jd Js 8s Ac"}
    state = start(RuleSet(players=4, sequence_rule="longest_run"), hands, "Kc")
    assert ("sequence", 3) in state.takings
    assert ("sequence", 1) not in state.takings


C4_HANDS = {1: "10s Js Qs 7h 7d", 2: "Ah Kh 8c 9d Ad", 3: "10d Jd Qd Ac As", 0: "7c 9c 8h 9h 8s"}


def test_example_c4_sequence_tie_eldest() -> None:
    rules = RuleSet(players=4, sequence_rule="longest_run")
    state = start(rules, C4_HANDS, "Kc", dealer=2)
    assert state.eldest == 3
    assert [t for t in state.takings if t[0] == "sequence"] == [("sequence", 3)]
    assert state.pool("sequence") == 0


def test_example_c4_sequence_tie_split() -> None:
    rules = RuleSet(players=4, sequence_rule="longest_run", sequence_tie="split")
    state = start(rules, C4_HANDS, "Kc", dealer=2)
    shares = {p.payee: p.chips for p in state.deal_payments if p.payer == "sequence"}
    assert shares == {3: 2, 1: 2}
    assert {str(c) for c in state.shown[1]} >= {"10s", "Js", "Qs"}


def test_example_c5_sequence_length_before_height() -> None:
    hands = {1: "7h 8h 9h 10h Ks", 2: "Qd Kd Ad 7c 8c", 3: "Jc Js Qs As 9s", 0: "7s 8s 10c 10s Ac"}
    state = start(RuleSet(players=4, sequence_rule="longest_run"), hands, "Kc")
    assert ("sequence", 1) in state.takings


# --- D. A tie and its split ------------------------------------------------

D_HANDS = {
    1: "Kh Ks 7c 9d Jh",
    2: "Ah Qs 10c 8d 7s",
    3: "Kd Kc 8h Js Ad",
    0: "8s 8c Qd Ac 9h",
}
D_MOVES = [(1, "open 2"), (2, "pass"), (3, "match"), (0, "match"), (1, "close")]


def d_after(rules: RuleSet) -> tuple[tuple[int, ...], object]:
    state = start(rules, D_HANDS, "7h", pools={"poch": 1})
    assert state.pool("poch") == 5
    before = state.balances
    state = play(state, *D_MOVES[:1])
    assert legal_moves(state) == (Pass(),)  # seat 2 has no pair
    state = play(state, *D_MOVES[1:])
    assert state.to_move == 1
    assert state.phase is Phase.SHEDDING
    return tuple(b - a for a, b in zip(before, state.balances, strict=True)), state


def test_example_d_tie_split_odd_chip_in_pool() -> None:
    change, state = d_after(FOUR)
    assert change == (-2, 3, 0, 3)
    assert state.pool("poch") == 1  # type: ignore[attr-defined]
    assert state.poch_winners == (1, 3)  # type: ignore[attr-defined]


def test_example_d_tie_split_odd_chip_to_eldest() -> None:
    change, state = d_after(RuleSet(players=4, odd_chip="eldest"))
    assert change == (-2, 4, 0, 3)
    assert state.pool("poch") == 0  # type: ignore[attr-defined]


def test_example_d_tie_trump_wins() -> None:
    change, state = d_after(RuleSet(players=4, poch_tie="trump"))
    assert change == (-2, 9, 0, -2)
    assert state.poch_winners == (1,)  # type: ignore[attr-defined]


# --- E. Two stoppers and an uncontested poch ------------------------------

E_HANDS = {1: "10h Qh 8h Jc Qc", 2: "9h Kh Kc 9c 8d", 0: "Jh Ah 7h As 10d"}


def test_example_e_two_stoppers_uncontested_poch() -> None:
    rules = RuleSet(players=3)
    state = start(rules, E_HANDS, "Ks")
    assert sorted(state.takings) == [("ace", 0), ("king", 0)]
    assert state.balances == (48, 42, 42)
    assert state.pools["queen"] == 3
    assert state.pools["poch"] == 3
    state = play(state, (1, "pass"), (2, "open 2"), (0, "pass"))
    assert state.poch_winners == (2,)
    assert state.balances[2] == 45
    assert {str(c) for c in state.shown[2]} == {"9h", "Kh", "Kc", "9c", "8d"}
    assert state.to_move == 2
    state = play(
        state,
        (2, "play 9h"),
        (1, "play 10h"),
        (0, "play Jh"),
        (1, "play Qh"),
        (2, "play Kh"),
        (0, "play Ah"),
    )
    assert state.to_move == 0
    assert state.balances == (50, 41, 44)
    state = play(state, (0, "play 7h"), (1, "play 8h"))
    assert state.to_move == 1
    assert state.balances == (49, 43, 43)
    state = play(state, (1, "play Jc"), (1, "play Qc"))
    deal = state.deal_results[0]
    assert deal.balances == (47, 48, 40)
    assert deal.changes == (-3, -2, -10)
    assert 150 - sum(deal.balances) == 15


# --- F. Comparing combinations ---------------------------------------------

F_ROWS = [
    ("Kh Ks 7c 7d 9h", "Qh Qs Jc Jd 8h", {}, "h", (1,)),
    ("Kh Ks 9c 9d 8h", "Kc Kd 7h 7s Ah", {}, "h", (1,)),
    ("Kh Ks 9h 9s 7c", "Kd Kc 9d 9c 8c", {}, "h", (1, 2)),
    ("Kh Ks 9h 9s 7c", "Kd Kc 9d 9c 8c", {"poch_tie": "trump"}, "h", (1,)),
    ("Kh Ks 9h 9s 7c", "Kd Kc 9d 9c 8c", {"poch_tie": "trump"}, "c", (2,)),
    ("Kh Ks 9h 9s 7c", "Kd Kc 7d 7h 8c", {}, "h", (1,)),
    ("Kh Ks 9h 9s 7c", "Kd Kc 7d 7h 8c", {"two_pair": "higher_pair"}, "h", (1, 2)),
    ("7h 7s 7d Qc Jh", "Ah As Kd Kc 9h", {}, "h", (1,)),
    ("Qh Qs Qd 7c 7d", "Kh Ks Kd 8c 9c", {}, "h", (2,)),
    ("8h 8s 8d 8c 9h", "Ah As Ad Kc Qc", {}, "s", (1,)),
]


def _showdown(hand_a: str, hand_b: str, options: dict[str, str], trump: str) -> tuple[int, ...]:
    rules = RuleSet(players=3, deck=52, **options)  # type: ignore[arg-type]
    used = set((hand_a + " " + hand_b).split())
    spare = [f"{r}{s}" for s in "cdhs" for r in ("2", "3", "4", "5", "6")]
    turnup = next(f"{r}{trump}" for r in ("2", "3", "4", "5", "6") if f"{r}{trump}" not in used)
    filler = " ".join([c for c in spare if c != turnup][:5])
    state = start(rules, {1: hand_a, 2: hand_b, 0: filler}, turnup)
    state = play(state, (1, "open 1"), (2, "match"), (0, "pass"), (1, "close"))
    return state.poch_winners


@pytest.mark.parametrize(("hand_a", "hand_b", "options", "trump", "winners"), F_ROWS)
def test_example_f_comparing_combinations(
    hand_a: str, hand_b: str, options: dict[str, str], trump: str, winners: tuple[int, ...]
) -> None:
    assert _showdown(hand_a, hand_b, options, trump) == winners


def test_example_f_comparing_combinations_nothing_only_passes() -> None:
    hands = {1: "Ah Kh Qd Jc 9s", 2: "7h 7s 8d 9d 10d", 0: "8h 8s Jd Qc Kc"}
    state = start(RuleSet(players=3), hands, "10s")
    assert texts(state) == ["pass"]
    state = play(state, (1, "pass"), (2, "open 1"))
    assert texts(state) == ["pass", "match"]
    hands = {1: "7h 7s 8d 9d 10d", 2: "Ah Kh Qd Jc 9s", 0: "8h 8s Jd Qc Kc"}
    state = play(start(RuleSet(players=3), hands, "10s"), (1, "open 1"))
    assert texts(state) == ["pass"]


# --- G. Nobody contests; the dealer opens ----------------------------------


def test_example_g_nobody_contests() -> None:
    state = start(FOUR, D_HANDS, "7h", pools={"poch": 3})
    assert state.pool("poch") == 7
    before = state.balances
    state = play(state, (1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert state.pool("poch") == 7
    assert state.balances == before
    assert state.to_move == 1
    assert state.phase is Phase.SHEDDING
    assert state.poch_winners == ()


def test_example_g_dealer_opens_uncontested() -> None:
    state = start(FOUR, D_HANDS, "7h", pools={"poch": 3})
    before = state.balances
    state = play(state, (1, "pass"), (2, "pass"), (3, "pass"), (0, "open 1"))
    assert state.balances[0] - before[0] == 7
    assert state.pool("poch") == 0
    assert state.poch_winners == (0,)
    assert state.to_move == 0
    assert state.phase is Phase.SHEDDING
    assert {str(c) for c in state.shown[0]} == {"8s", "8c", "Qd", "Ac", "9h"}


# --- H. Short of chips -----------------------------------------------------

OUT = RuleSet(players=4, insolvency="out")


def test_example_h_short_of_chips_out_before_a_deal() -> None:
    hands = {1: "10h Jd 8d 7c As", 3: "9c 9d 9s Ah 8c", 0: "Qc Qs Jc Js 7h"}
    state = start(OUT, hands, "8h", balances=[50, 50, 7, 50])
    assert state.out == (2,)
    assert state.order == (1, 3, 0)
    assert state.balances[2] == 7
    assert len(state.hand(2)) == 0
    assert not any(p.payer == 2 or p.payee == 2 for p in state.deal_payments)


def test_example_h_short_of_chips_two_left_ends_the_game() -> None:
    state = new_game(OUT, seed=1, dealer=0, balances=[50, 7, 7, 50])
    assert state.is_over
    assert state.out == (1, 2)
    assert state.deals_played == 0
    assert state.ledger == ()


def test_example_h_short_of_chips_bets_limited_by_balance() -> None:
    state = start(OUT, D_HANDS, "7h", balances=[50, 50, 50, 12])
    state = play(state, (1, "pass"), (2, "pass"))
    assert state.balances[3] == 4
    assert texts(state) == ["pass", *opens("open", 4)]


def test_example_h_short_of_chips_cannot_match_a_reopen() -> None:
    state = start(OUT, D_HANDS, "7h", balances=[10, 50, 50, 50])
    state = play(state, (1, "open 1"), (2, "pass"), (3, "match"), (0, "match"))
    assert state.balances[0] == 1
    state = play(state, (1, "reopen 2"), (3, "match"))
    assert texts(state) == ["pass"]


def test_example_h_short_of_chips_pays_what_it_has() -> None:
    betting = [(1, "pass"), (2, "open 6"), (3, "match"), (0, "match"), (2, "close")]
    state = a_start(OUT, [50, 50, 8, 50])
    state = play(state, *betting, *A_SHEDDING[:-1])
    assert state.balances[2] == 3  # it pays the last card's stop, then 2 of 3
    state = play(state, A_SHEDDING[-1])
    deal = state.deal_results[0]
    assert deal.balances[2] == 0
    paid = [p.chips for p in deal.payments if p.payer == 2 and p.reason == "cards"]
    assert paid == [2]
