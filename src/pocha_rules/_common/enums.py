"""The string enums of both games' rules (private): phases, kinds of
round, reasons for payments."""

from __future__ import annotations

import enum

__all__ = ["NamedStrEnum"]


class NamedStrEnum(enum.StrEnum):
    """A string enum whose ``repr`` is the member as Python writes it
    (``Phase.BID``), shorter than the enum's own ``<Phase.BID: 'bid'>``."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"
