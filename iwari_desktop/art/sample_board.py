"""A synthetic Board that exercises every kind of map content, for art development and tests.

It is built in code (Voronoi cells of seed points, clipped to hand-drawn island outlines), so the
art can be checked without any `.tmx` file: territories of all six biomes, tent, totem and ruin
spaces, roads with waypoints, a road along a connection, a purple road, land and water
connections with peak groups, and contested spots. It is not a playable map.
"""

from __future__ import annotations

import math
import random

from iwari_desktop.engine.core.biomes import Biome, ConnectionKind
from iwari_desktop.engine.maps.board import Board, Connection, ContestedSpot, Point, RoadSegment, TentSpace, Territory
from .draw import closest_on_polygon, point_in_polygon, polygon_centroid

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


def _shared_vertices(a: tuple[Point, ...], b: tuple[Point, ...]) -> list[Point]:
    return [p for p in a if any(abs(p[0] - q[0]) < 0.75 and abs(p[1] - q[1]) < 0.75 for q in b)]


def _polygon_gap(a: tuple[Point, ...], b: tuple[Point, ...]) -> tuple[float, Point, Point]:
    best = (math.inf, a[0], b[0])
    for v in a:
        q, d = closest_on_polygon(v, b)
        if d < best[0]:
            best = (d, v, q)
    return best


