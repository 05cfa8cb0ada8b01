"""The pictures Jupyter shows of Poch's classes (private): the
``_repr_svg_`` of a card, a state and a view of :mod:`pocha_rules.poch`,
drawn by :mod:`pocha_rules.poch.svg`.

As :mod:`pocha_rules._pictures` does for Pocha: those classes sit below
:mod:`pocha_rules.poch.svg`, which imports them, so they call upcalls that
this module fills (:mod:`pocha_rules.poch` imports it), and the pictures
module is imported when the first picture is drawn.
"""

from __future__ import annotations

from pocha_rules.poch._cards import PICTURE as CARD_PICTURE
from pocha_rules.poch._cards import Card
from pocha_rules.poch._state import PICTURE as STATE_PICTURE
from pocha_rules.poch._state import GameState
from pocha_rules.poch.views import PICTURE as VIEW_PICTURE
from pocha_rules.poch.views import PlayerView

__all__: list[str] = []


@CARD_PICTURE.fill
def _card(card: Card) -> str:
    from pocha_rules.poch.svg import card as draw

    return draw(card)


@STATE_PICTURE.fill
def _state_picture(position: GameState) -> str:
    from pocha_rules.poch.svg import table

    return table(position)


@VIEW_PICTURE.fill
def _view(view: PlayerView) -> str:
    from pocha_rules.poch.svg import table

    return table(view)
