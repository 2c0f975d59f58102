"""The host's network side: many tables behind one websockets server (issue #33, docs/network.md).

The table logic (net/table.py) is pure; this module is the plumbing around it, and its job is to stay
up for everybody else whatever one connection does. Every connection gets:

* a bounded frame (`max_size`, websockets closes an oversized frame with 1009) and keep-alive pings;
  no per-message compression: a view is a few KB, deflating it cost more CPU than the bytes it saved
  (bench/network.py), and a compressed frame would be a way to make the host inflate a bomb;
* 10 s to say Hello (4004), a first frame that must be a Hello or a CreateTable of this version
  (WrongVersion then 4001; garbage or a wrong schema: 4000 with the reason), a join code and
  credentials that fit (4002);
* a token bucket of 20 messages a second with a burst of 40 (4003);
* its own writer with a bounded queue: a client that stops reading (a send blocked for 10 s, or too many
  messages waiting) is cut off, so nobody else waits for it;
* one console line for each event (created, joined, started, finished, dropped, refused and why).

At most 512 connections are open at once; more are refused before they cost anything. Computers think
in worker threads (`choose_move`), never on the event loop. With a store folder every table is saved
after each change (atomically, net/table_store.py, in one writer thread) and read back at start, seats
away until their players return with their credentials.
"""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import logging
import secrets
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from iwari_desktop.net import protocol as p
from iwari_desktop.net.computer import choose_move
from iwari_desktop.net.errors import WireError
from iwari_desktop.net.state_codec import decode_config
from iwari_desktop.net.refusals import R_BAD_CODE
from iwari_desktop.net.seats import Outbox, SeatKind, SeatPlan, TableError, normal_code
from iwari_desktop.net.table import Table
from iwari_desktop.net.table_request import CreateTable, TableCreated, decode_first
from iwari_desktop.net.server_parts import (ConsoleMixin, Limits, ServerError, TokenBucket, _address, _close_reason,
                                            _connection_class, _LineHandler)
from iwari_desktop.net.table_store import TableStore

__all__ = ["Limits", "ServerError", "TableServer", "TokenBucket"]


_STOP = object()


@dataclass
class _Peer:
    conn_id: int
    ws: ServerConnection
    address: str
    queue: asyncio.Queue = field(default_factory=asyncio.Queue)
    writer: asyncio.Task | None = None
    closing: bool = False

    def __str__(self) -> str:
        return f"connection {self.conn_id} ({self.address})"


