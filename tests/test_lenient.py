"""Lenient replay: the revoke penalties decide the end of the game and its
winners, as a real table counts them (the ``one_card_rounds`` tiebreak is
played exactly when the totals with penalties are tied at the top)."""

from __future__ import annotations

import pickle
import random
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pocha_rules import (
    Bid,
    GameState,
    IllegalMoveError,
    InvalidRecordError,
    Phase,
    Play,
    RuleSet,
    apply,
    legal_moves,
    new_game,
    parse_move,
    rollout,
    rollout_rounds,
)
from pocha_rules._pocha.engine import play_unchecked
from pocha_rules._pocha.scoring import winners
from pocha_rules.records import GameRecord, dump, replay, replay_lenient
from tests.helpers import deal
from tests.strategies import rule_sets, seeds
from tests.test_cli import pocha

# One three-card round; trump espadas. Seat 2 revokes in both games below.
DEAL = deal("5c 1o 2o", "7c 11b 12b", "3c 4c 1b", "6c 7o 10o", trump="7e")
RULES = RuleSet(schedule=["3"], revoke_penalty=-5)

# All bid 0. Seat 0 leads 1o and wins; it leads 5c, and seat 2, holding 4c,
# plays 1b: a revoke (it must follow suit). Seats 1 and 2 end on 10 each.
BREAKS_TIE = (
    "bid 0, bid 0, bid 0, bid 0, play 1o, play 7c, play 3c, play 7o, play 5c, play 11b, "
    "play 1b, play 6c, play 10o, play 2o, play 12b, play 4c"
)
# Bids 0, 1, 2, 1. Seat 2 plays 4c where it must beat 7c with 3c, then takes
# two tricks: 20 points to seat 1's 15, but 15 once the revoke is charged.
MAKES_TIE = (
    "bid 0, bid 1, bid 2, bid 1, play 5c, play 7c, play 4c, play 6c, play 11b, play 1b, "
    "play 7o, play 1o, play 3c, play 10o, play 2o, play 12b"
)


def record(moves: str, rules: RuleSet = RULES) -> GameRecord:
    """The table's record of the scheduled round alone."""
    return GameRecord(
        rules=rules,
        seed=1,
        first_dealer=3,
        deals=(DEAL,),
        moves=[parse_move(m) for m in moves.split(", ")],
    )


def at_the_table(moves: str, rules: RuleSet = RULES) -> GameState:
    """The game after ``moves``, a refused card played anyway (a revoke)."""
    state = new_game(rules, seed=1, dealer=3, deals=[DEAL])
    for text in moves.split(", "):
        move = parse_move(text)
        if move in legal_moves(state):
            state = apply(state, move)
        else:
            assert isinstance(move, Play)
            state = play_unchecked(state, move)
    return state


def test_a_penalty_that_breaks_a_tie_ends_the_game() -> None:
    table = record(BREAKS_TIE)
    result = replay_lenient(table)
    assert [(r.index, r.seat, str(r.move)) for r in result.revokes] == [(10, 2, "play 1b")]
    # Without the penalty seats 1 and 2 are tied at the top; with it, seat
    # 1 leads alone, so no tiebreak round is played: the game is over.
    assert result.state.scores == (-5, 10, 10, -10)
    assert result.totals == (-5, 10, 5, -10)
    assert result.state.is_over
    assert len(result.state.round_results) == 1
    assert result.winners == result.state.winners == (1,)
    # A record that goes on to a tiebreak round does not follow the rules.
    tiebreak = deal("1c", "2c", "3c", "4c", trump="5c")
    extra = attrs.evolve(table, deals=(DEAL, tiebreak), moves=(*table.moves, Bid(0)))
    with pytest.raises(InvalidRecordError) as info:
        replay_lenient(extra)
    assert str(info.value) == "invalid record at moves[16]: bid 0: the game is already over"


