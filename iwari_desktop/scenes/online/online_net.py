"""The one door from the online screens to the network package (`iwari_desktop.net`).

Why one module: the scenes must not know about sockets, messages or credentials, and the network package
must never know about pygame (docs/architecture.md). Everything the online screens need passes through
here as plain values: `OnlineSession` holds one connection to one table (the host's own screen is a
connection too, on 127.0.0.1) and turns what arrives into `Update`s and fields the scenes read
(`seats`, `lobby`, `views`, `chat`); the scenes call its verbs (`take_seat`, `intent`, `undo`, …).

How a session is made is a `Connector`: the real one runs a table server on this computer or opens a
`TableClient` to another; the tests hand in one that runs a real `Table` in-process
(tests/support/fake_table.py) with `use_connector`.
"""

from __future__ import annotations

import sys
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Protocol

from ...engine.core.config import GameConfig
from ...engine.core.text import Text
from ...i18n import N_, _
from ...net import protocol as p
from ...net.errors import WireError
from ...net.refusals import text_of
from ...net.seat_view import client_state
from ...net.seats import SeatKind, SeatPlan
from ..ui.words import refusal_text

DEFAULT_PORT = 7878
CHAT_KEPT = 60            # chat lines a screen keeps (the overlay shows the last few)
CHAT_LIMIT = p.MAX_CHAT   # characters a chat line may have
NAME_LIMIT = p.MAX_NAME


from .online_values import (ChatEntry, Found, LobbyInfo, PlannedSeat, Remembered, SeatLine, SeatView,  # noqa: F401
                            TableProgress, Update)

# ---- the session ---------------------------------------------------------------------------------
class Client(Protocol):
    def start(self) -> Any: ...
    def poll(self) -> list[Any]: ...
    def send(self, message: Any) -> bool: ...
    def close(self) -> None: ...


