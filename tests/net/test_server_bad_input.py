"""Issue #33 item 4: every kind of bad input gets a clear close and a console line, and the server goes on.

Real sockets on 127.0.0.1 (port 0), every wait bounded. The last test feeds one server all of it at
once — garbage, a wrong schema, an oversized frame, a thousand connections that never speak and a client
that stops reading — and then requires the next game on it to be played to its end.
"""

from __future__ import annotations

import asyncio
import base64
import os
import selectors
import socket
import struct
import time

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from iwari_desktop.net import protocol as p
from iwari_desktop.net.random_player import play_random
from iwari_desktop.net.server import Limits
from tests.support.net_server_helpers import FAST, Running, play_game, running_server

URI = "ws://{}:{}/"


async def _first_answer(run: Running, *frames: bytes | str, hello: bool = False, code: str = "") -> tuple[list, int]:
    """Send `frames` (after a good Hello when asked); the messages received and the close code."""
    received = []
    async with asyncio.timeout(10):
        async with connect(URI.format(run.host, run.port), proxy=None, max_size=None) as ws:
            if hello:
                await ws.send(p.encode_message(p.Hello(version=p.PROTOCOL_VERSION, app_version="t", table_code=code,
                                                       name="T")))
            for frame in frames:
                try:
                    await ws.send(frame)
                except ConnectionClosed:
                    break
            try:
                async for raw in ws:
                    received.append(p.decode_message(raw, p.Direction.TO_CLIENT))
            except ConnectionClosed:
                pass
            return received, ws.close_code


def _close_code(run: Running, *frames, hello: bool = False, code: str = "") -> tuple[list, int]:
    return asyncio.run(_first_answer(run, *frames, hello=hello, code=code))


def _wait_for_line(run: Running, text: str, timeout: float = 5.0) -> list[str]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = run.lines_with(text)
        if found:
            return found
        time.sleep(0.02)
    raise AssertionError(f"no console line with {text!r} in {run.lines[-10:]}")


def test_garbage_and_a_wrong_schema_are_closed_with_4000_and_a_line():
    with running_server() as run:
        received, code = _close_code(run, b"\x00\xffnot json at all")
        assert code == p.CLOSE_BAD_MESSAGE and isinstance(received[-1], p.Closed)
        assert "bad first message" in received[-1].reason
        table, _ = run.table()
        received, code = _close_code(run, b'{"type":"Intent","seat":"x"}', hello=True, code=table)
        assert code == p.CLOSE_BAD_MESSAGE and "bad message" in received[-1].reason
        assert len(_wait_for_line(run, "(4000)")) == 2


def test_a_client_of_another_version_is_told_the_tables_version_and_nothing_else():
    with running_server() as run:
        table, _ = run.table()
        future = b'{"type":"Hello","version":99,"app_version":"9.9","table_code":"%s","name":"Z","new":1}' % table.encode()
        received, code = _close_code(run, future)
        assert code == p.CLOSE_WRONG_VERSION
        assert received == [p.WrongVersion(table_version=p.PROTOCOL_VERSION, app_version=received[0].app_version)]
        _wait_for_line(run, "protocol 99")


def test_an_oversized_frame_is_closed_with_1009_and_a_line():
    with running_server() as run:
        table, _ = run.table()
        _, code = _close_code(run, "x" * (p.MAX_FRAME + 1), hello=True, code=table)
        assert code == p.CLOSE_TOO_BIG
        _wait_for_line(run, "1009")


def test_a_wrong_code_is_closed_with_4002_and_too_many_messages_with_4003():
    # the real rate: 20 a second, bursts of 40. A flooding client's close frame waits behind its flood, so the
    # server cuts the connection after its close timeout: 5 s in the game, half a second here (same close)
    with running_server(Limits(hello_timeout=1.0, close_timeout=0.5)) as run:
        _, code = _close_code(run, hello=True, code="NOSUCH")
        assert code == p.CLOSE_BAD_CREDENTIAL
        table, _ = run.table()
        chat = p.encode_message(p.Chat(text="hi"))
        received, code = _close_code(run, *([chat] * 80), hello=True, code=table)
        assert code == p.CLOSE_TOO_MANY
        _wait_for_line(run, "(4003)")


def test_a_connection_that_never_says_hello_is_closed_with_4004():
    with running_server() as run:
        started = time.monotonic()
        _, code = _close_code(run)
        assert code == p.CLOSE_TOO_SLOW and time.monotonic() - started < 5
        _wait_for_line(run, "no hello within 1 s")


def test_connections_over_the_limit_are_refused_before_they_cost_anything():
    limits = Limits(max_connections=4, hello_timeout=3.0, open_timeout=2.0)
    with running_server(limits) as run:
        async def main() -> list[int]:
            async with asyncio.timeout(15):
                sockets = [await connect(URI.format(run.host, run.port), proxy=None) for _ in range(4)]
                await asyncio.sleep(0.2)
                async with connect(URI.format(run.host, run.port), proxy=None) as extra:
                    try:
                        await extra.recv()
                    except ConnectionClosed:
                        pass
                    codes = [extra.close_code]
                for ws in sockets:
                    await ws.close()
                return codes
        assert asyncio.run(main()) == [1013]
        _wait_for_line(run, "(the limit)")


def _stalled_reader_limits() -> Limits:
    """Small buffers so a stalled reader is found within one game; 2 s so a busy machine's honest clients are not."""
    return Limits(hello_timeout=1.0, stalled_after=2.0, open_timeout=1.0, write_limit=16 * 1024,
                  send_buffer=32 * 1024, max_queued=10_000, rate=1000.0, burst=1000)


