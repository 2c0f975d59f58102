"""A table survives its host's restart (issue #33): `to_json`/`Table.from_json` keep the game, the seats, the
credentials (as hashes) and the state number; a damaged table file is a one-line TableError, never a traceback."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from iwari_desktop.engine.core.config import GameConfig, GameMode
from iwari_desktop.net import protocol as p
from iwari_desktop.net.table import SeatKind, SeatPlan, Table, TableError
from tests.support.table_helpers import HOST, Client, Harness

THREE = GameConfig.quick("new-horizons", 3, 41)
PLAN = [SeatPlan(SeatKind.REMOTE), SeatPlan(SeatKind.LOCAL, name="Ana"), SeatPlan(SeatKind.COMPUTER, level="easy")]


def _played(steps: int = 25) -> Harness:
    h = Harness(THREE, PLAN)
    h.send(10, p.Chat(text="good luck"))
    chooser = random.Random(6)
    for _ in range(steps):
        h.step(chooser)
    return h


def test_a_restarted_table_keeps_game_seats_credentials_and_state_number():
    h = _played()
    data = json.loads(json.dumps(h.table.to_json()))
    table = Table.from_json(data, now=500.0)
    old = h.table
    assert table.code == old.code and table.state_number == old.state_number
    assert [str(a) for a in table.game.log] == [str(a) for a in old.game.log] and table.game.state == old.game.state
    assert table.game.undo_floor == old.game.undo_floor
    assert [(s.kind, s.level, s.name) for s in table.seats] == [(s.kind, s.level, s.name) for s in old.seats]
    assert table.seats[0].credential_hash == old.seats[0].credential_hash
    assert [s.away_since for s in table.seats] == [500.0, 500.0, None]
    assert table.log == old.log and [c.text for c in table.chat] == ["good luck"]
    # the players come back: the guest by its seat credential, the host by the host credential
    h.table = table
    for client in h.clients.values():
        client.received.clear()
        client.views.clear()
    guest = h.connect(Client(60, "Guest", keys=dict(h.clients[10].keys)))
    assert set(guest.keys) == {0} and guest.views[0].state_number == old.state_number
    host = h.connect(Client(61, "Host", host_credential=h.clients[HOST].host_credential))
    assert set(host.keys) == {1}, "the LOCAL seat gets a fresh credential for the host's connection"
    h.clients[10].connected = h.clients[HOST].connected = False
    h.check_views()
    chooser = random.Random(2)
    for _ in range(10):
        h.step(chooser)
        h.check_views()


def test_a_restarted_lobby_keeps_taken_seats():
    h = Harness(GameConfig.quick("glacial-mass", 2, 3, mode=GameMode.COOP),
                [SeatPlan(SeatKind.REMOTE), SeatPlan(SeatKind.REMOTE)], start=False)
    table = Table.from_json(h.table.to_json())
    assert not table.started and table.can_start() and table.config.mode is GameMode.COOP
    out = table.connect(3, Client(3, "X", keys=dict(h.clients[11].keys)).hello(table.code), 0.0)
    assert out[0].message.seats[0].seat == 1


def test_a_table_file_with_a_seed_is_for_the_host_only_but_holds_no_credential():
    h = _played(5)
    text = json.dumps(h.table.to_json())
    for client in h.clients.values():
        assert all(key not in text for key in client.keys.values())


@pytest.mark.parametrize("damage, words", [
    (lambda d: d.update(format="other"), "format"),
    (lambda d: d.update(version=99), "newer"),
    (lambda d: d.update(code="X" * 40), "code"),
    (lambda d: d["seats"].pop(), "seats"),
    (lambda d: d["seats"][0].update(credential_hash="abc"), "credential_hash"),
    (lambda d: d["seats"][2].update(level="godlike"), "level"),
    (lambda d: d["seats"][0].update(standin="godlike"), "stand-in"),
    (lambda d: d.update(state_number=-3), "state_number"),
    (lambda d: d["game"].update(actions=["pass", "nonsense"]), "table"),
    (lambda d: d["game"].update(digest="0" * 16), "checksum"),
    (lambda d: d["setup"].update(map="nowhere"), "table"),
    (lambda d: d.update(chat=[{"name": "a", "text": "x" * 999, "at": 1.0}]), "text"),
    (lambda d: d.update(extra=1), "extra"),
])
def test_a_damaged_table_file_is_one_typed_line(damage, words):
    data = copy.deepcopy(_played(8).table.to_json())
    damage(data)
    with pytest.raises(TableError) as caught:
        Table.from_json(data)
    assert "\n" not in str(caught.value) and words in str(caught.value)


GOOD = None


def _good() -> dict:
    global GOOD
    if GOOD is None:
        GOOD = json.loads(json.dumps(_played(6).table.to_json()))
    return copy.deepcopy(GOOD)


_values = st.recursive(st.none() | st.booleans() | st.integers(-2**40, 2**40) | st.floats(allow_nan=False)
                       | st.text(max_size=20),
                       lambda inner: (st.lists(inner, max_size=3)
                                      | st.dictionaries(st.text(max_size=10), inner, max_size=3)),
                       max_leaves=12)


def _paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _paths(value, prefix + (index,))


@settings(max_examples=120, deadline=None)
@given(st.data())
def test_fuzz_any_damage_to_a_table_file_reads_back_or_is_a_table_error(data):
    table_file = _good()
    paths = [path for path in _paths(table_file) if path]
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        node = table_file
        try:
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = data.draw(_values)
        except (KeyError, IndexError, TypeError):
            continue
    try:
        table = Table.from_json(table_file)
    except TableError as error:
        assert "\n" not in str(error)
    else:
        assert isinstance(table, Table) and len(table.seats) == 3


@settings(max_examples=60, deadline=None)
@given(_values)
def test_fuzz_garbage_is_a_table_error(value):
    with pytest.raises(TableError):
        Table.from_json(value)
