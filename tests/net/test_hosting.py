"""Issue #33 item 2: the game's own host — one table on a server thread, the host's client on 127.0.0.1,
and a table reopened from its store after the host's game closed (real sockets, 127.0.0.1 only)."""

from __future__ import annotations

import asyncio
import ipaddress

import pytest

from iwari_desktop.engine.core.config import GameConfig
from iwari_desktop.net import protocol as p
from iwari_desktop.net.client import Received
from iwari_desktop.net.hosting import LocalHost, addresses
from iwari_desktop.net.random_player import PlayerReport, play_random
from iwari_desktop.net.seats import SeatKind, SeatPlan
from iwari_desktop.net.server import ServerError


def test_a_hosted_table_is_played_to_its_end_and_reopened_from_its_store(tmp_path):
    plan = [SeatPlan(SeatKind.LOCAL, None, "Ann"), SeatPlan(SeatKind.REMOTE), SeatPlan(SeatKind.COMPUTER, "random")]
    host = LocalHost("127.0.0.1", 0, tmp_path, on_line=lambda line: None).start(
        GameConfig.quick("new-horizons", 3, 8), plan, "Ann")
    try:
        assert len(host.join_code) == 7 and host.join_code[3] == " " and host.addresses() == ["127.0.0.1"]
        ann = host.host_client()
        assert ann.host_credential == host.host_credential and ann.address == "127.0.0.1"
        guest = PlayerReport("Bob")

        async def play():
            return await asyncio.gather(
                play_random("127.0.0.1", host.port, host.code, "Ann", seed=1, host_credential=host.host_credential,
                            timeout=60),
                play_random("127.0.0.1", host.port, host.code, "Bob", seed=2, take_seat=1, report=guest, timeout=60))
        reports = asyncio.run(play())
        assert all(r.game_over is not None and not r.refused for r in reports)
    finally:
        host.stop()
    other = LocalHost("127.0.0.1", 0, tmp_path).start(GameConfig.quick("new-horizons", 3, 9), plan, "Ann")
    try:
        assert other.server.call(lambda: set(other.server.tables)) == {other.code}, "a new table serves only itself"
    finally:
        other.stop()
    again = LocalHost("127.0.0.1", 0, tmp_path).reopen(host.code, host.host_credential, "Ann")
    try:
        assert again.server.call(lambda: set(again.server.tables)) == {host.code}
        client = again.host_client().start()
        try:
            kinds = []
            for _ in range(20):
                event = client.next_event(5)
                if isinstance(event, Received):
                    kinds.append(type(event.message))
                    if isinstance(event.message, p.GameView):
                        break
            assert p.Welcome in kinds and p.GameView in kinds, "the host is back at its table's last view"
        finally:
            client.close()
    finally:
        again.stop()
    with pytest.raises(ServerError):
        LocalHost("127.0.0.1", 0, tmp_path).reopen("NOSUCH", "x")


def test_the_addresses_shown_to_friends_are_ipv4_and_never_loopback():
    for address in addresses():
        parsed = ipaddress.IPv4Address(address)
        assert not parsed.is_loopback and not parsed.is_link_local
