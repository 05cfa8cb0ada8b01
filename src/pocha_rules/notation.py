"""A round in progress as one line of text, like chess's FEN: the position
notation.

:func:`write` gives the text of a :class:`~pocha_rules.GameState` or of a
seat's :class:`~pocha_rules.PlayerView`; :func:`read` (or
:func:`read_state` and :func:`read_view`) gives it back, ready to go on
playing: its legal moves are those of the position written. A text that is
not a position is refused with :class:`PositionError`, which says at which
character it went wrong and why.

>>> from pocha_rules import RuleSet, apply, legal_moves, new_game
>>> state = new_game(RuleSet(), seed=7, dealer=3)
>>> text = write(state)
>>> text
'classic 1:1 3 2b 4c/10o/4e/1c - -/-/-/- - 0/0/0/0 0 0/0/0/0 7'
>>> read_state(text).hands == state.hands, legal_moves(read_state(text))
(True, (Bid(0), Bid(1)))
>>> read_state("classic 1:1 3 2b 4c/10o/4e/1c - 2/-/-/- - 0/0/0/0 0 0/0/0/0 7")
Traceback (most recent call last):
...
pocha_rules.notation.PositionError: cannot read the position at character 33 (bids): ...

The grammar, each field's meaning and what a position keeps of the game
are in the documentation's page on the notation.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Final, TypeAlias, TypeVar

from pocha_rules._common.errors import (
    InvalidDealError,
    ParseError,
    PochaError,
    reason_of,
    say,
)
from pocha_rules._common.text import got, shown
from pocha_rules._notation_rules import read_rules, write_rules
from pocha_rules._pocha.cards import CARDS, Card, Suit
from pocha_rules._pocha.deal import Deal
from pocha_rules._pocha.engine import apply, explain
from pocha_rules._pocha.game import round_plan, start_at
from pocha_rules._pocha.moves import BIDS, CALLS, PASS, PLAYS, TRUMP_CHOICES, Move, Pass
from pocha_rules._pocha.sampling import HiddenHands, sample_state
from pocha_rules._pocha.schedules import Round
from pocha_rules._pocha.state import GameState, Phase, PlayedCard
from pocha_rules.views import PlayerView, observe

__all__ = [
    "FIELDS",
    "MAX_POSITION_CHARS",
    "PositionError",
    "Verdict",
    "read",
    "read_state",
    "read_view",
    "verdicts",
    "write",
]

FIELDS: Final = (
    "rules",
    "round",
    "dealer",
    "trump",
    "hands",
    "auction",
    "bids",
    "tricks",
    "won",
    "turn",
    "scores",
    "last",
)
"""The names of a position's fields, in the order they are written."""

MAX_POSITION_CHARS: Final = 8_000
"""The longest text :func:`read` accepts: enough for every option written
out with a custom schedule of the most rounds a rule set may hold (a
position with the presets' rules takes at most about 300)."""

_LONGEST_NUMBER: Final = 6
"""The most digits of a seat, a bid, a call or a count of tricks."""
_LONGEST_SCORE: Final = 19
"""The most digits of a score (records bound them by ``10**18``)."""
_LONGEST_SEED: Final = 78
"""The most digits of a seed (seeds are below ``2**256``)."""


class PositionError(ParseError):
    """A text that is not a position, or a position that no game reaches.

    Attributes:
        text: The text given.
        index: Where the fault is: the 0-based index of the character in
            ``text`` (the message counts from 1).
        field: The field it is in (one of :data:`FIELDS`), or ``""`` when
            the text has the wrong number of fields.
        reason: Why the text was refused.
        code: The code of the reason (see :class:`~pocha_rules.PochaError`).
        params: The reason's params, with ``character`` (``index + 1``) and
            ``field``.

    """

    def __init__(self, text: str, index: int, field: str, reason: str) -> None:
        self.text = text
        self.index = index
        self.field = field
        where = f" ({field})" if field else ""
        self.reason = self._refused(
            f"cannot read the position at character {index + 1}{where}",
            reason,
            character=index + 1,
            field=field,
        )


Verdict: TypeAlias = tuple[Move, str | None]
"""A move and why the rules forbid it, or ``None`` when they allow it."""


