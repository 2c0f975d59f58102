"""Issue #33 item 6: whole games of every mode through real connections, every received byte checked.

Each remote seat is a headless client on 127.0.0.1 playing random legal moves computed on the snapshot it
was sent. The server records, after every change, the host's own observation of each seat and the
snapshot it must send; then for every frame a client received:

* each GameView's snapshot is byte for byte `seat_snapshot(host state, seat)` at that state number (so the
  transport adds nothing to what net/seat_view.py masks, and its secrets test holds on the wire too) and
  decodes to the host's observation of that seat;
* no frame holds the game's seed, any state of its random generator along the game, another seat's
  credential or (to a guest) the host's credential.
"""

from __future__ import annotations

import asyncio

import msgspec
import pytest

from iwari_desktop.engine.core.observation import observe
from iwari_desktop.net import protocol as p
from iwari_desktop.net.random_player import play_random
from iwari_desktop.net.seat_view import client_state, seat_snapshot
from iwari_desktop.net.seats import SeatKind, SeatPlan
from iwari_desktop.net.server import Limits
from tests.support.net_games import Case
from tests.support.net_server_helpers import running_server

CASES = [
    (Case("glacial-mass", "coop", 2), 0),                                    # S12 co-op, closed hands
    (Case("new-horizons", players=2, feats=True, draft=True), 0),            # B12 third tribe, feats, draft
    (Case("new-horizons", "solo", 1), 0),
    (Case("vast-lands", "coop", 2, options=(("open_hands", True),)), 0),
    (Case("the-void", players=6, feats=True, options=(("worship", 2), ("courage", True))), 3),
]


def _play_through_server(case: Case, computers: int) -> None:
    recorded: dict[int, object] = {}
    secrets: set[int] = set()

    def record(table) -> None:
        """The host's state at each number, kept as a clone: what each seat must have been sent is worked out
        when a view of that number and seat arrives (a computer's seat is sent nothing)."""
        if table.game is None:
            return
        state = table.game.state
        secrets.update(v for v in (table.game.config.seed, state.rng.state) if v > 1000)
        recorded[table.state_number] = state.clone()

    # random players answer in microseconds: alone at a solo table one would pass the 20 messages a second a
    # person never reaches (and be closed with 4003, as it should), so the rate is lifted for these games
    with running_server(Limits(hello_timeout=5.0, rate=10_000, burst=10_000), on_change=record) as run:
        config = case.config()
        remote = len(config.players) - computers
        plan = [SeatPlan(SeatKind.REMOTE) for _ in range(remote)]
        plan += [SeatPlan(SeatKind.COMPUTER, "random") for _ in range(computers)]
        code, host = run.server.create_table(config, plan, "Host", seed=config.seed)

        async def main():
            return await asyncio.gather(*(
                play_random(run.host, run.port, code, f"P{seat}", seed=seat, min_interval=0, take_seat=seat,
                            host_credential=host if seat == 0 else None, keep_snapshots=True, keep_raw=True,
                            timeout=120)
                for seat in range(remote)))
        reports = asyncio.run(main())
        credentials = {key.seat: key.credential for report in reports for key in report.seats}
    assert len(credentials) == remote
    for seat, report in enumerate(reports):
        assert report.game_over is not None and not report.refused, (report.closed, report.refused[:3])
        assert report.views and all(view_seat == seat for _, view_seat, _ in report.views)
        for number, view_seat, snapshot in report.views:
            host_state = recorded[number]
            host_observation = observe(host_state, view_seat)
            host_bytes = msgspec.json.encode(seat_snapshot(host_state, view_seat))
            assert msgspec.json.encode(snapshot) == host_bytes, f"seat {seat} state {number}: not the masked snapshot"
            assert observe(client_state(snapshot), seat) == host_observation
        foreign = [c.encode() for s, c in credentials.items() if s != seat] + ([host.encode()] if seat else [])
        for raw in report.raw:
            assert not any(secret in raw for secret in foreign), f"seat {seat} was sent another's credential"
            if b'"type":"GameOver"' in raw:     # the end sends the whole game (its seed) for the History's replay
                rng_states = secrets - {config.seed}
                assert not any(str(word).encode() in raw for word in rng_states), f"seat {seat} was sent the RNG"
                continue
            assert not any(str(word).encode() in raw for word in secrets), f"seat {seat} was sent the seed or RNG"


def test_a_coop_game_against_the_void_with_closed_hands_through_real_connections():
    _play_through_server(*CASES[0])


@pytest.mark.slow
@pytest.mark.parametrize("case, computers", CASES[1:], ids=[str(c) for c, _ in CASES[1:]])
def test_every_mode_through_real_connections_sends_each_seat_only_its_view(case, computers):
    _play_through_server(case, computers)


def test_the_check_fails_when_the_server_sends_the_real_rng(monkeypatch):
    """Proof the wire check bites: a server whose views carry the real random generator state is caught."""
    import iwari_desktop.net.table as table_module

    honest = table_module.seat_snapshot

    def leaky(state, seat):
        snapshot = honest(state, seat)
        snapshot["state"] = dict(snapshot["state"], rng=state.rng.state)
        return snapshot

    monkeypatch.setattr(table_module, "seat_snapshot", leaky)
    with pytest.raises(AssertionError):
        _play_through_server(*CASES[0])
