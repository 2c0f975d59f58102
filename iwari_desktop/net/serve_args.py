"""The command line of `iwari serve` (issue #33): what it says in --help and how it refuses bad input.

Kept apart from net/serve.py so `--help` and a bad argument answer at once, without the engine or
websockets being imported. A bad argument is one line on stderr and exit code 2, like the game's own
command line.
"""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass
from pathlib import Path

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 7878
DATA_ENV = "IWARI_DATA_DIR"      # the same override as the game's saves (iwari_desktop/storage.py)
STORE_FOLDER = "server-tables"

DESCRIPTION = """\
Run a dedicated Iwari table server without a window: the same host code the game uses when a player
hosts a table, for a group that keeps a small server running. Many tables at once: a player makes a
table on it from the game's Play online screen and their friends join it by its short code.

It listens on 127.0.0.1 (this computer only) unless told another address: use --host 0.0.0.0 to let
other computers in, and forward the port on your router to reach it across the internet (see
docs/network.md). The server decides every move: a client is sent only what its seats may see, and
every seat acts only with its own secret credential.

Tables survive a restart: every table is saved after each change, atomically and in the game's save
format, in the store folder, and read back at start; players rejoin their seats by their credentials.
The console shows one line for each event: a table created, a player joining or leaving, a game
started or finished, and every connection closed for bad input and why.

Nothing is announced on the network unless --advertise is given. Stop it with Ctrl+C."""


class ServeArgumentError(Exception):
    """A bad `iwari serve` argument; the message is the one line shown."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise ServeArgumentError(message)


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a port is a number from 0 to 65535, not {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 0 to 65535, not {port}")
    return port


def default_store() -> Path:
    """<the game's data folder>/server-tables (IWARI_DATA_DIR overrides the data folder, as for saves)."""
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override) / STORE_FOLDER
    import platformdirs
    return Path(platformdirs.user_data_dir("iwari-desktop")) / STORE_FOLDER


def make_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="iwari serve", description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default=DEFAULT_HOST, metavar="ADDRESS",
                        help="the address to listen on (default 127.0.0.1: this computer only; "
                             "0.0.0.0: every network of this computer)")
    parser.add_argument("--port", type=_port, default=DEFAULT_PORT,
                        help=f"the TCP port to listen on (default {DEFAULT_PORT}; 0 picks a free one and prints it)")
    store = parser.add_mutually_exclusive_group()
    store.add_argument("--store", type=Path, metavar="DIR",
                       help="the folder the tables are saved in and read back from at start "
                            f"(default: the game's data folder/{STORE_FOLDER})")
    store.add_argument("--no-store", action="store_true",
                       help="keep tables in memory only: they are lost when the server stops")
    parser.add_argument("--advertise", action="store_true",
                        help="announce the server on the local network (zeroconf, _iwari._tcp) so the game's "
                             "Join screen lists it; off unless given")
    return parser


@dataclass(frozen=True)
class ServeArgs:
    host: str
    port: int
    store: Path | None
    advertise: bool


def parse_serve_args(argv: list[str]) -> ServeArgs:
    """The arguments, or ServeArgumentError with one line (argparse's --help prints and exits 0 itself)."""
    args = make_parser().parse_args(argv)
    if not args.host or any(c.isspace() for c in args.host) or len(args.host) > 255:
        raise ServeArgumentError(f"--host needs an address such as 127.0.0.1 or 0.0.0.0, not {args.host!r}")
    store = None if args.no_store else (args.store or default_store())
    return ServeArgs(args.host, args.port, store, args.advertise)
