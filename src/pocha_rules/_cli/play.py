"""``pocha play``: a game in the terminal, people against bots or bots alone."""

from __future__ import annotations

import argparse
import contextlib
import shlex
import sys
from typing import TYPE_CHECKING, Final, TextIO

from pocha_rules._bot_faults import raised
from pocha_rules._cli.i18n import _, current_language, ngettext
from pocha_rules._cli.options import (
    BOTS,
    DEFAULT_BOT,
    Fail,
    bots_for,
    examples,
    rules_arguments,
    rules_from_args,
    seed_from_args,
)
from pocha_rules._cli.output import Output, Stop
from pocha_rules._cli.saving import check_target, save
from pocha_rules._cli.sheet import ScoreSheet
from pocha_rules._cli.signals import interruptible
from pocha_rules._common.errors import IllegalMoveError, InvalidRecordError, PochaError
from pocha_rules._common.tags import Tags
from pocha_rules._common.text import got, printable, shown_path
from pocha_rules._pocha.cards import Card, Suit
from pocha_rules._pocha.engine import apply, explain
from pocha_rules._pocha.game import new_game
from pocha_rules._pocha.moves import Bid, Call, ChooseTrump, Move, Pass, Play, parse_move
from pocha_rules._pocha.rules import RuleSet
from pocha_rules._pocha.schedules import RoundKind
from pocha_rules._pocha.state import GameState, Phase
from pocha_rules.bots import Bot, RandomBot
from pocha_rules.events import MoveMade, TrickWon, events
from pocha_rules.events import step as step_events
from pocha_rules.messages import reason
from pocha_rules.names import card_name, move_name, suit_name
from pocha_rules.referee import BotFault
from pocha_rules.views import PlayerView, observe

if TYPE_CHECKING:
    from pocha_rules.records import GameRecord

__all__ = ["add_parser", "run", "tags_from_args"]


def add_parser(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    parents: list[argparse.ArgumentParser],
) -> None:
    """Add ``pocha play`` to ``commands``."""
    parser = commands.add_parser(
        "play",
        parents=parents,
        help=_("play a game in the terminal (or watch bots play)"),
        description=_("Play a game in the terminal against bots, or watch bots play."),
        **examples(
            "pocha play --human 0 --save game.json                      # "
            + _("you and three bots"),
            "pocha play --resume game.json --human 0 --save game.json   # " + _("go on with it"),
            "pocha play --preset up_down --players 5 --seed 7           # " + _("watch five bots"),
        ),
    )
    parser.add_argument(
        "--human",
        action="append",
        type=int,
        default=[],
        metavar="SEAT",
        help=_("a seat you play (repeatable); with none, bots play every seat"),
    )
    parser.add_argument(
        "--bot",
        default=DEFAULT_BOT,
        metavar="BOT",
        help=_(
            "the bot at the other seats: {bots} (default {default}), "
            "or MODULE:CLASS, a class whose constructor takes seed"
        ).format(bots=", ".join(BOTS), default=DEFAULT_BOT),
    )
    parser.add_argument(
        "--engine",
        default=None,
        metavar="COMMAND",
        help=_("a program of the engine protocol at the other seats (one process each)"),
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help=_("an engine's time for each move (default 10)"),
    )
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
    parser.add_argument(
        "--tag",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=_("a tag for the saved record, such as event=Fiestas or site=Madrid (repeatable)"),
    )
    rules_arguments(parser)
    parser.set_defaults(run=run, subparser=parser)


def _seat(seat: int) -> str:
    """``seat 2``, in the command's language."""
    return _("seat {seat}").format(seat=seat)


def _card(card: Card) -> str:
    """A card as the narration names it: ``12o`` in English, ``el rey de
    oros (12o)`` in Spanish."""
    if current_language() == "en":
        return str(card)
    return f"{card_name(card, 'es', article='definite')} ({card})"


def _suit(suit: Suit) -> str:
    """A suit by its Spanish name, with the English one after it in English."""
    if current_language() == "en":
        return f"{suit} ({suit.english})"
    return suit_name(suit, "es")


def _move(move: Move) -> str:
    """A move as a player types it: ``bid 2``, ``play 12o`` in English;
    ``pido 2``, ``12o``, ``triunfo o``, ``puja 3``, ``paso`` in Spanish
    (:func:`~pocha_rules.parse_move` reads both with ``lang="es"``)."""
    if current_language() == "en":
        return str(move)
    if isinstance(move, Bid):
        return f"pido {move.tricks}"
    if isinstance(move, Play):
        return str(move.card)
    if isinstance(move, ChooseTrump):
        return f"triunfo {move.suit.letter}"
    if isinstance(move, Call):
        return f"puja {move.tricks}"
    assert isinstance(move, Pass)
    return "paso"


