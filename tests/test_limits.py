"""Numbers too long to write as text, and the other odd arguments the
fuzzers found, give the library's own errors in ``actions``,
``observations``, ``parallel`` and ``matches``, never CPython's bare
``ValueError`` (Python refuses to write integers of more than 4,300 digits)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import pytest

from pocha_rules import HeuristicBot, PochaError, RuleSet, actions, new_game, parallel
from pocha_rules.matches import Match
from pocha_rules.observations import view_text

HUGE: Final = 10**5000
RULES: Final = RuleSet(schedule=(1, 2))
STATE: Final = new_game(RULES, seed=1)


def square(chunk: range) -> list[int]:
    return [n * n for n in chunk]


def match() -> Match[RuleSet]:
    return Match(RULES, {"h": HeuristicBot})


CALLS: Final[dict[str, Callable[[int], Any]]] = {
    "action_to_move": lambda n: actions.action_to_move(RULES, n),
    "apply_action": lambda n: actions.apply_action(STATE, n),
    "run_chunks count": lambda n: parallel.run_chunks(square, n, workers=1),
    "run_chunks workers": lambda n: parallel.run_chunks(square, 3, workers=n),
    "run_chunks chunk_size": lambda n: parallel.run_chunks(square, 3, workers=1, chunk_size=n),
    "run_chunks retries": lambda n: parallel.run_chunks(square, 3, workers=1, retries=n),
    "simulate games": lambda n: parallel.simulate(RULES, n, workers=1),
    "Match seed": lambda n: Match(RULES, {"h": HeuristicBot}, seed=n),
    "Match.run games": lambda n: match().run(n, workers=1),
    "Match.run chunk_size": lambda n: match().run(4, workers=1, chunk_size=n),
    "Match.seating": lambda n: match().seating(n),
    "Match.deal_seed": lambda n: match().deal_seed(n),
    "Match.bot_seed": lambda n: match().bot_seed(n, 0),
    "Match.bot_seed seat": lambda n: match().bot_seed(0, n),
    "Match.play": lambda n: match().play(n),
    "describe_ranges": lambda n: parallel.describe_ranges([range(n, n + 2)]),
}


@pytest.mark.parametrize("sign", [1, -1], ids=["huge", "-huge"])
@pytest.mark.parametrize("name", sorted(CALLS))
def test_a_number_too_long_to_write_is_a_library_error(name: str, sign: int) -> None:
    # Before: CPython's bare ValueError (or an OverflowError) at 12 places.
    if name == "describe_ranges":  # it writes the number, briefly
        assert CALLS[name](sign * HUGE) == (
            "games a whole number of about 5000 digits-a whole number of about 5000 digits"
        )
        return
    with pytest.raises(PochaError, match="about 5000 digits"):
        CALLS[name](sign * HUGE)


def test_view_text_of_something_else_names_player_view() -> None:
    # Before: AttributeError: 'NoneType' object has no attribute 'players'.
    with pytest.raises(TypeError, match="expected a PlayerView, got NoneType: None"):
        view_text(None)  # type: ignore[arg-type]


def test_match_run_refuses_a_chunk_size_of_0_as_run_chunks_does() -> None:
    # Before: a TypeError from Match.run, a ValueError from run_chunks.
    with pytest.raises(PochaError, match=r"^chunk_size must be 1 or more, got 0$"):
        parallel.run_chunks(square, 4, workers=1, chunk_size=0)
    with pytest.raises(PochaError, match=r"^chunk_size must be 1 or more, got 0$"):
        match().run(4, workers=1, chunk_size=0)
    with pytest.raises(TypeError, match=r"^chunk_size must be an int, got float 2.0$"):
        match().run(4, workers=1, chunk_size=2.0)  # type: ignore[arg-type]


def test_more_workers_than_the_library_allows_are_refused_before_any_start() -> None:
    with pytest.raises(PochaError, match=r"^workers must be at most 4,096, got 4097$"):
        parallel.run_chunks(square, 3, workers=4097)
