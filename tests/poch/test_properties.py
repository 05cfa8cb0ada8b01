"""The invariants of Poch, as properties over random rules, seeds and games:
chips and cards conserved in every state, the trump pools, the bounds of
the betting, the successor rule of the shedding, legal moves, termination,
determinism, suit-renaming and seat-rotation symmetry, accounting."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pocha_rules import IllegalMoveError
from pocha_rules.poch import (
    Card,
    Close,
    GameState,
    Match,
    Move,
    Open,
    Pass,
    Phase,
    Play,
    Reopen,
    RuleSet,
    Suit,
    apply,
    explain,
    legal_moves,
    new_game,
)
from pocha_rules.poch._cards import CARDS, deck_indices
from tests.poch.strategies import games, play_out, poch_rules, random_chooser

HONOURS = {"ace": 14, "king": 13, "queen": 12, "jack": 11, "ten": 10}


def deals_of(states: list[GameState]) -> list[list[GameState]]:
    """The states of each deal (decision states only), in order."""
    out: list[list[GameState]] = []
    for state in states:
        if state.is_over:
            break
        if not out or out[-1][0].deal_number != state.deal_number:
            out.append([])
        out[-1].append(state)
    return out


@given(games())
def test_chips_are_conserved_and_pools_never_negative(states: list[GameState]) -> None:
    total = states[0].chip_total
    assert total == states[0].rules.players * states[0].rules.starting_chips
    for state in states:
        assert sum(state.balances) + sum(state.pools.values()) == total
        assert min(state.pools.values()) >= 0
        if state.rules.insolvency == "out":
            assert min(state.balances) >= 0
    payments = states[-1].ledger
    net = Counter[object]()
    for p in payments:
        assert p.chips >= 1
        net[p.payer] -= p.chips
        net[p.payee] += p.chips
    for seat in range(states[0].players):
        assert states[0].starting_balances[seat] + net[seat] == states[-1].balances[seat]


@given(games())
def test_cards_are_each_in_one_place(states: list[GameState]) -> None:
    rules = states[0].rules
    pack = [CARDS[i] for i in deck_indices(rules.deck)]
    for deal in deals_of(states):
        first = deal[0]
        n = len(first.order)
        assert all(len(first.hand(s)) == 5 for s in first.order)
        assert len(first.stock) == rules.deck - 5 * n - 1 >= 1
        assert first.table == ()
        previous = first
        for state in deal:
            places = [c for hand in state.hands for c in hand]
            places += [state.turnup, *state.stock, *(p.card for p in state.table)]
            assert sorted(places) == pack
            assert state.turnup == first.turnup
            assert state.stock == first.stock
            for seat in range(rules.players):
                assert set(state.hand(seat)) <= set(previous.hand(seat))
            assert state.table[: len(previous.table)] == previous.table
            previous = state


@given(games())
def test_trump_pools(states: list[GameState]) -> None:
    for deal in deals_of(states):
        first = deal[0]
        rules = first.rules
        trump = first.trump
        takings = first.takings
        paid = {
            name: [seat for pool, seat in takings if pool == name] for name in rules.pool_names
        }
        holders = {card: seat for seat in first.order for card in first.hand(seat)}
        through_turnup = 0
        for name, rank in HONOURS.items():
            card = Card(rank, trump)
            if card in holders:
                assert paid[name] == [holders[card]]
            elif card == first.turnup and rules.turnup_pool == "dealer":
                assert paid[name] == [first.dealer]
                through_turnup += 1
            else:
                assert paid[name] == []
        assert through_turnup <= 1
        king, queen = Card(13, trump), Card(12, trump)
        married = king in holders and holders[king] == holders.get(queen)
        assert bool(paid["marriage"]) == married
        if rules.sequence_rule == "trump_789":
            holding = {holders.get(Card(rank, trump), -1) for rank in (7, 8, 9)}
            assert bool(paid["sequence"]) == (len(holding) == 1 and -1 not in holding)
        for name, seats in paid.items():
            if seats and not (name == "sequence" and len(seats) > 1):
                assert first.pools[name] == 0
            elif seats:
                assert first.pools[name] < len(seats)
            else:
                carried = sum(
                    p.chips
                    for p in first.deal_payments
                    if p.payee == name and p.reason == "dressing"
                )
                assert first.pools[name] >= carried


@given(games())
def test_betting_bounds(states: list[GameState]) -> None:
    for deal in deals_of(states):
        first = deal[0]
        rules = first.rules
        n = len(first.order)
        poch_before = first.pools["poch"]
        for state in deal:
            if state.phase is Phase.SHEDDING:
                break
            if rules.bet_rounds_max is not None:
                assert state.bet_rounds <= rules.bet_rounds_max
            if state.phase is Phase.DECIDING:
                assert state.to_move == state.opener
                assert all(state.stakes[s] == state.level for s in state.contestants)
        passed: set[int] = set()
        betting_moves = 0
        for seat, move in _deal_moves(deal):
            if isinstance(move, Play):
                break
            betting_moves += 1
            assert seat not in passed  # a pass is final
            if isinstance(move, Open | Match):
                assert first.combination(seat)
            if isinstance(move, Pass):
                passed.add(seat)
        if rules.bet_rounds_max is not None:
            assert betting_moves <= n * rules.bet_rounds_max + 1
        shedding = next((s for s in deal if s.phase is Phase.SHEDDING), None)
        if shedding is None:
            continue
        if shedding.opener is None:
            assert shedding.pools["poch"] == poch_before
            assert shedding.balances == first.balances
            assert shedding.to_move == first.eldest
            assert shedding.poch_winners == ()
        else:
            winners = shedding.poch_winners
            assert shedding.pools["poch"] < len(winners)
            keys = {s: first.combination(s) for s in shedding.contestants}
            top = max(keys.values())
            assert all(keys[w] == top for w in winners)
            assert shedding.to_move == winners[0]


def _deal_moves(deal: list[GameState]) -> list[tuple[int, object]]:
    """The moves made in a deal, but the last (which ends it)."""
    return list(deal[-1].moves)


@given(games())
def test_stakes_never_decrease(states: list[GameState]) -> None:
    for deal in deals_of(states):
        for before, after in itertools.pairwise(deal):
            assert all(a >= b for a, b in zip(after.stakes, before.stakes, strict=True))


@given(games())
def test_shedding_successor_rule_and_payments(states: list[GameState]) -> None:
    for index, state in enumerate(states[:-1]):
        if state.phase is not Phase.SHEDDING:
            continue
        after = states[index + 1]
        moves = legal_moves(state)
        last = state.last_card
        if last is not None:
            assert len(moves) == 1
            assert moves[0] == Play(Card(last.rank + 1, last.suit))
            assert Card(last.rank + 1, last.suit) in state.hand(state.to_move)  # type: ignore[arg-type]
        if len(after.deal_results) > len(state.deal_results):
            # The deal ended: exactly one hand is empty.
            result = after.deal_results[state.deal_number]
            final = [p for p in result.payments if p.reason == "cards"]
            seat = state.to_move
            assert seat is not None
            hands = {s: len(state.hand(s)) for s in state.order}
            assert hands[seat] == 1
            assert sum(1 for s in state.order if hands[s] == 0) == 0
            if state.rules.insolvency == "debt":
                assert sum(p.chips for p in final) == state.rules.card_chips * (
                    sum(hands.values()) - 1
                )
            continue
        played = after.table[-1]
        holders = {c: s for s in after.order for c in after.hand(s)}
        card = played.card
        successor = Card(card.rank + 1, card.suit) if card.rank < 14 else None
        stops = [p for p in after.deal_payments[len(state.deal_payments) :] if p.reason == "stop"]
        if successor is not None and successor in holders:
            assert after.to_move == holders[successor]
            assert after.last_card == card
            assert stops == []
        else:
            assert after.to_move == played.seat
            assert after.last_card is None
            if state.rules.insolvency == "debt":
                n = len(state.order)
                assert sum(p.chips for p in stops) == state.rules.stop_chips * (n - 1)


@given(games(), st.randoms(use_true_random=False))
def test_moves_legal_and_illegal(states: list[GameState], rng: object) -> None:
    import random

    assert isinstance(rng, random.Random)
    candidates: list[Move] = [Pass(), Match(), Close(), *[Open(k) for k in (1, 2, 13)]]
    candidates += [Reopen(k) for k in (1, 5, 13)]
    for state in states[:-1]:
        moves = legal_moves(state)
        assert moves
        assert len(set(moves)) == len(moves)
        assert list(moves) == sorted(moves, key=_canonical)
        others = [*candidates, *(Play(c) for c in rng.sample(CARDS, 6))]
        for move in others:
            reason = explain(state, move)
            if move in moves:
                assert reason is None
                continue
            assert isinstance(reason, str)
            assert reason
            with pytest.raises(IllegalMoveError) as caught:
                apply(state, move)
            assert caught.value.seat == state.to_move
            assert caught.value.reason == reason
        for move in rng.sample(moves, min(3, len(moves))):
            apply(state, move)


def _canonical(move: object) -> tuple[int, int]:
    if isinstance(move, Pass | Close):
        return (0, 0)
    if isinstance(move, Open | Reopen):
        return (1, move.chips)
    if isinstance(move, Match):
        return (1, 0)
    assert isinstance(move, Play)
    return (2, move.card.index)


@given(games())
def test_termination_and_deal_count(states: list[GameState]) -> None:
    final = states[-1]
    rules = final.rules
    assert final.is_over
    played = final.deals_played
    if rules.end == "rounds":
        limit = rules.rounds * rules.players
    elif rules.end == "deals":
        limit = rules.deals  # type: ignore[assignment]
    else:
        limit = rules.max_deals
    assert played <= limit
    if played < limit:
        assert rules.insolvency == "out"
        assert rules.players - len(final.out) < 3
    n_max = rules.players
    for deal in deals_of(states):
        plays = sum(1 for s in deal if s.phase is Phase.SHEDDING)
        assert plays <= 5 * n_max - (len(deal[0].order) - 1)


@given(poch_rules(), st.integers(0, 2**32), st.integers(0, 2**32))
@settings(max_examples=20)
def test_determinism(rules: RuleSet, seed: int, chooser: int) -> None:
    one = play_out(new_game(rules, seed=seed), random_chooser(chooser))
    two = play_out(new_game(rules, seed=seed), random_chooser(chooser))
    assert one == two
    replay = new_game(rules, seed=seed + 1, dealer=one[0].first_dealer, deals=one[-1].orderings)
    for state, after in itertools.pairwise(one):
        assert replay.balances == state.balances
        assert replay.pools == state.pools
        replay = apply(replay, _last_move(state, after))  # type: ignore[arg-type]
    assert replay.balances == one[-1].balances


def _last_move(state: GameState, after: GameState) -> object:
    """The move that led from ``state`` to ``after``."""
    if len(after.deal_results) > len(state.deal_results):
        return after.deal_results[state.deal_number].moves[-1][1]
    return after.moves[-1][1]


_SUIT_PERMUTATIONS = st.permutations(list(Suit))


def _rename(card: Card, mapping: list[Suit]) -> Card:
    return Card(card.rank, mapping[card.suit.value])


@given(poch_rules(), st.integers(0, 2**32), st.integers(0, 2**32), _SUIT_PERMUTATIONS)
@settings(max_examples=20)
def test_suit_renaming_symmetry(
    rules: RuleSet, seed: int, chooser: int, mapping: list[Suit]
) -> None:
    one = play_out(new_game(rules, seed=seed), random_chooser(chooser))
    deals = [[_rename(c, mapping) for c in ordering] for ordering in one[-1].orderings]
    other = new_game(rules, seed=0, dealer=one[0].first_dealer, deals=deals)
    for state, after in itertools.pairwise(one):
        assert other.balances == state.balances
        assert other.pools == state.pools
        assert other.to_move == state.to_move
        move = _last_move(state, after)
        if isinstance(move, Play):
            move = Play(_rename(move.card, mapping))
        other = apply(other, move)  # type: ignore[arg-type]
    assert other.balances == one[-1].balances
    assert other.pools == one[-1].pools


@given(poch_rules(), st.integers(0, 2**32), st.integers(0, 2**32), st.integers(1, 5))
@settings(max_examples=20)
def test_seat_rotation_symmetry(rules: RuleSet, seed: int, chooser: int, shift: int) -> None:
    n = rules.players
    one = play_out(new_game(rules, seed=seed), random_chooser(chooser))
    dealer = (one[0].first_dealer + shift) % n
    other = new_game(rules, seed=0, dealer=dealer, deals=one[-1].orderings)
    for state, after in itertools.pairwise(one):
        assert other.to_move == (state.to_move + shift) % n  # type: ignore[operator]
        other = apply(other, _last_move(state, after))  # type: ignore[arg-type]
    assert tuple(other.balances[(s + shift) % n] for s in range(n)) == one[-1].balances


@given(games())
def test_accounting_per_deal(states: list[GameState]) -> None:
    final = states[-1]
    previous_board = final.chip_total - sum(states[0].starting_balances)
    for result in final.deal_results:
        board_after = final.chip_total - sum(result.balances)
        assert sum(result.changes) == -(board_after - previous_board)
        previous_board = board_after
