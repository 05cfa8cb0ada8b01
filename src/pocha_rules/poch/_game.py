"""The first state of a game of Poch: :func:`new_game` checks its
arguments, then deals the first deal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pocha_rules._common import checks
from pocha_rules._common.errors import InvalidDealError as _PochaDealError
from pocha_rules._common.errors import PochaError, reason_of, say
from pocha_rules._common.text import got, shown
from pocha_rules.poch._cards import CARDS, Card, deck_indices
from pocha_rules.poch._dealing import Standing, begin_deal, seeded_dealer
from pocha_rules.poch._rules import POOLS, RuleSet
from pocha_rules.poch._state import GameState, Setup

__all__ = ["InvalidDealError", "deal_pack", "new_game"]

MAX_SEED_BITS = 256


class InvalidDealError(_PochaDealError):
    """An explicit ordering of the pack for a deal was refused.

    Attributes:
        deal: The number of the deal it was given for (0-based; also
            ``round_index``, as for Pocha's deals).
        reason: Why it was refused.

    """

    def __init__(self, deal: int, reason: str) -> None:
        super().__init__(deal, reason)
        self.deal = deal


def _ordering(index: int, value: object, deck: int) -> tuple[int, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise TypeError(f"deal {index} must be a sequence of cards, got {got(value)}")
    cards: list[int] = []
    for position, item in enumerate(value):
        if isinstance(item, str):
            try:
                card = Card.parse(item, deck=deck)
            except PochaError as error:
                raise InvalidDealError(
                    index,
                    say("poch_deal_card_unreadable", position=position, reason=reason_of(error)),
                ) from None
        elif type(item) is Card:
            card = item
        else:
            raise TypeError(
                f"deal {index}, card {position}: expected a Card or a str, got {got(item)}"
            )
        cards.append(card.index)
    expected = deck_indices(deck)
    if sorted(cards) != list(expected):
        allowed = set(expected)
        for position, number in enumerate(cards):
            if number not in allowed:
                raise InvalidDealError(
                    index, say("poch_deal_card_not_in_pack", position=position, deck=deck)
                )
            if cards.index(number) != position:
                raise InvalidDealError(index, say("poch_deal_card_twice", position=position))
        raise InvalidDealError(index, say("poch_deal_size", deck=deck, got=len(cards)))
    return tuple(cards)


def new_game(
    rules: RuleSet,
    *,
    seed: int | None = None,
    dealer: int | None = None,
    deals: Sequence[Sequence[Card | str]] = (),
    balances: Sequence[int] | None = None,
    pools: Mapping[str, int] | None = None,
) -> GameState:
    """Start a game: the board is dressed, the first deal dealt, its trump
    pools paid, and the eldest hand is to speak.

    Args:
        rules: The rules to play by.
        seed: Shuffles every deal not given in ``deals`` (and draws the first
            dealer when ``dealer`` is not given). The same rules, seed and
            moves always give the same game. ``None`` draws a fresh seed,
            kept in :attr:`GameState.seed`.
        dealer: The seat that deals first.
        deals: Explicit orderings of the pack for the first deals (top card
            first, as :class:`Card` values or their text), to play a real
            table's cards; the deals after them are shuffled from the seed.
        balances: Start from a position: every seat's chips (by default
            ``starting_chips`` each).
        pools: Start from a position: the chips already in the pools, by
            name (pools not named are empty).

    Raises:
        InvalidDealError: An ordering is not the whole pack, each card once.
        PochaError: ``seed``, ``dealer``, ``balances`` or ``pools`` is out
            of range.
        TypeError: An argument is not of the type named above.

    >>> state = new_game(RuleSet(players=4), seed=7, dealer=0)
    >>> state.phase, state.to_move, state.dealer, len(state.hand(1))
    (Phase.BETTING, 1, 0, 5)
    >>> sum(state.balances) + sum(state.pools.values())
    200

    """
    if not isinstance(rules, RuleSet):
        raise TypeError(f"rules must be a poch RuleSet, got {got(rules)}")
    n = rules.players
    if seed is None:
        import secrets

        seed = secrets.randbits(63)
    elif type(seed) is not int:
        raise TypeError(f"seed must be an int, got {got(seed)}")
    elif seed.bit_length() > MAX_SEED_BITS:
        raise PochaError(say("seed_too_large", bits=MAX_SEED_BITS, got=shown(seed)))
    if dealer is None:
        dealer = seeded_dealer(seed, n)
    elif type(dealer) is not int:
        raise TypeError(f"dealer must be an int, got {got(dealer)}")
    else:
        checks.seat(dealer, n, "dealer")
    if isinstance(deals, str | bytes) or not isinstance(deals, Sequence):
        raise TypeError(f"deals must be a sequence of orderings, got {got(deals)}")
    orderings = tuple(_ordering(i, deal, rules.deck) for i, deal in enumerate(deals))
    if balances is None:
        start = (rules.starting_chips,) * n
    else:
        if isinstance(balances, str | bytes) or not isinstance(balances, Sequence):
            raise TypeError(f"balances must be a sequence of ints, got {got(balances)}")
        if len(balances) != n:
            raise PochaError(say("poch_balances_size", players=n, got=len(balances)))
        for seat, chips in enumerate(balances):
            if type(chips) is not int:
                raise TypeError(f"balances[{seat}] must be an int, got {got(chips)}")
            if chips < 0 and rules.insolvency == "out":
                raise PochaError(say("poch_balance_negative", seat=seat, got=chips))
        start = tuple(balances)
    board = [0] * len(POOLS)
    if pools is not None:
        if not isinstance(pools, Mapping):
            raise TypeError(f"pools must be a mapping of pool names to chips, got {got(pools)}")
        for name, chips in pools.items():
            if name not in rules.pool_names:
                raise PochaError(
                    say("poch_pool_unknown", got=shown(name), pools=", ".join(rules.pool_names))
                )
            if type(chips) is not int:
                raise TypeError(f"pools[{name!r}] must be an int, got {got(chips)}")
            if chips < 0:
                raise PochaError(say("poch_pool_negative", name=repr(name), got=chips))
            board[POOLS.index(name)] = chips
    total = sum(start) + sum(board)
    g = Setup(rules, seed, dealer, orderings, start, tuple(board), total)
    standing = Standing(start, tuple(board), (False,) * n, (), None)
    return begin_deal(g, 0, (dealer - 1) % n, standing)


def deal_pack(
    rules: RuleSet,
    *,
    dealer: int,
    hands: Mapping[int, Sequence[Card | str] | str],
    turnup: Card | str,
    out: Sequence[int] = (),
) -> tuple[Card, ...]:
    """The ordering of the pack that deals ``hands`` (seat -> its five
    cards, as cards, texts or one text) from ``dealer``'s deal and turns up
    ``turnup``; the undealt cards follow in card order. Give it to
    :func:`new_game` to play a real table's cards.

    >>> rules = RuleSet(players=3)
    >>> pack = deal_pack(rules, dealer=0, turnup="Ks", hands={
    ...     1: "10h Qh 8h Jc Qc", 2: "9h Kh Kc 9c 8d", 0: "Jh Ah 7h As 10d"})
    >>> state = new_game(rules, dealer=0, deals=[pack])
    >>> [str(c) for c in state.hand(2)], state.takings
    (['9c', 'Kc', '8d', '9h', 'Kh'], (('ace', 0), ('king', 0)))

    Raises:
        PochaError: ``dealer`` is not a seat, a seat in the game has not
            five cards, a card is dealt twice or is not in the pack.
        TypeError: An argument is not of the type named above.

    """
    if not isinstance(rules, RuleSet):
        raise TypeError(f"rules must be a poch RuleSet, got {got(rules)}")
    n = rules.players
    dealer = checks.seat(dealer, n, "dealer")
    seats = [(dealer + 1 + i) % n for i in range(n)]
    seats = [s for s in seats if s not in out]

    def card(value: object, where: str) -> Card:
        if type(value) is Card:
            return value
        if isinstance(value, str):
            try:
                return Card.parse(value, deck=rules.deck)
            except PochaError as error:
                raise PochaError(
                    say("poch_hand_card_unreadable", where=where, reason=reason_of(error))
                ) from None
        raise TypeError(f"{where}: expected a Card or a str, got {got(value)}")

    top: list[Card] = []
    dealt: dict[int, list[Card]] = {}
    for seat in seats:
        held = hands.get(seat)
        if held is None:
            raise PochaError(say("poch_hand_missing", seat=seat))
        items = held.split() if isinstance(held, str) else list(held)
        dealt[seat] = [card(item, f"hands[{seat}]") for item in items]
        if len(dealt[seat]) != 5:
            raise PochaError(say("poch_hand_size", seat=seat, got=len(dealt[seat])))
    for seat in seats:
        top.extend(dealt[seat][:3])
    for seat in seats:
        top.extend(dealt[seat][3:])
    top.append(card(turnup, "turnup"))
    if len(set(top)) != len(top):
        twice = next(c for c in top if top.count(c) > 1)
        raise PochaError(say("poch_dealt_twice", card=str(twice)))
    used = set(top)
    return (*top, *(CARDS[i] for i in deck_indices(rules.deck) if CARDS[i] not in used))