@dataclass
class OnlineSession:
    """One connection to one table and what it learnt; `stop` (an object with `stop()`) is the table server this
    computer runs, when it hosts."""

    client: Client
    name: str
    address: str
    port: int
    code: str
    hosting: bool = False
    server: Any = None
    host_credential: str | None = None     # kept only on the host's own computer (to reopen the table)
    addresses: tuple[str, ...] = ()
    is_host: bool = False
    connection: str = "connecting"        # connecting, connected, reconnecting, failed, closed (left)
    failure: str = ""
    held: dict[int, str] = field(default_factory=dict)    # seat -> credential
    seats: list[SeatLine] = field(default_factory=list)
    lobby: LobbyInfo | None = None
    views: dict[int, SeatView] = field(default_factory=dict)
    chat: deque = field(default_factory=lambda: deque(maxlen=CHAT_KEPT))
    state_number: int = 0
    result: dict | None = None
    status_at: float = field(default_factory=time.monotonic)   # when `seats` came (away seconds count on)

    # ---- receiving -------------------------------------------------------------------------------
    def poll(self) -> list[Update]:
        """Everything that arrived since the last call, applied to the fields (never blocks)."""
        updates: list[Update] = []
        for event in self.client.poll():
            kind = type(event).__name__
            if kind == "Connected":
                self.connection, self.failure = "connected", ""
                updates.append(Update("connected"))
            elif kind == "Received":
                updates += self._receive(event.message)
            elif kind == "Dropped":
                self.connection = "reconnecting"
                updates.append(Update("dropped", _("The connection to the table was lost.")))
            elif kind == "Reconnecting":
                self.connection = "reconnecting"
                updates.append(Update("reconnecting", _("Connecting again (attempt {n})…").format(
                    n=getattr(event, "attempt", 1))))
            elif kind == "Failed":
                self.connection = "failed"
                self.failure = failure_words(getattr(event, "code", None), str(getattr(event, "reason", "")))
                updates.append(Update("failed", self.failure))
        return updates

    def _receive(self, message: Any) -> list[Update]:
        if isinstance(message, p.Welcome):
            self.held = {key.seat: key.credential for key in message.seats}
            self.is_host = message.is_host
            self.code = message.table_code
            self.seats = [_mine(line, self.held) for line in self.seats]
            remember(self)
            return [Update("welcome")]
        if isinstance(message, p.LobbyState):
            self.lobby = LobbyInfo(message.map_id, message.mode, message.can_start, message.started)
            self._seat_lines(message.seats)
            return [Update("lobby")]
        if isinstance(message, p.SeatStatus):
            self._seat_lines(message.seats)
            if self.lobby is not None and not self.lobby.started:
                self.lobby = LobbyInfo(self.lobby.map_id, self.lobby.mode, False, True)
            return [Update("status")]
        if isinstance(message, p.GameView):
            try:
                state = client_state(message.snapshot)
            except WireError as error:
                return [Update("failed", _("The table sent a game this version cannot read ({reason}).").format(
                    reason=str(error)))]
            view = SeatView(message.seat, message.state_number, state, tuple(message.log), message.last_action,
                            message.last_seat, message.can_undo)
            self.views[message.seat] = view
            self.state_number = message.state_number
            if not state.is_terminal():
                self.result = None
            return [Update("view", view=view)]
        if isinstance(message, p.Refused):
            return [Update("refused", refusal_words(message))]
        if isinstance(message, p.ChatLine):
            entry = ChatEntry(message.name, message.text, message.at)
            if entry in self.chat:      # the tail the host sends again on a reconnect: kept once, and not news
                return []
            self.chat.append(entry)
            return [Update("chat", f"{message.name}: {message.text}")]
        if isinstance(message, p.GameOver):
            self.result = dict(message.result)
            if message.save and message.state_number != self.kept_in_history:
                self.kept_in_history = message.state_number
                self.history_note = keep_in_history(message.save)
            return [Update("over")]
        if isinstance(message, p.WrongVersion):
            self.connection = "failed"
            self.failure = _("This table runs version {version} of Iwari Desktop; update to join it.").format(
                version=message.app_version)
            return [Update("failed", self.failure)]
        if isinstance(message, p.Closed):
            return [Update("closed", refusal_text("", Text(message.reason)))]
        return []

    kept_in_history: int = -1          # the state number of the end last put into History (once per game)
    history_note: str | None = None    # why the finished game could not go into History, if it could not

    def _seat_lines(self, infos: list[p.SeatInfo]) -> None:
        self.status_at = time.monotonic()
        self.seats = [_mine(SeatLine(i.seat, i.name, i.kind, i.level, i.taken, i.connected, i.ready, i.away_seconds,
                                     i.computer_standin), self.held) for i in infos]

    def away_seconds(self, line: SeatLine) -> float | None:
        """How long the seat has been away, counted on since the host said so."""
        if line.away_seconds is None:
            return None
        return line.away_seconds + max(0.0, time.monotonic() - self.status_at)

    # ---- verbs -------------------------------------------------------------------------------------
    def send(self, message: Any) -> bool:
        return bool(self.client.send(message))

    def take_seat(self, seat: int, name: str) -> bool:
        return self.send(p.TakeSeat(seat=seat, name=clean(name, NAME_LIMIT) or "?"))

    def leave_seat(self, seat: int) -> bool:
        return self.send(p.LeaveSeat(seat=seat))

    def set_ready(self, ready: bool) -> bool:
        return self.send(p.SetReady(ready=ready))

    def start_game(self) -> bool:
        return self.send(p.StartGame())

    def play_again(self) -> bool:
        return self.send(p.PlayAgain())

    def away_decision(self, seat: int, level: str | None) -> bool:
        return self.send(p.AwayDecision(seat=seat, computer=level))

    def say(self, text: str) -> bool:
        text = clean(text, CHAT_LIMIT)
        return bool(text) and self.send(p.Chat(text=text))

    def intent(self, seat: int, action: str) -> bool:
        """Ask the host to play `action` (the engine's text form) for a seat this connection holds."""
        credential = self.held.get(seat)
        if credential is None:
            return False
        number = self.views[seat].state_number if seat in self.views else self.state_number
        return self.send(p.Intent(seat=seat, credential=credential, state_number=number, action=action[:p.MAX_ACTION]))

    def undo(self, seat: int) -> bool:
        credential = self.held.get(seat)
        if credential is None:
            return False
        number = self.views[seat].state_number if seat in self.views else self.state_number
        return self.send(p.Undo(seat=seat, credential=credential, state_number=number))

    def close(self) -> None:
        """Leave the table: this computer's connection closes (and the table server, when it hosts)."""
        self.connection = "closed"
        try:
            self.client.close()
        finally:
            if self.server is not None:
                self.server.stop()
                self.server = None


