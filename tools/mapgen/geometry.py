"""Plain-Python 2-D geometry for the map generator and its checks (points are (x, y) tuples)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from iwari_desktop.engine.maps.geometry import point_in_polygon  # one rule for generator, loader and art

Point = tuple[float, float]


def dist(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    return dist(p, closest_on_segment(p, a, b))


def closest_on_segment(p: Point, a: Point, b: Point) -> Point:
    ax, ay = a
    dx = b[0] - ax
    dy = b[1] - ay
    length2 = dx * dx + dy * dy
    if length2 == 0.0:
        return a
    t = ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2
    t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
    return (ax + t * dx, ay + t * dy)


def polygon_edges(polygon: Sequence[Point]):
    n = len(polygon)
    for i in range(n):
        yield polygon[i], polygon[(i + 1) % n]


def distance_to_boundary(p: Point, polygon: Sequence[Point]) -> float:
    return min(point_segment_distance(p, a, b) for a, b in polygon_edges(polygon))


def polygon_area(polygon: Sequence[Point]) -> float:
    total = 0.0
    n = len(polygon)
    for i in range(n):
        x1, y1 = polygon[i]
        x2, y2 = polygon[(i + 1) % n]
        total += x1 * y2 - x2 * y1
    return abs(total) / 2.0


def polygon_centroid(polygon: Sequence[Point]) -> Point:
    a = 0.0
    cx = 0.0
    cy = 0.0
    n = len(polygon)
    for i in range(n):
        x1, y1 = polygon[i]
        x2, y2 = polygon[(i + 1) % n]
        cross = x1 * y2 - x2 * y1
        a += cross
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    if a == 0.0:
        return polygon[0]
    return (cx / (3.0 * a), cy / (3.0 * a))


def bbox(points: Sequence[Point]) -> tuple[float, float, float, float]:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _orient(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _on_segment(a: Point, b: Point, p: Point) -> bool:
    return min(a[0], b[0]) - 1e-9 <= p[0] <= max(a[0], b[0]) + 1e-9 and min(a[1], b[1]) - 1e-9 <= p[1] <= max(a[1], b[1]) + 1e-9


def segments_intersect(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """True if the closed segments share any point (touching counts)."""
    d1 = _orient(q1, q2, p1)
    d2 = _orient(q1, q2, p2)
    d3 = _orient(p1, p2, q1)
    d4 = _orient(p1, p2, q2)
    if ((d1 > 0 and d2 < 0) or (d1 < 0 and d2 > 0)) and ((d3 > 0 and d4 < 0) or (d3 < 0 and d4 > 0)):
        return True
    if d1 == 0 and _on_segment(q1, q2, p1):
        return True
    if d2 == 0 and _on_segment(q1, q2, p2):
        return True
    if d3 == 0 and _on_segment(p1, p2, q1):
        return True
    if d4 == 0 and _on_segment(p1, p2, q2):
        return True
    return False


def segment_distance(p1: Point, p2: Point, q1: Point, q2: Point) -> float:
    if segments_intersect(p1, p2, q1, q2):
        return 0.0
    return min(point_segment_distance(p1, q1, q2), point_segment_distance(p2, q1, q2),
               point_segment_distance(q1, p1, p2), point_segment_distance(q2, p1, p2))


def polyline_length(points: Sequence[Point]) -> float:
    return sum(dist(points[i], points[i + 1]) for i in range(len(points) - 1))


def point_along(points: Sequence[Point], fraction: float) -> Point:
    """The point at `fraction` of the arc length of a polyline."""
    total = polyline_length(points)
    target = total * fraction
    for i in range(len(points) - 1):
        step = dist(points[i], points[i + 1])
        if target <= step and step > 0:
            return lerp(points[i], points[i + 1], target / step)
        target -= step
    return points[-1]


def polyline_distance_to_point(points: Sequence[Point], p: Point) -> float:
    return min(point_segment_distance(p, points[i], points[i + 1]) for i in range(len(points) - 1))


def polylines_cross(a: Sequence[Point], b: Sequence[Point], shared_ends_ok: bool = True) -> bool:
    """Do two polylines touch anywhere except at a common end point?"""
    common = set()
    if shared_ends_ok:
        for end_a in (a[0], a[-1]):
            for end_b in (b[0], b[-1]):
                if dist(end_a, end_b) < 1e-6:
                    common.add(end_a)
    for i in range(len(a) - 1):
        for j in range(len(b) - 1):
            p1, p2, q1, q2 = a[i], a[i + 1], b[j], b[j + 1]
            if not segments_intersect(p1, p2, q1, q2):
                continue
            if common:
                # allowed only when the touch is the shared end itself
                touches_only_common = False
                for c in common:
                    at_a = (i == 0 and dist(p1, c) < 1e-6) or (i == len(a) - 2 and dist(p2, c) < 1e-6)
                    at_b = (j == 0 and dist(q1, c) < 1e-6) or (j == len(b) - 2 and dist(q2, c) < 1e-6)
                    if at_a and at_b and _only_touch_at(p1, p2, q1, q2, c):
                        touches_only_common = True
                if touches_only_common:
                    continue
            return True
    return False


def _only_touch_at(p1: Point, p2: Point, q1: Point, q2: Point, c: Point) -> bool:
    """Two segments that share end point c: do they meet only there (not overlapping collinearly)?"""
    other_p = p2 if dist(p1, c) < 1e-6 else p1
    other_q = q2 if dist(q1, c) < 1e-6 else q1
    if abs(_orient(c, other_p, other_q)) > 1e-6:
        return True
    # collinear: fine only if they point in opposite directions
    return (other_p[0] - c[0]) * (other_q[0] - c[0]) + (other_p[1] - c[1]) * (other_q[1] - c[1]) < 0


def polygon_is_simple(polygon: Sequence[Point]) -> bool:
    n = len(polygon)
    for i in range(n):
        a1, a2 = polygon[i], polygon[(i + 1) % n]
        if dist(a1, a2) < 1e-9:
            return False
        for j in range(i + 1, n):
            if j == i or (j + 1) % n == i or j == (i + 1) % n:
                continue
            if segments_intersect(a1, a2, polygon[j], polygon[(j + 1) % n]):
                return False
    return True


def douglas_peucker(points: Sequence[Point], tolerance: float) -> list[Point]:
    """Simplify an open polyline keeping both ends."""
    if len(points) <= 2:
        return list(points)
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        best = -1.0
        index = -1
        for i in range(first + 1, last):
            d = point_segment_distance(points[i], points[first], points[last])
            if d > best:
                best = d
                index = i
        if index >= 0 and best > tolerance:
            keep[index] = True
            stack.append((first, index))
            stack.append((index, last))
    return [p for p, k in zip(points, keep) if k]


def angle_between(v1: Point, v2: Point) -> float:
    """Unsigned angle in degrees between two vectors."""
    n1 = math.hypot(*v1)
    n2 = math.hypot(*v2)
    if n1 == 0 or n2 == 0:
        return 180.0
    c = (v1[0] * v2[0] + v1[1] * v2[1]) / (n1 * n2)
    return math.degrees(math.acos(max(-1.0, min(1.0, c))))