def verdicts(position: GameState | PlayerView) -> tuple[Verdict, ...]:
    """For each move the seat to move might think of (each card of its hand
    in order, each number of tricks from 0 to the round's cards, then a
    pass, or each suit), whether the rules allow it, and if not, why: what
    ``pocha explain`` shows.

    A view answers for its own seat's moves, and only when that seat is to
    move (else ``()``): they are the same in every deal the view allows.

    >>> position = read("classic 1:1 3 2b 4c/10o/4e/1c - 1/0/0/- - 0/0/0/0 3 0/0/0/0 7")
    >>> [(str(move), why) for move, why in verdicts(position)]  # doctest: +ELLIPSIS
    [('bid 0', 'the hook: the last bidder may not bid 0, ...'), ('bid 1', None)]

    Raises:
        TypeError: ``position`` is neither a state nor a view.

    """
    if isinstance(position, PlayerView):
        if position.to_move != position.seat:
            return ()
        state = sample_state(position, random.Random(0))
    elif isinstance(position, GameState):
        state = position
    else:
        raise TypeError(f"expected a GameState or a PlayerView, got {got(position)}")
    seat = state.to_move
    cards = state.round.cards
    phase = state.phase
    moves: tuple[Move, ...] = ()
    if phase is Phase.PLAY and seat is not None:
        moves = tuple(PLAYS[card.index] for card in state.hands[seat])
    elif phase is Phase.BID:
        moves = BIDS[: cards + 1]
    elif phase is Phase.AUCTION:
        moves = (*CALLS[: cards + 1], PASS)
    elif phase is Phase.CHOOSE_TRUMP:
        moves = TRUMP_CHOICES
    return tuple((move, explain(state, move)) for move in moves)