def _mine(line: SeatLine, held: dict[int, str]) -> SeatLine:
    return SeatLine(line.seat, line.name, line.kind, line.level, line.taken, line.connected, line.ready,
                    line.away_seconds, line.standin, line.seat in held)


def clean(text: str, limit: int) -> str:
    """Plain text: no control characters, one line, at most `limit` characters (the host cleans again)."""
    return " ".join("".join(ch for ch in text if ch.isprintable()).split())[:limit]


def refusal_words(message: p.Refused) -> str:
    """A refusal in the player's language, without rule ids or action codes."""
    try:
        reason = text_of(message.reason)
    except (KeyError, IndexError, ValueError):
        reason = Text(message.english or "?")
    return refusal_text(message.rule, reason)


FAILURES = {p.CLOSE_WRONG_VERSION: N_("The table runs another version of Iwari Desktop."),
            p.CLOSE_BAD_CREDENTIAL: N_("No table with that join code here, or this seat is no longer yours."),
            p.CLOSE_BAD_MESSAGE: N_("The table could not read a message of this game.")}


def failure_words(code: int | None, reason: str) -> str:
    if code in FAILURES:
        return _(FAILURES[code])
    return _("Could not reach the table ({reason}).").format(reason=reason or _("no answer"))


# ---- making sessions -----------------------------------------------------------------------------
class Connector(Protocol):
    def host(self, config: GameConfig, plan: list[PlannedSeat], host_name: str) -> OnlineSession: ...
    def join(self, address: str, port: int, code: str, name: str,
             credentials: dict[int, str] | None = None) -> OnlineSession: ...


def seat_plan(plan: list[PlannedSeat]) -> list[SeatPlan]:
    return [SeatPlan(SeatKind(seat.kind), seat.level if seat.kind == "computer" else None, seat.name) for seat in plan]


def seat_keys(credentials: dict[int, str] | None) -> list[p.SeatKey]:
    return [p.SeatKey(seat=seat, credential=cred) for seat, cred in sorted((credentials or {}).items())]


