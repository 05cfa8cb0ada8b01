"""``pocha poch``: the group and its commands, added to the ``pocha``
command (the group's design is told in :mod:`pocha_rules._cli.poch`)."""

from __future__ import annotations

from pocha_rules._cli.commands import Commands
from pocha_rules._cli.i18n import _
from pocha_rules._cli.match import add_parser as add_match
from pocha_rules._cli.poch import play, records, simulate
from pocha_rules._cli.tournament import add_parser as add_tournament

__all__ = ["add_parser"]


def add_parser(commands: Commands) -> None:
    """Add the ``pocha poch`` group and its commands to ``commands``."""
    group = commands.group(
        "poch",
        help=_("Poch, the German game of a board of pools: play, simulate, check records"),
        description=_(
            "Poch, the German game of a board of pools, a round of betting on pairs "
            "and a race to shed cards: play it, simulate bots, check and show records."
        ),
        examples=(
            "pocha poch play --human 0 --save poch.json   # a game against three bots",
            "pocha poch rules --players 5                 # what a rule set holds",
            "pocha poch replay poch.json                  # the deals of a record",
            "pocha poch COMMAND --help                    # a command's options",
        ),
    )
    play.add_parser(group)
    simulate.add_parser(group)
    add_match(group, game="poch")
    records.add_parsers(group)
    add_tournament(group, game="poch")
