"""Any game of a batch as a :class:`~pocha_rules.records.GameRecord`: its
deals and its moves, read back from the rounds the engine logged, so that it
can be replayed through :func:`~pocha_rules.new_game` and
:func:`~pocha_rules.apply`."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pocha_rules._pocha.cards import CARDS, Card, cards_of
from pocha_rules._pocha.deal import Deal
from pocha_rules._pocha.moves import Move
from pocha_rules._pocha.rules import RuleSet
from pocha_rules._pocha.schedules import Round
from pocha_rules.actions import action_table
from pocha_rules.batch._engine import RoundLog
from pocha_rules.records import GameRecord

__all__ = ["game_record", "round_rules"]


def round_rules(rules: RuleSet, plan: Round) -> RuleSet:
    """The rules of a game of one round, ``plan``: ``rules`` with that one
    round as the schedule and no tiebreak rounds (what a batch of single
    rounds plays, and what its records are replayed under)."""
    return RuleSet(**{**rules.options(), "schedule": (plan,), "tiebreak": "shared"})  # type: ignore[arg-type]


def game_record(
    rules: RuleSet,
    seed: int,
    first_dealer: int,
    rounds: Sequence[RoundLog],
    game: int,
    scores: Sequence[int],
) -> GameRecord:
    """The record of ``game`` from the logs of the rounds it played (the
    last one may be in progress: its deal and its moves so far).

    ``rounds`` holds every round the engine logged, in order, each naming the
    games that played it; the game's totals are ``scores``.
    """
    table = action_table(rules)
    n = rules.players
    deals: list[Deal] = []
    moves: list[Move] = []
    points: list[tuple[int, ...]] = []
    for log in rounds:
        row = int(np.searchsorted(log.rows, game))
        if row == len(log.rows) or log.rows[row] != game:
            continue
        assert log.hands is not None
        assert log.trump_card is not None
        eldest = int(log.eldest[row])
        seats = [(eldest + k) % n for k in range(n)]
        hands: list[tuple[Card, ...]] = [()] * n
        for k, seat in enumerate(seats):
            hands[seat] = cards_of(int(log.hands[k, row]))
        card = int(log.trump_card[row])
        deals.append(Deal(hands=hands, trump_card=CARDS[card] if card >= 0 else None))
        moves.extend(table.moves[int(ids[row])] for ids in log.actions)
        if log.points is not None:
            scored = [0] * n
            for k, seat in enumerate(seats):
                scored[seat] = int(log.points[k, row])
            points.append(tuple(scored))
    return GameRecord(
        rules=rules,
        seed=seed,
        first_dealer=first_dealer,
        deals=deals,
        moves=moves,
        scores=tuple(int(score) for score in scores),
        round_scores=points,
    )
