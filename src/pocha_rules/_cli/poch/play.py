"""``pocha poch play``: a game of Poch in the terminal, people against
bots or bots alone (the loop is :mod:`pocha_rules._cli.playing`'s)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pocha_rules._cli.i18n import N_, _
from pocha_rules._cli.playing import Screen
from pocha_rules._cli.playing import Step as _Step
from pocha_rules._cli.poch.records import start
from pocha_rules._cli.poch.show import (
    deal_title,
    final_lines,
    help_lines,
    narrate_move,
    narrate_payments,
    parse_typed,
    prompt_lines,
)
from pocha_rules._common.text import shown_path
from pocha_rules.games import POCH
from pocha_rules.poch import (
    GameState,
    Move,
    PlayerView,
    RuleSet,
    explain,
    observe,
)

if TYPE_CHECKING:
    pass

__all__ = ["PochScreen"]

Step = _Step[GameState, Move]


class PochScreen(Screen[RuleSet, GameState, Move, PlayerView]):
    """Poch at the terminal: the deal's title and the trump pools paid,
    the board, chips, betting and table before a move, every payment."""

    game = POCH
    move_type = Move
    command = ("poch", "play")
    tag_help = N_("a tag for the saved record, such as site=Leipzig (repeatable)")

    restart = staticmethod(start)

    def period(self, state: GameState) -> int:
        return state.deal_number

    def played(self, state: GameState) -> bool:
        return bool(state.moves or state.deal_results)

    illegal = staticmethod(explain)

    def intro(self, state: GameState) -> str:
        rules = state.rules
        return _(
            "Poch: {players} players, {cards} cards, {chips} chips each, "
            "seed {seed}, seat {seat} deals first"
        ).format(
            players=rules.players,
            cards=rules.deck,
            chips=rules.starting_chips,
            seed=state.seed,
            seat=state.first_dealer,
        )

    def resumed(self, path: str, state: GameState) -> str:
        return _("resumed from {path}: deal {deal}, {moves} moves played").format(
            path=shown_path(path),
            deal=state.deal_number + 1,
            moves=sum(len(d.moves) for d in state.deal_results) + len(state.moves),
        )

    def over(self, path: str, winners: str) -> str:
        return _(
            "{path}: the game is over (winners: {winners}), there is nothing to "
            "resume; 'pocha poch replay {path}' shows it"
        ).format(path=path, winners=winners)

    def narrated(self, humans: Sequence[int]) -> bool:
        return True

    def begin(self, state: GameState, earlier: Sequence[Step], watcher: int | None) -> None:
        start = earlier[0][0] if earlier else state
        self.out.line()
        self.out.line(deal_title(observe(start, 0 if watcher is None else watcher)))
        narrate_payments(self.out, start.deal_payments)
        for step in earlier:  # a resumed deal: the moves so far
            self.narrate(*step, watcher)

    def title(self, state: GameState, seat: int) -> str:
        return deal_title(observe(state, seat))

    def narrate(
        self, before: GameState, move: Move, after: GameState, watcher: int | None
    ) -> None:
        narrate_move(self.out, before, move, after, watcher)

    def finish(self, state: GameState, humans: Sequence[int]) -> None:
        for line in final_lines(state):
            self.out.line(line)

    prompt = staticmethod(prompt_lines)
    help = staticmethod(help_lines)
    parse = staticmethod(parse_typed)
