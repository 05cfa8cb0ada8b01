"""``pocha serve``: tables of Pocha and Poch for friends, in their browsers
(:mod:`pocha_rules.serve`, the ``serve`` extra)."""

from __future__ import annotations

import argparse

from pocha_rules._cli.i18n import _
from pocha_rules._cli.options import Fail
from pocha_rules._cli.output import Output, Stop

__all__ = ["options", "run"]


def options(parser: argparse.ArgumentParser) -> None:
    """The options of ``pocha serve``."""
    parser.add_argument(
        "--host", default="127.0.0.1", help=_("the address to listen on (default: %(default)s)")
    )
    parser.add_argument(
        "--port", type=int, default=8000, help=_("the port to listen on (default: %(default)s)")
    )
    parser.add_argument(
        "--db",
        metavar="FILE",
        default="pocha-serve.sqlite3",
        help=_("the SQLite file that keeps the tables, made if missing (default: %(default)s)"),
    )


def run(args: argparse.Namespace, out: Output, fail: Fail) -> int:
    if not 0 <= args.port <= 65535:
        fail(_("--port: from 0 to 65535, got {got}").format(got=args.port))
    try:
        from pocha_rules import serve
    except ImportError as error:
        message = _(
            "the server needs the serve extra ({missing} is missing): "
            'pip install "pocha-rules[serve]"'
        ).format(missing=error.name or error)
        raise Stop(2, message) from error
    print(
        _("serving on http://{host}:{port}/ (Ctrl-C stops)").format(
            host=args.host, port=args.port
        ),
        flush=True,
    )
    serve.run(host=args.host, port=args.port, db=args.db)
    return 0
