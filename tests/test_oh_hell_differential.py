"""The ``oh_hell`` preset against OpenSpiel's own C++ ``oh_hell``, hand by hand.

Both engines get the same cards: the hands are dealt explicitly to
pocha-rules, and OpenSpiel's chance nodes are given the outcomes that deal
those very cards (its first card goes to player 0, then round the table; its
last chance node turns up the trump card). Ranks are matched by strength:
OpenSpiel's weakest rank, its 2, is the weakest rank of the rule set's order,
and so on up. At every decision both must have the same player to move and
the same legal moves (a play id of pocha-rules is OpenSpiel's card, a bid id
its bid), and at the end the same returns.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the comparison needs the openspiel extra")

from pocha_rules import Bid, Card, Deal, Play, RuleSet, Suit, new_game  # noqa: E402
from pocha_rules.actions import action_table, apply_action, legal_actions  # noqa: E402

HANDS_PER_SETUP = 26
SCORINGS = ((False, 1), (True, 5))
"""OpenSpiel's default scoring, and its off-bid penalty with 5 points a trick."""


def hand_sizes(players: int, deck: int) -> list[int]:
    top = (deck - 1) // players  # a card is always left to turn up
    return sorted({1, 2, top // 2, top})


def openspiel_card(rules: RuleSet, card: Card) -> int:
    """OpenSpiel's id of ``card``: ``rank * suits + suit``, its ranks rising
    in strength from 0."""
    strength = len(rules.ranks) - 1 - rules.ranks.index(card.rank)
    return strength * 4 + card.suit.value


def deal_cards(rules: RuleSet, rng: random.Random) -> Deal:
    deck = [Card(rank, suit) for suit in Suit for rank in rules.ranks]
    rng.shuffle(deck)
    n = rules.players
    cards = rules.schedule[0].cards
    hands = [deck[seat * cards : (seat + 1) * cards] for seat in range(n)]
    return Deal(hands=hands, trump_card=deck[n * cards])


def play_one_hand(rules: RuleSet, game: Any, rng: random.Random) -> int:
    """One random hand played by both engines; the number of decisions compared."""
    n = rules.players
    cards = rules.schedule[0].cards
    deck_size = rules.deck_size
    deal = deal_cards(rules, rng)
    dealer = rng.randrange(n)
    ours = new_game(rules, seed=0, dealer=dealer, deals=[deal])

    theirs = game.new_initial_state()
    assert theirs.chance_outcomes() == [(cards, 1.0)]  # the number of tricks
    theirs.apply_action(cards)
    theirs.apply_action(dealer)
    for k in range(n * cards):  # player 0 gets the first card, then round the table
        outcome = openspiel_card(rules, deal.hands[k % n][k // n])
        assert outcome in theirs.legal_actions()
        theirs.apply_action(outcome)
    assert deal.trump_card is not None
    theirs.apply_action(openspiel_card(rules, deal.trump_card))

    table = action_table(rules)
    ours_of: dict[int, int] = {}  # OpenSpiel's action -> ours
    for card in table.cards:
        ours_of[openspiel_card(rules, card)] = table.action(Play(card))
    for bid in range(cards + 1):
        ours_of[deck_size + bid] = table.action(Bid(bid))
    theirs_of = {mine: other for other, mine in ours_of.items()}

    decisions = 0
    while not theirs.is_terminal():
        assert not ours.is_over
        assert theirs.current_player() == ours.to_move
        legal = legal_actions(ours)
        assert sorted(ours_of[action] for action in theirs.legal_actions()) == list(legal)
        action = rng.choice(legal)
        ours = apply_action(ours, action)
        theirs.apply_action(theirs_of[action])
        decisions += 1
    assert ours.is_over
    assert theirs.returns() == [float(total) for total in ours.scores]
    return decisions


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_the_oh_hell_preset_plays_as_openspiels_oh_hell(players: int) -> None:
    rng = random.Random(f"oh_hell:{players}")
    hands = decisions = 0
    for deck in (40, 48):
        for cards in hand_sizes(players, deck):
            for penalty, points in SCORINGS:
                rules = RuleSet.oh_hell(
                    players=players,
                    cards=cards,
                    deck=deck,
                    off_bid_penalty=penalty,
                    points_per_trick=points,
                )
                game = pyspiel.load_game(
                    "oh_hell",
                    {
                        "players": players,
                        "num_suits": 4,
                        "num_cards_per_suit": deck // 4,
                        "num_tricks_fixed": cards,
                        "off_bid_penalty": penalty,
                        "points_per_trick": points,
                    },
                )
                for _ in range(HANDS_PER_SETUP):
                    decisions += play_one_hand(rules, game, rng)
                    hands += 1
    # 2 decks x 3 or 4 hand sizes x 2 scorings x 26 hands: over 2,000 hands
    # across the five player counts.
    assert hands >= 12 * HANDS_PER_SETUP
    assert decisions >= hands * 2 * players
