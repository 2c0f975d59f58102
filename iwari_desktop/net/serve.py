"""`iwari serve`: the dedicated table server's entry point (issue #33; arguments in net/serve_args.py)."""

from __future__ import annotations

import sys


def serve_main(argv: list[str]) -> int:
    """Parse, then serve until Ctrl+C; 2 on a bad argument (one line), 1 when it cannot listen."""
    from iwari_desktop.net.serve_args import ServeArgumentError, parse_serve_args

    try:
        args = parse_serve_args(argv)
    except ServeArgumentError as error:
        print(f"iwari serve: {error}", file=sys.stderr)
        return 2
    from iwari_desktop.net.server import ServerError, start_dedicated

    try:
        start_dedicated(args.host, args.port, args.store, args.advertise)
    except ServerError as error:
        print(f"iwari serve: {error}", file=sys.stderr)
        return 1
    return 0
