"""Views and states as JSON data, and back (``PlayerView.to_dict`` and
``GameState.to_dict`` are the public faces; the formats are described in
docs/json.md and by the JSON Schema files of :mod:`pocha_rules.schemas`).

Data read here is untrusted: anything that is not a view (or a state) this
library writes is refused with :class:`~pocha_rules.InvalidDataError`, naming
where (``"visible_hands[0][3]"``) and why.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, NoReturn, Protocol, TypeVar

import attrs

from pocha_rules._common.errors import (
    InvalidDataError,
    InvalidRecordError,
    PochaError,
    reason_of,
    say,
)
from pocha_rules._common.text import got
from pocha_rules._pocha import state as _state
from pocha_rules._pocha.cards import Card, Suit
from pocha_rules._pocha.deal import Deal
from pocha_rules._pocha.moves import Bid, Call, Move, Pass, Play
from pocha_rules._pocha.rules import RuleSet
from pocha_rules._pocha.sampling import replay_sample
from pocha_rules._pocha.schedules import Round, RoundKind
from pocha_rules._pocha.state import GameState, Phase, PlayedCard, RoundResult
from pocha_rules._record_json import (
    MAX_SCORE,
    as_list,
    describe,
    flag,
    members,
    no_constant,
    read_card,
    read_deal,
    read_move,
    read_rules,
    read_string,
    rules_data,
    seat_numbers,
    short,
    unique_members,
    whole,
)
from pocha_rules.views import JSON as VIEW_JSON
from pocha_rules.views import observe

if TYPE_CHECKING:
    from pocha_rules._pocha.seats import SeatedMove
    from pocha_rules.views import PlayerView

__all__ = [
    "MAX_JSON_CHARS",
    "STATE_SCHEMA",
    "STATE_VERSION",
    "VIEW_SCHEMA",
    "VIEW_VERSION",
    "loads",
    "state_from_dict",
    "state_from_json",
    "state_to_dict",
    "view_from_dict",
    "view_from_json",
    "view_to_dict",
]

VIEW_SCHEMA: Final = "pocha-view"
VIEW_VERSION: Final = 2
STATE_SCHEMA: Final = "pocha-state"
STATE_VERSION: Final = 1
MAX_JSON_CHARS: Final = 16 * 1024 * 1024

_T = TypeVar("_T")

_VIEW_MEMBERS: Final = (
    "schema",
    "version",
    "rules_version",
    "rules",
    "seat",
    "phase",
    "to_move",
    "first_dealer",
    "round_index",
    "round",
    "round_kind",
    "dealer",
    "eldest",
    "hand",
    "visible_hands",
    "hand_sizes",
    "trump",
    "trump_card",
    "trump_card_shown_by_dealer",
    "calls",
    "auction_winner",
    "bid_order",
    "bids",
    "leader",
    "trick",
    "played",
    "tricks_won",
    "scores",
    "legal_moves",
    "legal_actions",
)
_HISTORY_MEMBERS: Final = ("round_results", "past_deals", "history")
_RESULT_MEMBERS: Final = ("index", "dealer", "cards", "kind", "trump", "bids", "won", "scores")
_STATE_MEMBERS: Final = ("schema", "version", "phase", "to_move", "record")


# --- writing --------------------------------------------------------------------


def _card(card: Card | None) -> str | None:
    return None if card is None else str(card)


def _deal(deal: Deal) -> dict[str, object]:
    return {
        "hands": [[str(card) for card in hand] for hand in deal.hands],
        "trump_card": _card(deal.trump_card),
    }


def _result(result: RoundResult) -> dict[str, object]:
    return {
        "index": result.index,
        "dealer": result.dealer,
        "cards": result.cards,
        "kind": result.kind.value,
        "trump": result.trump.letter,
        "bids": list(result.bids),
        "won": list(result.won),
        "scores": list(result.scores),
    }


class _Position(Protocol):
    """What a view and a state both have, that a view's JSON is written from."""

    @property
    def rules(self) -> RuleSet: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def first_dealer(self) -> int: ...
    @property
    def round_index(self) -> int: ...
    @property
    def round(self) -> Round: ...
    @property
    def dealer(self) -> int: ...
    @property
    def eldest(self) -> int: ...
    @property
    def trump(self) -> Suit | None: ...
    @property
    def trump_card(self) -> Card | None: ...
    @property
    def trump_card_shown_by_dealer(self) -> bool: ...
    @property
    def calls(self) -> tuple[tuple[int, Call | Pass], ...]: ...
    @property
    def auction_winner(self) -> int | None: ...
    @property
    def bid_order(self) -> tuple[int, ...]: ...
    @property
    def bids(self) -> tuple[int | None, ...]: ...
    @property
    def leader(self) -> int: ...
    @property
    def trick(self) -> tuple[PlayedCard, ...]: ...
    @property
    def played(self) -> tuple[PlayedCard, ...]: ...
    @property
    def tricks_won(self) -> tuple[int, ...]: ...
    @property
    def scores(self) -> tuple[int, ...]: ...