def test_a_penalty_that_makes_a_tie_means_a_tiebreak_round() -> None:
    state = at_the_table(MAKES_TIE)
    assert state.round_scores == ((10, 15, 20, -5),)
    first = replay_lenient(GameRecord.from_state(state))
    assert first.state == state
    assert first.totals == (10, 15, 15, -5)
    # Seat 2 alone is on top without the penalty; with it seats 1 and 2 are
    # tied, so the table plays a one-card tiebreak round.
    assert not state.is_over
    assert state.round_index == 1
    assert state.cards_per_player == 1
    assert state.phase is Phase.BID
    # Play the tiebreak rounds out: the record of the whole game replays,
    # and the winners are the seats on top of the totals with penalties.
    rng = random.Random(4)
    while not state.is_over:
        state = apply(state, rng.choice(legal_moves(state)))
    whole = GameRecord.from_state(state)
    result = replay_lenient(whole)
    assert result.state == state
    assert len(result.state.round_results) >= 2
    top = max(result.totals)
    assert result.totals.count(top) == 1
    assert result.winners == tuple(s for s, t in enumerate(result.totals) if t == top)
    with pytest.raises(InvalidRecordError, match=r"at moves\[6\]: seat 2 may not play 4c"):
        replay(whole)


def test_the_game_is_incomplete_until_its_tiebreak_is_played() -> None:
    # A table that stopped after the scheduled round, tied with the
    # penalties counted, did not finish the game: its record lacks the deal
    # of the tiebreak round the game reaches.
    with pytest.raises(InvalidRecordError) as info:
        replay_lenient(record(MAKES_TIE))
    assert info.value.where == "deals"
    assert info.value.reason == "the game reaches round 1 but the record has no deal for it"


def test_a_card_played_out_of_its_phase_is_no_revoke() -> None:
    # A card of the hand played while the seats bid is refused, leniently too.
    table = GameRecord(
        rules=RULES, seed=1, first_dealer=3, deals=(DEAL,), moves=[parse_move("play 5c")]
    )
    with pytest.raises(InvalidRecordError) as info:
        replay_lenient(table)
    assert str(info.value) == (
        "invalid record at moves[0]: seat 0 may not play 5c: "
        "it is time for a bid ('bid N'), not play 5c"
    )


def test_the_shared_tiebreak_shares_the_win_on_the_totals_with_penalties() -> None:
    rules = RuleSet(schedule=["3"], revoke_penalty=-5, tiebreak="shared")
    result = replay_lenient(record(MAKES_TIE, rules))
    assert result.state.is_over
    assert result.totals == (10, 15, 15, -5)
    assert result.winners == (1, 2)
    broken = replay_lenient(record(BREAKS_TIE, rules))
    assert broken.winners == (1,)


def test_a_penalised_state_says_so_and_survives_copies() -> None:
    state = replay_lenient(record(BREAKS_TIE)).state
    assert repr(state) == (
        "<GameState over, scores (-5, 10, 10, -10), revoke penalties (0, 0, -5, 0), winners (1,)>"
    )
    assert pickle.loads(pickle.dumps(state)) == state
    assert pickle.loads(pickle.dumps(state)).winners == (1,)
    # The penalties are part of the game: the same moves played strictly
    # (here, with the revoke's card played by a seat allowed it) differ.
    assert hash(pickle.loads(pickle.dumps(state))) == hash(state)


def test_play_unchecked_charges_only_a_card_the_obligations_forbid() -> None:
    moves = [parse_move(m) for m in BREAKS_TIE.split(", ")]
    state = new_game(RULES, seed=1, dealer=3, deals=[DEAL])
    for move in moves[:10]:
        state = apply(state, move)
    legal = legal_moves(state)
    assert Play(parse_move("play 4c").card) in legal  # type: ignore[union-attr]
    same = play_unchecked(state, legal[0])  # type: ignore[arg-type]
    assert same == apply(state, legal[0])
    revoked = play_unchecked(state, moves[10])  # type: ignore[arg-type]
    assert revoked._c.ledger.penalties == (0, 0, -5, 0)


Revoking = tuple[GameState, list[tuple[int, int]], GameState, int]


