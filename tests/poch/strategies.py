"""Hypothesis strategies for Poch: rules over every option, and whole games
played by a seeded chooser of legal moves."""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import strategies as st

from pocha_rules.poch import GameState, Move, RuleSet, apply, legal_moves, new_game


@st.composite
def poch_rules(draw: st.DrawFn, *, players: int | None = None) -> RuleSet:
    """A RuleSet over every option (games kept short: at most a few deals)."""
    n = draw(st.integers(3, 6)) if players is None else players
    insolvency = draw(st.sampled_from(("debt", "out")))
    dress_poch = draw(st.booleans())
    centre_pool = draw(st.booleans())
    dressed = 7 + dress_poch + centre_pool
    end = draw(
        st.sampled_from(
            ("rounds", "deals", "bust") if insolvency == "out" else ("rounds", "deals")
        )
    )
    low_chips = insolvency == "out" and draw(st.booleans())
    starting = (
        draw(st.integers(dressed, 3 * dressed))
        if low_chips
        else draw(st.integers(max(dressed, 0) if insolvency == "out" else 0, 80))
    )
    rounds_max = draw(st.sampled_from((1, 2, 3, 5, None) if insolvency == "out" else (1, 2, 3, 5)))
    return RuleSet(
        players=n,
        deck=draw(st.sampled_from((32, 52))),
        direction=draw(st.sampled_from(("clockwise", "counterclockwise"))),
        starting_chips=starting,
        dress_poch=dress_poch,
        centre_pool=centre_pool,
        turnup_pool=draw(st.sampled_from(("dealer", "carry"))),
        sequence_rule=draw(st.sampled_from(("trump_789", "longest_run"))),
        sequence_tie=draw(st.sampled_from(("eldest", "split"))),
        two_pair=draw(st.sampled_from(("own_type", "higher_pair"))),
        poch_tie=draw(st.sampled_from(("split", "trump"))),
        odd_chip=draw(st.sampled_from(("pool", "eldest"))),
        bet_max=draw(st.integers(1, 12)),
        bet_rounds_max=rounds_max,
        showdown_reveal=draw(st.sampled_from(("hand", "combination"))),
        stop_chips=draw(st.integers(0, 3)),
        card_chips=draw(st.integers(0, 3)),
        last_card_stop_pays=draw(st.booleans()),
        insolvency=insolvency,
        end=end,
        rounds=1,
        deals=draw(st.integers(1, 3)) if end == "deals" else None,
        max_deals=draw(st.integers(1, 8)),
        board_at_end=draw(st.sampled_from(("unclaimed", "shared"))),
    )


Chooser = Callable[[GameState, tuple[Move, ...]], Move]


def random_chooser(seed: int, *, bold: float = 0.5) -> Chooser:
    """Chooses uniformly among the legal moves, but betting more often than
    passing (``bold``) so that reopens and showdowns happen."""
    rng = random.Random(seed)

    def choose(state: GameState, moves: tuple[Move, ...]) -> Move:
        if len(moves) > 1 and str(moves[0]) in ("pass", "close") and rng.random() < bold:
            return rng.choice(moves[1:])
        return rng.choice(moves)

    return choose


def play_out(state: GameState, choose: Chooser) -> list[GameState]:
    """Every state from ``state`` to the end of the game."""
    states = [state]
    while not state.is_over:
        state = apply(state, choose(state, legal_moves(state)))
        states.append(state)
    return states


@st.composite
def games(draw: st.DrawFn, rules: RuleSet | None = None) -> list[GameState]:
    """A whole game: every state from the first to the last."""
    if rules is None:
        rules = draw(poch_rules())
    seed = draw(st.integers(0, 2**32))
    dealer = draw(st.none() | st.integers(0, rules.players - 1))
    return play_out(
        new_game(rules, seed=seed, dealer=dealer), random_chooser(draw(st.integers(0, 2**32)))
    )
