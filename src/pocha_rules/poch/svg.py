"""Pictures of Poch as SVG text: the cards of the French pack, and a seat's
table (the board of pools, every seat's cards and chips, the turned-up
card, the cards shed).

Drawn the way :mod:`pocha_rules.svg` draws Pocha: plain vector shapes for
the four suit signs, text built from the values alone (the same every
time, valid XML), labels in English, German or Spanish
(:mod:`pocha_rules.poch.names`), a ``<title>`` and a ``<desc>`` for screen
readers, and the marked cards (``data-mark``) ringed: the card just shed
and the cards the seat at the bottom may play.

In Jupyter, a :class:`~pocha_rules.poch.GameState` and a
:class:`~pocha_rules.poch.PlayerView` show themselves as their
:func:`table`, and a :class:`~pocha_rules.poch.Card` as its :func:`card`
(their ``_repr_svg_``, in English).

>>> from pocha_rules.poch import Card, RuleSet, new_game, observe
>>> card(Card.parse("Ah"), lang="de").count("Herz-Ass")
2
>>> view = observe(new_game(RuleSet(players=4), seed=7, dealer=3), 0)
>>> table(view) == table(view), "Pik" in table(view, lang="de")
(True, True)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable
from typing import Final
from xml.sax.saxutils import escape

from pocha_rules._common.errors import PochaError, say
from pocha_rules._common.text import got
from pocha_rules.poch._cards import Card, Suit
from pocha_rules.poch._engine import legal_moves
from pocha_rules.poch._moves import Play
from pocha_rules.poch._state import GameState, Phase, PlayedCard
from pocha_rules.poch.names import (
    LANGUAGES,
    Language,
    card_name,
    phase_name,
    pool_name,
    suit_name,
)
from pocha_rules.poch.views import PlayerView, observe
from pocha_rules.svg import (
    CARD_HEIGHT,
    CARD_WIDTH,
    _back_group,
    _check_scale,
    _marked,
    _n,
    _picture,
    _side_by_side,
    _text,
    back,
)

__all__ = ["back", "card", "cards", "suit_sign", "table"]

_RED: Final = ("#d32f2f", "#8e1b1b")
_BLACK: Final = ("#263238", "#000000")
_INK: Final = {Suit.CLUBS: _BLACK, Suit.DIAMONDS: _RED, Suit.HEARTS: _RED, Suit.SPADES: _BLACK}
_FELT: Final = "#2f4f6b"
_CORNERS: Final = {
    "en": {11: "J", 12: "Q", 13: "K", 14: "A"},
    "de": {11: "B", 12: "D", 13: "K", 14: "A"},
    "es": {11: "J", 12: "Q", 13: "K", 14: "A"},
}
"""The court cards' corner letters by language (German: Bube, Dame, König, Ass)."""

_LABELS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "deal": "Deal {}",
        "trump": "Trump: {}",
        "seat": "Seat {}",
        "dealer": "dealer",
        "to_move": "to move",
        "out": "out",
        "chips": "{} chips",
        "stake": "bet {}",
        "view": "as seat {} sees it",
        "shed": "Cards shed",
        "none_shed": "none yet",
        "board": "The board: {}.",
        "seat_to_move": "Seat {} to move.",
        "your_cards": "Seat {}'s cards: {}.",
        "just_played": "Just shed: {} (seat {}).",
        "playable": "Playable: {}.",
        "balances": "Chips: {}.",
    },
    "de": {
        "deal": "Spiel {}",
        "trump": "Trumpf: {}",
        "seat": "Platz {}",
        "dealer": "Geber",
        "to_move": "am Zug",
        "out": "ausgeschieden",
        "chips": "{} Marken",
        "stake": "gesetzt {}",
        "view": "wie Platz {} es sieht",
        "shed": "Ausgespielt",
        "none_shed": "noch nichts",
        "board": "Das Brett: {}.",
        "seat_to_move": "Platz {} ist am Zug.",
        "your_cards": "Karten von Platz {}: {}.",
        "just_played": "Zuletzt ausgespielt: {} (Platz {}).",
        "playable": "Spielbar: {}.",
        "balances": "Marken: {}.",
    },
    "es": {
        "deal": "Mano {}",
        "trump": "Triunfo: {}",
        "seat": "Puesto {}",
        "dealer": "reparte",
        "to_move": "le toca",
        "out": "eliminado",
        "chips": "{} fichas",
        "stake": "apuesta {}",
        "view": "como lo ve el puesto {}",
        "shed": "Cartas jugadas",
        "none_shed": "ninguna aún",
        "board": "El tablero: {}.",
        "seat_to_move": "Le toca al puesto {}.",
        "your_cards": "Cartas del puesto {}: {}.",
        "just_played": "Acaba de jugar el puesto {1}: {0}.",
        "playable": "Se pueden jugar: {}.",
        "balances": "Fichas: {}.",
    },
}


