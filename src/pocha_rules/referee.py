"""A referee for games between bots that may misbehave: a fault forfeits
the game, never the match.

:func:`referee_game` plays a game as :func:`~pocha_rules.play_game` does,
but a bot that raises, answers something that is not a move, makes an
illegal move, or (an engine, :mod:`pocha_rules.engines`) crashes, hangs or
answers garbage, *forfeits* the game instead of ending everything with an
exception:

- the fault is recorded (:class:`Fault`: the seat, what went wrong and
  when);
- the game is finished with a :class:`~pocha_rules.RandomBot` in that seat,
  so that the other seats' scores are those of a complete game;
- the faulty seat scores the lowest score at the table (or its own, if
  that is lower), and is never a winner of the game.

Bots that have a ``close()`` method are closed when the game ends, however
it ends, and bots that have a ``notify(events)`` method are told what each
move caused before each of their turns (an engine passes it on).

>>> from pocha_rules import RandomBot, RuleSet
>>> class Stubborn:
...     def act(self, view):
...         return "the ace of spades, please"
>>> game = referee_game(RuleSet(schedule=[2, 2]),
...                     [Stubborn(), RandomBot(seed=1), RandomBot(seed=2), RandomBot(seed=3)],
...                     seed=5)
>>> [(fault.seat, fault.kind) for fault in game.faults]
[(0, 'garbage')]
>>> game.scores[0] == min(game.scores) and 0 not in game.winners
True
"""

from __future__ import annotations

import contextlib
import traceback
from collections.abc import Sequence
from typing import Any, Final

import attrs

from pocha_rules import poch
from pocha_rules._arena_games import GameDoor, game_door
from pocha_rules._bot_faults import one_line, raised
from pocha_rules._common.errors import IllegalMoveError, PochaError, say
from pocha_rules._common.text import got
from pocha_rules._pocha.rules import RuleSet
from pocha_rules._pocha.shuffle import seeded_number
from pocha_rules._pocha.state import GameState

__all__ = ["FAULT_KINDS", "BotFault", "Fault", "RefereedGame", "referee_game"]

FAULT_KINDS: Final = ("error", "garbage", "illegal", "crash", "timeout")
"""What can go wrong with a bot: it raised (``error``), answered something
that is not a move (``garbage``), made an illegal move (``illegal``), or,
for an engine, its process ended (``crash``) or did not answer in time
(``timeout``)."""


class BotFault(PochaError):
    """Raised by a bot that cannot go on (an engine whose process crashed,
    hung or answered garbage). The referee turns it into a :class:`Fault`
    of its ``kind``."""

    def __init__(self, kind: str, reason: str) -> None:
        if kind not in FAULT_KINDS:
            raise ValueError(f"kind must be one of {', '.join(FAULT_KINDS)}, got {kind!r}")
        super().__init__(say("bot_fault", kind=kind, reason=reason))
        self.kind = kind
        self.reason = reason


@attrs.frozen
class Fault:
    """A bot's fault, which forfeited its game.

    Attributes:
        seat: The faulty seat.
        kind: One of :data:`FAULT_KINDS`.
        reason: What happened, in a sentence.
        move: How many moves of the game had been made.
        traceback: The Python traceback, for a bot that raised.

    """

    seat: int
    kind: str
    reason: str
    move: int
    traceback: str | None = attrs.field(default=None, eq=False, repr=False)

    def line(self, bot: str | None = None, game: int | None = None) -> str:
        """The fault in one line, naming the bot, the seat and the game."""
        who = f"bot {bot!r} at seat {self.seat}" if bot else f"seat {self.seat}"
        where = "" if game is None else f"game {game}: "
        return f"{where}{who} forfeits ({self.kind}): {self.reason}"

    def as_dict(self) -> dict[str, object]:
        """The fault as JSON-ready values."""
        return {"seat": self.seat, "kind": self.kind, "reason": self.reason, "move": self.move}


