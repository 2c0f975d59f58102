"""The peak slot beside each connection badge (art/map_geometry.py) skips a road whose bounding box the slot lies
outside; the slots must be exactly the ones measuring to every road point gives, on every bundled map and every
connection (the painted backgrounds and the board's mountain pieces both stand on them)."""

from __future__ import annotations

import math

import pytest

from iwari_desktop.art.map_geometry import _peak_slot, peak_slot_position, peak_slots, road_path
from iwari_desktop.engine.maps.registry import bundled_map_ids, get_board


def slot_measured_to_every_point(board, connection, roads):
    """The slot with no road skipped: every candidate measured to every second point of every road (each road's
    box stretched over the whole plane, so the only change under test — the skip — never happens)."""
    everywhere = [(path[0:len(path) - 1:2], -math.inf, -math.inf, math.inf, math.inf) for path in roads]
    return _peak_slot(board, connection, everywhere)


@pytest.mark.parametrize("map_id", bundled_map_ids())
def test_every_connections_slot_is_the_one_measured_to_every_road_point(map_id):
    board = get_board(map_id)
    roads = [road_path(board, r) for r in board.roads]
    expected = {c.number: slot_measured_to_every_point(board, c, roads) for c in board.connections}
    assert {c.number: peak_slot_position(board, c, roads) for c in board.connections} == expected
    assert {c.number: peak_slot_position(board, c) for c in board.connections} == expected
    assert peak_slots(board) == {c.number: expected[c.number] for c in board.connections if c.peak_group}


def test_a_road_laid_through_a_slot_moves_it_as_measuring_every_point_does():
    """The bundled roads seldom pass near a slot, so a road is laid through each chosen slot (and one just out of
    reach beside it): the slot must move, or stay, exactly as the point-by-point measure says."""
    moved = 0
    for map_id in bundled_map_ids():
        board = get_board(map_id)
        roads = [road_path(board, r) for r in board.roads]
        for c in board.connections:
            x, y = peak_slot_position(board, c, roads)
            # a road's every second point counts (its last one not): the first passes on the slot, the second
            # exactly the clearance away (not close enough), the third just inside it
            for extra in ([(x, y), (x + 1, y), (x + 2, y)], [(x + 14, y), (x + 15, y), (x + 16, y)],
                          [(x, y + 13.9), (x, y + 14), (x, y + 15)]):
                slot = peak_slot_position(board, c, [*roads, extra])
                assert slot == slot_measured_to_every_point(board, c, [*roads, extra])
                moved += slot != (x, y)
    assert moved > 0
