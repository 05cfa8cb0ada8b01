"""Units of decisions of a lockstep batch, for the learner's vector
environment (private).

A *unit* is a run of decisions in which each seat decides once (the bids of
a round, a trick, an auction's calls, an auction's winner naming trump and
the others' bids), or the dealer naming trump alone: every game of a batch
is at the start of a unit at the same time. :class:`Snapshot` puts a batch
back at the start of its unit after it was played ahead, :class:`Subset`
lets the observer encode some games of a batch alone (or each game as it
stood at one of a unit's decisions), and
:func:`write_mask` sets the legal action ids of some games.
"""

from __future__ import annotations

import numpy as np

from pocha_rules._pocha.schedules import RoundKind
from pocha_rules._pocha.state import Phase
from pocha_rules.actions import ActionTable
from pocha_rules.batch._engine import Lockstep
from pocha_rules.batch._games import BatchGames
from pocha_rules.batch._tables import PASS

__all__ = ["Snapshot", "Subset", "dealer_names_trump", "unit_length", "write_mask"]

_CHANGED = (
    "_unplayed", "_index", "_bids", "_bid_sum", "_calls", "_highest", "_winner", "_trump",
    "_trump48",
)  # fmt: skip
"""The arrays of a batch that a unit's decisions change, but its last."""


_CHANGED_IN_PLAY = ("_unplayed", "_index")
"""Those of :data:`_CHANGED` that a trick's cards change, but its last."""


class Snapshot:
    """A lockstep batch as it stood at the start of a unit (private): what a
    unit's decisions change before its last one."""

    def __init__(self, engine: Lockstep) -> None:
        self.scalars = (engine.phase, engine.step, engine.position)
        names = _CHANGED_IN_PLAY if engine.phase is Phase.PLAY else _CHANGED
        self.arrays = [(name, getattr(engine, name).copy()) for name in names]
        self.swapped = (engine._state, engine._next, engine._state_index, engine._next_index)
        self.actions = len(engine._actions)

    def restore(self, engine: Lockstep) -> None:
        engine.phase, engine.step, engine.position = self.scalars
        for name, saved in self.arrays:
            np.copyto(getattr(engine, name), saved)
        engine._state, engine._next, engine._state_index, engine._next_index = self.swapped
        del engine._actions[self.actions :]
        engine._legal_cache = None


_ROW_ARRAYS = ("_unplayed", "_leader", "_bids", "_trump", "_winner", "_bid_sum", "_trump_card",
               "_won")  # fmt: skip
"""The arrays of a batch, a number per game, that its observer reads."""

_MOVING = [name for name in _ROW_ARRAYS if name in _CHANGED]
"""Those of :data:`_ROW_ARRAYS` that a unit's decisions change (but its
last): the others stay as they were at its start."""