# The rules as JSON data, by rules: every view of a game writes the same.
_RULES: Final[dict[object, dict[str, object]]] = {}


def rules_json(
    rules: object, write: Callable[[Any], dict[str, object]] = rules_data
) -> dict[str, object]:
    """``rules`` (Pocha's, or with ``write`` another game's) as JSON data,
    written by ``write`` once: one dict shared by every view of these rules
    (never change it)."""
    data = _RULES.get(rules)
    if data is None:
        if len(_RULES) > 64:
            _RULES.clear()
        data = _RULES[rules] = write(rules)
    return data


def view_members(
    position: _Position,
    seat: int | None,
    visible: list[list[str] | None],
    hand_sizes: list[int],
    legal: tuple[Move, ...],
) -> dict[str, object]:
    """The members of a compact view of ``position`` (a view or a state)."""
    from pocha_rules.actions import action_table
    from pocha_rules.records import RULES_VERSION

    trump = position.trump
    card = position.trump_card
    own = None if seat is None else visible[seat]
    rules = position.rules
    if legal:
        table = action_table(rules)
        actions = [table.action(move) for move in legal]
    else:
        actions = []
    plan = position.round
    return {
        "schema": VIEW_SCHEMA,
        "version": VIEW_VERSION,
        "rules_version": RULES_VERSION,
        "rules": rules_json(rules),
        "seat": seat,
        "phase": position.phase.value,
        "to_move": position.to_move,
        "first_dealer": position.first_dealer,
        "round_index": position.round_index,
        "round": str(plan),
        "round_kind": plan.kind.value,
        "dealer": position.dealer,
        "eldest": position.eldest,
        "hand": [] if own is None else list(own),
        "visible_hands": visible,
        "hand_sizes": hand_sizes,
        "trump": None if trump is None else trump.letter,
        "trump_card": None if card is None else str(card),
        "trump_card_shown_by_dealer": position.trump_card_shown_by_dealer,
        "calls": [[s, str(call)] for s, call in position.calls],
        "auction_winner": position.auction_winner,
        "bid_order": list(position.bid_order),
        "bids": list(position.bids),
        "leader": position.leader,
        "trick": [[p.seat, str(p.card)] for p in position.trick],
        "played": [[p.seat, str(p.card)] for p in position.played],
        "tricks_won": list(position.tricks_won),
        "scores": list(position.scores),
        "legal_moves": [str(move) for move in legal],
        "legal_actions": actions,
    }


def history_members(view: PlayerView) -> dict[str, object]:
    """The members a view has when its history is asked for."""
    return {
        "round_results": [_result(result) for result in view.round_results],
        "past_deals": [_deal(deal) for deal in view.past_deals],
        "history": [[m.seat, str(m.move)] for m in view.seated_history],
    }


