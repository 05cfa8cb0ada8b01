"""Write the golden game records of ``tests/test_golden.py``.

Each game is played by seeded random choice among :func:`legal_moves` (which
come in a fixed order). The records carry every deal explicitly, so they
replay to the same results however seeds deal: the seeds below were picked,
when the files were first written, for the features named beside each game,
and the current seeded shuffle deals them differently. Regenerating therefore
writes new games; pick seeds again that show the same features. Run from the
repository root::

    python tests/golden/make_golden.py

Only regenerate for a deliberate change of rule behaviour (and bump
``RULES_VERSION``), then update the expected results in
``tests/test_golden.py``.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Final

from pocha_rules import GameState, Phase, Play, RuleSet, apply, legal_moves, new_game
from pocha_rules._pocha.engine import play_unchecked
from pocha_rules.records import GameRecord, dump

HERE: Final = Path(__file__).resolve().parent

GAMES: Final = {
    # The default rules: 4 players, 40 cards, the classic 28-round plan. The
    # seed was picked for a tie at the top after round 28: tiebreak rounds.
    "classic_4p": (RuleSet(), 9, 0),
    # The free-following classic at a table of 3 (the 2s out): follow suit
    # freely, a miss costs the tricks bid, the dealer names trump when every
    # card is dealt, and ending on 0 also wins.
    "free_following_3p": (
        RuleSet(
            players=3,
            remove_twos=True,
            must_overtake=False,
            miss_penalty="per_trick_bid",
            trump_when_all_dealt="dealer_chooses",
            zero_wins=True,
        ),
        6,
        1,
    ),
    # 5 players with the 48-card deck, up and down with a final auction.
    "up_down_auction_5p_48": (RuleSet(players=5, deck=48, schedule="up_down_auction"), 48, 4),
    # The long game: auction and blind rounds, oros doubles.
    "full_double_oros_4p": (RuleSet(schedule="full", double_when_oros=True), 7, 2),
}
"""Name: (rules, seed of the deals and of the play, first dealer)."""

REVOKE_RULES: Final = RuleSet(schedule=[1, 2, 3, 4, 5, 4, 3, 2, 1])
"""A short evening's plan for the game with a revoke."""


def random_game(rules: RuleSet, seed: int, dealer: int) -> GameState:
    """A whole game dealt from ``seed``, every move a seeded random choice."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed, dealer=dealer)
    while not state.is_over:
        state = apply(state, rng.choice(legal_moves(state)))
    return state


def revoke_game(seed: int = 5, dealer: int = 0, revoke_round: int = 3) -> GameState:
    """A game as a real table might play it: in round ``revoke_round`` the
    first player able to revoke plays the first card the obligations forbid,
    and play goes on.
    """
    rng = random.Random(seed)
    state = new_game(REVOKE_RULES, seed=seed, dealer=dealer)
    revoked = False
    while not state.is_over:
        legal = legal_moves(state)
        seat = state.to_move
        assert seat is not None
        if not revoked and state.round_index == revoke_round and state.phase is Phase.PLAY:
            wrong = [card for card in state.hands[seat] if Play(card) not in legal]
            if wrong:
                state = play_unchecked(state, Play(wrong[0]))
                revoked = True
                continue
        state = apply(state, rng.choice(legal))
    assert revoked
    return state


def main() -> None:
    for name, (rules, seed, dealer) in GAMES.items():
        state = random_game(rules, seed, dealer)
        path = HERE / f"{name}.json"
        dump(GameRecord.from_state(state), path)
        print(
            f"{path.name}: {len(state.round_results)} rounds, scores {state.scores}, "
            f"winners {state.winners}"
        )
    state = revoke_game()
    path = HERE / "lenient" / "revoke_4p.json"
    path.parent.mkdir(exist_ok=True)
    dump(GameRecord.from_state(state), path)
    print(f"lenient/{path.name}: scores {state.scores} before the revoke penalty")


if __name__ == "__main__":
    main()
