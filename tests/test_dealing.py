"""Dealing: seeded and explicit deals, trimming, the trump card."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pocha_rules import (
    Card,
    ChooseTrump,
    Deal,
    InvalidDealError,
    Phase,
    Play,
    PochaError,
    RuleSet,
    Suit,
    apply,
    legal_moves,
    new_game,
    simulate,
)
from pocha_rules._pocha.cards import CARDS
from pocha_rules._pocha.shuffle import seeded_number
from tests.helpers import assert_refused, card, cards, deal, game, play
from tests.strategies import play_out


def deck_of(rules: RuleSet) -> set[Card]:
    return {c for c in CARDS if c.rank in rules.ranks}


def check_seeded_round(rules: RuleSet, state: Any) -> None:
    hands = state.hands
    everything = [c for hand in hands for c in hand] + list(state.stock)
    assert len(everything) == len(set(everything)) == rules.deck_size
    assert set(everything) == deck_of(rules)
    assert all(len(hand) == state.cards_per_player for hand in hands)


@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("deck", [40, 48])
def test_seeded_deal_uses_the_whole_deck(players: int, deck: Any) -> None:
    rules = RuleSet(players=players, deck=deck, schedule=[1, 2, 3])
    for seed in range(5):
        state = new_game(rules, seed=seed)
        check_seeded_round(rules, state)
        assert state.trump_card in state.stock
        assert not state.trump_card_shown_by_dealer
        assert state.trump_card is not None
        assert state.trump is state.trump_card.suit


def test_same_seed_same_deals_and_different_seeds_differ() -> None:
    rules = RuleSet(schedule=[5, 5, 5])
    a = new_game(rules, seed=123, dealer=2)
    b = new_game(rules, seed=123, dealer=2)
    assert a == b
    assert a.deal == b.deal
    assert a.first_dealer == 2
    others = {new_game(rules, seed=s, dealer=2).deal for s in range(20)}
    assert len(others) > 1


def test_seed_draws_the_first_dealer_reproducibly() -> None:
    rules = RuleSet(players=5)
    dealers = {new_game(rules, seed=s).first_dealer for s in range(40)}
    assert dealers <= set(range(5))
    assert len(dealers) > 1
    for s in range(10):
        assert new_game(rules, seed=s).first_dealer == new_game(rules, seed=s).first_dealer


def test_no_seed_draws_one_and_keeps_it() -> None:
    rules = RuleSet(schedule=[3])
    state = new_game(rules)
    assert isinstance(state.seed, int)
    again = new_game(rules, seed=state.seed, dealer=state.first_dealer)
    assert again == state


@pytest.mark.parametrize(
    ("seed", "dealer", "message"),
    [
        (1, 4, "dealer must be a seat from 0 to 3, got 4"),
        (1, -1, "dealer must be a seat from 0 to 3, got -1"),
        (2**256, 0, "a seed must be less than 2\\*\\*256 in size"),
        (-(2**256), 0, "a seed must be less than 2\\*\\*256 in size"),
    ],
)
def test_new_game_refuses_a_seed_or_dealer_out_of_range(
    seed: Any, dealer: Any, message: str
) -> None:
    with pytest.raises(PochaError, match=message):
        new_game(RuleSet(), seed=seed, dealer=dealer)
    assert new_game(RuleSet(), seed=2**256 - 1, dealer=0).seed == 2**256 - 1
    assert new_game(RuleSet(), seed=-(2**256) + 1, dealer=0).seed == -(2**256) + 1


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"rules": "classic"}, "rules must be a RuleSet, got str 'classic'"),
        ({"seed": 1.5}, "seed must be an int, got float 1.5"),
        ({"seed": "7"}, "seed must be an int, got str '7'"),
        ({"seed": True}, "seed must be an int, got bool True"),
        ({"dealer": True}, "dealer must be an int, got bool True"),
        ({"dealer": "0"}, "dealer must be an int, got str '0'"),
        ({"deals": 9}, "deals must be a sequence of Deal, got int 9"),
        ({"deals": "1o 3o"}, "deals must be a sequence of Deal, got str"),
        ({"deals": [None]}, "deals\\[0\\] must be a Deal, got None"),
    ],
)
def test_new_game_raises_type_errors_naming_the_type(
    arguments: dict[str, Any], message: str
) -> None:
    arguments.setdefault("rules", RuleSet())
    with pytest.raises(TypeError, match=message):
        new_game(**arguments)


@pytest.mark.parametrize("players", [3, 6])
def test_twos_are_removed_for_three_and_six_players(players: int) -> None:
    rules = RuleSet(players=players)
    state = new_game(rules, seed=3)
    seen: set[Card] = set()

    def collect(s: Any) -> None:
        if not s.is_over:
            seen.update(c for hand in s.hands for c in hand)
            seen.update(s.stock)

    play_out(state, 3, on_state=collect)
    assert len(seen) == 36
    assert all(c.rank != 2 for c in seen)


def test_remove_twos_can_be_turned_off_and_on() -> None:
    rules = RuleSet(players=3, remove_twos=False, schedule=[13])
    state = new_game(rules, seed=2)
    check_seeded_round(rules, state)
    assert state.stock == (state.trump_card,)
    assert not state.trump_card_shown_by_dealer
    four = RuleSet(players=4, remove_twos=True, schedule=[9])
    state = new_game(four, seed=2)
    check_seeded_round(four, state)
    assert all(c.rank != 2 for hand in state.hands for c in hand)


def test_seven_players_forty_cards_five_each_five_undealt() -> None:
    rules = RuleSet(players=7, schedule=[5])
    for seed in range(5):
        state = new_game(rules, seed=seed)
        check_seeded_round(rules, state)
        assert len(state.stock) == 5
        assert state.trump_card in state.stock
        assert not state.trump_card_shown_by_dealer


def test_the_48_card_deck_has_eights_and_nines() -> None:
    rules = RuleSet(players=4, deck=48, schedule=[12])
    state = new_game(rules, seed=0)
    check_seeded_round(rules, state)
    held = {c.rank for hand in state.hands for c in hand}
    assert {8, 9} <= held


# --- explicit deals -----------------------------------------------------

FOUR_TWO = RuleSet(schedule=[2, 2])
HANDS = ("1o 3o", "12o 11o", "10o 7o", "6o 5o")
WHOLE = ("1o 2o 3o 4o 5o 6o 7o 10o 11o 12o", "1c 2c 3c 4c 5c 6c 7c 10c 11c 12c",
         "1e 2e 3e 4e 5e 6e 7e 10e 11e 12e", "1b 2b 3b 4b 5b 6b 7b 10b 11b 12b")  # fmt: skip
TEN = RuleSet(schedule=[10])
CHOOSES = RuleSet(schedule=[10], trump_when_all_dealt="dealer_chooses")
TWOS_OUT = RuleSet(remove_twos=True, schedule=[1])


def test_explicit_deal_is_played_as_given() -> None:
    given = deal(*HANDS, trump="1e")
    state = game(FOUR_TWO, [given], dealer=3)
    assert state.deal == given
    assert state.hands == tuple(tuple(sorted(cards(h))) for h in HANDS)
    assert state.trump is Suit.ESPADAS
    assert state.trump_card == card("1e")
    assert not state.trump_card_shown_by_dealer
    assert len(state.stock) == 40 - 8
    assert card("1e") in state.stock
    assert state.deals == (given,)


def test_deal_accepts_card_values_and_text() -> None:
    a = Deal(
        hands=[["1o", "3o"], [card("12o"), "11o"], ["10o", "7o"], ["6o", "5o"]], trump_card="1e"
    )
    b = deal(*HANDS, trump="1e")
    assert a == b
    assert a.trump_card is card("1e")


def test_turned_up_card_belongs_to_nobody() -> None:
    state = game(FOUR_TWO, [deal(*HANDS, trump="1e")], ["bid 0"] * 4, dealer=3)
    for _ in range(8):
        assert Play(card("1e")) not in legal_moves(state)
        assert all(card("1e") not in hand for hand in state.hands)
        assert_refused(state, "play 1e", "1e is not in the hand")
        state = apply(state, legal_moves(state)[0])
    assert state.round_index == 1


def test_later_rounds_are_dealt_from_the_seed() -> None:
    explicit = game(FOUR_TWO, [deal(*HANDS, trump="1e")], ["bid 0"] * 4, dealer=3, seed=9)
    seeded = new_game(FOUR_TWO, seed=9, dealer=3)
    # finish round 0 of both games with their first legal moves
    for _ in range(8):
        explicit = apply(explicit, legal_moves(explicit)[0])
    seeded = play(seeded, ["bid 0"] * 4)
    for _ in range(8):
        seeded = apply(seeded, legal_moves(seeded)[0])
    assert explicit.round_index == seeded.round_index == 1
    assert explicit.deal == seeded.deal
    assert explicit.deals[0] == deal(*HANDS, trump="1e")


def test_several_explicit_deals() -> None:
    d0 = deal(*HANDS, trump="1e")
    d1 = deal("1c 3c", "12c 11c", "10c 7c", "6c 5c", trump="2b")
    state = game(FOUR_TWO, [d0, d1], ["bid 0"] * 4, dealer=3)
    for _ in range(8):
        state = apply(state, legal_moves(state)[0])
    assert state.deal == d1
    assert state.dealer == 0
    assert state.trump is Suit.BASTOS
    assert state.deals == (d0, d1)


@pytest.mark.parametrize(
    ("rules", "the_deal", "reason"),
    [
        (FOUR_TWO, deal("1o 3o", "12o 11o", "10o 7o", trump="1e"), "3 hands for 4 players"),
        (FOUR_TWO, deal("1o 3o", "12o", "10o 7o", "6o 5o", trump="1e"), "seat 1 holds 1 cards"),
        (FOUR_TWO, deal("1o 3o", "12o 3o", "10o 7o", "6o 5o", trump="1e"), "3o is dealt twice"),
        (FOUR_TWO, deal("1o 8o", "12o 11o", "10o 7o", "6o 5o", trump="1e"), "8o is not in this"),
        (TWOS_OUT, deal("1o", "2o", "3o", "4o", trump="1e"), "2o is not in this game's"),
        (FOUR_TWO, deal(*HANDS), "needs a trump_card turned up from the stock"),
        (FOUR_TWO, deal(*HANDS, trump="3o"), "must come from the stock, not a hand"),
        (TEN, deal(*WHOLE), "needs a trump_card shown by the dealer"),
        (RuleSet(schedule=["2a"]), deal(*HANDS, trump="1e"), "an auction round has no trump card"),
        (CHOOSES, deal(*WHOLE, trump="1o"), "the dealer chooses trump: no trump_card"),
        (TEN, deal(*WHOLE, trump="1o"), "must be in the dealer's (seat 3) hand"),
    ],
)  # fmt: skip
def test_explicit_deal_refusals(rules: RuleSet, the_deal: Deal, reason: str) -> None:
    with pytest.raises(InvalidDealError) as info:
        new_game(rules, seed=1, dealer=3, deals=[the_deal])
    assert info.value.round_index == 0
    assert reason in info.value.reason, info.value.reason


def test_explicit_deal_refusal_names_the_round() -> None:
    short = deal("1o", "3o", "12o", "2c", trump="1e")
    with pytest.raises(InvalidDealError) as info:
        new_game(FOUR_TWO, seed=1, dealer=0, deals=[deal(*HANDS, trump="1e"), short])
    assert info.value.round_index == 1
    assert info.value.reason == "seat 0 holds 1 cards; this round deals 2"
    assert str(info.value) == "invalid deal for round 1: seat 0 holds 1 cards; this round deals 2"


# --- trump when every card is dealt -------------------------------------


def test_dealer_last_card_is_shown_and_stays_in_the_hand() -> None:
    rules = RuleSet(schedule=[10])
    state = game(rules, [deal(*WHOLE, trump="5b")], dealer=3)
    assert state.stock == ()
    assert state.trump is Suit.BASTOS
    assert state.trump_card == card("5b")
    assert state.trump_card_shown_by_dealer
    assert card("5b") in state.hands[3]
    assert state.phase is Phase.BID
    assert state.to_move == 0
    # the dealer plays the shown card like any other of its cards
    state = play(state, ["bid 0", "bid 0", "bid 0", "bid 0", "play 1o", "play 1c", "play 1e"])
    assert state.to_move == 3
    assert Play(card("5b")) in legal_moves(state)
    state = apply(state, Play(card("5b")))
    assert card("5b") not in state.hands[3]
    assert state.tricks_won == (0, 0, 0, 1)


@pytest.mark.parametrize("players", [3, 4, 6, 8])
def test_seeded_dealer_last_card_when_every_card_is_dealt(players: int) -> None:
    rules = RuleSet(players=players, deck=48, schedule=[48 // players])
    for seed in range(4):
        state = new_game(rules, seed=seed, dealer=seed % players)
        assert state.stock == ()
        assert state.trump_card_shown_by_dealer
        assert state.trump_card in state.hands[state.dealer]
        assert state.trump_card is not None
        assert state.trump is state.trump_card.suit


def test_dealer_chooses_trump_before_bidding() -> None:
    rules = RuleSet(schedule=[10, 10], trump_when_all_dealt="dealer_chooses")
    state = game(rules, [deal(*WHOLE)], dealer=2)
    assert state.phase is Phase.CHOOSE_TRUMP
    assert state.to_move == 2
    assert state.trump is None
    assert state.trump_card is None
    assert not state.trump_card_shown_by_dealer
    assert set(legal_moves(state)) == {ChooseTrump(s) for s in Suit}
    assert_refused(state, "bid 1", "it is time for a choice of trump")
    after = apply(state, ChooseTrump(Suit.COPAS))
    assert after.trump is Suit.COPAS
    assert after.phase is Phase.BID
    assert after.to_move == 3
    assert after.round_moves == (ChooseTrump(Suit.COPAS),)
    assert after.trump_card is None


def test_dealer_chooses_only_when_every_card_is_dealt() -> None:
    rules = RuleSet(schedule=[2], trump_when_all_dealt="dealer_chooses")
    state = game(rules, [deal(*HANDS, trump="4c")], dealer=0)
    assert state.phase is Phase.BID
    assert state.trump is Suit.COPAS
    seeded = new_game(CHOOSES, seed=5)
    assert seeded.phase is Phase.CHOOSE_TRUMP
    assert seeded.to_move == seeded.dealer
    assert seeded.trump_card is None


def textbook_deal(rules: RuleSet, seed: int, index: int, dealer: int, cards: int) -> Deal:
    """The deal a seed makes, written the plain way: a whole Fisher-Yates
    shuffle of the deck (in card order) with the digits of the seed's number,
    then one card at a time from the top (the end of the deck) to each seat
    in turn from the first player; the card under the dealt ones (or, when
    every card is dealt, the dealer's last card) shows trump."""
    deck = sorted(deck_of(rules), key=lambda c: c.index)
    number = seeded_number(f"{seed}:{index}")
    for i in range(len(deck) - 1, 0, -1):
        number, j = divmod(number, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    n = rules.players
    hands: list[list[Card]] = [[] for _ in range(n)]
    top = len(deck) - 1
    for k in range(n * cards):
        hands[(dealer + 1 + k) % n].append(deck[top - k])
    under = deck[top - n * cards] if n * cards < len(deck) else deck[0]
    return Deal(hands=hands, trump_card=under)


@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("deck", [40, 48])
def test_seeded_deals_are_the_textbook_shuffle_and_deal(players: int, deck: Any) -> None:
    # The engine shuffles only as far as the cards it deals, a few digits at
    # a time: the same cards as shuffling the whole deck, then dealing.
    for size in {1, 2, RuleSet(players=players, deck=deck).max_cards}:
        rules = RuleSet(players=players, deck=deck, schedule=[size, size])
        for seed in (0, 1, 977, 2**64 + 3, 2**255 - 19):
            state = new_game(rules, seed=seed)
            dealer = state.dealer
            assert state.deal == textbook_deal(rules, seed, 0, dealer, size)
            while state.round_index == 0:
                state = apply(state, legal_moves(state)[-1])
            assert state.deal == textbook_deal(rules, seed, 1, (dealer + 1) % players, size)


@pytest.mark.parametrize("players", range(3, 9))
def test_the_seeded_dealer_is_the_first_rounds_top_bits_modulo_the_players(players: int) -> None:
    # The first round's number: its lowest digits shuffle, its top 64 bits
    # draw the dealer. With 4 or 8 players the engine reads one byte alone.
    dealers = set()
    for seed in (*range(40), 2**64 + 7, 2**255 - 1):
        number = seeded_number(f"{seed}:0")
        dealer = (number >> 256) % players
        assert new_game(RuleSet(players=players), seed=seed).first_dealer == dealer
        dealers.add(dealer)
    assert dealers == set(range(players))


@pytest.mark.parametrize("cards", [1, 3, 5])
@pytest.mark.parametrize("players", [3, 4, 5, 8])
def test_simulate_draws_the_dealer_and_deals_as_new_game(players: int, cards: int) -> None:
    # simulate takes the first dealer and the first deal from one digest:
    # the same dealer and cards as new_game, which takes two.
    rules = RuleSet(players=players, schedule=(cards,), tiebreak="shared")
    for seed in range(30):
        state = new_game(rules, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            state = apply(state, rng.choice(legal_moves(state)))
        assert simulate(rules, 1, seed=seed, rng=random.Random(seed)) == (state.scores,)


def test_the_deals_a_state_lays_out_are_deals_as_their_constructor_builds_them() -> None:
    rng = random.Random(5)
    for seed in range(6):
        state = new_game(RuleSet(players=3 + seed % 4), seed=seed)
        while not state.is_over:
            state = apply(state, rng.choice(legal_moves(state)))
        for laid in state.deals:
            built = Deal(
                hands=[list(reversed(hand)) for hand in laid.hands], trump_card=laid.trump_card
            )
            assert (laid, hash(laid), repr(laid)) == (built, hash(built), repr(built))
