"""The pieces of the table server that hold no table: its limits, the rate bucket, console lines (issue #33).

Kept apart from net/server.py so that module stays about the connections' life; see its docstring for
what each limit protects.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from websockets.asyncio.server import ServerConnection
from websockets.protocol import State

from iwari_desktop.net import protocol as p

if TYPE_CHECKING:
    from iwari_desktop.net.server import TableServer
    from iwari_desktop.net.table import Table


@dataclass(frozen=True)
class Limits:
    """What one connection may cost the server (tests shorten the times)."""

    max_connections: int = 512
    max_tables: int = 500
    hello_timeout: float = 10.0
    rate: float = 20.0             # messages a second, sustained
    burst: int = 40
    stalled_after: float = 10.0    # a send that cannot finish this long: the client stopped reading
    write_limit: int = 256 * 1024  # bytes buffered towards one client before a send waits
    max_queued: int = 256          # messages waiting for one connection
    ping_interval: float = 20.0
    ping_timeout: float = 20.0
    open_timeout: float = 10.0     # for the WebSocket handshake itself
    close_timeout: float = 5.0     # a close waits this long for the peer's close frame, then cuts
    tick_every: float = 1.0        # away timers
    forget_after: float = 7 * 24 * 3600.0  # a table nobody connected to for a week is dropped (and its file)
    send_buffer: int | None = None  # the kernel's send buffer per connection (None: the system's)


class ServerError(RuntimeError):
    """The server could not start (address in use, no permission); one line saying why."""


class TokenBucket:
    """`rate` tokens a second up to `burst`; a message takes one."""

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate, self.burst, self.tokens, self.at = rate, burst, float(burst), now

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class _LineHandler(logging.Handler):
    """websockets' own warnings and errors (a failed handshake …) as one console line, no traceback."""

    def __init__(self, on_line: Callable[[str], None]) -> None:
        super().__init__(logging.WARNING)
        self.on_line = on_line

    def emit(self, record: logging.LogRecord) -> None:
        error = record.exc_info[1] if record.exc_info else None
        self.on_line(f"websocket: {record.getMessage()}" + (f" ({error})" if error else ""))


def _connection_class(owner: "TableServer") -> type[ServerConnection]:
    """websockets' connection that tells `owner` when a TCP connection ends before its WebSocket handshake.

    Why: a thousand sockets that never speak, or speak no HTTP, never reach the handler; the server closes
    them after `open_timeout`, and this is how they get their console line (one a second for all of them).
    """
    class Counted(ServerConnection):
        def connection_lost(self, exc: Exception | None) -> None:
            if self.protocol.state is State.CONNECTING:
                owner._unshaken += 1
            super().connection_lost(exc)

    return Counted


def _address(ws: ServerConnection) -> str:
    try:
        host, port = ws.remote_address[:2]
        return f"{host}:{port}"
    except (TypeError, ValueError):
        return "?"


def _close_reason(message: Any, code: int | None) -> str:
    """The close frame's reason (at most 123 bytes by RFC 6455): a Closed message's own, else by the code."""
    if code is None:
        return ""
    reason = message.reason if isinstance(message, p.Closed) else {
        p.CLOSE_WRONG_VERSION: "wrong protocol version"}.get(code, "")
    return str(reason).encode("utf-8")[:120].decode("utf-8", "ignore")


class ConsoleMixin:
    """The server's console: one line per event (never allowed to stop the server) and counts by kind."""

    on_line: Callable[[str], None]
    counts: dict[str, int]
    _peers: dict[int, Any]

    # ---- console --------------------------------------------------------------------------------
    def _line(self, text: str) -> None:
        try:
            self.on_line(text)
        except Exception:  # a console that cannot be written must not stop the server
            pass

    def _table_lines(self, table: "Table") -> None:
        """The table's own console lines (started, finished, a seat dropped or back, a stand-in)."""
        for line in table.pop_events():
            self._line(line)

    def _count(self, kind: str) -> None:
        self.counts[kind] = self.counts.get(kind, 0) + 1

    @property
    def connection_count(self) -> int:
        return len(self._peers)

