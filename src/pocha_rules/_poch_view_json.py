"""Poch's views as JSON data, and back (``poch.PlayerView.to_dict`` and
``from_dict`` are the public faces; the ``poch-view`` JSON Schema of
:mod:`pocha_rules.schemas` describes the format). The Poch side of
:mod:`pocha_rules._view_json`.

Data read here is untrusted: anything that is not a view this library
writes is refused with :class:`~pocha_rules.InvalidDataError`, naming where
(``"past_deals[1].payments[3].chips"``) and why. A view read back is one a
game reaches:

- the finished deals follow one another: each is dealt by the seat after
  the last dealer still in, to the seats still in; its dressing, its
  payments, its balances and its changes add up, and no pool ever holds
  fewer than no chips (their cards are not checked: a finished deal's
  hands are never all shown);
- the current deal begins where they end, and a complete state of it is
  drawn (:func:`pocha_rules.poch.sample_state`) that shows the seat this
  very view; once the game is over, the board's sharing and what the view
  holds are the end's.
"""

from __future__ import annotations

import random
from typing import Final

import attrs

from pocha_rules._common.errors import (
    InvalidDataError,
    InvalidRecordError,
    PochaError,
    reason_of,
    say,
)
from pocha_rules._common.records import (
    describe,
    members,
    read_parsed,
    read_string,
    seat_numbers,
    whole,
)
from pocha_rules._view_json import _count, _fail, _header, _list, _optional, _pair, _seat, loads
from pocha_rules._view_json import rules_json as _shared_rules_json
from pocha_rules.poch._cards import Card, Suit
from pocha_rules.poch._dealing import board_shares, dressing, seating
from pocha_rules.poch._ledger import DealResult, Payment, Reason
from pocha_rules.poch._moves import Move
from pocha_rules.poch._rules import POOLS, RuleSet
from pocha_rules.poch._state import Phase, PlayedCard
from pocha_rules.poch.actions import legal_actions
from pocha_rules.poch.records import _card, _move, _read_rules
from pocha_rules.poch.views import JSON, PlayerView, sample_state

__all__ = [
    "VIEW_SCHEMA",
    "VIEW_VERSION",
    "deal_view",
    "payment_data",
    "rules_json",
    "view_from_dict",
    "view_from_json",
    "view_to_dict",
]

VIEW_SCHEMA: Final = "poch-view"
VIEW_VERSION: Final = 1

_DEAL_MEMBERS: Final = (
    "seat",
    "phase",
    "to_move",
    "first_dealer",
    "deal_number",
    "dealer",
    "order",
    "out",
    "balances",
    "pools",
    "turnup",
    "trump",
    "stock_size",
    "hand",
    "hand_sizes",
    "shown",
    "takings",
    "opener",
    "contestants",
    "stakes",
    "level",
    "bet_rounds",
    "poch_winners",
    "table",
    "last_card",
    "moves",
    "payments",
    "legal_moves",
    "legal_actions",
)
_VIEW_MEMBERS: Final = ("schema", "version", "rules", *_DEAL_MEMBERS)
_HISTORY_MEMBERS: Final = (
    "starting_balances",
    "deal_start_balances",
    "deal_start_pools",
    "past_deals",
)
_PAST_MEMBERS: Final = (
    "index",
    "dealer",
    "seats",
    "trump",
    "turnup",
    "moves",
    "payments",
    "balances",
    "changes",
)
_PAYMENT_MEMBERS: Final = ("payer", "payee", "chips", "reason")
_MOST: Final = 10**15
"""The most chips, stakes or bets a view is read with."""


# --- writing --------------------------------------------------------------------


def rules_json(rules: RuleSet) -> dict[str, object]:
    """``rules`` as JSON data (one dict shared by every view of these rules:
    never change it)."""
    return _shared_rules_json(rules, attrs.asdict)


def payment_data(payment: Payment) -> dict[str, object]:
    """A payment as JSON data (without its deal)."""
    return {
        "payer": payment.payer,
        "payee": payment.payee,
        "chips": payment.chips,
        "reason": payment.reason.value,
    }


def _card_text(card: Card | None) -> str | None:
    return None if card is None else str(card)


def _seated(moves: tuple[tuple[int, Move], ...]) -> list[list[object]]:
    return [[seat, str(move)] for seat, move in moves]


