"""``pocha serve``: tables of Pocha and Poch for friends, in their browsers
(:mod:`pocha_rules.serve`, the ``serve`` extra)."""

from __future__ import annotations

import argparse

from pocha_rules._cli.commands import Commands
from pocha_rules._cli.i18n import _
from pocha_rules._cli.options import Fail
from pocha_rules._cli.output import Output, Stop

__all__ = ["add_parser", "run"]


def add_parser(commands: Commands) -> None:
    """Add ``pocha serve`` to ``commands``."""
    parser = commands.add(
        "serve",
        run,
        help=_("serve tables of Pocha and Poch to play with friends in the browser"),
        description=_(
            "Start a web server where people set up tables of Pocha or Poch, send one "
            "link to each friend, and play in their browsers. Every move is written to "
            "the database before anyone is told of it; a server started again goes on "
            "with every unfinished table. Needs the serve extra: "
            'pip install "pocha-rules[serve]".'
        ),
        examples=(
            "pocha serve                               # " + _("on http://127.0.0.1:8000"),
            "pocha serve --host 0.0.0.0 --port 8080 --db tables.sqlite3",
        ),
    )
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
