"""The Python side of the site's Play page and of its "What may I play?" explorer.

The page runs this module in Pyodide, on the real library (the pure wheel of
pocha-rules and attrs' wheel); its JavaScript calls the functions below and
gets JSON text back. It runs under CPython too: ``docs/check_play.py`` and
``tests/test_web_page.py`` import it to compare the page with the library.

A game against the bots: :func:`start`, :func:`view`, :func:`play` (the
person's move, by its index in :func:`view`'s ``moves``) and :func:`step`
(one bot move). The explorer: :func:`explore` builds a position from what
the person clicked (:func:`position`) and says, for every card of the hand,
whether it may be played and why not (:func:`legality`, :func:`answer`). A
position read from text needs only a function that returns a
:class:`~pocha_rules.GameState`, passed to :func:`answer`.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from typing import Any, Literal

from pocha_rules import (
    Bid,
    Call,
    Card,
    ChooseTrump,
    Deal,
    GameState,
    HeuristicBot,
    Pass,
    Phase,
    Play,
    PlayedCard,
    PochaError,
    RuleSet,
    Suit,
    TrumpWhenAllDealt,
    apply,
    explain,
    legal_moves,
    new_game,
    observe,
    svg,
)
from pocha_rules.names import Language

__all__ = [
    "GAMES",
    "Table",
    "answer",
    "explore",
    "faces",
    "in_spanish",
    "legality",
    "play",
    "position",
    "start",
    "step",
    "view",
]

HUMAN = 0
"""The person's seat at the Play page's table; the bots hold the others."""

GAMES: dict[str, Any] = {
    # A short game that still holds every kind of round: normal rounds, an
    # auction (subastada) and a blind round (india).
    "short": (1, 2, 3, "3a", 2, "1b"),
    "classic": "classic",
    "up_down": "up_down",
    "full": "full",
}
"""The games the Play page offers, by name: schedules for :class:`RuleSet`."""


_SPANISH: tuple[tuple[str, str], ...] = (
    (
        r"must follow suit: (\w+) was led and the hand holds (.+)",
        r"hay que asistir: se ha salido de \1 y tienes \2",
    ),
    (
        r"must over-ruff (\w+) with a higher trump: (.+)",
        r"hay que contrafallar: montar el \1 con un triunfo más alto: \2",
    ),
    (
        r"void in (\w+), must ruff with a trump \((\w+)\): (.+)",
        r"sin \1 hay que fallar con un triunfo (\2): \3",
    ),
    (
        r"must overtake (\w+) with a higher (\w+): (.+)",
        r"hay que montar: matar el \1 con una carta de \2 más alta: \3",
    ),
    (
        r"the hook: the last bidder may not bid (\d+), which would make the bids add "
        r"up to (\d+), the tricks of the round",
        r"el postre no puede pedir \1: las peticiones sumarían \2, las bazas de la ronda",
    ),
    (r"(\w+) is not in the hand \((.*)\)", r"el \1 no está en la mano (\2)"),
    (
        r"a call must beat the highest call so far \((\d+)\)",
        r"hay que subir la puja más alta (\1)",
    ),
    (
        r"the first player must call a number and may not pass",
        r"el primero en hablar tiene que pujar, no puede pasar",
    ),
    # The explorer's own refusals.
    (r"the hand is empty: choose its cards", r"la mano está vacía: elige sus cartas"),
    (
        r"(\d+) players: at most (\d+) cards on the table",
        r"con \1 jugadores hay como mucho \2 cartas en la mesa",
    ),
    (
        r"a card is both in the hand and on the table",
        r"una carta está a la vez en la mano y en la mesa",
    ),
    (
        r"(\d+) players hold at most (\d+) cards each",
        r"con \1 jugadores cada uno tiene como mucho \2 cartas",
    ),
    (r"(\w+) is not in this game's deck", r"el \1 no está en la baraja de esta partida"),
    (
        r"every card of (\w+) is dealt: none is left to turn up as trump",
        r"todas las cartas de \1 están repartidas: no queda ninguna para pintar",
    ),
    (
        r"not enough cards in the deck for every hand",
        r"no quedan cartas bastantes en la baraja para todas las manos",
    ),
)


def in_spanish(reason: str) -> str:
    """The library's reason for refusing a move, as a Spanish table says it.

    >>> in_spanish("must follow suit: copas was led and the hand holds 1c, 3c")
    'hay que asistir: se ha salido de copas y tienes 1c, 3c'
    """
    for pattern, spanish in _SPANISH:
        if re.fullmatch(pattern, reason):
            return re.sub(pattern, spanish, reason)
    return reason


def _reasons(reason: str | None) -> dict[str, str | None]:
    return {"reason": reason, "reason_es": None if reason is None else in_spanish(reason)}


def _card(card: Card) -> str:
    return str(card)


def _move(move: Any) -> dict[str, Any]:
    if isinstance(move, Play):
        return {"kind": "play", "card": _card(move.card)}
    if isinstance(move, Bid):
        return {"kind": "bid", "tricks": move.tricks}
    if isinstance(move, Call):
        return {"kind": "call", "tricks": move.tricks}
    if isinstance(move, Pass):
        return {"kind": "pass"}
    return {"kind": "trump", "suit": move.suit.letter}


class Table:
    """A game between the person (seat 0) and bots on the other seats."""

    def __init__(self, game: str, players: int, seed: int) -> None:
        self.rules = RuleSet(players=players, schedule=GAMES[game])
        self.state = new_game(self.rules, seed=seed, dealer=players - 1)
        self.bots = [HeuristicBot(seed=seed + seat) for seat in range(players)]
        self.last_trick: list[dict[str, Any]] = []
        self.last_winner: int | None = None
        self.events: list[dict[str, Any]] = []
        """What happened, move by move, as data (the page words it)."""

    def apply(self, move: Any) -> None:
        """Make ``move`` for the seat to move and record what happened."""
        before = self.state
        after = apply(before, move)
        self.events.append({"type": "move", "seat": before.to_move, **_move(move)})
        if before.phase is Phase.AUCTION and after.phase is not Phase.AUCTION:
            calls = [*before.calls, (before.to_move, move)]
            winner, call = next((s, m) for s, m in reversed(calls) if isinstance(m, Call))
            passed = [s for s, m in calls if isinstance(m, Pass)]
            self.events.append(
                {"type": "auction", "winner": winner, "call": call.tricks, "passed": passed}
            )
        if isinstance(move, Play) and len(before.trick) == self.rules.players - 1:
            self.last_trick = [
                {"seat": p.seat, "card": _card(p.card)}
                for p in (*before.trick, PlayedCard(before.to_move or 0, move.card))
            ]
            won = (
                after.tricks_won
                if after.round_index == before.round_index and not after.is_over
                else after.round_results[-1].won
            )
            self.last_winner = next(
                seat
                for seat, (a, b) in enumerate(zip(won, before.tricks_won, strict=True))
                if a != b
            )
            self.events.append(
                {"type": "trick", "winner": self.last_winner, "cards": self.last_trick}
            )
        if len(after.round_results) > len(before.round_results):
            r = after.round_results[-1]
            self.events.append(
                {
                    "type": "round",
                    "number": len(after.round_results),
                    "kind": str(r.kind),
                    "cards": r.cards,
                    "bids": list(r.bids),
                    "won": list(r.won),
                    "scores": list(r.scores),
                    "totals": list(after.scores),
                }
            )
        if after.is_over:
            self.events.append({"type": "over", "winners": list(after.winners)})
        self.state = after

    def moves(self) -> list[dict[str, Any]]:
        """Every move the person might make now, legal or not, with the reason
        an illegal one is refused (a bid the hook forbids, a card the
        obligations rule out)."""
        state = self.state
        if state.is_over or state.to_move != HUMAN:
            return []
        phase = state.phase
        cards = state.cards_per_player
        candidates: list[Any]
        if phase is Phase.PLAY:
            candidates = [Play(card) for card in state.hands[HUMAN]]
        elif phase is Phase.BID:
            candidates = [Bid(n) for n in range(cards + 1)]
        elif phase is Phase.AUCTION:
            candidates = [Pass(), *(Call(n) for n in range(cards + 1))]
        else:
            candidates = [ChooseTrump(suit) for suit in Suit]
        out = []
        for move in candidates:
            reason = explain(state, move)
            if isinstance(move, Call) and reason is not None:
                continue  # calls at or below the highest call: not worth a button
            out.append({**_move(move), "legal": reason is None, **_reasons(reason)})
        return out

    def view(self, since: int = 0) -> dict[str, Any]:
        """What the person sees: their own view of the table, never a hidden
        card; and the events from number ``since`` on."""
        state = self.state
        seen = observe(state, HUMAN)
        results = [
            {
                "cards": r.cards,
                "kind": str(r.kind),
                "trump": r.trump.letter,
                "bids": list(r.bids),
                "won": list(r.won),
                "scores": list(r.scores),
            }
            for r in seen.round_results
        ]
        return {
            "players": self.rules.players,
            "phase": str(seen.phase),
            "over": seen.is_over,
            "winners": list(state.winners) if state.is_over else [],
            "to_move": seen.to_move,
            "round": seen.round_index,
            "rounds": len(self.rules.schedule),
            "cards": seen.cards_per_player,
            "kind": str(seen.round_kind),
            "dealer": seen.dealer,
            "trump": seen.trump.letter if seen.trump else None,
            "trump_card": _card(seen.trump_card) if seen.trump_card else None,
            "hands": [
                None if hand is None else [_card(c) for c in hand] for hand in seen.visible_hands
            ],
            "hand_sizes": list(seen.hand_sizes),
            "calls": [[seat, _move(move)] for seat, move in seen.calls],
            "bids": list(seen.bids),
            "won": list(seen.tricks_won),
            "trick": [{"seat": p.seat, "card": _card(p.card)} for p in seen.trick],
            "last_trick": self.last_trick,
            "last_winner": self.last_winner,
            "scores": list(seen.scores),
            "results": results,
            "moves": self._shown_moves(seen.visible_hands[HUMAN] is None),
            "events": self.events[since:],
            "event_count": len(self.events),
        }

    def _shown_moves(self, blind: bool) -> list[dict[str, Any]]:
        # In a blind round the person's own card stays hidden, even from the page.
        moves = self.moves()
        if blind:
            return [{**m, "card": "hidden"} if m["kind"] == "play" else m for m in moves]
        return moves


_table: Table | None = None


def start(game: str = "short", players: int = 4, seed: int | None = None) -> str:
    """Start a new game against the bots; returns :func:`view`."""
    global _table
    _table = Table(game, players, random.randrange(2**31) if seed is None else seed)
    return view()


def _current() -> Table:
    if _table is None:
        raise RuntimeError("no game: call start() first")
    return _table


def view(since: int = 0) -> str:
    """The person's view of the game, as JSON, with the events from ``since`` on."""
    return json.dumps(_current().view(since))


