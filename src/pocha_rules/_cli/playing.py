"""The terminal play loop, written once for both games.

``pocha play`` and ``pocha poch play`` are one command over the game
protocol (:class:`pocha_rules.games.Game`): the options, starting or
resuming a game, the seats, the loop of moves, reading a person's move,
the bots (a bot that fails is named and replaced by a random one), several
people at one keyboard, quitting, Ctrl-C and saving. What differs between
the games is a :class:`Screen`: how the table is shown before a move, how
a move is read from what a person types, how moves and the rest of a deal
are narrated, and what is said at the start and the end.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import shlex
import sys
from collections.abc import Sequence
from types import UnionType
from typing import Any, Final, Generic, Protocol, TextIO, TypeVar, cast

import attrs

from pocha_rules._bot_faults import raised
from pocha_rules._cli.games import GAMES
from pocha_rules._cli.i18n import _, current_language, translated
from pocha_rules._cli.match import load_bot, time_limit_argument
from pocha_rules._cli.options import DEFAULT_BOT, Fail, repeatable, seed_from_args
from pocha_rules._cli.output import Output, Stop
from pocha_rules._cli.records import read_record
from pocha_rules._cli.saving import check_target, save
from pocha_rules._cli.signals import interruptible
from pocha_rules._common.errors import IllegalMoveError, InvalidRecordError, PochaError
from pocha_rules._common.tags import Tags
from pocha_rules._common.text import got, printable, shown_path
from pocha_rules.games import Game, GameBot
from pocha_rules.referee import BotFault

__all__ = [
    "QUIT_WORDS",
    "Screen",
    "Step",
    "bot_text",
    "check_seat",
    "error_text",
    "play_options",
    "run_game",
    "tags_from_args",
]

_R = TypeVar("_R")
_S = TypeVar("_S")
_M = TypeVar("_M")
_V = TypeVar("_V")

QUIT_WORDS: Final = frozenset({"quit", "exit", "abandonar", "terminar", "salir", "beenden"})
"""What leaves the game at the prompt (``salir`` is kept from before)."""
HELP_WORDS: Final = frozenset({"help", "?", "ayuda", "hilfe"})
"""What asks for the help at the prompt."""

_CLEAR: Final = "\033[H\033[2J\033[3J"
"""Clear the terminal and its scrollback, and go to its top left corner."""


class Record(Protocol):
    """What the loop reads of a saved record: its moves and its tags."""

    @property
    def moves(self) -> Sequence[Any]: ...

    @property
    def tags(self) -> Tags: ...


Step = tuple[_S, _M, _S]
"""A move with the states before and after it."""


class Screen(Generic[_R, _S, _M, _V]):
    """What one game shows and reads at the terminal; the loop does the rest.

    A subclass sets the class attributes and writes the methods that raise
    :class:`NotImplementedError`; the others have a default that fits a game
    without anything of its own to say there.
    """

    game: Game[_R, _S, _M, _V]
    move_type: type | UnionType
    """The class of the game's moves (a bot's answer must be one)."""
    command: tuple[str, ...]
    """The command's words after ``pocha``: ``("play",)``."""
    new_game_options: tuple[str, ...] = ("--seed", "--dealer", "--players", "--deck", "--rule")
    """The options a resumed game refuses: those of a new game."""
    tag_help: str
    """The help of ``--tag``, with the game's examples of tags (an English
    text, marked with :func:`~pocha_rules._cli.i18n.N_`)."""

    def __init__(self, out: Output) -> None:
        self.out = out

    # --- the game ------------------------------------------------------------------

    def rules_from_args(self, args: argparse.Namespace, fail: Fail) -> _R:
        """The rule set the options ask for."""
        rules: _R = GAMES[self.game.name].options.rules_from_args(args, fail)
        return rules

    def new_game(self, rules: _R, seed: int | None, dealer: int | None) -> _S:
        """A new game."""
        return self.game.new_game(rules, seed=seed, dealer=dealer)

    def restart(self, record: Any) -> _S:
        """The start of the game ``record`` holds, before its first move."""
        raise NotImplementedError

    def period(self, state: _S) -> int:
        """The round or deal ``state`` is in: narration begins each anew."""
        raise NotImplementedError

    def seed(self, state: _S) -> int:
        """The game's seed."""
        seed: int = getattr(state, "seed")  # noqa: B009 (both games' states have one)
        return seed

    def played(self, state: _S) -> bool:
        """Whether anything has been played in the game."""
        raise NotImplementedError

    # --- the seats -----------------------------------------------------------------

    def bots(
        self, args: argparse.Namespace, rules: _R, seed: int, fail: Fail
    ) -> tuple[list[GameBot[_V, _M]], str]:
        """A bot for every seat (the people's are not asked), and what plays
        the seats that are not a person's, in words: ``--engine``'s program,
        or ``--bot``'s built-in bot or ``MODULE:CLASS``."""
        players: int = getattr(rules, "players")  # noqa: B009 (both games' rules have it)
        if args.engine is not None:
            return self._engines(args, players, seed, fail), _("engine")
        if args.bot in self.game.bots:
            built_in = [self.game.bot(args.bot, seed + 1 + seat) for seat in range(players)]
            return built_in, bot_text(args.bot)
        try:
            name, factory = load_bot(args.bot, self.game.name)
        except ValueError as error:
            fail(f"--bot {args.bot}: {error}")
        # load_bot has checked that the class makes bots; which game's, the
        # game's own checks of their moves find out.
        bots = [cast("GameBot[_V, _M]", factory(seed=seed + 1 + seat)) for seat in range(players)]
        return bots, bot_text(name)

    def _engines(
        self, args: argparse.Namespace, players: int, seed: int, fail: Fail
    ) -> list[GameBot[_V, _M]]:
        """``--engine``'s program at every seat, once it has answered its
        greeting (one process a seat)."""
        from pocha_rules.engines import Engine, EngineSetupError

        if args.bot != DEFAULT_BOT:
            fail(_("--bot and --engine: give one of them"))
        if not 0 < args.time_limit < math.inf:
            fail(_("--time-limit: above 0 seconds, got {got}").format(got=args.time_limit))
        try:
            engine = Engine(args.engine, time_limit=args.time_limit)
            engine.check()  # an engine that cannot play is refused before the game
        except EngineSetupError as error:
            raise Stop(2, str(error)) from None
        except (TypeError, PochaError) as error:
            fail(f"--engine: {error}")
        seats: list[GameBot[_V, _M]] = [engine(seed=seed + 1 + seat) for seat in range(players)]
        return seats

    def kept_options(self, args: argparse.Namespace) -> list[str]:
        """The options that say who plays, repeated to go on with a game."""
        kept = [] if args.bot == DEFAULT_BOT else ["--bot", args.bot]
        return kept if args.engine is None else [*kept, "--engine", args.engine]

    def illegal(self, state: _S, move: _M) -> str | None:
        """Why a bot's ``move`` is illegal in ``state``, or ``None``."""
        raise NotImplementedError

    def advance(self, state: _S, move: _M, bots: Sequence[GameBot[_V, _M]]) -> _S:
        """The state after ``move``; the bots hear of it where they listen."""
        return self.game.apply(state, move)

    # --- what is shown -------------------------------------------------------------

    def intro(self, state: _S) -> str:
        """The game's first line: the rules, the seed, the first dealer."""
        raise NotImplementedError

    def resumed(self, path: str, state: _S) -> str:
        """The line that says where a resumed game goes on."""
        raise NotImplementedError

    def over(self, path: str, winners: str) -> str:
        """Why the finished game in ``path`` cannot be resumed."""
        raise NotImplementedError

    def narrated(self, humans: Sequence[int]) -> bool:
        """Whether the moves are told (with people at the table, or always)."""
        return bool(humans)

    def begin(self, state: _S, earlier: Sequence[Step[_S, _M]], watcher: int | None) -> None:
        """The lines at the start of a round or deal (``earlier``: the moves of
        a resumed one, before ``state``)."""
        raise NotImplementedError

    def title(self, state: _S, seat: int) -> str | None:
        """The title shown to a person who sits down at the keyboard."""
        return None

    def narrate(self, before: _S, move: _M, after: _S, watcher: int | None) -> None:
        """Tell ``move``, and what it brought about."""
        raise NotImplementedError

    def start(self, state: _S, humans: Sequence[int]) -> None:
        """What is shown before the first move of this sitting."""

    def after(self, before: _S, after: _S, humans: Sequence[int]) -> None:
        """What is shown after a move, past its narration."""

    def finish(self, state: _S, humans: Sequence[int]) -> None:
        """What is shown when the game is over."""
        raise NotImplementedError

    # --- reading a person's move ---------------------------------------------------

    def prompt(self, view: _V) -> list[str]:
        """The lines shown before a person's move."""
        raise NotImplementedError

    def help(self, rules: _R) -> list[str]:
        """What ``help`` at the prompt prints."""
        raise NotImplementedError

    def parse(self, text: str, rules: _R) -> _M:
        """The move ``text`` writes (a :class:`PochaError` when none)."""
        raise NotImplementedError

    def refusal(self, error: IllegalMoveError) -> str:
        """Why a person's move is refused, in the command's language."""
        from pocha_rules.messages import reason

        return reason(error, current_language())


