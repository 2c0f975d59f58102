"""A table driven without sockets, as its transport would drive it, for tests/net/test_table*.py.

Why every message goes through the wire format: what the table returns must be what a client can
read (`encode_message` then `decode_message(TO_CLIENT)`), so a field that does not fit its schema
fails here, not on a real connection. Every GameView received is checked at once to belong to a seat
the connection holds; `check_views` then compares each seat's latest view with the host's observation.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from iwari_desktop.engine.core.config import GameConfig
from iwari_desktop.engine.core.observation import observe
from iwari_desktop.engine.core.rules import legal_actions
from iwari_desktop.net import protocol as p
from iwari_desktop.net.seat_view import client_state
from iwari_desktop.net.table import Outbox, SeatKind, SeatPlan, Table

HOST = 1


@dataclass
class Client:
    """What one connection knows: its credentials (from Welcome) and everything it received."""

    conn_id: int
    name: str
    host_credential: str | None = None
    keys: dict[int, str] = field(default_factory=dict)
    received: list = field(default_factory=list)
    views: dict[int, p.GameView] = field(default_factory=dict)
    connected: bool = True

    def hello(self, code: str) -> p.Hello:
        return p.Hello(version=p.PROTOCOL_VERSION, app_version="test", table_code=code, name=self.name,
                       credentials=[p.SeatKey(seat=s, credential=c) for s, c in sorted(self.keys.items())],
                       host_credential=self.host_credential)

    def of_type(self, kind: type) -> list:
        return [m for m in self.received if isinstance(m, kind)]


class Harness:
    """A host connection (HOST) and one connection per remote seat, the lobby filled and the game started."""

    def __init__(self, config: GameConfig, plan: list[SeatPlan], start: bool = True, now: float = 0.0) -> None:
        self.now = now
        self.table = Table(None, config, plan, "Host")
        self.clients: dict[int, Client] = {}
        self.connect(Client(HOST, "Host", host_credential=self.table.host_credential))
        for seat, plan_seat in enumerate(plan):
            if plan_seat.kind is SeatKind.REMOTE:
                client = self.connect(Client(10 + seat, f"Guest {seat}"))
                self.send(client.conn_id, p.TakeSeat(seat=seat, name=f"Guest {seat}"))
                self.send(client.conn_id, p.SetReady(ready=True))
        if start:
            self.send(HOST, p.StartGame())
            assert self.table.started

    # ---- plumbing ------------------------------------------------------------------------------
    def connect(self, client: Client) -> Client:
        self.clients[client.conn_id] = client
        client.connected = True
        self.deliver(self.table.connect(client.conn_id, client.hello(self.table.code), self.now))
        return client

    def drop(self, conn_id: int) -> None:
        self.clients[conn_id].connected = False
        self.deliver(self.table.disconnect(conn_id, self.now))

    def send(self, conn_id: int, message) -> list[Outbox]:
        """`message` through the wire format to the table; what came back (already delivered)."""
        decoded = p.decode_message(p.encode_message(message), p.Direction.TO_HOST)
        out = self.table.handle(conn_id, decoded, self.now)
        self.deliver(out)
        return out

    def deliver(self, out: list[Outbox]) -> None:
        for box in out:
            client = self.clients[box.conn_id]
            assert client.connected, f"{type(box.message).__name__} sent to the closed connection {box.conn_id}"
            raw = p.encode_message(box.message)
            self._no_foreign_secret(box.conn_id, raw)
            message = p.decode_message(raw, p.Direction.TO_CLIENT)
            client.received.append(message)
            if isinstance(message, p.Welcome):
                client.keys = {k.seat: k.credential for k in message.seats}
            if isinstance(message, p.GameView):
                assert message.seat in self.table.connections[box.conn_id].seats, \
                    f"connection {box.conn_id} was sent the view of seat {message.seat}"
                assert message.seat in client.keys, f"connection {box.conn_id} got seat {message.seat} without its key"
                client.views[message.seat] = message

    def _no_foreign_secret(self, conn_id: int, raw: bytes) -> None:
        """No message names a credential of a seat this connection does not hold, nor the host's to a guest."""
        held = self.table.connections[conn_id].seats if conn_id in self.table.connections else set()
        for seat in self.table.seats:
            if seat.credential and seat.index not in held:
                assert seat.credential.encode() not in raw, f"seat {seat.index}'s credential sent to {conn_id}"
        if self.table.host_credential and not self.clients[conn_id].host_credential:
            assert self.table.host_credential.encode() not in raw
        assert b'"seed"' not in raw or b'"seed":0' in raw

    # ---- play ----------------------------------------------------------------------------------
    def holder(self, seat: int) -> Client:
        return next(c for c in self.clients.values() if c.connected and seat in c.keys)

    def intent(self, seat: int, action: str, conn_id: int | None = None, credential: str | None = None,
               state_number: int | None = None) -> list[Outbox]:
        client = self.clients[conn_id] if conn_id is not None else self.holder(seat)
        return self.send(client.conn_id, p.Intent(
            seat=seat, credential=credential if credential is not None else client.keys.get(seat, "none"),
            state_number=self.table.state_number if state_number is None else state_number, action=action))

    def step(self, chooser: random.Random) -> None:
        """One decision of whoever is to move: a random legal action, through Intent or play_computer."""
        game = self.table.game
        assert game is not None
        turn = self.table.computer_turn()
        if turn is not None:
            action = chooser.choice(legal_actions(turn.state))
            self.deliver(self.table.play_computer(action, turn.state_number, self.now))
            return
        seat = game.state.current_player()
        before = self.table.state_number
        out = self.intent(seat, str(chooser.choice(game.legal_actions())))
        assert self.table.state_number == before + 1, [b.message for b in out]

    def check_views(self) -> None:
        """Every seat held by a connected client: its latest view is current and observes as the host does."""
        state = self.table.game.state
        for client in self.clients.values():
            if not client.connected:
                continue
            for seat in self.table.connections[client.conn_id].seats:
                view = client.views[seat]
                assert view.state_number == self.table.state_number
                assert observe(client_state(view.snapshot), seat) == observe(state, seat)
