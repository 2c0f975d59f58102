"""Issue #33 item 5: a dropped player comes back by itself — after a cut socket, a killed process, a
restarted server — and gets a full filtered snapshot equal to the host's observation of its seat.

Real sockets on 127.0.0.1 only, port 0, every wait bounded.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from iwari_desktop.engine.core.observation import observe
from iwari_desktop.net import protocol as p
from iwari_desktop.net.client import Connected, Dropped, Failed, Received, Reconnecting, TableClient
from iwari_desktop.net.random_player import PlayerReport, play_random
from iwari_desktop.net.seat_view import client_state
from tests.support.net_server_helpers import running_server

ROOT = Path(__file__).resolve().parents[2]


def _until(client: TableClient, wanted, timeout: float = 10.0) -> list:
    """Events until one for which `wanted(event)` holds (AssertionError after `timeout`)."""
    seen = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        event = client.next_event(max(0.01, deadline - time.monotonic()))
        if event is None:
            continue
        seen.append(event)
        if wanted(event):
            return seen
    raise AssertionError(f"not seen within {timeout} s; seen {seen[-8:]}")


def _message(kind):
    return lambda event: isinstance(event, Received) and isinstance(event.message, kind)


def _host_observation(run, code: str, seat: int):
    def look():
        table = run.server.tables[code]
        return table.state_number, observe(table.game.state, seat)
    return run.server.call(look)


def _started_table(run):
    """A table with seat 0 (the host's client) and seat 1 (a guest's client) taken and the game started."""
    code, credential = run.table(players=3, computers=1)
    host = TableClient(run.host, run.port, code, "Ann", host_credential=credential, backoff=(0.05,)).start()
    guest = TableClient(run.host, run.port, code, "Bob", backoff=(0.05,)).start()
    _until(host, _message(p.Welcome))
    _until(guest, _message(p.Welcome))
    host.send(p.TakeSeat(seat=0, name="Ann"))
    guest.send(p.TakeSeat(seat=1, name="Bob"))
    _until(guest, lambda e: _message(p.Welcome)(e) and e.message.seats)
    _until(host, lambda e: _message(p.LobbyState)(e) and e.message.can_start)
    host.send(p.StartGame())
    _until(guest, _message(p.GameView))
    return code, host, guest


def test_a_dropped_socket_reconnects_by_itself_and_gets_its_seats_view():
    with running_server() as run:
        code, host, guest = _started_table(run)
        try:
            guest.drop_connection()
            events = _until(guest, _message(p.GameView))
            kinds = [type(e) for e in events]
            assert Dropped in kinds and Reconnecting in kinds and Connected in kinds
            welcome = next(e.message for e in events if _message(p.Welcome)(e))
            assert [key.seat for key in welcome.seats] == [1]
            view = events[-1].message
            number, host_view = _host_observation(run, code, 1)
            assert view.seat == 1 and view.state_number == number
            assert observe(client_state(view.snapshot), 1) == host_view
            assert guest.connections == 2
            assert run.lines_with("Bob (connection") and run.lines_with("Bob joined")
        finally:
            host.close()
            guest.close()


def test_a_wrong_credential_fails_for_good_without_retrying():
    with running_server() as run:
        code, _ = run.table()
        client = TableClient(run.host, run.port, code, "Eve", [p.SeatKey(seat=0, credential="guessed")],
                             backoff=(0.05,)).start()
        try:
            events = _until(client, lambda e: isinstance(e, Failed))
            assert events[-1].code == p.CLOSE_BAD_CREDENTIAL
            assert client.next_event(0.3) is None and client.connections == 1
        finally:
            client.close()


def test_a_killed_client_process_rejoins_by_its_stored_credential(tmp_path):
    with running_server() as run:
        code, credential = run.table(players=3, computers=1)
        host = TableClient(run.host, run.port, code, "Ann", host_credential=credential).start()
        child_args = [sys.executable, "-m", "tests.support.net_child", run.host, str(run.port), code, "1",
                      str(tmp_path), str(tmp_path / "snapshot.json")]
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        first = subprocess.Popen(child_args, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
        try:
            _until(host, _message(p.Welcome))
            host.send(p.TakeSeat(seat=0, name="Ann"))
            assert _read_line(first, "SEATED", 20)
            _until(host, lambda e: _message(p.LobbyState)(e) and e.message.can_start)
            host.send(p.StartGame())
            assert _read_line(first, "VIEW", 20)
            os.kill(first.pid, signal.SIGKILL)
            first.wait(10)
            _until(host, lambda e: _message(p.SeatStatus)(e) and e.message.seats[1].away_seconds is not None)
            second = subprocess.run(child_args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=30)
            assert second.returncode == 0 and "VIEW" in second.stdout, second.stdout + second.stderr
            number, snapshot = json.loads((tmp_path / "snapshot.json").read_text())
            host_number, host_view = _host_observation(run, code, 1)
            assert number == host_number and observe(client_state(snapshot), 1) == host_view
            assert run.lines_with("Child 1 (connection")
        finally:
            if first.poll() is None:
                first.kill()
                first.wait(10)
            host.close()


def _read_line(process: subprocess.Popen, start: str, timeout: float) -> str | None:
    """The child's first stdout line starting with `start` (None after `timeout`)."""
    found: list[str] = []

    def read() -> None:
        for line in process.stdout:
            if line.startswith(start):
                found.append(line)
                return
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout)
    return found[0] if found else None


