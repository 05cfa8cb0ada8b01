"""The pictures Jupyter shows of the library's classes (private): the
``_repr_svg_`` of a card, a state and a view, drawn by :mod:`pocha_rules.svg`.

Those classes sit below :mod:`pocha_rules.svg`, which imports them, so they
call upcalls that this module fills (see :mod:`pocha_rules._common.upcalls`).
:mod:`pocha_rules.svg` is imported when the first picture is drawn, not with
the package: it needs :mod:`xml.sax.saxutils`, whose own imports (urllib,
http, email) take longer than the rest of the package.
"""

from __future__ import annotations

from pocha_rules._pocha import cards, state
from pocha_rules._pocha.cards import Card
from pocha_rules._pocha.state import GameState
from pocha_rules.views import PICTURE as VIEW_PICTURE
from pocha_rules.views import PlayerView

__all__: list[str] = []


@cards.PICTURE.fill
def _card(card: Card) -> str:
    from pocha_rules.svg import card as draw

    return draw(card)


@state.PICTURE.fill
def _state(position: GameState) -> str:
    from pocha_rules.svg import table

    return table(position)


@VIEW_PICTURE.fill
def _view(view: PlayerView) -> str:
    from pocha_rules.svg import table

    return table(view)