@attrs.frozen
class RefereedGame:
    """A game the referee played to its end.

    Attributes:
        state: The final state (for a forfeited game, finished by a random
            bot in the faulty seat).
        faults: The faults that forfeited the game for their seats, in
            order (empty for a game played cleanly).
        scores: The scores that count: the final state's, with each faulty
            seat's lowered to the lowest at the table.
        winners: The seats that won, never the faulty one.

    """

    state: GameState | poch.GameState
    faults: tuple[Fault, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]


def _ask(door: GameDoor, bot: Any, state: Any, seat: int) -> Any:
    """The bot's move (whether it is legal is for ``apply`` to say); a
    :class:`BotFault` (or another exception from the bot) when it has none
    to give."""
    move = bot.act(door.game.observe(state, seat))
    if not isinstance(move, door.move_types):
        raise BotFault("garbage", f"answered {one_line(got(move))}, which is not a move")
    return move


def referee_game(
    rules: RuleSet | poch.RuleSet,
    bots: Sequence[Any],
    seed: int | None = None,
    *,
    dealer: int | None = None,
) -> RefereedGame:
    """Play a whole game of Pocha or of Poch (as ``rules`` say) between
    ``bots`` (one per seat, bots of that game); a faulty bot forfeits it
    (see the module's notes).

    Raises:
        PochaError: The number of bots does not match the players.
        TypeError: ``rules`` is not a :class:`~pocha_rules.RuleSet` or a
            :class:`pocha_rules.poch.RuleSet`.

    """
    door = game_door(rules)
    if len(bots) != rules.players:
        raise PochaError(say("bots_for_players", bots=len(bots), players=rules.players))
    players = list(bots)
    try:
        return _play(door, rules, players, seed, dealer)
    finally:
        for bot in players:
            _close(bot)


def _play(
    door: GameDoor, rules: Any, bots: list[Any], seed: int | None, dealer: int | None
) -> RefereedGame:
    game = door.game
    state = game.new_game(rules, seed=seed, dealer=dealer)
    listeners = [bot for bot in bots if callable(getattr(bot, "notify", None))]
    faults: list[Fault] = []
    moves = 0
    while (seat := state.to_move) is not None:
        try:
            move = _ask(door, bots[seat], state, seat)
        except BotFault as error:
            fault = Fault(seat, error.kind, error.reason, moves)
        except Exception as error:  # the bot's own bug: it forfeits
            fault = Fault(seat, "error", raised(error), moves, traceback.format_exc())
        else:
            try:  # apply checks the move: it is checked once
                state, moves = _advance(door, state, move, listeners), moves + 1
                continue
            except IllegalMoveError as error:
                reason = f"its move {str(move)!r} is illegal: {one_line(error.reason)}"
                fault = Fault(seat, "illegal", reason, moves)
        faults.append(fault)
        _close(bots[seat])
        bots[seat] = game.bot("random", seeded_number(f"{seed}:{seat}:stand-in") >> 257)
        listeners = [bot for bot in bots if callable(getattr(bot, "notify", None))]
        state = _advance(door, state, bots[seat].act(game.observe(state, seat)), listeners)
        moves += 1
    scores, winners = tuple(state.scores), tuple(state.winners)
    if faults:
        lowest = min(scores)
        faulty = {fault.seat for fault in faults}
        scores = tuple(lowest if s in faulty else v for s, v in enumerate(scores))
        winners = tuple(s for s in winners if s not in faulty)
    return RefereedGame(state, tuple(faults), scores, winners)


def _advance(door: GameDoor, state: Any, move: Any, listeners: list[Any]) -> Any:
    """The state after ``move``, telling the bots that listen what it caused.

    Raises:
        IllegalMoveError: The move is illegal; nobody is told anything.

    """
    if not listeners:
        return door.game.apply(state, move)
    after, happened = door.step(state, move)
    for bot in listeners:
        _tell(bot, happened)
    return after


def _tell(bot: Any, happened: tuple[Any, ...]) -> None:
    """Tell a bot what a move caused; a bot that fails to listen will
    fault on its next turn (an engine whose process died), so its error is
    not raised here."""
    with contextlib.suppress(Exception):
        bot.notify(happened)


def _close(bot: Any) -> None:
    close = getattr(bot, "close", None)
    if callable(close):
        with contextlib.suppress(Exception):
            close()
