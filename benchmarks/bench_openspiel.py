"""Side-by-side throughput: pocha-rules against OpenSpiel's ``oh_hell``.

Every contender plays the same work: one 9-card hand of 4 players with a
40-card deck (deal, bids and all nine tricks), every move drawn uniformly at
random from the legal moves, with fixed seeds. In each of them the dealer
is drawn from the loop's own generator (OpenSpiel's first chance node) and
the cards are shuffled: by pocha-rules from each game's seed, by OpenSpiel
through its chance nodes, sampled by the loop. The contenders are

* pocha-rules through its public API: ``new_game``, then ``legal_moves`` and
  ``apply`` (which checks every move) until the hand is over;
* pocha-rules' fast path for rollouts, ``rollout`` (same games, no
  intermediate states), started from ``new_game``;
* its batch simulator, ``simulate``: the same work in one call, each game's
  dealer drawn from its seed as ``new_game`` draws it;
* OpenSpiel's C++ ``oh_hell`` driven from a Python loop that picks every
  action, chance nodes included, with ``rng.choice(state.legal_actions())``:
  the reference for the ratios. Its chance outcomes (the dealer, each dealt
  card, the trump card) are equiprobable, which the script checks at start;
* the same with chance nodes sampled from ``chance_outcomes()``, the general
  way, slower (both skipped when ``pyspiel`` is not installed:
  ``pip install -e . --group bench``).

Then, for other hand sizes (1, 5 and 9 cards, 4 players) and table sizes
(3 to 8 players, each with the largest hand ``oh_hell`` deals from 40
cards), the public API against OpenSpiel's Python loop and ``simulate``
against OpenSpiel's C++ game loop (``pyspiel.evaluate_bots`` with uniform
random bots), in CPU time (``time.process_time``): the runs interleaved,
the median of ``--repeats``. This is where the fixed cost of a hand shows
(the deal, the set-up of the round, its scoring): the fewer the cards, the
larger its share.

It also prints ``legal_moves`` and ``apply`` calls per second on states taken
from the middle of random games, the time of ``import pocha_rules`` in a fresh
interpreter, and the peak traced memory of simulating 1,000 and 10,000 hands,
from a fresh start and after a long warm-up (it must not grow with the count
once the engine's bounded caches are full).

    python benchmarks/bench_openspiel.py [--games 2000] [--repeats 5] [--sizes-only]

It measures the build of pocha-rules it imports, named on its first line:
the pure Python source of an editable install, or the modules a wheel
compiles with mypyc (``pip install . --group bench``, not ``-e``).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from pocha_rules import (
    GameState,
    Move,
    RuleSet,
    apply,
    legal_moves,
    new_game,
    rollout,
    simulate,
)
from pocha_rules._cli import version_line

RULES = RuleSet(players=4, deck=40, schedule=(9,), tiebreak="shared")
"""One 9-card hand of 4 players with 40 cards: OpenSpiel's oh_hell settings below."""

OH_HELL = {
    "players": 4,
    "num_suits": 4,
    "num_cards_per_suit": 10,
    "num_tricks_fixed": 9,
    "off_bid_penalty": True,
    "points_per_trick": 5,
}

Runner = Callable[[int, int], None]
WARM_UP = 50_000
OPENSPIEL = "OpenSpiel (Python loop)"
OPENSPIEL_OUTCOMES = "OpenSpiel, chance_outcomes"


def pocha_public(games: int, seed: int) -> None:
    """Random hands through the public API; every move is checked by apply.

    The cards are dealt from each game's seed; the dealer is drawn from the
    loop's generator, as the OpenSpiel loop draws its dealer chance node.
    """
    rng = random.Random(seed)
    choice, below = rng.choice, rng.randrange
    for game in range(games):
        state = new_game(RULES, seed=seed * 1_000_003 + game, dealer=below(4))
        while not state.is_over:
            state = apply(state, choice(legal_moves(state)))


def pocha_fast(games: int, seed: int) -> None:
    """The same hands with the fast path for rollouts."""
    rng = random.Random(seed)
    below = rng.randrange
    for game in range(games):
        rollout(new_game(RULES, seed=seed * 1_000_003 + game, dealer=below(4)), rng=rng)


