"""The stepping interface for agents: :class:`BatchGames`."""

from __future__ import annotations

from typing import Final, cast

import numpy as np

from pocha_rules._common import checks
from pocha_rules._common.errors import InvalidActionError, PochaError, Reason, say
from pocha_rules._common.text import got, shown
from pocha_rules._pocha.play import explain_play
from pocha_rules._pocha.rules import RuleSet, Tiebreak
from pocha_rules._pocha.schedules import Round
from pocha_rules._pocha.state import Phase
from pocha_rules.actions import ActionTable
from pocha_rules.batch._engine import Lockstep
from pocha_rules.batch._ids import ids_in_range, integer_array
from pocha_rules.batch._keyed import KeyedUniform
from pocha_rules.batch._observations import (
    Observer,
    Placement,
    put_rows,
    squeeze,
    squeeze_runs,
)
from pocha_rules.batch._records import game_record
from pocha_rules.batch._sample import PHASE_ROWS, id_table, random_bits
from pocha_rules.batch._setup import (
    check_dealer,
    check_games,
    first_dealers,
    game_rules,
    generator,
    resolve_seed,
)
from pocha_rules.batch._tables import PASS, BatchTables, batch_tables
from pocha_rules.records import GameRecord

__all__ = ["BatchActionError", "BatchGames"]

U64: Final = np.uint64
_EXPECTED: Final = {
    Phase.AUCTION: "an auction call or a pass",
    Phase.CHOOSE_TRUMP: "a choice of trump",
    Phase.BID: "a bid",
    Phase.PLAY: "a card to play",
}


class BatchActionError(InvalidActionError):
    """An action refused by :meth:`BatchGames.step`: out of range, or not
    legal in its game. No game of the batch moved.

    Attributes:
        game: The index of the game in the batch (the first refused one).
        action: The id that was refused.
        seat: The seat to move in that game.
        reason: Why it was refused: the move and the rule that forbids it.

    """

    def __init__(self, game: int, action: int, seat: int, reason: str) -> None:
        self.game = game
        super().__init__(action, seat, reason)
        self.params["game"] = game
        self.args = (f"invalid action {action} by seat {seat} in game {game}: {reason}",)