class _Reader:
    """Reads one position's text, remembering where each piece is."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts: dict[str, int] = {}
        self.values: dict[str, str] = {}

    def fault(self, index: int, field: str, reason: str) -> PositionError:
        return PositionError(self.text, index, field, reason)

    def fields(self) -> None:
        found = [(m.start(), m.group()) for m in re.finditer(r"\S+", self.text)]
        if len(found) != len(FIELDS):
            where = found[len(FIELDS)][0] if len(found) > len(FIELDS) else len(self.text)
            raise self.fault(
                where,
                "",
                say("position_fields", fields=len(FIELDS), names=" ".join(FIELDS), got=len(found)),
            )
        for name, (start, value) in zip(FIELDS, found, strict=True):
            self.starts[name] = start
            self.values[name] = value

    def items(self, field: str, separator: str) -> list[tuple[int, str]]:
        """The parts of ``field`` between ``separator``s, with where each starts."""
        start = self.starts[field]
        out = []
        for part in self.values[field].split(separator):
            out.append((start, part))
            start += len(part) + 1
        return out

    def number(
        self, field: str, at: int, text: str, *, low: int = 0, high: int | None = None
    ) -> int:
        digits = text[1:] if text.startswith("-") and low < 0 else text
        longest = _LONGEST_SEED if field == "last" else _LONGEST_NUMBER
        if field == "scores":
            longest = _LONGEST_SCORE
        if not digits.isdigit() or not digits.isascii():
            raise self.fault(at, field, say("expected_whole", got=shown(text)))
        if len(digits) > longest:
            raise self.fault(at, field, say("digits_too_many", digits=len(digits)))
        value = int(text)
        if value < low or (high is not None and value > high):
            if high is None:
                raise self.fault(at, field, say("number_too_small", low=low, got=value))
            raise self.fault(at, field, say("number_out_of_range", low=low, high=high, got=value))
        return value

    def seat(self, field: str, at: int, text: str, players: int) -> int:
        return self.number(field, at, text, high=players - 1)

    def cards(self, field: str, at: int, text: str, deck: int) -> list[tuple[int, Card]]:
        """The cards written one after the other (``1o12c``), with where each starts."""
        out = []
        pos = 0
        while pos < len(text):
            match = re.compile(r"[0-9]+[a-zA-Z]").match(text, pos)
            if match is None:
                raise self.fault(at + pos, field, say("card_expected", got=shown(text[pos:])))
            try:
                card = Card.parse(match.group(), deck=deck)
            except ParseError as error:
                raise self.fault(at + pos, field, error.reason) from None
            out.append((at + pos, card))
            pos = match.end()
        return out

    def per_seat(self, field: str, players: int) -> list[tuple[int, str]]:
        parts = self.items(field, "/")
        if len(parts) != players:
            raise self.fault(
                self.starts[field],
                field,
                say("entries_for_seats", entries=len(parts), seats=players),
            )
        return parts


_T = TypeVar("_T")


def _guard(reader: _Reader, at: int, field: str, action: Callable[[], _T]) -> _T:
    """``action()``, its refusal turned into a :class:`PositionError` at ``at``."""
    try:
        return action()
    except PochaError as error:
        raise reader.fault(at, field, reason_of(error)) from None


def read(text: str) -> GameState | PlayerView:
    """The game state or seat's view that ``text`` writes: a state when its
    last field is a seed, the view of a seat when it is ``@SEAT``.

    Raises:
        PositionError: ``text`` is not a position, or no game reaches it.
        TypeError: ``text`` is not a str.

    """
    if not isinstance(text, str):
        raise TypeError(f"a position must be a str, got {got(text)}")
    if len(text) > MAX_POSITION_CHARS:
        raise PositionError(
            text,
            MAX_POSITION_CHARS,
            "",
            say("position_too_long", most=MAX_POSITION_CHARS),
        )
    reader = _Reader(text)
    reader.fields()
    return _Position(reader).build()


def read_state(text: str) -> GameState:
    """The game state ``text`` writes (see :func:`read`); a view's text is
    refused.

    Raises:
        PositionError: ``text`` is not the position of a whole state.
        TypeError: ``text`` is not a str.

    """
    found = read(text)
    if isinstance(found, PlayerView):
        raise PositionError(text, text.rindex("@"), "last", say("position_is_view"))
    return found


def read_view(text: str) -> PlayerView:
    """The seat's view ``text`` writes (see :func:`read`); a whole state's
    text is refused (``observe(read_state(text), seat)`` gives a view of it).

    Raises:
        PositionError: ``text`` is not the position of a seat's view.
        TypeError: ``text`` is not a str.

    """
    found = read(text)
    if isinstance(found, GameState):
        at = len(text.rstrip()) - len(text.split()[-1])
        raise PositionError(text, at, "last", say("position_is_state"))
    return found


def write(position: GameState | PlayerView) -> str:
    """The position notation of a game state, or of a seat's view.

    Raises:
        PochaError: The game is over: there is no round to write.
        TypeError: ``position`` is neither a state nor a view.

    """
    if isinstance(position, GameState):
        hands: list[str] = ["".join(map(str, hand)) or "-" for hand in position.hands]
        last = str(position.seed)
    elif isinstance(position, PlayerView):
        hands = [
            "?" if hand is None else "".join(map(str, hand)) or "-"
            for hand in position.visible_hands
        ]
        last = f"@{position.seat}"
    else:
        raise TypeError(f"expected a GameState or a PlayerView, got {got(position)}")
    if position.is_over:
        raise PochaError(say("position_game_over"))
    return " ".join(_fields(position, hands, last))


def _fields(position: GameState | PlayerView, hands: list[str], last: str) -> list[str]:
    if position.trump_card is not None:
        trump = str(position.trump_card)
    elif position.trump is not None:
        trump = position.trump.letter
    else:
        trump = "-"
    calls = ",".join(
        "p" if isinstance(call, Pass) else str(call.tricks) for _, call in position.calls
    )
    n = position.rules.players
    played = position.played
    tricks = ",".join(
        f"{played[i].seat}:" + "".join(str(p.card) for p in played[i : i + n])
        for i in range(0, len(played), n)
    )
    return [
        write_rules(position.rules),
        f"{position.round_index + 1}:{position.round}",
        str(position.dealer),
        trump,
        "/".join(hands),
        calls or "-",
        "/".join("-" if bid is None else str(bid) for bid in position.bids),
        tricks or "-",
        "/".join(map(str, position.tricks_won)),
        str(position.to_move),
        "/".join(map(str, position.scores)),
        last,
    ]


class _Position:
    """The fields of a position read, then the round replayed on them."""

    def __init__(self, reader: _Reader) -> None:
        self.r = reader

    def build(self) -> GameState | PlayerView:
        r = self.r
        rules_at = r.starts["rules"]
        self.rules = rules = read_rules(
            r.values["rules"].lower(),
            lambda offset, reason: r.fault(rules_at + offset, "rules", reason),
        )
        n = rules.players
        deck = rules.deck
        self.index, self.plan = self._round()
        self.dealer = r.seat("dealer", r.starts["dealer"], r.values["dealer"], n)
        trump_card, trump_suit = self._trump(deck)
        visible = self._hands(deck)
        self.calls = self._auction()
        bids = self._bids()
        self.tricks = tricks = self._tricks(deck)
        scores = [
            r.number("scores", at, part, low=-(10**18), high=10**18)
            for at, part in r.per_seat("scores", n)
        ]
        last = r.values["last"]
        view_seat: int | None = None
        seed = 0
        if last.startswith("@"):
            view_seat = r.seat("last", r.starts["last"] + 1, last[1:], n)
        else:
            seed = r.number("last", r.starts["last"], last, low=-(2**256) + 1, high=2**256 - 1)
        # Who played each card: each trick's leader and those after.
        played_by: list[list[Card]] = [[] for _ in range(n)]
        played: list[PlayedCard] = []
        for (_, leader), cards in tricks:
            for i, (_, card) in enumerate(cards):
                seat = (leader + i) % n
                played_by[seat].append(card)
                played.append(PlayedCard(seat, card))
        self._check_cards(trump_card)
        if view_seat is None:
            hidden = [seat for seat, hand in enumerate(visible) if hand is None]
            if hidden:
                raise r.fault(
                    r.items("hands", "/")[hidden[0]][0],
                    "hands",
                    say("state_hand_hidden"),
                )
            now = [hand or [] for hand in visible]
        else:
            now = self._place_hidden(visible, played, trump_card, trump_suit, view_seat)
        self._check_sizes(now, played_by)
        deal = Deal(
            hands=[now[seat] + played_by[seat] for seat in range(n)], trump_card=trump_card
        )
        try:
            state = start_at(
                rules,
                seed=seed,
                dealer=self.dealer,
                round_index=self.index,
                deals=[deal],
                scores=scores,
            )
        except InvalidDealError as error:
            field = "trump" if "trump" in error.reason or "shown" in error.reason else "hands"
            raise r.fault(r.starts[field], field, error.reason) from None
        except PochaError as error:
            raise r.fault(r.starts["round"], "round", reason_of(error)) from None
        state = self._replay(state, trump_suit, bids, tricks)
        result: GameState | PlayerView = state if view_seat is None else observe(state, view_seat)
        self._agrees(result)
        return result

    # --- the fields ---------------------------------------------------

    def _round(self) -> tuple[int, Round]:
        r = self.r
        at = r.starts["round"]
        number, sep, kind = r.values["round"].partition(":")
        if not sep:
            raise r.fault(at, "round", say("round_field_form"))
        index = r.number("round", at, number, low=1) - 1
        if index > 10_000:
            raise r.fault(at, "round", say("round_beyond_game", round=index + 1))
        written = _guard(r, at + len(number) + 1, "round", lambda: Round.parse(kind))
        plan = round_plan(self.rules, index)
        if written != plan:
            raise r.fault(
                at + len(number) + 1,
                "round",
                say("round_deals_other", round=index + 1, plan=str(plan), got=shown(kind)),
            )
        return index, plan

    def _trump(self, deck: int) -> tuple[Card | None, Suit | None]:
        r = self.r
        at = r.starts["trump"]
        value = r.values["trump"]
        if value == "-":
            return None, None
        if len(value) == 1:
            suit = _guard(r, at, "trump", lambda: Suit.parse(value))
            return None, suit
        cards = r.cards("trump", at, value, deck)
        if len(cards) != 1:
            raise r.fault(at, "trump", say("trump_field_form", got=shown(value)))
        card = cards[0][1]
        return card, None

    def _hands(self, deck: int) -> list[list[Card] | None]:
        r = self.r
        out: list[list[Card] | None] = []
        for at, part in r.per_seat("hands", self.rules.players):
            if part == "?":
                out.append(None)
            elif part == "-":
                out.append([])
            else:
                out.append([card for _, card in r.cards("hands", at, part, deck)])
        return out

    def _auction(self) -> list[tuple[int, Move]]:
        r = self.r
        if r.values["auction"] == "-":
            return []
        out: list[tuple[int, Move]] = []
        for at, part in r.items("auction", ","):
            if part.lower() == "p":
                out.append((at, PASS))
            else:
                tricks = r.number("auction", at, part, high=len(CALLS) - 1)
                out.append((at, CALLS[tricks]))
        return out

    def _bids(self) -> list[tuple[int, int | None]]:
        r = self.r
        out: list[tuple[int, int | None]] = []
        for at, part in r.per_seat("bids", self.rules.players):
            out.append(
                (at, None if part == "-" else r.number("bids", at, part, high=len(BIDS) - 1))
            )
        return out

    def _tricks(self, deck: int) -> list[tuple[tuple[int, int], list[tuple[int, Card]]]]:
        r = self.r
        if r.values["tricks"] == "-":
            return []
        out = []
        n = self.rules.players
        for at, part in r.items("tricks", ","):
            leader, sep, cards = part.partition(":")
            if not sep or not cards:
                raise r.fault(at, "tricks", say("trick_form"))
            seat = r.seat("tricks", at, leader, n)
            found = r.cards("tricks", at + len(leader) + 1, cards, deck)
            if len(found) > n:
                raise r.fault(found[n][0], "tricks", say("trick_too_many_cards", cards=n))
            out.append(((at, seat), found))
        for (at, _), found in out[:-1]:
            if len(found) < n:
                raise r.fault(at, "tricks", say("trick_too_few_cards", cards=n))
        return out

    def _place_hidden(
        self,
        visible: list[list[Card] | None],
        played: list[PlayedCard],
        trump_card: Card | None,
        trump_suit: Suit | None,
        seat: int,
    ) -> list[list[Card]]:
        """The hands now, the hidden ones drawn as a seat's view allows:
        cards it has not seen, none its seat's plays prove it lacks."""
        r = self.r
        n = self.rules.players
        sizes = [self.plan.cards - sum(1 for p in played if p.seat == s) for s in range(n)]
        for s in range(n):
            if sizes[s] < 0:
                raise r.fault(r.starts["tricks"], "tricks", say("seat_plays_too_many", seat=s))
            hand = visible[s]
            if hand is not None and len(hand) != sizes[s]:
                raise r.fault(
                    r.items("hands", "/")[s][0],
                    "hands",
                    say("hand_size_after_plays", seat=s, cards=sizes[s], got=len(hand)),
                )
        stock = self.rules.deck_size > n * self.plan.cards
        trump = trump_card.suit if trump_card is not None else trump_suit
        sketch = PlayerView(
            rules=self.rules,
            seat=seat,
            phase=Phase.PLAY,
            to_move=None,
            first_dealer=0,
            round_index=self.index,
            round=self.plan,
            dealer=self.dealer,
            eldest=(self.dealer + 1) % n,
            visible_hands=tuple(None if hand is None else tuple(hand) for hand in visible),
            hand_sizes=tuple(sizes),
            trump=trump,
            trump_card=trump_card,
            trump_card_shown_by_dealer=trump_card is not None and not stock,
            calls=(),
            auction_winner=None,
            bid_order=(),
            bids=(None,) * n,
            leader=0,
            trick=(),
            played=tuple(played),
            tricks_won=(0,) * n,
            scores=(0,) * n,
            round_results=(),
            past_deals=(),
            history=(),
        )
        try:
            masks = HiddenHands(sketch).draw(random.Random(0))
        except PochaError as error:
            raise r.fault(r.starts["hands"], "hands", reason_of(error)) from None
        return [[CARDS[i] for i in range(48) if mask >> i & 1] for mask in masks]

    def _check_cards(self, trump_card: Card | None) -> None:
        """No card written twice."""
        r = self.r
        seen: dict[Card, int] = {}
        hands_at = [at for at, _ in r.items("hands", "/")]
        places = [
            (at, card)
            for seat, (at, part) in enumerate(r.items("hands", "/"))
            if part not in ("?", "-")
            for at, card in r.cards("hands", hands_at[seat], part, self.rules.deck)
        ]
        for _, cards in self.tricks:
            places += cards
        for at, card in places:
            if card in seen:
                raise r.fault(
                    at,
                    "tricks" if at >= r.starts["tricks"] else "hands",
                    say("card_written_twice", card=str(card), character=seen[card] + 1),
                )
            seen[card] = at
        stock = self.rules.deck_size > self.rules.players * self.plan.cards
        if trump_card is not None and trump_card in seen and stock:
            raise r.fault(
                r.starts["trump"],
                "trump",
                say("turned_up_card_written", card=str(trump_card)),
            )

    def _check_sizes(self, now: list[list[Card]], played_by: list[list[Card]]) -> None:
        """Each seat dealt the round's cards: those it holds and those it played."""
        r = self.r
        hands_at = [at for at, _ in r.items("hands", "/")]
        for seat, (hand, played) in enumerate(zip(now, played_by, strict=True)):
            if len(hand) + len(played) != self.plan.cards:
                counts: dict[str, object] = {
                    "seat": seat,
                    "held": len(hand),
                    "held_cards": _count(len(hand)),
                    "played": len(played),
                    "cards": self.plan.cards,
                    "dealt_cards": _count(self.plan.cards),
                }
                reason = (
                    say("seat_dealt_differs_by_tricks", **counts)
                    if self.tricks
                    else say("seat_dealt_differs", **counts)
                )
                raise r.fault(hands_at[seat], "hands", reason)

    # --- the round, replayed ------------------------------------------

    def _replay(
        self,
        state: GameState,
        trump_suit: Suit | None,
        bids: list[tuple[int, int | None]],
        tricks: list[tuple[tuple[int, int], list[tuple[int, Card]]]],
    ) -> GameState:
        r = self.r

        def move(at: int, field: str, state: GameState, made: Move) -> GameState:
            return _guard(r, at, field, lambda: apply(state, made))

        for at, call in self.calls:
            state = move(at, "auction", state, call)
        if trump_suit is not None:
            if state.phase is not Phase.CHOOSE_TRUMP:
                reason = (
                    say("auction_not_over")
                    if state.phase is Phase.AUCTION
                    else say("trump_not_chosen")
                )
                raise r.fault(r.starts["trump"], "trump", reason)
            state = move(r.starts["trump"], "trump", state, TRUMP_CHOICES[trump_suit.value])
        for seat in state.bid_order:
            at, bid = bids[seat]
            if bid is None:
                break
            if state.phase is not Phase.BID:
                raise r.fault(at, "bids", say("bids_too_early", phase=state.phase.value))
            if state.to_move != seat:
                raise r.fault(
                    at, "bids", say("bids_out_of_order", to_move=state.to_move, seat=seat)
                )
            state = move(at, "bids", state, BIDS[bid])
        for (at, leader), cards in tricks:
            if state.phase is not Phase.PLAY:
                raise r.fault(at, "tricks", say("cards_too_early", phase=state.phase.value))
            if state.to_move != leader:
                raise r.fault(
                    at,
                    "tricks",
                    say("trick_leader_differs", to_move=state.to_move, seat=leader),
                )
            for card_at, card in cards:
                state = move(card_at, "tricks", state, PLAYS[card.index])
        return state

    def _agrees(self, result: GameState | PlayerView) -> None:
        """Every field read agrees with the position reached: the first
        that does not is refused, saying what it should read."""
        r = self.r
        if result.is_over:
            raise r.fault(r.starts["tricks"], "tricks", say("tricks_end_game"))
        hands = (
            ["".join(map(str, hand)) or "-" for hand in result.hands]
            if isinstance(result, GameState)
            else [
                "?" if hand is None else "".join(map(str, hand)) or "-"
                for hand in result.visible_hands
            ]
        )
        written = _fields(result, hands, r.values["last"])
        for name, should in zip(FIELDS, written, strict=True):
            if name in ("rules", "last"):
                continue
            given = r.values[name].lower()
            if name == "hands":
                given = "/".join(_sorted_hand(part) for part in given.split("/"))
            if given == should:
                continue
            # Point at the first entry that differs, when the counts agree.
            separator = "," if name in ("auction", "tricks") else "/"
            at = r.starts[name]
            mine, theirs = given.split(separator), should.split(separator)
            if len(mine) == len(theirs):
                for part, right in zip(mine, theirs, strict=True):
                    if part != right:
                        break
                    at += len(part) + 1
            raise r.fault(
                at,
                name,
                say("field_differs", should=shown(should), got=shown(r.values[name])),
            )


def _sorted_hand(part: str) -> str:
    if part in ("?", "-"):
        return part
    cards = sorted(Card.parse(m) for m in re.findall(r"[0-9]+[a-z]", part))
    return "".join(map(str, cards))


def _count(cards: int) -> str:
    return "1 card" if cards == 1 else f"{cards} cards"
