"""What a player may play (the obligations of play) and who wins a trick.

Every scenario is an explicit deal for four players; seat 3 deals, so seat 0
leads the first trick. Everybody bids 0 (the hook only forbids the dealer a
bid equal to the cards).
"""

from __future__ import annotations

from typing import Any

import pytest

from pocha_rules import GameState, Phase, Play, RuleSet, Suit, legal_moves
from tests.helpers import assert_refused, cards, deal, game, plays


def at_trick(
    hands: tuple[str, str, str, str], trump: str, table: str, **options: Any
) -> GameState:
    """The state after everybody bid 0 and the cards of ``table`` were played."""
    size = len(hands[0].split())
    rules = RuleSet(schedule=[size], **options)
    moves = ["bid 0"] * 4 + [f"play {c}" for c in table.split()]
    return game(rules, [deal(*hands, trump=trump)], moves, dealer=3)


def play_set(text: str) -> set[Play]:
    return {Play(c) for c in cards(text)}


# --- the worked examples of the rules page ------------------------------

OVERTAKE_WHEN_YOU_CAN = ("5c 4o 5o", "7c 6o 7o", "3c 4c 1b", "10o 11o 12o")


def test_worked_example_overtake_when_you_can() -> None:
    # Trump espadas. Led 5c, then 7c. Holding 3c 4c 1b: must play 3c.
    state = at_trick(OVERTAKE_WHEN_YOU_CAN, "1e", "5c 7c")
    assert state.trump is Suit.ESPADAS
    assert state.to_move == 2
    assert plays(state) == play_set("3c")
    assert_refused(state, "play 4c", "must overtake 7c with a higher copas: 3c")
    assert_refused(state, "play 1b", "must follow suit", "copas was led", "3c")


AFTER_A_RUFF = ("5c 4o", "2e 5o", "3c 4c", "6o 7o")


def test_worked_example_after_a_ruff_follow_freely() -> None:
    # Trump espadas. Led 5c, then 2e (ruffed). Holding 3c 4c: either.
    state = at_trick(AFTER_A_RUFF, "1e", "5c 2e")
    assert state.to_move == 2
    assert plays(state) == play_set("3c 4c")
    assert_refused(state, "play 6o", "6o is not in the hand (3c, 4c)")


OVERRUFF_WHEN_YOU_CAN = ("4c 4o 5o", "7b 6o 7o", "10b 2b 1o", "10o 11o 12o")


def test_worked_example_overruff_when_you_can() -> None:
    # Trump bastos. Led 4c, then 7b (ruffed). Holding 10b 2b 1o: must play 10b.
    state = at_trick(OVERRUFF_WHEN_YOU_CAN, "1b", "4c 7b")
    assert state.trump is Suit.BASTOS
    assert plays(state) == play_set("10b")
    assert_refused(state, "play 2b", "must over-ruff 7b with a higher trump: 10b")
    assert_refused(state, "play 1o", "must over-ruff 7b with a higher trump: 10b")


CANNOT_OVERRUFF = ("4e 4o", "1b 5o", "10b 6o", "7o 10o")


def test_worked_example_cannot_overruff_anything_goes() -> None:
    # Trump bastos. Led 4e, then 1b. Holding 10b 6o, no espadas: cannot beat 1b, any card.
    state = at_trick(CANNOT_OVERRUFF, "3b", "4e 1b")
    assert plays(state) == play_set("10b 6o")


TRUMPS_LED = ("1e 4o 5o", "3e 5e 2o", "6o 7o 10o", "11o 12o 1o")


def test_worked_example_trumps_led() -> None:
    # Trump espadas. Led 1e (trumps led). Holding 3e 5e 2o: 3e or 5e, not 2o.
    state = at_trick(TRUMPS_LED, "12e", "1e")
    assert state.to_move == 1
    assert plays(state) == play_set("3e 5e")
    assert_refused(state, "play 2o", "must follow suit", "espadas was led", "3e, 5e")


NOTHING_TO_FOLLOW = ("2c 4c 5c", "5e 7b 12e", "6o 7o 10o", "11o 12o 3o")


def test_worked_example_nothing_to_follow_nothing_to_trump() -> None:
    # Trump oros. Led 2c. No copas and no oros: any card.
    state = at_trick(NOTHING_TO_FOLLOW, "1o", "2c")
    assert state.trump is Suit.OROS
    assert plays(state) == play_set("5e 7b 12e")


