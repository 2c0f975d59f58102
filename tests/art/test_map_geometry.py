"""The peak slot beside each connection badge (art/map_geometry.py) skips a road whose bounding box the slot lies
outside; the slots must be exactly the ones measuring to every road point gives, on every bundled map and every
connection (the painted backgrounds and the board's mountain pieces both stand on them)."""

from __future__ import annotations

import math

import pytest

from iwari_desktop.art.map_geometry import peak_slot_position, peak_slots, road_path
from iwari_desktop.engine.maps.registry import bundled_map_ids, get_board


def slot_measured_to_every_point(board, connection, roads):
    """The slot as first written: every candidate measured to every second point of every road."""
    w, h = board.size
    pos = connection.position
    best, best_score = (pos[0], pos[1] + 30), -math.inf
    obstacles = [s.position for s in board.spaces] + [c.position for c in board.connections if c is not connection]
    obstacles += [t.totem_space for t in board.territories if t.totem_space]
    for angle in (90, 270, 0, 180, 45, 135, 225, 315):
        a = math.radians(angle)
        dist = 34 if angle in (90, 270) else 44
        cand = (pos[0] + math.cos(a) * dist, pos[1] + math.sin(a) * dist)
        score = min((math.dist(cand, o) for o in obstacles), default=100.0)
        score = min(score, 60.0) - (4 if angle not in (90, 270) else 0)
        for path in roads:
            for i in range(0, len(path) - 1, 2):
                if math.dist(cand, path[i]) < 14:
                    score -= 12
                    break
        if not (22 < cand[0] < w - 22 and 16 < cand[1] < h - 16):
            score -= 100
        if score > best_score:
            best, best_score = cand, score
    return best


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
