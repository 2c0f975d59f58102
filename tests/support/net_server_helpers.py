"""A table server on 127.0.0.1 for the transport tests (tests/net/test_server_*.py, test_client.py).

Why a helper: every test needs a real server on a free port (port 0) with its console lines kept, and
must stop it whatever happens; the limits are shortened so that closes for silence or stalls come in
a second, not ten.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from iwari_desktop.engine.core.config import GameConfig
from iwari_desktop.net.random_player import PlayerReport, play_random
from iwari_desktop.net.seats import SeatKind, SeatPlan
from iwari_desktop.net.server import Limits, TableServer

# random players answer in microseconds, so alone against computers one may pass the 20 messages a second a
# person never reaches: the rate is lifted here (tests/net/test_server_bad_input.py checks the real one)
FAST = Limits(hello_timeout=1.0, stalled_after=1.0, open_timeout=1.0, ping_interval=5.0, ping_timeout=5.0,
              rate=1000.0, burst=1000)


@dataclass
class Running:
    server: TableServer
    host: str
    port: int
    lines: list[str] = field(default_factory=list)

    def table(self, players: int = 3, computers: int = 1, level: str = "random", map_id: str = "new-horizons",
              seed: int = 3, local: int = 0) -> tuple[str, str]:
        """A new table: `local` seats of the host's computer, remote seats, then `computers` computer seats;
        its code and host credential."""
        plan = [SeatPlan(SeatKind.LOCAL) for _ in range(local)]
        plan += [SeatPlan(SeatKind.REMOTE) for _ in range(players - computers - local)]
        plan += [SeatPlan(SeatKind.COMPUTER, level) for _ in range(computers)]
        return self.server.create_table(GameConfig.quick(map_id, players, seed), plan, "Host", seed=seed)

    def lines_with(self, text: str) -> list[str]:
        return [line for line in list(self.lines) if text in line]


@contextlib.contextmanager
def running_server(limits: Limits = FAST, store: Path | None = None, **kwargs) -> Iterator[Running]:
    lines: list[str] = []
    lock = threading.Lock()

    def keep(line: str) -> None:
        with lock:
            lines.append(line)

    server = TableServer("127.0.0.1", 0, store, keep, limits, **kwargs)
    host, port = server.start_in_thread()
    try:
        yield Running(server, host, port, lines)
    finally:
        server.stop()


def play_game(run: Running, code: str, host_credential: str, remote: int = 2, timeout: float = 60.0,
              keep_snapshots: bool = False) -> list[PlayerReport]:
    """The remote seats played by random players (the first one hosting) until the game's end."""
    async def main() -> list[PlayerReport]:
        return list(await asyncio.gather(*(
            play_random(run.host, run.port, code, f"P{seat}", seed=seat, min_interval=0, take_seat=seat,
                        host_credential=host_credential if seat == 0 else None, timeout=timeout,
                        keep_snapshots=keep_snapshots)
            for seat in range(remote))))
    return asyncio.run(main())