def error_text(error: PochaError) -> str:
    """A library error in the command's language."""
    from pocha_rules.messages import message

    return message(error, current_language())


def play_options(
    parser: argparse.ArgumentParser, screen: type[Screen[Any, Any, Any, Any]]
) -> None:
    """The options of ``play``, a game at the terminal shown by ``screen``:
    ``--human``, who plays the other seats (a built-in bot, a bot class or
    an engine), the ones both games share, then the game's rules options."""
    played = GAMES[screen.game.name]
    repeatable(
        parser,
        "--human",
        "SEAT",
        _("a seat you play (repeatable); with none, bots play every seat"),
        type=int,
    )
    _players_arguments(parser, tuple(played.bots))
    parser.add_argument("--seed", type=int, default=None, help=_("deal from this seed"))
    parser.add_argument("--dealer", type=int, default=None, help=_("the first dealer's seat"))
    parser.add_argument(
        "--save",
        metavar="FILE",
        default=None,
        help=_("write the game record when the game ends, or is quit or interrupted"),
    )
    parser.add_argument(
        "--force", action="store_true", help=_("let --save replace a file that exists")
    )
    parser.add_argument(
        "--resume",
        metavar="FILE",
        default=None,
        help=_(
            "continue the unfinished game saved in FILE (its rules, seed and moves); "
            "name the human seats again with --human"
        ),
    )
    repeatable(parser, "--tag", "NAME=VALUE", translated(screen.tag_help))
    played.options.rules_arguments(parser)