class BatchGames:
    """Many games of one rule set played together, stepped by an agent.

    Every game waits for a move from its seat to move; :attr:`legal_mask`
    says which action ids (:mod:`pocha_rules.actions`) are legal in each,
    and :meth:`step` takes one action per game and plays them all at once.
    The games go through the same schedule in step, so all the games still
    playing are always in the same :attr:`phase` of the same round. **A
    finished game stops**: its row of the mask is all ``False``, its
    :attr:`to_move` is -1 and its action is ignored, while the games still
    tied at the top play their tiebreak rounds. When every game is over,
    :meth:`reset` deals a new batch.

    Args:
        rules: The rules to play by.
        games: How many games.
        seed: Deals every game (the same seed and the same actions give the
            same games); ``None`` draws a fresh one, kept in :attr:`seed`.
            The deals are not those of :func:`~pocha_rules.new_game` with
            the same seed.
        round: Play single rounds instead of whole games: the number of
            cards, a round text (``"10a"``) or a
            :class:`~pocha_rules.Round`. The action ids are then those of
            the rules of that one round (:attr:`rules`).
        dealer: The seat that deals the first round of every game; ``None``
            draws it for each game.
        record: Keep every deal and move, for :meth:`record`.

    >>> import numpy as np
    >>> from pocha_rules import RuleSet
    >>> games = BatchGames(RuleSet(schedule=[3, 2]), 100, seed=7)
    >>> rng = np.random.default_rng(0)
    >>> while not games.done.all():
    ...     mask = games.legal_mask
    ...     choice = (rng.random(mask.shape) * mask).argmax(axis=1)
    ...     games.step(choice)
    >>> games.scores.shape
    (100, 4)

    """

    def __init__(
        self,
        rules: RuleSet,
        games: int,
        *,
        seed: int | None = None,
        round: int | str | Round | None = None,
        dealer: int | None = None,
        record: bool = False,
    ) -> None:
        self._rules = game_rules(rules, round)
        self._games = check_games(games)
        self._seed = resolve_seed(seed)
        self._dealer = check_dealer(dealer, self._rules.players)
        self._record = checks.flag(record, "record")
        self._bt = batch_tables(self._rules)
        self._rng = generator(self._seed, 0)
        self._observer_cache: Observer | None = None
        self._squeeze = squeeze_runs(self._bt.deck_cards)
        self._value_of = _values(self._bt)
        self._ids: np.ndarray | None = None
        self._keys: np.ndarray | None = None
        self._start()

    @classmethod
    def _keyed(cls, rules: RuleSet, keys: np.ndarray, *, seed: int, record: bool) -> BatchGames:
        """A batch of ``len(keys)`` games, each dealt (and its first dealer
        drawn) from its own stream, ``keys[i]`` (see
        :mod:`~pocha_rules.batch._keyed`), not from ``seed``; each
        :meth:`reset` deals the same games again."""
        games = cls(rules, 0, seed=seed, record=record)
        games._games = len(keys)
        games._keys = keys
        games._start()
        return games

    def _start(self) -> None:
        rules = self._rules
        rng = self._rng
        keyed = None if self._keys is None else KeyedUniform(self._keys)
        if keyed is None:
            first = first_dealers(self._rng, self._games, rules.players, self._dealer)
        else:
            first = keyed.first_dealers(rules.players)
            rng = cast(np.random.Generator, keyed)  # the dealer draws only floats
        self._engine = Lockstep(
            self._bt, rng, first, rules.schedule,
            tiebreak=rules.tiebreak is Tiebreak.ONE_CARD_ROUNDS,
            record=self._record, keep_trick=True,
        )  # fmt: skip
        if keyed is not None:
            keyed.engine = self._engine
        self._mask: np.ndarray | None = None

    def reset(self) -> None:
        """Deal a new batch of games (the generator goes on from where it
        was, so a run of batches is reproducible from the first seed)."""
        self._start()

    # --- what the games are ----------------------------------------------------

    @property
    def rules(self) -> RuleSet:
        """The rules played (with ``round``, the rules of a game of that one
        round): the action ids are this rule set's."""
        return self._rules

    @property
    def actions(self) -> ActionTable:
        """The :class:`~pocha_rules.actions.ActionTable` of :attr:`rules`."""
        return self._bt.actions

    @property
    def num_actions(self) -> int:
        """How many action ids there are: the width of :attr:`legal_mask`."""
        return self._bt.actions.size

    @property
    def size(self) -> int:
        """How many games the batch holds."""
        return self._games

    @property
    def seed(self) -> int:
        """The seed the batch was started from."""
        return self._seed

    @property
    def first_dealer(self) -> np.ndarray:
        """``int64[games]``: the seat that dealt each game's first round."""
        return self._engine.first_dealer.copy()

    # --- where they stand ---------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """What the games still playing wait for (all the same);
        :attr:`Phase.OVER <pocha_rules.Phase.OVER>` once every game is over."""
        return self._engine.phase

    @property
    def round_index(self) -> int:
        """The round the games still playing are in (0 for the first)."""
        return self._engine.round_index

    @property
    def round(self) -> Round:
        """The round the games still playing are in: cards and kind."""
        return self._engine.plan

    @property
    def done(self) -> np.ndarray:
        """``bool[games]``: which games are over."""
        return self._engine.done.copy()

    @property
    def to_move(self) -> np.ndarray:
        """``int64[games]``: the seat to move in each game, -1 in a game
        that is over."""
        seats = np.full(self._games, -1, dtype=np.int64)
        engine = self._engine
        if engine.active:
            seats[engine.rows] = engine.to_move()
        return seats

    @property
    def scores(self) -> np.ndarray:
        """``int64[games, players]``: each game's totals by seat, counting
        its finished rounds (final once it is over)."""
        engine = self._engine
        scores = engine.scores.copy()
        if engine.active:
            scores[engine.rows] = engine.totals()
        return scores

    @property
    def legal_mask(self) -> np.ndarray:
        """``bool[games, num_actions]``: the legal action ids of each game's
        seat to move (none in a game that is over). Read-only; it changes
        with each :meth:`step`."""
        mask = self._mask
        if mask is None:
            mask = np.zeros((self._games, self.num_actions), dtype=bool)
            engine = self._engine
            if not engine.active:
                pass
            elif engine.active == self._games:
                self._fill_legal(mask)
            else:
                legal = np.zeros((engine.active, self.num_actions), dtype=bool)
                self._fill_legal(legal)
                mask[engine.rows] = legal
            mask.flags.writeable = False
            self._mask = mask
        return mask

    def _fill_legal(self, mask: np.ndarray, rows: Placement | None = None) -> np.ndarray:
        """Set the legal action ids of the games still playing in ``mask``,
        ``bool[active, num_actions]``, all ``False`` before: one row per
        row of the engine (with ``rows``, in row ``rows.rows[i]`` of
        ``mask``, ``bool[any, num_actions]``). Returns the legal values as bit masks,
        ``uint64[active]``, bit ``i`` for the ``i``-th id of the phase's
        section of ids (and :data:`PASS` for an auction's pass), to be read
        before the next move."""
        engine = self._engine
        legal = engine.legal()
        table = self._bt.actions
        phase = engine.phase
        if phase is Phase.PLAY:
            # The deck's cards down to the lowest bits: then bit i is play id i.
            legal = squeeze(legal, self._squeeze)
            first, count = table.plays.start, table.plays.stop - table.plays.start
        elif phase is Phase.BID:
            first, count = table.bids.start, engine.plan.cards + 1
        elif phase is Phase.AUCTION:
            first, count = table.calls.start, engine.plan.cards + 1
        else:
            first, count = table.trump_choices.start, 4
        # Every bit of each game's legal mask as a byte, little end first.
        bits = np.unpackbits(legal.view(np.uint8), bitorder="little").reshape(-1, 64)
        section = bits[:, :count].view(bool)
        if rows is None:
            mask[:, first : first + count] = section
        else:
            put_rows(mask, section, rows, slice(first, first + count))
        if phase is Phase.AUCTION:
            assert table.pass_action is not None
            passes = bits[:, PASS].view(bool)
            if rows is None:
                mask[:, table.pass_action] = passes
            else:
                mask[rows.rows, table.pass_action] = passes
        return legal

    def sample_actions(self, rng: np.random.Generator) -> np.ndarray:
        """A uniformly random legal action id for the seat to move in every
        game (0 in a game that is over), drawn from ``rng``: a random
        policy's moves, several times faster than drawn from
        :attr:`legal_mask`.

        Raises:
            TypeError: ``rng`` is not a :class:`numpy.random.Generator`.

        """
        if not isinstance(rng, np.random.Generator):
            raise TypeError(f"rng must be a numpy Generator, got {got(rng)}")
        engine = self._engine
        chosen = np.zeros(self._games, dtype=np.int64)
        if not engine.active:
            return chosen
        legal = engine.legal()  # for plays, drawn from the engine's own bits of the cards
        if self._ids is None:
            self._ids = id_table(self._bt.actions, self._bt.deck_cards)
        at = random_bits(legal, rng).view(np.int64)
        at += PHASE_ROWS[engine.phase] * 64
        if engine.active == self._games:
            return self._ids.take(at)
        chosen[engine.rows] = self._ids.take(at)
        return chosen

    def _section(self) -> tuple[np.ndarray, np.ndarray]:
        """The action ids of the phase at hand and the value of each."""
        table = self._bt.actions
        phase = self._engine.phase
        cards = self._engine.plan.cards
        if phase is Phase.PLAY:
            ids = np.arange(table.plays.start, table.plays.stop)
            return ids, self._bt.card_of[ids]
        if phase is Phase.BID:
            ids = np.arange(table.bids.start, table.bids.start + cards + 1)
            return ids, np.arange(cards + 1, dtype=U64)
        if phase is Phase.AUCTION:
            assert table.pass_action is not None
            ids = np.append(np.arange(table.calls.start, table.calls.start + cards + 1),
                            table.pass_action)  # fmt: skip
            return ids, np.append(np.arange(cards + 1, dtype=U64), U64(PASS))
        ids = np.arange(table.trump_choices.start, table.trump_choices.stop)
        return ids, np.arange(4, dtype=U64)

    @property
    def observation_size(self) -> int:
        """The length of an observation vector: the width of
        :meth:`observations`."""
        return self._observer().size

    def observations(self, seats: object = None) -> np.ndarray:
        """The observation vector of a seat in each game, as
        :mod:`pocha_rules.observations` lays it out (the same numbers as
        ``encode_view(observe(state, seat))``), one row per game.

        Args:
            seats: Whose view: ``None`` for the seat to move in each game, a
                seat number for that seat in every game, or an array with
                one seat per game.

        Returns:
            ``float32[games, observation_size]``; a game that is over has a
            row of zeros.

        Raises:
            TypeError: ``seats`` is not a seat number or an array of them.
            PochaError: A seat is out of range, or ``seats`` is not one per
                game.

        """
        engine = self._engine
        n = self._rules.players
        chosen: np.ndarray | None = None  # the seats to move
        if seats is not None:
            given = integer_array(
                seats, "seats must be seat numbers", say("seats_ragged", games=self._games)
            )
            if given.shape not in ((), (self._games,)):
                raise PochaError(say("seats_shape", games=self._games, shape=str(given.shape)))
            if ((given < 0) | (given >= n)).any():
                raise PochaError(say("seat_out_of_range", high=n - 1, got=shown(seats)))
            every = np.broadcast_to(given, (self._games,)).astype(np.int64)
            chosen = every[engine.rows]
        encoded = self._observer().encode(engine, chosen)
        if engine.active == self._games:
            return encoded
        out = np.zeros((self._games, self.observation_size), dtype=np.float32)
        out[engine.rows] = encoded
        return out

    def _observer(self) -> Observer:
        observer = self._observer_cache
        if observer is None:
            observer = self._observer_cache = Observer(self._bt)
        return observer

    # --- moving ---------------------------------------------------------------

    def step(self, actions: object) -> None:
        """Play one action id in every game that is not over, all at once.

        ``actions`` holds one id per game (``int`` array-like of length
        :attr:`size`); the entries of games that are over are ignored. If any
        action is out of range or not legal in its game, nothing is played.

        Raises:
            TypeError: ``actions`` is not an array of whole numbers.
            PochaError: ``actions`` is not one per game, or every game is over.
            BatchActionError: An action is not legal; it names the (first)
                game, the action, the seat and the reason.

        """
        given = integer_array(
            actions, "actions must be whole numbers", say("actions_ragged", games=self._games)
        )
        if given.shape != (self._games,):
            raise PochaError(say("actions_shape", games=self._games, shape=str(given.shape)))
        engine = self._engine
        if engine.phase is Phase.OVER:
            raise PochaError(say("batch_over"))
        raw = given if engine.active == self._games else given[engine.rows]
        ids, values = self._section()
        size = self.num_actions
        # Compared in the array's own type: an id of uint64 at or above 2**63
        # is out of range, never a negative int64.
        in_range = ids_in_range(raw, size)
        chosen = np.where(in_range, raw, 0).astype(np.int64)
        # The value of each id in this phase, or -1 for an id of another
        # phase (and out-of-range ids are refused first).
        value_of = np.full(size, -1, dtype=np.int64)
        value_of[ids] = values.view(np.int64)
        value = np.where(in_range, value_of[chosen], -1)
        legal = engine.legal()
        ok = (value >= 0) & (((legal >> np.maximum(value, 0).astype(U64)) & U64(1)) == 1)
        if not ok.all():
            row = int(np.argmin(ok))
            raise self._refusal(row, int(raw[row]), bool(in_range[row]))
        engine.apply(value.astype(U64))
        self._mask = None

    def _play(self, actions: np.ndarray) -> None:
        """:meth:`step` without its checks, for a caller that made them:
        ``actions`` is ``int64[games]``, each game's id legal in it (the
        entries of games that are over are ignored)."""
        engine = self._engine
        raw = actions if engine.active == self._games else actions[engine.rows]
        engine.apply(self._value_of.take(raw))
        self._mask = None

    def _refusal(self, row: int, action: int, in_range: bool) -> BatchActionError:
        """The error for the action refused in the engine's row ``row``."""
        engine = self._engine
        game = int(engine.rows[row])
        seat = int(engine.to_move()[row])
        table = self._bt.actions
        if not in_range:
            reason = say("action_out_of_range", high=table.size - 1)
            return BatchActionError(game, action, seat, reason)
        move = table.moves[action]
        phase = engine.phase
        cards = engine.plan.cards
        if phase is Phase.PLAY and action in table.plays:
            reason = self._play_refusal(row, int(self._bt.card_of[action]))
        elif phase is Phase.BID and action in table.bids:
            if action - table.bids.start > cards:
                reason = say("bid_out_of_range", cards=cards)
            else:
                reason = say("hook", bid=action - table.bids.start, cards=cards)
        elif phase is Phase.AUCTION and action == table.pass_action:
            reason = say("first_must_call")
        elif phase is Phase.AUCTION and action in table.calls:
            if action - table.calls.start > cards:
                reason = say("call_out_of_range", cards=cards)
            else:
                highest = int(engine.highest()[row])
                reason = say("call_too_low", highest=highest)
        else:
            reason = say(
                "wrong_phase", expected=_EXPECTED[phase], phase=phase.value, move=str(move)
            )
        return BatchActionError(
            game, action, seat, say("action_illegal", move=str(move), reason=reason)
        )

    def _play_refusal(self, row: int, card: int) -> Reason:
        """Why ``card`` may not be played in the engine's row ``row``."""
        engine = self._engine
        hand, trick, win, trump = engine.trick_of(row)
        reason = explain_play(self._bt.tables, hand, trick, win, trump, card)
        assert isinstance(reason, Reason)
        return reason

    # --- records -------------------------------------------------------------

    def record(self, game: int) -> GameRecord:
        """Game ``game`` so far as a :class:`~pocha_rules.records.GameRecord`
        (every deal and move; finished or not), when the batch records.

        Raises:
            PochaError: The batch does not record, or there is no such game.

        """
        if not self._record:
            raise PochaError(say("batch_not_recorded"))
        if isinstance(game, bool) or not isinstance(game, int | np.integer):
            raise TypeError(f"game must be an int, got {got(game)}")
        if not 0 <= game < self._games:
            raise PochaError(say("game_out_of_range", high=self._games - 1, got=shown(int(game))))
        engine = self._engine
        rounds = list(engine.history)
        current = engine.current_round()
        if current is not None:
            rounds.append(current)
        return game_record(
            self._rules,
            self._seed,
            int(engine.first_dealer[game]),
            rounds,
            int(game),
            self.scores[game].tolist(),
        )


def _values(bt: BatchTables) -> np.ndarray:
    """``uint64[num_actions]``: the engine's value of every action id (a
    card's index, a bid's or a call's number, :data:`PASS`, a suit); the
    ranges of the ids of each phase do not overlap."""
    table = bt.actions
    values = np.zeros(table.size, dtype=U64)
    values[table.plays.start : table.plays.stop] = bt.card_of[table.plays.start : table.plays.stop]
    values[table.bids.start : table.bids.stop] = np.arange(len(table.bids), dtype=U64)
    values[table.calls.start : table.calls.stop] = np.arange(len(table.calls), dtype=U64)
    if table.pass_action is not None:
        values[table.pass_action] = PASS
    choices = table.trump_choices
    values[choices.start : choices.stop] = np.arange(len(choices), dtype=U64)
    return values