def faces(lang: Language = "en", deck: Literal[40, 48] = 40) -> str:
    """Every card of the deck as the library draws it
    (:func:`pocha_rules.svg.card`), by card text, as JSON."""
    rules = RuleSet(players=4, deck=deck)
    return json.dumps({str(c): svg.card(c, lang=lang) for c in sorted(_deck(rules))})


def play(index: int, since: int = 0) -> str:
    """Make the person's move number ``index`` of ``view()["moves"]``."""
    table = _current()
    choice = table.moves()[index]
    if not choice["legal"]:
        raise PochaError(choice["reason"])
    moves = [m for m in legal_moves(table.state) if _move(m) == _without(choice)]
    table.apply(moves[0])
    return view(since)


def _without(choice: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in choice.items() if k not in ("legal", "reason", "reason_es")}


def step(since: int = 0) -> str:
    """Let the bot to move make its move; returns :func:`view`."""
    table = _current()
    seat = table.state.to_move
    if seat is None or seat == HUMAN:
        raise RuntimeError("it is not a bot's turn")
    table.apply(table.bots[seat].act(observe(table.state, seat)))
    return view(since)


# --- the explorer -----------------------------------------------------------------


def position(
    *,
    trump: str,
    hand: Sequence[str],
    table: Sequence[str],
    players: int = 4,
    deck: Literal[40, 48] = 40,
    must_overtake: bool = True,
    must_ruff: bool = True,
    must_overruff: bool = True,
) -> GameState:
    """A game state in which the seat to move holds ``hand`` and the cards of
    ``table`` lie on the table, in the order they were played, under
    ``trump``.

    The other seats get cards that make every card on the table a legal play
    (cards of the suits neither led nor trump, while there are any); the
    state is reached with the library's own moves, so it is a position of a
    real game.

    Raises:
        PochaError: The cards do not make a position (a card twice, more
            cards on the table than there are other players, no hand).

    """
    suit = Suit.parse(trump)
    mine = [Card.parse(text, deck=deck) for text in hand]
    laid = [Card.parse(text, deck=deck) for text in table]
    if not mine:
        raise PochaError("the hand is empty: choose its cards")
    if len(laid) >= players:
        raise PochaError(f"{players} players: at most {players - 1} cards on the table")
    if len(set(mine + laid)) != len(mine) + len(laid):
        raise PochaError("a card is both in the hand and on the table")
    size = len(mine)
    base = RuleSet(players=players, deck=deck, schedule=(1,))
    if size > base.max_cards:
        raise PochaError(f"{players} players hold at most {base.max_cards} cards each")
    deck_cards = _deck(base)
    for card in mine + laid:
        if card not in deck_cards:
            raise PochaError(f"{card} is not in this game's deck")
    pool = [c for c in sorted(deck_cards) if c not in mine and c not in laid]
    stock_size = len(deck_cards) - players * size
    # The card turned up to show trump stays in the stock.
    turned = next((c for c in pool if c.suit is suit), None) if stock_size else None
    if stock_size and turned is None:
        raise PochaError(f"every card of {suit} is dealt: none is left to turn up as trump")
    if turned is not None:
        pool.remove(turned)
    hands = _hands(pool, mine, laid, size, players, suit)
    stock = pool + ([turned] if turned is not None else [])
    options: dict[str, Any] = {
        "must_overtake": must_overtake,
        "must_ruff": must_ruff,
        "must_overruff": must_overruff,
    }
    if not stock:
        rules = RuleSet(
            players=players,
            deck=deck,
            schedule=(size,),
            trump_when_all_dealt=TrumpWhenAllDealt.DEALER_CHOOSES,
            **options,
        )
        state = new_game(rules, seed=0, dealer=players - 1, deals=[Deal(hands=hands)])
        state = apply(state, ChooseTrump(suit))
    else:
        rules = RuleSet(players=players, deck=deck, schedule=(size,), **options)
        deal = Deal(hands=hands, trump_card=turned)
        state = new_game(rules, seed=0, dealer=players - 1, deals=[deal])
    while state.phase is not Phase.PLAY:
        state = apply(state, legal_moves(state)[0])
    for card in laid:
        state = apply(state, Play(card))
    return state


