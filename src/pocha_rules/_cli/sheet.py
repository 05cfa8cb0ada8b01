"""The score sheet: one line per round, as a scorekeeper writes it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pocha_rules._cli.i18n import _
from pocha_rules._cli.output import Output
from pocha_rules._pocha.rules import RuleSet
from pocha_rules._pocha.schedules import Round, RoundKind
from pocha_rules._pocha.state import GameState, RoundResult

__all__ = ["ScoreSheet", "print_sheet"]

_SEAT_WIDTH: Final = 11


class ScoreSheet:
    """A scorekeeper's sheet, written one round at a time: round, cards,
    trump, and each seat's bid/won and running total; a legend says how to
    read it.
    """

    def __init__(self, out: Output, rules: RuleSet) -> None:
        self.out = out
        self.rules = rules
        self.players = rules.players
        self.totals = [0] * rules.players

    def header(self) -> None:
        """Write the column headings."""
        seat = _("seat {seat}")
        seats = "".join(seat.format(seat=s).rjust(_SEAT_WIDTH) for s in range(self.players))
        self.out.line(_("round cards  trump  ") + seats, style="bold")

    def row(self, result: RoundResult) -> None:
        """Write one finished round."""
        cells = []
        for seat in range(self.players):
            self.totals[seat] += result.scores[seat]
            bid, won = result.bids[seat], result.won[seat]
            mark = " " if bid == won else "*"
            cells.append(f"{bid}/{won}{mark}{self.totals[seat]:>5}".rjust(_SEAT_WIDTH))
        cards = str(Round(result.cards, result.kind))
        self.out.line(f"{result.index + 1:>5} {cards:>5}  {result.trump!s:<7}{''.join(cells)}")

    def legend(self) -> None:
        """Write how to read the sheet: the cells, the miss mark and the
        round codes of the kinds of round the rules play.
        """
        self.out.line(_("each seat: bid/won, then the running total; * marks a missed bid"))
        kinds = {entry.kind for entry in self.rules.schedule}
        codes = [_("cards: how many each player gets")]
        if RoundKind.AUCTION in kinds:
            example = _example(self.rules, RoundKind.AUCTION)
            codes.append(_("{code}: an auction round").format(code=example))
        if RoundKind.BLIND in kinds:
            example = _example(self.rules, RoundKind.BLIND)
            codes.append(_("{code}: a blind round").format(code=example))
        self.out.line("; ".join(codes))

    def footer(self, state: GameState, totals: Sequence[int] | None = None) -> None:
        """Write the final totals and the winners; ``totals``, when given,
        are a lenient replay's, with the revoke penalties charged."""
        winners = ", ".join(_("seat {seat}").format(seat=s) for s in state.winners)
        label = _("final") if totals is None else _("final, with revoke penalties")
        shown = state.scores if totals is None else totals
        self.out.line(
            _("{label}: {totals}; winners: {winners}").format(
                label=label, totals=" ".join(str(t) for t in shown), winners=winners
            ),
            style="bold green",
        )


def _example(rules: RuleSet, kind: RoundKind) -> str:
    """The code of the first round of ``kind`` in the schedule: ``3a``."""
    return str(next(entry for entry in rules.schedule if entry.kind is kind))


def print_sheet(out: Output, state: GameState, totals: Sequence[int] | None = None) -> None:
    """Write the whole sheet of ``state``'s game so far, with its legend;
    ``totals`` as for :meth:`ScoreSheet.footer`."""
    sheet = ScoreSheet(out, state.rules)
    sheet.header()
    for result in state.round_results:
        sheet.row(result)
    sheet.legend()
    if state.is_over:
        sheet.footer(state, totals)
