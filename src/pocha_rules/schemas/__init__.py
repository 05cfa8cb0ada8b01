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
  written by the ``to_dict`` of the events of :mod:`pocha_rules.events`;
- ``poch-view``: what one seat may know of a game of Poch
  (``"schema": "poch-view"``), written by
  :func:`pocha_rules.poch.compact.compact_view`.

The files ship inside the package; :func:`schema` reads one. Apps in other
languages can validate what they receive with any JSON Schema library. The
library's own readers check more than a schema can say (that the legal moves
are the legal moves, say), and refuse what they do not take with
:class:`~pocha_rules.InvalidDataError`.

:func:`validator` gives a ``jsonschema`` validator for one format, with
:func:`registry` (every schema file by its ``$id``), so that the state's
reference to the record's schema is found offline (``pip install
"pocha-rules[schemas]"``).

>>> schema("view")["properties"]["schema"]
{'const': 'pocha-view'}
>>> sorted(NAMES)
['event', 'poch-view', 'record', 'seat-record', 'state', 'view']
"""

from __future__ import annotations

import json
from importlib import import_module, resources
from typing import Any, Final

from pocha_rules._common.errors import PochaError, say
from pocha_rules._common.text import got, shown

__all__ = ["NAMES", "VERSIONS", "registry", "schema", "validator"]

VERSIONS: Final = {
    "event": 2,
    "record": 1,
    "seat-record": 1,
    "state": 1,
    "view": 2,
    "poch-view": 1,
}
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


def _needed(module: str) -> Any:
    try:
        return import_module(module)
    except ImportError as error:  # pragma: no cover - the extra is installed in the tests
        raise ImportError(
            f'pocha_rules.schemas needs {module} (jsonschema): pip install "pocha-rules[schemas]"'
        ) from error


def registry() -> Any:
    """A ``referencing.Registry`` holding every schema of :data:`NAMES` under
    its ``$id``: ``jsonschema`` finds what one schema refers to in it, with no
    network (``jsonschema`` fetches nothing it finds there).

    Raises:
        ImportError: ``jsonschema`` (and its ``referencing``) is not
            installed: ``pip install "pocha-rules[schemas]"``.

    """
    referencing = _needed("referencing")
    found = referencing.Registry()
    for name in NAMES:
        data = schema(name)
        found = found.with_resource(str(data["$id"]), referencing.Resource.from_contents(data))
    return found


def validator(name: str) -> Any:
    """A ``jsonschema`` validator of the format ``name``, with :func:`registry`:
    ``validator("state").validate(data)`` raises ``jsonschema``'s
    ``ValidationError`` where ``data`` does not fit, offline.

    Raises:
        PochaError: ``name`` is not one of :data:`NAMES`.
        ImportError: ``jsonschema`` is not installed.

    """
    data = schema(name)
    jsonschema = _needed("jsonschema")
    cls = jsonschema.validators.validator_for(data)
    return cls(data, registry=registry())
