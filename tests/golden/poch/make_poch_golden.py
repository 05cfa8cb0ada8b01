"""Write the golden Poch games of ``tests/poch/test_golden.py``.

Each game is played by a seeded chooser among :func:`legal_moves` (which
bets more often than it passes, so that reopens and showdowns happen); the
files hold the rules, the first dealer, every deal's pack, every move with
its seat, and what each deal left: the balances, the pools and every payment
in words. The seed of each game is the first one, from 0, whose game shows
the features named beside it. Run from the repository root::

    python tests/golden/poch/make_poch_golden.py

Only regenerate for a deliberate change of rule behaviour.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

import attrs

from pocha_rules.poch import GameState, RuleSet, apply, legal_moves, new_game

HERE: Final = Path(__file__).resolve().parent


def _reopened(state: GameState) -> bool:
    return any(str(m).startswith("reopen") for d in state.deal_results for _, m in d.moves)


def _split(state: GameState) -> bool:
    return any(sum(1 for p in d.payments if p.reason == "poch") > 1 for d in state.deal_results)


def _eliminated(state: GameState) -> bool:
    return bool(state.out) and state.deals_played >= 2


def _centre(state: GameState) -> bool:
    return any(p.reason == "centre" for p in state.ledger) and _split(state)


GAMES: Final[dict[str, tuple[RuleSet, Callable[[GameState], bool]]]] = {
    # The defaults at four: a reopened betting.
    "poch_default_4p": (RuleSet(players=4), _reopened),
    # Six players, 52 cards, the longest run takes the sequence, split ties,
    # odd chips to the eldest, a centre pool: a shared poch pool.
    "poch_runs_centre_6p": (
        RuleSet(
            players=6,
            sequence_rule="longest_run",
            sequence_tie="split",
            odd_chip="eldest",
            centre_pool=True,
        ),
        _centre,
    ),
    # Three players who go out when they cannot dress, until too few are
    # left; the board is shared at the end.
    "poch_bust_3p": (
        RuleSet(
            players=3,
            starting_chips=16,
            insolvency="out",
            end="bust",
            bet_rounds_max=None,
            board_at_end="shared",
            stop_chips=2,
        ),
        _eliminated,
    ),
    # Five players under the variants: an undressed poch pool, a turned-up
    # honour carries, trump breaks ties, two pair counts as its high pair,
    # only combinations are shown, a last card earns no stop.
    "poch_variants_5p": (
        RuleSet(
            players=5,
            deck=32,
            dress_poch=False,
            turnup_pool="carry",
            poch_tie="trump",
            two_pair="higher_pair",
            showdown_reveal="combination",
            last_card_stop_pays=False,
            end="deals",
            deals=3,
        ),
        _reopened,
    ),
}


def play(rules: RuleSet, seed: int) -> tuple[GameState, list[tuple[int, str]]]:
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    moves = []
    while not state.is_over:
        legal = legal_moves(state)
        move = (
            rng.choice(legal[1:]) if len(legal) > 1 and rng.random() < 0.5 else rng.choice(legal)
        )
        moves.append((state.to_move, str(move)))
        state = apply(state, move)
    return state, moves  # type: ignore[return-value]


def record(rules: RuleSet, state: GameState, moves: list[tuple[int, str]]) -> dict[str, Any]:
    return {
        "rules": attrs.asdict(rules),
        "first_dealer": state.first_dealer,
        "deals": [" ".join(str(c) for c in d.ordering) for d in state.deal_results],
        "moves": [f"{seat} {text}" for seat, text in moves],
        "results": [
            {
                "dealer": d.dealer,
                "turnup": str(d.turnup),
                "balances": list(d.balances),
                "payments": [str(p) for p in d.payments if p.reason != "dressing"],
            }
            for d in state.deal_results
        ],
        "final": {
            "balances": list(state.balances),
            "pools": state.pools,
            "ranking": list(state.ranking),
            "out": list(state.out),
            "payments": [str(p) for p in state.deal_payments],
        },
    }


def main() -> None:
    for name, (rules, wanted) in GAMES.items():
        seed = 0
        while True:
            state, moves = play(rules, seed)
            if wanted(state):
                break
            seed += 1
        path = HERE / f"{name}.json"
        path.write_text(json.dumps(record(rules, state, moves), indent=1) + "\n")
        print(f"{path.name}: seed {seed}, {state.deals_played} deals, {len(moves)} moves")


if __name__ == "__main__":
    main()