def view_to_dict(view: PlayerView, history: bool = False) -> dict[str, object]:
    visible = [
        None if hand is None else [str(card) for card in hand] for hand in view.visible_hands
    ]
    data = view_members(view, view.seat, visible, list(view.hand_sizes), view.legal_moves())
    if history:
        data.update(history_members(view))
    return data


def state_to_dict(state: GameState) -> dict[str, object]:
    from pocha_rules.records import GameRecord

    data: dict[str, object] = {
        "schema": STATE_SCHEMA,
        "version": STATE_VERSION,
        "phase": state.phase.value,
        "to_move": state.to_move,
        "record": GameRecord.from_state(state).to_dict(),
    }
    if any(state._s.ledger.penalties):  # a real table's game, replayed leniently
        data["lenient"] = True
    return data


# --- reading --------------------------------------------------------------------


def _fail(where: str, reason: str) -> NoReturn:
    raise InvalidRecordError(where, reason)  # turned into InvalidDataError below


def _header(data: object, what: str, schema: str, version: int) -> None:
    if not isinstance(data, dict):
        _fail("", say("expected_object", got=describe(data)))
    if "schema" not in data:
        _fail("schema", say("not_a_kind", what=what))
    if data["schema"] != schema:
        _fail("schema", say("format_unknown", expected=repr(schema), got=describe(data["schema"])))
    if "version" not in data:
        _fail("version", say("missing"))
    found = whole(data["version"], "version")
    if found != version:
        _fail("version", say("version_unknown", version=version, got=describe(found)))


def _seat(value: object, where: str, players: int) -> int:
    seat = whole(value, where)
    if not 0 <= seat < players:
        _fail(where, say("seat_out_of_range", high=players - 1, got=describe(seat)))
    return seat


def _optional(value: object, read: Callable[[object], _T]) -> _T | None:
    return None if value is None else read(value)


def _count(value: object, where: str, top: int) -> int:
    number = whole(value, where)
    if not 0 <= number <= top:
        _fail(where, say("count_out_of_range", high=top, got=describe(number)))
    return number


def _list(
    value: object, where: str, read: Callable[[object, str], _T], length: int | None = None
) -> tuple[_T, ...]:
    items = as_list(value, where)
    if length is not None and len(items) != length:
        _fail(where, say("entries_for_players", entries=len(items), players=length))
    return tuple(read(item, f"{where}[{i}]") for i, item in enumerate(items))


def _pair(value: object, where: str) -> tuple[object, object]:
    """A ``[seat, text]`` pair."""
    items = as_list(value, where)
    if len(items) != 2:
        _fail(where, say("expected_pair", got=describe(value)))
    return items[0], items[1]


def _suit(value: object, where: str) -> Suit:
    text = read_string(value, where)
    try:
        return Suit.parse(text)
    except PochaError as error:
        _fail(where, reason_of(error))


def _enum(value: object, where: str, kind: type[_T], names: tuple[str, ...]) -> _T:
    text = read_string(value, where)
    if text not in names:
        _fail(where, say("expected_one_of", names=", ".join(names), got=describe(value)))
    return kind(text)  # type: ignore[call-arg]