def _masked_text_frame(payload: bytes) -> bytes:
    """One client-to-server text frame (RFC 6455 §5.2: clients mask every frame)."""
    mask = os.urandom(4)
    size = len(payload)
    header = bytes([0x81]) + (bytes([0x80 | size]) if size < 126 else bytes([0x80 | 126]) + struct.pack("!H", size))
    return header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def _stall(run: Running, code: str, host_credential: str) -> socket.socket:
    """A hand-made client that joins as the host (holding its LOCAL seat 0) and then never reads a byte.

    Made by hand, not with websockets, because a websockets client keeps reading under its own flow control.
    """
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    raw.settimeout(5)
    raw.connect((run.host, run.port))
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall((f"GET / HTTP/1.1\r\nHost: {run.host}:{run.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += raw.recv(1)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    hello = p.Hello(version=p.PROTOCOL_VERSION, app_version="t", table_code=code, name="Stall",
                    host_credential=host_credential)
    raw.sendall(_masked_text_frame(p.encode_message(hello)))
    return raw


def _closed_by_the_server(sockets: list[socket.socket], within: float) -> list[socket.socket]:
    """Wait until the server has closed every one of `sockets` (at most `within` seconds); closes them all and
    returns those still open at the deadline."""
    open_ones = selectors.DefaultSelector()
    for sock in sockets:
        sock.setblocking(False)
        open_ones.register(sock, selectors.EVENT_READ)
    deadline = time.monotonic() + within
    try:
        while open_ones.get_map() and time.monotonic() < deadline:
            for key, _ in open_ones.select(timeout=max(0.0, deadline - time.monotonic())):
                try:
                    closed = key.fileobj.recv(1024) == b""
                except BlockingIOError:
                    closed = False
                except OSError:
                    closed = True
                if closed:
                    open_ones.unregister(key.fileobj)
                    key.fileobj.close()
        left = [key.fileobj for key in open_ones.get_map().values()]
    finally:
        open_ones.close()
    for sock in sockets:
        sock.close()
    return left


@pytest.mark.slow
def test_a_thousand_silent_connections_garbage_and_a_stalled_reader_leave_the_next_game_to_its_end():
    with running_server(_stalled_reader_limits()) as run:
        # a thousand TCP connections that never say a word
        silent = []
        for _ in range(1000):
            sock = socket.create_connection((run.host, run.port), timeout=5)
            silent.append(sock)
        # garbage, a wrong schema and an oversized frame meanwhile
        assert _close_code(run, b"garbage")[1] == p.CLOSE_BAD_MESSAGE
        table, credential = run.table(players=3, computers=2)
        assert _close_code(run, b'{"type":"Chat","text":5}', hello=True, code=table)[1] == p.CLOSE_BAD_MESSAGE
        assert _close_code(run, b"y" * (p.MAX_FRAME + 10), hello=True, code=table)[1] == p.CLOSE_TOO_BIG
        # the silent ones are all closed by the server within its handshake time: waited for all at once (a
        # socket the server closed turns readable and reads b""), not by a 10 ms recv on each in turn
        open_ones = _closed_by_the_server(silent, within=20.0)
        assert not open_ones, f"{len(open_ones)} silent connections still open"
        deadline = time.monotonic() + 5
        while run.server.counts.get("no_handshake", 0) < 1000 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert run.server.counts.get("no_handshake", 0) >= 1000
        _wait_for_line(run, "without a WebSocket handshake")
        # a client that stops reading while the host's seat plays against two computers: it holds that seat too
        stall_table, credential = run.table(players=3, computers=2, local=1)
        stalled = _stall(run, stall_table, credential)
        try:
            boss = asyncio.run(play_random(run.host, run.port, stall_table, "Boss", seed=1, min_interval=0,
                                           host_credential=credential,
                                           timeout=60))
            assert boss.game_over is not None and not boss.refused, boss.closed
            _wait_for_line(run, "it read nothing for 2 s", timeout=10)
        finally:
            stalled.close()
        # the next game on the same server is played to its end
        code, host = run.table(players=3, computers=1)
        reports = play_game(run, code, host, remote=2)
        assert all(r.game_over is not None and not r.refused for r in reports), (
            [(r.closed, r.refused) for r in reports], run.lines[-10:])
        assert run.server.connection_count <= 2


def test_a_refused_intent_says_why_and_the_connection_stays_open():
    with running_server() as run:
        table, _ = run.table()

        async def main():
            async with asyncio.timeout(10):
                async with connect(URI.format(run.host, run.port), proxy=None) as ws:
                    await ws.send(p.encode_message(p.Hello(version=p.PROTOCOL_VERSION, app_version="t",
                                                           table_code=table, name="T")))
                    await ws.send(p.encode_message(p.Intent(seat=0, credential="x", state_number=0, action="pass")))
                    await ws.send(p.encode_message(p.Chat(text="still here")))
                    got = []
                    while not any(isinstance(m, p.ChatLine) for m in got):
                        got.append(p.decode_message(await ws.recv(), p.Direction.TO_CLIENT))
                    return got
        messages = asyncio.run(main())
        refused = next(m for m in messages if isinstance(m, p.Refused))
        assert refused.rule == "lobby" and refused.english
        assert messages[-1].text == "still here"


def test_a_table_nobody_comes_back_to_is_forgotten_with_its_file(tmp_path):
    limits = Limits(hello_timeout=1.0, tick_every=0.05, forget_after=0.3)
    with running_server(limits, store=tmp_path) as run:
        code, _ = run.table()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and run.server.call(lambda: code in run.server.tables):
            time.sleep(0.05)
        assert run.server.call(lambda: code not in run.server.tables)
        _wait_for_line(run, f"table {code}: forgotten")
    assert not list(tmp_path.glob("table-*.json"))
