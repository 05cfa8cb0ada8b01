"""What the arena (the referee and the engine protocol) needs of a game, for
Pocha and for Poch (private: :mod:`pocha_rules.referee` and
:mod:`pocha_rules.engines` use it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import attrs

from pocha_rules import games, poch
from pocha_rules._common.errors import PochaError, say
from pocha_rules._common.text import got
from pocha_rules._pocha.engine import apply
from pocha_rules._pocha.game import new_game
from pocha_rules._pocha.moves import Bid, Call, ChooseTrump, Pass, Play, parse_move
from pocha_rules._pocha.rules import RuleSet
from pocha_rules._pocha.state import GameState
from pocha_rules._record_json import rules_data
from pocha_rules.actions import action_to_move
from pocha_rules.bots import RandomBot
from pocha_rules.events import step
from pocha_rules.poch import actions as poch_actions
from pocha_rules.poch._moves import MOVE_TYPES as POCH_MOVE_TYPES
from pocha_rules.poch.records import _read_rules as read_poch_rules
from pocha_rules.views import PlayerView, observe

__all__ = [
    "GameDoor",
    "door_named",
    "game_door",
    "poch_deal_view",
    "poch_events",
    "poch_payment",
]


@attrs.frozen
class GameDoor:
    """A game, as the arena plays it and shows it to engines."""

    name: str
    """The game's name in the protocol's ``game`` message."""
    rules_type: type
    view_type: type
    state_type: type
    move_types: tuple[type, ...]
    new_game: Callable[..., Any]
    apply: Callable[[Any, Any], Any]
    observe: Callable[[Any, int], Any]
    step: Callable[[Any, Any], tuple[Any, tuple[Any, ...]]]
    """The state after a move, and the events it caused."""
    random_bot: Callable[[int], Any]
    rules_dict: Callable[[Any], dict[str, object]]
    view_dict: Callable[[Any], dict[str, object]]
    """The seat's whole view, as JSON data."""
    round_view: Callable[[Any], dict[str, object]]
    """The seat's view of the current round (or deal) only, as JSON data."""
    view_from_dict: Callable[[object], Any]
    parse_move: Callable[[str], Any]
    action_to_move: Callable[[Any, int], Any]


def _whole_view(view: PlayerView) -> dict[str, object]:
    return view.to_dict(history=True)


def _pocha() -> GameDoor:
    return GameDoor(
        name="pocha",
        rules_type=RuleSet,
        view_type=PlayerView,
        state_type=GameState,
        move_types=(Bid, Play, ChooseTrump, Call, Pass),
        new_game=new_game,
        apply=apply,
        observe=observe,
        step=step,
        random_bot=lambda seed: RandomBot(seed=seed),
        rules_dict=rules_data,
        view_dict=_whole_view,
        round_view=PlayerView.to_dict,
        view_from_dict=PlayerView.from_dict,
        parse_move=parse_move,
        action_to_move=action_to_move,
    )


@attrs.frozen
class PochEvent:
    """What a move of Poch caused, as the engine protocol tells it: a
    ``move``, a ``deal_ended`` or the ``game_over``."""

    data: dict[str, object]

    @property
    def kind(self) -> str:
        """The event's name (its ``"event"`` member)."""
        return str(self.data["event"])

    def to_dict(self) -> dict[str, object]:
        """The event as JSON data."""
        return dict(self.data)


def _poch_card(card: poch.Card | None) -> str | None:
    return None if card is None else str(card)


def poch_payment(payment: poch.Payment) -> dict[str, object]:
    """A payment as JSON data."""
    return {
        "payer": payment.payer,
        "payee": payment.payee,
        "chips": payment.chips,
        "reason": payment.reason.value,
    }


def _poch_seated(moves: tuple[tuple[int, Any], ...]) -> list[list[object]]:
    return [[seat, str(move)] for seat, move in moves]


