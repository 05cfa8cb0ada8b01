"""A Pocha table for an app: human seats and bots behind a JSON interface,
with save and resume.

The table keeps the whole game (a GameState) and never sends it out. Each
player, human or not, talks to it in JSON only, as a web page, a chat bot or
a program in another language would:

- ``table.view(seat)``: what that seat may see now, with its legal moves
  (the ``pocha-view`` format);
- ``table.play(seat, request)``: a move from that seat, ``{"move": "bid 2"}``.
  The answer is ``{"ok": true, "events": [...]}``, the events of the move and
  of the bots' moves after it, or ``{"ok": false, "error": {...}}`` with the
  error's code and params, for the app to word in its players' language;
- ``table.save(path)`` and ``Table.resume(path)``: the game survives a
  restart of the server.

Run it to watch a game with two scripted "humans" (seats 0 and 2) that read
their views as JSON and answer with a move's text; the game is saved half
way, and the rest is played on a table resumed from the file:

    python examples/json_table.py [--seed N] [--save FILE]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path

from pocha_rules import (
    GameState,
    HeuristicBot,
    PochaError,
    RuleSet,
    new_game,
    observe,
    parse_move,
)
from pocha_rules.events import TrickWon, step

FORMAT = "json-table-example"


class Table:
    """A game with some seats played by people (through JSON) and the
    others by bots."""

    def __init__(self, state: GameState, humans: set[int]) -> None:
        self.state = state
        self.humans = frozenset(humans)
        self.log: list[dict[str, object]] = []  # every event so far, as JSON data

    @classmethod
    def new(cls, rules: RuleSet, humans: set[int], seed: int) -> Table:
        """A new game; the bots move at once if they are first."""
        table = cls(new_game(rules, seed=seed, dealer=0), humans)
        table._bots_move()
        return table

    # --- what the players see and do ------------------------------------

    def view(self, seat: int) -> str:
        """The seat's view as JSON text: to send to that player only."""
        return observe(self.state, seat).to_json()

    def play(self, seat: int, request: str) -> str:
        """A move from ``seat``, as JSON text in and out. An illegal move, a
        move out of turn or a request that is not one is refused with the
        error's code and params; the game is left as it was."""
        try:
            data = json.loads(request)
            text = data["move"] if isinstance(data, dict) else None
            if not isinstance(text, str):
                return _refusal("bad_request", {"expected": '{"move": "..."}'}, "bad request")
            move = parse_move(text, deck=self.state.rules.deck)
            self.state, events = step(self.state, move, seat=seat)
        except json.JSONDecodeError as error:
            return _refusal("bad_request", {"error": str(error)}, "not JSON")
        except PochaError as error:
            return _refusal(error.code, error.params, str(error))
        caused = [event.to_dict() for event in events]
        self.log += caused
        caused += self._bots_move()
        return json.dumps({"ok": True, "events": caused})

    def _bots_move(self) -> list[dict[str, object]]:
        """Let the bots play until a person is to move (or the game ends)."""
        caused: list[dict[str, object]] = []
        while not self.state.is_over and self.state.to_move not in self.humans:
            seat = self.state.to_move
            assert seat is not None
            # A bot seeded by the move's number plays the same after a resume.
            bot = HeuristicBot(seed=len(self.state.history))
            self.state, events = step(self.state, bot.act(observe(self.state, seat)))
            caused += [event.to_dict() for event in events]
        self.log += caused
        return caused

    # --- save and resume ------------------------------------------------

    def save(self, path: Path) -> None:
        """Write the table to ``path`` (the whole game, hidden cards
        included: a server's file, never a player's)."""
        data = {"format": FORMAT, "humans": sorted(self.humans), "state": self.state.to_dict()}
        path.write_text(json.dumps(data))

    @classmethod
    def resume(cls, path: Path) -> Table:
        """The table saved at ``path``; the game is replayed and checked."""
        data = json.loads(path.read_text())
        if data.get("format") != FORMAT:
            raise ValueError(f"{path} is not a saved table")
        return cls(GameState.from_dict(data["state"]), set(data["humans"]))


def _refusal(code: str, params: dict[str, object], message: str) -> str:
    return json.dumps({"ok": False, "error": {"code": code, "params": params, "message": message}})


# --- a demonstration: scripted clients that speak JSON only ------------------


def cautious_client(view_text: str) -> str:
    """A player that reads its view as JSON and answers with a move's text:
    the smallest bid, or the first card it may play."""
    view = json.loads(view_text)
    return json.dumps({"move": view["legal_moves"][0]})


def play_until(
    table: Table, clients: Mapping[int, Callable[[str], str]], moves: int | None = None
) -> int:
    """Let the human seats play through their clients until the game ends
    (or after ``moves`` of their moves); the number of moves made."""
    made = 0
    while not table.state.is_over and (moves is None or made < moves):
        seat = table.state.to_move
        assert seat is not None
        answer = json.loads(table.play(seat, clients[seat](table.view(seat))))
        assert answer["ok"], answer
        made += 1
    return made


def describe(event: dict[str, object]) -> str | None:
    """A line of the table's chat log for an event, or ``None``."""
    kind = event["event"]
    if kind == TrickWon.kind:
        return f"seat {event['seat']} takes trick {event['number'] + 1}"  # type: ignore[operator]
    if kind == "round_ended":
        return f"round {event['index'] + 1} over: points {event['scores']}"  # type: ignore[operator]
    if kind == "game_over":
        return f"game over: scores {event['scores']}, winners {event['winners']}"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", type=Path, help="where to save the table half way")
    args = parser.parse_args(argv)

    rules = RuleSet(players=4, schedule=[1, 2, 3, "3a", "1b"])
    humans = {0, 2}
    clients = dict.fromkeys(humans, cautious_client)
    table = Table.new(rules, humans, seed=args.seed)

    # A move out of turn is refused, with a code the app can translate.
    other = next(seat for seat in humans if seat != table.state.to_move)
    refused = json.loads(table.play(other, json.dumps({"move": "bid 0"})))
    print(f"seat {other} tried to move: {refused['error']['code']} {refused['error']['params']}")

    made = play_until(table, clients, moves=10)
    with tempfile.TemporaryDirectory() as scratch:
        path = args.save or Path(scratch) / "table.json"
        table.save(path)
        print(f"saved after {made} moves by people, round {table.state.round_index + 1}")
        log = table.log
        table = Table.resume(path)
        table.log = log
    print(f"resumed: seat {table.state.to_move} to move")
    play_until(table, clients)

    for event in table.log:
        line = describe(event)
        if line is not None:
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