def _words(lang: object) -> dict[str, str]:
    if lang not in LANGUAGES:
        raise PochaError(say("poch_names_lang_unknown", got=repr(lang)))
    return _LABELS[str(lang)]


def suit_sign(suit: Suit, x: float, y: float, size: float) -> str:
    """The SVG elements of ``suit``'s sign (a club, a diamond, a heart or a
    spade), centred on ``(x, y)`` and ``size`` units tall.

    >>> suit_sign(Suit.CLUBS, 0, 0, 10).count("<circle")
    3
    """
    if not isinstance(suit, Suit):
        raise TypeError(f"suit must be a poch Suit, got {got(suit)}")
    fill, _ = _INK[suit]
    s = size

    def p(dx: float, dy: float) -> str:
        return f"{_n(x + dx * s)},{_n(y + dy * s)}"

    paint = f'fill="{fill}"'
    stem = f'<path d="M{p(0, 0.05)} L{p(0.14, 0.46)} L{p(-0.14, 0.46)} Z" {paint}/>'
    if suit is Suit.DIAMONDS:
        return f'<path d="M{p(0, -0.48)} L{p(0.34, 0)} L{p(0, 0.48)} L{p(-0.34, 0)} Z" {paint}/>'
    if suit is Suit.HEARTS:
        heart = (
            f"M{p(0, 0.42)} C{p(-0.55, 0.02)} {p(-0.46, -0.44)} {p(-0.2, -0.44)} "
            f"C{p(-0.06, -0.44)} {p(0, -0.3)} {p(0, -0.22)} C{p(0, -0.3)} {p(0.06, -0.44)} "
            f"{p(0.2, -0.44)} C{p(0.46, -0.44)} {p(0.55, 0.02)} {p(0, 0.42)} Z"
        )
        return f'<path d="{heart}" {paint}/>'
    if suit is Suit.SPADES:
        spade = (
            f"M{p(0, -0.46)} C{p(-0.55, -0.06)} {p(-0.46, 0.3)} {p(-0.2, 0.3)} "
            f"C{p(-0.08, 0.3)} {p(-0.02, 0.22)} {p(0, 0.16)} C{p(0.02, 0.22)} {p(0.08, 0.3)} "
            f"{p(0.2, 0.3)} C{p(0.46, 0.3)} {p(0.55, -0.06)} {p(0, -0.46)} Z"
        )
        return f'<path d="{spade}" {paint}/>{stem}'
    leaves = "".join(
        f'<circle cx="{_n(x + dx * s)}" cy="{_n(y + dy * s)}" r="{_n(0.19 * s)}" {paint}/>'
        for dx, dy in ((0, -0.24), (-0.21, 0.08), (0.21, 0.08))
    )
    return leaves + stem


