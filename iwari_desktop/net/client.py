"""A player's connection to a table, on its own thread beside the pygame loop (issue #33).

`TableClient` runs an asyncio loop on a thread of its own; the game's loop calls `poll()` once a frame
(it never blocks) and gets events: `Connected`, `Received(message)`, `Dropped(reason)`,
`Reconnecting(attempt, delay)`, `Failed(reason)`. When the connection drops (a closed laptop, a host that
restarts, a network hiccup) it reconnects by itself with growing pauses, saying Hello with the
credentials it holds (those of the last Welcome), and the host answers with a full snapshot of its seats:
nobody has to do anything. It stops for good only on an answer that another try cannot change (another
protocol version, a code or credential that does not fit, the host saying our message was bad) or after
`max_attempts` tries.

`create_remote_table` asks a dedicated server (`iwari serve`) to make a table (net/table_request.py).
"""

from __future__ import annotations

import asyncio
import queue
import random
import threading
from dataclasses import dataclass
from typing import Any, Sequence

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from iwari_desktop.engine.core.text import Text
from iwari_desktop.i18n import N_
from iwari_desktop.net import protocol as p
from iwari_desktop.net.table_request import CreateTable, SeatRequest, TableCreated, decode_created

BACKOFF = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)   # seconds before the 1st, 2nd … try again; then the last
# why a connection ended, as sentences the game shows in the player's language (a Text is a str whose
# English is the sentence itself; `ui.words.localized` translates it)
R_UNREADABLE_TO_HOST = N_("the host could not read a message of this game")
R_OTHER_VERSION = N_("the table runs another version of the game")
R_NO_FIT = N_("the join code or a seat credential does not fit this table")
R_HOST_CLOSED = N_("the host closed the connection ({code})")
R_LOST = N_("the connection was lost")
R_UNREACHABLE = N_("cannot reach the host ({error})")
R_NO_ANSWER = N_("the host did not answer in time")
R_UNREADABLE_FROM_HOST = N_("the host sent something this version cannot read")
FATAL_CODES = {p.CLOSE_BAD_MESSAGE: R_UNREADABLE_TO_HOST, p.CLOSE_WRONG_VERSION: R_OTHER_VERSION,
               p.CLOSE_BAD_CREDENTIAL: R_NO_FIT}


@dataclass(frozen=True)
class Connected:
    """The connection is open and Hello was sent (the Welcome follows as a `Received`)."""


@dataclass(frozen=True)
class Received:
    message: Any


@dataclass(frozen=True)
class Dropped:
    """The connection ended; `reason` is a Text (a str in English, translatable by the screen)."""

    reason: str
    code: int | None = None


@dataclass(frozen=True)
class Reconnecting:
    attempt: int
    delay: float


@dataclass(frozen=True)
class Failed:
    """The client gave up; `code` is the close code when the host closed (FATAL_CODES)."""

    reason: str
    code: int | None = None


ClientEvent = Connected | Received | Dropped | Reconnecting | Failed


def _uri(address: str, port: int) -> str:
    host = f"[{address}]" if ":" in address and not address.startswith("[") else address
    return f"ws://{host}:{port}/"


def _why(error: BaseException) -> Text:
    """Why a connection ended, as a translatable sentence."""
    if isinstance(error, ConnectionClosed):
        frame = error.rcvd
        if frame is not None:
            if frame.code in FATAL_CODES:
                return Text(FATAL_CODES[frame.code])
            return Text(R_HOST_CLOSED, code=frame.code)
        return Text(R_LOST)
    if isinstance(error, TimeoutError):
        return Text(R_NO_ANSWER)
    if isinstance(error, OSError):
        return Text(R_UNREACHABLE, error=str(error.strerror or error)[:120])
    return Text(R_UNREACHABLE, error=type(error).__name__)


