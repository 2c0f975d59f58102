"""Issue #33 items 2 and 6: tables on the local network are found by zeroconf — tested without a packet
leaving this computer.

The check runs in a network namespace the test makes itself (`unshare -n`, only `lo`, brought up), so
the multicast announcement has nowhere to go but the loopback. Where a namespace cannot be made (no
root), the same check runs with zeroconf bound to 127.0.0.1 alone (the loopback-only approach): still
nothing leaves the computer, and the test is never skipped.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from iwari_desktop.net.discovery import SERVICE_TYPE, Advertiser, _read_info

ROOT = Path(__file__).resolve().parents[2]


def _namespace_possible() -> bool:
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        return False
    try:
        return subprocess.run(["unshare", "-n", "true"], capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


@pytest.mark.slow
def test_an_advertised_table_is_found_with_its_code_and_protocol_inside_an_own_network_namespace():
    check = [sys.executable, "-m", "tests.support.discovery_check"]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    if _namespace_possible():
        script = "ip link set lo up && ip link set lo multicast on && exec \"$@\""
        command = ["unshare", "-n", "sh", "-c", script, "sh", *check]
    else:
        command = check        # loopback-only: zeroconf is given 127.0.0.1 as its only interface
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    found = json.loads(result.stdout.strip().splitlines()[-1])
    table = next(f for f in found if f["code"] == "ABC234")
    assert (table["address"], table["port"], table["host_name"], table["protocol"]) == ("127.0.0.1", 47878, "Ann", 1)


def test_an_announcement_names_the_table_and_a_strangers_properties_are_read_with_bounds():
    advertiser = Advertiser("Ann <script>", 7878, host="127.0.0.1", code="ABC234")
    assert advertiser.service_name.endswith("." + SERVICE_TYPE) and "<" not in advertiser.service_name

    class Info:
        port = 9
        properties = {b"host": b"x" * 500, b"code": b"ABC234", b"proto": b"one", b"junk": b"\xff" * 10}

        @staticmethod
        def parsed_addresses():
            return ["fe80::1", "192.0.2.5"]

    found = _read_info("n", Info())
    assert found.address == "192.0.2.5" and found.code == "ABC234" and found.protocol is None
    assert found.host_name == ""        # a value over 64 bytes is not read at all

