"""``pocha replay --moves``: a recorded game told trick by trick, from the
events of :mod:`pocha_rules.events`."""

from __future__ import annotations

from pocha_rules._cli.output import Output
from pocha_rules._engine import apply, play_unchecked
from pocha_rules._errors import IllegalMoveError
from pocha_rules._game import new_game
from pocha_rules._moves import Bid, Call, Pass, Play
from pocha_rules._schedules import RoundKind
from pocha_rules._state import GameState, PlayedCard
from pocha_rules.events import (
    AuctionWon,
    Event,
    GameOver,
    MoveMade,
    RoundEnded,
    RoundStarted,
    TrickWon,
    TrumpNamed,
    caused,
)
from pocha_rules.records import GameRecord, _explicit_rounds

__all__ = ["print_steps", "steps"]


def _numbers(values: tuple[int, ...] | tuple[int | None, ...]) -> str:
    return " ".join("-" if value is None else str(value) for value in values)


def _cards(cards: tuple[PlayedCard, ...]) -> str:
    return ", ".join(f"{p.card} (seat {p.seat})" for p in cards)


def _opening(state: GameState) -> str:
    """The line that starts a round."""
    plan = state.round
    kind = {RoundKind.NORMAL: "", RoundKind.AUCTION: ", auction", RoundKind.BLIND: ", blind"}
    if state.trump_card is not None:
        shown = "shown by the dealer" if state.trump_card_shown_by_dealer else "turned up"
        trump = f"; {state.trump_card} {shown}, trump {state.trump}"
    elif state.round_kind is RoundKind.AUCTION:
        trump = "; the auction's winner names trump"
    else:
        trump = "; the dealer names trump"
    each = "card" if plan.cards == 1 else "cards"
    return (
        f"round {state.round_index + 1} ({plan.cards} {each} each{kind[plan.kind]}), "
        f"seat {state.dealer} deals{trump}"
    )


def steps(record: GameRecord) -> list[tuple[GameState, tuple[Event, ...]]]:
    """Every state of ``record``'s game with the events of the move made
    in it (a revoke, in a record replayed leniently, is played as the table
    played it). The record must replay (leniently)."""
    # The deals the seed would not have dealt are given, as replay gives them.
    first = new_game(
        record.rules,
        seed=record.seed,
        dealer=record.first_dealer,
        deals=record.deals[: _explicit_rounds(record)],
    )
    out = []
    state = first
    for move in record.moves:
        try:
            after = apply(state, move)
        except IllegalMoveError:
            assert type(move) is Play
            after = play_unchecked(state, move)
        out.append((state, caused(state, move, after)))
        state = after
    out.append((state, ()))
    return out


def print_steps(out: Output, record: GameRecord) -> None:
    """Tell ``record``'s game on ``out``, trick by trick."""
    walk = steps(record)
    out.line(_opening(walk[0][0]))
    bids: list[str] = []
    for before, events in walk:
        for event in events:
            if isinstance(event, MoveMade):
                if type(event.move) is Bid:
                    bids.append(f"seat {event.seat} {event.move.tricks}")
                elif type(event.move) is Call or type(event.move) is Pass:
                    out.line(f"  seat {event.seat}: {event.move}")
                if bids and len(bids) == len(before.bid_order):
                    out.line("  bids: " + ", ".join(bids))
                    bids = []
            elif isinstance(event, AuctionWon):
                out.line(f"  seat {event.seat} wins the auction with {event.tricks}")
            elif isinstance(event, TrumpNamed):
                out.line(f"  seat {event.seat} names trump: {event.suit}")
            elif isinstance(event, TrickWon):
                out.line(
                    f"  trick {event.number + 1}: {_cards(event.cards)}; "
                    f"seat {event.seat} takes it"
                )
            elif isinstance(event, RoundEnded):
                r = event.result
                out.line(
                    f"  round {r.index + 1} ends: bids {_numbers(r.bids)}, won {_numbers(r.won)}, "
                    f"points {_numbers(r.scores)}; totals {_numbers(event.totals)}"
                )
            elif isinstance(event, RoundStarted):
                after = walk[walk.index((before, events)) + 1][0]
                out.line(_opening(after))
            elif isinstance(event, GameOver):
                who = ", ".join(f"seat {seat}" for seat in event.winners)
                out.line(f"game over: {_numbers(event.scores)}; winners: {who}")
                out.line("")
    last = walk[-1][0]
    if not last.is_over:
        if bids:
            out.line("  bids so far: " + ", ".join(bids))
        if last.trick:
            out.line(f"  on the table: {_cards(last.trick)}")
        out.line(f"  the record stops here: seat {last.to_move} to move ({last.phase})")
    out.line("")