# "The duty ignores your bid" needs a fourth player who has already made a
# bid of 1: seat 2 wins the first trick, seat 3 the second and leads the
# third, where seat 0 discards an oro, seat 1 ruffs with 2b and seat 2 (no
# copas, 5b and 6o) must over-ruff with 5b.
BID_MADE = ("4e 2c 7o 5o", "5e 3c 2b 4o", "1e 7c 5b 6o", "6e 1c 12c 7e")
BID_MADE_MOVES = ["bid 0", "bid 0", "bid 1", "bid 1",
                  "play 4e", "play 5e", "play 1e", "play 6e",
                  "play 7c", "play 1c", "play 2c", "play 3c",
                  "play 12c", "play 7o", "play 2b"]  # fmt: skip


@pytest.mark.parametrize(
    "options", [{}, {"must_overtake": False}], ids=["spanish", "free-following"]
)
def test_worked_example_the_duty_ignores_your_bid(options: dict[str, Any]) -> None:
    # Trump bastos. Led a copa, an oro discarded, ruffed with 2b; the fourth
    # player holds 5b: must play it, bid made or not.
    rules = RuleSet(schedule=[4], **options)
    state = game(rules, [deal(*BID_MADE, trump="12b")], BID_MADE_MOVES, dealer=3)
    assert state.trump is Suit.BASTOS
    assert state.to_move == 2
    assert state.leader == 3
    assert state.bids[2] == 1
    assert state.tricks_won == (0, 0, 1, 1)
    assert [str(p.card) for p in state.trick] == ["12c", "7o", "2b"]
    assert plays(state) == play_set("5b")
    assert_refused(state, "play 6o", "must over-ruff 2b with a higher trump: 5b")


# --- each obligation switched off ----------------------------------------


def test_must_overtake_off_follows_suit_freely() -> None:
    state = at_trick(OVERTAKE_WHEN_YOU_CAN, "1e", "5c 7c", must_overtake=False)
    assert plays(state) == play_set("3c 4c")
    assert_refused(state, "play 1b", "must follow suit")


def test_must_overtake_applies_when_trumps_are_led() -> None:
    hands = ("5e 4o", "3e 4e", "6o 7o", "10o 11o")
    state = at_trick(hands, "1e", "5e")
    assert plays(state) == play_set("3e")
    assert_refused(state, "play 4e", "must overtake 5e with a higher espadas: 3e")
    assert plays(at_trick(hands, "1e", "5e", must_overtake=False)) == play_set("3e 4e")


def test_must_overtake_beats_the_best_card_not_the_last() -> None:
    hands = ("7c 4o", "5c 5o", "6c 10c", "10o 11o")
    state = at_trick(hands, "1e", "7c 5c")
    assert plays(state) == play_set("10c")
    assert_refused(state, "play 6c", "must overtake 7c")


def test_must_overtake_any_beating_card_not_only_the_lowest() -> None:
    hands = ("4c 4o 5o 6o", "1c 3c 12c 5c", "7o 10o 11o 12o", "1o 3o 2o 7b")
    assert plays(at_trick(hands, "1e", "4c")) == play_set("1c 3c 12c 5c")
    hands = ("4c 4o 5o 6o", "1c 3c 12c 2c", "7o 10o 11o 12o", "1o 3o 2o 7b")
    state = at_trick(hands, "1e", "4c")
    assert plays(state) == play_set("1c 3c 12c")
    assert_refused(state, "play 2c", "must overtake 4c with a higher copas: 1c, 3c, 12c")


def test_must_ruff_any_trump() -> None:
    hands = ("5c 4o", "2e 1e", "6o 7o", "10o 11o")
    assert plays(at_trick(hands, "3e", "5c")) == play_set("2e 1e")


def test_must_ruff_on_and_off() -> None:
    state = at_trick(AFTER_A_RUFF, "1e", "5c")
    assert state.to_move == 1
    assert plays(state) == play_set("2e")
    assert_refused(state, "play 5o", "void in copas, must ruff with a trump (espadas): 2e")
    assert plays(at_trick(AFTER_A_RUFF, "1e", "5c", must_ruff=False)) == play_set("2e 5o")


def test_must_overruff_off() -> None:
    state = at_trick(OVERRUFF_WHEN_YOU_CAN, "1b", "4c 7b", must_overruff=False)
    assert plays(state) == play_set("10b 2b 1o")
    # must_ruff does not force a trump once somebody has ruffed
    state = at_trick(OVERRUFF_WHEN_YOU_CAN, "1b", "4c 7b", must_overruff=False, must_ruff=True)
    assert Play(cards("1o")[0]) in legal_moves(state)


def test_cannot_overruff_any_card_lower_trump_included() -> None:
    hands = ("4c 4o", "7b 5o", "2b 6o", "7o 10o")
    assert plays(at_trick(hands, "1b", "4c 7b")) == play_set("2b 6o")


