"""Load on one `iwari serve`: 50 tables x 4 clients playing random legal moves (issue #33, item 6).

    .venv/bin/python bench/network.py                 # two minutes, as the issue asks
    .venv/bin/python bench/network.py --seconds 30    # a shorter run

Starts `python -m iwari_desktop serve --port 0 --no-store` as its own process on 127.0.0.1, makes
`--tables` 4-player tables on it (CreateTable, as the game does) and plays them with `--tables`*4
headless clients in this process (one asyncio loop): each decodes the snapshot it was sent, computes its
legal actions there and sends a random one after `--think` seconds; the host starts the next game when
one ends. For `--seconds` it measures:

* moves a second (intents answered by the view that shows them played, all tables together);
* the move's round trip, from sending the intent to receiving that view: median and 99th percentile
  (goal <= 20 ms / <= 100 ms);
* the server's peak memory (VmHWM of its process);
* desyncs: a random move, legal on the client's snapshot, refused by the host, or a player dropped —
  the goal is 0;

and then the cost of networking to an idle game: one client connected to a table where nobody moves,
for `--idle-seconds`, as the CPU time of the server process and of this process, in % of one core
(goal <= 1 %). Nothing is sent anywhere but 127.0.0.1; nothing is advertised.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from iwari_desktop.engine.core.config import GameConfig  # noqa: E402
from iwari_desktop.net import protocol as p  # noqa: E402
from iwari_desktop.net.client import Received, TableClient, create_remote_table_async  # noqa: E402
from iwari_desktop.net.random_player import PlayerReport, play_random  # noqa: E402
from iwari_desktop.net.state_codec import encode_config  # noqa: E402
from iwari_desktop.net.table_request import SeatRequest  # noqa: E402

PLAYERS = 4


def start_server() -> tuple[subprocess.Popen, int]:
    process = subprocess.Popen([sys.executable, "-m", "iwari_desktop", "serve", "--port", "0", "--no-store"],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert process.stdout is not None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        match = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
        if match:
            return process, int(match.group(1))
    process.kill()
    raise SystemExit("the server did not start")


def drain(process: subprocess.Popen) -> None:
    """Read the server's console in the background so its pipe never fills."""
    import threading

    threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()  # type: ignore[union-attr]


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def load(port: int, tables: range, seconds: float, think: float) -> tuple[list[PlayerReport], float]:
    seats = [SeatRequest("remote") for _ in range(PLAYERS)]
    created = await asyncio.gather(*(
        create_remote_table_async("127.0.0.1", port, encode_config(GameConfig.quick("new-horizons", PLAYERS, i)),
                                  seats, f"Host {i}") for i in tables))
    reports: list[PlayerReport] = []
    tasks = []
    for t, table in zip(tables, created):
        for seat in range(PLAYERS):
            report = PlayerReport(f"T{t}S{seat}")
            reports.append(report)
            tasks.append(asyncio.create_task(play_random(
                "127.0.0.1", port, table.table_code, f"T{t}S{seat}", seed=t * 10 + seat, take_seat=seat,
                host_credential=table.host_credential if seat == 0 else None, timeout=seconds + 60,
                think=think, games=10_000, report=report, peek_turn=True)))
    started = time.perf_counter()
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - started
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return reports, elapsed


def worker(job: tuple[int, range, float, float]) -> tuple[list[float], int, int, int, float]:
    """One client process's share of the tables: its round trips, refusals, drops, finished games, seconds."""
    port, tables, seconds, think = job
    reports, elapsed = asyncio.run(load(port, tables, seconds, think))
    trips = [t for r in reports for t in r.round_trips]
    refused = sum(len(r.refused) for r in reports)
    dropped = sum(1 for r in reports if r.closed and "no end within" not in r.closed)
    games = sum(1 for r in reports if r.game_over is not None and r.name.endswith("S0"))
    return trips, refused, dropped, games, elapsed


def idle_cost(port: int, server_pid: int, seconds: float) -> tuple[float, float]:
    """% of a core used by the server and by this process while one client sits at a quiet table."""
    async def make() -> tuple[str, str]:
        seats = [SeatRequest("remote"), SeatRequest("computer", "random")]
        table = await create_remote_table_async("127.0.0.1", port, encode_config(GameConfig.quick("new-horizons", 2, 1)),
                                                seats, "Idle")
        return table.table_code, table.host_credential
    code, credential = asyncio.run(make())
    client = TableClient("127.0.0.1", port, code, "Idle", host_credential=credential).start()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        event = client.next_event(1)
        if isinstance(event, Received) and isinstance(event.message, p.Welcome):
            break
    time.sleep(1)
    server_before, own_before, wall = cpu_seconds(server_pid), time.process_time(), time.perf_counter()
    time.sleep(seconds)
    wall = time.perf_counter() - wall
    server = (cpu_seconds(server_pid) - server_before) / wall * 100
    own = (time.process_time() - own_before) / wall * 100
    client.close()
    return server, own


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=120.0, help="how long the load runs (default 120)")
    parser.add_argument("--tables", type=int, default=50, help="4-player tables (default 50)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds a client waits before each move (default 0: as fast as the host's "
                             "20 messages a second allow)")
    parser.add_argument("--workers", type=int, default=2,
                        help="client processes sharing the tables (default 2: one loop cannot decode 200 clients' views)")
    parser.add_argument("--idle-seconds", type=float, default=30.0, help="the idle measure's length (default 30)")
    args = parser.parse_args()
    server, port = start_server()
    drain(server)
    try:
        server_cpu = cpu_seconds(server.pid)
        shares = [range(w, args.tables, args.workers) for w in range(args.workers)]
        with multiprocessing.get_context("fork").Pool(args.workers) as pool:
            results = pool.map(worker, [(port, share, args.seconds, args.think) for share in shares])
        trips = sorted(t for r in results for t in r[0])
        refused, dropped, games = (sum(r[i] for r in results) for i in (1, 2, 3))
        elapsed = max(r[4] for r in results)
        server_cpu = (cpu_seconds(server.pid) - server_cpu) / elapsed * 100   # includes making the tables
        moves = len(trips)
        median = statistics.median(trips) * 1000 if trips else float("nan")
        p99 = trips[min(len(trips) - 1, int(len(trips) * 0.99))] * 1000 if trips else float("nan")
        peak = peak_rss_mb(server.pid)
        idle_server, idle_client = idle_cost(port, server.pid, args.idle_seconds)
    finally:
        server.terminate()
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()
    print(f"network load: {args.tables} tables x {PLAYERS} clients in {args.workers} processes, "
          f"think {args.think:g} s, {elapsed:.0f} s, "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    print(f"  moves a second      {moves / elapsed:8.1f}   ({moves} moves; tables that finished a game: {games})")
    print(f"  round trip median   {median:8.1f} ms (goal <= 20)")
    print(f"  round trip p99      {p99:8.1f} ms (goal <= 100)")
    print(f"  server CPU          {server_cpu:8.1f} % of a core during the load")
    print(f"  server peak memory  {peak:8.1f} MB")
    print(f"  desyncs             {refused + dropped:8d}   (refused legal moves {refused}, players dropped {dropped})")
    print(f"  idle, one client    server {idle_server:.2f} % + client {idle_client:.2f} % of a core "
          f"over {args.idle_seconds:g} s (goal <= 1 %)")
    return 0 if refused + dropped == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
