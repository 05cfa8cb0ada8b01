"""The properties the rules guarantee, across random rules, players, decks and seeds.

The games are driven by hypothesis (each move an index drawn into the legal
moves), so a failure shrinks to a short game. The checks recompute the rules
independently of the engine: which cards may be played, who wins a trick,
what a round scores.
"""

from __future__ import annotations

import pickle
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st

from pocha_rules import (
    Bid,
    Call,
    Card,
    ChooseTrump,
    GameState,
    IllegalMoveError,
    Move,
    Pass,
    Phase,
    Play,
    PlayedCard,
    RoundKind,
    RoundResult,
    RuleSet,
    Suit,
    apply,
    explain,
    is_legal,
    legal_moves,
    new_game,
)
from pocha_rules._pocha.cards import CARDS
from tests.strategies import game_states, play_out, random_game, rule_sets, seeds

EVERY_MOVE: tuple[Move, ...] = (
    *(Play(card) for card in CARDS),
    *(Bid(n) for n in range(14)),
    *(Call(n) for n in range(14)),
    Pass(),
    *(ChooseTrump(suit) for suit in Suit),
)


# --- an independent statement of the rules ------------------------------


def strength(rules: RuleSet, card: Card) -> int:
    return len(rules.rank_order) - rules.rank_order.index(card.rank)


def best_card(rules: RuleSet, trump: Suit, trick: Sequence[PlayedCard]) -> PlayedCard:
    led = trick[0].card.suit
    return max(
        trick,
        key=lambda p: (p.card.suit is trump, p.card.suit is led, strength(rules, p.card)),
    )


def expected_plays(
    rules: RuleSet, hand: Sequence[Card], trick: Sequence[PlayedCard], trump: Suit
) -> set[Card]:
    """The obligations of play, written out plainly."""
    if not trick:
        return set(hand)
    led = trick[0].card.suit
    best = best_card(rules, trump, trick).card
    follow = {c for c in hand if c.suit is led}
    if follow:
        if rules.must_overtake and best.suit is led:
            beating = {c for c in follow if strength(rules, c) > strength(rules, best)}
            if beating:
                return beating
        return follow
    trumps = {c for c in hand if c.suit is trump}
    if trumps:
        if best.suit is not trump:
            if rules.must_ruff:
                return trumps
        elif rules.must_overruff:
            beating = {c for c in trumps if strength(rules, c) > strength(rules, best)}
            if beating:
                return beating
    return set(hand)


def expected_score(rules: RuleSet, cards: int, trump: Suit, bid: int, won: int) -> int:
    """The scoring of a round, written out plainly."""
    factor = 1
    if rules.double_when_oros and trump is Suit.OROS:
        factor *= 2
    if won != bid:
        if rules.miss_penalty == "per_trick_off":
            return -rules.per_trick * abs(won - bid) * factor
        if rules.miss_penalty == "none":  # tricks won still count
            return rules.per_trick * won * factor
        return -rules.per_trick * bid * factor
    if rules.pocha_bonus and cards >= rules.pocha_min_cards and bid == cards:
        factor *= 2
    return (rules.hit_bonus + rules.per_trick * bid) * factor


def hook_applies(rules: RuleSet, cards: int) -> bool:
    return cards > 1 or rules.hook_in_one_card_rounds


def expected_moves(state: GameState) -> set[Move]:
    rules = state.rules
    cards = state.cards_per_player
    seat = state.to_move
    assert seat is not None
    if state.phase is Phase.PLAY:
        assert state.trump is not None
        hand = state.hands[seat]
        return {Play(c) for c in expected_plays(rules, hand, state.trick, state.trump)}
    if state.phase is Phase.BID:
        allowed = set(range(cards + 1))
        if seat == state.bid_order[-1] and hook_applies(rules, cards):
            others = sum(b for b in state.bids if b is not None)
            allowed.discard(cards - others)
        return {Bid(n) for n in allowed}
    if state.phase is Phase.AUCTION:
        called = [c.tricks for _, c in state.calls if isinstance(c, Call)]
        if not called:
            return {Call(n) for n in range(cards + 1)}
        moves: set[Move] = {Call(n) for n in range(max(called) + 1, cards + 1)}
        return moves | {Pass()}
    assert state.phase is Phase.CHOOSE_TRUMP
    return {ChooseTrump(s) for s in Suit}


# --- the checks -----------------------------------------------------------


