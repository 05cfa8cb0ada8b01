"""Saving a game with ``--save``: never over another file, never half
written, and also when the game is interrupted.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from pathlib import Path

from pocha_rules import poch
from pocha_rules._cli.i18n import _
from pocha_rules._cli.options import Fail
from pocha_rules._cli.output import Output, Stop
from pocha_rules._common.files import not_a_regular_file, write_atomically
from pocha_rules._common.text import printable, shown_path
from pocha_rules._pocha.state import GameState

__all__ = ["check_target", "save"]

_OTHER_NAMES = 99
"""How many other names (``game-2.json`` ... ) a game may go to when the
file it should replace appeared while it was played."""


def check_target(path: str, *, force: bool, replaceable: str | None, fail: Fail) -> bool:
    """Refuse a ``--save`` path before the game starts, rather than after it;
    return whether the save may replace the file at ``path``.

    ``replaceable`` is a file the save may replace without ``--force`` (the
    record a resumed game was read from).
    """
    shown = shown_path(path)
    try:
        return _check_target(path, shown, force=force, replaceable=replaceable, fail=fail)
    except OSError as error:  # a name too long, a folder that may not be read
        reason = printable(str(error.strerror or error))
        fail(_("--save {path}: {reason}").format(path=shown, reason=reason))


def _check_target(
    path: str, shown: str, *, force: bool, replaceable: str | None, fail: Fail
) -> bool:
    target = Path(path)
    folder = target.parent
    if target.is_dir():
        fail(_("--save {path}: that is a folder; name a file").format(path=shown))
    if not folder.is_dir():
        fail(
            _("--save {path}: there is no folder '{folder}'").format(
                path=shown, folder=shown_path(folder)
            )
        )
    kind = not_a_regular_file(target)
    if kind is not None:  # a device, a FIFO (or a link to one): never replaced
        fail(
            _("--save {path}: that is {kind}, not a regular file; name a file").format(
                path=shown, kind=kind
            )
        )
    if force or _same_file(target, replaceable):
        return True
    if os.path.lexists(target):
        fail(_("--save {path}: the file exists; give --force to replace it").format(path=shown))
    return False


def _same_file(path: Path, other: str | None) -> bool:
    if other is None:
        return False
    try:
        return os.path.samefile(path, other)
    except OSError:
        return False


def save(
    path: str,
    state: GameState | poch.GameState,
    out: Output,
    *,
    replace: bool,
    partial: bool = False,
    tags: Mapping[str, str] | None = None,
) -> str:
    """Write the record of ``state``, a Pocha or a Poch game (with
    ``tags``), to ``path`` atomically and say so; return where it went.

    Without ``replace``, an existing file is never replaced: when one
    appeared at ``path`` while the game was played, the game goes to the
    first free name of ``game-2.json``, ``game-3.json``...
    """
    from pocha_rules.games import for_rules

    text = for_rules(state.rules).to_record(state, tags=tags)

    def write(target: str, overwrite: bool) -> None:
        write_atomically(text, target, overwrite=overwrite)

    so_far = _("the game so far is saved in {path}")
    said = so_far if partial else _("the game is saved in {path}")
    candidates = [path, *_other_names(path)]
    for candidate in candidates:
        try:
            write(candidate, replace and candidate == path)
        except FileExistsError:
            continue
        except OSError as error:
            reason = printable(str(error.strerror or error))
            raise Stop(
                1,
                _("cannot write {path}: {reason}").format(
                    path=shown_path(candidate), reason=reason
                ),
            ) from None
        if candidate != path:
            out.line(
                _("{path} appeared during the game and is left as it is").format(
                    path=shown_path(path)
                )
            )
        out.line(said.format(path=shown_path(candidate)))
        return candidate
    raise Stop(
        1,
        _("cannot write {path}: it and {count} other names exist").format(
            path=shown_path(path), count=len(candidates) - 1
        ),
    )


def _other_names(path: str) -> Iterator[str]:
    target = Path(path)
    for number in range(2, _OTHER_NAMES + 2):
        yield str(target.with_name(f"{target.stem}-{number}{target.suffix}"))
