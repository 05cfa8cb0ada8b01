"""Pictures of the game as SVG text: single cards of the Spanish deck, and a
seat's table (its hand, the trick on the table, bids, tricks won, trump and
scores).

The drawings are this library's own: plain vector shapes for the four suit
signs (a coin, a cup, a sword, a club) and the ranks, with the face cards
marked by their Spanish letters (*S* sota, *C* caballo, *R* rey). The output
is text built from the values alone, the same every time, and valid XML;
nothing outside the standard library is needed.

>>> from pocha_rules import Card, RuleSet, new_game, observe
>>> picture = card(Card.parse("1o"))
>>> picture.startswith("<svg") and "as de oros" not in picture and "ace of coins" in picture
True
>>> view = observe(new_game(RuleSet(), seed=7, dealer=3), 0)
>>> table(view) == table(view)
True

In Jupyter, a :class:`~pocha_rules.GameState` and a
:class:`~pocha_rules.PlayerView` show as :func:`table` pictures, and a
:class:`~pocha_rules.Card` as its :func:`card`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Final, NamedTuple, TypeAlias
from xml.sax.saxutils import escape, quoteattr

from pocha_rules._common.errors import PochaError, say
from pocha_rules._common.text import got
from pocha_rules._pocha.cards import Card, Suit
from pocha_rules._pocha.engine import legal_moves
from pocha_rules._pocha.moves import Play
from pocha_rules._pocha.state import GameState, Phase, PlayedCard
from pocha_rules.names import Language, card_name, phase_name, suit_name
from pocha_rules.views import PlayerView

__all__ = ["CARD_HEIGHT", "CARD_WIDTH", "back", "card", "cards", "suit_sign", "table"]

CARD_WIDTH: Final = 60
"""The width of a card drawn by :func:`card` at ``scale=1``, in SVG units."""
CARD_HEIGHT: Final = 90
"""The height of a card drawn by :func:`card` at ``scale=1``."""

_INK: Final = {
    Suit.OROS: ("#e0a81e", "#8a5a00"),
    Suit.COPAS: ("#c62828", "#7f1010"),
    Suit.ESPADAS: ("#1e5aa8", "#0d2f5e"),
    Suit.BASTOS: ("#4e8a2e", "#2f5418"),
}
"""By suit: the fill and the outline of its sign."""

_FACES: Final = {10: "S", 11: "C", 12: "R"}
"""The face cards' letters: sota, caballo, rey."""

_FELT: Final = "#2f6b4f"

_LABELS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "round": "Round",
        "cards": "cards each",
        "trump": "Trump",
        "unknown": "not known yet",
        "seat": "Seat",
        "bid": "bid",
        "won": "won",
        "points": "pts",
        "dealer": "dealer",
        "to_move": "to move",
        "view": "as seat {} sees it",
        "last_trick": "Last trick",
        "wins": "won by seat {}",
        "no_trick": "no trick finished yet",
        "seat_to_move": "Seat {} to move.",
        "on_table": "On the table: {}.",
        "empty_table": "The table is empty.",
        "last_won": "Last trick: {}, won by seat {}.",
        "just_played": "Just played: {} (seat {}).",
        "playable": "Playable: {}.",
        "your_cards": "Seat {}'s cards: {}.",
        "by_seat": "{} (seat {})",
        "game_over": "The game is over.",
    },
    "es": {
        "round": "Ronda",
        "cards": "cartas cada uno",
        "trump": "Triunfo",
        "unknown": "sin decidir",
        "seat": "Asiento",
        "bid": "pide",
        "won": "lleva",
        "points": "ptos",
        "dealer": "reparte",
        "to_move": "le toca",
        "view": "como lo ve el puesto {}",
        "last_trick": "Última baza",
        "wins": "la gana el puesto {}",
        "no_trick": "aún no hay bazas",
        "seat_to_move": "Le toca al puesto {}.",
        "on_table": "En la mesa: {}.",
        "empty_table": "La mesa está vacía.",
        "last_won": "Última baza: {}; la gana el puesto {}.",
        "just_played": "Acaba de jugar el puesto {1}: {0}.",
        "playable": "Se pueden jugar: {}.",
        "your_cards": "Cartas del puesto {}: {}.",
        "by_seat": "{} (puesto {})",
        "game_over": "La partida ha terminado.",
    },
}


