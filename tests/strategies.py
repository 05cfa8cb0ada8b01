"""Reusable hypothesis strategies: rules, seeds, reachable states, whole games.

States are built by drawing, move after move, an index into
:func:`legal_moves`, so a failing example shrinks to a short game with the
first legal moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from pocha_rules import (
    GameState,
    Move,
    PlayerView,
    Round,
    RoundKind,
    RuleSet,
    apply,
    legal_moves,
    max_cards,
    new_game,
    observe,
)

PRESET_NAMES = ("classic", "up_down", "up_down_auction", "full")
DEFAULT_ORDER = {
    40: (1, 3, 12, 11, 10, 7, 6, 5, 4, 2),
    48: (1, 3, 12, 11, 10, 9, 8, 7, 6, 5, 4, 2),
}


def seeds() -> st.SearchStrategy[int]:
    """Seeds for :func:`new_game` (any size the engine accepts)."""
    return st.integers(min_value=0, max_value=2**63 - 1)


@st.composite
def rounds(draw: st.DrawFn, top: int, *, largest: int | None = None) -> Round:
    """One schedule entry of up to ``largest`` (default ``top``) cards."""
    kind = draw(st.sampled_from(RoundKind))
    if kind is RoundKind.BLIND:
        return Round(1, kind)
    high = top if largest is None else min(top, largest)
    return Round(draw(st.integers(1, high)), kind)


@st.composite
def schedules(
    draw: st.DrawFn, players: int, deck: int, remove_twos: bool, *, small: bool = True
) -> tuple[Round, ...]:
    """A random custom schedule; ``small`` keeps it short with small hands."""
    top = max_cards(players, deck, remove_twos=remove_twos)
    if small:
        return tuple(draw(st.lists(rounds(top, largest=4), min_size=1, max_size=3)))
    return tuple(draw(st.lists(rounds(top), min_size=1, max_size=2 * players)))


@st.composite
def rule_sets(
    draw: st.DrawFn, *, small: bool = True, presets: bool = False, players: int | None = None
) -> RuleSet:
    """RuleSets over every option, 3 to 8 players, both decks.

    Args:
        small: Custom schedules are short with small hands (fast games).
        presets: Also draw the named presets and long custom schedules.
        players: Fix the number of players.

    """
    n = draw(st.integers(3, 8)) if players is None else players
    deck = draw(st.sampled_from((40, 48)))
    twos_choice = draw(st.sampled_from((None, True, False)))
    twos = (n in (3, 6) and deck == 40) if twos_choice is None else twos_choice
    order: tuple[int, ...] | None = None
    if draw(st.booleans()):
        order = tuple(draw(st.permutations(DEFAULT_ORDER[deck])))
        if twos and draw(st.booleans()):
            order = tuple(rank for rank in order if rank != 2)  # the 2s are out anyway
    schedule: Any
    if presets and draw(st.booleans()):
        schedule = draw(st.sampled_from(PRESET_NAMES))
    else:
        schedule = draw(schedules(n, deck, twos, small=small and not presets))
        if draw(st.booleans()):
            schedule = [str(entry) for entry in schedule]
    hit_bonus = draw(st.integers(0, 20))
    per_trick = draw(st.integers(0, 10))
    tiebreak = draw(st.sampled_from(("one_card_rounds", "shared")))
    if hit_bonus == per_trick == 0:
        tiebreak = "shared"  # otherwise tied totals of 0 would never end the game
    return RuleSet(
        players=n,
        deck=deck,  # type: ignore[arg-type]
        remove_twos=twos_choice,
        rank_order=order,
        schedule=schedule,
        hook_in_one_card_rounds=draw(st.booleans()),
        trump_when_all_dealt=draw(st.sampled_from(("dealer_last_card", "dealer_chooses"))),
        must_overtake=draw(st.booleans()),
        must_ruff=draw(st.booleans()),
        must_overruff=draw(st.booleans()),
        auction_winner_leads=draw(st.booleans()),
        hit_bonus=hit_bonus,
        per_trick=per_trick,
        miss_penalty=draw(st.sampled_from(("per_trick_off", "per_trick_bid", "none"))),
        pocha_bonus=draw(st.booleans()),
        pocha_min_cards=draw(st.integers(1, 8)),
        double_when_oros=draw(st.booleans()),
        revoke_penalty=draw(st.integers(-100, 0)),
        zero_wins=draw(st.booleans()),
        tiebreak=tiebreak,
    )


@st.composite
def all_dealt_rules(draw: st.DrawFn) -> RuleSet:
    """Rules whose one round deals every card: the dealer shows its last card
    or chooses trump, or the round is an auction."""
    players = draw(st.sampled_from((4, 5, 8)))
    return RuleSet(
        players=players,
        schedule=[f"{40 // players}{draw(st.sampled_from(('', 'a')))}"],
        trump_when_all_dealt=draw(st.sampled_from(("dealer_last_card", "dealer_chooses"))),
        must_overtake=draw(st.booleans()),
        must_ruff=draw(st.booleans()),
        must_overruff=draw(st.booleans()),
    )


def any_rules() -> st.SearchStrategy[RuleSet]:
    """:func:`rule_sets` or :func:`all_dealt_rules`: random rules that also
    often reach the rounds where every card is dealt."""
    return st.one_of(rule_sets(), all_dealt_rules())


@st.composite
def new_games(draw: st.DrawFn, rules: st.SearchStrategy[RuleSet] | None = None) -> GameState:
    """A fresh game under drawn rules, seed and first dealer."""
    ruleset = draw(rule_sets() if rules is None else rules)
    dealer = draw(st.integers(0, ruleset.players - 1))
    return new_game(ruleset, seed=draw(seeds()), dealer=dealer)


@st.composite
def game_states(
    draw: st.DrawFn, rules: st.SearchStrategy[RuleSet] | None = None, max_moves: int = 120
) -> GameState:
    """A reachable state: a new game, then up to ``max_moves`` legal moves,
    each drawn as an index into :func:`legal_moves`.
    """
    state = draw(new_games(rules))
    steps = draw(st.integers(0, max_moves))
    for _ in range(steps):
        if state.is_over:
            break
        options = legal_moves(state)
        state = apply(state, options[draw(st.integers(0, len(options) - 1))])
    return state


def random_player(seed: int) -> Callable[[GameState], Move]:
    """A policy that picks a uniformly random legal move (reproducibly)."""
    rng = random.Random(seed)
    return lambda state: rng.choice(legal_moves(state))


def play_out(
    state: GameState,
    seed: int = 0,
    *,
    on_state: Callable[[GameState], None] | None = None,
    limit: int = 100_000,
) -> GameState:
    """Play ``state`` to the end with random legal moves drawn from ``seed``,
    calling ``on_state`` on every state reached (the first and last included).
    """
    choose = random_player(seed)
    for _ in range(limit):
        if on_state is not None:
            on_state(state)
        if state.is_over:
            return state
        state = apply(state, choose(state))
    raise AssertionError(f"the game did not finish within {limit} moves")


def random_game(rules: RuleSet, seed: int, *, dealer: int | None = None) -> GameState:
    """A whole game under ``rules``: dealt and played from ``seed``."""
    return play_out(new_game(rules, seed=seed, dealer=dealer), seed)


@st.composite
def views(draw: st.DrawFn, max_moves: int = 120) -> PlayerView:
    """The view of a drawn seat in a reachable state under rules that often
    play auction and blind rounds and deal every card (:func:`any_rules`)."""
    state = draw(game_states(any_rules(), max_moves=max_moves))
    return observe(state, draw(st.integers(0, state.rules.players - 1)))


def json_values(max_leaves: int = 8) -> st.SearchStrategy[object]:
    """Any JSON data: nulls, booleans, numbers, strings, lists and objects."""
    leaves = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**70), 2**70),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=12),
        st.sampled_from(["12o", "1b", "bid 1", "play 1o", "pass", "oros", "play", "4", ""]),
    )
    return st.recursive(
        leaves,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
        ),
        max_leaves=max_leaves,
    )


@st.composite
def positions(draw: st.DrawFn, kind: RoundKind, *, max_moves: int = 60) -> GameState:
    """A state in a round of ``kind`` (not over), often after earlier rounds
    that left scores: rules drawn as :func:`rule_sets` draws them, with a
    schedule of up to two small normal rounds, then the ``kind`` round; moves
    drawn as indices into :func:`legal_moves` until that round, then up to
    ``max_moves`` more within it."""
    drawn = draw(rule_sets())
    top = drawn.max_cards
    before = draw(st.lists(st.integers(1, min(top, 3)), max_size=2))
    cards = 1 if kind is RoundKind.BLIND else draw(st.integers(1, min(top, 5)))
    options: dict[str, Any] = drawn.options()
    options["schedule"] = (*before, Round(cards, kind))
    rules = RuleSet(**options)
    state = new_game(rules, seed=draw(seeds()), dealer=draw(st.integers(0, rules.players - 1)))
    while state.round_index < len(before):
        options_now = legal_moves(state)
        state = apply(state, options_now[draw(st.integers(0, len(options_now) - 1))])
    for _ in range(draw(st.integers(0, max_moves))):
        options_now = legal_moves(state)
        after = apply(state, options_now[draw(st.integers(0, len(options_now) - 1))])
        if after.is_over:
            break
        state = after
    return state