def _deck(rules: RuleSet) -> list[Card]:
    dealt = new_game(rules, seed=0)
    return [card for hand in dealt.hands for card in hand] + list(dealt.stock)


def _hands(
    pool: list[Card], mine: list[Card], laid: list[Card], size: int, players: int, trump: Suit
) -> list[list[Card]]:
    """Every seat's hand: the seats that have played hold their card on the
    table and cards that leave it legal; the seats still to play after the
    person hold any cards. Cards are taken from ``pool``.

    A seat that followed suit stays legal with cards of other suits (its card
    is then its only one of the led suit); a seat that did not follow, with
    cards of neither the led suit nor trump. The leader and the seats after
    the person may hold anything, so they get what the others may not.
    """
    led = laid[0].suit if laid else None
    hands = [[card] for card in laid] + [list(mine)] + [[] for _ in range(players - len(laid) - 1)]

    def take(seat: int, count: int, allowed: Any) -> None:
        chosen = [c for c in pool if allowed(c)][:count]
        if len(chosen) < count:
            raise PochaError("not enough cards in the deck for every hand")
        for card in chosen:
            pool.remove(card)
        hands[seat] += chosen

    # The most constrained seats first: those that did not follow suit, then
    # those that did (trumps first: the others may not hold them).
    order = sorted(range(1, len(laid)), key=lambda seat: laid[seat].suit is led)
    for seat in order:
        if laid[seat].suit is led:
            pool.sort(key=lambda c: c.suit is not trump)
            take(seat, size - 1, lambda c: c.suit is not led)
        else:
            take(seat, size - 1, lambda c: c.suit is not led and c.suit is not trump)
    pool.sort(key=lambda c: c.suit is not led and c.suit is not trump)
    if laid:
        take(0, size - 1, lambda c: True)
    for seat in range(len(laid) + 1, players):
        take(seat, size, lambda c: True)
    pool.sort()
    return hands


def legality(state: GameState) -> list[dict[str, Any]]:
    """For every card in the hand of the seat to move: whether it may be
    played, and the library's reason when it may not."""
    if state.phase is not Phase.PLAY or state.to_move is None:
        raise PochaError("the position is not waiting for a card")
    out = []
    for card in state.hands[state.to_move]:
        reason = explain(state, Play(card))
        out.append({"card": _card(card), "legal": reason is None, **_reasons(reason)})
    return out


def explore(setup: str) -> str:
    """The explorer's answer for a position set up on the page (JSON in, JSON
    out): the cards with their legality, or the reason it is no position."""
    fields = json.loads(setup)
    try:
        state = position(**fields)
    except PochaError as error:
        return json.dumps({"error": str(error), "error_es": in_spanish(str(error))})
    return answer(state)


def answer(state: GameState) -> str:
    """The explorer's answer for any position (JSON): a position read from
    text is answered with ``answer(read(text))``, and the page's ``show()``
    displays it."""
    return json.dumps({"cards": legality(state), "seat": state.to_move})
