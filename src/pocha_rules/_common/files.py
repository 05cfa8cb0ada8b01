"""Writing a file in one step, only over a regular file (private)."""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from typing import Final

__all__ = ["not_a_regular_file", "write_atomically"]


def write_atomically(text: str, path: str | os.PathLike[str], *, overwrite: bool) -> None:
    """Write ``text`` to ``path`` as UTF-8 through a new file in the same
    folder that takes the name in one step (see :func:`pocha_rules.records.dump`).

    Raises:
        FileExistsError: ``overwrite`` is false and ``path`` exists.
        OSError: The file cannot be written, or what is at ``path`` (after
            symbolic links) is not a regular file.

    """
    target = os.path.realpath(path)
    if not overwrite and os.path.lexists(path):
        raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), os.fspath(path))
    kind = not_a_regular_file(target)
    if kind is not None:
        # os.replace would put a regular file in its place: a device node
        # (`/dev/null` for root), a FIFO another program reads.
        raise OSError(
            f"{os.fspath(path)!r} is {kind}, not a regular file: only a regular file is replaced"
        )
    folder, name = os.path.split(target)
    temporary, fd = _new_file(folder, name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
        if overwrite:
            with contextlib.suppress(FileNotFoundError):
                os.chmod(temporary, stat.S_IMODE(os.stat(target).st_mode))
            os.replace(temporary, target)
        else:
            _link_new(temporary, target, os.fspath(path))
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)


def not_a_regular_file(path: str | os.PathLike[str]) -> str | None:
    """What is at ``path``, following symbolic links, when it exists and is
    not a regular file (``"a FIFO"``, ``"a character device"``...); ``None``
    when it is a regular file or nothing is there."""
    try:
        mode = os.stat(path).st_mode
    except OSError:  # nothing there (or unreadable): nothing to replace
        return None
    for test, kind in _KINDS:
        if test(mode):
            return kind
    return None if stat.S_ISREG(mode) else "not a file"


_KINDS: Final = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _new_file(folder: str, name: str) -> tuple[str, int]:
    """A new, empty file beside ``name`` in ``folder``, open for writing,
    created with the permissions a plain ``open`` would give it.
    """
    while True:
        temporary = os.path.join(folder, f".{name}.{secrets.token_hex(4)}.tmp")
        try:
            return temporary, os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:  # pragma: no cover - a clash of random names
            continue


def _link_new(temporary: str, target: str, path: str) -> None:
    """Give ``temporary`` the name ``target`` only if nothing has it yet."""
    try:
        os.link(temporary, target)  # fails if target exists, in one step
    except FileExistsError:
        raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), path) from None
    except OSError:  # pragma: no cover - a file system without hard links
        if os.path.lexists(target):
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), path) from None
        os.replace(temporary, target)
