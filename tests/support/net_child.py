"""A player in its own process, for the kill -9 test (tests/net/test_client.py).

`python -m tests.support.net_child ADDRESS PORT CODE SEAT DATA_DIR SNAPSHOT_FILE`: with no remembered
credentials it takes SEAT and remembers the credential in DATA_DIR (net/credentials.py, as the game
does); with them it rejoins by them. It prints one line per milestone (SEATED, VIEW <state number>),
writes the last snapshot of its seat to SNAPSHOT_FILE, and then waits to be killed (or, after a rejoin,
exits once it has a view).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from iwari_desktop.net import credentials as c
from iwari_desktop.net import protocol as p
from iwari_desktop.net.client import Failed, Received, TableClient


def main(argv: list[str]) -> int:
    address, port, code, seat, data_dir, snapshot_file = argv
    path = c.known_tables_path(Path(data_dir))
    known = c.find(path, address, int(port), code)
    rejoin = known is not None
    client = TableClient(address, int(port), code, f"Child {seat}", known.seats if known else [],
                         backoff=(0.1,)).start()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        event = client.next_event(0.5)
        if isinstance(event, Failed):
            print(f"FAILED {event.reason}", flush=True)
            return 1
        if not isinstance(event, Received):
            continue
        message = event.message
        if isinstance(message, p.Welcome):
            if not message.seats and not rejoin:
                client.send(p.TakeSeat(seat=int(seat), name=f"Child {seat}"))
            elif message.seats:
                c.remember(path, c.KnownTable(address=address, port=int(port), code=code, seats=message.seats))
                print("SEATED", flush=True)
        elif isinstance(message, p.GameView):
            Path(snapshot_file).write_text(json.dumps([message.state_number, message.snapshot]))
            print(f"VIEW {message.state_number}", flush=True)
            if rejoin:
                client.close()
                return 0
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