def _describe_trump(view: PlayerView) -> str:
    if view.trump is None:
        if view.round_kind.value == "auction":
            return _("not chosen yet (auction round)")
        return _("not chosen yet (seat {seat} chooses)").format(seat=view.dealer)
    text = _suit(view.trump)
    card = view.trump_card
    if card is not None:
        if view.trump_card_shown_by_dealer:
            if view.dealer_holds_trump_card:
                shown = _(", seat {seat} showed {card} and still holds it")
            else:
                shown = _(", seat {seat} showed {card}")
            text += shown.format(seat=view.dealer, card=_card(card))
        else:
            text += _(", {card} turned up").format(card=_card(card))
    return text


def _round_title(view: PlayerView) -> str:
    total = len(view.rules.schedule)
    number = f"{view.round_index + 1}/{total}" if view.round_index < total else _("tiebreak")
    cards = view.cards_per_player
    what = ngettext("{cards} card each", "{cards} cards each", cards).format(cards=cards)
    kind = view.round_kind
    if kind is RoundKind.AUCTION:
        what = _(" ({round}): {what}, an auction: the highest call names trump").format(
            round=view.round, what=what
        )
    elif kind is RoundKind.BLIND:
        what = _(" ({round}): {what}, blind: you see every card but your own").format(
            round=view.round, what=what
        )
    else:
        what = f": {what}"
    return _("== round {number}{what}; seat {seat} deals").format(
        number=number, what=what, seat=view.dealer
    )


def _labels() -> dict[str, str]:
    """The labels of the prompt's lines, padded to one width."""
    labels = {
        "trump": _("trump:"),
        "auction": _("auction:"),
        "bids": _("bids:"),
        "won": _("won:"),
        "scores": _("scores:"),
        "trick": _("trick:"),
        "seen": _("you see:"),
        "hand": _("hand:"),
        "moves": _("moves:"),
    }
    width = max(map(len, labels.values())) + 1
    return {key: label.ljust(width) for key, label in labels.items()}


def _prompt_lines(view: PlayerView) -> list[str]:
    n = view.players
    label = _labels()
    your_move = _("-- seat {seat}, your move").format(seat=view.seat)
    lines = ["", your_move, label["trump"] + _describe_trump(view)]
    if view.calls:
        lines.append(label["auction"] + ", ".join(f"{_seat(s)} {_move(c)}" for s, c in view.calls))
    bids = ["-" if bid is None else str(bid) for bid in view.bids]
    lines.append(label["bids"] + "  ".join(f"{_seat(s)}: {bids[s]}" for s in range(n)))
    lines.append(label["won"] + "  ".join(f"{_seat(s)}: {view.tricks_won[s]}" for s in range(n)))
    lines.append(label["scores"] + "  ".join(f"{_seat(s)}: {view.scores[s]}" for s in range(n)))
    if view.trick:
        lines.append(label["trick"] + ", ".join(f"{_seat(p.seat)} {p.card}" for p in view.trick))
    if view.round_kind is RoundKind.BLIND and view.phase is not Phase.PLAY:
        seen = [
            f"{_seat(s)}: {' '.join(map(str, hand))}"
            for s, hand in enumerate(view.visible_hands)
            if hand is not None and s != view.seat
        ]
        lines.append(label["seen"] + ", ".join(seen) + _(" (your own card is hidden)"))
    else:
        lines.append(label["hand"] + (" ".join(map(str, view.hand)) or _("(none)")))
    moves = view.legal_moves()
    lines.append(label["moves"] + "  ".join(f"{i}) {_move(m)}" for i, m in enumerate(moves, 1)))
    return lines


def _help(rules: RuleSet) -> list[str]:
    """What ``help`` at the prompt prints: the card notation and the moves."""
    suits = ", ".join(f"{s.letter} {_suit(s)}" for s in Suit)
    no_eights = rules.deck == 40
    missing = _("the 40-card deck has no 8 or 9") if no_eights else _("8 and 9 are in play")
    order = " ".join(map(str, rules.rank_order))
    return [
        _("Cards are a rank, then a suit's letter: 1o is the as of oros, 12e the rey of espadas."),
        "  " + _("suits: {suits}").format(suits=suits),
        "  "
        + _("ranks: 1 (as) to 7, then 10 sota, 11 caballo, 12 rey; {missing}").format(
            missing=missing
        ),
        "  " + _("the strongest first: {order}").format(order=order),
        _("Moves:"),
        "  " + _("bid 2     the tricks you will take, exactly"),
        "  " + _("play 12o  play a card; '12o' alone is enough"),
        "  "
        + _(
            "trump o   name trump (the dealer when it is theirs to choose, or the auction winner)"
        ),
        "  "
        + _("call 3    in an auction: the tricks you would take with the trump of your choice"),
        "  " + _("pass      in an auction: no call"),
        "  " + _("3         the move numbered 3 in the list"),
        "  " + _("quit      leave the game (with --save it is kept, to go on with --resume)"),
    ]