def poch_deal_view(view: poch.PlayerView) -> dict[str, object]:
    """A seat's view of the current deal of Poch, as JSON data."""
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
        "turnup": _poch_card(view.turnup),
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
        "last_card": _poch_card(view.last_card),
        "moves": _poch_seated(view.moves),
        "payments": [poch_payment(payment) for payment in view.deal_payments],
        "legal_moves": [str(move) for move in legal],
        "legal_actions": list(poch_actions.legal_actions(view)) if legal else [],
    }


def _poch_view(view: poch.PlayerView) -> dict[str, object]:
    """A seat's whole view of a game of Poch, as JSON data: the deal's view,
    the rules, the balances the game and the deal began with, the pools the
    deal began with, and the finished deals (all :func:`_poch_view_from_dict`
    needs to read it back)."""
    data = poch_deal_view(view)
    data["rules"] = attrs.asdict(view.rules)
    data["starting_balances"] = list(view.starting_balances)
    data["deal_start_balances"] = list(view.deal_start_balances)
    data["deal_start_pools"] = list(view.deal_start_pools)
    data["past_deals"] = [
        {
            "index": deal.index,
            "dealer": deal.dealer,
            "seats": list(deal.seats),
            "trump": deal.trump.letter,
            "turnup": str(deal.turnup),
            "moves": _poch_seated(deal.moves),
            "payments": [poch_payment(payment) for payment in deal.payments],
            "balances": list(deal.balances),
            "changes": list(deal.changes),
        }
        for deal in view.past_deals
    ]
    return data


def poch_events(state: poch.GameState, move: Any, after: poch.GameState) -> tuple[PochEvent, ...]:
    """The events of ``move``, made in ``state`` and giving ``after``."""
    seat = state.to_move
    happened = [PochEvent({"event": "move", "seat": seat, "move": str(move)})]
    if len(after.deal_results) > len(state.deal_results):
        deal = after.deal_results[-1]
        happened.append(
            PochEvent(
                {
                    "event": "deal_ended",
                    "index": deal.index,
                    "changes": list(deal.changes),
                    "balances": list(deal.balances),
                }
            )
        )
    if after.is_over:
        happened.append(
            PochEvent(
                {
                    "event": "game_over",
                    "winners": list(after.winners),
                    "scores": list(after.scores),
                }
            )
        )
    return tuple(happened)


def _poch_step(state: poch.GameState, move: Any) -> tuple[poch.GameState, tuple[PochEvent, ...]]:
    after = poch.apply(state, move)
    return after, poch_events(state, move, after)


def _poch_view_from_dict(data: Any) -> poch.PlayerView:
    """The :class:`poch.PlayerView <pocha_rules.poch.PlayerView>` that
    :func:`_poch_view` wrote (a served engine's view).

    Raises:
        PochaError: ``data`` is not such a view; the error says where.

    """
    try:
        return _poch_view_of(data)
    except PochaError as error:
        raise PochaError(say("engine_view_unreadable", reason=str(error))) from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        reason = f"{type(error).__name__}: {error}"
        raise PochaError(say("engine_view_unreadable", reason=reason)) from None


