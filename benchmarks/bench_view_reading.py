"""What reading a whole view back costs, with and without the check that a
game reaches it.

``PlayerView.from_json`` (Pocha's, and with ``--game poch`` Poch's) reads a
whole view (written with ``history=True``) and checks that some game gives
it: a state drawn for it must show the seat that very view. The reference
is the same reading with that check switched off (Pocha: the drawn game
and its comparison; Poch: the drawn state of the current deal); every
other check stays. One view per random game, late in it (nine tenths of
its moves played), from the seat to move, so that no read finds anything
of an earlier one in a cache. Each repeat reads every view with and
without the check, interleaved; it prints the median time per view over
the repeats, by the clock on the wall and by the CPU time of the process,
and the ratio to the reference.

    python benchmarks/bench_view_reading.py [--game pocha|poch] [--games 12] [--repeats 7]
"""

from __future__ import annotations

import argparse
import contextlib
import platform
import random
import statistics
from collections.abc import Callable, Iterator
from typing import Any

from bench_observations import timed  # the same timer, from the script beside this one

from pocha_rules import (
    PlayerView,
    RuleSet,
    _poch_view_json,
    _view_json,
    apply,
    legal_moves,
    new_game,
    observe,
    poch,
)
from pocha_rules._cli import version_line

REFERENCE = "from_json, check off (reference)"


def late_views(game: str, games: int) -> list[str]:
    """One whole view as JSON text per random game, late in it."""
    rng = random.Random(4)
    texts = []
    for seed in range(games):
        if game == "poch":
            state: Any = poch.new_game(poch.RuleSet(players=4), seed=seed)
            moves: Any = poch.legal_moves
            step: Any = poch.apply
            look: Any = poch.observe
        else:
            state = new_game(RuleSet(), seed=seed)
            moves, step, look = legal_moves, apply, observe
        states = []
        while not state.is_over:
            states.append(state)
            state = step(state, rng.choice(moves(state)))
        late = states[len(states) * 9 // 10]
        texts.append(look(late, late.to_move).to_json(history=True))
    return texts


@contextlib.contextmanager
def check_off(game: str) -> Iterator[None]:
    """Reading without the reachability check (every other check kept)."""
    if game == "poch":
        codec: Any = _poch_view_json  # its sample_state is the one it imported
        saved: list[tuple[Any, str, Any]] = [(codec, "sample_state", codec.sample_state)]
        codec.sample_state = lambda view, rng: None
    else:
        saved = [
            (_view_json, "_draw", _view_json._draw),
            (_view_json, "_check_reachable", _view_json._check_reachable),
        ]
        _view_json._draw = lambda view: None  # type: ignore[assignment,return-value]
        _view_json._check_reachable = lambda view, drawn: None
    try:
        yield
    finally:
        for module, name, value in saved:
            setattr(module, name, value)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("pocha", "poch"), default="pocha")
    parser.add_argument("--games", type=int, default=12, help="random games, one view each")
    parser.add_argument("--repeats", type=int, default=7, help="timed passes; medians reported")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {version_line()}")
    print("(timings on a shared machine: compare the ratios, taken in the same run)")
    texts = late_views(args.game, args.games)
    read: Callable[[str], object] = (
        poch.PlayerView.from_json if args.game == "poch" else PlayerView.from_json
    )
    sizes = sorted(len(text) for text in texts)
    print(f"{len(texts)} whole views of {args.game}, JSON median {sizes[len(sizes) // 2]} B")
    wall: dict[str, list[float]] = {REFERENCE: [], "from_json (with the check)": []}
    cpu: dict[str, list[float]] = {name: [] for name in wall}
    for _ in range(args.repeats):
        for name in wall:  # interleaved: each pass times both
            if name == REFERENCE:
                with check_off(args.game):
                    w, c = timed(read, texts)
            else:
                w, c = timed(read, texts)
            wall[name].append(w / len(texts))
            cpu[name].append(c / len(texts))
    ref_wall = statistics.median(wall[REFERENCE])
    ref_cpu = statistics.median(cpu[REFERENCE])
    print(f"{'':34}{'wall ms':>10}{'ratio':>8}{'cpu ms':>10}{'ratio':>8}")
    for name in wall:
        w, c = statistics.median(wall[name]), statistics.median(cpu[name])
        print(f"{name:34}{w * 1e3:10.2f}{w / ref_wall:8.3f}{c * 1e3:10.2f}{c / ref_cpu:8.3f}")


if __name__ == "__main__":
    main()