def check_cards(state: GameState) -> None:
    """Every card of the deck is in exactly one place."""
    rules = state.rules
    deck = {c for c in CARDS if c.rank in rules.ranks}
    held = [c for hand in state.hands for c in hand]
    played = [p.card for p in state.played]
    stock = list(state.stock)
    places = held + played + stock
    assert len(places) == len(set(places)) == rules.deck_size
    assert set(places) == deck
    assert state.trick == state.played[len(state.played) - len(state.trick) :]
    card = state.trump_card
    if card is None:
        assert state.round_kind is RoundKind.AUCTION or state.stock == ()
    elif state.trump_card_shown_by_dealer:
        assert state.stock == ()
        dealer = state.dealer
        assert card in state.hands[dealer] or PlayedCard(dealer, card) in state.played
        assert state.trump is card.suit
    else:
        assert card in state.stock
        assert state.trump is card.suit
    # played cards were in the hand of the seat that played them
    dealt = state.deal.hands
    for p in state.played:
        assert p.card in dealt[p.seat]


def check_moves(state: GameState, *, every_move: bool) -> None:
    """Legal moves are exactly the rules'; the rest are refused, state intact."""
    legal = legal_moves(state)
    assert len(legal) >= 1
    assert len(set(legal)) == len(legal)
    assert set(legal) == expected_moves(state)
    if state.phase is Phase.BID:
        # the hook leaves one fewer choice at most, never none
        assert len(legal) >= state.cards_per_player
    for move in legal:
        assert is_legal(state, move)
        assert explain(state, move) is None
        after = apply(state, move)
        assert after.history == state.history + (move,)
    if not every_move:
        return
    before = pickle.loads(pickle.dumps(state))
    for move in EVERY_MOVE:
        if move in legal:
            continue
        assert not is_legal(state, move)
        reason = explain(state, move)
        assert reason
        with pytest.raises(IllegalMoveError) as info:
            apply(state, move)
        assert info.value.reason == reason
        assert info.value.move == move
        assert info.value.seat == state.to_move
    assert state == before
    assert legal_moves(state) == legal


def check_round(rules: RuleSet, result: RoundResult) -> None:
    assert sum(result.won) == result.cards
    if hook_applies(rules, result.cards):
        assert sum(result.bids) != result.cards
        assert any(b != w for b, w in zip(result.bids, result.won, strict=True))
    assert result.scores == tuple(
        expected_score(rules, result.cards, result.trump, b, w)
        for b, w in zip(result.bids, result.won, strict=True)
    )
    # the parity that does hold (the hook's "corollaries", corrected)
    missed = sum(abs(w - b) for b, w in zip(result.bids, result.won, strict=True))
    assert missed % 2 == abs(sum(result.bids) - result.cards) % 2


def check_trick_winner(before: GameState, after: GameState) -> None:
    """When a trick is completed, the winner is the highest trump played, or
    else the highest card of the led suit."""
    if before.phase is not Phase.PLAY or len(before.trick) != before.rules.players - 1:
        return
    assert before.trump is not None
    card = after.history[-1]
    assert isinstance(card, Play)
    trick = (*before.trick, PlayedCard(before.to_move, card.card))  # type: ignore[arg-type]
    winner = best_card(before.rules, before.trump, trick).seat
    if after.round_index == before.round_index and not after.is_over:
        assert after.leader == after.to_move == winner
        gained = [a - b for a, b in zip(after.tricks_won, before.tricks_won, strict=True)]
    else:
        result = after.round_results[before.round_index]
        gained = [a - b for a, b in zip(result.won, before.tricks_won, strict=True)]
    assert gained == [int(seat == winner) for seat in range(before.rules.players)]


def check_game(state: GameState) -> None:
    rules = state.rules
    for result in state.round_results:
        check_round(rules, result)
    totals = [sum(r.scores[s] for r in state.round_results) for s in range(rules.players)]
    assert list(state.scores) == totals


def drive(
    data: st.DataObject, state: GameState, *, every_move: bool, limit: int = 400
) -> GameState:
    for _ in range(limit):
        check_cards_if_live(state)
        if state.is_over:
            break
        check_moves(state, every_move=every_move)
        options = legal_moves(state)
        after = apply(state, options[data.draw(st.integers(0, len(options) - 1))])
        check_trick_winner(state, after)
        state = after
    check_game(state)
    return state


def check_cards_if_live(state: GameState) -> None:
    if not state.is_over:
        check_cards(state)


# --- the properties -------------------------------------------------------