def deal_view(view: PlayerView) -> dict[str, object]:
    """A seat's view of the current deal, as JSON data: the members of a
    compact view but its header and rules."""
    legal = view.legal
    return {
        "seat": view.seat,
        "phase": view.phase.value,
        "to_move": view.to_move,
        "first_dealer": view.first_dealer,
        "deal_number": view.deal_number,
        "dealer": view.dealer,
        "order": list(view.order),
        "out": list(view.out),
        "balances": list(view.balances),
        "pools": dict(view.pools),
        "turnup": _card_text(view.turnup),
        "trump": None if view.trump is None else view.trump.letter,
        "stock_size": view.stock_size,
        "hand": [str(card) for card in view.hand],
        "hand_sizes": list(view.hand_sizes),
        "shown": [[str(card) for card in cards] for cards in view.shown],
        "takings": [[pool, seat] for pool, seat in view.takings],
        "opener": view.opener,
        "contestants": list(view.contestants),
        "stakes": list(view.stakes),
        "level": view.level,
        "bet_rounds": view.bet_rounds,
        "poch_winners": list(view.poch_winners),
        "table": [[p.seat, str(p.card)] for p in view.table],
        "last_card": _card_text(view.last_card),
        "moves": _seated(view.moves),
        "payments": [payment_data(payment) for payment in view.deal_payments],
        "legal_moves": [str(move) for move in legal],
        "legal_actions": list(legal_actions(view)) if legal else [],
    }


def _past_deal(deal: DealResult) -> dict[str, object]:
    return {
        "index": deal.index,
        "dealer": deal.dealer,
        "seats": list(deal.seats),
        "trump": deal.trump.letter,
        "turnup": str(deal.turnup),
        "moves": _seated(deal.moves),
        "payments": [payment_data(payment) for payment in deal.payments],
        "balances": list(deal.balances),
        "changes": list(deal.changes),
    }


def view_to_dict(view: PlayerView, history: bool = False) -> dict[str, object]:
    data: dict[str, object] = {
        "schema": VIEW_SCHEMA,
        "version": VIEW_VERSION,
        "rules": rules_json(view.rules),
    }
    data.update(deal_view(view))
    if history:
        data["starting_balances"] = list(view.starting_balances)
        data["deal_start_balances"] = list(view.deal_start_balances)
        data["deal_start_pools"] = list(view.deal_start_pools)
        data["past_deals"] = [_past_deal(deal) for deal in view.past_deals]
    return data


# --- reading --------------------------------------------------------------------


def _expected(where: str, expected: object, found: object) -> None:
    """Refuse ``found`` at ``where`` unless it is ``expected``."""
    if found != expected:
        _fail(where, say("format_expected", expected=_text(expected), got=_text(found)))


def _text(value: object) -> str:
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_text(item) for item in value) + "]"
    if isinstance(value, Payment):
        return f"({value})"
    return "null" if value is None else str(value)