class NetConnector:
    """The real thing: a table server on this computer (hosting) or a connection to another's."""

    def __init__(self, bind: str = "0.0.0.0", port: int = DEFAULT_PORT, store_dir=None) -> None:
        self.bind, self.port, self.store_dir = bind, port, store_dir

    def tables_dir(self):
        """Where the tables hosted here are saved after every change (the host's crash, another evening)."""
        if self.store_dir is not None:
            return self.store_dir
        from ... import storage

        return storage.data_dir() / "online-tables"

    def host(self, config: GameConfig, plan: list[PlannedSeat], host_name: str) -> OnlineSession:
        def quiet(line: str) -> None:
            print(line, file=sys.stderr, flush=True)      # the table's console lines go to the game's log

        from ...net.hosting import LocalHost

        host = LocalHost(self.bind, self.port, store_dir=self.tables_dir(), on_line=quiet).start(
            config, seat_plan(plan), host_name)
        return self._hosted(host, host_name, quiet)

    def _hosted(self, host, host_name: str, quiet) -> OnlineSession:
        if self.bind != "127.0.0.1":
            try:
                host.advertise()        # friends on the local network find the table while it is hosted here
            except (OSError, RuntimeError, ValueError) as error:
                quiet(f"the table is not announced on the local network: {error}")
        client = host.host_client(host_name)
        client.start()
        return OnlineSession(client, host_name, "127.0.0.1", host.port, host.code, hosting=True, server=host,
                             addresses=tuple(host.addresses()), host_credential=host.host_credential)

    def host_on_server(self, address: str, port: int, config: GameConfig, plan: list[PlannedSeat],
                       host_name: str) -> OnlineSession:
        """A table made on an `iwari serve` (the server picks the seed); this computer holds its host key."""
        from ...net.client import create_remote_table
        from ...net.state_codec import encode_config
        from ...net.table_request import SeatRequest

        seats = [SeatRequest(kind=seat.kind, level=seat.level if seat.kind == "computer" else None,
                             name=seat.name[:NAME_LIMIT]) for seat in plan]
        try:
            created = create_remote_table(address, port, encode_config(config), seats, host_name[:NAME_LIMIT])
        except ConnectionError as error:
            raise ValueError(str(error)) from None
        return self._client_of_host(address, port, created.table_code, host_name, created.host_credential)

    def _client_of_host(self, address: str, port: int, code: str, name: str, credential: str) -> OnlineSession:
        from ...net.client import TableClient

        client = TableClient(address, port, code, name, [], credential)
        client.start()
        return OnlineSession(client, name, address, port, code, addresses=(address,), host_credential=credential)

    def reopen(self, table: Remembered) -> OnlineSession:
        """A table hosted here before, opened again from its save (Continue); its players rejoin their seats."""
        from ...net.hosting import LocalHost

        def quiet(line: str) -> None:
            print(line, file=sys.stderr, flush=True)

        from ...net.server import ServerError

        credential = remembered_host_credential(table)
        if credential is None:
            raise ValueError("the host's key for this table is not kept here")
        try:
            host = LocalHost(self.bind, table.port, store_dir=self.tables_dir(), on_line=quiet).reopen(
                table.code, credential, table.name)
        except ServerError:     # not saved here: a table on a server, which still runs it; back as its host
            return self._client_of_host(table.address, table.port, table.code, table.name, credential)
        return self._hosted(host, table.name, quiet)

    def join(self, address: str, port: int, code: str, name: str,
             credentials: dict[int, str] | None = None) -> OnlineSession:
        from ...net.client import TableClient

        client = TableClient(address, port, code, name, seat_keys(credentials))
        client.start()
        session = OnlineSession(client, name, address, port, code)
        session.held = dict(credentials or {})
        return session


_connector: list[Connector] = []


def use_connector(connector: Connector | None) -> None:
    """Tests: sessions are made by `connector` from now on (None: the real network again)."""
    _connector.clear()
    if connector is not None:
        _connector.append(connector)


def connector() -> Connector:
    return _connector[0] if _connector else NetConnector()


def local_addresses() -> list[str]:
    """This computer's addresses friends can type (net/addresses.py; loopback when there is no other)."""
    from ...net.addresses import addresses

    try:
        return list(addresses()) or ["127.0.0.1"]
    except OSError:
        return ["127.0.0.1"]


# ---- remembered and found tables -----------------------------------------------------------------
STORE_PROBLEMS = (ImportError, AttributeError, OSError, ValueError, TypeError)   # remembering is a comfort only


def _store():
    from ... import storage
    from ...net import credentials as store

    return store, store.known_tables_path(storage.data_dir())


def remembered_tables() -> list[Remembered]:
    """The tables this computer joined, newest first ([] while none or the file cannot be read)."""
    try:
        store, path = _store()
        known, _problem = store.load_known(path)
    except STORE_PROBLEMS:
        return []
    tables = [Remembered(k.address, k.port, k.code, k.name, tuple(s.seat for s in k.seats), k.last_seen,
                         getattr(k, "host_credential", None) is not None) for k in known]
    return sorted(tables, key=lambda t: -t.last_seen)


