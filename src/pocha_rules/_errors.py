r"""The exception family of pocha-rules.

Every error the library raises on bad input is a :class:`PochaError`, which is
a :class:`ValueError`, so ``except ValueError`` keeps working for callers that
do not care about the details. (A value of the wrong type is a
:class:`TypeError` instead, naming the type expected.)

The messages echo parts of the input (a record's member names, a move's
text); whatever a terminal would act on rather than show, such as the escape
character, is written escaped (``\x1b``), in the message and in the
attributes it is made of.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pocha_rules._text import printable, shown

if TYPE_CHECKING:
    from pocha_rules._moves import Move

__all__ = [
    "IllegalMoveError",
    "InvalidActionError",
    "InvalidDataError",
    "InvalidDealError",
    "InvalidRecordError",
    "InvalidRulesError",
    "OutOfTurnError",
    "ParseError",
    "PochaError",
]


class PochaError(ValueError):
    """Base class of every error raised by pocha-rules on bad input."""

    def __reduce__(self) -> tuple[object, ...]:
        # The subclasses' constructors take their parts, not the message
        # that BaseException pickles: rebuild them from their attributes, so
        # that an error raised in a worker process reaches the caller whole.
        return (_restore, (type(self), self.args, self.__dict__))


def _restore(
    cls: type[PochaError], args: tuple[object, ...], state: dict[str, object]
) -> PochaError:
    error = cls.__new__(cls, *args)
    error.args = args
    error.__dict__.update(state)
    return error


class ParseError(PochaError):
    """A text form (card, suit, move) could not be read.

    Attributes:
        text: The text that was given.
        reason: Why it was refused.

    """

    def __init__(self, text: str, reason: str) -> None:
        self.text = text
        self.reason = printable(reason)
        super().__init__(f"cannot parse {shown(text)}: {self.reason}")


class InvalidRulesError(PochaError):
    """A :class:`~pocha_rules.RuleSet` that makes no sense was refused.

    Attributes:
        field: The name of the offending option.
        reason: Why the value was refused.

    """

    def __init__(self, field: str, reason: str) -> None:
        self.field = printable(field)
        self.reason = printable(reason)
        super().__init__(f"invalid rules: {self.field}: {self.reason}")


class InvalidDealError(PochaError):
    """An explicit deal does not fit the rules or the round it is for.

    Attributes:
        round_index: The round the deal was given for.
        reason: Why it was refused.

    """

    def __init__(self, round_index: int, reason: str) -> None:
        self.round_index = round_index
        self.reason = printable(reason)
        super().__init__(f"invalid deal for round {round_index}: {self.reason}")


class IllegalMoveError(PochaError):
    """A move that the rules do not allow in this state.

    The state the move was applied to is left unchanged.

    Attributes:
        move: The move that was refused.
        seat: The seat whose turn it was (``None`` once the game is over).
        reason: A sentence saying which rule forbids it.

    """

    def __init__(self, move: Move | object, seat: int | None, reason: str) -> None:
        self.move = move
        self.seat = seat
        self.reason = printable(reason)
        who = "after the game is over" if seat is None else f"by seat {seat}"
        super().__init__(f"illegal move {_move_text(move)} {who}: {self.reason}")


class OutOfTurnError(IllegalMoveError):
    """A move made by a seat whose turn it is not (see the ``seat`` of
    :func:`~pocha_rules.apply`). The state is left unchanged.

    Attributes:
        move: The move that was refused.
        seat: The seat whose turn it is.
        by: The seat that tried to move.
        reason: ``"it is seat 1's turn, not seat 2's"``.

    """

    def __init__(self, move: Move | object, seat: int, by: int) -> None:
        self.by = by
        super().__init__(move, by, f"it is seat {seat}'s turn, not seat {by}'s")
        self.seat = seat


class InvalidRecordError(PochaError):
    """A game record was refused.

    Attributes:
        where: Where in the record the problem is (a path such as
            ``"moves[12]"`` or ``"rules.players"``).
        reason: Why it was refused.

    """

    def __init__(self, where: str, reason: str) -> None:
        self.where = printable(where)
        self.reason = printable(reason)
        super().__init__(f"invalid record at {self.where}: {self.reason}")


class InvalidDataError(PochaError):
    """JSON data for a view, a state or an event was refused (see
    :meth:`PlayerView.from_dict <pocha_rules.PlayerView.from_dict>`).

    Attributes:
        what: What the data was meant to be: ``"view"``, ``"state"`` or
            ``"event"``.
        where: Where in the data the problem is, as a path such as
            ``"visible_hands[0][3]"`` or ``"rules.players"`` (empty for the
            data as a whole).
        reason: Why it was refused.

    """

    def __init__(self, what: str, where: str, reason: str) -> None:
        self.what = printable(what)
        self.where = printable(where)
        self.reason = printable(reason)
        at = f" at {self.where}" if self.where else ""
        super().__init__(f"invalid {self.what}{at}: {self.reason}")


class InvalidActionError(PochaError):
    """An action id (see :mod:`pocha_rules.actions`) that names no move of
    the rules, or no legal move in the state it was given for.

    The state, if any, is left unchanged.

    Attributes:
        action: The id that was refused.
        seat: The seat whose turn it was, or ``None`` (no state, or the game
            is over).
        reason: Why it was refused: out of range, or the move it names and
            the rule that forbids it.

    """

    def __init__(self, action: object, seat: int | None, reason: str) -> None:
        self.action = action
        self.seat = seat
        self.reason = printable(reason)
        who = "" if seat is None else f" by seat {seat}"
        super().__init__(f"invalid action {_move_text(action)}{who}: {self.reason}")


def _move_text(move: object) -> str:
    """A move's text form (``bid 2``), an action id as it is; anything else,
    briefly and escaped."""
    from pocha_rules._moves import Bid, Call, ChooseTrump, Pass, Play

    if type(move) in (Bid, Play, ChooseTrump, Call, Pass, int):
        return str(move)
    if type(move).__module__ == "pocha_rules.poch":  # Poch's moves: their text form
        return str(move)
    return shown(move)
