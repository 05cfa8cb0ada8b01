"""``pocha explain "POSITION"``: what each move may or may not do in a
written position (:mod:`pocha_rules.notation`), and why."""

from __future__ import annotations

import argparse
import random
import sys

from pocha_rules import messages
from pocha_rules._cli.i18n import _, current_language, ngettext, pocha_language
from pocha_rules._cli.options import Fail
from pocha_rules._cli.output import Output
from pocha_rules._pocha.engine import apply, explain
from pocha_rules._pocha.moves import BIDS, CALLS, PASS, PLAYS, TRUMP_CHOICES, Move
from pocha_rules._pocha.sampling import sample_state
from pocha_rules._pocha.state import GameState, Phase
from pocha_rules.names import Language, move_name, move_text, phase_name, suit_name
from pocha_rules.notation import PositionError, read
from pocha_rules.views import PlayerView

__all__ = ["candidates", "options", "run"]


def options(parser: argparse.ArgumentParser) -> None:
    """The options of ``pocha explain``."""
    parser.add_argument(
        "position", metavar="POSITION", help=_("a position, quoted as one argument")
    )


def candidates(position: GameState | PlayerView) -> tuple[Move, ...]:
    """The moves the seat to move might think of: every card it holds,
    every number of tricks from 0 to the round's cards, every suit."""
    phase = position.phase
    cards = position.round.cards
    if phase is Phase.PLAY:
        seat = position.to_move
        assert seat is not None
        if isinstance(position, GameState):
            hand = position.hands[seat]
        else:
            hand = position.visible_hands[seat] or ()
        return tuple(PLAYS[card.index] for card in hand)
    if phase is Phase.BID:
        return BIDS[: cards + 1]
    if phase is Phase.AUCTION:
        return (*CALLS[: cards + 1], PASS)
    if phase is Phase.CHOOSE_TRUMP:
        return TRUMP_CHOICES
    return ()


def run(args: argparse.Namespace, out: Output, fail: Fail) -> int:
    text: str = args.position
    lang: Language = pocha_language()
    try:
        position = read(text)
    except PositionError as error:
        print(f"pocha explain: {messages.message(error, lang)}", file=sys.stderr)
        print(f"  {error.text}", file=sys.stderr)
        print(f"  {' ' * error.index}^", file=sys.stderr)
        return 1
    seat = position.to_move
    assert seat is not None  # a position is a round in progress
    state: GameState
    if isinstance(position, PlayerView):
        if position.seat != seat:
            out.line(_summary(position, lang))
            out.line(
                _(
                    "seat {seat} is to move; this is seat {view}'s view, which does "
                    "not show seat {seat}'s cards"
                ).format(seat=seat, view=position.seat)
            )
            return 0
        # The seat's own moves are the same in every deal its view allows.
        state = sample_state(position, random.Random(0))
    else:
        state = position
    out.line(_summary(position, lang))
    rows = []
    for move in candidates(position):
        reason = explain(state, move)
        if reason is None:
            verdict = _("allowed")
        else:
            verdict = _("not allowed: {reason}").format(reason=_reason(state, move, reason))
        rows.append([move_text(move, lang), move_name(move, lang), verdict])
    out.table(None, [_("move"), _("what it does"), _("verdict")], rows, left=3)
    return 0


def _summary(position: GameState | PlayerView, lang: Language) -> str:
    trump = position.trump
    cards = position.round.cards
    shown = ""
    card = position.trump_card
    if card is not None:
        if position.trump_card_shown_by_dealer:
            shown = _(" ({card} shown by the dealer)").format(card=card)
        else:
            shown = _(" ({card} turned up)").format(card=card)
    if trump is None:
        trump_text = _("not known yet")
    else:  # the Spanish name, as on the score sheet (with the English one in English)
        trump_text = suit_name(trump, "es")
        if lang != "es":
            trump_text += f" ({suit_name(trump, lang)})"
        trump_text += shown
    table = ", ".join(
        _("{card} (seat {seat})").format(card=p.card, seat=p.seat) for p in position.trick
    )
    each = ngettext("{cards} card each", "{cards} cards each", cards).format(cards=cards)
    return _(
        "round {number} ({each}), {phase}, trump {trump}; on the table: {table}; "
        "seat {seat} to move"
    ).format(
        number=position.round_index + 1,
        each=each,
        phase=phase_name(position.phase, lang),
        trump=trump_text,
        table=table or _("nothing"),
        seat=position.to_move,
    )


def _reason(state: GameState, move: Move, reason: str) -> str:
    """Why ``move`` is refused, in the command's language: the library's
    error for it, told through its code."""
    from pocha_rules._common.errors import IllegalMoveError

    try:
        apply(state, move)
    except IllegalMoveError as error:
        return messages.reason(error, current_language())
    return reason
