"""Fuzz: whatever arrives as a snapshot, `client_state` answers a GameState or a WireError — never another
exception, and in bounded time.

Why: a snapshot comes from the network; a host of another version, a bug or a hostile peer must not crash
the client with a traceback. Random JSON checks the outer shape; mutations of real snapshots (one value
replaced, one field dropped, a list doubled) reach the checks deep inside the state and module data.
"""

from __future__ import annotations

import copy
import time

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from iwari_desktop.engine.core.state import GameState
from iwari_desktop.net.errors import WireError
from iwari_desktop.net.seat_view import client_state, seat_snapshot
from iwari_desktop.net.wire_values import decode_value
from net_games import Case, states_along

SETTINGS = settings(max_examples=300, deadline=2000, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(min_value=-(1 << 70), max_value=1 << 70),
                    st.floats(allow_nan=True), st.text(max_size=12),
                    st.sampled_from(["$t", "$d", "$e", "$x", "$j", "$c", "Biome", "VoidData", "{x:>99999999}",
                                     "draw", "red", "new-horizons", "multiplayer", "main", "ScoreReport"]))
JSON = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=6) | st.sampled_from(["$t", "$d", "$c", "$x"]),
                                                 inner, max_size=4)), max_leaves=30)


def _snapshots() -> list[dict]:
    picked = []
    for case in (Case("the-void", players=6, feats=True, options=(("worship", 2),)),
                 Case("forgotten-island", "solo", 1), Case("uncharted-paths", "coop", 2)):
        states = list(states_along(case, every=15))
        for state in (states[len(states) // 2], states[-1]):
            picked.append(msgspec.json.decode(msgspec.json.encode(seat_snapshot(state, 0))))
    return picked


SNAPSHOTS = _snapshots()
# each snapshot's bytes: a fresh copy to mutate is decoded from them (what `copy.deepcopy` gave, equal, at a
# fraction of its time: the deep copies and the walks over them were half of these tests' CPU)
SNAPSHOT_BYTES = [msgspec.json.encode(snapshot) for snapshot in SNAPSHOTS]


def _fresh(index: int) -> dict:
    """A copy of SNAPSHOTS[index] of its own, to mutate."""
    return msgspec.json.decode(SNAPSHOT_BYTES[index])


def _answer(data: object) -> None:
    start = time.perf_counter()
    try:
        assert isinstance(client_state(data), GameState)
    except WireError as error:
        assert str(error) and "\n" not in str(error)
    assert time.perf_counter() - start < 1.0


@SETTINGS
@given(JSON)
def test_random_json_is_a_state_or_a_wire_error(data):
    _answer(data)
    _answer({"config": SNAPSHOTS[0]["config"], "state": data})
    _answer({"config": data, "state": SNAPSHOTS[0]["state"]})


def _paths(node, path=()):
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, path + (i,))


PATHS = [(i, p) for i, snap in enumerate(SNAPSHOTS) for p in _paths(snap) if p]


@SETTINGS
@given(st.sampled_from(PATHS), st.sampled_from(["replace", "drop", "double"]), JSON)
def test_a_mutated_real_snapshot_is_a_state_or_a_wire_error(where, how, value):
    index, path = where
    data = _fresh(index)
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if how == "replace":
        parent[last] = value
    elif how == "drop":
        del parent[last]
    elif isinstance(parent[last], list):
        parent[last] = parent[last] * 2
    else:
        parent[last] = [parent[last], parent[last]]
    _answer(data)


@pytest.mark.parametrize("data", [
    {"$x": ["{x:>999999999}", None, None, [["x", 1]]]}, {"$x": ["{x.__class__}", None, None, [["x", 1]]]},
    {"$x": ["{x}", None, None, [["y", 1]]]}, {"$c": ["GameState", {}]}, {"$e": ["Phase", "nowhere"]},
    {"$d": [[[1], 2]]}, {"$c": ["ScoreReport", {"kind": "final", "lines": 3, "n_tribes": 2}]},
    {"$j": [[1], 2]}, "\udcff", 1 << 80, float("inf"), {"$t": [1], "$d": []},
])
def test_hostile_module_values_are_wire_errors(data):
    with pytest.raises(WireError):
        decode_value(data)


def test_deep_nesting_is_a_wire_error_not_a_recursion_error():
    data: object = 1
    for _ in range(5000):
        data = [data]
    with pytest.raises(WireError):
        decode_value(data)


def _int_paths(node, path=()):
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _int_paths(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _int_paths(value, path + (i,))
    elif type(node) is int:
        yield path


def test_a_snapshot_that_reads_leaves_the_client_engine_working():
    """One number of a real snapshot nudged within what the reader accepts: whatever reads back, the client's
    engine still lists legal actions and observes (the reader's board checks keep its indices in range)."""
    import random

    from iwari_desktop.engine.core.observation import observe
    from iwari_desktop.engine.core.rules import legal_actions

    chooser = random.Random(2)
    int_paths = [list(_int_paths(snapshot["state"])) for snapshot in SNAPSHOTS]   # the same in every copy
    read = 0
    for _ in range(400):
        index = chooser.choice(range(len(SNAPSHOTS)))      # the draws `chooser.choice(SNAPSHOTS)` made
        data = _fresh(index)
        path = chooser.choice(int_paths[index])
        parent = data["state"]
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = chooser.choice([0, 1, 2, -1, 5, 50, parent[path[-1]] + 1, parent[path[-1]] - 1])
        try:
            state = client_state(data)
        except WireError:
            continue
        read += 1
        legal_actions(state)
        observe(state, state.active_seat)
    assert read > 100
