"""The final position: once the game is over, the state shows its last
round as it ended (who dealt, who was first, the auction, the bids, who led
the last trick, the tricks won), nobody is to move and no card is held."""

from __future__ import annotations

from pocha_rules import Call, Pass, Phase, RuleSet, Suit, legal_moves, observe
from tests.helpers import deal, game

RULES = RuleSet(schedule=["2a"], tiebreak="shared")
DEAL = deal("1o 3o", "12o 11o", "1c 3c", "1e 5b")
# Seat 1 wins the auction with 2 and names copas; it leads 12o, seat 2 ruffs
# with 3c and takes both tricks, leading the last with 1c.
MOVES = [
    "call 1", "call 2", "pass", "pass", "trump c",
    "bid 0", "bid 1", "bid 0",
    "play 12o", "play 3c", "play 1e", "play 1o",
    "play 1c", "play 5b", "play 3o", "play 11o",
]  # fmt: skip


def test_a_finished_game_shows_its_last_round_as_it_ended() -> None:
    state = game(RULES, [DEAL], MOVES, dealer=3)
    assert state.is_over
    assert state.phase is Phase.OVER
    assert state.to_move is None
    assert legal_moves(state) == ()
    assert state.round_index == 0
    assert state.dealer == 3
    assert state.eldest == 0
    assert state.calls == ((0, Call(1)), (1, Call(2)), (2, Pass()), (3, Pass()))
    assert state.auction_winner == 1
    assert state.trump is Suit.COPAS
    assert state.bid_order == (0, 2, 3)
    assert state.bids == (0, 2, 1, 0)
    assert state.leader == 2  # who led the last trick
    assert state.tricks_won == (0, 0, 2, 0)
    assert state.tricks_won == state.round_results[-1].won
    assert state.hands == ((), (), (), ())
    assert state.trick == ()
    assert state.round_scores == ((10, -10, -5, 10),)
    assert state.winners == (0, 3)
    view = observe(state, 2)
    assert (view.leader, view.tricks_won, view.auction_winner) == (2, (0, 0, 2, 0), 1)
    assert (view.eldest, view.dealer, view.to_move) == (0, 3, None)
    assert view.legal_moves() == ()


def test_the_final_position_of_a_normal_round() -> None:
    # Seat 3 is first, leads 2c and takes the trick: nobody can follow or ruff.
    state = game(
        RuleSet(schedule=[1], tiebreak="shared"),
        [deal("1o", "3o", "12o", "2c", trump="5e")],
        ["bid 0", "bid 1", "bid 0", "bid 1", "play 2c", "play 1o", "play 3o", "play 12o"],
        dealer=2,
    )
    assert state.is_over
    assert (state.dealer, state.eldest, state.leader) == (2, 3, 3)
    assert state.auction_winner is None
    assert state.calls == ()
    assert state.bid_order == (3, 0, 1, 2)
    assert state.bids == (1, 0, 1, 0)
    assert state.tricks_won == (0, 0, 0, 1)
