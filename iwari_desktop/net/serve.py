"""`iwari serve`: the dedicated table server's entry point (issue #33; arguments in net/serve_args.py)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable


def serve_main(argv: list[str]) -> int:
    """Parse, then serve until Ctrl+C; 2 on a bad argument (one line), 1 when it cannot listen."""
    from iwari_desktop.net.serve_args import ServeArgumentError, parse_serve_args

    try:
        args = parse_serve_args(argv)
    except ServeArgumentError as error:
        print(f"iwari serve: {error}", file=sys.stderr)
        return 2
    from iwari_desktop.net.server import ServerError

    try:
        start_dedicated(args.host, args.port, args.store, args.advertise)
    except ServerError as error:
        print(f"iwari serve: {error}", file=sys.stderr)
        return 1
    return 0


def start_dedicated(host: str, port: int, store_dir: Path | None, advertise: bool,
                    on_line: Callable[[str], None] | None = None) -> None:
    """`iwari serve`: many tables, made by clients (CreateTable), until Ctrl+C; advertises only when asked."""
    from iwari_desktop.net import protocol as p
    from iwari_desktop.net.server import TableServer

    _stop_on_sigterm()
    _quiet_garbage_collector()
    server = TableServer(host, port, store_dir, on_line, allow_create=True)
    line = server.on_line
    announcer = None
    try:
        bound = server.start_in_thread()
        line(f"iwari serve: listening on {bound[0]}:{bound[1]}, protocol {p.PROTOCOL_VERSION}, "
             f"{len(server.tables)} tables loaded" + (f", store {store_dir}" if store_dir else ", no store"))
        if advertise and host.startswith("127."):
            line("iwari serve: note: advertised, but listening on this computer only; use --host 0.0.0.0 "
                 "to let the local network in")
        if advertise:
            from iwari_desktop.net.discovery import Advertiser
            announcer = Advertiser("iwari serve", bound[1], host)
            announcer.start()
            line(f"iwari serve: advertised on the local network as {announcer.service_name}")
        while server.wait(0.5):
            pass
    except KeyboardInterrupt:
        line("iwari serve: stopping")
    finally:
        if announcer is not None:
            announcer.stop()
        server.stop()


def _stop_on_sigterm() -> None:
    """SIGTERM (a service manager, `kill`) stops the server as Ctrl+C does: connections closed, saves written."""
    import signal
    import threading

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    if threading.current_thread() is threading.main_thread() and hasattr(signal, "SIGTERM"):
        signal.signal(signal.SIGTERM, interrupt)


def _quiet_garbage_collector() -> None:
    """Fewer full garbage collections for a long-running server (bench/network.py, docs/performance.md).

    Why: every table keeps its game with its undo history, so the heap only grows, and each of Python's
    full collections walked all of it — 0.2 to 0.6 s with 50 tables after two minutes, collecting
    nothing, stopping every table at once. The engine's garbage is freed by reference counting; the
    collector is for cycles, which are rare here, so it may look far less often.
    """
    import gc

    gc.set_threshold(50_000, 20, 100)
