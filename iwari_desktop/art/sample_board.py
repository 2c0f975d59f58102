"""A synthetic Board that exercises every kind of map content, for art development and tests.

It is built in code (Voronoi cells of seed points, clipped to hand-drawn island outlines), so the
art can be checked without any `.tmx` file: territories of all six biomes, tent, totem and ruin
spaces, roads with waypoints, a road along a connection, a purple road, land and water
connections with peak groups, and contested spots. It is not a playable map.
"""

from __future__ import annotations

import math
import random

from ..engine.biomes import Biome, ConnectionKind
from ..engine.board import Board, Connection, ContestedSpot, Point, RoadSegment, TentSpace, Territory
from .draw import closest_on_polygon, distance_to_segment, point_in_polygon, polygon_centroid

ISLANDS: tuple[tuple[Point, ...], ...] = (
    # The main island, left and centre.
    ((120, 260), (260, 140), (470, 110), (640, 170), (800, 120), (960, 190), (1010, 330), (980, 520),
     (1040, 690), (960, 870), (780, 980), (560, 1010), (380, 960), (230, 990), (110, 860), (150, 700),
     (90, 540), (110, 380)),
    # The eastern island.
    ((1150, 160), (1320, 110), (1480, 180), (1520, 360), (1460, 520), (1500, 650), (1420, 760),
     (1260, 740), (1170, 620), (1200, 460), (1130, 320)),
    # A south-eastern islet.
    ((1150, 870), (1300, 830), (1440, 880), (1470, 990), (1330, 1050), (1180, 1010)),
)

# (island, seed, biome, name)
SEEDS: tuple[tuple[int, Point, Biome, str], ...] = (
    (0, (260, 300), Biome.TUNDRA, "Red Heath"),
    (0, (520, 260), Biome.FOREST, "Elder Woods"),
    (0, (820, 300), Biome.GLACIERS, "White Teeth"),
    (0, (250, 600), Biome.COAST, "Amber Shore"),
    (0, (540, 560), Biome.VOID, "The Hollow"),
    (0, (830, 620), Biome.DESERT, "Sunken Dunes"),
    (0, (300, 860), Biome.FOREST, "Mosswater"),
    (0, (640, 880), Biome.TUNDRA, "Ember Moor"),
    (1, (1300, 260), Biome.DESERT, "Copper Flats"),
    (1, (1330, 580), Biome.GLACIERS, "Frost Reach"),
    (2, (1310, 950), Biome.COAST, "Shell Cove"),
)


