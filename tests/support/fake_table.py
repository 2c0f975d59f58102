"""An online table in the test's own process: a real `net.table.Table` and clients with the TableClient surface.

Why: the online screens are tested headless and fast, without sockets or threads, yet against the real table
logic (credentials, masked views, refusals, away seats). `FakeHub` owns the Table and a clock; a `FakeClient`
has `start/poll/send/close` like `net.client.TableClient` and sends its very events (Connected, Received,
Dropped, Failed). Messages go through encode/decode both ways, as on the wire. Computer seats are played
at once (synchronously) when a client polls. `FakeConnector` makes `OnlineSession`s for the scenes
(`online_net.use_connector`).
"""

from __future__ import annotations

from typing import Any

from iwari_desktop.net import protocol as p
from iwari_desktop.net.client import Connected, Dropped, Received   # the real client's events
from iwari_desktop.net.computer import choose_move
from iwari_desktop.net.table import Table
from iwari_desktop.scenes.online import online_net


class FakeHub:
    """One table and its connections; `now` is the table's clock (tests move it on)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.now = 0.0
        self.clients: dict[int, "FakeClient"] = {}
        self._next = 1
        self.play_computers = True

    def connect(self, client: "FakeClient") -> None:
        conn_id = self._next
        self._next += 1
        client.conn_id = conn_id
        self.clients[conn_id] = client
        client.events.append(Connected())
        hello = p.Hello(version=p.PROTOCOL_VERSION, app_version="test", table_code=client.code, name=client.name,
                        credentials=client.credentials, host_credential=client.host_credential)
        self.deliver(self.table.connect(conn_id, hello, self.now))

    def deliver(self, outbox) -> None:
        for out in outbox:
            client = self.clients.get(out.conn_id)
            if client is None:
                continue
            message = p.decode_message(p.encode_message(out.message), p.Direction.TO_CLIENT)
            if isinstance(message, p.Welcome):
                client.credentials = list(message.seats)
            client.events.append(Received(message))
            if out.close is not None:
                self.drop(client, out.close)

    def receive(self, client: "FakeClient", message) -> None:
        message = p.decode_message(p.encode_message(message), p.Direction.TO_HOST)
        self.deliver(self.table.handle(client.conn_id, message, self.now))
        self.computers()

    def computers(self, limit: int = 400) -> None:
        """Play every computer turn due now (a test's table has easy computers)."""
        for _ in range(limit):
            if not self.play_computers:
                return
            turn = self.table.computer_turn()
            if turn is None:
                return
            self.deliver(self.table.play_computer(choose_move(turn), turn.state_number, self.now))

    def drop(self, client: "FakeClient", code: int | None = None) -> None:
        """The client's connection is gone (a closed laptop)."""
        if client.conn_id in self.clients:
            del self.clients[client.conn_id]
            client.connected = False
            client.events.append(Dropped("the connection was lost", code))
            self.deliver(self.table.disconnect(client.conn_id, self.now))

    def tick(self, seconds: float) -> None:
        self.now += seconds
        self.deliver(self.table.tick(self.now))


class FakeClient:
    def __init__(self, hub: FakeHub, code: str, name: str, credentials: list[p.SeatKey] | None = None,
                 host_credential: str | None = None) -> None:
        self.hub, self.code, self.name = hub, code, name
        self.credentials = list(credentials or [])
        self.host_credential = host_credential
        self.events: list[Any] = []
        self.sent: list[Any] = []
        self.conn_id = 0
        self.connected = False
        self.closed = False

    def start(self) -> "FakeClient":
        self.connected = True
        self.hub.connect(self)
        return self

    def poll(self) -> list[Any]:
        events, self.events = self.events, []
        return events

    def send(self, message) -> bool:
        if not self.connected:
            return False
        self.sent.append(message)
        self.hub.receive(self, message)
        return True

    def close(self) -> None:
        self.closed = True
        self.hub.drop(self)


class FakeConnector:
    """Sessions on one in-process table: `host` makes it, `join` sits at it (address and port are ignored)."""

    def __init__(self) -> None:
        self.hub: FakeHub | None = None
        self.sessions: list[online_net.OnlineSession] = []

    def host(self, config, plan, host_name) -> online_net.OnlineSession:
        table = Table(None, config, online_net.seat_plan(plan), host_name)
        self.hub = FakeHub(table)
        client = FakeClient(self.hub, table.code, host_name, [], table.host_credential)
        session = online_net.OnlineSession(client, host_name, "127.0.0.1", online_net.DEFAULT_PORT, table.code,
                                           hosting=True, addresses=("192.0.2.10", "127.0.0.1"))
        client.start()
        self.sessions.append(session)
        return session

    def join(self, address, port, code, name, credentials=None) -> online_net.OnlineSession:
        assert self.hub is not None, "host a table first"
        keys = online_net.seat_keys(credentials)
        client = FakeClient(self.hub, code, name, keys)
        session = online_net.OnlineSession(client, name, address, port, code)
        session.held = dict(credentials or {})
        client.start()
        self.sessions.append(session)
        return session