def read_view(data: object) -> PlayerView:
    from pocha_rules.records import RULES_VERSION
    from pocha_rules.views import PlayerView

    _header(data, "view", VIEW_SCHEMA, VIEW_VERSION)
    top = members(data, "", _VIEW_MEMBERS, _HISTORY_MEMBERS)
    for name in _HISTORY_MEMBERS:
        if name not in top:
            _fail(name, say("view_compact"))
    if whole(top["rules_version"], "rules_version") != RULES_VERSION:
        _fail("rules_version", say("rules_version_only", version=RULES_VERSION))
    rules = read_rules(top["rules"])
    n = rules.players
    deck = rules.deck

    def seat(value: object, where: str) -> int:
        return _seat(value, where, n)

    def card(value: object, where: str) -> Card:
        return read_card(value, where, deck)

    def cards(value: object, where: str) -> tuple[Card, ...]:
        return _list(value, where, card)

    def seated_card(value: object, where: str) -> PlayedCard:
        who, what = _pair(value, where)
        return PlayedCard(seat(who, f"{where}[0]"), card(what, f"{where}[1]"))

    def call(value: object, where: str) -> tuple[int, Call | Pass]:
        who, what = _pair(value, where)
        move = read_move(what, f"{where}[1]", deck)
        if not isinstance(move, Call | Pass):
            _fail(f"{where}[1]", say("expected_call", got=describe(what)))
        return seat(who, f"{where}[0]"), move

    def seated_move(value: object, where: str) -> tuple[int, Move]:
        who, what = _pair(value, where)
        return seat(who, f"{where}[0]"), read_move(what, f"{where}[1]", deck)

    def result(value: object, where: str) -> RoundResult:
        entry = members(value, where, _RESULT_MEMBERS)
        return RoundResult(
            index=whole(entry["index"], f"{where}.index"),
            dealer=seat(entry["dealer"], f"{where}.dealer"),
            cards=_count(entry["cards"], f"{where}.cards", 48),
            kind=_enum(entry["kind"], f"{where}.kind", RoundKind, tuple(RoundKind)),
            trump=_suit(entry["trump"], f"{where}.trump"),
            bids=seat_numbers(entry["bids"], f"{where}.bids", n),
            won=seat_numbers(entry["won"], f"{where}.won", n),
            scores=seat_numbers(entry["scores"], f"{where}.scores", n),
        )

    round_text = read_string(top["round"], "round")
    try:
        plan = Round.parse(round_text)
    except PochaError as error:
        _fail("round", reason_of(error))
    if _enum(top["round_kind"], "round_kind", RoundKind, tuple(RoundKind)) is not plan.kind:
        _fail("round_kind", say("round_kind_differs", kind=plan.kind.value))
    cards_dealt = plan.cards
    hands = _list(
        top["visible_hands"], "visible_hands", lambda v, w: _optional(v, lambda x: cards(x, w)), n
    )
    history = _list(top["history"], "history", seated_move)
    phase = _enum(top["phase"], "phase", Phase, tuple(Phase))
    view = PlayerView(
        rules=rules,
        seat=seat(top["seat"], "seat"),
        phase=phase,
        to_move=_optional(top["to_move"], lambda v: seat(v, "to_move")),
        first_dealer=seat(top["first_dealer"], "first_dealer"),
        round_index=_count(top["round_index"], "round_index", 100_000),
        round=plan,
        dealer=seat(top["dealer"], "dealer"),
        eldest=seat(top["eldest"], "eldest"),
        visible_hands=hands,
        hand_sizes=_list(
            top["hand_sizes"], "hand_sizes", lambda v, w: _count(v, w, cards_dealt), n
        ),
        trump=_optional(top["trump"], lambda v: _suit(v, "trump")),
        trump_card=_optional(top["trump_card"], lambda v: card(v, "trump_card")),
        trump_card_shown_by_dealer=flag(
            top["trump_card_shown_by_dealer"], "trump_card_shown_by_dealer"
        ),
        calls=_list(top["calls"], "calls", call),
        auction_winner=_optional(top["auction_winner"], lambda v: seat(v, "auction_winner")),
        bid_order=_list(top["bid_order"], "bid_order", seat),
        bids=_list(
            top["bids"], "bids", lambda v, w: _optional(v, lambda x: _count(x, w, cards_dealt)), n
        ),
        leader=seat(top["leader"], "leader"),
        trick=_list(top["trick"], "trick", seated_card),
        played=_list(top["played"], "played", seated_card),
        tricks_won=_list(
            top["tricks_won"], "tricks_won", lambda v, w: _count(v, w, cards_dealt), n
        ),
        scores=seat_numbers(top["scores"], "scores", n),
        round_results=_list(top["round_results"], "round_results", result),
        past_deals=_list(top["past_deals"], "past_deals", lambda v, w: read_deal(v, w, rules)),
        history=tuple(move for _, move in history),
    )
    _check_view(view, top, history)
    return view


