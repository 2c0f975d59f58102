"""Self-check of the bundled maps: `python -m tools.mapgen.check [ids...]`.

Loads every map with the game's loader and asserts the numeric requirements of MAPS.md and the
project's map decisions (territory and space counts, distances, road network shape, connection
numbering, mountains, each expansion map's special content). Prints one summary line per map and
every problem found; exit status 1 if any map has a problem.

The official validator is iwari_desktop/engine/maps/validator.py; this is the map makers' own check.
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.mapgen.geometry import (bbox, dist, distance_to_boundary, point_in_polygon,  # noqa: E402
                                   polygon_area, polygon_is_simple, polyline_distance_to_point, polyline_length,
                                   polylines_cross, segments_intersect)
from tools.mapgen.graph import adjacency, largest_group, reachable  # noqa: E402

MAPS_DIR = ROOT / "assets" / "maps"
W, H = 1600, 1120
BASE = ("tundra", "forest", "glaciers", "coast", "desert")
MULTI = "multiplayer"
EXP = "multiplayer,solo,coop"
EXPECT = {
    # MAPS.md lists the base boards as 2-5 players only; issue #9 adds solo and co-op on
    # every map but The Void, the base boards included, so they carry the expansion's modes.
    "new-horizons": ("New Horizons", 2, 5, EXP, True, ""),
    "vast-lands": ("The Vast Lands", 2, 5, EXP, True, ""),
    "floating-lands": ("Floating Lands", 2, 5, EXP, True, "tundra-no-totems,connection-roads"),
    "forgotten-island": ("Forgotten Island", 2, 5, EXP, False, "ruins,connection-roads"),
    "glacial-mass": ("Glacial Mass", 2, 5, EXP, True, "twin-connections"),
    "uncharted-paths": ("The Uncharted Paths", 2, 5, EXP, False, "void-totems"),
    "long-road": ("The Long Road", 2, 5, EXP, True, "long-road"),
    "the-void": ("The Void", 2, 6, MULTI, False, "void-tribe,contested,determination"),
}
PROP_TYPES = {"space_a": "object", "space_b": "object", "territory_a": "object", "territory_b": "object",
              "number": "int", "peak_group": "int", "connection": "int", "along_connection": "int",
              "min_players": "int", "max_players": "int", "mountains": "bool", "purple_road": "bool"}


class Report:
    def __init__(self, map_id: str) -> None:
        self.map_id = map_id
        self.errors: list[str] = []
        self.warnings: list[str] = []

    def need(self, ok: bool, message: str) -> None:
        if not ok:
            self.errors.append(message)

    def warn(self, ok: bool, message: str) -> None:
        if not ok:
            self.warnings.append(message)


def check_document(path: Path, rep: Report) -> None:
    root = ET.parse(path).getroot()
    want = {"version": "1.10", "tiledversion": "1.10.2", "orientation": "orthogonal", "renderorder": "right-down",
            "width": "100", "height": "70", "tilewidth": "16", "tileheight": "16", "infinite": "0"}
    for key, value in want.items():
        rep.need(root.get(key) == value, f"<map {key}={root.get(key)!r}>, want {value!r}")
    layers = [c for c in root if c.tag in ("imagelayer", "objectgroup", "layer", "group")]
    rep.need(bool(layers) and layers[0].tag == "imagelayer" and layers[0].get("name") == "background",
             "the first layer must be the background image layer")
    if layers and layers[0].tag == "imagelayer":
        img = layers[0].find("image")
        rep.need(img is not None and img.get("source") == f"{rep.map_id}.png" and img.get("width") == "1600"
                 and img.get("height") == "1120", "background image must be <id>.png, 1600x1120")
    layer_ids = [int(c.get("id")) for c in layers]
    rep.need(len(set(layer_ids)) == len(layer_ids), "layer ids not unique")
    rep.need(int(root.get("nextlayerid", 0)) > max(layer_ids), "nextlayerid too small")
    ids = [int(o.get("id")) for o in root.iter("object")]
    rep.need(len(set(ids)) == len(ids), "object ids not unique")
    rep.need(int(root.get("nextobjectid", 0)) > max(ids), "nextobjectid too small")
    for prop in root.iter("property"):
        want_type = PROP_TYPES.get(prop.get("name"))
        if want_type:
            rep.need(prop.get("type") == want_type, f"property {prop.get('name')} should have type {want_type}")
    for obj in root.iter("object"):
        parent_points = obj.find("point")
        if obj.find("polygon") is None and obj.find("polyline") is None:
            rep.need(parent_points is not None, f"object {obj.get('id')} should be a point object")


def road_points(board, road):
    return [board.spaces[road.a].position, *road.waypoints, board.spaces[road.b].position]


def check_board(board, rep: Report) -> dict:
    map_id = board.map_id
    display, pmin, pmax, modes, mountains, rules = EXPECT[map_id]
    rep.need(board.name == display, f"display_name {board.name!r}, want {display!r}")
    rep.need((board.min_players, board.max_players) == (pmin, pmax), f"players {board.min_players}-{board.max_players}")
    rep.need(board.modes == frozenset(modes.split(",")), f"modes {sorted(board.modes)}")
    rep.need(board.uses_mountains == mountains, f"mountains {board.uses_mountains}")
    rep.need(set(board.rules) == set(filter(None, rules.split(","))), f"rules {board.rules}")
    rep.need(board.size == (W, H), f"size {board.size}")

    terrs = board.territories
    polys = [t.polygon for t in terrs]
    n = len(terrs)
    rep.need(10 <= n <= 12, f"{n} territories")
    names = [t.name for t in terrs]
    rep.need(len(set(names)) == n and all(names), "territory names must be unique and non-empty")
    biomes = Counter(t.biome.key for t in terrs)
    for b in BASE:
        if map_id == "floating-lands" and b == "tundra":
            rep.need(biomes[b] == 1, f"floating-lands needs exactly one tundra, has {biomes[b]}")
        else:
            rep.need(biomes[b] >= 2, f"only {biomes[b]} {b} territories")
    if map_id != "floating-lands":
        rep.need(all(biomes["tundra"] >= biomes[b] for b in BASE), f"tundra should be most common: {dict(biomes)}")
    rep.need(all(biomes["desert"] <= biomes[b] for b in BASE if not (map_id == "floating-lands" and b == "tundra")),
             f"desert should be least common: {dict(biomes)}")
    want_void = {"the-void": (2, 3), "uncharted-paths": (1, 1)}.get(map_id, (0, 0))
    rep.need(want_void[0] <= biomes["void"] <= want_void[1], f"{biomes['void']} void territories")

    # polygons
    land_area = 0.0
    for t in terrs:
        p = t.polygon
        rep.need(8 <= len(p) <= 30, f"{t.name}: {len(p)} vertices")
        rep.need(polygon_is_simple(p), f"{t.name}: polygon is not simple")
        x0, y0, x1, y1 = bbox(p)
        rep.need(min(x0, y0, W - x1, H - y1) >= 40, f"{t.name}: closer than 40 px to the map edge")
        land_area += polygon_area(p)
    all_pts = [v for p in polys for v in p]
    x0, y0, x1, y1 = bbox(all_pts)
    rep.need(land_area >= 0.38 * W * H, f"land covers only {land_area / (W * H):.0%} of the map")
    rep.need(x1 - x0 >= 0.75 * W and y1 - y0 >= 0.7 * H, "land does not span most of the map")
    for i in range(n):
        for j in range(i + 1, n):
            a, b = polys[i], polys[j]
            ax0, ay0, ax1, ay1 = bbox(a)
            bx0, by0, bx1, by1 = bbox(b)
            if ax1 < bx0 or bx1 < ax0 or ay1 < by0 or by1 < ay0:
                continue
            for k in range(len(a)):
                p1, p2 = a[k], a[(k + 1) % len(a)]
                for m in range(len(b)):
                    q1, q2 = b[m], b[(m + 1) % len(b)]
                    if not segments_intersect(p1, p2, q1, q2):
                        continue
                    shared = {p1, p2} & {q1, q2}
                    if shared:
                        continue
                    if polyline_distance_to_point([q1, q2], p1) < 1e-6 or polyline_distance_to_point([q1, q2], p2) < 1e-6 \
                            or polyline_distance_to_point([p1, p2], q1) < 1e-6 or polyline_distance_to_point([p1, p2], q2) < 1e-6:
                        rep.errors.append(f"{terrs[i].name} / {terrs[j].name}: a vertex lies on the other's edge (T-junction)")
                    else:
                        rep.errors.append(f"{terrs[i].name} / {terrs[j].name}: borders cross")
    # interior probes next to every edge must lie in no other polygon
    for i, p in enumerate(polys):
        for k in range(len(p)):
            a, b = p[k], p[(k + 1) % len(p)]
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            length = dist(a, b)
            nx, ny = -(b[1] - a[1]) / length, (b[0] - a[0]) / length
            for sgn in (1, -1):
                probe = (mx + sgn * nx * 0.8, my + sgn * ny * 0.8)
                if point_in_polygon(probe, p):
                    others = [terrs[j].name for j in range(n) if j != i and point_in_polygon(probe, polys[j])]
                    rep.need(not others, f"{terrs[i].name} overlaps {others}")

    # spaces
    tents = [s for s in board.spaces if not s.is_ruin_space]
    ruins = [s for s in board.spaces if s.is_ruin_space]
    rep.need(60 <= len(tents) <= 90, f"{len(tents)} tent spaces")
    for t in terrs:
        k = len(t.tent_spaces)
        if map_id == "uncharted-paths" and t.biome.key == "void":
            rep.need(k == 0, f"{t.name}: the Void territory must have no tent spaces")
        else:
            rep.need(3 <= k <= 9, f"{t.name}: {k} tent spaces")
    for i, s in enumerate(tents):
        clear = distance_to_boundary(s.position, polys[s.territory])
        rep.need(clear >= 22, f"tent space {s.object_id} only {clear:.0f} px inside its edge")
        for s2 in tents[i + 1:]:
            rep.need(dist(s.position, s2.position) >= 28, f"tent spaces {s.object_id} and {s2.object_id} closer than 28 px")
    for t in terrs:
        if map_id == "floating-lands" and t.biome.key == "tundra":
            rep.need(t.totem_space is None, f"{t.name}: Floating Lands' tundra must have no totem space (E2)")
            continue
        rep.need(t.totem_space is not None, f"{t.name}: no totem space")
        if t.totem_space:
            rep.need(distance_to_boundary(t.totem_space, t.polygon) >= 20, f"{t.name}: totem space too near the edge")
            for s in tents:
                rep.need(dist(s.position, t.totem_space) >= 40, f"{t.name}: totem space within 40 px of space {s.object_id}")

    # roads
    deg = Counter()
    pairs = set()
    lines = []
    for road in board.roads:
        rep.need(road.a != road.b, f"road {road.object_id} joins a space to itself")
        key = (min(road.a, road.b), max(road.a, road.b))
        rep.need(key not in pairs, f"road {road.object_id} duplicates another")
        pairs.add(key)
        deg[road.a] += 1
        deg[road.b] += 1
        pts = road_points(board, road)
        lines.append((road, pts))
        length = polyline_length(pts)
        rep.need(30 <= dist(pts[0], pts[-1]) and length <= 140, f"road {road.object_id} length {length:.0f}")
        sa, sb = board.spaces[road.a], board.spaces[road.b]
        if road.along_connection:
            c = board.connections_by_number.get(road.along_connection)
            rep.need(c is not None, f"road {road.object_id} along missing connection {road.along_connection}")
            if c:
                ends = {sa.territory, sb.territory} - {None}
                rep.need(ends <= set(c.territories), f"road {road.object_id} along {c.number} joins other territories")
                for s in (sa, sb):
                    if s.is_ruin_space:
                        rep.need(s.connection == c.number, f"road {road.object_id}: ruin on another connection")
        else:
            allowed = [polys[t] for t in {sa.territory, sb.territory} if t is not None]
            steps = max(2, int(length / 5))
            from tools.mapgen.geometry import point_along
            for k in range(1, steps):
                q = point_along(pts, k / steps)
                if not any(point_in_polygon(q, p) for p in allowed):
                    rep.errors.append(f"road {road.object_id} leaves its territories (water or a third territory)")
                    break
        for s in board.spaces:
            if s.index in (road.a, road.b):
                continue
            rep.need(polyline_distance_to_point(pts, s.position) >= 15, f"road {road.object_id} runs over space {s.object_id}")
    for i in range(len(lines)):
        for j in range(i + 1, len(lines)):
            if polylines_cross(lines[i][1], lines[j][1]):
                rep.errors.append(f"roads {lines[i][0].object_id} and {lines[j][0].object_id} cross")
    crossings = sum(1 for s in tents if deg[s.index] >= 3)
    dead_ends = sum(1 for s in tents if deg[s.index] == 1)
    offroad = sum(1 for s in tents if deg[s.index] == 0)
    rep.need(crossings >= 3, f"{crossings} road crossings")
    rep.need(dead_ends >= 4, f"{dead_ends} dead ends")
    rep.need(offroad <= 0.12 * len(tents), f"{offroad} spaces off the roads")
    # a settlement of 4 inside territories of each biome
    for biome in {t.biome for t in terrs}:
        members = {s.index for s in tents if terrs[s.territory].biome == biome}
        if not members:
            continue
        best = largest_group(members, adjacency(((road.a, road.b) for road in board.roads), members))
        rep.need(best >= 4, f"no settlement of 4 possible within {biome.key} territories (largest {best})")

    # connections
    conns = board.connections
    numbers = [c.number for c in conns]
    N = len(conns)
    rep.need(sorted(numbers) == list(range(1, N + 1)), f"connection numbers {sorted(numbers)}")
    rep.need(14 <= N <= 22, f"{N} connections")
    kinds = Counter(c.kind.value for c in conns)
    rep.need(kinds["land"] >= 3 and kinds["water"] >= 3, f"connection kinds {dict(kinds)}")
    seen_pairs: dict[tuple[int, int], list[int]] = defaultdict(list)
    for c in conns:
        a, b = c.territories
        rep.need(a != b, f"connection {c.number} joins a territory to itself")
        seen_pairs[(min(a, b), max(a, b))].append(c.number)
        if c.kind.value == "land":
            da = distance_to_boundary(c.position, polys[a])
            db = distance_to_boundary(c.position, polys[b])
            rep.need(da <= 2.5 and db <= 2.5, f"land connection {c.number} badge not on the {terrs[a].name}/{terrs[b].name} border")
        else:
            inside = [terrs[k].name for k in range(n) if point_in_polygon(c.position, polys[k])]
            rep.need(not inside, f"water connection {c.number} badge inside {inside}")
            clear = min(distance_to_boundary(c.position, p) for p in polys)
            rep.need(clear >= 10, f"water connection {c.number} badge only {clear:.0f} px off the shore")
            from tools.mapgen.layout import _closest_points
            gap = _closest_points(list(polys[a]), list(polys[b]))[0]
            rep.need(20 <= gap <= 170, f"water connection {c.number}: gap {gap:.0f} px")
            rep.need(distance_to_boundary(c.position, polys[a]) <= 120 and distance_to_boundary(c.position, polys[b]) <= 120,
                     f"water connection {c.number} badge far from its shores")
    for pair, nums in seen_pairs.items():
        if len(nums) > 1:
            ok = map_id == "glacial-mass" and sorted(nums) == [1, 11]
            rep.need(ok, f"connections {nums} join the same two territories")
    if map_id == "glacial-mass":
        c1, c11 = board.connections_by_number.get(1), board.connections_by_number.get(11)
        rep.need(c1 and c11 and set(c1.territories) == set(c11.territories), "E4: connections 1 and 11 must join the same territories")
    for i, c in enumerate(conns):
        for d in conns[i + 1:]:
            rep.warn(dist(c.position, d.position) >= 45, f"badges {c.number} and {d.number} only {dist(c.position, d.position):.0f} px apart")
        for s in tents:
            rep.need(dist(c.position, s.position) >= 24, f"badge {c.number} within 24 px of space {s.object_id}")
    touched = {t for c in conns for t in c.territories}
    rep.need(touched == set(range(n)), f"territories without connection: {[terrs[t].name for t in set(range(n)) - touched]}")
    seen = reachable(adjacency(c.territories for c in conns), 0)
    rep.need(len(seen) == n, "territory graph not connected")
    for c in conns:
        a, b = c.territories
        rep.warn(terrs[a].biome != terrs[b].biome, f"connection {c.number} joins two {terrs[a].biome.key} territories")

    # mountains
    peaks = [c for c in conns if c.peak_group]
    if mountains:
        groups = Counter(c.peak_group for c in peaks)
        rep.need(len(peaks) == 8 and all(groups[g] == 2 for g in (1, 2, 3, 4)), f"peak groups {dict(groups)}")
        if map_id == "glacial-mass":
            rep.need(any(c.kind.value == "water" for c in peaks), "E4: no peak on water (iceberg)")
    else:
        rep.need(not peaks, "peaks on a map without mountains")

    # specials
    along = [r for r in board.roads if r.along_connection]
    if map_id == "floating-lands":
        rep.need(len(along) >= 2, f"{len(along)} roads along connections (E2)")
    elif map_id != "forgotten-island":
        rep.need(not along, "roads along connections on a map without connection-roads")
    if map_id == "forgotten-island":
        rep.need(5 <= len(ruins) <= 7, f"{len(ruins)} ruin spaces")
        rep.need(len({s.connection for s in ruins}) == len(ruins), "two ruins on one connection")
        for s in ruins:
            c = board.connections_by_number.get(s.connection)
            rep.need(c is not None, f"ruin {s.object_id} on missing connection")
            rep.need(all(not point_in_polygon(s.position, p) for p in polys), f"ruin {s.object_id} inside a territory")
            rep.need(s.ruin_biome is not None and s.ruin_biome.key in BASE, f"ruin {s.object_id} biome")
            mine = [r for r in board.roads if s.index in (r.a, r.b)]
            rep.need(len(mine) == 2 and all(r.along_connection == s.connection for r in mine),
                     f"ruin {s.object_id} must have two roads along connection {s.connection}")
            if c and len(mine) == 2:
                others = {board.spaces[r.b if r.a == s.index else r.a].territory for r in mine}
                rep.need(others == set(c.territories), f"ruin {s.object_id} roads must reach both territories")
        rep.need(len({s.ruin_biome for s in ruins}) >= 4, "ruin icons should vary")
    else:
        rep.need(not ruins, "ruin spaces on a map without ruins")
    purple = [s for s in tents if s.purple_road]
    if map_id == "long-road":
        rep.need(10 <= len(purple) <= 14, f"{len(purple)} purple road spaces")
        pset = {s.index for s in purple}
        padj = defaultdict(list)
        for r in board.roads:
            if r.a in pset and r.b in pset:
                padj[r.a].append(r.b)
                padj[r.b].append(r.a)
        ends = [i for i in pset if len(padj[i]) == 1]
        rep.need(len(ends) == 2 and all(len(padj[i]) <= 2 for i in pset), "purple road is not one chain")
        if ends:
            seen_p = reachable(padj, ends[0])
            rep.need(seen_p == pset, "purple road is broken")
        rep.need(len({s.territory for s in purple}) >= 4, "purple road runs through fewer than 4 territories")
    else:
        rep.need(not purple, "purple road spaces on a map without the long road")
    if map_id == "uncharted-paths":
        voids = [t for t in terrs if t.biome.key == "void"]
        if voids:
            v = voids[0]
            cx = sum(p[0] for p in v.polygon) / len(v.polygon)
            cy = sum(p[1] for p in v.polygon) / len(v.polygon)
            rep.need(0.3 * W <= cx <= 0.7 * W and 0.3 * H <= cy <= 0.7 * H, "the Void territory is not central")
            rep.need(v.totem_space is not None, "the Void territory needs a totem space")
    if map_id == "the-void":
        spots = board.contested_spots
        rep.need(len(spots) == 5, f"{len(spots)} contested spots")
        for spot in spots:
            a, b = spot.territories
            rep.need(terrs[a].biome != terrs[b].biome, f"contested spot {spot.object_id}: same biome on both sides")
            rep.need(distance_to_boundary(spot.position, polys[a]) <= 3 and distance_to_boundary(spot.position, polys[b]) <= 3,
                     f"contested spot {spot.object_id} does not touch both territories")
            for s in tents:
                rep.need(dist(s.position, spot.position) >= 28, f"contested spot {spot.object_id} crowds space {s.object_id}")
            for c in conns:
                rep.warn(dist(c.position, spot.position) >= 40, f"contested spot {spot.object_id} crowds badge {c.number}")
    else:
        rep.need(not board.contested_spots, "contested spots on a map without them")

    return {"territories": n, "tents": len(tents), "roads": len(board.roads), "connections": N,
            "land": kinds["land"], "water": kinds["water"], "crossings": crossings, "dead_ends": dead_ends,
            "offroad": offroad, "ruins": len(ruins), "purple": len(purple), "biomes": dict(biomes)}


def main(argv: list[str] | None = None) -> int:
    from iwari_desktop.engine.maps.board import MapError
    from iwari_desktop.engine.maps.tmx_loader import load_board

    ids = (argv if argv is not None else sys.argv[1:]) or list(EXPECT)
    failed = False
    print(f"{'map':18} {'terr':>4} {'tents':>5} {'roads':>5} {'conn':>4} {'l/w':>6} {'cross':>5} {'dead':>4} {'off':>3}")
    for map_id in ids:
        path = MAPS_DIR / f"{map_id}.tmx"
        rep = Report(map_id)
        try:
            board = load_board(path)
        except MapError as error:
            print(f"{map_id:18} LOAD FAILED: {error}")
            failed = True
            continue
        check_document(path, rep)
        stats = check_board(board, rep)
        print(f"{map_id:18} {stats['territories']:>4} {stats['tents']:>5} {stats['roads']:>5} {stats['connections']:>4} "
              f"{stats['land']:>3}/{stats['water']:<2} {stats['crossings']:>5} {stats['dead_ends']:>4} {stats['offroad']:>3}"
              f"  {stats['biomes']}" + (f" ruins={stats['ruins']}" if stats['ruins'] else "")
              + (f" purple={stats['purple']}" if stats['purple'] else ""))
        for e in rep.errors:
            print(f"    ERROR {e}")
        for w in rep.warnings:
            print(f"    warn  {w}")
        failed |= bool(rep.errors)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