@st.composite
def revoking_games(draw: st.DrawFn) -> Revoking:
    """A whole game in which seats sometimes revoke (a card the obligations
    forbid, played anyway); ``(round, seat)`` of every revoke; the state
    after the last revoke and the seed of the random moves played from it."""
    rules = draw(rule_sets().filter(lambda r: bool(r.hit_bonus or r.per_trick)))
    # Penalties of the size of the rounds' points make ties, and break them.
    step = draw(st.sampled_from((rules.per_trick, rules.hit_bonus, rules.hit_bonus + 5)))
    rules = attrs.evolve(rules, revoke_penalty=-min(step, 10**6))
    coin = random.Random(draw(seeds()))  # when and how to revoke
    chance = draw(st.sampled_from((0.1, 0.3, 0.6)))
    state = new_game(rules, seed=draw(seeds()), dealer=coin.randrange(rules.players))
    revokes: list[tuple[int, int]] = []
    # The legal moves are a seeded random choice from ``after`` on: the
    # moves rollout(after, rng=random.Random(seed)) plays, revokes aside.
    after, seed = state, coin.randrange(2**32)
    rng = random.Random(seed)
    for _ in range(20_000):
        if state.is_over:
            return state, revokes, after, seed
        legal = legal_moves(state)
        if state.phase is Phase.PLAY and coin.random() < chance:
            seat = state.to_move
            assert seat is not None
            forbidden = [Play(c) for c in state.hands[seat] if Play(c) not in legal]
            if forbidden:
                revokes.append((state.round_index, seat))
                state = play_unchecked(state, coin.choice(forbidden))
                after, seed = state, coin.randrange(2**32)
                rng = random.Random(seed)
                continue
        state = apply(state, rng.choice(legal))
    raise AssertionError("the game did not end")


@given(revoking_games())
def test_lenient_games_end_on_the_totals_with_penalties(game: Revoking) -> None:
    state, revokes, after, seed = game
    rules = state.rules
    results = state.round_results
    penalties_after = []  # by round: the penalties charged up to its end
    charged = [0] * rules.players
    for index in range(len(results)):
        for round_index, seat in revokes:
            if round_index == index:
                charged[seat] += rules.revoke_penalty
        penalties_after.append(list(charged))
    scheduled = len(rules.schedule)
    for index in range(scheduled - 1, len(results)):
        totals = [
            sum(r.scores[s] for r in results[: index + 1]) + penalties_after[index][s]
            for s in range(rules.players)
        ]
        tied = totals.count(max(totals)) > 1 and rules.tiebreak == "one_card_rounds"
        # A round follows the schedule exactly when the penalised top is tied.
        assert tied == (index < len(results) - 1), (index, totals)
    final = [t + p for t, p in zip(state.scores, charged, strict=True)]
    assert state.winners == winners(rules, final)
    # The record of the game replays leniently to the same game, revokes
    # counted, and the fast path plays on from any of its states alike.
    result = replay_lenient(GameRecord.from_state(state))
    assert result.state == state
    assert list(result.totals) == final
    assert len(result.revokes) == len(revokes)
    # The fast path, from the state after the last revoke, plays the same
    # game (tiebreak rounds included, decided with the penalties).
    assert rollout(after, rng=random.Random(seed)) == state.scores
    assert rollout_rounds(after, rng=random.Random(seed)) == state.round_scores


