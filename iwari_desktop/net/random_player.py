"""A headless player that plays random legal moves through a real connection (smoke, benchmark, tests).

Why it exists: the online smoke (`iwari --smoke online`), the load benchmark (bench/network.py) and the
tests need players that behave like the game's client — Hello, take a seat, wait for the views, compute
the legal actions on the snapshot it was sent (never on the host's state) and send one as an intent —
without a window. Many of them share one asyncio loop (`play_random`), so the benchmark's 200 players
cost one thread.

What it reports is what the checks need: every view it received (optionally with its snapshot, for
comparing with the host's own observation), the intents it sent and the refusals it got (a random LEGAL
move refused means the client's state and the host's disagree), and each move's round trip: from
sending the intent to the view that shows it played.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from iwari_desktop.engine.core.rules import legal_actions
from iwari_desktop.net import protocol as p
from iwari_desktop.net.seat_view import client_state


@dataclass
class PlayerReport:
    """What one random player saw and did."""

    name: str
    seats: list[p.SeatKey] = field(default_factory=list)
    views: list[tuple[int, int, dict[str, Any] | None]] = field(default_factory=list)  # (state number, seat, snapshot)
    intents: int = 0
    refused: list[str] = field(default_factory=list)
    round_trips: list[float] = field(default_factory=list)
    game_over: dict[str, Any] | None = None
    final_scores: dict[int, list[int]] = field(default_factory=dict)  # seat -> scores in its last view
    closed: str | None = None
    raw: list[bytes] = field(default_factory=list)   # every frame received, when asked (the secrets checks)


async def play_random(address: str, port: int, code: str, name: str, *, seed: int, take_seat: int | None = None,
                      host_credential: str | None = None, credentials: list[p.SeatKey] | None = None,
                      keep_snapshots: bool = False, timeout: float = 600.0, think: float = 0.0,
                      games: int = 1, stop_after: int | None = None, peek_turn: bool = False, keep_raw: bool = False,
                      min_interval: float = 0.06,
                      report: PlayerReport | None = None) -> PlayerReport:
    """Join table `code`, take `take_seat` (or rejoin by `credentials`), start the game when hosting and
    every seat is taken, and play random legal moves until `games` games ended (or `timeout`, or after
    `stop_after` intents). `report` (filled as it goes) may be given so a cancelled player's is kept.
    `peek_turn` (the benchmark's many players in one process) decodes only the views where the seat may be
    the one to act, judged from the snapshot's raw `active_seat` and third-tribe fields. `min_interval`
    keeps it under the host's 20 messages a second (a person never comes near; a random player would)."""
    rng = random.Random(seed)
    report = report or PlayerReport(name)
    report.seats = list(credentials or [])
    hello = p.Hello(version=p.PROTOCOL_VERSION, app_version="random-player", table_code=code, name=name,
                    credentials=list(credentials or []), host_credential=host_credential)
    pending: dict[int, tuple[int, float]] = {}     # seat -> (state number of the intent, when sent)
    latest = -1
    asked_seat = asked_start = False
    last_sent = 0.0
    ended = 0
    try:
        async with asyncio.timeout(timeout):
            async with connect(f"ws://{address}:{port}/", max_size=p.MAX_FRAME, proxy=None, close_timeout=3,
                               open_timeout=30, user_agent_header=None) as ws:
                await ws.send(p.encode_message(hello))
                async for raw in ws:
                    if keep_raw:
                        report.raw.append(raw if isinstance(raw, bytes) else raw.encode("utf-8"))
                    message = p.decode_message(raw, p.Direction.TO_CLIENT)
                    if isinstance(message, p.Welcome):
                        report.seats = list(message.seats)
                        held = {key.seat for key in message.seats}
                        if take_seat is not None and take_seat not in held and not asked_seat:
                            asked_seat = True
                            await ws.send(p.encode_message(p.TakeSeat(seat=take_seat, name=name)))
                    elif isinstance(message, p.LobbyState):
                        if host_credential and message.can_start and not message.started and not asked_start:
                            asked_start = True
                            await ws.send(p.encode_message(p.StartGame()))
                    elif isinstance(message, p.GameView):
                        now = time.perf_counter()
                        sent = pending.pop(message.seat, None)
                        if sent is not None and message.state_number > sent[0]:
                            report.round_trips.append(now - sent[1])
                        elif sent is not None:
                            pending[message.seat] = sent
                        report.views.append((message.state_number, message.seat,
                                             message.snapshot if keep_snapshots else None))
                        latest = max(latest, message.state_number)
                        if message.state_number < latest:
                            continue
                        if peek_turn and not _may_act(message.snapshot, message.seat):
                            continue
                        state = client_state(message.snapshot)
                        report.final_scores[message.seat] = list(state.scores)
                        if state.current_player() != message.seat or message.seat in pending:
                            continue
                        actions = legal_actions(state)
                        if not actions:
                            continue
                        wait = max(think, min_interval - (time.perf_counter() - last_sent))
                        if wait > 0:
                            await asyncio.sleep(wait)
                        key = next((k for k in report.seats if k.seat == message.seat), None)
                        if key is None:
                            continue
                        action = rng.choice(actions)
                        last_sent = time.perf_counter()
                        pending[message.seat] = (message.state_number, last_sent)
                        report.intents += 1
                        await ws.send(p.encode_message(p.Intent(seat=message.seat, credential=key.credential,
                                                                state_number=message.state_number,
                                                                action=str(action))))
                        if stop_after is not None and report.intents >= stop_after:
                            break
                    elif isinstance(message, p.Refused):
                        report.refused.append(f"{message.rule}: {message.english or message.msgid}")
                        pending.clear()
                    elif isinstance(message, p.GameOver):
                        report.game_over = message.result
                        ended += 1
                        pending.clear()
                        if ended >= games:
                            break
                        if host_credential:
                            await ws.send(p.encode_message(p.PlayAgain()))
                    elif isinstance(message, p.Closed):
                        report.closed = message.reason
    except ConnectionClosed as error:
        report.closed = report.closed or f"connection closed ({error})"
    except TimeoutError:
        report.closed = report.closed or f"no end within {timeout:g} s"
    return report


def _may_act(snapshot: dict[str, Any], seat: int) -> bool:
    """False only when the raw snapshot shows another seat acting and no third tribe's decision (cheap)."""
    state = snapshot.get("state") if isinstance(snapshot, dict) else None
    if not isinstance(state, dict):
        return True
    if state.get("third_action") or "third" in str(state.get("phase", "")):
        return True
    return state.get("active_seat", seat) == seat