def test_tables_survive_a_server_restart_and_players_rejoin_by_credential(tmp_path):
    reports = [PlayerReport("P0"), PlayerReport("P1")]
    with running_server(store=tmp_path) as run:
        code, credential = run.table(players=3, computers=1)

        async def first_half() -> None:
            players = [asyncio.create_task(play_random(run.host, run.port, code, f"P{seat}", seed=seat, min_interval=0,
                                                       take_seat=seat,
                                                       host_credential=credential if seat == 0 else None,
                                                       report=reports[seat], stop_after=6, timeout=30))
                       for seat in (0, 1)]
            done, pending = await asyncio.wait(players, return_when=asyncio.FIRST_COMPLETED, timeout=30)
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)
        asyncio.run(first_half())
        before = run.server.call(lambda: run.server.tables[code].state_number)
        assert before > 6
    assert (tmp_path / f"table-{code}.json").exists()
    with running_server(store=tmp_path) as run:
        assert run.lines_with(f"table {code}: loaded from the store (in play)")
        assert run.server.call(lambda: run.server.tables[code].state_number) == before

        async def second_half():
            return await asyncio.gather(*(
                play_random(run.host, run.port, code, f"P{seat}", seed=seat + 10, min_interval=0,
                            credentials=reports[seat].seats,
                            host_credential=credential if seat == 0 else None, keep_snapshots=True, timeout=60)
                for seat in (0, 1)))
        finished = asyncio.run(second_half())
        for seat, report in enumerate(finished):
            assert report.game_over is not None and not report.refused, report.closed
            assert report.views[0][0] == before, "the first view after the restart is the state it stopped at"
            assert {view[1] for view in report.views} == {seat}


def test_an_away_seat_handed_to_a_computer_lets_the_game_end_without_its_player():
    """The host decides (never the server by itself): after AwayDecision a computer, thinking off the event
    loop, plays the away seat until the end."""
    from websockets.asyncio.client import connect

    with running_server() as run:
        code, credential = run.table(players=3, computers=1)
        guest = PlayerReport("Bob")

        async def main():
            host = asyncio.create_task(play_random(run.host, run.port, code, "Ann", seed=1, min_interval=0, take_seat=0,
                                                   host_credential=credential, timeout=60))
            await play_random(run.host, run.port, code, "Bob", seed=2, min_interval=0, take_seat=1, report=guest,
                              stop_after=3,
                              timeout=30)
            async with asyncio.timeout(20):
                async with connect(f"ws://{run.host}:{run.port}/", proxy=None) as boss:
                    await boss.send(p.encode_message(p.Hello(version=p.PROTOCOL_VERSION, app_version="t",
                                                             table_code=code, name="Ann",
                                                             host_credential=credential)))
                    while True:
                        message = p.decode_message(await boss.recv(), p.Direction.TO_CLIENT)
                        if isinstance(message, p.SeatStatus) and message.seats[1].away_seconds is not None:
                            break
                    await boss.send(p.encode_message(p.AwayDecision(seat=1, computer="random")))
                    return await host
        report = asyncio.run(main())
        assert guest.intents == 3
        assert report.game_over is not None and not report.refused, report.closed
        assert run.lines_with("stands in")
