"""The commands of ``pocha`` and of its group ``pocha poch``, in the order
their ``--help`` lists them: each stated once as a
:class:`~pocha_rules._cli.commands.Command`, with its texts, the function
that adds its options and the one that runs it (from the command's own
module). ``match`` and ``tournament`` are written once for both games and
stand in both lists."""

from __future__ import annotations

import functools
from typing import Final

import pocha_rules._cli.engine as engine
import pocha_rules._cli.explain as explain
import pocha_rules._cli.match as match
import pocha_rules._cli.poch.records as poch_records
import pocha_rules._cli.poch.simulate as poch_simulate
import pocha_rules._cli.records as records
import pocha_rules._cli.rules as rules
import pocha_rules._cli.serve as serve
import pocha_rules._cli.simulate as simulate
import pocha_rules._cli.tournament as tournament
from pocha_rules._cli.commands import Command
from pocha_rules._cli.i18n import N_
from pocha_rules._cli.play import PochaScreen
from pocha_rules._cli.playing import play_options, run_game
from pocha_rules._cli.poch.play import PochScreen
from pocha_rules._cli.records import record_argument

__all__ = ["POCH", "POCHA", "POCH_GROUP"]


def _match(game: str) -> Command:
    """``match``, for ``game``."""
    return Command(
        name="match",
        help=N_("bots against each other over many games, with confidence intervals"),
        description=N_(
            "Play bots against each other, moving them round the table from game "
            "to game, and report each bot's mean result per game (points at Pocha, net "
            "chips at Poch) with a 95% confidence interval, its margin over the other "
            "seats and its win rate. A bot is a built-in "
            "name ({bots}) or MODULE:CLASS, a class whose constructor takes seed "
            "(found from the current directory too); NAME=MODULE:CLASS renames it; "
            "--engine NAME=COMMAND seats a program of the engine protocol. Without "
            "--lineup the bots take the seats in turn round the table. A bot's fault (an "
            "exception, an illegal move; an engine's crash, hang or garbage) forfeits its "
            "game and is named in one line; the match goes on."
        ),
        examples=(
            "{prefix} match --bot heuristic --bot random -n 400 --duplicate --workers 2",
            "{prefix} match --bot me=mybots:Greedy --bot heuristic "
            "--lineup me,heuristic,heuristic,heuristic",
            "{prefix} match --engine e='{engine}' --bot heuristic -n 40",
        ),
        run=functools.partial(match.run, game=game),
        options=functools.partial(match.options, game=game),
    )


def _tournament(game: str) -> Command:
    """``tournament``, for ``game``."""
    return Command(
        name="tournament",
        help=N_("a round robin of bots and engines, with ratings"),
        description=N_(
            "Play every pair of bots against each other over the same duplicate "
            "deals, and rate them (Bradley-Terry, on the Elo scale, with 95% intervals) with "
            "a crosstable. A bot is a built-in name "
            "({bots}) or MODULE:CLASS; an engine is NAME=COMMAND (a program of "
            "the engine protocol). A bot's fault forfeits its game, never the tournament. "
            "With --results, every finished set is appended to a file at once, and "
            "--resume FILE goes on with it after Ctrl-C or a crash: give the same "
            "--bot and --engine again (a results file is data: nothing it names is run)."
        ),
        examples=(
            "{prefix} tournament --bot heuristic --bot random --bot montecarlo --sets 20 "
            "--workers 0 --results t.jsonl",
            "{prefix} tournament --bot heuristic --bot random --bot montecarlo "
            "--resume t.jsonl --workers 0",
            "{prefix} tournament --bot heuristic --engine e='{engine}'",
        ),
        run=functools.partial(tournament.run, game=game),
        options=functools.partial(tournament.options, game=game),
    )


POCH: Final = (
    Command(
        name="play",
        help=N_("play a game of Poch in the terminal (or watch bots play)"),
        description=N_("Play a game of Poch in the terminal against bots, or watch bots play."),
        examples=(
            (
                "pocha poch play --human 0 --save poch.json                      # ",
                N_("you and three bots"),
            ),
            (
                "pocha poch play --resume poch.json --human 0 --save poch.json   # ",
                N_("go on with it"),
            ),
            (
                "pocha poch play --players 5 --seed 7                            # ",
                N_("watch five bots"),
            ),
        ),
        run=functools.partial(run_game, PochScreen),
        options=functools.partial(play_options, screen=PochScreen),
    ),
    Command(
        name="simulate",
        help=N_("play many bot games of Poch and compare the seats"),
        description=N_(
            "Play many games of Poch between bots at fixed seats and summarise each "
            "seat. Game i is dealt from seed --seed + i."
        ),
        examples=("pocha poch simulate -n 200 --bots heuristic,random,random --players 3",),
        run=poch_simulate.run_simulate,
        options=poch_simulate.options,
    ),
    _match("poch"),
    Command(
        name="validate",
        help=N_("check a Poch record"),
        description=N_("Check a Poch record by replaying it move by move."),
        examples=("pocha poch validate poch.json",),
        run=poch_records.run_validate,
        options=record_argument,
    ),
    Command(
        name="replay",
        help=N_("the deals of a recorded Poch game"),
        description=N_(
            "Show a recorded Poch game, finished or not: each deal's dealer, trump, "
            "who took the poch and each seat's result; with --moves every move and payment."
        ),
        examples=("pocha poch replay poch.json", "pocha poch replay --moves poch.json"),
        run=poch_records.run_replay,
        options=poch_records.replay_options,
    ),
    Command(
        name="rules",
        help=N_("show every option of a Poch rule set"),
        description=N_(
            "Show every option of a Poch rule set, its value and what it means for a "
            "deal; 'full' adds how a deal goes, step by step."
        ),
        examples=(
            "pocha poch rules --players 5",
            "pocha poch rules full",
            "pocha poch rules --rule sequence_rule=longest_run --rule centre_pool=true",
        ),
        run=poch_records.run_rules,
        options=poch_records.rules_options,
    ),
    _tournament("poch"),
)
"""The commands of ``pocha poch``."""

