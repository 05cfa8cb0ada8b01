"""Starting a game: :func:`new_game` checks what it is given, then deals.

The rest of the engine lives in ``engine``, which may be compiled; the
checks stay here, in plain Python, so that a bad argument gets the same
:class:`~pocha_rules.PochaError` on every build.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pocha_rules._common.errors import PochaError, say
from pocha_rules._common.text import got, shown
from pocha_rules._pocha.deal import Deal, check_deal, check_deals
from pocha_rules._pocha.engine import start_game, start_position
from pocha_rules._pocha.rules import RuleSet, Tiebreak
from pocha_rules._pocha.schedules import Round
from pocha_rules._pocha.shuffle import seeded_dealer
from pocha_rules._pocha.state import GameState
from pocha_rules._pocha.tables import tables_for

__all__ = ["MAX_SEED_BITS", "check_seed", "new_game", "round_plan", "start_at"]


def new_game(
    rules: RuleSet,
    *,
    seed: int | None = None,
    dealer: int | None = None,
    deals: Sequence[Deal] = (),
) -> GameState:
    """Start a game: the first round is dealt and waits for its first move.

    Args:
        rules: The rules to play by.
        seed: Deals every round (and the first dealer, when ``dealer`` is not
            given). The same rules, seed and moves always give the same game.
            ``None`` draws a fresh seed, kept in :attr:`GameState.seed`. Any
            whole number below ``2**256`` in size.
        dealer: The seat that deals the first round.
        deals: Explicit deals for the first rounds, in order, to play a real
            table's cards; the rounds after them are dealt from the seed.

    Raises:
        InvalidDealError: A deal does not fit the rules or its round.
        PochaError: ``seed`` or ``dealer`` is out of range.
        TypeError: An argument is not of the type named above.

    >>> state = new_game(RuleSet(), seed=7, dealer=3)
    >>> state.phase, state.to_move, state.cards_per_player
    (Phase.BID, 0, 1)

    """
    if not isinstance(rules, RuleSet):
        raise TypeError(f"rules must be a RuleSet, got {got(rules)}")
    if seed is None:
        import secrets

        seed = secrets.randbits(63)
    elif type(seed) is not int or seed.bit_length() > MAX_SEED_BITS:
        check_seed(seed)  # says what is wrong
    if (
        type(deals) is not tuple
        and type(deals) is not list
        and (isinstance(deals, str | bytes) or not isinstance(deals, Sequence))
    ):
        raise TypeError(f"deals must be a sequence of Deal, got {got(deals)}")
    if deals:
        for index, deal in enumerate(deals):
            if not isinstance(deal, Deal):
                raise TypeError(f"deals[{index}] must be a Deal, got {got(deal)}")
    t = tables_for(rules)
    if dealer is None:
        dealer = seeded_dealer(seed, t.players)
    elif type(dealer) is not int:
        raise TypeError(f"dealer must be an int, got {got(dealer)}")
    elif not 0 <= dealer < t.players:
        raise PochaError(say("dealer_out_of_range", high=t.players - 1, got=shown(dealer)))
    return start_game(t, seed, dealer, check_deals(t, dealer, deals) if deals else ())


MAX_SEED_BITS: Final = 256
"""Seeds are whole numbers below ``2**256`` in size: larger ones gain
nothing, and an integer of thousands of digits cannot even be written as
text."""


def check_seed(seed: object) -> int:
    """``seed`` if it is a seed :func:`new_game` takes.

    Raises:
        TypeError: It is not an int.
        PochaError: It is ``2**256`` or more in size.

    """
    if type(seed) is not int:
        raise TypeError(f"seed must be an int, got {got(seed)}")
    if seed.bit_length() > MAX_SEED_BITS:
        raise PochaError(say("seed_too_large", bits=MAX_SEED_BITS, got=shown(seed)))
    return seed


def round_plan(rules: RuleSet, index: int) -> Round:
    """The round played ``index``-th (0-based): the schedule's entry, or a
    one-card tiebreak round after it."""
    schedule = rules.schedule
    return schedule[index] if index < len(schedule) else Round(1)


def start_at(
    rules: RuleSet,
    *,
    seed: int,
    dealer: int,
    round_index: int,
    deals: Sequence[Deal],
    scores: Sequence[int],
) -> GameState:
    """The first state of round ``round_index`` of a game whose earlier
    rounds are known only by the totals they left, ``scores``: the start of
    a written position. ``dealer`` deals that round; ``deals`` are its deal
    and those of the rounds after it (one at least), and the rounds after
    them are dealt from ``seed``. The state's
    :attr:`~GameState.round_results`, :attr:`~GameState.history` and
    :attr:`~GameState.deals` begin with this round.

    Raises:
        InvalidDealError: A deal does not fit the rules or its round.
        PochaError: The round is not one the game can reach with these
            scores (a tiebreak round needs a tie at the top), or a number is
            out of range.

    """
    t = tables_for(rules)
    n = t.players
    check_seed(seed)
    if not 0 <= dealer < n:
        raise PochaError(say("dealer_out_of_range", high=n - 1, got=shown(dealer)))
    if len(scores) != n:
        raise PochaError(say("scores_for_players", scores=len(scores), players=n))
    totals = tuple(scores)
    if not 0 <= round_index <= MAX_ROUND_INDEX:
        raise PochaError(
            say("round_index_out_of_range", high=MAX_ROUND_INDEX, got=shown(round_index))
        )
    if round_index >= len(rules.schedule):
        if rules.tiebreak is not Tiebreak.ONE_CARD_ROUNDS:
            raise PochaError(
                say(
                    "no_tiebreak_rounds",
                    rounds=len(rules.schedule),
                    tiebreak=repr(rules.tiebreak.value),
                )
            )
        if totals.count(max(totals)) < 2:
            raise PochaError(say("top_score_not_tied", round=round_index + 1, score=max(totals)))
    dealt = tuple(
        check_deal(t, i, round_plan(rules, i), (dealer + i - round_index) % n, deal)
        for i, deal in enumerate(deals, start=round_index)
    )
    if not dealt:
        raise PochaError(say("position_deal_missing"))
    return start_position(t, seed, (dealer - round_index) % n, round_index, dealt, totals)


MAX_ROUND_INDEX: Final = 10_000
"""The largest round index a position may name: far beyond any game's
tiebreak rounds, and small enough to write."""