class _Quit(Stop):
    """``quit`` at the prompt: the player chose to leave."""


_CLEAR: Final = "\033[H\033[2J\033[3J"
"""Clear the terminal and its scrollback, and go to its top left corner."""


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


def _read_move(state: GameState, seat: int, out: Output, stdin: TextIO) -> Move:
    view = observe(state, seat)
    for line in _prompt_lines(view):
        out.line(line)
    moves = view.legal_moves()
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
        if text.lower() in ("quit", "exit", "salir", "abandonar"):
            raise _Quit(1, _("the game is abandoned"))
        if text.lower() in ("help", "?", "ayuda"):
            for line in _help(state.rules):
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
            move = parse_move(text, deck=state.rules.deck, lang="es")  # reads English too
        except PochaError as error:
            out.line(
                _("{error}; type 'help' for how to write cards and moves").format(
                    error=_error(error)
                )
            )
            continue
        try:
            apply(state, move)
        except IllegalMoveError as error:
            out.line(_("not allowed: {reason}").format(reason=reason(error, current_language())))
            continue
        return move


def _narrate(out: Output, before: GameState, move: Move, after: GameState) -> None:
    for event in events(before, after):
        if isinstance(event, MoveMade):
            if current_language() == "en":
                out.line(f"seat {event.seat}: {event.move}")
            else:
                out.line(f"{_seat(event.seat)}: {move_name(event.move, 'es')}")
        elif isinstance(event, TrickWon):
            out.line("  " + _("seat {seat} takes the trick").format(seat=event.seat))


def _error(error: PochaError) -> str:
    """A library error in the command's language."""
    from pocha_rules.messages import message

    return message(error, current_language())


def tags_from_args(items: list[str], kept: Tags, fail: Fail) -> Tags:
    """The record's tags: ``kept`` (a resumed game's), then the ones given
    as ``--tag NAME=VALUE``."""
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


def run(args: argparse.Namespace, out: Output, fail: Fail) -> int:
    if args.resume is not None:
        _refuse_new_game_options(args, fail)
    if args.force and args.save is None:
        fail(_("--force: only with --save FILE (it lets the save replace FILE)"))
    replace = False
    if args.save is not None:
        replace = check_target(args.save, force=args.force, replaceable=args.resume, fail=fail)
    record = None
    if args.resume is not None:
        record, state = _resume(args.resume)
        rules = state.rules
    else:
        rules = rules_from_args(args, fail)
        if args.dealer is not None:
            _check_seat(args.dealer, "--dealer", rules, fail)
        if args.seed is not None:
            seed_from_args(args, fail)
        state = new_game(rules, seed=args.seed, dealer=args.dealer)
    for seat in args.human:
        _check_seat(seat, "--human", rules, fail)
    args.tags = tags_from_args(args.tag, Tags() if record is None else record.tags, fail)
    humans = sorted(set(args.human))
    bots, playing = _other_seats(args, rules, state.seed, fail)
    person = _("you") if len(humans) == 1 else _("person")
    names = [person if s in humans else playing for s in range(rules.players)]
    out.line(
        _(
            "Pocha: {players} players, {rounds} rounds, seed {seed}, seat {seat} deals first"
        ).format(
            players=rules.players,
            rounds=len(rules.schedule),
            seed=state.seed,
            seat=state.first_dealer,
        )
    )
    earlier: list[Step] = []
    if record is not None:
        earlier = _catch_up(record, bots, humans)
        out.line(
            _("resumed from {path}: round {round}, {moves} moves played").format(
                path=shown_path(args.resume),
                round=state.round_index + 1,
                moves=len(state.history),
            )
        )
    out.line(_("seats: ") + ", ".join(f"{s} {name}" for s, name in enumerate(names)))
    table = _Table(state, humans, bots, out, earlier)
    try:
        return _play_table(table, args, humans, replace, out)
    finally:
        for bot in bots:
            close = getattr(bot, "close", None)
            if callable(close):
                close()