def test_plain_oh_hell_only_follows_suit() -> None:
    off = {"must_overtake": False, "must_ruff": False, "must_overruff": False}
    assert plays(at_trick(OVERTAKE_WHEN_YOU_CAN, "1e", "5c 7c", **off)) == play_set("3c 4c")
    assert_refused(
        at_trick(OVERTAKE_WHEN_YOU_CAN, "1e", "5c 7c", **off), "play 1b", "must follow suit"
    )
    assert plays(at_trick(OVERRUFF_WHEN_YOU_CAN, "1b", "4c 7b", **off)) == play_set("10b 2b 1o")
    assert plays(at_trick(AFTER_A_RUFF, "1e", "5c", **off)) == play_set("2e 5o")
    assert_refused(
        at_trick(TRUMPS_LED, "12e", "1e", **off), "play 2o", "must follow suit", "espadas"
    )


def test_holding_no_trump_any_card() -> None:
    hands = ("4c 4o", "5o 6b", "6o 7o", "10o 11o")
    assert plays(at_trick(hands, "1e", "4c")) == play_set("5o 6b")


def test_the_leader_may_play_any_card() -> None:
    state = at_trick(BID_MADE, "12b", "")
    assert state.phase is Phase.PLAY
    assert state.to_move == 0
    assert plays(state) == play_set("4e 2c 7o 5o")


# --- who wins the trick ---------------------------------------------------


def finish_trick(
    hands: tuple[str, str, str, str], trump: str, table: str, **options: Any
) -> GameState:
    state = at_trick(hands, trump, table, **options)
    assert len(state.trick) == 0
    return state


def test_highest_of_the_led_suit_wins_without_trumps() -> None:
    # a higher card of another suit (1o) never wins
    state = finish_trick(("2c 4o", "5c 6o", "1o 7o", "4c 10o"), "1e", "2c 5c 1o 4c")
    assert state.tricks_won == (0, 1, 0, 0)
    assert state.leader == state.to_move == 1


def test_highest_trump_wins() -> None:
    state = finish_trick(("1c 4o", "2e 6o", "3e 7o", "3c 10o"), "1e", "1c 2e 3e 3c")
    assert state.tricks_won == (0, 0, 1, 0)
    assert state.to_move == 2


def test_trumps_led_highest_trump_wins() -> None:
    state = finish_trick(("4e 4o", "12e 6o", "5o 7o", "3e 10o"), "1e", "4e 12e 5o 3e")
    assert state.tricks_won == (0, 0, 0, 1)


NATURAL = (12, 11, 10, 7, 6, 5, 4, 3, 2, 1)


def test_rank_order_decides_the_trick() -> None:
    hands = ("1o 4c", "12o 5c", "3o 6c", "2o 7c")
    spanish = finish_trick(hands, "1e", "1o 12o 3o 2o")
    assert spanish.tricks_won == (1, 0, 0, 0)
    natural = finish_trick(hands, "1e", "1o 12o 3o 2o", rank_order=NATURAL)
    assert natural.tricks_won == (0, 1, 0, 0)


def test_rank_order_changes_what_must_overtake() -> None:
    hands = ("5c 4o 5o", "7c 6o 7o", "3c 4c 1b", "10o 11o 12o")
    assert plays(at_trick(hands, "1e", "5c 7c")) == play_set("3c")
    # with the natural order neither 3c nor 4c beats 7c: any copa
    assert plays(at_trick(hands, "1e", "5c 7c", rank_order=NATURAL)) == play_set("3c 4c")
    assert finish_trick(hands, "1e", "5c 7c 3c 10o").tricks_won == (0, 0, 1, 0)
    natural = finish_trick(hands, "1e", "5c 7c 3c 10o", rank_order=NATURAL)
    assert natural.tricks_won == (0, 1, 0, 0)


def test_48_card_order_overtakes_with_nine_and_eight() -> None:
    hands = ("8o 4c", "9o 7o", "2o 5c", "10o 6c")
    state = at_trick(hands, "1e", "8o", deck=48)
    assert plays(state) == play_set("9o")
    assert_refused(state, "play 7o", "must overtake 8o with a higher oros: 9o")
    state = finish_trick(hands, "1e", "8o 9o 2o 10o", deck=48)
    assert state.tricks_won == (0, 0, 0, 1)


def test_the_winner_leads_the_next_trick() -> None:
    state = finish_trick(("2c 4o", "5c 6o", "1o 7o", "4c 10o"), "1e", "2c 5c 1o 4c")
    assert state.to_move == 1
    assert plays(state) == play_set("6o")
    assert state.trick == ()
