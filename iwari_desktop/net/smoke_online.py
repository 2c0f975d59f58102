"""`iwari --smoke online [--server HOST:PORT]`: a whole online game between three processes (issue #33).

This process is the host: it runs a table server on 127.0.0.1 (or, with --server, makes a table on an
`iwari serve` that already runs) and plays the host's own seat through a real connection like every
other player; two client PROCESSES (this same program, started again) each take a remote seat. All three
play random legal moves, computed on the snapshots they were sent, until the game ends.

The check: every view any player received is decoded and its observation compared with the host's own
`observe(state, seat)` for that seat at that state number (recorded by the in-process server after
every change). Against an outside server, whose state this process cannot see, the check is what the
clients can prove: the host refused none of the moves they found legal on their snapshots, every seat's
view agrees on the scores and on whose turn it is at each state number, and the final scores are the
host's. Any disagreement prints one line and exits 1. No pygame, no window, nothing sent anywhere but
the loopback (or the given server).
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

CLIENT_COMMAND = "_smoke-online-client"   # the hidden first argument a client process is started with
TIMEOUT = 300.0


def _self_command() -> list[str]:
    """How to start this program again: the frozen executable itself, or python -m iwari_desktop."""
    if getattr(sys, "frozen", False):
        return [sys.executable]
    return [sys.executable, "-m", "iwari_desktop"]


def client_main(argv: list[str]) -> int:
    """A client process: play one seat, write what it received to the report file."""
    address, port, code, name, seat, seed, report_path = argv
    from iwari_desktop.net.random_player import play_random

    report = asyncio.run(play_random(address, int(port), code, name, seed=int(seed), take_seat=int(seat),
                                     keep_snapshots=True, timeout=TIMEOUT))
    data = {"name": report.name, "views": report.views, "refused": report.refused, "intents": report.intents,
            "game_over": report.game_over, "final_scores": report.final_scores, "closed": report.closed}
    Path(report_path).write_text(json.dumps(data), encoding="utf-8")
    return 0 if report.game_over is not None else 1


def parse_server(text: str) -> tuple[str, int]:
    """HOST:PORT (ValueError with the reason otherwise)."""
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"--server needs HOST:PORT such as 127.0.0.1:7878, not {text!r}")
    return host.strip("[]"), int(port)


def run_online_smoke(server: str | None = None) -> int:
    """The smoke; 0 when the game ended and every view agreed with the host."""
    from iwari_desktop.engine.core.config import GameConfig
    from iwari_desktop.engine.core.observation import observe
    from iwari_desktop.net.client import create_remote_table
    from iwari_desktop.net.random_player import play_random
    from iwari_desktop.net.seats import SeatKind, SeatPlan
    from iwari_desktop.net.state_codec import encode_config
    from iwari_desktop.net.table_request import SeatRequest

    started = time.perf_counter()
    config = GameConfig.quick("new-horizons", 3, 0)
    recorded: dict[int, dict[int, Any]] = {}
    host_server = None
    if server is None:
        from iwari_desktop.net.server import TableServer

        def record(table: Any) -> None:
            if table.game is not None:
                state = table.game.state
                recorded[table.state_number] = {seat: observe(state, seat) for seat in range(len(state.config.players))}

        host_server = TableServer("127.0.0.1", 0, on_line=lambda line: print(f"  host: {line}", flush=True),
                                  on_change=record)
        address, port = host_server.start_in_thread()
        plan = [SeatPlan(SeatKind.LOCAL, None, "Host"), SeatPlan(SeatKind.REMOTE), SeatPlan(SeatKind.REMOTE)]
        code, host_credential = host_server.create_table(config, plan, "Host")
    else:
        address, port = parse_server(server)
        seats = [SeatRequest("local", None, "Host"), SeatRequest("remote"), SeatRequest("remote")]
        created = create_remote_table(address, port, encode_config(config), seats, "Host")
        code, host_credential = created.table_code, created.host_credential
    print(f"online smoke: table {code} on {address}:{port}", flush=True)
    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix="iwari-online-smoke-") as folder:
        reports = [Path(folder, f"client-{seat}.json") for seat in (1, 2)]
        children = [subprocess.Popen(_self_command() + [CLIENT_COMMAND, address, str(port), code, f"Guest {seat}",
                                                        str(seat), str(seat * 7), str(path)],
                                     stdin=subprocess.DEVNULL)
                    for seat, path in zip((1, 2), reports)]
        try:
            host = asyncio.run(play_random(address, port, code, "Host", seed=5, host_credential=host_credential,
                                           keep_snapshots=True, timeout=TIMEOUT))
            for child in children:
                child.wait(timeout=60)
        except subprocess.TimeoutExpired:
            problems.append("a client process did not finish")
        finally:
            for child in children:
                if child.poll() is None:
                    child.kill()
                    child.wait(10)
            if host_server is not None:
                host_server.stop()
        players = [{"name": "Host", "views": host.views, "refused": host.refused, "intents": host.intents,
                    "game_over": host.game_over, "final_scores": host.final_scores, "closed": host.closed}]
        for path, child in zip(reports, children):
            if not path.exists():
                problems.append(f"{path.name}: the client process wrote no report (exit {child.returncode})")
                continue
            players.append(json.loads(path.read_text(encoding="utf-8")))
    checked = _check(players, recorded if server is None else None, problems)
    moves = sum(player["intents"] for player in players)
    for problem in problems[:20]:
        print(f"online smoke: DISAGREEMENT {problem}", flush=True)
    if problems:
        print(f"online smoke: FAILED ({len(problems)} problems)", flush=True)
        return 1
    print(f"online smoke: ok, 3 players in 3 processes, {moves} moves, {checked} views checked against the host "
          f"({'its observation' if server is None else 'refusals, turns and scores'}), "
          f"{time.perf_counter() - started:.1f} s", flush=True)
    return 0


def _check(players: list[dict[str, Any]], recorded: dict[int, dict[int, Any]] | None, problems: list[str]) -> int:
    """Compare every view with the host; returns how many views were checked."""
    from iwari_desktop.engine.core.observation import observe
    from iwari_desktop.net.seat_view import client_state

    checked = 0
    turns: dict[int, tuple[Any, list[int]]] = {}
    results = {json.dumps(p["game_over"], sort_keys=True) for p in players}
    for player in players:
        name = player["name"]
        if player["game_over"] is None:
            problems.append(f"{name}: the game did not end for it ({player['closed']})")
        problems.extend(f"{name}: the host refused a move legal on its snapshot: {r}" for r in player["refused"])
        for number, seat, snapshot in player["views"]:
            state = client_state(snapshot)
            checked += 1
            if recorded is not None:
                host = recorded.get(number, {}).get(seat)
                if host is None:
                    problems.append(f"{name}: a view of seat {seat} at state {number} the host never had")
                elif observe(state, seat) != host:
                    problems.append(f"{name}: seat {seat} at state {number} differs from the host's observation")
            public = (state.current_player(), list(state.scores))
            if turns.setdefault(number, public) != public:
                problems.append(f"{name}: seat {seat} at state {number} sees another turn or other scores")
    if len(results) != 1:
        problems.append("the players were told different results")
    for player in players:
        scores = (player["game_over"] or {}).get("scores")
        for seat, final in player["final_scores"].items():
            if scores is not None and final != scores:
                problems.append(f"{player['name']}: seat {seat}'s last view has scores {final}, the host {scores}")
    return checked

