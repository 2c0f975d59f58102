"""Tables on the local network, found without typing an address: zeroconf, `_iwari._tcp.local.` (issue #33).

Nothing here runs unless asked: a server advertises only with `iwari serve --advertise`, the game only
while a person hosts a table, and the Join screen browses only while it is open. Multicast DNS stays on
the local network by its nature (224.0.0.251, TTL 255 but never routed).

A service's TXT properties say what the Join screen lists: the protocol version (`proto`), the host's
name (`host`) and, for a table hosted in the game, its join code (`code`; a dedicated server hosts many
tables, so it gives none). Whatever a browser finds is only a hint: the host still checks the code and
every credential.
"""

from __future__ import annotations

import socket
import threading
from dataclasses import dataclass

from iwari_desktop.net import protocol as p

SERVICE_TYPE = "_iwari._tcp.local."
MAX_FOUND = 64


@dataclass(frozen=True)
class FoundTable:
    """One advertised host: where to connect, its name, and its table code when it hosts one table."""

    name: str
    address: str
    port: int
    host_name: str
    code: str | None
    protocol: int | None


def _ipv4(address: str) -> str:
    return address if address not in ("", "0.0.0.0") else "127.0.0.1"


def _addresses(host: str) -> list[str]:
    """The IPv4 addresses to announce: the one listened on, or every one of this computer for 0.0.0.0."""
    if host not in ("", "0.0.0.0"):
        return [host]
    from iwari_desktop.net.addresses import addresses
    return addresses() or ["127.0.0.1"]


class Advertiser:
    """Announces one host (`iwari serve --advertise`, or the game while it hosts) until `stop()`."""

    def __init__(self, host_name: str, port: int, host: str = "0.0.0.0", code: str | None = None,
                 interfaces: list[str] | None = None) -> None:
        self.host_name = host_name[: p.MAX_NAME] or "Iwari"
        self.port, self.host, self.code, self.interfaces = port, host, code, interfaces
        label = f"{self.host_name} {code}" if code else self.host_name
        safe = "".join(ch if ch.isalnum() or ch in " -" else "-" for ch in label)[:50]
        self.service_name = f"{safe} ({socket.gethostname()[:20]}:{port}).{SERVICE_TYPE}"
        self._zeroconf = None
        self._info = None

    def start(self) -> None:
        from zeroconf import InterfaceChoice, ServiceInfo, Zeroconf

        properties = {"proto": str(p.PROTOCOL_VERSION), "host": self.host_name}
        if self.code:
            properties["code"] = self.code
        self._info = ServiceInfo(SERVICE_TYPE, self.service_name, port=self.port, properties=properties,
                                 addresses=[socket.inet_aton(a) for a in _addresses(self.host)])
        self._zeroconf = Zeroconf(interfaces=self.interfaces or InterfaceChoice.All)
        self._zeroconf.register_service(self._info)

    def stop(self) -> None:
        if self._zeroconf is not None:
            try:
                if self._info is not None:
                    self._zeroconf.unregister_service(self._info)
            finally:
                self._zeroconf.close()
                self._zeroconf = None


class Browser:
    """Lists the advertised hosts while open (the Join screen): `found()` is a snapshot, never blocks."""

    def __init__(self, interfaces: list[str] | None = None) -> None:
        self.interfaces = interfaces
        self._found: dict[str, FoundTable] = {}
        self._lock = threading.Lock()
        self._zeroconf = None
        self._browser = None

    def start(self) -> "Browser":
        from zeroconf import InterfaceChoice, ServiceBrowser, Zeroconf

        self._zeroconf = Zeroconf(interfaces=self.interfaces or InterfaceChoice.All)
        self._browser = ServiceBrowser(self._zeroconf, SERVICE_TYPE, handlers=[self._changed])
        return self

    def _changed(self, zeroconf, service_type: str, name: str, state_change) -> None:
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            return
        info = zeroconf.get_service_info(service_type, name, timeout=2000)
        if info is None or not info.parsed_addresses():
            return
        found = _read_info(name, info)
        if found is not None:
            with self._lock:
                if name in self._found or len(self._found) < MAX_FOUND:
                    self._found[name] = found

    def found(self) -> list[FoundTable]:
        with self._lock:
            return sorted(self._found.values(), key=lambda f: (f.host_name, f.address, f.port))

    def stop(self) -> None:
        if self._browser is not None:
            self._browser.cancel()
        if self._zeroconf is not None:
            self._zeroconf.close()
            self._zeroconf = None


def _read_info(name: str, info) -> FoundTable | None:
    """A service's properties read with bounds (anyone on the network may advertise anything)."""
    props = {}
    for key, value in (info.properties or {}).items():
        if isinstance(key, bytes) and isinstance(value, bytes) and len(value) <= 64:
            props[key.decode("utf-8", "replace")] = value.decode("utf-8", "replace")
    addresses = [a for a in info.parsed_addresses() if ":" not in a]
    if not addresses or not info.port:
        return None
    proto = props.get("proto", "")
    code = props.get("code")
    return FoundTable(name=name[:120], address=addresses[0], port=int(info.port),
                      host_name=props.get("host", "")[: p.MAX_NAME], code=code[: p.MAX_CODE] if code else None,
                      protocol=int(proto) if proto.isdigit() else None)
