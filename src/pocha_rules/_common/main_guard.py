"""Whether worker processes can start from this program (private).

Worker processes started with ``spawn`` or ``forkserver`` (the default
pool's methods) import the program's main module again, as ``__mp_main__``.
A script that starts workers at its top level, outside
``if __name__ == "__main__":``, would start them again in every worker,
which multiprocessing refuses: the pool breaks, and the work would be
retried and lost. A program read from standard input cannot be imported
again at all. :func:`check_main_module` finds both before any worker starts.
"""

from __future__ import annotations

import ast
import os
import sys
from types import FrameType

__all__ = ["check_main_module"]


def check_main_module(frame: FrameType | None) -> None:
    """Raise :exc:`RuntimeError`, with one line saying what to do, when the
    default pool's workers could not start from this program; ``frame`` is
    the caller's.
    """
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if main is None or not isinstance(path, str):  # python -c, an interactive session
        return
    if not os.path.isfile(path):
        raise RuntimeError(
            f"worker processes import this program's main module again, and it was read "
            f"from {path}, not a file: save it to a file and run that (with the run under "
            f'`if __name__ == "__main__":`), or pass workers=1'
        )
    names = main.__dict__
    while frame is not None:
        if frame.f_globals is names and frame.f_code.co_name == "<module>":
            break
        frame = frame.f_back
    else:  # not called while the main module runs its top level
        return
    line = frame.f_lineno
    if line is None or _guarded(frame.f_code.co_filename, line):
        return
    raise RuntimeError(
        f"worker processes import this program's main module ({path}) again, and it "
        f"starts them at its top level (line {line}): put that code under "
        f'`if __name__ == "__main__":`, or pass workers=1'
    )


def _guarded(filename: str, line: int) -> bool:
    """Whether ``line`` of the module in ``filename`` runs only under an
    ``if`` that tests ``__name__``; true too when the source cannot be read,
    so that nothing is refused on a guess."""
    try:
        with open(filename, "rb") as file:
            tree = ast.parse(file.read(), filename)
    except (OSError, SyntaxError, ValueError):
        return True
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.If)
            and node.lineno <= line <= (node.end_lineno or node.lineno)
            and any(isinstance(n, ast.Name) and n.id == "__name__" for n in ast.walk(node.test))
            and line > (node.test.end_lineno or node.lineno)
        ):
            return True
    return False