def pocha_simulate(games: int, seed: int) -> None:
    """The same work with the batch simulator (no state built at all)."""
    simulate(RULES, games, seed=seed * 1_000_003)


def openspiel_game() -> Any | None:
    """OpenSpiel's oh_hell with the settings above, or None without pyspiel."""
    try:
        import pyspiel  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", OH_HELL)
    params = game.get_parameters()
    deck = params["num_suits"] * params["num_cards_per_suit"]
    if (deck, params["num_tricks_fixed"], params["players"]) != (40, 9, 4):
        raise SystemExit(f"oh_hell did not take the 4-player, 40-card, 9-trick setup: {params}")
    check_uniform_chance(game, games=20)
    return game


def check_uniform_chance(game: Any, games: int) -> None:
    """Fail loudly unless every chance node of a few random games has
    equiprobable outcomes, exactly the legal actions in order.

    Only then is ``rng.choice(state.legal_actions())`` at a chance node a
    fair sample of it (the dealer, each dealt card, the trump card).
    """
    rng = random.Random(2024)
    nodes = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions = [action for action, _ in outcomes]
                probabilities = {probability for _, probability in outcomes}
                if actions != state.legal_actions() or len(probabilities) != 1:
                    raise SystemExit(
                        "oh_hell has a chance node whose outcomes are not equiprobable "
                        f"legal actions: {outcomes}; the uniform loop would not be fair"
                    )
                nodes += 1
            state.apply_action(rng.choice(state.legal_actions()))
    if nodes < 38 * games:  # the trick count, the dealer, 36 cards, the trump card
        raise SystemExit(f"only {nodes} chance nodes in {games} oh_hell games")


def openspiel_runners(game: Any) -> dict[str, Runner]:
    """Two Python loops over OpenSpiel's oh_hell.

    The first, the fair reference, samples every node, chance or not, with
    ``rng.choice(state.legal_actions())`` (the chance outcomes are
    equiprobable, as :func:`check_uniform_chance` verifies). The second
    samples chance nodes from ``state.chance_outcomes()``, the general way,
    which builds a list of (action, probability) pairs at every deal step and
    is slower.
    """

    def uniform_loop(games: int, seed: int) -> None:
        choice = random.Random(seed).choice
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(choice(state.legal_actions()))

    def chance_outcomes_loop(games: int, seed: int) -> None:
        rng = random.Random(seed)
        choice, below = rng.choice, rng.randrange
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[below(len(outcomes))][0])
                else:
                    state.apply_action(choice(state.legal_actions()))

    return {OPENSPIEL: uniform_loop, OPENSPIEL_OUTCOMES: chance_outcomes_loop}


SIZES: tuple[tuple[int, int], ...] = (
    (4, 1), (4, 5), (4, 9), (3, 13), (5, 7), (6, 6), (7, 5), (8, 4),
)  # fmt: skip
"""(players, cards) of the rows by hand size and by table size: 1, 5 and 9
cards for 4 players, then 3 to 8 players with the largest hand ``oh_hell``
deals from 40 cards (it always turns up a trump card)."""


OH_HELL_MAX_PLAYERS = 7
"""OpenSpiel's ``oh_hell`` takes 3 to 7 players: the 8-player row has no
OpenSpiel column."""


def sized_runners(players: int, cards: int) -> dict[str, Runner]:
    """The public API, ``simulate`` and, with pyspiel, OpenSpiel's Python and
    C++ loops, on random hands of ``cards`` cards for ``players`` players
    (40 cards, no 2s removed, as OpenSpiel's deck)."""
    rules = RuleSet(
        players=players, deck=40, remove_twos=False, schedule=(cards,), tiebreak="shared"
    )

    def public(games: int, seed: int) -> None:
        rng = random.Random(seed)
        choice, below = rng.choice, rng.randrange
        for game in range(games):
            state = new_game(rules, seed=seed * 1_000_003 + game, dealer=below(players))
            while not state.is_over:
                state = apply(state, choice(legal_moves(state)))

    def fast(games: int, seed: int) -> None:
        simulate(rules, games, seed=seed * 1_000_003)

    runners: dict[str, Runner] = {"public": public, "simulate": fast}
    if players > OH_HELL_MAX_PLAYERS:
        return runners
    try:
        import pyspiel  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return runners
    game = pyspiel.load_game("oh_hell", dict(OH_HELL, players=players, num_tricks_fixed=cards))

    def python_loop(games: int, seed: int) -> None:
        choice = random.Random(seed).choice
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(choice(state.legal_actions()))

    def cpp_loop(games: int, seed: int) -> None:
        bots = [pyspiel.make_uniform_random_bot(p, seed * 7 + p) for p in range(players)]
        for index in range(games):
            pyspiel.evaluate_bots(game.new_initial_state(), bots, (seed * 100_003 + index) % 2**31)

    runners.update({"OpenSpiel Python": python_loop, "OpenSpiel C++": cpp_loop})
    return runners


