"""A table hosted from the game itself (issue #33, item 2): the server on a thread beside the window.

`LocalHost` runs a `TableServer` with the one table the player set up, listening on every network of
this computer (`0.0.0.0`; tests use 127.0.0.1) so friends on the local network, or across the internet
through a forwarded port (docs/network.md), can join. It tries the usual port 7878 first (the one a
router forwards) and takes any free port when that is busy. The host's own screen is an ordinary
`TableClient` on 127.0.0.1 holding the host credential: the host plays by the same rules as everybody.

With a store folder the table is saved after every change, so a crashed or closed game reopens it
(`LocalHost.reopen`) and the players rejoin their seats by their credentials. It advertises itself on
the local network (zeroconf) only when asked, i.e. while a person hosts.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from iwari_desktop.engine.core.config import GameConfig
from iwari_desktop.net.addresses import addresses
from iwari_desktop.net.client import TableClient
from iwari_desktop.net.seats import SeatPlan
from iwari_desktop.net.server import ServerError, TableServer

DEFAULT_PORT = 7878


class LocalHost:
    """The game's own host: one table, a server thread, and the host's connection to it."""

    def __init__(self, bind: str = "0.0.0.0", port: int = DEFAULT_PORT, store_dir: Path | None = None,
                 on_line: Callable[[str], None] | None = None) -> None:
        self.bind, self.wanted_port, self.store_dir = bind, port, store_dir
        self.on_line = on_line or (lambda line: None)
        self.server: TableServer | None = None
        self.port = 0
        self.code = ""
        self.host_credential = ""
        self.host_name = ""
        self._advertiser = None

    # ---- start ----------------------------------------------------------------------------------
    def _listen(self, load_codes: set[str]) -> None:
        for port in dict.fromkeys((self.wanted_port, 0)):
            self.server = TableServer(self.bind, port, self.store_dir, self.on_line, load_codes=load_codes)
            try:
                self.port = self.server.start_in_thread()[1]
                return
            except ServerError:
                if port == 0:
                    raise

    def start(self, config: GameConfig, plan: list[SeatPlan], host_name: str) -> "LocalHost":
        """Listen and make the table; `code` and `host_credential` are set (ServerError when it cannot listen)."""
        self._listen(set())          # the store's older tables stay on disk; only this one is served
        assert self.server is not None
        self.host_name = host_name
        self.code, self.host_credential = self.server.create_table(config, plan, host_name)
        return self

    def reopen(self, code: str, host_credential: str, host_name: str = "") -> "LocalHost":
        """Open a table saved in the store folder again (after a crash, or another evening)."""
        if self.store_dir is None:
            raise ServerError("a table can be reopened only from a store folder")
        self._listen({code})
        assert self.server is not None
        if code not in self.server.tables:
            self.stop()
            raise ServerError(f"no saved table {code} in {self.store_dir}")
        self.code, self.host_credential, self.host_name = code, host_credential, host_name
        return self

    # ---- what the host's screen shows -----------------------------------------------------------
    @property
    def join_code(self) -> str:
        """The code as friends read it: two groups of three characters."""
        return f"{self.code[:3]} {self.code[3:]}" if len(self.code) == 6 else self.code

    def addresses(self) -> list[str]:
        """Where friends connect: this computer's addresses (or the one address listened on)."""
        if self.bind not in ("0.0.0.0", ""):
            return [self.bind]
        return addresses()

    def host_client(self, name: str | None = None) -> TableClient:
        """The host's own connection (not started): on 127.0.0.1, holding the host credential."""
        return TableClient("127.0.0.1", self.port, self.code, name or self.host_name or "Host",
                           host_credential=self.host_credential)

    def advertise(self, interfaces: list[str] | None = None) -> str:
        """Announce this table on the local network (while a person hosts); returns the service name."""
        from iwari_desktop.net.discovery import Advertiser

        if self._advertiser is None:
            self._advertiser = Advertiser(self.host_name or "Iwari", self.port, self.bind, self.code, interfaces)
            self._advertiser.start()
        return self._advertiser.service_name

    def stop(self) -> None:
        if self._advertiser is not None:
            self._advertiser.stop()
            self._advertiser = None
        if self.server is not None:
            self.server.stop()