class _Reader:
    """The readers of a view's parts under its rules."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.players = rules.players
        self.pools = rules.pool_names

    def seat(self, value: object, where: str) -> int:
        return _seat(value, where, self.players)

    def seats(self, value: object, where: str) -> tuple[int, ...]:
        seats = _list(value, where, self.seat)
        if len(set(seats)) != len(seats):
            _fail(where, say("view_value_unreachable"))
        return seats

    def card(self, value: object, where: str) -> Card:
        return _card(value, where, self.rules.deck)

    def cards(self, value: object, where: str) -> tuple[Card, ...]:
        return _list(value, where, self.card)

    def seated_move(self, value: object, where: str) -> tuple[int, Move]:
        who, what = _pair(value, where)
        return self.seat(who, f"{where}[0]"), _move(what, f"{where}[1]", self.rules.deck)

    def played(self, value: object, where: str) -> PlayedCard:
        who, what = _pair(value, where)
        return PlayedCard(self.seat(who, f"{where}[0]"), self.card(what, f"{where}[1]"))

    def pool(self, value: object, where: str) -> str:
        name = read_string(value, where)
        if name not in self.pools:
            _fail(where, say("expected_one_of", names=", ".join(self.pools), got=describe(value)))
        return name

    def taking(self, value: object, where: str) -> tuple[str, int]:
        pool, seat = _pair(value, where)
        return self.pool(pool, f"{where}[0]"), self.seat(seat, f"{where}[1]")

    def party(self, value: object, where: str) -> int | str:
        return self.pool(value, where) if isinstance(value, str) else self.seat(value, where)

    def payment(self, value: object, where: str, deal: int) -> Payment:
        entry = members(value, where, _PAYMENT_MEMBERS)
        chips = _count(entry["chips"], f"{where}.chips", _MOST)
        if not chips:
            _fail(f"{where}.chips", say("view_value_unreachable"))
        reason = read_string(entry["reason"], f"{where}.reason")
        if reason not in tuple(Reason):
            names = ", ".join(tuple(Reason))
            _fail(f"{where}.reason", say("expected_one_of", names=names, got=describe(reason)))
        payer = self.party(entry["payer"], f"{where}.payer")
        payee = self.party(entry["payee"], f"{where}.payee")
        return Payment(deal, payer, payee, chips, Reason(reason))

    def payments(self, value: object, where: str, deal: int) -> tuple[Payment, ...]:
        return _list(value, where, lambda item, at: self.payment(item, at, deal))

    def numbers(self, value: object, where: str) -> tuple[int, ...]:
        return seat_numbers(value, where, self.players)

    def suit(self, value: object, where: str) -> Suit:
        return read_parsed(value, where, Suit.parse)

    def past(self, value: object, where: str) -> DealResult:
        entry = members(value, where, _PAST_MEMBERS)
        index = _count(entry["index"], f"{where}.index", _MOST)
        return DealResult(
            index=index,
            dealer=self.seat(entry["dealer"], f"{where}.dealer"),
            seats=self.seats(entry["seats"], f"{where}.seats"),
            ordering=(),  # never shown
            trump=self.suit(entry["trump"], f"{where}.trump"),
            turnup=self.card(entry["turnup"], f"{where}.turnup"),
            moves=_list(entry["moves"], f"{where}.moves", self.seated_move),
            payments=self.payments(entry["payments"], f"{where}.payments", index),
            balances=self.numbers(entry["balances"], f"{where}.balances"),
            changes=self.numbers(entry["changes"], f"{where}.changes"),
        )


def read_view(data: object) -> PlayerView:
    _header(data, "view", VIEW_SCHEMA, VIEW_VERSION)
    top = members(data, "", _VIEW_MEMBERS, _HISTORY_MEMBERS)
    for name in _HISTORY_MEMBERS:
        if name not in top:
            _fail(name, say("view_compact"))
    rules = _read_rules(top["rules"])
    read = _Reader(rules)
    n = rules.players
    phase_names = tuple(Phase)
    phase = read_string(top["phase"], "phase")
    if phase not in phase_names:
        names = ", ".join(phase_names)
        _fail("phase", say("expected_one_of", names=names, got=describe(phase)))
    past = _list(top["past_deals"], "past_deals", read.past)
    deal_number = whole(top["deal_number"], "deal_number")
    over = phase == Phase.OVER
    # The board shared at the end of the game counts as the deal after the last.
    paying = len(past) if over else deal_number
    pools = members(top["pools"], "pools", read.pools)
    start_pools = _list(top["deal_start_pools"], "deal_start_pools", _chips)
    if len(start_pools) != len(POOLS):
        _fail(
            "deal_start_pools", say("format_expected", expected=len(POOLS), got=len(start_pools))
        )
    view = PlayerView(
        rules=rules,
        seat=read.seat(top["seat"], "seat"),
        phase=Phase(phase),
        to_move=_optional(top["to_move"], lambda v: read.seat(v, "to_move")),
        first_dealer=read.seat(top["first_dealer"], "first_dealer"),
        deal_number=deal_number,
        dealer=_optional(top["dealer"], lambda v: read.seat(v, "dealer")),
        order=read.seats(top["order"], "order"),
        out=read.seats(top["out"], "out"),
        starting_balances=read.numbers(top["starting_balances"], "starting_balances"),
        balances=read.numbers(top["balances"], "balances"),
        pools=tuple((name, _chips(pools[name], f"pools.{name}")) for name in read.pools),
        deal_start_balances=read.numbers(top["deal_start_balances"], "deal_start_balances"),
        deal_start_pools=start_pools,
        turnup=_optional(top["turnup"], lambda v: read.card(v, "turnup")),
        stock_size=_count(top["stock_size"], "stock_size", rules.deck),
        hand=read.cards(top["hand"], "hand"),
        hand_sizes=_list(top["hand_sizes"], "hand_sizes", lambda v, w: _count(v, w, 5), n),
        shown=_list(top["shown"], "shown", read.cards, n),
        takings=_list(top["takings"], "takings", read.taking),
        opener=_optional(top["opener"], lambda v: read.seat(v, "opener")),
        contestants=read.seats(top["contestants"], "contestants"),
        stakes=read.numbers(top["stakes"], "stakes"),
        level=_count(top["level"], "level", _MOST),
        bet_rounds=_count(top["bet_rounds"], "bet_rounds", _MOST),
        poch_winners=read.seats(top["poch_winners"], "poch_winners"),
        table=_list(top["table"], "table", read.played),
        last_card=_optional(top["last_card"], lambda v: read.card(v, "last_card")),
        moves=_list(top["moves"], "moves", read.seated_move),
        deal_payments=read.payments(top["payments"], "payments", paying),
        past_deals=past,
        legal=_list(top["legal_moves"], "legal_moves", lambda v, w: _move(v, w, rules.deck)),
    )
    _check_view(view, top)
    return view


def _chips(value: object, where: str) -> int:
    return _count(value, where, _MOST)


def _net(payments: tuple[Payment, ...], balances: list[int], pools: list[int]) -> None:
    """Move the chips of ``payments`` between ``balances`` and ``pools`` (all
    nine, board order), in place."""
    for payment in payments:
        for party, sign in ((payment.payer, -1), (payment.payee, 1)):
            if isinstance(party, str):
                pools[POOLS.index(party)] += sign * payment.chips
            else:
                balances[party] += sign * payment.chips


def _check_view(view: PlayerView, top: dict[str, object]) -> None:
    """What the data says twice agrees, the finished deals follow one
    another, and some game gives the current deal exactly this view."""
    if view.is_over != (view.to_move is None):
        _fail("to_move", say("to_move_null"))
    _expected("trump", None if view.turnup is None else view.turnup.suit.letter, top["trump"])
    if view.hand_sizes[view.seat] != len(view.hand):
        size = view.hand_sizes[view.seat]
        _fail("hand", say("hand_size_differs", cards=len(view.hand), size=size))
    try:
        actions = list(legal_actions(view)) if view.legal else []
    except PochaError as error:
        _fail("legal_moves", reason_of(error))
    if top["legal_actions"] != actions:
        _fail("legal_actions", say("legal_actions_differ"))
    before = _check_past(view)
    if view.is_over:
        _check_end(view, before)
        return
    balances, pools = before
    _expected("deal_number", len(view.past_deals), view.deal_number)
    _expected("deal_start_balances", tuple(balances), view.deal_start_balances)
    _expected("out", _out(view.rules, view.deal_start_balances), view.out)
    _net(view.deal_payments, balances, pools)
    _check_totals(view, balances, pools)
    try:
        sample_state(view, random.Random(0))
    except PochaError as error:
        _fail("", reason_of(error))


def _out(rules: RuleSet, balances: tuple[int, ...]) -> tuple[int, ...]:
    """The seats out of the game when a deal begins with ``balances``: those
    that cannot dress the board, when the rules put them out."""
    if rules.insolvency != "out":
        return ()
    return tuple(seat for seat, chips in enumerate(balances) if chips < rules.dressed_pools)


def _check_past(view: PlayerView) -> tuple[list[int], list[int]]:
    """The finished deals follow one another from the game's start; the
    balances and the pools (all nine) when the current deal began, or, once
    the game is over, when the last deal did."""
    rules = view.rules
    n = rules.players
    balances = list(view.starting_balances)
    # The pools when the game began: those the current (or last) deal began
    # with, less what the deals before it put in them.
    moved = [0] * len(POOLS)
    last = len(view.past_deals) - 1 if view.is_over else len(view.past_deals)
    for deal in view.past_deals[:last]:
        _net(deal.payments, [0] * n, moved)
    pools = [chips - change for chips, change in zip(view.deal_start_pools, moved, strict=True)]
    if any(chips < 0 for chips in pools):
        _fail("deal_start_pools", say("view_value_unreachable"))
    previous = (view.first_dealer - 1) % n
    for index, deal in enumerate(view.past_deals):
        where = f"past_deals[{index}]"
        if index == last:
            _expected("deal_start_balances", tuple(balances), view.deal_start_balances)
            if view.deal_start_pools != tuple(pools):
                _fail("deal_start_pools", say("view_value_unreachable"))
        _expected(f"{where}.index", index, deal.index)
        out = _out(rules, tuple(balances))
        if n - len(out) < 3 or index >= rules.deal_count:
            _fail(f"{where}", say("view_value_unreachable"))  # the game was over
        dealer, seats = seating(previous, tuple(seat in out for seat in range(n)))
        _expected(f"{where}.dealer", dealer, deal.dealer)
        _expected(f"{where}.seats", seats, deal.seats)
        _expected(f"{where}.trump", deal.turnup.suit.letter, deal.trump.letter)
        dressed = dressing(rules, index, seats)
        _expected(f"{where}.payments", dressed, deal.payments[: len(dressed)])
        for number, (seat, _) in enumerate(deal.moves):
            if seat not in seats:
                _fail(f"{where}.moves[{number}][0]", say("view_value_unreachable"))
        start = tuple(balances)
        _net(deal.payments, balances, pools)
        if any(chips < 0 for chips in pools):
            _fail(f"{where}.payments", say("view_value_unreachable"))
        if rules.insolvency == "out" and any(chips < 0 for chips in balances):
            _fail(f"{where}.payments", say("view_value_unreachable"))
        _expected(f"{where}.balances", tuple(balances), deal.balances)
        changes = tuple(after - was for after, was in zip(balances, start, strict=True))
        _expected(f"{where}.changes", changes, deal.changes)
        previous = dealer
    return balances, pools


def _check_totals(view: PlayerView, balances: list[int], pools: list[int]) -> None:
    """The balances and the pools are what the deal's payments leave."""
    _expected("balances", tuple(balances), view.balances)
    for name, chips in view.pools:
        _expected(f"pools.{name}", pools[POOLS.index(name)], chips)