def _card_group(c: Card, x: float, y: float, scale: float, lang: Language, mark: str = "") -> str:
    """A card's elements with its top left corner at ``(x, y)``."""
    w, h = CARD_WIDTH * scale, CARD_HEIGHT * scale
    _, line = _INK[c.suit]
    title = escape(card_name(c, lang))
    attribute, ring = _marked(x, y, scale, mark)
    rank = _CORNERS[lang].get(c.rank, str(c.rank))
    font = f'font-family="sans-serif" font-weight="bold" font-size="{_n(12 * scale)}"'
    return (
        f'<g class="card" data-card="{c}"{attribute}><title>{title}</title>{ring}'
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="{_n(5 * scale)}" '
        f'fill="#ffffff" stroke="{line}" stroke-width="{_n(1.5 * scale)}"/>'
        f'<text x="{_n(x + 4 * scale)}" y="{_n(y + 13 * scale)}" {font} fill="{line}">'
        f"{rank}</text>"
        f'<text x="{_n(x + w - 4 * scale)}" y="{_n(y + h - 4 * scale)}" {font} fill="{line}" '
        f'text-anchor="end">{rank}</text>'
        f"{suit_sign(c.suit, x + 10 * scale, y + 24 * scale, 10 * scale)}"
        f"{suit_sign(c.suit, x + w / 2, y + h / 2 + 3 * scale, 30 * scale)}</g>"
    )


def card(c: Card, *, scale: float = 1.0, lang: Language = "en") -> str:
    """One card of the French pack as an SVG picture, as large as a card of
    :func:`pocha_rules.svg.card`; its title is the card's name in ``lang``.

    Raises:
        PochaError: ``scale`` is out of range, or ``lang`` is not known.
        TypeError: ``c`` is not a Poch :class:`~pocha_rules.poch.Card`.

    """
    if not isinstance(c, Card):
        raise TypeError(f"expected a poch Card, got {got(c)}")
    _words(lang)
    s = _check_scale(scale)
    return _side_by_side([functools.partial(_card_group, c, lang=lang)], s, card_name(c, lang))


def cards(row: Iterable[Card], *, scale: float = 1.0, lang: Language = "en") -> str:
    """Cards side by side as one SVG picture (a hand), each as :func:`card`
    draws it.

    Raises:
        PochaError: ``scale`` is out of range, or ``lang`` is not known.
        TypeError: An item of ``row`` is not a Poch card.

    """
    _words(lang)
    s = _check_scale(scale)
    items = list(row)
    for item in items:
        if not isinstance(item, Card):
            raise TypeError(f"expected poch Cards, got {got(item)}")
    drawings = [functools.partial(_card_group, c, lang=lang) for c in items]
    return _side_by_side(drawings, s, ", ".join(card_name(c, lang) for c in items))


_WIDTH: Final = 760
_HEIGHT: Final = 640
_SHED_TOP: Final = 560


def _spots(players: int, clockwise: bool) -> list[tuple[float, float]]:
    """Where each seat sits, counted from the seat at the bottom and going
    round the way play goes: the centre of its hand."""
    turn = 1 if clockwise else -1
    out = []
    for i in range(players):
        angle = math.pi / 2 + turn * 2 * math.pi * i / players
        out.append((_WIDTH / 2 + 290 * math.cos(angle), 290 + 200 * math.sin(angle)))
    return out