class TableClient:
    """One connection to one table, holding `credentials` (updated from every Welcome)."""

    def __init__(self, address: str, port: int, table_code: str, name: str,
                 credentials: Sequence[p.SeatKey] = (), host_credential: str | None = None, *,
                 app_version: str = "", reconnect: bool = True, max_attempts: int = 30,
                 backoff: Sequence[float] = BACKOFF, open_timeout: float = 10.0, ping_interval: float = 20.0,
                 version: int = p.PROTOCOL_VERSION) -> None:
        self.address, self.port, self.table_code, self.name = address, port, table_code, name
        self.credentials = list(credentials)
        self.host_credential = host_credential
        self.app_version = app_version or _app_version()
        self.reconnect, self.max_attempts, self.backoff = reconnect, max_attempts, tuple(backoff)
        self.open_timeout, self.ping_interval, self.version = open_timeout, ping_interval, version
        self.connected = False
        self.connections = 0            # how many times a connection was opened (1 + reconnects)
        self._events: queue.SimpleQueue[ClientEvent] = queue.SimpleQueue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outgoing: asyncio.Queue | None = None
        self._closing: asyncio.Event | None = None
        self._ws: Any = None
        self._thread: threading.Thread | None = None
        self._started = threading.Event()

    # ---- the game's side ------------------------------------------------------------------------
    def start(self) -> "TableClient":
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main()), name="iwari-client", daemon=True)
        self._thread.start()
        self._started.wait(5)
        return self

    def poll(self) -> list[ClientEvent]:
        """Every event since the last poll (never blocks)."""
        events = []
        while True:
            try:
                events.append(self._events.get_nowait())
            except queue.Empty:
                return events

    def next_event(self, timeout: float) -> ClientEvent | None:
        """The next event, waiting at most `timeout` seconds (for scripts and tests; the game polls)."""
        try:
            return self._events.get(timeout=timeout)
        except queue.Empty:
            return None

    def send(self, message: Any) -> bool:
        """Queue a message for the host; False when not connected (an intent then would be stale anyway)."""
        if not self.connected or self._loop is None or self._outgoing is None:
            return False
        frame = p.encode_message(message)
        try:
            self._loop.call_soon_threadsafe(self._outgoing.put_nowait, frame)
        except RuntimeError:
            return False
        return True

    def credential_for(self, seat: int) -> str | None:
        return next((key.credential for key in self.credentials if key.seat == seat), None)

    def drop_connection(self) -> None:
        """Cut the socket as a network failure would (tests, and the game when the computer wakes up)."""
        if self._loop is not None and self._ws is not None:
            self._loop.call_soon_threadsafe(lambda: self._ws.transport.abort() if self._ws else None)

    def close(self, timeout: float = 5.0) -> None:
        """Leave the table for good (the seat stays ours: the credential still fits later)."""
        if self._loop is not None and self._closing is not None:
            try:
                self._loop.call_soon_threadsafe(self._closing.set)
            except RuntimeError:
                pass
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    # ---- the network thread ---------------------------------------------------------------------
    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._closing = asyncio.Event()
        self._started.set()
        attempt = 0
        while not self._closing.is_set():
            reason, code, welcomed = await self._session()
            if self._closing.is_set():
                return
            if code in FATAL_CODES:
                self._events.put(Failed(Text(FATAL_CODES[code]) if code != p.CLOSE_BAD_MESSAGE else reason, code))
                return
            self._events.put(Dropped(reason, code))
            attempt = 1 if welcomed else attempt + 1
            if not self.reconnect or attempt > self.max_attempts:
                self._events.put(Failed(reason, code))
                return
            delay = self.backoff[min(attempt, len(self.backoff)) - 1] * random.uniform(0.8, 1.2)
            self._events.put(Reconnecting(attempt, round(delay, 2)))
            try:
                await asyncio.wait_for(self._closing.wait(), delay)
            except TimeoutError:
                pass

    async def _session(self) -> tuple[Text, int | None, bool]:
        """One connection from open to close: the reason it ended, the close code, and whether we were welcomed."""
        welcomed = False
        self._outgoing = asyncio.Queue()
        try:
            async with connect(_uri(self.address, self.port), max_size=p.MAX_FRAME, open_timeout=self.open_timeout,
                               ping_interval=self.ping_interval, ping_timeout=self.ping_interval,
                               close_timeout=3, proxy=None, user_agent_header=None) as ws:
                self._ws = ws
                self.connections += 1
                hello = p.Hello(version=self.version, app_version=self.app_version[:40], table_code=self.table_code,
                                name=self.name, credentials=list(self.credentials),
                                host_credential=self.host_credential)
                await ws.send(p.encode_message(hello))
                self.connected = True
                self._events.put(Connected())
                sender = asyncio.create_task(self._sender(ws))
                closing = asyncio.create_task(self._closing.wait())
                try:
                    while True:
                        receive = asyncio.ensure_future(ws.recv())
                        done, _ = await asyncio.wait({receive, closing}, return_when=asyncio.FIRST_COMPLETED)
                        if closing in done:
                            receive.cancel()
                            await ws.close(1000, "leaving")
                            return Text(R_LOST), 1000, welcomed
                        message = p.decode_message(receive.result(), p.Direction.TO_CLIENT)
                        if isinstance(message, p.Welcome):
                            welcomed = True
                            self._remember(message.seats)
                        self._events.put(Received(message))
                finally:
                    self.connected = False
                    sender.cancel()
                    closing.cancel()
        except p.ProtocolError as error:
            return Text(R_UNREADABLE_FROM_HOST), p.CLOSE_BAD_MESSAGE, welcomed
        except ConnectionClosed as error:
            code = error.rcvd.code if error.rcvd is not None else None
            return _why(error), code, welcomed
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as error:
            return _why(error), None, welcomed
        finally:
            self._ws = None
            self.connected = False

    async def _sender(self, ws: Any) -> None:
        assert self._outgoing is not None
        while True:
            frame = await self._outgoing.get()
            await ws.send(frame)

    def _remember(self, seats: list[p.SeatKey]) -> None:
        """The Welcome's seats become ours (a seat taken in the lobby is then rejoined by its credential)."""
        known = {key.seat: key for key in self.credentials}
        known.update({key.seat: key for key in seats})
        self.credentials = [known[s] for s in sorted(known)]