class TableServer(ConsoleMixin):
    """Many tables behind one websockets server; all table logic runs on its event loop's thread."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, store_dir: Path | None = None,
                 on_line: Callable[[str], None] | None = None, limits: Limits = Limits(),
                 allow_create: bool = False, computer_workers: int = 2,
                 on_change: Callable[[Table], None] | None = None, load_codes: set[str] | None = None) -> None:
        self.host, self.port, self.limits, self.allow_create = host, port, limits, allow_create
        self.on_line = on_line or (lambda line: print(line, flush=True))
        self.store = TableStore(store_dir) if store_dir is not None else None
        self.tables: dict[str, Table] = {}
        self.bound: tuple[str, int] | None = None
        self._peers: dict[int, _Peer] = {}
        self._ids = itertools.count(1)
        self._thinking: set[str] = set()
        self._computers = ThreadPoolExecutor(max(1, computer_workers), thread_name_prefix="iwari-computer")
        self._disk = ThreadPoolExecutor(1, thread_name_prefix="iwari-store")
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._thread: threading.Thread | None = None
        self._loop_thread: threading.Thread | None = None
        self._start_error: BaseException | None = None
        self._logger = logging.getLogger(f"iwari.net.server.{id(self)}")
        self._logger.propagate = False
        self._logger.addHandler(_LineHandler(self._line))
        self.on_change = on_change           # called on the loop after every change of a table (the smoke's check)
        self._stopped = False
        self._last_seen: dict[str, float] = {}  # when each table last had a connection (forget_after)
        self._unshaken = 0                   # connections closed before their handshake since the last tick
        self.counts: dict[str, int] = {}     # events by kind, for tests and the benchmark
        if self.store is not None:
            self._load_store(load_codes)

    # ---- life -----------------------------------------------------------------------------------
    async def serve_forever(self, ready: threading.Event | None = None) -> None:
        """Listen until `stop()`; sets `bound` (the real port when `port` was 0) before `ready`."""
        self._loop = asyncio.get_running_loop()
        self._loop_thread = threading.current_thread()
        self._stop = asyncio.Event()
        limits = self.limits
        try:
            server = await serve(self._handler, self.host, self.port, max_size=p.MAX_FRAME, max_queue=32,
                                 ping_interval=limits.ping_interval, ping_timeout=limits.ping_timeout,
                                 open_timeout=limits.open_timeout, close_timeout=limits.close_timeout,
                                 write_limit=limits.write_limit, logger=self._logger,
                                 process_response=self._handshake_done, server_header=None,
                                 create_connection=_connection_class(self), compression=None)
        except OSError as error:
            self._start_error = ServerError(f"cannot listen on {self.host}:{self.port}: {error.strerror or error}")
            if ready is not None:
                ready.set()
            raise self._start_error from None
        self.bound = tuple(server.sockets[0].getsockname()[:2])  # type: ignore[assignment]
        if ready is not None:
            ready.set()
        ticker = asyncio.create_task(self._ticker())
        for table in list(self.tables.values()):   # a table read back from the store may be a computer's turn
            self._computer(table)
        try:
            await self._stop.wait()
        finally:
            ticker.cancel()
            server.close()
            try:
                await asyncio.wait_for(server.wait_closed(), 10)
            except TimeoutError:
                pass
            self._computers.shutdown(wait=False, cancel_futures=True)
            self._stopped = True
            self._disk.shutdown(wait=True)

    def start_in_thread(self) -> tuple[str, int]:
        """Run the server on its own thread and event loop; returns the address it listens on."""
        ready = threading.Event()

        def run() -> None:
            try:
                asyncio.run(self.serve_forever(ready))
            except ServerError:
                pass

        self._thread = threading.Thread(target=run, name="iwari-server", daemon=True)
        self._thread.start()
        if not ready.wait(20):
            raise ServerError("the server did not start within 20 s")
        if self._start_error is not None:
            raise self._start_error
        assert self.bound is not None
        return self.bound

    def stop(self, timeout: float = 15.0) -> None:
        """Close every connection and stop listening (from any thread); waits for the server's thread."""
        if self._loop is not None and self._stop is not None and not self._loop.is_closed():
            try:
                self._loop.call_soon_threadsafe(self._stop.set)
            except RuntimeError:
                pass
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    def wait(self, timeout: float) -> bool:
        """Wait up to `timeout` seconds for the server's thread to end; True while it still runs."""
        if self._thread is None:
            return False
        self._thread.join(timeout)
        return self._thread.is_alive()

    def call(self, function: Callable[[], Any], timeout: float = 15.0) -> Any:
        """Run `function` on the server's loop (where the tables live) and return its result."""
        if self._loop is None or not self._loop.is_running():
            return function()
        if threading.current_thread() is self._loop_thread:
            return function()

        async def run() -> Any:
            return function()

        return asyncio.run_coroutine_threadsafe(run(), self._loop).result(timeout)

    # ---- tables ---------------------------------------------------------------------------------
    def create_table(self, config: Any, plan: list[SeatPlan], host_name: str, seed: int | None = None) -> tuple[str, str]:
        """A new table (from any thread); returns its join code and the host's credential.

        The seed is the server's own (`secrets`), never one a client chose: the game's deal is decided here.
        """
        config = dataclasses.replace(config, seed=secrets.randbits(63) if seed is None else seed)

        def make() -> tuple[str, str]:
            if len(self.tables) >= self.limits.max_tables:
                raise TableError(f"this server already has {len(self.tables)} tables (the limit)")
            table = Table(None, config, plan, host_name)
            while table.code in self.tables:
                table = Table(None, config, plan, host_name)
            self.tables[table.code] = table
            self._line(f"table {table.code}: created by {table.host_name} ({config.map_id}, "
                       f"{config.mode.value}, {len(plan)} seats)")
            self._save(table)
            return table.code, table.host_credential

        return self.call(make)

    def _load_store(self, codes: set[str] | None) -> None:
        """Read the stored tables back (only `codes` when given: the game's own host reopens one table)."""
        assert self.store is not None
        loaded = self.store.load_all()
        for reason in loaded.skipped:
            self._line(f"store: skipped {reason}")
        now = time.time()
        for code, data in loaded.tables.items():
            if codes is not None and code not in codes:
                continue
            try:
                table = Table.from_json(data, now)
            except (TableError, WireError, ValueError, TypeError, KeyError) as error:
                self._line(f"store: table {code} skipped: {str(error)[:200]}")
                continue
            self.tables[table.code] = table
            state = "over" if table.game is not None and table.game.is_over() else (
                "in play" if table.started else "in the lobby")
            self._line(f"table {table.code}: loaded from the store ({state}); players rejoin with their credentials")

    def _save(self, table: Table) -> None:
        if self.store is None:
            return
        data = table.to_json()
        store, code = self.store, table.code

        def write() -> None:
            try:
                store.save(code, data)
            except OSError as error:
                self._line(f"table {code}: NOT saved: {error.strerror or error}")

        if self._loop is None or self._stopped:
            write()
        else:
            self._disk.submit(write)

    # ---- connections ----------------------------------------------------------------------------
    def _handshake_done(self, ws: ServerConnection, request: Any, response: Any) -> None:
        if response.status_code != 101:
            self._count("refused")
            self._line(f"{_address(ws)}: refused, not a WebSocket handshake (HTTP {response.status_code})")

    async def _handler(self, ws: ServerConnection) -> None:
        if len(self._peers) >= self.limits.max_connections:
            self._count("too_many")
            self._line(f"{_address(ws)}: refused, {len(self._peers)} connections already open (the limit)")
            await ws.close(1013, "too many connections; try again later")
            return
        peer = _Peer(next(self._ids), ws, _address(ws))
        if self.limits.send_buffer is not None:
            sock = ws.transport.get_extra_info("socket")
            if sock is not None:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.limits.send_buffer)
        self._peers[peer.conn_id] = peer
        peer.writer = asyncio.create_task(self._writer(peer))
        table: Table | None = None
        try:
            table = await self._greet(peer)
            if table is not None:
                await self._read(peer, table)
        except ConnectionClosed as closed:
            self._closed_by_peer(peer, table, closed)
        finally:
            self._peers.pop(peer.conn_id, None)
            if table is not None and peer.conn_id in table.connections:
                name = table.connections[peer.conn_id].name
                self._dispatch(table.disconnect(peer.conn_id, time.time()))
                self._count("dropped")
                self._line(f"table {table.code}: {name} ({peer}) left")
                self._table_lines(table)
            if not peer.closing:
                peer.queue.put_nowait(_STOP)
            try:
                await asyncio.wait_for(peer.writer, self.limits.stalled_after + 5)
            except (TimeoutError, asyncio.CancelledError, ConnectionClosed):
                ws.transport.abort()

    def _closed_by_peer(self, peer: _Peer, table: Table | None, closed: ConnectionClosed) -> None:
        sent = closed.sent
        if sent is not None and sent.code == p.CLOSE_TOO_BIG:
            self._count("too_big")
            self._line(f"{peer}: closed, a frame over {p.MAX_FRAME} bytes (1009)")
        elif table is None:
            self._line(f"{peer}: gone before its hello")

    async def _greet(self, peer: _Peer) -> Table | None:
        """Read the first frame: a Hello joins a table, a CreateTable makes one; anything else closes."""
        try:
            raw = await asyncio.wait_for(peer.ws.recv(), self.limits.hello_timeout)
        except TimeoutError:
            self._count("no_hello")
            self._line(f"{peer}: closed, no hello within {self.limits.hello_timeout:g} s (4004)")
            self._send(peer, p.Closed(reason="say hello sooner"), p.CLOSE_TOO_SLOW)
            return None
        try:
            first = decode_first(raw)
        except p.ProtocolError as error:
            version = p.peek_version(raw)
            if version is not None and version != p.PROTOCOL_VERSION:
                return self._wrong_version(peer, version)
            self._bad_input(peer, str(error))
            return None
        if first.version != p.PROTOCOL_VERSION:
            return self._wrong_version(peer, first.version)
        if isinstance(first, CreateTable):
            self._create_from_wire(peer, first)
            return None
        table = self.tables.get(normal_code(first.table_code))
        if table is None:
            self._count("bad_code")
            self._line(f"{peer}: closed, no table {normal_code(first.table_code)!r} here (4002)")
            self._send(peer, p.Closed(reason=R_BAD_CODE), p.CLOSE_BAD_CREDENTIAL)
            return None
        self._dispatch(table.connect(peer.conn_id, first, time.time()))
        if peer.conn_id not in table.connections:
            self._count("bad_credential")
            self._line(f"table {table.code}: {peer} refused, a credential does not fit (4002)")
            return None
        conn = table.connections[peer.conn_id]
        seats = ", ".join(str(seat + 1) for seat in sorted(conn.seats))   # counted from 1, as every other line
        self._line(f"table {table.code}: {conn.name} joined from {peer.address}" + (f", seat {seats}" if seats else "")
                   + (" (host)" if conn.is_host else ""))
        self._changed(table, (table.started, False))
        return table

    def _wrong_version(self, peer: _Peer, version: int) -> None:
        from iwari_desktop import __version__
        self._count("wrong_version")
        self._line(f"{peer}: closed, it speaks protocol {version}, this server {p.PROTOCOL_VERSION} (4001)")
        self._send(peer, p.WrongVersion(table_version=p.PROTOCOL_VERSION, app_version=str(__version__)[:40]),
                   p.CLOSE_WRONG_VERSION)

    def _bad_input(self, peer: _Peer, reason: str) -> None:
        self._count("bad_input")
        self._line(f"{peer}: closed, {reason[:200]} (4000)")
        self._send(peer, p.Closed(reason=reason[:300]), p.CLOSE_BAD_MESSAGE)

    def _create_from_wire(self, peer: _Peer, request: CreateTable) -> None:
        if not self.allow_create:
            self._bad_input(peer, "this host makes no tables for others")
            return
        try:
            config = decode_config(request.config)
            if len(request.seats) != len(config.players):
                raise TableError(f"{len(request.seats)} seats for {len(config.players)} players")
            plan = [SeatPlan(SeatKind(s.kind), s.level, s.name) for s in request.seats]
            code, credential = self.create_table(config, plan, request.host_name)
        except (WireError, TableError, ValueError) as error:
            self._bad_input(peer, f"cannot make that table: {str(error)[:200]}")
            return
        self._send(peer, TableCreated(table_code=code, host_credential=credential), 1000)

    async def _read(self, peer: _Peer, table: Table) -> None:
        bucket = TokenBucket(self.limits.rate, self.limits.burst, time.monotonic())
        async for raw in peer.ws:
            if peer.closing:
                return
            if not bucket.take(time.monotonic()):
                self._count("too_many_messages")
                self._line(f"table {table.code}: {peer} closed, over {self.limits.rate:g} messages a second (4003)")
                self._send(peer, p.Closed(reason="too many messages"), p.CLOSE_TOO_MANY)
                return
            try:
                message = p.decode_message(raw if isinstance(raw, bytes) else raw.encode("utf-8", "surrogatepass"))
            except p.ProtocolError as error:
                self._bad_input(peer, str(error))
                return
            before = (table.started, table.game is not None and table.game.is_over())
            out = table.handle(peer.conn_id, message, time.time())
            self._dispatch(out)
            if out:
                self._changed(table, before)
            if peer.closing:
                return

    # ---- sending --------------------------------------------------------------------------------
    def _send(self, peer: _Peer, message: Any, close: int | None = None) -> None:
        """Queue one message for `peer` (then close with `close`); a peer too far behind is cut off."""
        if peer.closing:
            return
        if peer.queue.qsize() >= self.limits.max_queued:
            self._count("stalled")
            self._line(f"{peer}: closed, {peer.queue.qsize()} messages waiting: it stopped reading")
            peer.closing = True
            peer.ws.transport.abort()
            return
        if close is not None:
            peer.closing = True
        peer.queue.put_nowait((p.encode_message(message), close, _close_reason(message, close)))

    def _dispatch(self, out: list[Outbox]) -> None:
        for item in out:
            peer = self._peers.get(item.conn_id)
            if peer is not None:
                self._send(peer, item.message, item.close)

    async def _writer(self, peer: _Peer) -> None:
        """Send `peer`'s queue in order; a send that stalls `stalled_after` seconds cuts the connection."""
        while True:
            item = await peer.queue.get()
            if item is _STOP:
                return
            frame, close, reason = item
            try:
                await asyncio.wait_for(peer.ws.send(frame), self.limits.stalled_after)
                if close is not None:
                    await asyncio.wait_for(peer.ws.close(close, reason), self.limits.stalled_after)
                    return
            except TimeoutError:
                self._count("stalled")
                self._line(f"{peer}: closed, it read nothing for {self.limits.stalled_after:g} s")
                peer.closing = True
                peer.ws.transport.abort()
                return
            except ConnectionClosed:
                return

    # ---- after a change -------------------------------------------------------------------------
    def _changed(self, table: Table, before: tuple[bool, bool]) -> None:
        """Console lines for a start or an end, the save, and the next computer move if one is due."""
        over = table.game is not None and table.game.is_over()
        if table.started and not before[0]:
            self._count("started")
        if over and not before[1]:
            self._count("finished")
        self._table_lines(table)
        if self.on_change is not None:
            try:
                self.on_change(table)
            except Exception as error:  # an observer's bug is reported, the table goes on
                self._line(f"table {table.code}: the change observer failed: {error!r}"[:300])
        self._save(table)
        self._computer(table)

    def _computer(self, table: Table) -> None:
        if table.code in self._thinking or self._loop is None:
            return
        turn = table.computer_turn()
        if turn is None:
            return
        self._thinking.add(table.code)
        future = self._loop.run_in_executor(self._computers, choose_move, turn)

        def done(finished: asyncio.Future) -> None:
            self._thinking.discard(table.code)
            if finished.cancelled() or self.tables.get(table.code) is not table:
                return
            try:
                action = finished.result()
            except Exception as error:  # a bot's bug must not stop the server; the table waits for the host
                self._line(f"table {table.code}: the computer for seat {turn.seat} failed: {error!r}"[:300])
                return
            before = (table.started, table.game is not None and table.game.is_over())
            out = table.play_computer(action, turn.state_number, time.time())
            self._dispatch(out)
            if out:
                self._changed(table, before)
            else:
                self._computer(table)

        future.add_done_callback(done)

    async def _ticker(self) -> None:
        while True:
            await asyncio.sleep(self.limits.tick_every)
            now = time.time()
            if self._unshaken:
                count, self._unshaken = self._unshaken, 0
                self.counts["no_handshake"] = self.counts.get("no_handshake", 0) + count
                self._line(f"closed {count} connection{'s' if count != 1 else ''} without a WebSocket handshake "
                           f"(silent for {self.limits.open_timeout:g} s, or not WebSocket)")
            for table in list(self.tables.values()):
                self._dispatch(table.tick(now))
                self._table_lines(table)
                if table.connections:
                    self._last_seen[table.code] = now
                elif now - self._last_seen.setdefault(table.code, now) > self.limits.forget_after:
                    self._forget(table)

    def _forget(self, table: Table) -> None:
        """Drop a table nobody came back to (so abandoned tables cannot fill a server for ever)."""
        del self.tables[table.code]
        self._last_seen.pop(table.code, None)
        if self.store is not None:
            store, code = self.store, table.code
            self._disk.submit(lambda: store.remove(code))
        self._line(f"table {table.code}: forgotten, nobody connected for {self.limits.forget_after / 86400:g} days")