def _play_table(
    table: _Table, args: argparse.Namespace, humans: list[int], replace: bool, out: Output
) -> int:
    try:
        with interruptible():
            table.play()
    except KeyboardInterrupt:  # Ctrl-C, a hangup: keep the game so far
        with contextlib.suppress(OSError):  # a terminal that hung up takes no more text
            out.line()  # end the line the prompt or ^C left
        _keep(args, table.state, humans, replace, out)
        raise Stop(130, _("interrupted")) from None
    except _Quit:  # left by choice: saved (with --save) is done
        _keep(args, table.state, humans, replace, out)
        if args.save is not None:
            return 0
        raise
    except BaseException:  # end of input, an error: keep the game so far
        _keep(args, table.state, humans, replace, out)
        raise
    if args.save is not None:
        save(args.save, table.state, out, replace=replace, tags=args.tags)
    return 0


class _Table:
    """A game being played: the state so far, who plays each seat, and what
    the terminal shows (the narration for people, the score sheet for all).
    """

    def __init__(
        self,
        state: GameState,
        humans: list[int],
        bots: list[Bot],
        out: Output,
        earlier: list[Step],
    ) -> None:
        self.state = state
        self.humans = humans
        self.bots = bots
        self.out = out
        self.earlier = earlier
        """The moves of this round made before the game was resumed."""

    def play(self) -> None:
        """Play to the end of the game; :attr:`state` is always the game so far."""
        out, humans = self.out, self.humans
        sheet = ScoreSheet(out, self.state.rules)
        if self.state.round_results or not humans:
            sheet.header()
            for result in self.state.round_results:
                sheet.row(result)
            if humans:
                sheet.legend()
        shown = -1  # the round whose title is on the screen
        # Several people at one terminal: each one's cards are cleared from
        # the screen before the next one sits down.
        hot_seat = len(humans) > 1 and _at_a_terminal(out, sys.stdin)
        at_keyboard = -1  # the person whose cards are on the screen
        while not self.state.is_over:
            state = self.state
            seat = state.to_move
            assert seat is not None
            if humans and state.round_index != shown:
                view = observe(state, humans[0])
                out.line()
                out.line(_round_title(view))
                out.line(_("trump: ") + _describe_trump(view))
                for step in self.earlier:
                    _narrate(out, *step)
                self.earlier = []
                shown = state.round_index
            if seat in humans:
                if hot_seat and seat != at_keyboard:
                    _hand_over(seat, out, sys.stdin, clear=at_keyboard >= 0)
                    out.line(_round_title(observe(state, seat)))
                    at_keyboard = seat
                move = _read_move(state, seat, out, sys.stdin)
            else:
                move = self._bot_move(state, seat)
            after, happened = step_events(state, move)
            for bot in self.bots:
                notify = getattr(bot, "notify", None)
                if callable(notify):
                    notify(happened)
            if humans:
                _narrate(out, state, move, after)
            self.state = after
            for result in after.round_results[len(state.round_results) :]:
                if humans:  # the whole sheet so far, after the narration
                    out.line()
                    sheet = ScoreSheet(out, state.rules)
                    sheet.header()
                    for earlier in after.round_results:
                        sheet.row(earlier)
                    sheet.legend()
                else:
                    sheet.row(result)
        if not humans:
            sheet.legend()
        sheet.footer(self.state)

    def _bot_move(self, state: GameState, seat: int) -> Move:
        """The bot's move at ``seat``; a bot that fails (it raises, answers
        something that is not a legal move; an engine crashes, hangs or
        answers garbage) is named in one line and a random bot plays on
        for its seat."""
        bot = self.bots[seat]
        try:
            move = bot.act(observe(state, seat))
            if not isinstance(move, Move):
                raise BotFault(
                    "garbage", _("answered {got}, which is not a move").format(got=got(move))
                )
            reason = explain(state, move)
            if reason is not None:
                raise BotFault(
                    "illegal",
                    _("its move {move} is illegal: {reason}").format(
                        move=repr(str(move)), reason=reason
                    ),
                )
        except Exception as error:
            kind = error.kind if isinstance(error, BotFault) else "error"
            what = error.reason if isinstance(error, BotFault) else raised(error)
            self.out.line(
                _("seat {seat}'s bot failed ({kind}): {what}; a random bot plays on").format(
                    seat=seat, kind=kind, what=what
                )
            )
            close = getattr(bot, "close", None)
            if callable(close):
                close()
            self.bots[seat] = RandomBot(seed=state.seed + seat)
            move = self.bots[seat].act(observe(state, seat))
        return move