def _check_view(
    view: PlayerView, top: dict[str, object], history: tuple[tuple[int, Move], ...]
) -> None:
    """What the data says twice must agree, and what the view works out
    from itself must be what the data says."""
    from pocha_rules._pocha.seats import SeatsError, seated_rounds
    from pocha_rules.actions import legal_actions

    drawn = _draw(view)
    if (view.phase is Phase.OVER) != (view.to_move is None):
        _fail("to_move", say("to_move_null"))
    if view.phase in (Phase.PLAY, Phase.BID) and view.trump is None:
        _fail("trump", say("trump_unknown", phase=view.phase.value))
    if (
        view.round_kind is RoundKind.AUCTION
        and view.phase is not Phase.AUCTION
        and (view.auction_winner is None)
    ):
        _fail("auction_winner", say("auction_winner_missing"))
    for seat, hand in enumerate(view.visible_hands):
        if hand is not None and len(hand) != view.hand_sizes[seat]:
            _fail(
                f"visible_hands[{seat}]",
                say("hand_size_differs", cards=len(hand), size=view.hand_sizes[seat]),
            )
    if [str(card) for card in view.hand] != top["hand"]:
        _fail("hand", say("hand_differs"))
    if len(view.past_deals) != len(view.round_results):
        _fail(
            "past_deals",
            say("deals_for_rounds", deals=len(view.past_deals), rounds=len(view.round_results)),
        )
    try:
        legal = view.legal_moves()
        past, current = seated_rounds(view)
        seated = past + current
        actions = list(legal_actions(view)) if legal else []
    except SeatsError as error:
        _fail(f"history[{error.index}]", error.reason)
    except PochaError as error:
        _fail("", reason_of(error))
    except (AssertionError, IndexError, KeyError, ValueError) as error:
        _fail(
            "",
            say("view_unreachable", error=short(str(error) or type(error).__name__)),
        )
    if not view.is_over:
        _check_round(view, current)
    totals = tuple(sum(r.scores[seat] for r in view.round_results) for seat in range(view.players))
    if view.scores != totals:
        _fail("scores", say("totals_differ"))
    for index, (entry, (seat, _)) in enumerate(zip(seated, history, strict=True)):
        if entry.seat != seat:
            _fail(f"history[{index}][0]", say("move_seat_differs", seat=entry.seat, got=seat))
    if top["legal_moves"] != [str(move) for move in legal]:
        _fail("legal_moves", say("legal_moves_differ"))
    if top["legal_actions"] != actions:
        _fail("legal_actions", say("legal_actions_differ"))
    if any(abs(score) > MAX_SCORE for score in view.scores):  # pragma: no cover - seat_numbers
        _fail("scores", say("scores_too_large"))
    _check_reachable(view, drawn)


def _draw(view: PlayerView) -> GameState | Exception:
    """The state :func:`_check_reachable` compares with the view,
    ``sample_state(view, random.Random(0))``, or what that raised (raised
    there, after the other checks). Drawn first: its replay of the game
    seats the moves of the finished rounds, which then need not be played
    again to seat them."""
    from pocha_rules._pocha.seats import remember_past

    seats: list[int] = []
    try:
        sample = replay_sample(view, random.Random(0), seats)
    except Exception as error:  # raised by _check_reachable, after the other checks
        return error
    results = view.round_results
    if results and results[0].index == 0 and sample.round_results == results:
        current = 0 if sample.is_over else len(sample.round_moves)
        remember_past(view, seats, len(view.history) - current)
    return sample


