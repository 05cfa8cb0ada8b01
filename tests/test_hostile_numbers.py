"""The same hostile numbers at every door that takes a whole number, a
seed, a count, a seat or an array of them: only the library's errors come
out (a ``TypeError`` naming what it expects, a ``PochaError`` with a code),
never Python's own (the bare ``ValueError`` of a whole number too long to
write as text, an ``AttributeError``, an ``OverflowError``).

Each door is one test; hypothesis draws the values from one list, the
same for every door, so that a door added here meets every value.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Final

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import pocha_rules
import pocha_rules.actions
import pocha_rules.observations
import pocha_rules.poch as poch
from pocha_rules import PochaError, RuleSet
from pocha_rules._cli import main
from pocha_rules.bots import HeuristicBot, RandomBot
from pocha_rules.parallel import run_chunks
from pocha_rules.parallel import simulate as spread_simulate
from pocha_rules.poch import observations as poch_observations

np = pytest.importorskip("numpy", reason="the arrays' doors need numpy (the rl extra)")

HUGE: Final = 10**5000

HOSTILE: Final[tuple[object, ...]] = (
    HUGE,
    -HUGE,
    2**64 - 1,
    2**63,
    -(2**63) - 1,
    -1,
    True,
    False,
    1.0,
    2.5,
    float("nan"),
    "3",
    None,
    b"1",
    [1],
    np.int64(-1),
    np.uint64(2**64 - 1),
    np.float64(1.0),
    np.array([1], dtype=object),
)
"""Too large, too small, of the wrong type, of a numpy type."""

RULES: Final = RuleSet(schedule=(1, 2))
POCH: Final = poch.RuleSet(players=3)


def _pocha_state() -> pocha_rules.GameState:
    return pocha_rules.new_game(RULES, seed=1, dealer=0)


def _poch_state() -> poch.GameState:
    return poch.new_game(POCH, seed=1, dealer=0)


def _first(state: Any, game: Any) -> Any:
    return game.legal_moves(state)[0]


def _vector() -> Any:
    from pocha_rules.vector import VectorEnv

    env = VectorEnv(RULES, 2)
    env.reset(seed=1)
    return env


def _batch() -> Any:
    from pocha_rules.batch import BatchGames

    return BatchGames(RULES, 2, seed=1)


class _OneSeat(Mapping[Any, str]):
    """``{key: value}``, for any key (a list too)."""

    def __init__(self, key: object, value: str) -> None:
        self.key, self.value = key, value

    def __getitem__(self, key: object) -> str:
        if key is not self.key:
            raise KeyError(key)
        return self.value

    def __iter__(self) -> Iterator[Any]:
        yield self.key

    def __len__(self) -> int:
        return 1


HANDS: Final = {1: "10h Qh 8h Jc Qc", 2: "9h Kh Kc 9c 8d", 0: "Jh Ah 7h As 10d"}

DOORS: Final[dict[str, Callable[[Any], object]]] = {
    # Pocha's engine and its bots.
    "new_game seed": lambda v: pocha_rules.new_game(RULES, seed=v),
    "new_game dealer": lambda v: pocha_rules.new_game(RULES, seed=1, dealer=v),
    "apply seat": lambda v: pocha_rules.apply(
        state := _pocha_state(), _first(state, pocha_rules), seat=v
    ),
    "observe seat": lambda v: pocha_rules.observe(_pocha_state(), v),
    "simulate games": lambda v: pocha_rules.simulate(RULES, v, seed=1),
    "simulate seed": lambda v: pocha_rules.simulate(RULES, 1, seed=v),
    "RandomBot seed": lambda v: RandomBot(seed=v),
    "HeuristicBot seed": lambda v: HeuristicBot(seed=v),
    # Spreading games.
    "parallel simulate games": lambda v: spread_simulate(RULES, v, workers=1),
    "run_chunks count": lambda v: run_chunks(len, v, workers=1),
    "run_chunks workers": lambda v: run_chunks(len, 0, workers=v),
    "run_chunks chunk_size": lambda v: run_chunks(len, 2, workers=1, chunk_size=v),
    # Poch's engine and its bots.
    "poch new_game seed": lambda v: poch.new_game(POCH, seed=v),
    "poch new_game dealer": lambda v: poch.new_game(POCH, seed=1, dealer=v),
    "poch deal_pack dealer": lambda v: poch.deal_pack(POCH, dealer=v, hands=HANDS, turnup="Ks"),
    "poch observe seat": lambda v: poch.observe(_poch_state(), v),
    "poch RandomBot seed": lambda v: poch.RandomBot(seed=v),
    # Observation vectors: the rules and the view they are given.
    "observation_size rules": lambda v: pocha_rules.observations.observation_size(v),
    "encode_view view": lambda v: pocha_rules.observations.encode_view(v),
    "poch observation_size rules": lambda v: poch_observations.observation_size(v),
    "poch encode_view view": lambda v: poch_observations.encode_view(v),
    "num_actions rules": lambda v: pocha_rules.actions.num_actions(v),
    "poch num_actions rules": lambda v: poch.actions.num_actions(v),
    # The arrays: the vector environment and the batch engine.
    "VectorEnv opponents": lambda v: __import__("pocha_rules.vector").vector.VectorEnv(
        RULES, 2, opponents=_OneSeat(v, "random")
    ),
    "VectorEnv observations": lambda v: _vector().observations(v),
    "pettingzoo opponents": lambda v: __import__("pocha_rules.pettingzoo").pettingzoo.raw_env(
        RULES, opponents=_OneSeat(v, "random")
    ),
    "poch pettingzoo opponents": lambda v: __import__(
        "pocha_rules.poch.pettingzoo"
    ).poch.pettingzoo.raw_env(POCH, opponents=_OneSeat(v, "random")),
    "VectorEnv observations list": lambda v: _vector().observations([v, 0]),
    "VectorEnv step": lambda v: _vector().step([v, v]),
    "VectorEnv step array": lambda v: _vector().step(np.array([v, v], dtype=object)),
    "VectorEnv record": lambda v: __import__("pocha_rules.vector").vector.VectorEnv(
        RULES, 2, record=v
    ),
    "BatchGames games": lambda v: __import__("pocha_rules.batch").batch.BatchGames(RULES, v),
    "BatchGames record": lambda v: __import__("pocha_rules.batch").batch.BatchGames(
        RULES, 2, record=v
    ),
    "BatchGames step": lambda v: _batch().step([v, v]),
    "BatchGames observations": lambda v: _batch().observations(v),
}


def _library_error(error: BaseException) -> bool:
    """Whether ``error`` is one of the library's: a ``PochaError``, or a
    ``TypeError`` whose message says what was expected."""
    if isinstance(error, PochaError):
        return True
    if type(error) is TypeError:
        text = str(error)
        return any(word in text for word in ("must be", "expected", "got"))
    return False


@pytest.mark.parametrize("door", sorted(DOORS))
@settings(max_examples=2 * len(HOSTILE))
@given(value=st.sampled_from(HOSTILE))
def test_only_the_librarys_errors_come_out_of_a_door(door: str, value: object) -> None:
    try:
        DOORS[door](value)
    except Exception as error:
        refused: BaseException | None = error
    else:
        refused = None
    if refused is not None:
        assert _library_error(refused), (
            f"{door}({value!r:.40}): {type(refused).__name__}: {refused!s:.200}"
        )


CLI_VALUES: Final = ("1" + "0" * 5000, "-" + "1" * 5000, str(2**64 - 1), "-1", "1.5", "x", "")
"""The hostile numbers as a command line gives them: as text."""

CLI_DOORS: Final = (
    ("simulate", "-n", "{}"),
    ("simulate", "-n", "1", "--seed", "{}"),
    ("simulate", "-n", "1", "--workers", "{}"),
    ("simulate", "-n", "1", "--chunk-size", "{}"),
    ("match", "-n", "{}"),
    ("play", "--human", "{}"),
    ("play", "--dealer", "{}"),
    ("poch", "simulate", "-n", "{}"),
    ("poch", "simulate", "-n", "1", "--workers", "{}"),
    ("poch", "match", "-n", "{}"),
    ("poch", "play", "--human", "{}"),
    ("poch", "play", "--dealer", "{}"),
    ("poch", "play", "--players", "{}"),
)


@pytest.mark.parametrize("door", CLI_DOORS, ids=" ".join)
@settings(max_examples=2 * len(CLI_VALUES))
@given(text=st.sampled_from(CLI_VALUES))
def test_only_a_one_line_refusal_comes_out_of_an_option(door: tuple[str, ...], text: str) -> None:
    # -1 and 2**64 - 1 are seeds: the command would play.
    assume(not (door[-2] == "--seed" and text in ("-1", str(2**64 - 1))))
    errors = io.StringIO()
    with contextlib.redirect_stderr(errors), pytest.raises(SystemExit) as exit_:
        main(["--lang", "en", *(part.format(text) for part in door)])
    said = errors.getvalue()
    assert exit_.value.code == 2, said
    assert "Traceback" not in said
    assert said.rstrip().splitlines()[-1].startswith("pocha"), said


# --- the bugs these checks fixed -----------------------------------------------------


def test_an_unsigned_id_of_2_64_minus_1_is_named_as_given() -> None:
    # Before: the vector environment cast it to -1 and named action -1.
    from pocha_rules.vector import VectorActionError

    with pytest.raises(VectorActionError) as caught:
        _vector().step(np.full(2, 2**64 - 1, dtype=np.uint64))
    assert caught.value.action == 2**64 - 1
    assert "invalid action 18446744073709551615 for game 0" in str(caught.value)


def test_an_object_array_of_actions_is_refused_naming_its_entry() -> None:
    # Before: AttributeError ('int' object has no attribute 'item').
    from pocha_rules.vector import VectorActionError

    with pytest.raises(VectorActionError, match="got an array of object"):
        _vector().step(np.array([1, 2], dtype=object))


def test_the_learner_environment_refuses_an_object_array_naming_its_entry() -> None:
    # Before: AttributeError ('int' object has no attribute 'item'), and a
    # bare ValueError for a whole number too long to write.
    pytest.importorskip("gymnasium", reason="the learner environment needs the rl extra")
    from pocha_rules.learner_vector import LearnerVectorEnv
    from pocha_rules.vector import VectorActionError

    env = LearnerVectorEnv(RULES, 2)
    env.reset(seed=1)
    for actions in (np.array([1, 2], dtype=object), np.array([HUGE, 0], dtype=object)):
        with pytest.raises(VectorActionError, match="got an array of object"):
            env.step(actions)


@pytest.mark.parametrize(
    ("dealer", "error"), [(None, TypeError), (-1, PochaError), (3, PochaError)]
)
def test_poch_deal_pack_refuses_a_dealer_that_is_not_a_seat(
    dealer: object, error: type[Exception]
) -> None:
    # Before: None raised Python's own TypeError, -1 was taken as seat 2.
    with pytest.raises(error, match="dealer must be"):
        poch.deal_pack(POCH, dealer=dealer, hands=HANDS, turnup="Ks")  # type: ignore[arg-type]


def test_a_seat_that_is_no_seat_is_refused_by_apply() -> None:
    state = _pocha_state()
    for seat in (HUGE, -1, 4):
        with pytest.raises(PochaError, match="seats run from 0 to 3"):
            pocha_rules.apply(state, _first(state, pocha_rules), seat=seat)