def _other_seats(
    args: argparse.Namespace, rules: RuleSet, seed: int, fail: Fail
) -> tuple[list[Bot], str]:
    """A bot for every seat (the people's are not asked), and what plays
    the other seats, in words."""
    from pocha_rules._cli.match import load_bot
    from pocha_rules.engines import Engine, EngineSetupError

    n = rules.players
    if args.engine is not None:
        if args.bot != DEFAULT_BOT:
            fail(_("--bot and --engine: give one of them"))
        if not args.time_limit > 0:
            fail(_("--time-limit: above 0 seconds, got {got}").format(got=args.time_limit))
        try:
            engine = Engine(args.engine, time_limit=args.time_limit)
            engine.check()  # an engine that cannot play is refused before the game
        except EngineSetupError as error:
            raise Stop(2, str(error)) from None
        except (TypeError, PochaError) as error:
            fail(f"--engine: {error}")
        engines: list[Bot] = [engine(seed=seed + 1 + seat) for seat in range(n)]
        return engines, _("engine")
    if args.bot in BOTS:
        return bots_for([args.bot] * n, seed), _("{bot} bot").format(bot=args.bot)
    try:
        name, factory = load_bot(args.bot)
    except ValueError as error:
        fail(f"--bot {args.bot}: {error}")
    return [factory(seed=seed + 1 + seat) for seat in range(n)], _("{bot} bot").format(bot=name)


def _check_seat(seat: int, option: str, rules: RuleSet, fail: Fail) -> None:
    if not 0 <= seat < rules.players:
        fail(
            _("{option} {seat}: seats run from 0 to {last}").format(
                option=option, seat=seat, last=rules.players - 1
            )
        )


_NEW_GAME_OPTIONS: Final = (
    ("seed", "--seed"),
    ("dealer", "--dealer"),
    ("preset", "--preset"),
    ("players", "--players"),
    ("deck", "--deck"),
    ("rule", "--rule"),
)


def _refuse_new_game_options(args: argparse.Namespace, fail: Fail) -> None:
    for name, option in _NEW_GAME_OPTIONS:
        if getattr(args, name) not in (None, []):
            fail(
                _(
                    "--resume with {option}: a saved game keeps its rules, seed and first "
                    "dealer; leave {option} out"
                ).format(option=option)
            )


def _resume(path: str) -> tuple[GameRecord, GameState]:
    """The record saved in ``path`` and its game, which must be unfinished."""
    from pocha_rules.records import load, replay

    try:
        record = load(path)
        state = replay(record)
    except OSError as error:
        why = printable(str(error.strerror or error))
        raise Stop(
            1, _("cannot read {path}: {reason}").format(path=shown_path(path), reason=why)
        ) from None
    except InvalidRecordError as error:
        raise Stop(1, f"{shown_path(path)}: {_error(error)}") from None
    if state.is_over:
        winners = ", ".join(_seat(s) for s in state.winners)
        raise Stop(
            1,
            _(
                "{path}: the game is over (winners: {winners}), there is nothing to "
                "resume; 'pocha replay {path}' shows its score sheet"
            ).format(path=shown_path(path), winners=winners),
        )
    return record, state


Step = tuple[GameState, Move, GameState]
"""A move with the states before and after it."""


def _catch_up(record: GameRecord, bots: list[Bot], humans: list[int]) -> list[Step]:
    """Let each bot think over the moves its seat made in the record, so that
    its random choices go on where they were: with the seats as before, a
    resumed game ends as the uninterrupted one would have. Return the moves
    of the round the game stopped in.
    """
    rules, deals = record.rules, record.deals
    state = new_game(rules, seed=record.seed, dealer=record.first_dealer, deals=deals)
    steps: list[Step] = []
    for move in record.moves:
        seat = state.to_move
        assert seat is not None
        if seat not in humans:
            bots[seat].act(observe(state, seat))
        after = apply(state, move)
        if after.round_index == state.round_index:
            steps.append((state, move, after))
        else:
            steps.clear()
        state = after
    return steps


def _keep(
    args: argparse.Namespace, state: GameState, humans: list[int], replace: bool, out: Output
) -> None:
    """Save an unfinished game (with ``--save``), and say how to go on with it."""
    if args.save is None:
        if humans and state.history:
            out.line(_("the game is not saved (--save FILE keeps a game)"))
        return
    path = save(args.save, state, out, replace=replace, partial=not state.is_over, tags=args.tags)
    if state.is_over:
        return
    command = ["pocha", "play", "--resume", path]
    for seat in humans:
        command += ["--human", str(seat)]
    if args.bot != DEFAULT_BOT:
        command += ["--bot", args.bot]
    if args.engine is not None:
        command += ["--engine", args.engine]
    command += ["--save", path]
    out.line(_("to go on with it: {command}").format(command=printable(shlex.join(command))))