def _players_arguments(parser: argparse.ArgumentParser, bots: Sequence[str]) -> None:
    """``--bot``, ``--engine`` and ``--time-limit``: who plays the seats
    that are not a person's."""
    parser.add_argument(
        "--bot",
        default=DEFAULT_BOT,
        metavar="BOT",
        help=_(
            "the bot at the other seats: {bots} (default {default}), "
            "or MODULE:CLASS, a class whose constructor takes seed"
        ).format(bots=", ".join(sorted(bots)), default=DEFAULT_BOT),
    )
    parser.add_argument(
        "--engine",
        default=None,
        metavar="COMMAND",
        help=_("a program of the engine protocol at the other seats (one process each)"),
    )
    time_limit_argument(parser)


def tags_from_args(items: list[str], kept: Tags, fail: Fail) -> Tags:
    """The record's tags: ``kept`` (a resumed game's), then the ones given
    as ``--tag NAME=VALUE``."""
    from pocha_rules.messages import reason

    pairs = []
    for item in items:
        name, sep, value = item.partition("=")
        if not sep:
            fail(_("--tag {item}: expected NAME=VALUE").format(item=printable(item)))
        pairs.append((name.strip(), value.strip()))
    try:
        given = Tags(pairs)
        return Tags({**kept, **given})
    except InvalidRecordError as error:
        fail(f"--tag: {error.where}: {reason(error, current_language())}")


