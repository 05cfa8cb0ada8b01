"""A Pocha table for an app, over :class:`pocha_rules.table.Table`: two
people and two bots, a spectator, a move out of turn refused, and the game
saved half way and resumed.

The people are scripted clients that speak JSON only, as a web page or a
program in another language would: each holds its seat's compact view,
keeps it current with the events of every move, and answers with a move's
text. The spectator's events make the chat log.

    python examples/json_table.py [--seed N] [--save FILE]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from pocha_rules import HeuristicBot, Move, PlayerView, PochaError, RuleSet
from pocha_rules.compact import update_view
from pocha_rules.table import Table

RULES = RuleSet(players=4, schedule=[1, 2, 3, "3a", "1b"])
PEOPLE = (0, 2)


class SeededBot:
    """A bot seeded by the move's number, so that it plays the same after a resume."""

    def act(self, view: PlayerView) -> Move:
        return HeuristicBot(seed=len(view.history)).act(view)


BOTS = {1: SeededBot(), 3: SeededBot()}


class Client:
    """A person's program: it reads JSON and answers with a move's text."""

    def __init__(self, table: Table, token: str) -> None:
        self.token = token
        self.since, self.view = table.snapshot(token)

    def catch_up(self, table: Table) -> None:
        """Apply the events of the moves made since the client last looked."""
        events = json.loads(json.dumps(table.events(self.token, self.since)))  # over the wire
        self.view = update_view(self.view, events)
        self.since = table.moves

    def answer(self) -> str | None:
        """The smallest bid or the first card allowed, when it is this seat's turn."""
        moves = self.view["legal_moves"]
        assert isinstance(moves, list)
        return moves[0] if moves else None


def play_until(table: Table, clients: dict[int, Client], moves: int | None = None) -> int:
    """Let the people play until the game ends (or ``moves`` of their moves)."""
    made = 0
    while not table.is_over and (moves is None or made < moves):
        for client in clients.values():
            client.catch_up(table)
            move = client.answer()
            if move is not None:
                table.play(client.token, move)
                made += 1
    return made


def describe(event: dict[str, object]) -> str | None:
    """A line of the chat log for an event, or ``None``."""
    if event["event"] == "trick_won":
        return f"seat {event['seat']} takes trick {event['number'] + 1}"  # type: ignore[operator]
    if event["event"] == "round_ended":
        return f"round {event['index'] + 1} over: points {event['scores']}"  # type: ignore[operator]
    if event["event"] == "game_over":
        return f"game over: scores {event['scores']}, winners {event['winners']}"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", type=Path, help="where to save the game half way")
    args = parser.parse_args(argv)

    table = Table(RULES, seed=args.seed, dealer=0, bots=BOTS)
    clients = {seat: Client(table, table.sit(seat)) for seat in PEOPLE}
    other = next(seat for seat in PEOPLE if seat != table.state.to_move)
    try:
        table.play(clients[other].token, "bid 0")
    except PochaError as error:  # the code and params, for the app's own words
        print(f"seat {other} tried to move: {error.code} {error.params}")

    made = play_until(table, clients, moves=10)
    log = table.events()  # the spectator's: every seat may see it
    with tempfile.TemporaryDirectory() as scratch:
        path = args.save or Path(scratch) / "game.json"
        path.write_text(table.save())
        print(f"saved after {made} moves by people, round {table.state.round_index + 1}")
        table = Table.load(path.read_text(), bots=BOTS)
    print(f"resumed: seat {table.state.to_move} to move")
    clients = {seat: Client(table, table.sit(seat)) for seat in PEOPLE}
    play_until(table, clients)
    for event in log + table.events():
        line = describe(event)
        if line is not None:
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
