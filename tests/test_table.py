"""The table: whole games with people behind secret tokens, bots and
spectators; moves checked against the seat; every listener's view kept
current by its events; save and load; use from threads and asyncio."""

from __future__ import annotations

import asyncio
import random
import threading

import pytest

from pocha_rules import (
    HeuristicBot,
    IllegalMoveError,
    OutOfTurnError,
    ParseError,
    PochaError,
    RandomBot,
    RuleSet,
    apply,
    new_game,
    poch,
)
from pocha_rules.compact import compact_view, update_view
from pocha_rules.table import Table

RULES = RuleSet(players=4, schedule=[1, 2, "3a", "1b", 3])


def test_a_whole_game_with_two_people_two_bots_and_a_spectator() -> None:
    table = Table(RULES, seed=3, dealer=0, bots={1: HeuristicBot(seed=1), 3: RandomBot(3)})
    tokens = {seat: table.sit(seat) for seat in (0, 2)}
    assert table.free_seats() == ()
    held: dict[int | None, tuple[int, dict[str, object]]] = {
        seat: table.snapshot(token) for seat, token in tokens.items()
    }
    held[None] = table.snapshot()
    rng = random.Random(3)
    while not table.is_over:
        seat = table.state.to_move
        assert seat in tokens
        legal = table.view(tokens[seat])["legal_moves"]
        assert isinstance(legal, list)
        table.play(tokens[seat], rng.choice(legal))
        for who, (since, view) in held.items():
            token = None if who is None else tokens[who]
            view = update_view(view, table.events(token, since))
            assert view == table.view(token)
            held[who] = (table.moves, view)
    assert held[None][1]["phase"] == "over"
    # The game is the one the moves make from the same start.
    state = new_game(RULES, seed=3, dealer=0)
    for move in table.state.history:
        state = apply(state, move)
    assert state == table.state


def test_moves_are_checked_against_the_token_s_seat() -> None:
    table = Table(RULES, seed=1, dealer=3)  # seat 0 bids first
    first, second = table.sit(0), table.sit(1)
    before = table.state
    with pytest.raises(OutOfTurnError, match="by seat 1"):
        table.play(second, "bid 0")
    with pytest.raises(IllegalMoveError, match="bid 5"):
        table.play(first, "bid 5")
    with pytest.raises(ParseError):
        table.play(first, "bid")
    with pytest.raises(PochaError, match="no seat has this token"):
        table.play(first + "x", "bid 0")
    with pytest.raises(TypeError, match="token must be a str"):
        table.play(None, "bid 0")  # type: ignore[arg-type]
    assert table.state is before
    assert table.moves == 0
    assert table.play(first, "bid 0") == 1


def test_seats_tokens_and_spectators() -> None:
    table = Table(RULES, seed=1, bots={2: RandomBot(0)})
    token = table.sit(0)
    assert table.seat_of(token) == 0
    with pytest.raises(PochaError, match="seat 0 is taken"):
        table.sit(0)
    with pytest.raises(PochaError, match="seat 2 is taken"):
        table.sit(2)
    with pytest.raises(PochaError, match="seat must be from 0 to 3"):
        table.sit(4)
    assert table.free_seats() == (1, 3)
    assert table.leave(token) == 0
    with pytest.raises(PochaError, match="no seat has this token"):
        table.view(token)
    assert table.sit(0) != token
    spectator = table.view()
    assert spectator["hand"] == []
    assert spectator["visible_hands"] == [None] * 4
    assert spectator == compact_view(table.state, None)
    with pytest.raises(PochaError, match="since must be from 0 to 0"):
        table.events(None, 1)


def test_bots_first_to_move_play_at_once_and_a_saved_table_goes_on() -> None:
    bots = {seat: HeuristicBot(seed=seat) for seat in (0, 1, 3)}
    table = Table(RULES, seed=9, dealer=3, bots=bots)  # seat 0 first: bots move to seat 2
    assert table.state.to_move == 2
    assert table.moves == 2
    token = table.sit(2)
    table.play(token, table.view(token)["legal_moves"][0])  # type: ignore[index]
    loaded = Table.load(table.save(), bots=bots)
    assert loaded.state == table.state
    token = loaded.sit(2)
    while not loaded.is_over:
        loaded.play(token, loaded.view(token)["legal_moves"][-1])  # type: ignore[index]
    assert loaded.state.is_over