def _poch_view_of(data: Any) -> poch.PlayerView:
    rules = read_poch_rules(data["rules"])

    def card(text: str) -> poch.Card:
        return poch.Card.parse(text, deck=rules.deck)

    def maybe(text: str | None) -> poch.Card | None:
        return None if text is None else card(text)

    def seated(pairs: list[list[Any]]) -> tuple[tuple[int, Any], ...]:
        return tuple((seat, poch.parse_move(text, deck=rules.deck)) for seat, text in pairs)

    def payments(items: list[dict[str, Any]], deal: int) -> tuple[poch.Payment, ...]:
        # The board shared at the end of the game counts as the deal after the last.
        after_last = len(data["past_deals"])
        return tuple(
            poch.Payment(
                deal=after_last if item["reason"] == poch.Reason.BOARD else deal,
                payer=item["payer"],
                payee=item["payee"],
                chips=item["chips"],
                reason=poch.Reason(item["reason"]),
            )
            for item in items
        )

    return poch.PlayerView(
        rules=rules,
        seat=data["seat"],
        phase=poch.Phase(data["phase"]),
        to_move=data["to_move"],
        first_dealer=data["first_dealer"],
        deal_number=data["deal_number"],
        dealer=data["dealer"],
        order=tuple(data["order"]),
        out=tuple(data["out"]),
        starting_balances=tuple(data["starting_balances"]),
        balances=tuple(data["balances"]),
        pools=tuple((name, chips) for name, chips in data["pools"].items()),
        deal_start_balances=tuple(data["deal_start_balances"]),
        deal_start_pools=tuple(data["deal_start_pools"]),
        turnup=maybe(data["turnup"]),
        stock_size=data["stock_size"],
        hand=tuple(card(text) for text in data["hand"]),
        hand_sizes=tuple(data["hand_sizes"]),
        shown=tuple(tuple(card(text) for text in cards) for cards in data["shown"]),
        takings=tuple((pool, seat) for pool, seat in data["takings"]),
        opener=data["opener"],
        contestants=tuple(data["contestants"]),
        stakes=tuple(data["stakes"]),
        level=data["level"],
        bet_rounds=data["bet_rounds"],
        poch_winners=tuple(data["poch_winners"]),
        table=tuple(poch.PlayedCard(seat, card(text)) for seat, text in data["table"]),
        last_card=maybe(data["last_card"]),
        moves=seated(data["moves"]),
        deal_payments=payments(data["payments"], data["deal_number"]),
        past_deals=tuple(
            poch.DealResult(
                index=deal["index"],
                dealer=deal["dealer"],
                seats=tuple(deal["seats"]),
                ordering=(),  # never shown
                trump=poch.Suit.parse(deal["trump"]),
                turnup=card(deal["turnup"]),
                moves=seated(deal["moves"]),
                payments=payments(deal["payments"], deal["index"]),
                balances=tuple(deal["balances"]),
                changes=tuple(deal["changes"]),
            )
            for deal in data["past_deals"]
        ),
        legal=tuple(poch.parse_move(text, deck=rules.deck) for text in data["legal_moves"]),
    )


def _poch() -> GameDoor:
    return GameDoor(
        name="poch",
        rules_type=poch.RuleSet,
        view_type=poch.PlayerView,
        state_type=poch.GameState,
        move_types=POCH_MOVE_TYPES,
        new_game=poch.new_game,
        apply=poch.apply,
        observe=poch.observe,
        step=_poch_step,
        random_bot=lambda seed: poch.RandomBot(seed=seed),
        rules_dict=attrs.asdict,
        view_dict=_poch_view,
        round_view=poch_deal_view,
        view_from_dict=_poch_view_from_dict,
        parse_move=poch.parse_move,
        action_to_move=poch_actions.action_to_move,
    )


_DOORS: Final[dict[str, GameDoor]] = {}


def game_door(rules: object) -> GameDoor:
    """The door of the game that ``rules`` are the rules of.

    Raises:
        TypeError: ``rules`` are no game's rules.

    """
    if isinstance(rules, RuleSet):
        return door_named("pocha")
    if isinstance(rules, poch.RuleSet):
        return door_named("poch")
    raise TypeError(f"rules must be a RuleSet or a poch.RuleSet, got {got(rules)}")


def door_named(name: object) -> GameDoor:
    """The door of the game called ``name`` (``"pocha"``, ``"poch"``).

    Raises:
        PochaError: No game has that name.

    """
    door = _DOORS.get(name) if isinstance(name, str) else None
    if door is None:
        game = games.get(name if isinstance(name, str) else repr(name))  # or PochaError
        door = _pocha() if game is games.POCHA else _poch()
        _DOORS[door.name] = door
    return door
