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

from pocha_rules._common.text import printable, shown

if TYPE_CHECKING:
    from pocha_rules._pocha.moves import Move

__all__ = [
    "MOVE_CLASSES",
    "IllegalMoveError",
    "InvalidActionError",
    "InvalidDataError",
    "InvalidDealError",
    "InvalidRecordError",
    "InvalidRulesError",
    "OutOfTurnError",
    "ParseError",
    "PochaError",
    "Reason",
    "reason_of",
    "say",
]


class Reason(str):
    """A sentence saying why, as text, with its stable :attr:`code` and the
    :attr:`params` it was written from (the English template of each code
    is in ``pocha_rules._common.codes``).

    String parameters are kept as the sentence shows them (escaped where
    :func:`~pocha_rules._common.text.printable` escapes them); a parameter that is
    itself a :class:`Reason` is kept as its text, with its code and
    parameters beside it (``NAME_code``, ``NAME_params``).
    """

    code: str
    params: dict[str, object]

    def __new__(cls, code: str, /, **params: object) -> Reason:
        from pocha_rules._common.codes import MESSAGES

        kept: dict[str, object] = {}
        for name, value in params.items():
            if isinstance(value, Reason):
                kept[name] = str(value)
                kept[f"{name}_code"] = value.code
                kept[f"{name}_params"] = dict(value.params)
            elif isinstance(value, str):
                kept[name] = printable(value)
            else:
                kept[name] = value
        text = MESSAGES[code].format(**kept)
        self = super().__new__(cls, printable(text))
        self.code = code
        self.params = kept
        return self

    def __reduce__(self) -> tuple[object, ...]:
        return (_reason, (self.code, str(self), self.params))


def _reason(code: str, text: str, params: dict[str, object]) -> Reason:
    self = str.__new__(Reason, text)
    self.code = code
    self.params = params
    return self


def reason_of(error: PochaError) -> Reason:
    """The reason of ``error`` (to give it again as the reason of another
    error), keeping its code and params: its ``reason`` when it has one,
    else its whole message."""
    reason = getattr(error, "reason", None)
    if isinstance(reason, Reason):
        return reason
    return _reason(error.code, str(error), dict(error.params))


def say(code: str, /, **params: object) -> Reason:
    """The sentence of ``code`` written with ``params`` (see :class:`Reason`)."""
    return Reason(code, **params)


def _why(reason: str) -> Reason:
    """``reason`` as a :class:`Reason`: a plain string (from code outside
    the library) gets the code ``"other"``."""
    if isinstance(reason, Reason):
        return reason
    return Reason("other", reason=reason)


class PochaError(ValueError):
    """Base class of every error raised by pocha-rules on bad input.

    Attributes:
        code: A stable, machine-readable name of what went wrong (such as
            ``"must_ruff"``), listed with its parameters on the docs page
            "Error codes", so that an app can say it in its own words and
            language without reading the English message.
        params: The facts the message is made of, by name (JSON-ready:
            strings, numbers, lists, nested dicts).

    """

    code: str
    params: dict[str, object]

    def __init__(self, *args: object) -> None:
        super().__init__(*args)
        # The subclasses set their own (see _coded); a plain message from
        # code outside the library gets the code "other".
        first = args[0] if args else None
        if isinstance(first, Reason):
            self.code, self.params = first.code, dict(first.params)
        else:
            self.code, self.params = "other", {"reason": printable(str(self))}

    def _coded(self, reason: Reason, **frame: object) -> None:
        """Take ``reason``'s code, and its params with the ``frame``'s."""
        self.code = reason.code
        self.params = {**frame, **reason.params}

    def _refused(self, what: str, reason: str, /, **frame: object) -> Reason:
        """Be the error ``what: reason``, with ``reason``'s code and its
        params beside the ``frame``'s (a plain string, from code outside
        the library, is the reason of code ``"other"``); the reason, for
        the subclass to keep as its ``reason``."""
        why = _why(reason)
        PochaError.__init__(self, f"{what}: {why}")
        self._coded(why, **frame)
        return why

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
        self.reason = self._refused(f"cannot parse {shown(text)}", reason, text=shown(text))


class InvalidRulesError(PochaError):
    """A :class:`~pocha_rules.RuleSet` that makes no sense was refused.

    Attributes:
        field: The name of the offending option.
        reason: Why the value was refused.

    """

    def __init__(self, field: str, reason: str) -> None:
        self.field = printable(field)
        self.reason = self._refused(f"invalid rules: {self.field}", reason, field=self.field)


class InvalidDealError(PochaError):
    """An explicit deal does not fit the rules or the round it is for.

    Attributes:
        round_index: The round the deal was given for.
        reason: Why it was refused.

    """

    def __init__(self, round_index: int, reason: str) -> None:
        self.round_index = round_index
        self.reason = self._refused(
            f"invalid deal for round {round_index}", reason, round_index=round_index
        )


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
        who = "after the game is over" if seat is None else f"by seat {seat}"
        text = _move_text(move)
        self.reason = self._refused(f"illegal move {text} {who}", reason, move=text, seat=seat)


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
        super().__init__(move, by, Reason("out_of_turn", seat=seat, by=by))
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
        self.reason = self._refused(f"invalid record at {self.where}", reason, where=self.where)


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
        at = f" at {self.where}" if self.where else ""
        self.reason = self._refused(
            f"invalid {self.what}{at}", reason, what=self.what, where=self.where
        )


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
        who = "" if seat is None else f" by seat {seat}"
        text = _move_text(action)
        self.reason = self._refused(f"invalid action {text}{who}", reason, action=text, seat=seat)


MOVE_CLASSES: set[type] = set()
"""The move classes of the games, whose text form (``bid 2``) a message
writes: each game's moves module adds its own when it is imported."""


def _move_text(move: object) -> str:
    """A move's text form (``bid 2``), an action id as it is; anything else,
    briefly and escaped."""
    if type(move) in MOVE_CLASSES:
        return str(move)
    if type(move).__module__ == "pocha_rules.poch":  # Poch's moves: their text form
        return str(move)
    return shown(move)  # an int as it is, unless too long to write as text