def _app_version() -> str:
    from iwari_desktop import __version__
    return str(__version__)[:40]


async def create_remote_table_async(address: str, port: int, config: dict[str, Any], seats: list[SeatRequest],
                                    host_name: str, timeout: float = 15.0,
                                    version: int = p.PROTOCOL_VERSION) -> TableCreated:
    """Ask an `iwari serve` for a new table; its code and host credential (ConnectionError when refused)."""
    request = CreateTable(version=version, app_version=_app_version(), config=config, seats=seats,
                          host_name=host_name)
    async with asyncio.timeout(timeout):
        async with connect(_uri(address, port), max_size=p.MAX_FRAME, proxy=None, close_timeout=3) as ws:
            await ws.send(p.encode_message(request))
            try:
                answer = decode_created(await ws.recv())
            except ConnectionClosed as error:
                raise ConnectionError(_why(error)) from None
    if isinstance(answer, p.WrongVersion):
        raise ConnectionError(f"the server runs protocol {answer.table_version} (app {answer.app_version})")
    if isinstance(answer, p.Closed):
        raise ConnectionError(f"the server refused: {answer.reason}")
    return answer


def create_remote_table(address: str, port: int, config: dict[str, Any], seats: list[SeatRequest],
                        host_name: str, timeout: float = 15.0) -> TableCreated:
    """`create_remote_table_async` for a caller without a loop (blocks up to `timeout`)."""
    return asyncio.run(create_remote_table_async(address, port, config, seats, host_name, timeout))
