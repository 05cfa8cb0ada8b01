"""The JSON formats of pocha-rules, as JSON Schema files (draft 2020-12).

Each format carries its name and version in the data, so that a reader can
tell what it holds and refuse what it does not know:

- ``view``: what one seat may know (``"schema": "pocha-view"``), written by
  :meth:`PlayerView.to_dict <pocha_rules.PlayerView.to_dict>`;
- ``state``: a whole game state for servers (``"schema": "pocha-state"``),
  written by :meth:`GameState.to_dict <pocha_rules.GameState.to_dict>`;
- ``record``: a game record (``"format": "pocha-record"``), written by
  :class:`~pocha_rules.records.GameRecord`;
- ``seat-record``: a game record as one seat may see it
  (``"format": "pocha-seat-record"``), written by
  :class:`~pocha_rules.seat_records.SeatRecord`;
- ``event``: what a move caused (``"event": "trick_won"`` and so on),
  written by the ``to_dict`` of the events of :mod:`pocha_rules.events`.

The files ship inside the package; :func:`schema` reads one. Apps in other
languages can validate what they receive with any JSON Schema library. The
library's own readers check more than a schema can say (that the legal moves
are the legal moves, say), and refuse what they do not take with
:class:`~pocha_rules.InvalidDataError`.

>>> schema("view")["properties"]["schema"]
{'const': 'pocha-view'}
>>> sorted(NAMES)
['event', 'record', 'seat-record', 'state', 'view']
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Final

from pocha_rules._common.errors import PochaError, say
from pocha_rules._common.text import got, shown

__all__ = ["NAMES", "VERSIONS", "schema"]

VERSIONS: Final = {"event": 1, "record": 1, "seat-record": 1, "state": 1, "view": 1}
"""The version of each format this library writes and reads."""

NAMES: Final = tuple(VERSIONS)
"""The formats that have a schema file."""


def schema(name: str) -> dict[str, object]:
    """The JSON Schema of the format ``name`` (one of :data:`NAMES`), as
    JSON data; a new copy on every call.

    Its ``$id`` ends in ``NAME-VERSION.json``, which is also the file's name
    in this package; the state's schema refers to the record's by that name.

    Raises:
        PochaError: ``name`` is not one of :data:`NAMES`.
        TypeError: ``name`` is not a string.

    """
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, got {got(name)}")
    if name not in VERSIONS:
        raise PochaError(say("schema_unknown", got=shown(name), names=", ".join(NAMES)))
    text = resources.files(__name__).joinpath(f"{name}-{VERSIONS[name]}.json").read_text("utf-8")
    data: dict[str, object] = json.loads(text)
    return data