@settings(
    max_examples=25, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
@given(rule_sets(), seeds(), st.data())
def test_every_rule_holds_in_small_games(rules: RuleSet, seed: int, data: st.DataObject) -> None:
    dealer = data.draw(st.integers(0, rules.players - 1))
    drive(data, new_game(rules, seed=seed, dealer=dealer), every_move=True)


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(rule_sets(), seeds(), st.data())
def test_small_random_games_finish_by_the_rules(
    rules: RuleSet, seed: int, data: st.DataObject
) -> None:
    state = drive(data, new_game(rules, seed=seed), every_move=False, limit=2000)
    assert state.is_over


@settings(max_examples=20, suppress_health_check=[HealthCheck.too_slow])
@given(rule_sets(presets=True), seeds())
def test_full_length_games_finish_by_the_rules(rules: RuleSet, seed: int) -> None:
    def check(state: GameState) -> None:
        check_cards_if_live(state)

    state = play_out(new_game(rules, seed=seed), seed, on_state=check)
    assert state.is_over
    assert len(state.round_results) >= len(rules.schedule)
    check_game(state)


@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("deck", [40, 48])
def test_full_preset_games_follow_the_rules_at_every_state(players: int, deck: int) -> None:
    """Whole games of the longest preset (auctions and blind rounds included)."""
    rules = RuleSet.preset("full", players=players, deck=deck)
    previous: list[GameState] = []

    def check(state: GameState) -> None:
        if previous:
            check_trick_winner(previous[0], state)
        previous[:] = [state]
        if not state.is_over:
            check_cards(state)
            check_moves(state, every_move=False)

    state = play_out(new_game(rules, seed=players * deck), players, on_state=check)
    check_game(state)
    assert len(state.round_results) >= len(rules.schedule)


@given(game_states(rule_sets(), max_moves=80))
def test_same_rules_seed_and_moves_give_the_same_game(state: GameState) -> None:
    again = new_game(state.rules, seed=state.seed, dealer=state.first_dealer)
    for move in state.history:
        again = apply(again, move)
    assert again == state
    assert hash(again) == hash(state)
    assert again.deals == state.deals
    assert again.scores == state.scores


@given(game_states(rule_sets(), max_moves=80))
def test_reachable_states_are_consistent(state: GameState) -> None:
    if state.is_over:
        assert legal_moves(state) == ()
        assert state.to_move is None
        check_game(state)
        return
    check_cards(state)
    check_moves(state, every_move=True)
    check_game(state)


@given(rule_sets(), seeds())
def test_explicit_deals_reproduce_seeded_games(rules: RuleSet, seed: int) -> None:
    state = random_game(rules, seed)
    replay = new_game(rules, seed=seed + 1, dealer=state.first_dealer, deals=state.deals)
    for move in state.history:
        replay = apply(replay, move)
    assert replay.is_over
    assert replay.round_results == state.round_results
    assert replay.deals == state.deals


# --- the "corollaries" of the hook (see the rules page, a note on parity) --


def odd_players_corollary_fails(result: RoundResult) -> bool:
    off = abs(sum(result.bids) - result.cards)
    missing = sum(b != w for b, w in zip(result.bids, result.won, strict=True))
    return off == 1 and missing % 2 == 0


def test_corollary_about_players_missing_is_false() -> None:
    """The claim 'one trick of over/underbid means an odd number of players
    miss' has a counterexample; the parity holds for the tricks missed instead.
    """
    rules = RuleSet(players=4, schedule=[5, 5, 5, 5])
    seed = find(
        seeds(),
        lambda s: any(odd_players_corollary_fails(r) for r in random_game(rules, s).round_results),
        settings=settings(max_examples=2000, database=None),
    )
    game = random_game(rules, seed)
    result = next(r for r in game.round_results if odd_players_corollary_fails(r))
    assert abs(sum(result.bids) - result.cards) == 1
    missing = [s for s in range(4) if result.bids[s] != result.won[s]]
    assert len(missing) % 2 == 0
    assert len(missing) >= 2
    missed = sum(abs(w - b) for b, w in zip(result.bids, result.won, strict=True))
    assert missed % 2 == 1


@given(rule_sets(players=4), seeds())
def test_someone_always_misses_under_the_hook(rules: RuleSet, seed: int) -> None:
    for result in random_game(rules, seed).round_results:
        if hook_applies(rules, result.cards):
            assert sum(result.bids) != result.cards
            assert any(b != w for b, w in zip(result.bids, result.won, strict=True))