def _n(value: float) -> str:
    """A coordinate, written the same way every time."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def suit_sign(suit: Suit, x: float, y: float, size: float) -> str:
    """The SVG elements of ``suit``'s sign, centred on ``(x, y)`` and
    ``size`` units tall: a coin (oros), a cup (copas), a sword (espadas) or
    a club (bastos).

    >>> suit_sign(Suit.OROS, 0, 0, 10).count("<circle")
    3
    """
    if not isinstance(suit, Suit):
        raise TypeError(f"suit must be a Suit, got {got(suit)}")
    fill, line = _INK[suit]
    s = size

    def p(dx: float, dy: float) -> str:
        return f"{_n(x + dx * s)},{_n(y + dy * s)}"

    paint = f'fill="{fill}" stroke="{line}" stroke-width="{_n(max(s * 0.04, 0.5))}"'
    if suit is Suit.OROS:
        return (
            f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(0.45 * s)}" {paint}/>'
            f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(0.3 * s)}" fill="none" '
            f'stroke="{line}" stroke-width="{_n(max(s * 0.03, 0.4))}"/>'
            f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(0.09 * s)}" fill="{line}"/>'
        )
    if suit is Suit.COPAS:
        bowl = (
            f"M{p(-0.34, -0.3)} L{p(0.34, -0.3)} Q{p(0.34, 0.1)} {p(0, 0.12)} "
            f"Q{p(-0.34, 0.1)} {p(-0.34, -0.3)} Z"
        )
        return (
            f'<path d="{bowl}" {paint}/>'
            f'<rect x="{_n(x - 0.05 * s)}" y="{_n(y + 0.1 * s)}" width="{_n(0.1 * s)}" '
            f'height="{_n(0.26 * s)}" {paint}/>'
            f'<ellipse cx="{_n(x)}" cy="{_n(y + 0.4 * s)}" rx="{_n(0.24 * s)}" '
            f'ry="{_n(0.07 * s)}" {paint}/>'
            f'<ellipse cx="{_n(x)}" cy="{_n(y - 0.3 * s)}" rx="{_n(0.34 * s)}" '
            f'ry="{_n(0.07 * s)}" {paint}/>'
        )
    if suit is Suit.ESPADAS:
        blade = (
            f"M{p(0, -0.5)} L{p(0.07, -0.38)} L{p(0.07, 0.18)} L{p(-0.07, 0.18)} "
            f"L{p(-0.07, -0.38)} Z"
        )
        return (
            f'<path d="{blade}" {paint}/>'
            f'<rect x="{_n(x - 0.24 * s)}" y="{_n(y + 0.18 * s)}" width="{_n(0.48 * s)}" '
            f'height="{_n(0.07 * s)}" rx="{_n(0.03 * s)}" {paint}/>'
            f'<rect x="{_n(x - 0.045 * s)}" y="{_n(y + 0.25 * s)}" width="{_n(0.09 * s)}" '
            f'height="{_n(0.16 * s)}" {paint}/>'
            f'<circle cx="{_n(x)}" cy="{_n(y + 0.44 * s)}" r="{_n(0.06 * s)}" {paint}/>'
        )
    club = (
        f"M{p(-0.055, 0.48)} L{p(-0.15, -0.3)} Q{p(-0.16, -0.5)} {p(0, -0.5)} "
        f"Q{p(0.16, -0.5)} {p(0.15, -0.3)} L{p(0.055, 0.48)} Z"
    )
    # Cut branches: short stubs on alternate sides, drawn under the trunk.
    knots = "".join(
        f'<ellipse cx="{_n(x + dx * s)}" cy="{_n(y + dy * s)}" rx="{_n(0.1 * s)}" '
        f'ry="{_n(0.045 * s)}" transform="rotate({angle} {_n(x + dx * s)} {_n(y + dy * s)})" '
        f"{paint}/>"
        for dx, dy, angle in ((-0.17, -0.2, 35), (0.15, 0.0, -35), (-0.12, 0.2, 35))
    )
    return f'{knots}<path d="{club}" {paint}/>'


_MARKS: Final = {"playable": "#ffd54f", "just-played": "#ff7043", "winner": "#ffd54f"}
"""The colour of the ring around a marked card, by its ``data-mark``."""


def _marked(x: float, y: float, scale: float, mark: str) -> tuple[str, str]:
    """A marked card's ``data-mark`` attribute and the ring drawn round it,
    its top left corner at ``(x, y)`` (both empty without a mark; shared by
    both games' pictures)."""
    if not mark:
        return "", ""
    w, h = CARD_WIDTH * scale, CARD_HEIGHT * scale
    ring = (
        f'<rect class="mark" x="{_n(x - 3 * scale)}" y="{_n(y - 3 * scale)}" '
        f'width="{_n(w + 6 * scale)}" height="{_n(h + 6 * scale)}" rx="{_n(7 * scale)}" '
        f'fill="none" stroke="{_MARKS[mark]}" stroke-width="{_n(max(3 * scale, 1.5))}"/>'
    )
    return f' data-mark="{mark}"', ring


def _picture(width: float, height: float, size: float, label: str, about: str, body: str) -> str:
    """A picture ``width`` by ``height`` units, drawn ``size`` times as large,
    with its title and its description (shared by both games' tables)."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width * size)}" '
        f'height="{_n(height * size)}" viewBox="0 0 {_n(width)} {_n(height)}" role="img" '
        f"aria-label={quoteattr(label)}><title>{escape(label)}</title>"
        f"<desc>{escape(about)}</desc>{body}</svg>"
    )


def _card_group(c: Card, x: float, y: float, scale: float, lang: Language, mark: str = "") -> str:
    """A card's elements with its top left corner at ``(x, y)``; a ``mark``
    (a key of :data:`_MARKS`) rings it and names it in ``data-mark``."""
    w, h = CARD_WIDTH * scale, CARD_HEIGHT * scale
    fill, line = _INK[c.suit]
    title = escape(card_name(c, lang, article="bare"))
    attribute, ring = _marked(x, y, scale, mark)
    rank = _FACES.get(c.rank, str(c.rank))
    corner = 13 * scale
    parts = [
        f'<g class="card" data-card="{c}"{attribute}><title>{title}</title>{ring}',
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" '
        f'rx="{_n(5 * scale)}" fill="#fffdf6" stroke="{line}" stroke-width="{_n(1.5 * scale)}"/>',
        f'<text x="{_n(x + 4 * scale)}" y="{_n(y + corner)}" font-family="sans-serif" '
        f'font-weight="bold" font-size="{_n(12 * scale)}" fill="{line}">{rank}</text>',
        f'<text x="{_n(x + w - 4 * scale)}" y="{_n(y + h - 4 * scale)}" font-family="sans-serif" '
        f'font-weight="bold" font-size="{_n(12 * scale)}" fill="{line}" '
        f'text-anchor="end">{rank}</text>',
        suit_sign(c.suit, x + 11 * scale, y + corner + 9 * scale, 11 * scale),
    ]
    if c.rank in _FACES:
        parts.append(
            f'<rect x="{_n(x + 18 * scale)}" y="{_n(y + 18 * scale)}" width="{_n(26 * scale)}" '
            f'height="{_n(54 * scale)}" rx="{_n(3 * scale)}" fill="{fill}" fill-opacity="0.15" '
            f'stroke="{line}" stroke-width="{_n(scale)}"/>'
        )
        parts.append(
            f'<text x="{_n(x + 31 * scale)}" y="{_n(y + 42 * scale)}" font-family="serif" '
            f'font-weight="bold" font-size="{_n(22 * scale)}" fill="{line}" '
            f'text-anchor="middle">{rank}</text>'
        )
        parts.append(suit_sign(c.suit, x + 31 * scale, y + 58 * scale, 16 * scale))
    else:
        parts.append(suit_sign(c.suit, x + w / 2, y + h / 2 + 3 * scale, 30 * scale))
    parts.append("</g>")
    return "".join(parts)


def _back_group(x: float, y: float, scale: float) -> str:
    w, h = CARD_WIDTH * scale, CARD_HEIGHT * scale
    return (
        f'<g class="back"><rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" '
        f'rx="{_n(5 * scale)}" fill="#8e2b2b" stroke="#fffdf6" stroke-width="{_n(2 * scale)}"/>'
        f'<rect x="{_n(x + 5 * scale)}" y="{_n(y + 5 * scale)}" width="{_n(w - 10 * scale)}" '
        f'height="{_n(h - 10 * scale)}" rx="{_n(3 * scale)}" fill="none" stroke="#e0a81e" '
        f'stroke-width="{_n(scale)}"/>'
        f'<circle cx="{_n(x + w / 2)}" cy="{_n(y + h / 2)}" r="{_n(9 * scale)}" fill="none" '
        f'stroke="#e0a81e" stroke-width="{_n(scale)}"/></g>'
    )


def _svg(width: float, height: float, body: str, label: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}" height="{_n(height)}" '
        f'viewBox="0 0 {_n(width)} {_n(height)}" role="img" aria-label={quoteattr(label)}>'
        f"{body}</svg>"
    )


_Drawing: TypeAlias = Callable[[float, float, float], str]
"""What draws a card (or its back) with its top left corner at ``(x, y)``,
``scale`` times its size: ``drawing(x, y, scale)``."""


def _side_by_side(drawings: Sequence[_Drawing], s: float, label: str, overlap: float = 0.0) -> str:
    """A picture of cards side by side (one card, a hand), each drawn by
    one of ``drawings``, ``s`` times a card's size, with a margin;
    ``overlap`` is the part of each card the next one covers, and ``label``
    names the picture."""
    pad = 2 * s
    step = CARD_WIDTH * s * (1 - overlap) + (pad if overlap == 0 else 0)
    body = "".join(draw(pad + i * step, pad, s) for i, draw in enumerate(drawings))
    width = (step * (len(drawings) - 1) if drawings else 0) + CARD_WIDTH * s + 2 * pad
    return _svg(width, CARD_HEIGHT * s + 2 * pad, body, label)


def _check_scale(scale: object) -> float:
    if isinstance(scale, bool) or not isinstance(scale, int | float):
        raise TypeError(f"scale must be a number, got {got(scale)}")
    if not 0 < scale <= 100:
        raise PochaError(say("scale_out_of_range", got=repr(scale)))
    return float(scale)


def card(c: Card, *, scale: float = 1.0, lang: Language = "en") -> str:
    """One card of the Spanish deck as an SVG picture, ``CARD_WIDTH`` by
    ``CARD_HEIGHT`` units times ``scale``; its title (a tooltip, read
    aloud by screen readers) is the card's name in ``lang``.

    Raises:
        PochaError: ``scale`` is not above 0 and at most 100.
        TypeError: ``c`` is not a :class:`~pocha_rules.Card`.

    """
    if not isinstance(c, Card):
        raise TypeError(f"expected a Card, got {got(c)}")
    s = _check_scale(scale)
    return _side_by_side(
        [functools.partial(_card_group, c, lang=lang)], s, card_name(c, lang, article="bare")
    )


def cards(
    row: Iterable[Card], *, scale: float = 1.0, lang: Language = "en", overlap: float = 0.0
) -> str:
    """Cards side by side as one SVG picture (a hand, a trick), each as
    :func:`card` draws it; ``overlap`` is the part of each card the next
    one covers, from 0 (none) to 0.8.

    >>> from pocha_rules import Card
    >>> cards([Card.parse("1o"), Card.parse("3o")]).count('class="card"')
    2

    Raises:
        PochaError: ``scale`` or ``overlap`` is out of range.
        TypeError: An item of ``row`` is not a :class:`~pocha_rules.Card`.

    """
    s = _check_scale(scale)
    if isinstance(overlap, bool) or not isinstance(overlap, int | float):
        raise TypeError(f"overlap must be a number, got {got(overlap)}")
    if not 0 <= overlap <= 0.8:
        raise PochaError(say("overlap_out_of_range", got=repr(overlap)))
    items = list(row)
    for item in items:
        if not isinstance(item, Card):
            raise TypeError(f"expected Cards, got {got(item)}")
    drawings = [functools.partial(_card_group, c, lang=lang) for c in items]
    label = ", ".join(card_name(c, lang, article="bare") for c in items)
    return _side_by_side(drawings, s, label, overlap)


def back(*, scale: float = 1.0) -> str:
    """The back of a card as an SVG picture, the size of :func:`card`'s."""
    return _side_by_side([_back_group], _check_scale(scale), "card back")


_WIDTH: Final = 760
_HEIGHT: Final = 560
_STRIP: Final = 80
"""The height of the strip below the table that shows the last trick."""


def _text(x: float, y: float, text: str, *, size: float = 13, anchor: str = "middle",
          fill: str = "#fffdf6", weight: str = "normal", cls: str = "") -> str:  # fmt: skip
    klass = f' class="{cls}"' if cls else ""
    return (
        f'<text{klass} x="{_n(x)}" y="{_n(y)}" font-family="sans-serif" font-size="{_n(size)}" '
        f'font-weight="{weight}" fill="{fill}" text-anchor="{anchor}">{escape(text)}</text>'
    )


def _spots(players: int) -> list[tuple[float, float]]:
    """Where each seat sits, counted from the seat at the bottom, going
    round the table the way play goes (anticlockwise, as Spanish tables
    play): the centre of its hand."""
    import math

    out = []
    for i in range(players):
        angle = math.pi / 2 - 2 * math.pi * i / players  # bottom first, then to the right
        out.append((_WIDTH / 2 + 280 * math.cos(angle), 276 + 184 * math.sin(angle)))
    return out


class _Marks(NamedTuple):
    """What a picture of the table marks."""

    plays: frozenset[Card]
    """The cards the bottom seat may play."""
    last: tuple[PlayedCard, ...]
    """The last trick finished in the round (empty before the first)."""
    winner: int | None
    """Who took it."""
    just: PlayedCard | None
    """The card just played."""


def _marks(position: GameState | PlayerView, bottom: int, playable: bool) -> _Marks:
    """What the picture of ``position`` with ``bottom`` at the bottom
    marks; the playable cards only with ``playable``."""
    plays: frozenset[Card] = frozenset()
    if playable and position.to_move == bottom:
        if isinstance(position, PlayerView):
            legal = position.legal_moves() if position.seat == bottom else ()
        else:
            legal = legal_moves(position)
        plays = frozenset(move.card for move in legal if isinstance(move, Play))
    played, trick = position.played, position.trick
    done = len(played) - len(trick)
    n = position.rules.players
    last = played[done - n : done] if done >= n else ()
    winner = position.leader if last else None
    return _Marks(plays, last, winner, played[-1] if played else None)


def table(
    position: GameState | PlayerView,
    *,
    seat: int | None = None,
    lang: Language = "en",
    scale: float = 1.0,
    last_trick: bool = True,
    playable: bool = True,
) -> str:
    """A picture of the table: every seat with its cards (face up where the
    picture's seat may see them, else their backs), bid, tricks won and
    score; the trick on the table, with the card just played ringed; the
    trump suit and the card that shows it; the round and whose turn it is.

    The table turns so that the picture's seat sits at the bottom: a view's
    own seat (or ``seat``), a state's ``seat`` (default 0). Labels are in
    ``lang``, and the picture is ``760 * scale`` units wide.

    Args:
        position: A state (every hand face up) or a seat's view.
        seat: The seat at the bottom.
        lang: The labels' language.
        scale: The picture's size, from above 0 to 100 (1 is 760 by 640
            units, 760 by 560 without the last trick).
        last_trick: Draw a strip below the table with the last trick
            finished in the round, its winner's card ringed.
        playable: Ring (and raise) the cards the bottom seat may play when
            it is its turn.

    The picture has a ``<title>`` and a ``<desc>`` (what a screen reader
    says: the round, whose turn it is, the cards on the table, the last
    trick, the card just played and the playable cards), and its marked
    cards carry ``data-mark="playable"``, ``"just-played"`` or
    ``"winner"``.

    Raises:
        PochaError: ``seat`` is not a seat of the game, ``lang`` is not
            known, or ``scale`` is out of range.
        TypeError: ``position`` is neither a state nor a view.

    """
    if isinstance(position, PlayerView):
        hands: tuple[tuple[Card, ...] | None, ...] = position.visible_hands
        bottom = position.seat if seat is None else seat
        sizes = position.hand_sizes
    elif isinstance(position, GameState):
        hands = position.hands
        bottom = 0 if seat is None else seat
        sizes = tuple(len(hand) for hand in hands)
    else:
        raise TypeError(f"expected a GameState or a PlayerView, got {got(position)}")
    n = position.rules.players
    if type(bottom) is not int or not 0 <= bottom < n:
        raise PochaError(say("seat_must_be", high=n - 1, got=repr(bottom)))
    if lang not in _LABELS:
        raise PochaError(say("picture_lang_unknown", got=repr(lang)))
    size = _check_scale(scale)
    words = _LABELS[lang]
    height = _HEIGHT + (_STRIP if last_trick else 0)
    marks = _marks(position, bottom, playable)
    body = [f'<rect width="{_WIDTH}" height="{height}" rx="18" fill="{_FELT}"/>']
    body.append(_header(position, words, lang))
    spots = _spots(n)
    over = position.phase is Phase.OVER
    for i in range(n):
        s = (bottom + i) % n
        x, y = spots[i]
        big = i == 0 and not over
        ringed = marks.plays if i == 0 else frozenset()
        body.append(
            _seat(position, s, x, y, hands[s], sizes[s], words, big=big, lang=lang, plays=ringed)
        )
    body.append(_trick(position, bottom, spots, lang, marks.just))
    if last_trick:
        body.append(_last_trick(marks, words, lang))
    label = f"{words['round']} {position.round_index + 1}"
    if isinstance(position, PlayerView):
        label += ", " + words["view"].format(position.seat)
    about = _describe(position, bottom, hands[bottom], marks, words, lang)
    return _picture(_WIDTH, height, size, label, about, "".join(body))


def _named(cards: Iterable[PlayedCard], words: dict[str, str], lang: Language) -> str:
    return ", ".join(
        words["by_seat"].format(card_name(p.card, lang, article="bare"), p.seat) for p in cards
    )


def _describe(
    position: GameState | PlayerView,
    bottom: int,
    hand: tuple[Card, ...] | None,
    marks: _Marks,
    words: dict[str, str],
    lang: Language,
) -> str:
    """The picture in words, for its ``<desc>``."""
    plays, last, winner, just = marks
    cards = position.round.cards
    out = [
        f"{words['round']} {position.round_index + 1} · {cards} {words['cards']} · "
        f"{phase_name(position.phase, lang)}."
    ]
    if position.phase is Phase.OVER:
        out.append(words["game_over"])
    if position.trump is not None:
        out.append(f"{words['trump']}: {suit_name(position.trump, lang)}.")
    if position.to_move is not None:
        out.append(words["seat_to_move"].format(position.to_move))
    if hand:
        names = ", ".join(card_name(c, lang, article="bare") for c in hand)
        out.append(words["your_cards"].format(bottom, names))
    if position.phase is Phase.PLAY:
        trick = position.trick
        out.append(
            words["on_table"].format(_named(trick, words, lang)) if trick else words["empty_table"]
        )
    if last and winner is not None:
        out.append(words["last_won"].format(_named(last, words, lang), winner))
    if just is not None:
        out.append(
            words["just_played"].format(card_name(just.card, lang, article="bare"), just.seat)
        )
    if plays:
        playable = [c for c in hand or () if c in plays]
        out.append(
            words["playable"].format(
                ", ".join(card_name(c, lang, article="bare") for c in playable)
            )
        )
    return " ".join(out)


def _last_trick(marks: _Marks, words: dict[str, str], lang: Language) -> str:
    """The strip below the table: the last trick, its winner's card ringed."""
    last, winner, just = marks.last, marks.winner, marks.just
    top = _HEIGHT
    parts = [
        '<g class="last-trick">',
        _text(20, top + 16, words["last_trick"], size=13, anchor="start", weight="bold"),
    ]
    if not last or winner is None:
        parts.append(_text(20, top + 36, words["no_trick"], size=12, anchor="start"))
    else:
        scale = 0.45
        w = CARD_WIDTH * scale
        for k, played in enumerate(last):
            x = 150 + k * (w + 26)
            mark = "winner" if played.seat == winner else ""
            if mark == "" and just is not None and played == just:
                mark = "just-played"
            parts.append(_card_group(played.card, x, top + 8, scale, lang, mark))
            parts.append(_text(x + w + 4, top + 30, str(played.seat), size=11, anchor="start",
                               cls="player"))  # fmt: skip
        parts.append(
            _text(
                20, top + 36, words["wins"].format(winner), size=12, anchor="start", cls="winner"
            )
        )
    parts.append("</g>")
    return "".join(parts)


def _header(position: GameState | PlayerView, words: dict[str, str], lang: Language) -> str:
    cards = position.round.cards
    line = (
        f"{words['round']} {position.round_index + 1} · {cards} {words['cards']} · "
        f"{phase_name(position.phase, lang)}"
    )
    parts = [_text(20, 28, line, size=15, anchor="start", weight="bold", cls="round")]
    if isinstance(position, PlayerView):
        parts.append(_text(20, 48, words["view"].format(position.seat), size=12, anchor="start"))
    trump = position.trump
    trump_text = words["unknown"] if trump is None else suit_name(trump, lang)
    parts.append(
        _text(
            _WIDTH - 20,
            28,
            f"{words['trump']}: {trump_text}",
            size=15,
            anchor="end",
            weight="bold",
            cls="trump",
        )
    )
    shown = position.trump_card
    if shown is not None:
        parts.append(_card_group(shown, _WIDTH - 20 - 36, 38, 0.6, lang))
    elif trump is not None:
        parts.append(suit_sign(trump, _WIDTH - 38, 62, 30))
    return f'<g class="header">{"".join(parts)}</g>'


def _seat(
    position: GameState | PlayerView,
    s: int,
    x: float,
    y: float,
    hand: tuple[Card, ...] | None,
    size: int,
    words: dict[str, str],
    *,
    big: bool,
    lang: Language,
    plays: frozenset[Card],
) -> str:
    crowded = position.rules.players >= 6
    scale = (0.8 if crowded else 0.95) if big else 0.5
    w, h = CARD_WIDTH * scale, CARD_HEIGHT * scale
    room = (260 if crowded else 560) if big else 150
    step = min(w + 4 * scale, (room - w) / max(size - 1, 1))
    span = w + step * (size - 1) if size else 0
    left = x - span / 2
    top = 430 if big else y - h / 2 + 4
    parts = [f'<g class="seat" data-seat="{s}">']
    for k in range(size):
        if hand is None:
            parts.append(_back_group(left + k * step, top, scale))
        else:
            c = hand[k]
            if c in plays:
                lift = 10 * scale
                parts.append(_card_group(c, left + k * step, top - lift, scale, lang, "playable"))
            else:
                parts.append(_card_group(c, left + k * step, top, scale, lang))
    bid = position.bids[s]
    who = [f"{words['seat']} {s}"]
    if s == position.dealer:
        who.append(words["dealer"])
    turn = position.to_move == s
    if turn:
        who.append(words["to_move"])
    facts = (
        f"{words['bid']} {'-' if bid is None else bid} · {words['won']} "
        f"{position.tricks_won[s]} · {position.scores[s]} {words['points']}"
    )
    colour = "#ffd54f" if turn else "#fffdf6"
    weight = "bold" if turn else "normal"
    if big:
        line = " · ".join(who) + " · " + facts
        parts.append(
            _text(x, top + h + 18, line, size=12, fill=colour, weight=weight, cls="label")
        )
    else:
        first, second = top - 24, top - 9
        parts.append(_text(x, first, " · ".join(who), size=12, fill=colour, weight=weight,
                           cls="label"))  # fmt: skip
        parts.append(_text(x, second, facts, size=11, fill=colour, cls="facts"))
    parts.append("</g>")
    return "".join(parts)


def _trick(
    position: GameState | PlayerView,
    bottom: int,
    spots: list[tuple[float, float]],
    lang: Language,
    just: PlayedCard | None,
) -> str:
    n = position.rules.players
    parts = ['<g class="trick">']
    scale = 0.7
    w, h = CARD_WIDTH * scale, CARD_HEIGHT * scale
    cx, cy = _WIDTH / 2, 268
    for played in position.trick:
        i = (played.seat - bottom) % n
        sx, sy = spots[i]
        # A third of the way from the centre towards the seat.
        x = cx + (sx - cx) * 0.33 - w / 2
        y = cy + (sy - cy) * 0.33 - h / 2
        mark = "just-played" if played == just else ""
        parts.append(_card_group(played.card, x, y, scale, lang, mark))
        parts.append(_text(x + w / 2, y + h + 12, str(played.seat), size=11, cls="player"))
    parts.append("</g>")
    return "".join(parts)
