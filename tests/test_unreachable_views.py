"""A view read from JSON is one some game reaches: PlayerView.from_dict
refuses, with where and why, a view no game of its rules gives (counts that
do not add up, a card twice, a leader or a trick count moved), and every
view it takes samples to a state that shows the seat the same view."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pocha_rules import (
    GameState,
    InvalidDataError,
    PlayerView,
    PochaError,
    RuleSet,
    apply,
    legal_moves,
    new_game,
    observe,
    sample_state,
)


def _played(moves: int, seed: int = 1, rules: RuleSet | None = None) -> GameState:
    state = new_game(rules or RuleSet(players=4), seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = apply(state, rng.choice(legal_moves(state)))
    return state


def _where(data: dict[str, Any]) -> str:
    with pytest.raises(InvalidDataError) as caught:
        PlayerView.from_dict(data)
    return caught.value.where


def _in_play(seat: int = 0) -> dict[str, Any]:
    """A seat's whole view in the middle of a round's play, tricks done."""
    state = _played(40)
    while len(state.played) - len(state.trick) < state.rules.players or not state.trick:
        state = apply(state, legal_moves(state)[0])
    return observe(state, seat).to_dict(history=True)


def test_views_that_no_game_gives_are_refused_where_they_go_wrong() -> None:
    view = _in_play()
    assert PlayerView.from_dict(copy.deepcopy(view)) == PlayerView.from_dict(view)
    five = copy.deepcopy(view)
    five["bid_order"] = [*view["bid_order"], view["bid_order"][0]]
    assert _where(five) == "bid_order"
    won = copy.deepcopy(view)
    won["tricks_won"][3] += 1
    assert _where(won) == "tricks_won"
    led = copy.deepcopy(view)
    led["leader"] = (view["leader"] + 1) % 4
    assert _where(led) == "leader"
    short = copy.deepcopy(view)
    short["hand_sizes"][1] -= 1
    assert "seat 1 holds" in _message(short)
    twice = copy.deepcopy(view)
    hands = twice["past_deals"][-1]["hands"]
    hands[1][0] = hands[0][0]
    assert f"{hands[0][0]} is dealt twice" in _message(twice)
    missing = copy.deepcopy(view)
    missing["past_deals"][-1]["hands"][0].pop()
    assert "seat 0 holds" in _message(missing)


def _message(data: dict[str, Any]) -> str:
    with pytest.raises(InvalidDataError, match="no game state fits this view") as caught:
        PlayerView.from_dict(data)
    return str(caught.value)


def test_the_refusal_says_which_member_and_why_in_both_languages() -> None:
    from pocha_rules.messages import message

    view = _in_play()
    view["tricks_won"][2] += 1
    with pytest.raises(InvalidDataError) as caught:
        PlayerView.from_dict(view)
    error = caught.value
    assert error.code == "view_value_unreachable"
    assert str(error) == (
        "invalid view at tricks_won: no game of these rules gives this value with the rest "
        "of the view"
    )
    assert "ninguna partida" in message(error, "es")


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in ``data`` a mutation may touch: lists and scalars."""
    out: list[tuple[Any, ...]] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key not in ("schema", "version", "rules_version", "rules"):
                out += _leaves(value, (*path, key))
    elif isinstance(data, list):
        out.append(path)
        for index, value in enumerate(data):
            out += _leaves(value, (*path, index))
    else:
        out.append(path)
    return out


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def _set(data: Any, path: tuple[Any, ...], value: Any) -> None:
    _get(data, path[:-1])[path[-1]] = value


def _mutate(view: dict[str, Any], draw: Any) -> dict[str, Any]:
    out = copy.deepcopy(view)
    path = draw(st.sampled_from(_leaves(out)))
    target = _get(out, path)
    if isinstance(target, list):
        kind = draw(st.sampled_from(["drop", "double", "swap"]))
        if not target:
            return out
        i = draw(st.integers(0, len(target) - 1))
        j = draw(st.integers(0, len(target) - 1))
        if kind == "drop":
            del target[i]
        elif kind == "double":
            target.insert(i, copy.deepcopy(target[j]))
        else:
            target[i], target[j] = target[j], target[i]
    elif isinstance(target, bool):
        _set(out, path, not target)
    elif isinstance(target, int):
        _set(out, path, target + draw(st.sampled_from([-2, -1, 1, 2])))
    elif isinstance(target, str):
        others = sorted({str(v) for p in _leaves(out) if isinstance(v := _get(out, p), str)})
        _set(out, path, draw(st.sampled_from(others)))
    else:  # None
        _set(out, path, draw(st.sampled_from([0, 1, "1o"])))
    return out


@settings(max_examples=60)
@given(
    moves=st.integers(0, 120),
    seed=st.integers(0, 2**16),
    seat=st.integers(0, 3),
    mutations=st.integers(1, 2),
    data=st.data(),
)
def test_a_mutated_view_is_refused_or_still_reachable(
    moves: int, seed: int, seat: int, mutations: int, data: st.DataObject
) -> None:
    view = observe(_played(moves, seed), seat).to_dict(history=True)
    mutated = view
    for _ in range(mutations):
        mutated = _mutate(mutated, data.draw)
    try:
        read = PlayerView.from_dict(mutated)
    except (InvalidDataError, PochaError):
        return
    sample = sample_state(read, random.Random(seed))
    assert observe(sample, read.seat) == read
    if mutated == view:
        assert read == observe(_played(moves, seed), seat)


def test_reading_a_view_seats_its_moves_as_playing_its_rounds_again_does() -> None:
    from pocha_rules._pocha import seats

    for seed, seat in ((2, 0), (3, 1), (4, 3)):
        state = _played(150 + 20 * seed, seed)
        read = PlayerView.from_dict(observe(state, seat).to_dict(history=True))
        remembered = seats._PAST[0]  # kept by the reading, from its sample's replay
        assert remembered[1], "the reading kept the finished rounds' seats"
        seats._PAST[0] = ((), ())
        played_again = seats.seated_rounds(read)  # the finished rounds played again
        assert seats._PAST[0] == remembered
        assert played_again == seats.seated_rounds(read)
        assert [m.seat for m in read.seated_history] == [
            m.seat for m in observe(state, seat).seated_history
        ]


def test_a_view_with_a_revoke_in_a_finished_round_is_refused_naming_it() -> None:
    from tests.test_json_views import revoked

    state = revoked()
    while state.round_index == 0:
        state = apply(state, legal_moves(state)[0])
    view = observe(state, 0)
    assert [m.seat for m in view.seated_history][:8] == [0, 1, 2, 3, 0, 1, 2, 3]
    with pytest.raises(InvalidDataError, match="must overtake 7c with a higher copas: 3c"):
        PlayerView.from_dict(view.to_dict(history=True))
