"""Writing and reading record files safely, for every game's records.

:func:`write_atomic` never leaves a half-written file: the text goes to a
new file beside the target, which then takes the target's name in one step.
:func:`read_record_text` reads at most a record's worth of UTF-8 text.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat

from pocha_rules._errors import InvalidRecordError

__all__ = ["read_record_text", "write_atomic"]


def write_atomic(text: str, path: str | os.PathLike[str], *, overwrite: bool) -> None:
    """Write ``text`` to ``path`` as UTF-8, atomically.

    A reader of ``path`` sees the old file or the new one, never part of
    one; a write that fails leaves the old file as it was. A replaced file
    keeps its permissions; a symbolic link at ``path`` is followed. With
    ``overwrite=False`` an existing file is left alone and
    :class:`FileExistsError` is raised, even when the file appears while the
    text is being written.
    """
    target = os.path.realpath(path)
    if not overwrite and os.path.lexists(path):
        raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), os.fspath(path))
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


def read_record_text(path: str | os.PathLike[str], limit: int) -> str:
    """The UTF-8 text of the file at ``path``, of at most ``limit`` characters.

    Raises:
        InvalidRecordError: The file is too long or is not UTF-8 text
            (``where`` is ``"record"``).
        OSError: The file cannot be read.

    """
    with open(path, "rb") as file:
        raw = file.read(4 * limit + 1)
    if len(raw) > 4 * limit:
        raise InvalidRecordError(
            "record", f"the file is longer than a record may be ({limit} characters)"
        )
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InvalidRecordError(
            "record", f"the file is not UTF-8 text (byte {error.start})"
        ) from None
