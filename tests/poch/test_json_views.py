"""A Poch view as JSON and back: every view of random games, from every
seat, is read back as it was; a view no game gives is refused with where
and why; and a fuzz test mutates real views and checks that every view
still accepted is one a game reaches (a state sampled for it shows the
seat the same view; its chips and cards add up)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pocha_rules import InvalidDataError, PochaError
from pocha_rules.messages import message
from pocha_rules.poch import (
    GameState,
    PlayerView,
    RuleSet,
    apply,
    legal_moves,
    new_game,
    observe,
    sample_state,
)
from pocha_rules.poch._cards import CARDS, deck_indices
from tests.poch.strategies import games
from tests.test_unreachable_views import _get, _leaves, _mutate, _set

RULES = (
    RuleSet(players=4),
    RuleSet(players=4, deck=52, end="deals", deals=2, board_at_end="shared"),
    RuleSet(players=5, centre_pool=True, end="deals", deals=2, insolvency="out"),
    RuleSet(
        players=3,
        insolvency="out",
        starting_chips=9,
        end="bust",
        board_at_end="shared",
        bet_rounds_max=None,
    ),
)


def _game(rules: RuleSet, seed: int) -> list[GameState]:
    rng = random.Random(seed)
    states = [new_game(rules, seed=seed)]
    while not states[-1].is_over:
        states.append(apply(states[-1], rng.choice(legal_moves(states[-1]))))
    return states


@pytest.mark.parametrize("rules", RULES, ids=lambda rules: f"{rules.players}-{rules.insolvency}")
def test_every_view_of_a_whole_game_reads_back_as_it_was(rules: RuleSet) -> None:
    states = _game(rules, 3)
    for number, state in enumerate(states):
        seats = range(rules.players) if number % 4 == 0 or state.is_over else [number % 3]
        for seat in seats:
            view = observe(state, seat)
            text = view.to_json(history=True)
            assert PlayerView.from_json(text) == view
            assert json.loads(text) == view.to_dict(history=True)
    assert states[-1].deal_results, "finished deals were read back too"


@settings(max_examples=10)
@given(states=games())
def test_views_of_random_games_over_every_option_read_back(states: list[GameState]) -> None:
    pytest.importorskip("jsonschema", reason="jsonschema is in the schemas extra")
    from pocha_rules.schemas import validator

    check = validator("poch-view")
    for number, state in enumerate(states[:: max(len(states) // 12, 1)] + states[-1:]):
        view = observe(state, number % state.players)
        data = view.to_dict(history=True)
        check.validate(data)
        assert PlayerView.from_dict(json.loads(json.dumps(data))) == view


def _view(moves: int = 6, seat: int = 1, rules: RuleSet | None = None) -> dict[str, Any]:
    """A whole view of a game of four, after some moves of its second deal."""
    states = _game(rules or RuleSet(players=4), 7)
    second = next(i for i, s in enumerate(states) if s.deal_number == 1)
    # A copy: the rules' dict of a view is shared by the views of those rules.
    return copy.deepcopy(observe(states[second + moves], seat).to_dict(history=True))


def _refused(data: dict[str, Any]) -> InvalidDataError:
    with pytest.raises(InvalidDataError) as caught:
        PlayerView.from_dict(data)
    return caught.value


def test_a_compact_view_is_refused_as_pochas_are() -> None:
    view = observe(new_game(RuleSet(players=3), seed=2), 0)
    error = _refused(view.to_dict())
    assert (error.where, error.code) == ("starting_balances", "view_compact")
    assert PlayerView.from_dict(view.to_dict(history=True)) == view


def _first_payment(data: dict[str, Any]) -> dict[str, Any]:
    return data["past_deals"][0]["payments"][0]  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("where", "change"),
    [
        ("schema", lambda d: d.update(schema="pocha-view")),
        ("version", lambda d: d.update(version=2)),
        ("rules.players", lambda d: d["rules"].update(players=7)),
        ("hand[0]", lambda d: d["hand"].__setitem__(0, "1x")),
        ("hand", lambda d: d["hand"].pop()),
        ("pools.ace", lambda d: d["pools"].__setitem__("ace", d["pools"]["ace"] + 1)),
        ("pools.centre", lambda d: d["pools"].__setitem__("centre", 0)),
        ("balances", lambda d: d["balances"].__setitem__(0, d["balances"][0] + 1)),
        ("trump", lambda d: d.update(trump="c" if d["trump"] != "c" else "d")),
        ("to_move", lambda d: d.update(to_move=None)),
        ("deal_start_balances", lambda d: d["deal_start_balances"].reverse()),
        ("deal_number", lambda d: d.update(deal_number=d["deal_number"] + 1)),
        ("past_deals[0].index", lambda d: d["past_deals"][0].update(index=1)),
        ("past_deals[0].dealer", lambda d: d["past_deals"][0].update(dealer=3)),
        ("past_deals[0].seats", lambda d: d["past_deals"][0]["seats"].reverse()),
        ("past_deals[0].trump", lambda d: d["past_deals"][0].update(trump="x")),
        ("past_deals[0].payments", lambda d: d["past_deals"][0]["payments"].pop(0)),
        ("past_deals[0].payments[0].chips", lambda d: _first_payment(d).update(chips=0)),
        ("past_deals[0].balances", lambda d: d["past_deals"][0]["balances"].__setitem__(2, 0)),
        ("past_deals[0].changes", lambda d: d["past_deals"][0]["changes"].__setitem__(2, 0)),
        ("past_deals[0].moves[0][0]", lambda d: d["past_deals"][0]["moves"][0].__setitem__(0, 9)),
        ("legal_actions", lambda d: d.update(legal_actions=[0])),
        ("first_dealer", lambda d: d.update(first_dealer=(d["first_dealer"] + 1) % 4)),
    ],
)  # fmt: skip
def test_a_view_no_game_gives_is_refused_where_it_goes_wrong(where: str, change: Any) -> None:
    data = _view()
    assert PlayerView.from_dict(copy.deepcopy(data)) == PlayerView.from_dict(data)
    change(data)
    if where == "first_dealer":  # the first deal's dealer no longer follows from it
        where = "past_deals[0].dealer"
    error = _refused(data)
    assert error.where == where
    german = message(error, "de")  # Poch's refusals read in German too
    assert german.startswith(f"Sicht ungültig bei {where}: "), german
    assert german != str(error)


def test_a_current_deal_no_state_fits_is_refused_saying_why_in_each_language() -> None:
    data = _view(moves=3)
    seat, move = data["moves"][1]
    data["moves"][1] = [(seat + 1) % 4, move]  # a move made out of turn
    error = _refused(data)
    assert error.code == "poch_sample_not_found"
    assert str(error).startswith("invalid view: no game state fitting this view was found")
    assert message(error, "es") != str(error)
    data = _view()
    data["past_deals"][0]["balances"][2] += 1
    error = _refused(data)
    assert str(error).startswith("invalid view at past_deals[0].balances: expected [")
    assert "se esperaba" in message(error, "es")
    assert "erwartet wird [" in message(error, "de")


def test_an_ended_game_is_read_back_and_its_end_checked() -> None:
    rules = RULES[1]  # the board is shared at the end
    end = observe(_game(rules, 4)[-1], 2)
    data: dict[str, Any] = copy.deepcopy(end.to_dict(history=True))
    assert data["payments"], "the board was shared"
    assert PlayerView.from_dict(copy.deepcopy(data)) == end
    for member, value in (
        ("hand_sizes", [1, 0, 0, 0]),
        ("payments", data["payments"][1:]),
        ("deal_number", data["deal_number"] - 1),
        ("phase", "shedding"),
        ("out", [0]),
    ):
        changed = copy.deepcopy(data)
        changed[member] = value
        assert _refused(changed).where in (member, "to_move")


def _check_consistent(read: PlayerView) -> None:
    """What the rules say of any view a game reaches, stated independently
    of the reader: seat counts, hand sizes against the deal, chips
    conserved, and cards counted once."""
    n = read.rules.players
    assert len(read.hand_sizes) == len(read.balances) == len(read.shown) == n
    assert len(read.hand) == read.hand_sizes[read.seat] <= 5
    assert all(read.hand_sizes[seat] == 0 for seat in read.out)
    pools = dict(read.pools)
    start = sum(read.deal_start_balances) + sum(read.deal_start_pools)
    assert sum(read.balances) + sum(pools.values()) == start  # the deal moved chips only
    for deal in read.past_deals:
        into_pools = sum(
            p.chips * ((type(p.payee) is str) - (type(p.payer) is str)) for p in deal.payments
        )
        assert sum(deal.changes) == -into_pools
    if not read.is_over:
        assert set(read.order).isdisjoint(read.out)
        seen = [*read.hand, *(p.card for p in read.table)]
        seen += [
            card for seat, cards in enumerate(read.shown) if seat != read.seat for card in cards
        ]
        assert read.turnup is not None
        assert len(set(seen)) == len(seen)
        assert read.turnup not in seen
        dealt = 5 * len(read.order) + 1 + read.stock_size
        assert dealt == read.rules.deck
        assert sum(read.hand_sizes) + len(read.table) == 5 * len(read.order)


def _mutate_poch(view: dict[str, Any], draw: Any) -> dict[str, Any]:
    """:func:`_mutate`'s changes, or a card of the view (in the hand, on the
    table, turned up, of a past deal...) changed for any card of the pack:
    the change most likely to give another view some game reaches."""
    cards = [
        path
        for path in _leaves(view)
        if isinstance(value := _get(view, path), str) and value[-1:] in "cdhs" and value[:1] != "p"
    ]
    if not cards or draw(st.booleans()):
        return _mutate(view, draw)
    out = copy.deepcopy(view)
    pack = [str(CARDS[index]) for index in deck_indices(view["rules"]["deck"])]
    path = draw(st.sampled_from(cards))
    _set(out, path, draw(st.sampled_from(pack)))
    if path[0] == "hand":  # a hand is listed in card order
        out["hand"].sort(key=pack.index)
    return out


@settings(max_examples=60)
@given(
    states=games(),
    where=st.floats(0, 1),
    seat=st.integers(0, 5),
    mutations=st.integers(1, 2),
    data=st.data(),
)
def test_a_mutated_view_is_refused_or_one_a_game_reaches(
    states: list[GameState], where: float, seat: int, mutations: int, data: st.DataObject
) -> None:
    state = states[int(where * (len(states) - 1))]
    seat %= state.players
    view = observe(state, seat).to_dict(history=True)
    mutated = view
    for _ in range(mutations):
        mutated = _mutate_poch(mutated, data.draw)
    try:
        read = PlayerView.from_dict(mutated)
    except (InvalidDataError, PochaError):
        return
    assert read.to_dict(history=True) == mutated  # nothing read was set aside
    _check_consistent(read)
    if not read.is_over:
        sample = sample_state(read, random.Random(1))
        assert observe(sample, read.seat) == read
    if mutated == view:
        assert read == observe(state, seat)