class Subset:
    """Some rows of a lockstep batch, as :class:`~pocha_rules.batch._observations.Observer`
    reads a batch (private): to encode those rows alone, as they stand now
    (or, brought forward by :meth:`catch_up`, each as it stood at one of a
    unit's decisions)."""

    _unplayed: np.ndarray
    """The cards not yet played, by row (one of :data:`_ROW_ARRAYS`)."""
    _leader: np.ndarray
    """The position of the trick's leader, by row (one of :data:`_ROW_ARRAYS`)."""

    def __init__(self, engine: Lockstep, rows: np.ndarray | None) -> None:
        self.whole = engine
        """The whole batch (what stays the same for a round is read from it)."""
        self.every_row = rows is None
        """Whether the subset is every row of the batch, in order."""
        if rows is None:
            rows = np.arange(engine.active)
        self.rows = rows
        """The rows of the batch."""
        n = engine.players
        self.players = n
        self.active = len(rows)
        self.phase = engine.phase
        self.plan = engine.plan
        self.step = engine.step
        self.position: int | np.ndarray = engine.position
        self.round_index = engine.round_index
        self._bidders = engine._bidders
        self._hooked = engine._hooked
        self._shown = engine._shown
        self._mover = engine.mover_position().take(rows)
        self._eldest = engine.eldest().take(rows)
        for name in _ROW_ARRAYS:
            setattr(self, name, getattr(engine, name).take(rows))
        self._calls = engine._calls.take(rows, axis=1)
        self._cards = None if engine._cards is None else engine._cards.take(rows, axis=1)
        self._made = None if engine.phase is Phase.PLAY else engine._bid_made().take(rows, axis=1)
        self._turns_set = False

    def in_trick(self, turn: np.ndarray) -> None:
        """Set each row's position in the trick at hand to its own
        decision's, ``turn``, and the seat to move to that decision's, once
        and for all (this subset being every row of a batch at the start of
        a trick): :meth:`catch_up` then brings the cards alone."""
        assert self.phase is Phase.PLAY
        assert self.every_row
        self.position = turn
        self._mover = (self._leader + turn) % self.players
        self._turns_set = True

    def catch_up(self, engine: Lockstep, rows: np.ndarray) -> None:
        """Bring the rows where ``rows`` (``bool[active]``) to where the
        batch stands now, in the same phase (this subset being every row of
        ``engine``, taken earlier in the unit): the others stay as they were,
        and ``step`` and ``position`` become arrays, by row, where they
        differ."""
        assert engine.phase is self.phase, "one phase at a time"
        if self.phase is Phase.PLAY:
            # Bids, calls and trump are settled before the play.
            np.copyto(self._unplayed, engine._unplayed, where=rows)
            if self._cards is not None:
                assert engine._cards is not None
                np.copyto(self._cards, engine._cards, where=rows)
            if self._turns_set:
                return
        else:
            for name in _MOVING:
                np.copyto(getattr(self, name), getattr(engine, name), where=rows)
            np.copyto(self._calls, engine._calls, where=rows)
            if self._made is not None:
                np.copyto(self._made, engine._bid_made(), where=rows)
        np.copyto(self._mover, engine.mover_position(), where=rows)
        for name in ("step", "position"):
            was, now = getattr(self, name), getattr(engine, name)
            if np.any(was != now):
                setattr(self, name, np.where(rows, now, was))

    def some(self, rows: np.ndarray) -> Subset:
        """The subset of this subset's rows ``rows`` (indices)."""
        part = Subset.__new__(Subset)
        part.__dict__.update(self.__dict__)
        part.every_row = False
        for name in ("rows", "_mover", "_eldest", *_ROW_ARRAYS):
            setattr(part, name, getattr(self, name).take(rows))
        for name in ("_calls", "_cards", "_made"):
            if getattr(self, name) is not None:
                setattr(part, name, getattr(self, name).take(rows, axis=1))
        for name in ("step", "position"):
            if isinstance(getattr(self, name), np.ndarray):
                setattr(part, name, getattr(self, name).take(rows))
        part.active = len(rows)
        return part

    def mover_position(self) -> np.ndarray:
        return self._mover

    def eldest(self) -> np.ndarray:
        return self._eldest.copy()

    def _bid_made(self) -> np.ndarray:
        assert self._made is not None
        return self._made


def unit_length(engine: Lockstep) -> int:
    """How many decisions the unit at hand has: one per seat, but one for
    a dealer naming trump outside an auction."""
    if engine.phase is Phase.CHOOSE_TRUMP and engine.plan.kind is not RoundKind.AUCTION:
        return 1
    return engine.players


def dealer_names_trump(probe: BatchGames) -> bool:
    """Whether the dealer names trump in some round of the rules."""
    bt = probe._bt
    n = bt.players
    return bool(bt.tables.dealer_chooses) and any(
        plan.kind is not RoundKind.AUCTION and n * plan.cards >= bt.deck_size
        for plan in probe.rules.schedule
    )


def write_mask(
    mask: np.ndarray,
    rows: np.ndarray | None,
    legal: np.ndarray,
    phase: Phase,
    cards: int,
    table: ActionTable,
) -> None:
    """Set the legal action ids of ``legal`` (bits of the phase's section of
    ids, squeezed for plays) in ``mask``'s ``rows`` (all of them for ``None``)."""
    if phase is Phase.PLAY:
        first, count = table.plays.start, table.plays.stop - table.plays.start
    elif phase is Phase.BID:
        first, count = table.bids.start, cards + 1
    elif phase is Phase.AUCTION:
        first, count = table.calls.start, cards + 1
    else:
        first, count = table.trump_choices.start, 4
    bits = np.unpackbits(legal.view(np.uint8), bitorder="little").reshape(-1, 64)
    section = bits[:, :count]
    if rows is None:
        mask[:, first : first + count] = section
    else:
        mask[rows, first : first + count] = section
    if phase is Phase.AUCTION:
        assert table.pass_action is not None
        if rows is None:
            mask[:, table.pass_action] = bits[:, PASS]
        else:
            mask[rows, table.pass_action] = bits[:, PASS]