def bot_text(name: str) -> str:
    """What plays a seat, in words: ``heuristic bot``, ``bot heurístico``."""
    names = {
        "heuristic": _("heuristic"),
        "random": _("random"),
        "montecarlo": _("montecarlo"),
        "trained": _("trained"),
    }
    return _("{bot} bot").format(bot=names.get(name, name))


def check_seat(seat: int, option: str, players: int, fail: Fail) -> None:
    """Refuse a seat that is not at the table."""
    if not 0 <= seat < players:
        fail(
            _("{option} {seat}: seats run from 0 to {last}").format(
                option=option, seat=seat, last=players - 1
            )
        )


class _Quit(Stop):
    """``quit`` at the prompt: the player chose to leave."""


def run_game(
    shown_by: type[Screen[_R, _S, _M, _V]], args: argparse.Namespace, out: Output, fail: Fail
) -> int:
    """Play the game the options ask for (a new one, or ``--resume``),
    shown by a ``shown_by`` screen."""
    screen = shown_by(out)
    game = screen.game
    if args.resume is not None:
        for option in screen.new_game_options:
            if getattr(args, option.removeprefix("--")) not in (None, []):
                fail(
                    _(
                        "--resume with {option}: a saved game keeps its rules, seed and first "
                        "dealer; leave {option} out"
                    ).format(option=option)
                )
    if args.force and args.save is None:
        fail(_("--force: only with --save FILE (it lets the save replace FILE)"))
    replace = False
    if args.save is not None:
        replace = check_target(args.save, force=args.force, replaceable=args.resume, fail=fail)
    record: Record | None = None
    if args.resume is not None:
        record, state = _resume(screen, args.resume)
        rules = game.rules_of(state)
    else:
        rules = screen.rules_from_args(args, fail)
        if args.dealer is not None:
            check_seat(args.dealer, "--dealer", game.players(rules), fail)
        if args.seed is not None:
            seed_from_args(args, fail)
        state = screen.new_game(rules, args.seed, args.dealer)
    players = game.players(rules)
    for seat in args.human:
        check_seat(seat, "--human", players, fail)
    args.tags = tags_from_args(args.tag, Tags() if record is None else record.tags, fail)
    humans = sorted(set(args.human))
    bots, playing = screen.bots(args, rules, screen.seed(state), fail)
    person = _("you") if len(humans) == 1 else _("person")
    names = [person if s in humans else playing for s in range(players)]
    out.line(screen.intro(state))
    earlier: list[Step[_S, _M]] = []
    if record is not None:
        earlier = _catch_up(screen, record, bots, humans)
        out.line(screen.resumed(args.resume, state))
    out.line(_("seats: ") + ", ".join(f"{s} {name}" for s, name in enumerate(names)))
    table = _Table(screen, state, humans, bots, earlier)
    try:
        return _play_table(table, args, replace)
    finally:
        for bot in bots:
            close = getattr(bot, "close", None)
            if callable(close):
                close()


def _play_table(table: _Table[_R, _S, _M, _V], args: argparse.Namespace, replace: bool) -> int:
    out = table.screen.out
    try:
        with interruptible():
            table.play()
    except KeyboardInterrupt:  # Ctrl-C, a hangup: keep the game so far
        with contextlib.suppress(OSError):  # a terminal that hung up takes no more text
            out.line()  # end the line the prompt or ^C left
        _keep(table, args, replace)
        raise Stop(130, _("interrupted")) from None
    except _Quit:  # left by choice: saved (with --save) is done
        _keep(table, args, replace)
        if args.save is not None:
            return 0
        raise
    except BaseException:  # end of input, an error: keep the game so far
        _keep(table, args, replace)
        raise
    if args.save is not None:
        save(args.save, table.state, out, replace=replace, tags=args.tags)  # type: ignore[arg-type]
    return 0