def board_from_polygons(polygons: list[tuple[Point, ...]], names: list[str], biomes: list[Biome], seed: int = 7,
                        map_id: str = "sample", name: str = "Sample Archipelago", extras: bool = True,
                        islands: list[int] | None = None) -> Board:
    """Spaces, roads and connections generated on given territory polygons (neighbours share vertices).

    With `extras`, also a ruin space, roads along connections, a purple road and contested spots.
    """
    rng = random.Random(seed)
    spaces: list[TentSpace] = []
    totems: list[Point | None] = []
    per_territory: list[list[int]] = []
    for ti, poly in enumerate(polygons):
        xs, ys = zip(*poly)
        # The totem space: the inside point farthest from the edge (coarse search).
        totem, best = polygon_centroid(poly), -1.0
        for gy in range(int(min(ys)), int(max(ys)), 12):
            for gx in range(int(min(xs)), int(max(xs)), 12):
                if point_in_polygon((gx, gy), poly):
                    d = closest_on_polygon((gx, gy), poly)[1]
                    if d > best:
                        totem, best = (float(gx), float(gy)), d
        taken = [totem]
        mine: list[int] = []
        want = 4 if biomes[ti] is Biome.VOID else rng.randint(5, 7)
        for _ in range(5000):
            if len(mine) >= want:
                break
            p = (rng.uniform(min(xs), max(xs)), rng.uniform(min(ys), max(ys)))
            if not point_in_polygon(p, poly) or closest_on_polygon(p, poly)[1] < 34:
                continue
            if any(math.dist(p, q) < 72 for q in taken):
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

    for mine in per_territory:
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
        Territory(index=i, object_id=10 + i, name=names[i], biome=biomes[i], polygon=polygons[i],
                  tent_spaces=tuple(per_territory[i]), totem_space=totems[i])
        for i in range(len(polygons))
    )

    raw: list[tuple[tuple[int, int], ConnectionKind, Point]] = []
    for i in range(len(polygons)):
        for j in range(i + 1, len(polygons)):
            shared = _shared_vertices(polygons[i], polygons[j])
            if len(shared) >= 2 and math.dist(shared[0], shared[-1]) > 40:
                mid = shared[len(shared) // 2]
                raw.append(((i, j), ConnectionKind.LAND, mid))
                if rng.random() < 0.75 and per_territory[i] and per_territory[j]:
                    a, b = min(((a, b) for a in per_territory[i] for b in per_territory[j]),
                               key=lambda ab: math.dist(spaces[ab[0]].position, spaces[ab[1]].position))
                    if math.dist(spaces[a].position, spaces[b].position) < 200:
                        add_road(a, b)
            elif not shared and (islands is None or islands[i] != islands[j]):
                gap, v, w = _polygon_gap(polygons[i], polygons[j])
                if 20 < gap < 170:
                    raw.append(((i, j), ConnectionKind.WATER, ((v[0] + w[0]) / 2, (v[1] + w[1]) / 2)))
    # Number them west to east, north to south, like a printed board.
    raw.sort(key=lambda c: (round(c[2][0] / 200), c[2][1]))
    land_numbers = [n for n, c in enumerate(raw, start=1) if c[1] is ConnectionKind.LAND]
    peaks = {n: g for n, g in zip(land_numbers[1::2], (1, 1, 2, 2, 3, 3, 4, 4))}
    water_numbers = [n for n, c in enumerate(raw, start=1) if c[1] is ConnectionKind.WATER]
    if len(water_numbers) > 1:
        peaks[water_numbers[-1]] = peaks.pop(land_numbers[1], 1)
    connections = [Connection(number=n, object_id=300 + n, territories=t, kind=kind, position=pos, peak_group=peaks.get(n))
                   for n, (t, kind, pos) in enumerate(raw, start=1)]

    contested: list[ContestedSpot] = []
    if extras:
        water = [c for c in connections if c.kind is ConnectionKind.WATER]
        if water:
            # A ruin space on a water connection, with roads to both shores (Forgotten Island style).
            ruin_conn = water[0]
            ruin_pos = (ruin_conn.position[0], ruin_conn.position[1] + 46)
            ruin_index = len(spaces)
            spaces.append(TentSpace(index=ruin_index, object_id=900, position=ruin_pos, territory=None,
                                    ruin_biome=Biome.GLACIERS, connection=ruin_conn.number))
            for t in ruin_conn.territories:
                if per_territory[t]:
                    nearest = min(per_territory[t], key=lambda s: math.dist(spaces[s].position, ruin_pos))
                    add_road(nearest, ruin_index, along=ruin_conn.number, bend=0.1)
        if len(water) > 2:
            # A road along another water connection between two shores (Floating Lands style).
            bridge_conn = water[2]
            a_t, b_t = bridge_conn.territories
            if per_territory[a_t] and per_territory[b_t]:
                a, b = min(((a, b) for a in per_territory[a_t] for b in per_territory[b_t]),
                           key=lambda ab: math.dist(spaces[ab[0]].position, spaces[ab[1]].position))
                add_road(a, b, along=bridge_conn.number, bend=0.05)
        # A purple road: a walk along the roads from a space of one territory.
        adjacency: dict[int, list[int]] = {}
        for r in roads:
            adjacency.setdefault(r.a, []).append(r.b)
            adjacency.setdefault(r.b, []).append(r.a)
        start_t = next((i for i, b in enumerate(biomes) if b is Biome.COAST and per_territory[i]), 0)
        chain = [per_territory[start_t][0]]
        while len(chain) < 6:
            options = [n for n in adjacency.get(chain[-1], []) if n not in chain and spaces[n].territory is not None]
            if not options:
                break
            chain.append(options[0])
        spaces = [TentSpace(index=s.index, object_id=s.object_id, position=s.position, territory=s.territory,
                            ruin_biome=s.ruin_biome, connection=s.connection, purple_road=s.index in chain) for s in spaces]
        # Contested spots on land borders between different biomes.
        for c in connections:
            i, j = c.territories
            if c.kind is ConnectionKind.LAND and territories[i].biome != territories[j].biome and len(contested) < 4:
                shared = _shared_vertices(polygons[i], polygons[j])
                pos = shared[len(shared) // 4]
                if math.dist(pos, c.position) > 45 and all(math.dist(pos, s.position) > 40 for s in spaces):
                    contested.append(ContestedSpot(index=len(contested), object_id=950 + len(contested),
                                                   territories=(i, j), position=pos))

    w = int(max(x for poly in polygons for x, _ in poly) // 100 + 1) * 100
    return Board(
        map_id=map_id, name=name, min_players=2, max_players=6,
        modes=frozenset({"multiplayer"}), uses_mountains=True, rules=(), size=(max(1600, w), 1120),
        territories=territories, spaces=tuple(spaces), roads=tuple(roads), connections=tuple(connections),
        contested_spots=tuple(contested),
    )


def sample_board(seed: int = 7) -> Board:
    cells: list[list[Point]] = []
    for i, (island, s, _, _) in enumerate(SEEDS):
        poly = list(ISLANDS[island])
        for j, (island_j, t, _, _) in enumerate(SEEDS):
            if j != i and island_j == island:
                poly = _clip(poly, s, t)
        cells.append(poly)
    polygons = [tuple(_wobble(c)) for c in cells]
    return board_from_polygons(polygons, [s[3] for s in SEEDS], [s[2] for s in SEEDS], seed,
                               islands=[s[0] for s in SEEDS])
