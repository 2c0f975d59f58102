"""Where the map background puts roads and peak slots: geometry only, nothing is painted.

Separate from the painter so that the board scene can find the printed peak slots
(`peak_slots`) without rendering the picture, and so both agree on the same road courses.
"""

from __future__ import annotations

import math

from iwari_desktop.engine.maps.board import Board, Connection, Point, RoadSegment
from .draw import catmull_rom
from .per_board import per_board


def road_path(board: Board, road: RoadSegment, step: float = 4.0) -> list[Point]:
    """The drawn course of a road, through its waypoints, smoothed."""
    pts = [board.spaces[road.a].position, *road.waypoints, board.spaces[road.b].position]
    return catmull_rom(pts, step) if len(pts) > 2 else [tuple(p) for p in pts]  # type: ignore[misc]


def is_purple_road(board: Board, road: RoadSegment) -> bool:
    return board.spaces[road.a].purple_road and board.spaces[road.b].purple_road


ROAD_CLEARANCE = 14  # a peak slot this close to a drawn road sits on it


def _road_samples(roads: list[list[Point]]) -> list[tuple[list[Point], float, float, float, float]]:
    """Every second point of each road (the ones the clearance is checked against), with their bounding box grown
    by the clearance: a slot outside the box is clear of that road without measuring to each point."""
    samples = []
    for path in roads:
        points = path[0:len(path) - 1:2]
        if points:
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            samples.append((points, min(xs) - ROAD_CLEARANCE, min(ys) - ROAD_CLEARANCE,
                            max(xs) + ROAD_CLEARANCE, max(ys) + ROAD_CLEARANCE))
    return samples


def peak_slot_position(board: Board, connection: Connection, roads: list[list[Point]] | None = None) -> Point:
    """Beside the badge, on the side with the most room (away from spaces, badges and roads)."""
    if roads is None:
        roads = [road_path(board, r) for r in board.roads]
    return _peak_slot(board, connection, _road_samples(roads))


def _peak_slot(board: Board, connection: Connection,
               samples: list[tuple[list[Point], float, float, float, float]]) -> Point:
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
        for points, left, top, right, bottom in samples:
            if not (left <= cand[0] <= right and top <= cand[1] <= bottom):
                continue
            if any(math.dist(cand, p) < ROAD_CLEARANCE for p in points):
                score -= 12
        if not (22 < cand[0] < w - 22 and 16 < cand[1] < h - 16):
            score -= 100
        if score > best_score:
            best, best_score = cand, score
    return best


def peak_slots(board: Board) -> dict[int, Point]:
    """Where the background prints each peak connection's mountain slot, in map pixels.

    The board scene puts a mountain piece exactly on its printed slot. Worked out once per board (every board
    view asks), each caller gets its own dict.
    """
    def slots() -> dict[int, Point]:
        samples = _road_samples([road_path(board, r) for r in board.roads])
        return {c.number: _peak_slot(board, c, samples) for c in board.connections if c.peak_group}

    return dict(per_board(board, "peak-slots", slots))