@attrs.define
class _Table(Generic[_R, _S, _M, _V]):
    """A game being played: the state so far, who plays each seat, and the
    screen that shows it."""

    screen: Screen[_R, _S, _M, _V]
    state: _S
    humans: list[int]
    bots: list[GameBot[_V, _M]]
    earlier: list[Step[_S, _M]]
    """The moves of this round or deal made before the game was resumed."""

    def play(self) -> None:
        """Play to the end of the game; :attr:`state` is always the game so far."""
        screen, game, humans = self.screen, self.screen.game, self.humans
        out = screen.out
        watcher = humans[0] if humans else None
        narrated = screen.narrated(humans)
        screen.start(self.state, humans)
        shown = -1  # the round or deal whose title is on the screen
        # Several people at one terminal: each one's cards are cleared from
        # the screen before the next one sits down.
        hot_seat = len(humans) > 1 and _at_a_terminal(out, sys.stdin)
        at_keyboard = -1  # the person whose cards are on the screen
        while not game.is_over(self.state):
            state = self.state
            seat = game.to_move(state)
            assert seat is not None
            if narrated and screen.period(state) != shown:
                screen.begin(state, self.earlier, watcher)
                self.earlier = []
                shown = screen.period(state)
            if seat in humans:
                if hot_seat and seat != at_keyboard:
                    _hand_over(seat, out, sys.stdin, clear=at_keyboard >= 0)
                    title = screen.title(state, seat)
                    if title is not None:
                        out.line(title)
                    at_keyboard = seat
                move = _read_move(screen, state, seat, sys.stdin)
            else:
                move = self._bot_move(state, seat)
            after = screen.advance(state, move, self.bots)
            if narrated:
                screen.narrate(state, move, after, watcher)
            self.state = after
            screen.after(state, after, humans)
        screen.finish(self.state, humans)

    def _bot_move(self, state: _S, seat: int) -> _M:
        """The bot's move at ``seat``; a bot that fails (it raises, answers
        something that is not a legal move; an engine crashes, hangs or
        answers garbage) is named in one line and a random bot plays on
        for its seat."""
        screen, game = self.screen, self.screen.game
        bot = self.bots[seat]
        try:
            move = bot.act(game.observe(state, seat))
            if not isinstance(move, screen.move_type):
                raise BotFault(
                    "garbage", _("answered {got}, which is not a move").format(got=got(move))
                )
            why = screen.illegal(state, move)
            if why is not None:
                raise BotFault(
                    "illegal",
                    _("its move {move} is illegal: {reason}").format(
                        move=repr(str(move)), reason=why
                    ),
                )
        except Exception as error:
            kind = error.kind if isinstance(error, BotFault) else "error"
            what = error.reason if isinstance(error, BotFault) else raised(error)
            screen.out.line(
                _("seat {seat}'s bot failed ({kind}): {what}; a random bot plays on").format(
                    seat=seat, kind=kind, what=what
                )
            )
            close = getattr(bot, "close", None)
            if callable(close):
                close()
            self.bots[seat] = game.bot("random", seed=screen.seed(state) + seat)
            move = self.bots[seat].act(game.observe(state, seat))
        return move


def _hand_over(seat: int, out: Output, stdin: TextIO, *, clear: bool) -> None:
    """Between two people at one keyboard: clear the screen (the last one's
    cards with it), and wait for the next one to press Enter."""
    if clear:
        out.stream.write(_CLEAR)
        out.stream.flush()
    out.line(_("pass the keyboard to seat {seat}, then press Enter").format(seat=seat))
    out.stream.write(_("seat {seat}, press Enter> ").format(seat=seat))
    out.stream.flush()
    if not stdin.readline():
        out.line()
        raise Stop(1, _("end of input: the game is abandoned"))
    out.stream.write(_CLEAR)
    out.stream.flush()


def _at_a_terminal(out: Output, stdin: TextIO) -> bool:
    try:
        return stdin.isatty() and out.stream.isatty()
    except (AttributeError, ValueError):
        return False