def _clip(polygon: list[Point], a: Point, b: Point) -> list[Point]:
    """Keep the part of `polygon` closer to a than to b (Sutherland-Hodgman against the bisector)."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    nx, ny = b[0] - a[0], b[1] - a[1]

    def side(p: Point) -> float:
        return (p[0] - mx) * nx + (p[1] - my) * ny

    out: list[Point] = []
    n = len(polygon)
    for i in range(n):
        p, q = polygon[i], polygon[(i + 1) % n]
        sp, sq = side(p), side(q)
        if sp <= 0:
            out.append(p)
        if (sp <= 0) != (sq <= 0):
            t = sp / (sp - sq)
            out.append((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t))
    return out


def _wobble(polygon: list[Point]) -> list[Point]:
    """Subdivide long edges so the drawn borders have enough vertices to look hand-drawn later."""
    out: list[Point] = []
    for i in range(len(polygon)):
        p, q = polygon[i], polygon[(i + 1) % len(polygon)]
        out.append(p)
        steps = int(math.dist(p, q) // 60)
        for k in range(1, steps + 1):
            t = k / (steps + 1)
            out.append((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t))
    return out


def sample_board(seed: int = 7) -> Board:
    rng = random.Random(seed)
    cells: list[list[Point]] = []
    borders: dict[tuple[int, int], tuple[Point, Point]] = {}
    for i, (island, s, _, _) in enumerate(SEEDS):
        poly = list(ISLANDS[island])
        for j, (island_j, t, _, _) in enumerate(SEEDS):
            if j != i and island_j == island:
                poly = _clip(poly, s, t)
        cells.append(poly)
    # Shared borders: polygon edges lying on the bisector of two seeds.
    for i, poly in enumerate(cells):
        for j, (island_j, t, _, _) in enumerate(SEEDS):
            if j <= i or island_j != SEEDS[i][0]:
                continue
            s = SEEDS[i][1]
            mx, my = (s[0] + t[0]) / 2, (s[1] + t[1]) / 2
            nx, ny = t[0] - s[0], t[1] - s[1]
            norm = math.hypot(nx, ny)
            on = [p for p in poly if abs(((p[0] - mx) * nx + (p[1] - my) * ny) / norm) < 0.5]
            if len(on) >= 2 and math.dist(on[0], on[-1]) > 40:
                borders[(i, j)] = (on[0], on[-1])
    polygons = [tuple(_wobble(c)) for c in cells]

    # Spaces: a totem space near the middle, tent spaces spread out inside.
    spaces: list[TentSpace] = []
    totems: list[Point | None] = []
    per_territory: list[list[int]] = []
    for ti, poly in enumerate(polygons):
        cx, cy = polygon_centroid(poly)
        totem = (cx + rng.uniform(-20, 20), cy + rng.uniform(-20, 20))
        taken = [totem]
        mine: list[int] = []
        want = 4 if SEEDS[ti][2] is Biome.VOID else rng.randint(5, 7)
        xs, ys = zip(*poly)
        for _ in range(4000):
            if len(mine) >= want:
                break
            p = (rng.uniform(min(xs), max(xs)), rng.uniform(min(ys), max(ys)))
            if not point_in_polygon(p, poly) or closest_on_polygon(p, poly)[1] < 34:
                continue
            if any(math.dist(p, q) < 78 for q in taken):
                continue
            taken.append(p)
            mine.append(len(spaces))
            spaces.append(TentSpace(index=len(spaces), object_id=100 + len(spaces), position=p, territory=ti))
        per_territory.append(mine)
        totems.append(totem)

    roads: list[RoadSegment] = []

    def add_road(a: int, b: int, along: int | None = None, bend: float = 0.18) -> None:
        pa, pb = spaces[a].position, spaces[b].position
        mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
        dx, dy = pb[0] - pa[0], pb[1] - pa[1]
        off = rng.uniform(-bend, bend)
        waypoint = (mid[0] - dy * off, mid[1] + dx * off)
        roads.append(RoadSegment(object_id=500 + len(roads), a=a, b=b, along_connection=along, waypoints=(waypoint,)))

    for ti, mine in enumerate(per_territory):
        # A minimum spanning tree per territory: dead ends and the odd crossing.
        if len(mine) < 2:
            continue
        connected = {mine[0]}
        while len(connected) < len(mine):
            a, b = min(((a, b) for a in connected for b in mine if b not in connected),
                       key=lambda ab: math.dist(spaces[ab[0]].position, spaces[ab[1]].position))
            add_road(a, b)
            connected.add(b)

    territories = tuple(
        Territory(index=i, object_id=10 + i, name=SEEDS[i][3], biome=SEEDS[i][2], polygon=polygons[i],
                  tent_spaces=tuple(per_territory[i]), totem_space=totems[i])
        for i in range(len(polygons))
    )

    connections: list[Connection] = []
    for (i, j), (p, q) in sorted(borders.items()):
        pos = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        connections.append(Connection(number=0, object_id=0, territories=(i, j), kind=ConnectionKind.LAND, position=pos))
        # A road across the border between the closest pair of spaces, for most borders.
        if rng.random() < 0.75 and per_territory[i] and per_territory[j]:
            a, b = min(((a, b) for a in per_territory[i] for b in per_territory[j]),
                       key=lambda ab: math.dist(spaces[ab[0]].position, spaces[ab[1]].position))
            if math.dist(spaces[a].position, spaces[b].position) < 190:
                add_road(a, b)
    water_pairs = ((2, 8), (5, 9), (9, 10), (7, 10))
    for i, j in water_pairs:
        v = min(polygons[i], key=lambda v: closest_on_polygon(v, polygons[j])[1])
        w = closest_on_polygon(v, polygons[j])[0]
        pos = ((v[0] + w[0]) / 2, (v[1] + w[1]) / 2)
        connections.append(Connection(number=0, object_id=0, territories=(i, j), kind=ConnectionKind.WATER, position=pos))
    # Number them west to east, north to south, like a printed board.
    connections.sort(key=lambda c: (round(c.position[0] / 200), c.position[1]))
    peak_for = {2: 1, 5: 1, 3: 2, 9: 2, 1: 3, 12: 3, 7: 4, 14: 4}
    numbered = []
    for n, c in enumerate(connections, start=1):
        numbered.append(Connection(number=n, object_id=300 + n, territories=c.territories, kind=c.kind,
                                   position=c.position, peak_group=peak_for.get(n)))
    connections = numbered

    # A ruin space on the first water connection, with roads to both shores (Forgotten Island style).
    water = [c for c in connections if c.kind is ConnectionKind.WATER]
    ruin_conn = water[0]
    a_t, b_t = ruin_conn.territories
    ruin_pos = (ruin_conn.position[0], ruin_conn.position[1] + 46)
    ruin_index = len(spaces)
    spaces.append(TentSpace(index=ruin_index, object_id=900, position=ruin_pos, territory=None,
                            ruin_biome=Biome.GLACIERS, connection=ruin_conn.number))
    for t in (a_t, b_t):
        nearest = min(per_territory[t], key=lambda s: math.dist(spaces[s].position, ruin_pos))
        add_road(nearest, ruin_index, along=ruin_conn.number, bend=0.1)
    # A road along another water connection between two shores (Floating Lands style).
    bridge_conn = water[2]
    a_t, b_t = bridge_conn.territories
    a, b = min(((a, b) for a in per_territory[a_t] for b in per_territory[b_t]),
               key=lambda ab: math.dist(spaces[ab[0]].position, spaces[ab[1]].position))
    add_road(a, b, along=bridge_conn.number, bend=0.05)

    # A purple road: the longest road path found from a crossing of the first territories.
    adjacency: dict[int, list[int]] = {}
    for r in roads:
        adjacency.setdefault(r.a, []).append(r.b)
        adjacency.setdefault(r.b, []).append(r.a)
    start = per_territory[3][0]
    chain = [start]
    while len(chain) < 6:
        options = [n for n in adjacency.get(chain[-1], []) if n not in chain and spaces[n].territory is not None]
        if not options:
            break
        chain.append(options[0])
    spaces = [TentSpace(index=s.index, object_id=s.object_id, position=s.position, territory=s.territory,
                        ruin_biome=s.ruin_biome, connection=s.connection, purple_road=s.index in chain) for s in spaces]

    # Contested spots on three land borders between different biomes.
    contested: list[ContestedSpot] = []
    for c in connections:
        i, j = c.territories
        if c.kind is ConnectionKind.LAND and territories[i].biome != territories[j].biome and len(contested) < 3:
            (p, q) = borders.get((min(i, j), max(i, j)), (c.position, c.position))
            t = 0.25
            pos = (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)
            if math.dist(pos, c.position) > 45 and all(distance_to_segment(pos, s.position, s.position) > 40 for s in spaces):
                contested.append(ContestedSpot(index=len(contested), object_id=950 + len(contested), territories=(i, j), position=pos))

    return Board(
        map_id="sample", name="Sample Archipelago", min_players=2, max_players=6,
        modes=frozenset({"multiplayer"}), uses_mountains=True, rules=(), size=(1600, 1120),
        territories=territories, spaces=tuple(spaces), roads=tuple(roads), connections=tuple(connections),
        contested_spots=tuple(contested),
    )
