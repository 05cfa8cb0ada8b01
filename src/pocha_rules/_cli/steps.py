"""``pocha replay --moves``: a recorded game told trick by trick, from the
events of :mod:`pocha_rules.events`."""

from __future__ import annotations

from pocha_rules._cli.i18n import _, ngettext, pocha_language
from pocha_rules._cli.output import Output
from pocha_rules._common.errors import IllegalMoveError
from pocha_rules._pocha.cards import Suit
from pocha_rules._pocha.engine import apply, play_unchecked
from pocha_rules._pocha.game import new_game
from pocha_rules._pocha.moves import Bid, Call, Move, Pass, Play
from pocha_rules._pocha.schedules import RoundKind
from pocha_rules._pocha.state import GameState, PlayedCard
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
from pocha_rules.names import move_name, phase_name, suit_name
from pocha_rules.records import GameRecord, _explicit_rounds

__all__ = ["print_steps", "steps"]


def _numbers(values: tuple[int, ...] | tuple[int | None, ...]) -> str:
    return " ".join("-" if value is None else str(value) for value in values)


def _cards(cards: tuple[PlayedCard, ...]) -> str:
    return ", ".join(_("{card} (seat {seat})").format(card=p.card, seat=p.seat) for p in cards)


def _suit(suit: Suit | None) -> str:
    if suit is None or pocha_language() == "en":
        return str(suit)
    return suit_name(suit, "es")


def _move(move: Move) -> str:
    return str(move) if pocha_language() == "en" else move_name(move, "es")


def _opening(state: GameState) -> str:
    """The line that starts a round."""
    plan = state.round
    kind = {
        RoundKind.NORMAL: "",
        RoundKind.AUCTION: _(", auction"),
        RoundKind.BLIND: _(", blind"),
    }
    if state.trump_card is not None:
        shown = _("shown by the dealer") if state.trump_card_shown_by_dealer else _("turned up")
        trump = _("; {card} {shown}, trump {suit}").format(
            card=state.trump_card, shown=shown, suit=_suit(state.trump)
        )
    elif state.round_kind is RoundKind.AUCTION:
        trump = _("; the auction's winner names trump")
    else:
        trump = _("; the dealer names trump")
    each = ngettext("{cards} card each", "{cards} cards each", plan.cards).format(cards=plan.cards)
    return _("round {round} ({each}{kind}), seat {seat} deals{trump}").format(
        round=state.round_index + 1,
        each=each,
        kind=kind[plan.kind],
        seat=state.dealer,
        trump=trump,
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
                    bids.append(
                        _("seat {seat} {tricks}").format(seat=event.seat, tricks=event.move.tricks)
                    )
                elif type(event.move) is Call or type(event.move) is Pass:
                    out.line(
                        "  "
                        + _("seat {seat}: {move}").format(seat=event.seat, move=_move(event.move))
                    )
                if bids and len(bids) == len(before.bid_order):
                    out.line("  " + _("bids: {bids}").format(bids=", ".join(bids)))
                    bids = []
            elif isinstance(event, AuctionWon):
                out.line(
                    "  "
                    + _("seat {seat} wins the auction with {tricks}").format(
                        seat=event.seat, tricks=event.tricks
                    )
                )
            elif isinstance(event, TrumpNamed):
                out.line(
                    "  "
                    + _("seat {seat} names trump: {suit}").format(
                        seat=event.seat, suit=_suit(event.suit)
                    )
                )
            elif isinstance(event, TrickWon):
                out.line(
                    "  "
                    + _("trick {number}: {cards}; seat {seat} takes it").format(
                        number=event.number + 1, cards=_cards(event.cards), seat=event.seat
                    )
                )
            elif isinstance(event, RoundEnded):
                r = event.result
                out.line(
                    "  "
                    + _(
                        "round {round} ends: bids {bids}, won {won}, points {points}; "
                        "totals {totals}"
                    ).format(
                        round=r.index + 1,
                        bids=_numbers(r.bids),
                        won=_numbers(r.won),
                        points=_numbers(r.scores),
                        totals=_numbers(event.totals),
                    )
                )
            elif isinstance(event, RoundStarted):
                after = walk[walk.index((before, events)) + 1][0]
                out.line(_opening(after))
            elif isinstance(event, GameOver):
                who = ", ".join(_("seat {seat}").format(seat=seat) for seat in event.winners)
                out.line(
                    _("game over: {scores}; winners: {who}").format(
                        scores=_numbers(event.scores), who=who
                    )
                )
                out.line("")
    last = walk[-1][0]
    if not last.is_over:
        if bids:
            out.line("  " + _("bids so far: {bids}").format(bids=", ".join(bids)))
        if last.trick:
            out.line("  " + _("on the table: {cards}").format(cards=_cards(last.trick)))
        phase = str(last.phase) if pocha_language() == "en" else phase_name(last.phase, "es")
        out.line(
            "  "
            + _("the record stops here: seat {seat} to move ({phase})").format(
                seat=last.to_move, phase=phase
            )
        )
    out.line("")
