"""Advertise a table and find it again, on the loopback interface only (tests/net/test_discovery.py).

Run by the test inside a network namespace of its own (`unshare -n`, lo up): no packet can leave it.
Prints one JSON line with what the browser found, and exits 0 when the advertised table was among it.
"""

from __future__ import annotations

import json
import sys
import time

from iwari_desktop.net.discovery import Advertiser, Browser

LOOPBACK = ["127.0.0.1"]


def main() -> int:
    advertiser = Advertiser("Ann", 47878, host="127.0.0.1", code="ABC234", interfaces=LOOPBACK)
    advertiser.start()
    browser = Browser(interfaces=LOOPBACK).start()
    try:
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            found = browser.found()
            if any(f.code == "ABC234" for f in found):
                print(json.dumps([f.__dict__ for f in found]), flush=True)
                return 0
            time.sleep(0.1)
        print(json.dumps([f.__dict__ for f in browser.found()]), flush=True)
        return 1
    finally:
        browser.stop()
        advertiser.stop()


if __name__ == "__main__":
    sys.exit(main())
