"""The game protocol: Pocha and Poch both provide it, and a game can be
played through it alone."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

from pocha_rules import GameState as PochaState
from pocha_rules import IllegalMoveError, PochaError, games
from pocha_rules import Move as PochaMove
from pocha_rules import PlayerView as PochaView
from pocha_rules import RuleSet as PochaRules
from pocha_rules import actions as pocha_actions
from pocha_rules import observations as pocha_observations
from pocha_rules import records as pocha_records
from pocha_rules.games import (
    GAMES,
    POCH,
    POCHA,
    ActionIds,
    Game,
    ObservationEncoder,
    RecordCodec,
)
from pocha_rules.poch import GameState as PochState
from pocha_rules.poch import Move as PochMove
from pocha_rules.poch import PlayerView as PochView
from pocha_rules.poch import RuleSet as PochRules
from pocha_rules.poch import actions as poch_actions
from pocha_rules.poch import observations as poch_observations
from pocha_rules.poch import records as poch_records

# The type check: mypy proves each game satisfies the protocol.
_POCHA: Game[Any, Any, Any, Any] = POCHA
_POCH: Game[Any, Any, Any, Any] = POCH
_POCHA_TYPED: Game[PochaRules, PochaState, PochaMove, PochaView] = POCHA
_POCH_TYPED: Game[PochRules, PochState, PochMove, PochView] = POCH
# ... and that each game's modules are its action ids, encoder and records.
_POCHA_ACTIONS: ActionIds[PochaRules, PochaState, PochaMove, PochaView] = pocha_actions
_POCH_ACTIONS: ActionIds[PochRules, PochState, PochMove, PochView] = poch_actions
_POCHA_ENCODER: ObservationEncoder[PochaRules, PochaView] = pocha_observations
_POCH_ENCODER: ObservationEncoder[PochRules, PochView] = poch_observations
_POCHA_RECORDS: RecordCodec[PochaState] = pocha_records
_POCH_RECORDS: RecordCodec[PochState] = poch_records

RULES: dict[str, list[Any]] = {
    "pocha": [
        PochaRules(),
        PochaRules(players=3, schedule="full"),
        PochaRules(players=6, deck=48),
    ],
    "poch": [PochRules(players=4), PochRules(players=3), PochRules(players=5, bet_max=3)],
}


def _play(game: Game[Any, Any, Any, Any], rules: Any, seed: int) -> Any:
    rng = random.Random(seed)
    state = game.new_game(rules, seed=seed)
    assert game.rules_of(state) == rules
    n = game.num_actions(rules)
    size = game.observation_size(rules)
    low, high = game.observation_bounds(rules)
    assert len(low) == len(high) == size
    while not game.is_over(state):
        seat = game.to_move(state)
        assert seat is not None
        assert 0 <= seat < game.players(rules)
        moves = game.legal_moves(state)
        view = game.observe(state, seat)
        assert game.view_moves(view) == moves
        ids = game.legal_actions(state)
        assert ids == tuple(game.move_to_action(rules, m) for m in moves)
        assert ids == game.legal_actions(view)
        assert list(ids) == sorted(ids)
        mask = game.legal_action_mask(view)
        assert len(mask) == n
        assert [i for i in range(n) if mask[i]] == list(ids)
        vector = game.encode_view(view)
        assert len(vector) == size
        buffer = [9.0] * size
        game.encode_view_into(view, buffer)
        assert buffer == vector
        assert all(lo <= x <= hi for lo, x, hi in zip(low, vector, high, strict=True))
        assert game.view_text(view)
        action = rng.choice(ids)
        move = game.action_to_move(rules, action)
        assert game.parse_move(game.format_move(move), rules) == move
        assert game.move_name(move, game.languages[0])
        sample = game.sample_state(view, rng)
        assert game.observe(sample, seat) == view
        after = game.apply(state, move)
        assert game.apply_action(state, action) == after
        state = after
    assert game.to_move(state) is None
    assert game.legal_moves(state) == ()
    scores = game.scores(state)
    assert len(scores) == game.players(rules)
    deals = [game.deal_scores(state, i) for i in range(game.deals_played(state))]
    assert list(scores) == [sum(column) for column in zip(*deals, strict=True)]
    won = game.winners(rules, scores)
    assert won
    assert all(scores[seat] == max(scores) for seat in won)
    return state


@pytest.mark.parametrize("name", ["pocha", "poch"])
@pytest.mark.parametrize("which", [0, 1, 2])
def test_random_games_through_the_protocol(name: str, which: int) -> None:
    game = games.get(name)
    assert game.name == name
    assert GAMES[name] is game
    rules = RULES[name][which]
    assert isinstance(rules, game.rules_type)
    state = _play(game, rules, seed=which + 11)
    assert isinstance(state, game.state_type)
    assert game.from_record(game.to_record(state, tags={"event": "test"})) == state
    again = game.from_record(game.to_record(state))
    assert game.scores(again) == game.scores(state)


@pytest.mark.parametrize("game", [POCHA, POCH], ids=["pocha", "poch"])
def test_bots_play_through_the_protocol(game: Game[Any, Any, Any, Any]) -> None:
    assert set(game.bots) == {"random", "heuristic", "montecarlo"}
    rules = RULES[game.name][0]
    state = game.new_game(rules, seed=3, dealer=0)
    for name in game.bots:
        bot = game.bot(name, seed=1)
        seat = game.to_move(state)
        assert seat is not None
        move = bot.act(game.observe(state, seat))
        assert move in game.legal_moves(state)
        assert bot.act(game.observe(state, seat)) == game.bot(name, seed=1).act(
            game.observe(state, seat)
        )
    with pytest.raises(PochaError, match="'nobody'"):
        game.bot("nobody")
    with pytest.raises(TypeError, match="str"):
        game.bot(3)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", [POCHA, POCH], ids=["pocha", "poch"])
def test_the_protocol_passes_the_games_errors_through(game: Game[Any, Any, Any, Any]) -> None:
    rules = RULES[game.name][0]
    state = game.new_game(rules, seed=5)
    illegal = next(
        game.action_to_move(rules, a)
        for a in range(game.num_actions(rules))
        if a not in game.legal_actions(state)
    )
    with pytest.raises(PochaError):
        game.apply(state, illegal)
    with pytest.raises(PochaError):
        game.move_name(game.legal_moves(state)[0], "xx")
    with pytest.raises(PochaError):
        game.from_record("{}")


def test_pocha_through_the_protocol_is_pocha() -> None:
    from pocha_rules import apply, legal_moves, new_game
    from pocha_rules.names import move_name

    state = new_game(PochaRules(), seed=9, dealer=1)
    assert POCHA.new_game(PochaRules(), seed=9, dealer=1) == state
    move = legal_moves(state)[0]
    assert POCHA.apply(state, move) == apply(state, move)
    assert POCHA.move_name(move, "es") == move_name(move, "es")
    with pytest.raises(IllegalMoveError):
        POCHA.apply(state, POCHA.parse_move("play 1o", PochaRules()))


@pytest.mark.parametrize(
    ("game", "modules"),
    [
        (POCHA, (pocha_actions, pocha_observations, pocha_records)),
        (POCH, (poch_actions, poch_observations, poch_records)),
    ],
    ids=["pocha", "poch"],
)
def test_a_games_parts_are_its_modules(game: Any, modules: tuple[Any, Any, Any]) -> None:
    assert (game.actions, game.observations, game.records) == modules
    rules = RULES[game.name][1]
    state = game.new_game(rules, seed=4)
    view = game.observe(state, game.to_move(state))
    assert game.num_actions(rules) == game.actions.num_actions(rules)
    assert game.legal_action_mask(view) == game.actions.legal_action_mask(view)
    assert game.encode_view(view) == game.observations.encode_view(view)
    assert game.view_text(view) == game.observations.view_text(view)
    record = game.records.GameRecord.from_state(state)
    assert game.to_record(state) == record.to_json()
    assert game.from_record(record.to_json()) == game.records.replay(record)


@pytest.mark.parametrize("game", [POCHA, POCH], ids=["pocha", "poch"])
def test_a_game_pickles_and_copies_as_itself(game: Game[Any, Any, Any, Any]) -> None:
    assert pickle.loads(pickle.dumps(game)) is game
    assert copy.deepcopy(game) is game
    assert copy.copy(game) is game


def test_for_rules_finds_the_game_of_a_rule_set() -> None:
    assert games.for_rules(PochaRules()) is POCHA
    assert games.for_rules(PochRules(players=3)) is POCH
    with pytest.raises(TypeError, match="RuleSet of Pocha or of Poch"):
        games.for_rules("pocha")


def test_get_refuses_unknown_games() -> None:
    with pytest.raises(PochaError, match=r"'chess'.*pocha, poch"):
        games.get("chess")
    with pytest.raises(TypeError, match="str"):
        games.get(None)  # type: ignore[arg-type]
    assert repr(POCH) == "<game poch>"
