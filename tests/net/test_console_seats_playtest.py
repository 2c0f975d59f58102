"""The server's console numbers seats one way, as the play-test of 2026-11-29 saw it (issue #33,
docs/playtest-2026-11-29-online.md): "Ben joined from 127.0.0.1:51890, seats [1]" and, two lines on, "seat 2 (Ben)
is back" named the same seat — the joined line counted from 0, every other line from 1 as players do. Real sockets on
127.0.0.1, every wait bounded."""

from __future__ import annotations

import time

from net_server_helpers import running_server

from iwari_desktop.net import protocol as p
from iwari_desktop.net.client import Received, TableClient


def _welcome(client: TableClient, seconds: float = 10.0, seated: bool = False) -> p.Welcome:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for event in client.poll():
            if isinstance(event, Received) and isinstance(event.message, p.Welcome):
                if event.message.seats or not seated:
                    return event.message
        time.sleep(0.02)
    raise AssertionError("no Welcome in time")


def test_the_joined_line_counts_seats_from_one_as_the_other_lines():
    with running_server() as run:
        code, _host_credential = run.table(players=2, computers=1)
        first = TableClient(run.host, run.port, code, "Ben", reconnect=False).start()
        try:
            _welcome(first)
            first.send(p.TakeSeat(seat=0, name="Ben"))
            keys = _welcome(first, seated=True).seats
        finally:
            first.close()
        again = TableClient(run.host, run.port, code, "Ben", keys, reconnect=False).start()
        try:
            _welcome(again)
            end = time.monotonic() + 10
            while len(run.lines_with("joined from")) < 2 and time.monotonic() < end:
                time.sleep(0.02)
        finally:
            again.close()
        joined = run.lines_with("joined from")
        assert len(joined) == 2 and all("seats [" not in line for line in joined), joined
        assert joined[-1].endswith(", seat 1"), joined
