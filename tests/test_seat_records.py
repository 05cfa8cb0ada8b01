"""A game record as one seat may see it: nothing hidden in it, what it holds
right, the JSON round trip and malformed data refused."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pocha_rules import InvalidDataError, RoundKind, observe
from pocha_rules.seat_records import SeatRecord

from .strategies import json_values
from .test_json_views import STATES, paths, replaced, validator

SCHEMA = validator("seat-record")


def test_a_seat_record_holds_what_the_seat_may_know_and_nothing_else() -> None:
    for state in STATES[::4] + STATES[-1:]:
        for seat in range(state.rules.players):
            view = observe(state, seat)
            record = SeatRecord.from_state(state, seat, tags={"table": "3"})
            data: Any = record.to_dict()
            SCHEMA.validate(data)
            assert "seed" not in data
            assert SeatRecord.from_json(record.to_json()) == record
            assert record.moves == view.seated_history
            assert record.scores == state.scores
            assert record.round_scores == state.round_scores
            finished = len(state.round_results)
            for deal, real in zip(record.deals[:finished], state.deals, strict=False):
                assert deal.hands == real.hands
                assert deal.trump_card is real.trump_card
            if state.is_over:
                assert len(record.deals) == finished
                continue
            assert len(record.deals) == finished + 1
            current = record.deals[-1]
            assert current.trump_card is state.trump_card
            for other, hand in enumerate(current.hands):
                if view.visible_hands[other] is None:
                    assert hand is None
                else:
                    assert hand == state.deal.hands[other]
            blind = state.round_kind is RoundKind.BLIND
            assert (current.hands[seat] is None) == (blind and view.visible_hands[seat] is None)


def test_malformed_seat_records_are_refused_saying_where() -> None:
    data: Any = SeatRecord.from_state(STATES[9], 1).to_dict()
    data["deals"][-1]["hands"][1][0] = "0o"
    with pytest.raises(InvalidDataError) as caught:
        SeatRecord.from_dict(data)
    last = len(data["deals"]) - 1
    assert caught.value.where == f"deals[{last}].hands[1][0]"
    assert str(caught.value).startswith(f"invalid seat record at deals[{last}].hands[1][0]: ")
    with pytest.raises(InvalidDataError, match="invalid seat record at format: expected"):
        SeatRecord.from_dict({"format": "pocha-record"})
    with pytest.raises(InvalidDataError, match="invalid seat record: expected an object"):
        SeatRecord.from_dict([])
    with pytest.raises(TypeError, match="view must be a PlayerView"):
        SeatRecord.from_view(STATES[0])  # type: ignore[arg-type]


@settings(max_examples=100)
@given(st.data())
def test_fuzzed_seat_records_are_read_or_refused(data: st.DataObject) -> None:
    original = SeatRecord.from_state(STATES[30], 2).to_dict()
    path = data.draw(st.sampled_from(paths(original)))
    mutated = replaced(original, path, data.draw(json_values()))
    with contextlib.suppress(InvalidDataError):
        SeatRecord.from_dict(mutated)
    with contextlib.suppress(InvalidDataError):
        SeatRecord.from_json(json.dumps(mutated)[: data.draw(st.integers(0, 400))])