def _check_end(view: PlayerView, before: tuple[list[int], list[int]]) -> None:
    """An ended game's view: the last deal's seats, the board shared (where
    the rules share it), and nothing of a deal in play."""
    rules = view.rules
    n = rules.players
    balances, pools = before
    past = view.past_deals
    _expected("deal_number", len(past) - 1, view.deal_number)
    if past:
        _expected("dealer", past[-1].dealer, view.dealer)
        _expected("order", past[-1].seats, view.order)
    else:
        _expected("dealer", None, view.dealer)
        _expected("order", (), view.order)
        _expected("deal_start_balances", view.starting_balances, view.deal_start_balances)
    out = _out(rules, tuple(balances))
    if n - len(out) >= 3 and len(past) < rules.deal_count:
        _fail("phase", say("view_value_unreachable"))  # the game goes on
    gone = tuple(seat in out for seat in range(n))
    shares = board_shares(rules, tuple(pools), gone)
    board = tuple(
        Payment(len(past), POOLS[pool], seat, each, Reason.BOARD)
        for pool, each in enumerate(shares)
        if each
        for seat in range(n)
        if not gone[seat]
    )
    _expected("payments", board, view.deal_payments)
    _net(board, balances, pools)
    if not past:
        out = _out(rules, tuple(balances))  # a game over before its first deal
    _expected("out", out, view.out)
    _check_totals(view, balances, pools)
    empty = attrs.evolve(
        view,
        turnup=None,
        stock_size=0,
        hand=(),
        hand_sizes=(0,) * n,
        shown=((),) * n,
        takings=(),
        opener=None,
        contestants=(),
        stakes=(0,) * n,
        level=0,
        bet_rounds=0,
        poch_winners=(),
        table=(),
        last_card=None,
        moves=(),
        legal=(),
    )
    for field in attrs.fields(PlayerView):
        if getattr(view, field.name) != getattr(empty, field.name):
            _fail(_member(field.name), say("view_value_unreachable"))


_MEMBER_OF_FIELD: Final = {"deal_payments": "payments", "legal": "legal_moves"}


def _member(field: str) -> str:
    """The JSON member that holds a view's field."""
    return _MEMBER_OF_FIELD.get(field, field)


def view_from_dict(data: object) -> PlayerView:
    """Read a view from JSON data (``poch.PlayerView.from_dict``)."""
    try:
        return read_view(data)
    except InvalidRecordError as error:
        where = "" if error.where == "record" else error.where
        raise InvalidDataError("view", where, error.reason) from None


def view_from_json(text: object) -> PlayerView:
    """Read a view from JSON text (``poch.PlayerView.from_json``)."""
    return view_from_dict(loads(text, "view"))


JSON.fill(view_to_dict, view_from_dict, view_from_json)
