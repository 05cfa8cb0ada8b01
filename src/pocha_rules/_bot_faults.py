"""What a bot did wrong in a game of a match, and which games a stopped
match did not play (private: :mod:`pocha_rules.matches` uses them)."""

from __future__ import annotations

import traceback
from collections.abc import Sequence
from typing import Protocol

import attrs

from pocha_rules._common.text import printable

__all__ = ["Fault", "not_played", "one_line", "raised", "trace"]


@attrs.frozen
class Fault:
    """What a bot did wrong in a game: plain values, sent back from a worker."""

    bot: str
    seat: int
    game: int
    deal_seed: int
    reason: str
    trace: str


def one_line(text: str, limit: int = 200) -> str:
    """``text`` on one line, control characters escaped, at most ``limit``
    characters."""
    line = printable(" ".join(text.split()))
    return line if len(line) <= limit else line[: limit - 3] + "..."


class _Part(Protocol):
    @property
    def sets(self) -> int: ...


def not_played(chunks: Sequence[tuple[range, _Part]], count: int) -> list[range]:
    """The sets of ``0..count-1`` not played: outside every chunk, or after
    a bot's fault in its chunk."""
    gaps, position = [], 0
    for chunk, part in sorted(chunks, key=lambda item: item[0].start):
        if chunk.start > position:
            gaps.append(range(position, chunk.start))
        position = chunk.start + part.sets
        if position < chunk.stop:
            gaps.append(range(position, chunk.stop))
            position = chunk.stop
    if position < count:
        gaps.append(range(position, count))
    merged: list[range] = []
    for gap in gaps:
        if merged and merged[-1].stop == gap.start:
            merged[-1] = range(merged[-1].start, gap.stop)
        else:
            merged.append(gap)
    return merged


def raised(error: BaseException) -> str:
    text = one_line(str(error))
    return f"raised {type(error).__name__}: {text}" if text else f"raised {type(error).__name__}"


def trace() -> str:
    return traceback.format_exc()