def _read_move(screen: Screen[_R, _S, _M, _V], state: _S, seat: int, stdin: TextIO) -> _M:
    out, game = screen.out, screen.game
    view = game.observe(state, seat)
    for line in screen.prompt(view):
        out.line(line)
    moves = game.view_moves(view)
    rules = game.rules_of(state)
    while True:
        out.stream.write(_("seat {seat}> ").format(seat=seat))
        out.stream.flush()
        entry = stdin.readline()
        if not entry:
            out.line()  # end the prompt's line
            raise Stop(1, _("end of input: the game is abandoned"))
        text = entry.strip()
        if not stdin.isatty():  # show piped entries, so the transcript reads well
            out.stream.write(printable(text) + "\n")
        if not text:
            continue
        if text.lower() in QUIT_WORDS:
            raise _Quit(1, _("the game is abandoned"))
        if text.lower() in HELP_WORDS:
            for line in screen.help(rules):
                out.line(line)
            continue
        if text.isascii() and text.isdigit():
            if len(text) <= 3 and 1 <= int(text) <= len(moves):
                return moves[int(text) - 1]
            shown = text if len(text) <= 12 else text[:9] + "..."
            out.line(
                _("there is no move {text}: choose 1 to {count}").format(
                    text=shown, count=len(moves)
                )
            )
            continue
        try:
            move = screen.parse(text, rules)
        except PochaError as error:
            out.line(
                _("{error}; type 'help' for how to write cards and moves").format(
                    error=error_text(error)
                )
            )
            continue
        try:
            game.apply(state, move)
        except IllegalMoveError as error:
            out.line(_("not allowed: {reason}").format(reason=screen.refusal(error)))
            continue
        return move


def _resume(screen: Screen[_R, _S, _M, _V], path: str) -> tuple[Record, _S]:
    """The record saved in ``path`` and its game, which must be unfinished."""
    game = screen.game
    played = GAMES[game.name]
    record, state = read_record(path, played.records.load, played.records.replay)
    if game.is_over(state):
        rules = game.rules_of(state)
        winners = ", ".join(
            _("seat {seat}").format(seat=s) for s in game.winners(rules, game.scores(state))
        )
        raise Stop(1, screen.over(shown_path(path), winners))
    return record, state


def _catch_up(
    screen: Screen[_R, _S, _M, _V],
    record: Record,
    bots: list[GameBot[_V, _M]],
    humans: list[int],
) -> list[Step[_S, _M]]:
    """Let each bot think over the moves its seat made in the record, so that
    its random choices go on where they were: with the seats as before, a
    resumed game ends as the uninterrupted one would have. Return the moves
    of the round or deal the game stopped in.
    """
    game = screen.game
    state = screen.restart(record)
    steps: list[Step[_S, _M]] = []
    for move in record.moves:
        seat = game.to_move(state)
        assert seat is not None
        if seat not in humans:
            bots[seat].act(game.observe(state, seat))
        after = game.apply(state, move)
        if screen.period(after) == screen.period(state):
            steps.append((state, move, after))
        else:
            steps.clear()
        state = after
    return steps


def _keep(table: _Table[_R, _S, _M, _V], args: argparse.Namespace, replace: bool) -> None:
    """Save an unfinished game (with ``--save``), and say how to go on with it."""
    screen, state, humans = table.screen, table.state, table.humans
    out = screen.out
    if args.save is None:
        if humans and screen.played(state):
            out.line(_("the game is not saved (--save FILE keeps a game)"))
        return
    over = screen.game.is_over(state)
    path = save(args.save, state, out, replace=replace, partial=not over, tags=args.tags)  # type: ignore[arg-type]
    if over:
        return
    command = ["pocha", *screen.command, "--resume", path]
    for seat in humans:
        command += ["--human", str(seat)]
    command += screen.kept_options(args)
    command += ["--save", path]
    out.line(_("to go on with it: {command}").format(command=printable(shlex.join(command))))