def table(
    position: GameState | PlayerView,
    *,
    seat: int | None = None,
    lang: Language = "en",
    scale: float = 1.0,
    playable: bool = True,
) -> str:
    """A picture of a game of Poch: the board with every pool's chips, each
    seat with its cards (face up where the picture's seat may see them:
    its own, and the cards others have shown), its chips and its bet; the
    turned-up card; the last cards shed, the last one ringed; whose turn it
    is. The table turns so that the picture's seat (a view's own, or
    ``seat``; a state's ``seat``, default 0) is at the bottom, and goes
    round in the rules' direction.

    Args:
        position: A state (every hand face up) or a seat's view.
        seat: The seat at the bottom.
        lang: The labels' language (``"en"``, ``"de"``, ``"es"``).
        scale: The size: the picture is 760 by 640 units times ``scale``.
        playable: Ring and raise the cards the bottom seat may play.

    Raises:
        PochaError: ``seat`` is not a seat of the game, ``lang`` is not
            known, or ``scale`` is out of range.
        TypeError: ``position`` is neither a Poch state nor a Poch view.

    """
    if isinstance(position, PlayerView):
        bottom = position.seat if seat is None else seat
    elif isinstance(position, GameState):
        bottom = 0 if seat is None else seat
    else:
        raise TypeError(f"expected a poch GameState or PlayerView, got {got(position)}")
    n = position.rules.players
    if type(bottom) is not int or not 0 <= bottom < n:
        raise PochaError(say("seat_out_of_range", high=n - 1, got=repr(bottom)))
    words = _words(lang)
    size = _check_scale(scale)
    if isinstance(position, GameState):
        view = observe(position, bottom)
        hands: list[tuple[Card, ...] | None] = list(position.hands)
    else:
        view = position
        hands = [view.hand if s == view.seat else None for s in range(n)]
    plays: frozenset[Card] = frozenset()
    if playable and view.to_move == bottom:
        legal = legal_moves(position) if isinstance(position, GameState) else view.legal
        if isinstance(position, GameState) or view.seat == bottom:
            plays = frozenset(m.card for m in legal if isinstance(m, Play))
    just = view.table[-1] if view.table else None
    body = [f'<rect width="{_WIDTH}" height="{_HEIGHT}" rx="18" fill="{_FELT}"/>']
    body.append(_header(view, words, lang))
    body.append(_board(view, lang))
    spots = _spots(n, view.rules.direction == "clockwise")
    for i in range(n):
        s = (bottom + i) % n
        body.append(_seat(view, s, spots[i], hands[s], words, lang, i == 0, plays))
    body.append(_shed(view, words, lang))
    label = words["deal"].format(view.deal_number + 1)
    if isinstance(position, PlayerView):
        label += ", " + words["view"].format(position.seat)
    about = _describe(view, bottom, hands[bottom], plays, just, words, lang)
    return _picture(_WIDTH, _HEIGHT, size, label, about, "".join(body))


def _header(view: PlayerView, words: dict[str, str], lang: Language) -> str:
    line = f"{words['deal'].format(view.deal_number + 1)} · {phase_name(view.phase, lang)}"
    parts = [_text(20, 28, line, size=15, anchor="start", weight="bold", cls="round")]
    parts.append(_text(20, 48, words["view"].format(view.seat), size=12, anchor="start"))
    if view.turnup is not None:
        trump = suit_name(view.turnup.suit, lang)
        parts.append(
            _text(
                _WIDTH - 20,
                28,
                words["trump"].format(trump),
                size=15,
                anchor="end",
                weight="bold",
                cls="trump",
            )
        )
        parts.append(_card_group(view.turnup, _WIDTH - 20 - 36, 38, 0.6, lang))
    return f'<g class="header">{"".join(parts)}</g>'


def _board(view: PlayerView, lang: Language) -> str:
    """The board: the pools round the poch pool in the middle."""
    cx, cy = _WIDTH / 2, 270
    ring = [(name, chips) for name, chips in view.pools if name != "poch"]
    poch = dict(view.pools).get("poch", 0)
    parts = [
        '<g class="board">',
        f'<ellipse cx="{_n(cx)}" cy="{_n(cy)}" rx="150" ry="98" fill="#6d4c41" '
        'stroke="#3e2723" stroke-width="3"/>',
    ]
    for k, (name, chips) in enumerate(ring):
        angle = -math.pi / 2 + 2 * math.pi * k / len(ring)
        parts.append(_pool(name, chips, cx + 108 * math.cos(angle), cy + 62 * math.sin(angle), 25,
                           lang))  # fmt: skip
    parts.append(_pool("poch", poch, cx, cy, 32, lang))
    parts.append("</g>")
    return "".join(parts)


def _pool(name: str, chips: int, x: float, y: float, r: float, lang: Language) -> str:
    return (
        f'<g class="pool" data-pool="{name}" data-chips="{chips}">'
        f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="#a1887f" stroke="#3e2723"/>'
        + _text(x, y - 4, pool_name(name, lang), size=9)
        + _text(x, y + 11, str(chips), size=13, weight="bold", cls="chips")
        + "</g>"
    )


