"""The position notation: written and read both ways over random states of
every round kind, the position read plays on as the one written, and a text
that is not a position is refused saying where."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pocha_rules import (
    Deal,
    GameState,
    PlayerView,
    PochaError,
    RoundKind,
    RuleSet,
    apply,
    legal_moves,
    new_game,
    observe,
    parse_move,
    sample_state,
)
from pocha_rules.notation import (
    FIELDS,
    PositionError,
    read,
    read_state,
    read_view,
    verdicts,
    write,
)
from pocha_rules.records import GameRecord

from .strategies import positions, rule_sets

KINDS = list(RoundKind)


def _same_position(read_back: GameState, state: GameState) -> None:
    assert legal_moves(read_back) == legal_moves(state)
    for attribute in (
        "rules", "phase", "to_move", "round_index", "round", "dealer", "eldest", "hands",
        "stock", "trump", "trump_card", "trump_card_shown_by_dealer", "calls",
        "auction_winner", "bid_order", "bids", "trick", "played", "leader", "tricks_won",
        "scores", "round_moves", "seed", "deal",
    ):  # fmt: skip
        assert getattr(read_back, attribute) == getattr(state, attribute), attribute


@pytest.mark.parametrize("kind", KINDS)
@given(data=st.data())
def test_a_state_reads_back_as_written(kind: RoundKind, data: st.DataObject) -> None:
    state = data.draw(positions(kind))
    text = write(state)
    read_back = read_state(text)
    assert write(read_back) == text
    assert read(text) == read_back
    _same_position(read_back, state)


@pytest.mark.parametrize("kind", KINDS)
@given(data=st.data())
def test_a_view_reads_back_as_written(kind: RoundKind, data: st.DataObject) -> None:
    state = data.draw(positions(kind))
    seat = data.draw(st.integers(0, state.rules.players - 1))
    view = observe(state, seat)
    text = write(view)
    read_back = read_view(text)
    assert write(read_back) == text
    assert read_back.legal_moves() == view.legal_moves()
    # The view read is the view of the state read: nothing more, nothing less.
    assert read_back == observe(read_state(write(state)), seat)
    for attribute in ("visible_hands", "hand_sizes", "played", "trick", "bids", "calls"):
        assert getattr(read_back, attribute) == getattr(view, attribute), attribute


@pytest.mark.parametrize("kind", KINDS)
@given(data=st.data())
def test_the_state_read_plays_on_as_the_one_written(kind: RoundKind, data: st.DataObject) -> None:
    state = data.draw(positions(kind))
    read_back = read_state(write(state))
    rng = random.Random(data.draw(st.integers(0, 1000)))
    while not state.is_over:
        move = rng.choice(legal_moves(state))
        state, read_back = apply(state, move), apply(read_back, move)
        assert legal_moves(read_back) == legal_moves(state)
        if not state.is_over:
            assert write(read_back) == write(state)
    # The rounds after the position are dealt from the seed it writes.
    assert read_back.scores == state.scores
    assert read_back.winners == state.winners


@given(rules=rule_sets(presets=True))
def test_every_rule_set_is_written_by_reference_and_read_back(rules: RuleSet) -> None:
    state = new_game(rules, seed=1)
    text = write(state)
    assert read_state(text).rules == rules
    field = text.split()[0]
    assert field.split(",")[0] in ("classic", "up_down", "up_down_auction", "full")


def test_rules_are_written_by_preset_name_and_the_options_that_differ() -> None:
    assert write(new_game(RuleSet(), seed=1)).split()[0] == "classic"
    rules = RuleSet(players=5, schedule="up_down", must_ruff=False, miss_penalty="none")
    field = write(new_game(rules, seed=1)).split()[0]
    assert field == "up_down,players=5,must_ruff=false,miss_penalty=none"
    custom = RuleSet(
        players=3, schedule=[1, "2a", "1b"], rank_order=(3, 1, 12, 11, 10, 7, 6, 5, 4)
    )
    field = write(new_game(custom, seed=1)).split()[0]
    assert field == "classic,players=3,rank_order=3.1.12.11.10.7.6.5.4,schedule=1.2a.1b"
    assert read_state(write(new_game(custom, seed=1))).rules == custom


# A four-player position of the classic rules in its 5th round (2 cards),
# dealer 0: seat 1 led 1o and seat 2 followed; seat 3 is to play.
DEAL = Deal(hands=[["3o", "7b"], ["1o", "4c"], ["12o", "2e"], ["5o", "6c"]], trump_card="7c")


def _example() -> GameState:
    rules = RuleSet(schedule=[1, 1, 1, 1, 2])
    state = new_game(rules, seed=3, dealer=0)
    while state.round_index < 4:
        state = apply(state, legal_moves(state)[0])
    from pocha_rules._pocha.game import start_at

    start = start_at(rules, seed=3, dealer=0, round_index=4, deals=[DEAL], scores=state.scores)
    for text in ("bid 1", "bid 0", "bid 0", "bid 0"):
        start = apply(start, parse_move(text))
    start = apply(start, parse_move("play 1o"))
    return apply(start, parse_move("play 12o"))


EXAMPLE = "classic,schedule=1.1.1.1.2 5:2 0 7c 3o7b/4c/2e/5o6c - 0/1/0/0 1:1o12o 0/0/0/0 3 {} 3"


def test_a_written_example() -> None:
    state = _example()
    text = write(state)
    assert text == EXAMPLE.format("/".join(map(str, state.scores)))
    assert legal_moves(read_state(text)) == legal_moves(state)
    # Seat 3 must follow oros and may not overtake the as: both oros cards... only 5o.
    assert [str(m) for m in legal_moves(state)] == ["play 5o"]
    view = write(observe(state, 3))
    assert view.split()[4] == "?/?/?/5o6c"
    assert view.split()[-1] == "@3"


def _error(text: str) -> PositionError:
    with pytest.raises(PositionError) as caught:
        read(text)
    return caught.value


def _fix(text: str, field: str, value: str) -> str:
    parts = text.split()
    parts[FIELDS.index(field)] = value
    return " ".join(parts)


def _at(text: str, field: str) -> int:
    before = text.split()[: FIELDS.index(field)]
    return len(" ".join(before)) + 1 if before else 0


BASE = "classic 1:1 3 2b 4c/10o/4e/1c - -/-/-/- - 0/0/0/0 0 0/0/0/0 7"


def test_the_base_example_reads() -> None:
    assert write(new_game(RuleSet(), seed=7, dealer=3)) == BASE
    assert read_state(BASE) == read_state(BASE)


@pytest.mark.parametrize(
    ("field", "value", "offset", "reason"),
    [
        ("rules", "clasic", 0, "unknown preset 'clasic'"),
        ("rules", "classic,players=9", 8, "players: Pocha is played by 3 to 8 players, got 9"),
        ("rules", "classic,colour=red", 8, "no option is named 'colour'"),
        ("rules", "classic,must_ruff=maybe", 18, "must_ruff: expected true or false"),
        ("round", "1:2", 2, "round 1 of these rules deals 1, not '2'"),
        ("round", "x:1", 0, "expected a whole number, got 'x'"),
        ("dealer", "4", 0, "expected a number from 0 to 3, got 4"),
        ("trump", "13b", 0, "no card has rank 13"),
        ("trump", "x", 0, "expected a suit"),
        ("hands", "4c/10o/4e", 0, "3 entries for 4 seats"),
        ("hands", "4c/10o/4e/1x", 10, "unknown suit letter 'x'"),
        ("hands", "4c/10o/4e/8c", 10, "there is no 8 in a 40-card deck"),
        ("hands", "4c/10o/4e/?", 10, "a whole state shows every hand"),
        ("hands", "4c/4c/4e/1c", 3, "4c is written twice (also at character 18)"),
        ("auction", "1,p", 0, "it is time for a bid"),
        ("bids", "2/-/-/-", 0, "bids run from 0 to 1"),
        ("bids", "-/1/-/-", 2, "the position reached reads '-/-/-/-' here"),
        ("tricks", "0:4c", 2, "4c is written twice (also at character 18)"),
        ("won", "1/0/0/0", 0, "the position reached reads '0/0/0/0' here"),
        ("turn", "2", 0, "the position reached reads '0' here"),
        ("scores", "0/0/0", 0, "3 entries for 4 seats"),
        ("scores", "0/0/0/x", 6, "expected a whole number, got 'x'"),
        ("last", "@9", 1, "expected a number from 0 to 3, got 9"),
    ],
)
def test_a_fault_is_named_where_it_is(field: str, value: str, offset: int, reason: str) -> None:
    text = _fix(BASE, field, value)
    error = _error(text)
    assert error.field == field
    assert error.index == _at(text, field) + offset
    assert reason in error.reason
    assert f"at character {error.index + 1} ({field})" in str(error)
    assert error.text == text
    assert isinstance(error, ValueError)


def test_a_position_error_pickles_whole() -> None:
    error = _error(_fix(BASE, "bids", "2/-/-/-"))
    again = pickle.loads(pickle.dumps(error))
    assert (again.text, again.index, again.field, again.reason) == (
        error.text,
        error.index,
        error.field,
        error.reason,
    )
    assert str(again) == str(error)


def test_the_number_of_fields_is_checked() -> None:
    error = _error(BASE + " 9")
    assert error.index == len(BASE) + 1
    assert "a position has 12 fields" in error.reason
    assert _error("").index == 0
    assert "this text has 11" in _error(BASE.rsplit(" ", 1)[0]).reason


def test_the_cards_must_add_up() -> None:
    error = _error(_fix(BASE, "hands", "4c/10o/4e/2b"))
    assert (error.field, error.index) == ("trump", _at(BASE, "trump"))
    assert error.reason == "the turned-up card 2b is in the stock, not in a hand nor a trick"
    error = _error(_fix(BASE, "tricks", "0:5c"))
    assert (error.field, error.index) == ("hands", _at(BASE, "hands"))
    assert error.reason == (
        "seat 0 holds 1 card and played 1 (as the tricks' leaders place the cards): "
        "this round deals 1 card each"
    )


def test_cards_before_the_bids_are_refused() -> None:
    text = _fix(_fix(BASE, "hands", "-/10o/4e/1c"), "tricks", "0:4c")
    error = _error(text)
    assert (error.field, error.reason) == ("tricks", "no cards yet: it is time for bid")


def test_a_wrong_leader_and_a_card_that_may_not_be_played() -> None:
    state = _example()
    for move in ("play 5o", "play 3o"):
        state = apply(state, parse_move(move))
    text = write(state)
    assert "1:1o12o5o3o" in text
    error = _error(text.replace("1:1o12o5o3o", "2:1o12o5o3o"))
    assert (error.field, error.reason) == ("tricks", "seat 1 leads this trick, not seat 2")
    # Seat 3 holds 5o: playing 6c instead is a revoke, refused at that card.
    text = write(_example())
    revoke = text.replace("1:1o12o", "1:1o12o6c").replace("5o6c", "5o")
    error = _error(revoke)
    assert error.field == "tricks"
    assert revoke[error.index : error.index + 2] == "6c"
    assert "must follow suit" in error.reason


def test_a_tiebreak_round_needs_a_tie() -> None:
    rules_text = "classic,schedule=1"
    text = f"{rules_text} 2:1 0 2b 4c/10o/4e/1c - -/-/-/- - 0/0/0/0 1 10/0/0/0 7"
    error = _error(text)
    assert error.field == "round"
    assert "tiebreak round, but the top score 10 is not tied" in error.reason
    tied = text.replace("10/0/0/0", "10/10/0/0")
    assert read_state(tied).round_index == 1
    shared = tied.replace(rules_text, rules_text + ",tiebreak=shared")
    assert "no tiebreak rounds" in _error(shared).reason


def test_read_state_and_read_view_refuse_each_other() -> None:
    view_text = write(observe(read_state(BASE), 1))
    assert isinstance(read(view_text), PlayerView)
    with pytest.raises(PositionError, match="a seat's view"):
        read_state(view_text)
    with pytest.raises(PositionError, match="a whole state"):
        read_view(BASE)


def test_bad_types_and_over_games() -> None:
    with pytest.raises(TypeError, match="a position must be a str"):
        read(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a GameState or a PlayerView"):
        write("classic")  # type: ignore[arg-type]
    state = new_game(RuleSet(schedule=[1]), seed=1)
    while not state.is_over:
        state = apply(state, legal_moves(state)[0])
    with pytest.raises(PochaError, match="the game is over"):
        write(state)
    assert "at most 8000 characters" in _error("x" * 9000).reason


def test_the_longest_schedule_and_every_option_write_and_read_back() -> None:
    rules = RuleSet(
        players=3,
        deck=48,
        remove_twos=True,
        schedule=["10a"] * 1000,
        must_overtake=False,
        hit_bonus=1_000_000,
        revoke_penalty=-1_000_000,
        tiebreak="shared",
    )
    text = write(new_game(rules, seed=2**255))
    assert read_state(text).rules == rules
    assert read_state(text).seed == 2**255
    assert read_state(text.upper()).rules == rules  # case does not matter


def test_a_view_whose_hidden_cards_cannot_be_placed_is_refused() -> None:
    # Seat 0's view of a 4-card round where nobody has played: fine.
    rules = RuleSet(schedule=[9])
    state = new_game(rules, seed=5, dealer=0)
    text = write(observe(state, 0))
    assert read_view(text) == observe(state, 0)
    # Seat 0 shows a hand of the wrong size.
    parts = text.split()
    parts[4] = parts[4].split("/")[0][:-2] + "/?/?/?"
    error = _error(" ".join(parts))
    assert error.field == "hands"


def test_a_state_read_pickles_samples_and_refuses_a_record() -> None:
    state = read_state(write(_example()))
    assert pickle.loads(pickle.dumps(state)) == state
    view = observe(state, 2)
    sample = sample_state(view, random.Random(1))
    assert observe(sample, 2) == view
    with pytest.raises(PochaError, match=r"began at a written position \(round 5\)"):
        GameRecord.from_state(state)


ALPHABET = "0123456789ocebpx?-/,:@= ."


@given(text=st.text(max_size=80))
def test_any_text_is_read_or_refused_with_a_position_error(text: str) -> None:
    _read_or_refuse(text)


@pytest.mark.parametrize("kind", KINDS)
@given(data=st.data())
def test_a_damaged_position_is_read_or_refused_with_a_position_error(
    kind: RoundKind, data: st.DataObject
) -> None:
    state = data.draw(positions(kind, max_moves=30))
    seat = data.draw(st.integers(-1, state.rules.players - 1))
    text = write(state if seat < 0 else observe(state, seat))
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        change = data.draw(st.sampled_from(("insert", "delete", "replace")))
        char = data.draw(st.sampled_from(ALPHABET))
        if change == "insert":
            text = text[:at] + char + text[at:]
        elif change == "delete":
            text = text[:at] + text[at + 1 :]
        else:
            text = text[:at] + char + text[at + 1 :]
    _read_or_refuse(text)


def _read_or_refuse(text: str) -> None:
    """``text`` reads as a position that writes and reads back the same, or
    is refused with a PositionError pointing into it."""
    try:
        found = read(text)
    except PositionError as error:
        refused: PositionError | None = error
    else:
        refused = None
        again = write(found)
        assert write(read(again)) == again
    if refused is not None:
        assert 0 <= refused.index <= len(text)
        assert refused.text == text


@pytest.mark.parametrize("kind", KINDS)
@given(data=st.data())
def test_the_verdicts_allow_exactly_the_legal_moves(kind: RoundKind, data: st.DataObject) -> None:
    state = data.draw(positions(kind))
    allowed = tuple(move for move, why in verdicts(state) if why is None)
    assert allowed == legal_moves(state)
    assert all(why for move, why in verdicts(state) if move not in allowed)
    seat = state.to_move
    assert seat is not None
    view = read_view(write(observe(state, seat)))
    assert verdicts(view) == verdicts(state)
    other = (seat + 1) % state.rules.players
    assert verdicts(observe(state, other)) == ()


def test_verdicts_want_a_position() -> None:
    with pytest.raises(TypeError, match="expected a GameState or a PlayerView"):
        verdicts("classic")  # type: ignore[arg-type]
