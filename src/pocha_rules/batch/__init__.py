"""Batch simulation: thousands of games at once, on numpy arrays.

Needs numpy (``pip install "pocha-rules[batch]"``); the rest of the library
never imports it.

The batch engine plays many games of one :class:`~pocha_rules.RuleSet` in
lockstep: each game is a row of arrays (hands as bit masks, trump, bids,
tricks won, the state of the trick), and each step of the game is one array
operation for all of them. It covers every option of the rules and every
schedule, preset or custom (auction and blind rounds, tiebreak rounds
included), and single rounds of a given size. There are two doors:

- :func:`simulate_batch` plays games (or rounds) with every move drawn
  uniformly at random among the legal ones, and returns the final scores and
  a summary of every round (bids, tricks won, trumps, points) as arrays;
- :class:`BatchGames` holds a batch of games for an agent to step: the seat
  to move and the legal-action mask of every game, over the ids of
  :mod:`pocha_rules.actions`, the observation vectors of
  :mod:`pocha_rules.observations` (:meth:`BatchGames.observations`), and
  :meth:`BatchGames.step` to play one action in each game at once. An
  illegal action raises :class:`BatchActionError`, naming the game and the
  reason, and no game moves.

It is a second implementation of the rules, proved equal to the engine by
the test suite: across random rule sets, every game a batch plays is
replayed through :func:`~pocha_rules.new_game` and
:func:`~pocha_rules.apply` from its record, with the same seat to move and
the same legal moves (and the same observation vectors) at every decision
and the same scores at the end.

Both doors are reproducible: the same seed (and the same actions) give the
same games. The batch shuffles and deals with numpy's generator, not as
:func:`~pocha_rules.new_game` does: a seed does not deal the same cards in
both. Any game can be had as a :class:`~pocha_rules.records.GameRecord`
(with ``record=True``), whose deals and moves replay through the engine.

>>> from pocha_rules import RuleSet
>>> result = simulate_batch(RuleSet(players=4), 2000, seed=7)
>>> result.scores.shape, result.bids.shape[1:]  # 28 rounds, and tiebreaks
((2000, 4), (33, 4))
>>> int(result.rounds.min()), float(result.won[:, 27].sum(axis=1).mean())
(28, 1.0)
"""

try:
    import numpy as np  # noqa: F401 (the annotations of the names below read np.ndarray)
except ImportError as error:  # pragma: no cover - the extra is installed in the tests
    raise ImportError(
        "pocha_rules.batch needs numpy: pip install 'pocha-rules[batch]'", name="numpy"
    ) from error

from pocha_rules._common.exports import show_at_home
from pocha_rules.batch._games import BatchActionError, BatchGames
from pocha_rules.batch._simulate import BatchResult, simulate_batch

__all__ = ["BatchActionError", "BatchGames", "BatchResult", "simulate_batch"]

show_at_home(globals(), __all__)
