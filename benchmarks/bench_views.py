"""The cost and size of a seat's view as JSON: compact, against the whole view.

States are taken late in random games (the last quarter of each game's
moves): classic games of Pocha (the default rules), or with ``--game poch``
games of Poch for four (the default rules); every state is viewed from the
seat to move.
Each repeat times, interleaved over the same states:

* ``whole view`` (the reference): ``observe(state, seat).to_dict(history=True)``
  then :func:`json.dumps`, what a server sent before compact views;
* ``compact_view``: :func:`pocha_rules.compact.compact_view`, the dict alone;
* ``compact_view + dumps``: the same, written out as JSON text;
* ``update_view``: a client bringing the seat's compact view up to date with
  the move's events (:func:`~pocha_rules.compact.update_view`).

It prints the median time per call over the repeats and the ratio to the
reference, by the clock on the wall and by the CPU time of the process, the
largest and median JSON sizes, and which build ran (``pocha --version``: the
compiled build or the pure one).

    python benchmarks/bench_views.py [--game pocha|poch] [--games 20] [--repeats 7]
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
from collections.abc import Callable
from typing import Any

from bench_observations import timed  # the same timer, from the script beside this one

from pocha_rules import RuleSet, apply, legal_moves, new_game, observe, poch
from pocha_rules._arena_games import door_named
from pocha_rules._cli import version_line
from pocha_rules.compact import compact_view, step_events, update_view
from pocha_rules.poch import compact as poch_compact

REFERENCE = "whole view + dumps (reference)"
Item = tuple[Any, int, Any, Any, dict[str, object]]


class Pocha:
    """What the benchmark needs of Pocha."""

    new_game = staticmethod(lambda seed: new_game(RuleSet(), seed=seed))
    legal_moves = staticmethod(legal_moves)
    apply = staticmethod(apply)
    whole = staticmethod(lambda state, seat: observe(state, seat).to_dict(history=True))
    compact_view = staticmethod(compact_view)
    step_events = staticmethod(step_events)


class Poch:
    """What the benchmark needs of Poch (its whole view is the engine
    protocol's, with the finished deals)."""

    new_game = staticmethod(lambda seed: poch.new_game(poch.RuleSet(players=4), seed=seed))
    legal_moves = staticmethod(poch.legal_moves)
    apply = staticmethod(poch.apply)
    whole = staticmethod(
        lambda state, seat: door_named("poch").view_dict(poch.observe(state, seat))
    )
    compact_view = staticmethod(poch_compact.compact_view)
    step_events = staticmethod(poch_compact.step_events)


def late_states(game: Any, games: int) -> list[Item]:
    """The last quarter of the moves of ``games`` random games: the state,
    the seat to move, the state after its move, the move, and the seat's
    compact view before it."""
    rng = random.Random(1)
    out: list[Item] = []
    for number in range(games):
        state = game.new_game(number)
        states = []
        while not state.is_over:
            move = rng.choice(game.legal_moves(state))
            after = game.apply(state, move)
            states.append((state, state.to_move, after, move))
            state = after
        for before, seat, after, move in states[len(states) * 3 // 4 :]:
            assert seat is not None
            out.append((before, seat, after, move, game.compact_view(before, seat)))
    return out


def runners(game: Any) -> dict[str, Callable[[Item], object]]:
    """What is timed, the reference first."""
    return {
        REFERENCE: lambda i: json.dumps(game.whole(i[0], i[1])),
        "compact_view": lambda i: game.compact_view(i[0], i[1]),
        "compact_view + dumps": lambda i: json.dumps(game.compact_view(i[0], i[1])),
        "update_view (client side)": lambda i: update_view(
            i[4], game.step_events(i[0], i[3], i[2], i[1])
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("pocha", "poch"), default="pocha")
    parser.add_argument("--games", type=int, default=20, help="random games to take states from")
    parser.add_argument("--repeats", type=int, default=7, help="timed passes; medians reported")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {version_line()}")
    print("(timings on a shared machine: compare the ratios, taken in the same run)")
    game = Poch if args.game == "poch" else Pocha
    items = late_states(game, args.games)
    whole = [len(json.dumps(game.whole(i[0], i[1]))) for i in items]
    compact = [len(json.dumps(game.compact_view(i[0], i[1]))) for i in items]
    kind = "classic games of Pocha" if game is Pocha else "games of Poch for four"
    print(f"{len(items)} states late in {args.games} {kind}")
    for name, sizes in (("whole view", whole), ("compact view", compact)):
        print(f"JSON size, {name:13} median {statistics.median(sizes):6.0f} B, max {max(sizes)} B")
    timers = runners(game)
    wall: dict[str, list[float]] = {name: [] for name in timers}
    cpu: dict[str, list[float]] = {name: [] for name in timers}
    for _ in range(args.repeats):
        for name, run in timers.items():  # interleaved: each pass times every runner
            w, c = timed(run, items)
            wall[name].append(w / len(items))
            cpu[name].append(c / len(items))
    ref_wall = statistics.median(wall[REFERENCE])
    ref_cpu = statistics.median(cpu[REFERENCE])
    print(f"{'':34}{'wall us':>10}{'ratio':>8}{'cpu us':>10}{'ratio':>8}")
    for name in timers:
        w, c = statistics.median(wall[name]), statistics.median(cpu[name])
        print(f"{name:34}{w * 1e6:10.1f}{w / ref_wall:8.3f}{c * 1e6:10.1f}{c / ref_cpu:8.3f}")


if __name__ == "__main__":
    main()