def test_threads_share_a_table() -> None:
    table = Table(RuleSet(players=4, schedule=[2, 3]), seed=4)
    tokens = [table.sit(seat) for seat in range(4)]
    errors: list[BaseException] = []

    def player(seat: int) -> None:
        rng = random.Random(seat)
        try:
            while not table.is_over:
                view = table.view(tokens[seat])
                legal = view["legal_moves"]
                assert isinstance(legal, list)
                if legal:
                    # Only the seat to move may move: the view is still current.
                    table.play(tokens[seat], rng.choice(legal))
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=player, args=(seat,)) for seat in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors
    assert table.is_over


def test_asyncio_clients_play_through_to_thread() -> None:
    table = Table(RuleSet(players=3, schedule=[1, 2]), seed=5, bots={2: RandomBot(1)})
    tokens = {seat: table.sit(seat) for seat in (0, 1)}

    async def client(seat: int) -> int:
        made = 0
        while not table.is_over:
            legal = table.view(tokens[seat])["legal_moves"]
            assert isinstance(legal, list)
            if legal:
                await asyncio.to_thread(table.play, tokens[seat], legal[0])
                made += 1
            await asyncio.sleep(0)
        return made

    async def main() -> list[int]:
        return list(await asyncio.gather(client(0), client(1)))

    made = asyncio.run(main())
    assert sum(made) > 0
    assert table.is_over


def test_a_table_of_poch_with_a_bot_a_person_and_a_spectator() -> None:
    table = Table(
        poch.RuleSet(players=3), seed=2, bots={1: poch.RandomBot(1), 2: poch.RandomBot(2)}
    )
    assert table.game == "poch"
    token = table.sit(0)
    held = {0: table.snapshot(token), None: table.snapshot()}
    rng = random.Random(2)
    while not table.is_over:
        legal = table.view(token)["legal_moves"]
        assert isinstance(legal, list)
        assert legal  # the bots play at once: it is the person's turn
        table.play(token, rng.choice(legal))
        for seat, (since, view) in held.items():
            who = token if seat == 0 else None
            view = update_view(view, table.events(who, since))
            assert view == table.view(who)
            held[seat] = (table.moves, view)
    loaded = Table.load(table.save())
    assert loaded.state == table.state
    assert loaded.game == "poch"


def test_a_poch_move_out_of_turn_is_refused() -> None:
    table = Table(poch.RuleSet(players=3), seed=2)
    tokens = [table.sit(seat) for seat in range(3)]
    turn = table.state.to_move
    other = (turn + 1) % 3
    legal = table.view(tokens[turn])["legal_moves"]
    assert isinstance(legal, list)
    with pytest.raises(OutOfTurnError, match=f"it is seat {turn}'s turn"):
        table.play(tokens[other], legal[0])
    assert table.moves == 0


def test_a_token_given_before_seats_its_person_again() -> None:
    table = Table(
        RULES, seed=1, dealer=3, bots={1: RandomBot(1), 2: RandomBot(2), 3: RandomBot(3)}
    )
    token = table.sit(0)
    table.play(token, table.view(token)["legal_moves"][0])  # type: ignore[index]
    again = Table(
        RULES, seed=1, dealer=3, bots={1: RandomBot(1), 2: RandomBot(2), 3: RandomBot(3)}
    )
    assert again.sit(0, token) == token
    for step in table.steps()[again.moves :]:
        if step.before.to_move == 0:
            again.play(token, step.move)
    assert again.state == table.state
    assert again.steps() == table.steps()
    assert table.steps(table.moves) == ()
    with pytest.raises(PochaError) as refused:
        table.steps(table.moves + 1)
    assert refused.value.code == "since_out_of_range"
    with pytest.raises(TypeError, match="since must be an int"):
        table.steps("0")  # type: ignore[arg-type]


@pytest.mark.parametrize("token", ["short", "x" * 129, "with spaces in it here", "é" * 20])
def test_a_token_given_must_have_a_token_s_form(token: str) -> None:
    table = Table(RULES, seed=1)
    with pytest.raises(PochaError) as refused:
        table.sit(0, token)
    assert refused.value.code == "token_form"
    assert table.free_seats() == (0, 1, 2, 3)
    with pytest.raises(TypeError, match="token must be a str or None"):
        table.sit(0, b"x" * 20)  # type: ignore[arg-type]