POCH_GROUP: Final = Command(
    name="poch",
    help=N_("Poch, the German game of a board of pools: play, simulate, check records"),
    description=N_(
        "Poch, the German game of a board of pools, a round of betting on pairs "
        "and a race to shed cards: play it, simulate bots, check and show records."
    ),
    examples=(
        ("pocha poch play --human 0 --save poch.json   # ", N_("a game against three bots")),
        ("pocha poch rules --players 5                 # ", N_("what a rule set holds")),
        ("pocha poch replay poch.json                  # ", N_("the deals of a record")),
        ("pocha poch COMMAND --help                    # ", N_("a command's options")),
    ),
    group=POCH,
)
"""``pocha poch``, the group of Poch's commands."""


POCHA: Final = (
    Command(
        name="play",
        help=N_("play a game in the terminal (or watch bots play)"),
        description=N_("Play a game in the terminal against bots, or watch bots play."),
        examples=(
            (
                "pocha play --human 0 --save game.json                      # ",
                N_("you and three bots"),
            ),
            ("pocha play --resume game.json --human 0 --save game.json   # ", N_("go on with it")),
            (
                "pocha play --preset up_down --players 5 --seed 7           # ",
                N_("watch five bots"),
            ),
        ),
        run=functools.partial(run_game, PochaScreen),
        options=functools.partial(play_options, screen=PochaScreen),
    ),
    Command(
        name="simulate",
        help=N_("play many bot games and compare the seats"),
        description=N_(
            "Play many games between bots at fixed seats and summarise each seat. "
            "Game i is dealt from seed --seed + i."
        ),
        examples=(
            "pocha simulate -n 1000 --bots heuristic,random,random,random --seed 1 --workers 2",
        ),
        run=simulate.run,
        options=simulate.options,
    ),
    _match("pocha"),
    _tournament("pocha"),
    Command(
        name="engine",
        help=N_("run a bot as an engine (JSON lines on standard input and output)"),
        description=N_(
            "Run a bot as an engine of the engine protocol: it reads the "
            "protocol's messages on standard input and answers on standard output, so that "
            "'pocha match --engine' or any other arena can seat it, at Pocha or at Poch (as "
            "the arena's game message says). BOT is a built-in name ({bots}: Pocha's bot or "
            "Poch's of that name) or MODULE:CLASS."
        ),
        examples=(
            "pocha engine heuristic",
            "pocha match --engine h='pocha engine heuristic' --bot random -n 40",
            "pocha poch match --engine h='pocha engine heuristic' --bot random -n 40",
        ),
        run=engine.run,
        options=engine.options,
    ),
    Command(
        name="validate",
        help=N_("check a game record"),
        description=N_("Check a game record by replaying it move by move."),
        examples=(
            "pocha validate game.json",
            ("pocha validate --lenient table.json   # ", N_("a real table's game with revokes")),
        ),
        run=records.run_validate,
        options=records.validate_options,
    ),
    Command(
        name="replay",
        help=N_("the score sheet of a recorded game"),
        description=N_(
            "Print the score sheet of a recorded game, finished or not; with "
            "--moves, first go through the game trick by trick."
        ),
        examples=(
            "pocha replay game.json",
            ("pocha replay --moves game.json   # ", N_("every bid, trick and round")),
            "pocha replay --lenient table.json",
        ),
        run=records.run_replay,
        options=records.replay_options,
    ),
    Command(
        name="rules",
        help=N_("show every option of a rule set"),
        description=N_("Show every option of a rule set, and its round plan."),
        examples=(
            ("pocha rules                     # ", N_("the default rules")),
            ("pocha rules full --players 3    # ", N_("a preset for three players")),
            "pocha rules --rule schedule=1,2,3a,1b --rule must_overtake=false",
        ),
        run=rules.run,
        options=rules.options,
    ),
    Command(
        name="explain",
        help=N_("say what each move may or may not do in a position, and why"),
        description=N_(
            "Read a position in the position notation and say, for each move the seat "
            "to move might think of (each card of its hand, each bid...), whether the "
            "rules allow it, and if not, which rule forbids it."
        ),
        examples=(
            'pocha explain "classic 1:1 3 2b 4c/10o/4e/1c - -/-/-/- - 0/0/0/0 0 0/0/0/0 7"',
            ('pocha explain --lang es "POSITION"   # ', N_("in Spanish")),
        ),
        run=explain.run,
        options=explain.options,
    ),
    POCH_GROUP,
    Command(
        name="serve",
        help=N_("serve tables of Pocha and Poch to play with friends in the browser"),
        description=N_(
            "Start a web server where people set up tables of Pocha or Poch, send one "
            "link to each friend, and play in their browsers. Every move is written to "
            "the database before anyone is told of it; a server started again goes on "
            "with every unfinished table. Needs the serve extra: "
            'pip install "pocha-rules[serve]".'
        ),
        examples=(
            ("pocha serve                               # ", N_("on http://127.0.0.1:8000")),
            "pocha serve --host 0.0.0.0 --port 8080 --db tables.sqlite3",
        ),
        run=serve.run,
        options=serve.options,
    ),
)
"""The commands of ``pocha``, the group ``poch`` among them."""
