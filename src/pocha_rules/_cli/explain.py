"""``pocha explain "POSITION"``: what each move may or may not do in a
written position (:mod:`pocha_rules.notation`), and why."""

from __future__ import annotations

import argparse
import sys

from pocha_rules._cli.options import Fail, examples
from pocha_rules._cli.output import Output
from pocha_rules._state import GameState
from pocha_rules.names import Language, move_name, phase_name, suit_name
from pocha_rules.notation import PositionError, read, verdicts
from pocha_rules.views import PlayerView

__all__ = ["add_parser", "run"]


def add_parser(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    parents: list[argparse.ArgumentParser],
) -> None:
    """Add ``pocha explain`` to ``commands``."""
    parser = commands.add_parser(
        "explain",
        parents=parents,
        help="say what each move may or may not do in a position, and why",
        description=(
            "Read a position in the position notation and say, for each move the seat "
            "to move might think of (each card of its hand, each bid...), whether the "
            "rules allow it, and if not, which rule forbids it."
        ),
        **examples(
            'pocha explain "classic 1:1 3 2b 4c/10o/4e/1c - -/-/-/- - 0/0/0/0 0 0/0/0/0 7"',
            'pocha explain --lang es "POSITION"   # moves named in Spanish',
        ),
    )
    parser.add_argument("position", metavar="POSITION", help="a position, quoted as one argument")
    parser.add_argument(
        "--lang",
        choices=("en", "es"),
        default="en",
        help="the language moves are named in (default en; the reasons are in English)",
    )
    parser.set_defaults(run=run, subparser=parser)


def run(args: argparse.Namespace, out: Output, fail: Fail) -> int:
    text: str = args.position
    lang: Language = args.lang
    try:
        position = read(text)
    except PositionError as error:
        print(f"pocha explain: {error}", file=sys.stderr)
        print(f"  {error.text}", file=sys.stderr)
        print(f"  {' ' * error.index}^", file=sys.stderr)
        return 1
    seat = position.to_move
    out.line(_summary(position, lang))
    if isinstance(position, PlayerView) and position.seat != seat:
        out.line(
            f"seat {seat} is to move; this is seat {position.seat}'s view, which does "
            f"not show seat {seat}'s cards"
        )
        return 0
    rows = []
    for move, reason in verdicts(position):
        verdict = "allowed" if reason is None else f"not allowed: {reason}"
        rows.append([str(move), move_name(move, lang), verdict])
    out.table(None, ["move", "what it does", "verdict"], rows, left=3)
    return 0


def _summary(position: GameState | PlayerView, lang: Language) -> str:
    trump = position.trump
    cards = position.round.cards
    shown = ""
    card = position.trump_card
    if card is not None:
        how = "shown by the dealer" if position.trump_card_shown_by_dealer else "turned up"
        shown = f" ({card} {how})"
    trump_text = "not known yet" if trump is None else suit_name(trump, lang) + shown
    table = ", ".join(f"{p.card} (seat {p.seat})" for p in position.trick) or "nothing"
    return (
        f"round {position.round_index + 1} ({cards} card{'' if cards == 1 else 's'} each), "
        f"{phase_name(position.phase, lang)}, trump {trump_text}; on the table: {table}; "
        f"seat {position.to_move} to move"
    )