def sized_table(games: int, repeats: int) -> None:
    """Hands per second (CPU time, medians of interleaved runs) of every
    contender for each row of :data:`SIZES`, and the ratios."""
    rows = {size: sized_runners(*size) for size in SIZES}
    counts = {
        (players, cards): max(200, games * 36 // (players * cards)) for players, cards in SIZES
    }
    rates: dict[tuple[int, int], dict[str, list[float]]] = {
        size: {name: [] for name in runners} for size, runners in rows.items()
    }
    for runners in rows.values():  # a warm-up: tables, caches
        for run in runners.values():
            run(50, 99)
    for repeat in range(repeats):
        for size, runners in rows.items():
            for name, run in runners.items():
                start = time.process_time()
                run(counts[size], repeat)
                rates[size][name].append(counts[size] / (time.process_time() - start))
    print(f"\nBy hand and table size, 40 cards (hands per second of CPU time, "
          f"median of {repeats} interleaved runs):")  # fmt: skip
    head = ("players", "cards", "public", "OS Python", "ratio", "simulate", "OS C++", "ratio")
    print("  " + "".join(f"{word:>11}" for word in head))
    for (players, cards), measured in rates.items():
        median = {name: statistics.median(values) for name, values in measured.items()}
        line = f"  {players:>11}{cards:>11}{median['public']:>11,.0f}"
        if "OpenSpiel C++" in median:
            python, cpp = median["OpenSpiel Python"], median["OpenSpiel C++"]
            line += f"{python:>11,.0f}{median['public'] / python:>10.2f}x"
            line += f"{median['simulate']:>11,.0f}{cpp:>11,.0f}{median['simulate'] / cpp:>10.2f}x"
        else:  # no OpenSpiel, or more players than oh_hell takes
            line += f"{'-':>11}{'-':>11}{median['simulate']:>11,.0f}{'-':>11}"
        print(line)


def best_rates(runners: dict[str, Runner], games: int, repeats: int) -> dict[str, float]:
    """Hands per second of each runner: the best of ``repeats`` interleaved runs."""
    best = dict.fromkeys(runners, 0.0)
    for repeat in range(repeats):
        for name, run in runners.items():
            start = time.perf_counter()
            run(games, repeat)
            best[name] = max(best[name], games / (time.perf_counter() - start))
    return best


def midgame_samples(games: int) -> list[tuple[GameState, Move]]:
    """Every state before the end of ``games`` random hands, with the move played."""
    rng = random.Random(99)
    samples = []
    for game in range(games):
        state = new_game(RULES, seed=game)
        while not state.is_over:
            move = rng.choice(legal_moves(state))
            samples.append((state, move))
            state = apply(state, move)
    return samples


def calls_per_second(samples: list[tuple[GameState, Move]], repeats: int) -> tuple[float, float]:
    """``legal_moves`` and ``apply`` calls per second over ``samples`` (best runs)."""
    states = [state for state, _ in samples]
    best_legal = best_apply = 0.0
    for _ in range(repeats):
        start = time.perf_counter()
        for state in states:
            legal_moves(state)
        best_legal = max(best_legal, len(states) / (time.perf_counter() - start))
        start = time.perf_counter()
        for state, move in samples:
            apply(state, move)
        best_apply = max(best_apply, len(samples) / (time.perf_counter() - start))
    return best_legal, best_apply


def import_ms(tries: int, *, cached: bool) -> float:
    """Best time of ``import pocha_rules`` in a fresh interpreter, in ms.

    ``cached``: with the bytecode of a first import kept (in a temporary
    directory), as after a normal install; otherwise with no bytecode written,
    so that modules without a cache are compiled from source every time.
    """
    code = (
        "import time; start = time.perf_counter(); import pocha_rules; "
        "print(time.perf_counter() - start)"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    with tempfile.TemporaryDirectory() as cache:
        if cached:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = cache
        else:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        command = [sys.executable, "-c", code]
        subprocess.run(command, env=env, capture_output=True, check=True)
        times = [
            float(subprocess.run(command, env=env, capture_output=True, text=True,
                                 check=True).stdout)
            for _ in range(tries)
        ]  # fmt: skip
    return 1000 * min(times)


def peak_memory(mode: str, games: int, warm_up: int) -> int:
    """Peak traced memory (bytes) of a fresh interpreter simulating ``games``
    hands after ``warm_up`` untraced ones.

    A warm-up fills the engine's bounded caches (the tuples of plays of each
    suit, at most 4 x 4,095, and their index by mask) and CPython's free
    lists, so that what is left is what the games themselves keep.
    """
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    command = [sys.executable, __file__, "--memory-child", mode, str(games), str(warm_up)]
    result = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    return int(result.stdout)


def simulate_in_batches(games: int, seed: int) -> None:
    """``simulate`` 100 games at a time (its results, kept, would grow)."""
    for start in range(0, games, 100):
        simulate(RULES, min(100, games - start), seed=seed * 1_000_003 + start)


def memory_child(mode: str, games: int, warm_up: int) -> None:
    run = {"public": pocha_public, "rollout": pocha_fast, "simulate": simulate_in_batches}[mode]
    if warm_up:
        run(warm_up, 1)
    tracemalloc.start()
    run(games, 0)
    print(tracemalloc.get_traced_memory()[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="hands per timed run")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs; the best counts")
    parser.add_argument(
        "--sizes-only", action="store_true", help="only the rows by hand and table size"
    )
    parser.add_argument("--memory-child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.memory_child:
        mode, games, warm_up = args.memory_child
        memory_child(mode, int(games), int(warm_up))
        return
    print(f"Python {platform.python_version()} on {platform.machine()}, {version_line()}")
    if args.sizes_only:
        sized_table(args.games, args.repeats)
        return
    runners: dict[str, Runner] = {
        "pocha public API": pocha_public,
        "pocha rollout": pocha_fast,
        "pocha simulate": pocha_simulate,
    }
    openspiel = openspiel_game()
    if openspiel is None:
        print("OpenSpiel is not installed (pip install open-spiel): its column is skipped")
    else:
        runners.update(openspiel_runners(openspiel))
    print(f"\nRandom 9-card hands, 4 players, 40 cards, deal included "
          f"(best of {args.repeats} runs of {args.games:,}):")  # fmt: skip
    rates = best_rates(runners, args.games, args.repeats)
    for name, value in rates.items():
        print(f"  {name:<26}{value:>10,.0f} hands/s")
    if openspiel is not None:
        reference = rates[OPENSPIEL]
        for name in runners:
            if name != OPENSPIEL:
                print(f"  {name} / OpenSpiel: {rates[name] / reference:5.2f}x")
    sized_table(args.games, args.repeats)
    legal, applied = calls_per_second(midgame_samples(300), args.repeats)
    print("\nCalls on states from the middle of random hands:")
    print(f"  legal_moves {legal:>12,.0f} /s")
    print(f"  apply       {applied:>12,.0f} /s")
    print("\nimport pocha_rules (best of 7 fresh interpreters):")
    print(f"  bytecode cached   {import_ms(7, cached=True):6.1f} ms")
    print(f"  compiled anew     {import_ms(7, cached=False):6.1f} ms")
    print("\nPeak traced memory (tracemalloc) of a fresh interpreter simulating hands:")
    for warm_up in (0, WARM_UP):
        label = f"after {warm_up:,} untraced" if warm_up else "from the start"
        print(f"  {label}:")
        for mode in ("public", "rollout", "simulate"):
            small, large = peak_memory(mode, 1_000, warm_up), peak_memory(mode, 10_000, warm_up)
            print(f"    {mode:<9} 1,000 hands {small / 1024:8,.0f} KiB   "
                  f"10,000 hands {large / 1024:8,.0f} KiB")  # fmt: skip


if __name__ == "__main__":
    main()
