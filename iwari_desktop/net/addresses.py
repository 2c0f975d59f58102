"""This computer's addresses, for the host's screen and the zeroconf announcement (issue #33)."""

from __future__ import annotations

import ipaddress


def addresses() -> list[str]:
    """This computer's IPv4 addresses friends can type (no loopback, no link-local), private ones first."""
    import ifaddr

    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):
                continue                     # IPv6 (a tuple): not shown, IPv4 is what people type
            address = ipaddress.IPv4Address(ip.ip)
            if address.is_loopback or address.is_link_local or address.is_unspecified:
                continue
            if ip.ip not in found:
                found.append(ip.ip)
    return sorted(found, key=lambda a: (not ipaddress.IPv4Address(a).is_private, a))