def open_tables() -> list[Remembered]:
    """The remembered tables that may still be open, newest first: one hosted here whose saved game is not over,
    any other seen within the week after which a server drops a table nobody came back to."""
    from ...net.server_parts import Limits

    def unfinished_here(table: Remembered) -> bool:
        progress = hosted_progress(table)
        return progress is not None and not progress.over

    recent = time.time() - Limits().forget_after
    return [t for t in remembered_tables() if t.last_seen >= recent or unfinished_here(t)]


def hosted_progress(table: Remembered) -> TableProgress | None:
    """How far a table hosted on this computer got, read from its save here (None: not hosted here, or gone)."""
    folder = getattr(connector(), "tables_dir", None)
    if not table.hosted or folder is None:
        return None
    try:
        from ...net.table_store import TableStore

        store = TableStore(folder())
        _code, data = store.read(store.path(table.code))
    except STORE_PROBLEMS:          # gone, or damaged (the store's StoreError is a ValueError): nothing to offer
        return None
    game = data.get("game") if isinstance(data, dict) else None
    summary = game.get("summary") if isinstance(game, dict) else None
    if not isinstance(summary, dict):
        return TableProgress(started=False)
    round_ = summary.get("round")
    return TableProgress(started=True, over=summary.get("over") is True,
                         round=round_ if isinstance(round_, int) else 0)


def remembered_credentials(table: Remembered) -> dict[int, str]:
    try:
        store, path = _store()
        known = store.find(path, table.address, table.port, table.code)
    except STORE_PROBLEMS:
        return {}
    return {} if known is None else {key.seat: key.credential for key in known.seats}


def remembered_host_credential(table: Remembered) -> str | None:
    try:
        store, path = _store()
        known = store.find(path, table.address, table.port, table.code)
    except STORE_PROBLEMS:
        return None
    return None if known is None else getattr(known, "host_credential", None)


def remember(session: OnlineSession) -> None:
    """Keep the table and this computer's seats with the player's data (Continue and Join offer it again)."""
    try:
        store, path = _store()
        store.remember(path, store.KnownTable(address=session.address, port=session.port, code=session.code,
                                              seats=[] if session.host_credential else seat_keys(session.held),
                                              name=session.name, last_seen=time.time(),
                                              host_credential=session.host_credential))
    except STORE_PROBLEMS:
        return


def forget(table: Remembered) -> None:
    try:
        store, path = _store()
        store.forget(path, table.address, table.port, table.code)
    except STORE_PROBLEMS:
        return


class Browser:
    """Tables on the local network (zeroconf), while the join screen is open."""

    def __init__(self) -> None:
        self._browser: Any = None
        try:
            from ...net import discovery

            self._browser = discovery.Browser().start()
        except (ImportError, AttributeError, OSError, RuntimeError, ValueError):
            self._browser = None    # no discovery here: typing the address still works

    def found(self) -> list[Found]:
        if self._browser is None:
            return []
        try:
            return [Found(t.host_name or t.name, t.address, t.port, t.code or "") for t in self._browser.found()]
        except (AttributeError, RuntimeError):
            return []

    def close(self) -> None:
        if self._browser is not None:
            try:
                self._browser.stop()
            except (OSError, RuntimeError):
                pass
            self._browser = None


def keep_in_history(save: dict[str, Any]) -> str | None:
    """Put a finished online game into this player's History with its replay, as a game at one computer is.

    Why only now: until the end, the seed and the other hands are the host's secret; the end's GameOver carries
    the whole game as a save. It is replayed and checked like any save, and only a bundled map is accepted (a
    map path from the host would make this computer read its own files). Never raises: a line for the player.
    """
    from ...engine.files.saves import SaveError, load_game
    from ...engine.maps.registry import bundled_map_ids
    from ...history_store import remember_finished

    setup = save.get("setup")
    if not isinstance(setup, dict) or setup.get("map") not in bundled_map_ids():
        return _("The finished game could not go into History: the table sent a map this computer does not have.")
    try:
        game = load_game(save, _("the finished online game"))
    except (SaveError, ValueError, TypeError, KeyError) as error:
        return _("The finished game could not go into History ({reason}).").format(reason=str(error))
    return remember_finished(game)