def test_the_command_prints_the_winners_of_the_totals_with_penalties(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    dump(record(BREAKS_TIE), path)
    result = pocha("replay", "--lenient", str(path))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "final, with revoke penalties: -5 10 5 -10; winners: seat 1" in lines
    assert "totals with revoke penalties: -5 10 5 -10" in lines
    strict = pocha("replay", str(path))
    assert strict.returncode == 1
    assert "moves[10]: seat 2 may not play 1b" in strict.stderr


ANY_MOVE = [
    *(f"bid {n}" for n in range(5)),
    *(f"call {n}" for n in range(3)),
    "pass",
    "trump o",
    *(f"play {card}" for hand in DEAL.hands for card in hand),
    "play 2e",
]


@given(st.data())
def test_any_moves_replay_leniently_or_are_refused_cleanly(data: st.DataObject) -> None:
    # Legal moves (revokes included) up to a point, then anything at all.
    state = new_game(RULES, seed=1, dealer=3, deals=[DEAL])
    moves = []
    for _ in range(data.draw(st.integers(0, 16))):
        if state.is_over:
            break
        seat = state.to_move
        assert seat is not None
        options = [*legal_moves(state)]
        if state.phase is Phase.PLAY:
            options += [Play(c) for c in state.hands[seat] if Play(c) not in options]
        move = data.draw(st.sampled_from(options))
        state = apply(state, move) if move in legal_moves(state) else play_unchecked(state, move)  # type: ignore[arg-type]
        moves.append(move)
    # The cards of the seat to move, often: played in any phase, they must
    # not pass for revokes.
    held = [f"play {c}" for hand in state.hands for c in hand] if not state.is_over else []
    tail = st.lists(st.sampled_from(ANY_MOVE) | st.sampled_from(held or ANY_MOVE), max_size=3)
    moves += [parse_move(m) for m in data.draw(tail)]
    deals = (DEAL, *GameRecord.from_state(state).deals[1:])
    table = GameRecord(rules=RULES, seed=1, first_dealer=3, deals=deals, moves=moves)
    try:
        result = replay_lenient(table)
    except InvalidRecordError as error:
        assert str(error) == f"invalid record at {error.where}: {error.reason}"  # noqa: PT017
        return
    assert result.winners == (result.state.winners)


def test_play_unchecked_plays_only_a_card_of_the_hand_when_cards_are_played() -> None:
    bidding = new_game(RULES, seed=1, dealer=3, deals=[DEAL])
    with pytest.raises(IllegalMoveError) as info:
        play_unchecked(bidding, Play(parse_move("play 5c").card))  # type: ignore[union-attr]
    assert (info.value.seat, str(info.value.move)) == (0, "play 5c")
    assert info.value.reason == "it is time for a bid ('bid N'), not play 5c"
    playing = at_the_table("bid 0, bid 0, bid 0, bid 0")
    with pytest.raises(IllegalMoveError) as info:
        play_unchecked(playing, Play(parse_move("play 7c").card))  # type: ignore[union-attr]
    assert (info.value.seat, str(info.value.move)) == (0, "play 7c")
    assert info.value.reason == "7c is not in the hand (1o, 2o, 5c)"
    assert playing == at_the_table("bid 0, bid 0, bid 0, bid 0")
    with pytest.raises(IllegalMoveError) as info:
        play_unchecked(playing, Bid(0))  # type: ignore[arg-type]
    assert info.value.reason == "it is time for a card to play ('play CARD'), not bid 0"


def test_each_revoke_is_charged() -> None:
    # Seat 1 keeps a copas and plays an oros to each of the first two tricks,
    # both led in copas: two revokes, two penalties.
    rules = RuleSet(schedule=["3"], revoke_penalty=-5, tiebreak="shared")
    table = deal("1c 3c 12c", "4c 1o 5o", "1b 2b 3b", "2o 3o 4o", trump="7e")
    state = new_game(rules, seed=1, dealer=3, deals=[table])
    moves = "bid 0, bid 0, bid 0, bid 0, play 1c, play 1o, play 1b, play 2o, play 3c, play 5o"
    for text in [*moves.split(", "), "play 2b", "play 3o", "play 12c", "play 4c", "play 3b"]:
        move = parse_move(text)
        state = apply(state, move) if move in legal_moves(state) else play_unchecked(state, move)  # type: ignore[arg-type]
    state = apply(state, parse_move("play 4o"))
    assert state.is_over
    assert state._c.ledger.penalties == (0, -10, 0, 0)
    result = replay_lenient(GameRecord.from_state(state))
    assert [r.index for r in result.revokes] == [5, 9]
    assert result.totals == tuple(t + p for t, p in zip(state.scores, (0, -10, 0, 0), strict=True))