def _check_reachable(view: PlayerView, drawn: GameState | Exception) -> None:
    """Some game of the view's rules gives exactly this view: a state drawn
    for it (its hidden cards dealt at random, its moves replayed; see
    :func:`_draw`) shows the seat the same view, or the first member where
    they differ is refused."""
    if isinstance(drawn, PochaError):
        _fail("", reason_of(drawn))
    if isinstance(drawn, Exception):
        raise drawn
    seen = observe(drawn, view.seat)
    if seen != view:
        for field in attrs.fields(type(view)):
            if getattr(seen, field.name) != getattr(view, field.name):
                _fail(field.name, say("view_value_unreachable"))


def _check_round(view: PlayerView, current: tuple[SeatedMove, ...]) -> None:
    """The current round's calls, bids and cards are its moves'."""
    calls = [(m.seat, m.move) for m in current if type(m.move) in (Call, Pass)]
    if calls != list(view.calls):
        _fail("calls", say("calls_differ"))
    cards = [PlayedCard(m.seat, m.move.card) for m in current if isinstance(m.move, Play)]
    if cards != list(view.played):
        _fail("played", say("played_differ"))
    if list(view.trick) != cards[len(cards) - len(view.trick) :]:
        _fail("trick", say("trick_differs"))
    bids: list[int | None] = [None] * view.players
    if view.auction_winner is not None:
        bids[view.auction_winner] = view.bids[view.auction_winner]
    for m in current:
        if isinstance(m.move, Bid):
            bids[m.seat] = m.move.tricks
    if bids != list(view.bids):
        _fail("bids", say("bids_differ"))


def view_from_dict(data: object) -> PlayerView:
    try:
        return read_view(data)
    except InvalidRecordError as error:
        raise InvalidDataError("view", _where(error.where), error.reason) from None


def state_from_dict(data: object) -> GameState:
    from pocha_rules.records import GameRecord, replay, replay_lenient

    try:
        _header(data, "state", STATE_SCHEMA, STATE_VERSION)
        top = members(data, "", _STATE_MEMBERS, ("lenient",))
        lenient = flag(top["lenient"], "lenient") if "lenient" in top else False
    except InvalidRecordError as error:
        raise InvalidDataError("state", _where(error.where), error.reason) from None
    try:
        record = GameRecord.from_dict(top["record"])
        state = replay_lenient(record).state if lenient else replay(record)
    except InvalidRecordError as error:
        where = "record" if error.where == "record" else f"record.{error.where}"
        raise InvalidDataError("state", where, error.reason) from None
    if top["phase"] != state.phase.value:
        raise InvalidDataError(
            "state", "phase", say("state_phase_differs", phase=state.phase.value)
        )
    if top["to_move"] != state.to_move or type(top["to_move"]) not in (int, type(None)):
        raise InvalidDataError(
            "state", "to_move", say("state_to_move_differs", to_move=str(state.to_move))
        )
    return state


def _where(where: str) -> str:
    return "" if where == "record" else where


def loads(text: object, what: str) -> object:
    """JSON text as data, or :class:`InvalidDataError` saying why not."""
    if not isinstance(text, str):
        raise TypeError(f"text must be a str of JSON, got {got(text)}")
    if len(text) > MAX_JSON_CHARS:
        raise InvalidDataError(what, "", say("data_too_long", length=len(text)))
    try:
        return json.loads(text, object_pairs_hook=unique_members, parse_constant=no_constant)
    except RecursionError:
        raise InvalidDataError(what, "", say("json_too_deep")) from None
    except ValueError as error:
        raise InvalidDataError(
            what, "", say("json_invalid", error=short(str(error), 120))
        ) from None


def state_from_json(text: object) -> GameState:
    """Read a state from JSON text (``GameState.from_json``)."""
    return state_from_dict(loads(text, "state"))


def view_from_json(text: object) -> PlayerView:
    """Read a view from JSON text (``PlayerView.from_json``)."""
    return view_from_dict(loads(text, "view"))


# The public faces of the formats, methods of classes below this module.
_state.JSON.fill(state_to_dict, state_from_dict, state_from_json)
VIEW_JSON.fill(view_to_dict, view_from_dict, view_from_json)