def _seat(
    view: PlayerView,
    s: int,
    spot: tuple[float, float],
    hand: tuple[Card, ...] | None,
    words: dict[str, str],
    lang: Language,
    big: bool,
    plays: frozenset[Card],
) -> str:
    x, y = spot
    scale = 0.9 if big else 0.5
    w, h = CARD_WIDTH * scale, CARD_HEIGHT * scale
    size = view.hand_sizes[s]
    shown = view.shown[s] if hand is None else ()
    step = w + 4 * scale
    left = x - (w + step * (size - 1)) / 2 if size else x
    top = _SHED_TOP - h - 34 if big else y - h / 2 + 4
    parts = [f'<g class="seat" data-seat="{s}">']
    for k in range(size):
        at = left + k * step
        if hand is not None:
            c = hand[k]
            if c in plays:
                parts.append(_card_group(c, at, top - 10 * scale, scale, lang, "playable"))
            else:
                parts.append(_card_group(c, at, top, scale, lang))
        elif k < len(shown):
            parts.append(_card_group(shown[k], at, top, scale, lang))
        else:
            parts.append(_back_group(at, top, scale))
    who = [words["seat"].format(s)]
    if s == view.dealer:
        who.append(words["dealer"])
    if s in view.out:
        who.append(words["out"])
    turn = view.to_move == s
    if turn:
        who.append(words["to_move"])
    facts = words["chips"].format(view.balances[s])
    if view.stakes[s]:
        facts += " · " + words["stake"].format(view.stakes[s])
    colour = "#ffd54f" if turn else "#ffffff"
    weight = "bold" if turn else "normal"
    if big:
        line = " · ".join([*who, facts])
        parts.append(
            _text(x, top + h + 18, line, size=12, fill=colour, weight=weight, cls="label")
        )
    else:
        parts.append(_text(x, top - 24, " · ".join(who), size=12, fill=colour, weight=weight,
                           cls="label"))  # fmt: skip
        parts.append(_text(x, top - 9, facts, size=11, fill=colour, cls="facts"))
    parts.append("</g>")
    return "".join(parts)


def _shed(view: PlayerView, words: dict[str, str], lang: Language) -> str:
    """The strip at the bottom: the last cards shed, the last one ringed."""
    top = _SHED_TOP
    parts = [
        '<g class="shed">',
        _text(20, top + 16, words["shed"], size=13, anchor="start", weight="bold"),
    ]
    recent = view.table[-12:]
    if not recent:
        parts.append(_text(20, top + 36, words["none_shed"], size=12, anchor="start"))
    scale = 0.45
    w = CARD_WIDTH * scale
    for k, played in enumerate(recent):
        x = 150 + k * (w + 22)
        mark = "just-played" if k == len(recent) - 1 else ""
        parts.append(_card_group(played.card, x, top + 8, scale, lang, mark))
        parts.append(_text(x + w + 3, top + 30, str(played.seat), size=11, anchor="start",
                           cls="player"))  # fmt: skip
    parts.append("</g>")
    return "".join(parts)


def _describe(
    view: PlayerView,
    bottom: int,
    hand: tuple[Card, ...] | None,
    plays: frozenset[Card],
    just: PlayedCard | None,
    words: dict[str, str],
    lang: Language,
) -> str:
    """The picture in words, for its ``<desc>``."""
    out = [f"{words['deal'].format(view.deal_number + 1)} · {phase_name(view.phase, lang)}."]
    if view.turnup is not None:
        trump = f"{suit_name(view.turnup.suit, lang)} ({card_name(view.turnup, lang)})"
        out.append(words["trump"].format(trump) + ".")
    board = ", ".join(f"{pool_name(name, lang)} {chips}" for name, chips in view.pools)
    out.append(words["board"].format(board))
    out.append(words["balances"].format(", ".join(str(b) for b in view.balances)))
    if view.to_move is not None and view.phase is not Phase.OVER:
        out.append(words["seat_to_move"].format(view.to_move))
    if hand:
        out.append(words["your_cards"].format(bottom, ", ".join(card_name(c, lang) for c in hand)))
    if just is not None:
        out.append(words["just_played"].format(card_name(just.card, lang), just.seat))
    if plays:
        names = ", ".join(card_name(c, lang) for c in hand or () if c in plays)
        out.append(words["playable"].format(names))
    return " ".join(out)
