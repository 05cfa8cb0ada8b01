"""The fast path for rollouts: play a game to its end without building states.

:func:`rollout` finishes a game from any :class:`GameState` and returns the
final scores; :func:`rollout_rounds` returns the scores of every round;
:func:`simulate` plays many whole games from their seeds, without building
even the first state. They are for Monte Carlo search and statistics, where
only the end matters: the game runs on local integers and bit masks, with no
:class:`GameState`, no history and no move objects on the way (unless a
``policy`` asks for them).

They play exactly the games the public API would. With ``policy=None`` each
move is the one ``rng.choice(legal_moves(state))`` would pick: the same
number is drawn from ``rng`` (``rng.randrange(len(moves))``, which is what
``choice`` draws) and it indexes the same sorted list of legal moves. With a
``policy``, the policy is handed the very tuple :func:`legal_moves` would
return. The test suite checks both against :func:`apply`, move for move,
across random rule sets.

This is a separate door, not a shortcut through :func:`apply`: ``apply``
always checks the move it is given, and nothing here hands a state back.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from pocha_rules._common.errors import PochaError, say
from pocha_rules._common.text import got, shown
from pocha_rules._pocha.game import check_seed
from pocha_rules._pocha.playout import Policy, play_games, play_out
from pocha_rules._pocha.rules import RuleSet
from pocha_rules._pocha.state import GameState
from pocha_rules._pocha.tables import tables_for

__all__ = ["Policy", "rollout", "rollout_rounds", "simulate"]


def rollout(
    state: GameState, policy: Policy | None = None, rng: random.Random | None = None
) -> tuple[int, ...]:
    """Play ``state`` to the end of the game; return the final scores.

    The result is what ``score`` gives for the final state reached by
    applying the same moves with the public API, but no state is built on
    the way (see the module's notes): use it for rollouts.

    Args:
        state: Any state; a finished game returns its scores.
        policy: Chooses each move from the legal moves (the tuple
            :func:`legal_moves` would return). ``None`` plays uniformly at
            random: the move ``rng.choice(legal_moves(state))`` would pick.
        rng: The random generator for ``policy=None``; a fresh, unseeded one
            when not given.

    Raises:
        IllegalMoveError: ``policy`` returned a move that is not legal.

    >>> import random
    >>> from pocha_rules import RuleSet, new_game, apply, legal_moves
    >>> rules = RuleSet(schedule=(3, 2))
    >>> start = new_game(rules, seed=5)
    >>> scores = rollout(start, rng=random.Random(1))
    >>> state, rng = start, random.Random(1)
    >>> while not state.is_over:
    ...     state = apply(state, rng.choice(legal_moves(state)))
    >>> scores == state.scores
    True

    """
    return tuple(_finish(state, policy, rng)[0])


def rollout_rounds(
    state: GameState, policy: Policy | None = None, rng: random.Random | None = None
) -> tuple[tuple[int, ...], ...]:
    """Like :func:`rollout`, but return the points of every round of the
    game (the rounds finished before ``state`` included), one tuple by seat
    per round: what :attr:`GameState.round_scores` holds once it is over.

    >>> import random
    >>> from pocha_rules import RuleSet, new_game
    >>> start = new_game(RuleSet(schedule=(3, 2)), seed=5)
    >>> rounds = rollout_rounds(start, rng=random.Random(1))
    >>> tuple(map(sum, zip(*rounds))) == rollout(start, rng=random.Random(1))
    True
    """
    return tuple(_finish(state, policy, rng)[1])


MAX_GAMES: Final = 2**62
"""The most games :func:`simulate` plays in one call (as the spread
:func:`pocha_rules.parallel.simulate` does)."""


def simulate(
    rules: RuleSet,
    games: int,
    *,
    seed: int = 0,
    dealer: int | None = None,
    policy: Policy | None = None,
    rng: random.Random | None = None,
) -> tuple[tuple[int, ...], ...]:
    """Play ``games`` whole games from the start; return each one's final scores.

    Game ``i`` is the game of ``new_game(rules, seed=seed + i, dealer=dealer)``
    played to its end, one game after the other, with the moves
    :func:`rollout` would choose drawing from the one ``rng``. It is the
    fastest door for statistics over many games: the cards are dealt
    straight into bit masks, and no :class:`GameState` is built at all.

    Args:
        rules: The rules to play by.
        games: How many games.
        seed: The first game's seed; the next games take the next numbers.
        dealer: The first dealer of every game; ``None`` draws it from each
            game's seed, as :func:`new_game` does.
        policy: As for :func:`rollout`; ``None`` plays uniformly at random.
        rng: The random generator for ``policy=None``; ``random.Random(seed)``
            when not given, so that the same arguments give the same games.

    Raises:
        IllegalMoveError: ``policy`` returned a move that is not legal.
        PochaError: An argument is out of range.
        TypeError: An argument is not of the type named above.

    >>> import random
    >>> from pocha_rules import RuleSet, new_game
    >>> rules = RuleSet(schedule=(3, 2))
    >>> batch = simulate(rules, 2, seed=40, rng=random.Random(1))
    >>> rng = random.Random(1)
    >>> batch == tuple(rollout(new_game(rules, seed=s), rng=rng) for s in (40, 41))
    True

    """
    if not isinstance(rules, RuleSet):
        raise TypeError(f"rules must be a RuleSet, got {got(rules)}")
    if type(games) is not int:
        raise TypeError(f"games must be an int, got {got(games)}")
    if games < 0:
        raise PochaError(say("games_negative", got=shown(games)))
    if games > MAX_GAMES:
        raise PochaError(say("games_count_range", got=shown(games)))
    check_seed(seed)
    check_seed(seed + games)  # the last game's seed
    t = tables_for(rules)
    n = t.players
    if dealer is not None:
        if type(dealer) is not int:
            raise TypeError(f"dealer must be an int, got {got(dealer)}")
        if not 0 <= dealer < n:
            raise PochaError(say("dealer_out_of_range", high=n - 1, got=shown(dealer)))
    if rng is None:
        rng = random.Random(seed)
    draw, bits = _drawers(rng, policy)
    return play_games(t, seed, games, dealer, policy, draw, bits)


def _drawers(
    rng: random.Random, policy: Policy | None
) -> tuple[Callable[[int], int], Callable[[int], int] | None]:
    """How to draw a number below ``k`` as ``rng.randrange(k)`` (and so
    ``rng.choice``) draws it; and ``rng.getrandbits`` when the trick loop
    may draw its plays itself (no ``policy``, a plain :class:`random.Random`).

    ``randrange(k)`` and ``choice`` both draw ``rng._randbelow(k)``; for a
    plain generator that takes ``k.bit_length()`` random bits, again while
    the number is ``k`` or more, which the trick loop does inline.
    """
    if type(rng) is not random.Random:
        return rng.randrange, None
    below: Callable[[int], int] = rng._randbelow  # type: ignore[attr-defined]
    return below, rng.getrandbits if policy is None else None


def _finish(
    state: GameState, policy: Policy | None, rng: random.Random | None
) -> tuple[list[int], list[tuple[int, ...]]]:
    """Play ``state`` out; the final totals and every round's scores."""
    if not isinstance(state, GameState):
        raise TypeError(f"state must be a GameState, got {got(state)}")
    if rng is None:
        rng = random.Random()
    draw, bits = _drawers(rng, policy)
    g = state._c.g
    rounds: list[tuple[int, ...]] = []
    totals = play_out(g.tables, g.seed, g.first_dealer, g.deals, policy, draw, bits, state, rounds)
    return totals, rounds
