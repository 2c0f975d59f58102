"""A small valid Iwari map, generated as Tiled XML text, and the deliberately broken variants of it.

Tests need maps that do not depend on the bundled art maps (which are drawn by hand and change),
and a broken map is easiest to understand as "the valid fixture, with exactly one thing wrong".
So the fixture is described as plain data (`MapSpec`), each broken variant is a small mutation of
that data (or of the text, for files that are not maps at all), and `render_tmx` writes the data
the way Tiled writes a map: point objects with `<point/>`, polygon and polyline points relative to
the object, typed custom properties, `nextobjectid` one past the largest id.

The broken variants, and the files in `tests/support/broken_maps/` made from them, live in
`tests/support/broken_maps/variants.py`; after changing either module run

    .venv/bin/python tests/support/broken_maps/variants.py

(`test_map_validator.py` fails while the committed files are out of date).

Fixture layout (1600×1120 px): a top row of five territories 320 px wide and a bottom row of five
288 px wide starting at x=160, so that each bottom territory touches two top ones. Every
territory holds a little road tree of 6 tent spaces (7 in the top row) with two crossings, and
neighbours in a row are joined by a road across their border. 65 tent spaces, 17 connections
(8 land along the rows, 9 water between the rows), peaks on connections 1–8.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import quoteattr

FIXTURE_MAP_ID = "fixture-vale"

TOP_NAMES = ("Ashen Steppe", "Mossy Hollow", "Rime Shelf", "Amber Shore", "Dune Sea")
TOP_BIOMES = ("tundra", "forest", "glaciers", "coast", "desert")
BOTTOM_NAMES = ("Red Mesa", "Frost Moor", "Pine Reach", "Ice Fangs", "Salt Bay")
BOTTOM_BIOMES = ("desert", "tundra", "forest", "glaciers", "coast")
PEAK_GROUPS = (1, 1, 2, 2, 3, 3, 4, 4)


@dataclass
class TerritorySpec:
    oid: int
    name: str
    biome: str
    x: float
    y: float
    width: float
    height: float


@dataclass
class SpaceSpec:
    oid: int
    x: float
    y: float
    territory: int  # territory object id (bookkeeping only; the file does not say it)
    purple_road: bool = False


@dataclass
class RuinSpec:
    oid: int
    x: float
    y: float
    biome: str
    connection: int


@dataclass
class TotemSpec:
    oid: int
    x: float
    y: float
    territory: int


@dataclass
class RoadSpec:
    oid: int
    a: int
    b: int
    along_connection: int = 0


@dataclass
class ConnectionSpec:
    oid: int
    number: int
    a: int
    b: int
    kind: str
    x: float
    y: float
    peak_group: int = 0


@dataclass
class ContestedSpec:
    oid: int
    a: int
    b: int
    x: float
    y: float


@dataclass
class MapSpec:
    map_id: str
    display_name: str = "Fixture Vale"
    min_players: int = 2
    max_players: int = 5
    modes: str = "multiplayer,solo,coop"
    mountains: bool = True
    rules: str = ""
    territories: list[TerritorySpec] = field(default_factory=list)
    spaces: list[SpaceSpec] = field(default_factory=list)
    ruins: list[RuinSpec] = field(default_factory=list)
    totems: list[TotemSpec] = field(default_factory=list)
    roads: list[RoadSpec] = field(default_factory=list)
    connections: list[ConnectionSpec] = field(default_factory=list)
    contested: list[ContestedSpec] = field(default_factory=list)
    omit_layers: set[str] = field(default_factory=set)
    last_id: int = 0

    def new_id(self) -> int:
        self.last_id += 1
        return self.last_id

    def territory(self, name: str) -> TerritorySpec:
        return next(t for t in self.territories if t.name == name)

    def spaces_in(self, name: str) -> list[SpaceSpec]:
        oid = self.territory(name).oid
        return [s for s in self.spaces if s.territory == oid]

    def remove_spaces(self, oids: set[int]) -> None:
        """Drop tent spaces and every road touching them, as deleting them in Tiled would leave it tidy."""
        self.spaces = [s for s in self.spaces if s.oid not in oids]
        self.roads = [r for r in self.roads if r.a not in oids and r.b not in oids]

    def connect(self, a: TerritorySpec, b: TerritorySpec, kind: str, peak_group: int = 0) -> ConnectionSpec:
        x, y = border_point(a, b)
        conn = ConnectionSpec(self.new_id(), len(self.connections) + 1, a.oid, b.oid, kind, x, y, peak_group)
        self.connections.append(conn)
        return conn

    def renumber(self) -> None:
        for number, conn in enumerate(self.connections, start=1):
            conn.number = number

    def assign_peaks(self) -> None:
        for i, conn in enumerate(self.connections):
            conn.peak_group = PEAK_GROUPS[i] if self.mountains and i < len(PEAK_GROUPS) else 0


def border_point(a: TerritorySpec, b: TerritorySpec) -> tuple[float, float]:
    """Somewhere on the shared border of two rectangles, where the connection badge is drawn."""
    left, right = max(a.x, b.x), min(a.x + a.width, b.x + b.width)
    top, bottom = max(a.y, b.y), min(a.y + a.height, b.y + b.height)
    return ((left + right) / 2, (top + bottom) / 2)


def _add_territory(spec: MapSpec, name: str, biome: str, x: float, y: float, width: float, extra: bool) -> TerritorySpec:
    territory = TerritorySpec(spec.new_id(), name, biome, x, y, width, 560)
    spec.territories.append(territory)
    cols = (x + width * 0.2, x + width * 0.5, x + width * 0.8)
    spaces = [SpaceSpec(spec.new_id(), cx, y + row, territory.oid) for row in (120, 300) for cx in cols]
    spec.spaces.extend(spaces)
    s0, s1, s2, s3, s4, s5 = (s.oid for s in spaces)
    for a, b in ((s0, s1), (s1, s2), (s1, s4), (s3, s4), (s4, s5)):
        spec.roads.append(RoadSpec(spec.new_id(), a, b))
    if extra:
        s6 = SpaceSpec(spec.new_id(), cols[2], y + 400, territory.oid)
        spec.spaces.append(s6)
        spec.roads.append(RoadSpec(spec.new_id(), s5, s6.oid))
    spec.totems.append(TotemSpec(spec.new_id(), x + width / 2, y + 480, territory.oid))
    return territory


def valid_spec(map_id: str = FIXTURE_MAP_ID) -> MapSpec:
    """The valid fixture map as data; every call returns a fresh copy to mutate."""
    spec = MapSpec(map_id=map_id)
    top = [_add_territory(spec, n, b, 320 * i, 0, 320, True) for i, (n, b) in enumerate(zip(TOP_NAMES, TOP_BIOMES))]
    bottom = [_add_territory(spec, n, b, 160 + 288 * i, 560, 288, False)
              for i, (n, b) in enumerate(zip(BOTTOM_NAMES, BOTTOM_BIOMES))]
    for row in (top, bottom):  # a road across every border within a row: right-top space to left-top space
        for left, right in zip(row, row[1:]):
            a = [s for s in spec.spaces if s.territory == left.oid][2]
            b = [s for s in spec.spaces if s.territory == right.oid][0]
            spec.roads.append(RoadSpec(spec.new_id(), a.oid, b.oid))
    for row in (top, bottom):
        for left, right in zip(row, row[1:]):
            spec.connect(left, right, "land")
    for i, low in enumerate(bottom):
        spec.connect(top[i], low, "water")
        if i + 1 < len(top):
            spec.connect(top[i + 1], low, "water")
    spec.assign_peaks()
    return spec


def _props(pairs: list[tuple[str, str, object]], indent: str) -> str:
    if not pairs:
        return ""
    lines = [f"{indent}<properties>"]
    for name, kind, value in pairs:
        if kind == "bool":
            value = "true" if value else "false"
        type_attr = "" if kind == "string" else f' type="{kind}"'
        lines.append(f"{indent} <property name={quoteattr(name)}{type_attr} value={quoteattr(str(value))}/>")
    lines.append(f"{indent}</properties>")
    return "\n".join(lines) + "\n"


def _fmt(value: float) -> str:
    return f"{value:g}"


def _point(oid: int, x: float, y: float, props: list[tuple[str, str, object]]) -> str:
    return (f'  <object id="{oid}" x="{_fmt(x)}" y="{_fmt(y)}">\n' + _props(props, "   ")
            + "   <point/>\n  </object>\n")


def _layer(layer_id: int, name: str, body: str) -> str:
    return f' <objectgroup id="{layer_id}" name="{name}">\n{body} </objectgroup>\n'


def render_tmx(spec: MapSpec) -> str:
    """The map as Tiled 1.10 would save it."""
    positions = {s.oid: (s.x, s.y) for s in spec.spaces} | {r.oid: (r.x, r.y) for r in spec.ruins}
    layers: dict[str, str] = {}
    layers["territories"] = "".join(
        f'  <object id="{t.oid}" name={quoteattr(t.name)} x="{_fmt(t.x)}" y="{_fmt(t.y)}">\n'
        + _props([("biome", "string", t.biome)], "   ")
        + f'   <polygon points="0,0 {_fmt(t.width)},0 {_fmt(t.width)},{_fmt(t.height)} 0,{_fmt(t.height)}"/>\n'
        + "  </object>\n"
        for t in spec.territories)
    layers["tent_spaces"] = "".join(
        _point(s.oid, s.x, s.y, [("purple_road", "bool", True)] if s.purple_road else []) for s in spec.spaces)
    layers["ruin_spaces"] = "".join(
        _point(r.oid, r.x, r.y, [("biome", "string", r.biome), ("connection", "int", r.connection)]) for r in spec.ruins)
    layers["totem_spaces"] = "".join(_point(t.oid, t.x, t.y, []) for t in spec.totems)
    road_text = []
    for road in spec.roads:
        ax, ay = positions.get(road.a, (0.0, 0.0))
        bx, by = positions.get(road.b, (ax + 10, ay))
        props: list[tuple[str, str, object]] = [("space_a", "object", road.a), ("space_b", "object", road.b)]
        if road.along_connection:
            props.append(("along_connection", "int", road.along_connection))
        road_text.append(f'  <object id="{road.oid}" x="{_fmt(ax)}" y="{_fmt(ay)}">\n' + _props(props, "   ")
                         + f'   <polyline points="0,0 {_fmt(bx - ax)},{_fmt(by - ay)}"/>\n  </object>\n')
    layers["roads"] = "".join(road_text)
    layers["connections"] = "".join(
        _point(c.oid, c.x, c.y, [("number", "int", c.number), ("territory_a", "object", c.a),
                                 ("territory_b", "object", c.b), ("kind", "string", c.kind)]
               + ([("peak_group", "int", c.peak_group)] if c.peak_group else []))
        for c in spec.connections)
    layers["contested"] = "".join(
        _point(c.oid, c.x, c.y, [("territory_a", "object", c.a), ("territory_b", "object", c.b)])
        for c in spec.contested)
    order = ("territories", "tent_spaces", "ruin_spaces", "totem_spaces", "roads", "connections", "contested")
    body = []
    for layer_id, name in enumerate(order, start=2):
        if name in spec.omit_layers or (name in {"ruin_spaces", "contested"} and not layers[name]):
            continue
        body.append(_layer(layer_id, name, layers[name]))
    header = _props([
        ("display_name", "string", spec.display_name),
        ("map_id", "string", spec.map_id),
        ("max_players", "int", spec.max_players),
        ("min_players", "int", spec.min_players),
        ("modes", "string", spec.modes),
        ("mountains", "bool", spec.mountains),
    ] + ([("rules", "string", spec.rules)] if spec.rules else []), " ")
    all_ids = [spec.last_id] + [o.oid for group in (spec.territories, spec.spaces, spec.ruins, spec.totems, spec.roads,
                                                     spec.connections, spec.contested) for o in group]
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
            f'width="100" height="70" tilewidth="16" tileheight="16" infinite="0" nextlayerid="{len(order) + 2}" '
            f'nextobjectid="{max(all_ids) + 1}">\n'
            + header
            + ' <imagelayer id="1" name="background">\n'
            f'  <image source="{spec.map_id}.png" width="1600" height="1120"/>\n'
            ' </imagelayer>\n'
            + "".join(body) + "</map>\n")


def write_map(directory: Path, spec: MapSpec) -> Path:
    path = Path(directory) / f"{spec.map_id}.tmx"
    path.write_text(render_tmx(spec), encoding="utf-8")
    return path


def write_valid_map(directory: Path, map_id: str = FIXTURE_MAP_ID) -> Path:
    """Write the valid fixture map to `directory/<map_id>.tmx` (map_id equals the file stem)."""
    return write_map(directory, valid_spec(map_id))


# --- edits made on the text, as Tiled saves them -------------------------------------------------

def remove_object(text: str, object_id: int) -> str:
    """Delete one object (select it in Tiled, press Delete, save)."""
    pattern = re.compile(rf'[ \t]*<object id="{object_id}"(?:[^>]*/>|[^>]*>.*?</object>)\n?', re.DOTALL)
    text, count = pattern.subn("", text, count=1)
    assert count == 1, f"object {object_id} not found"
    return text


def add_object(text: str, layer: str, x: float, y: float, shape: str = "<point/>",
               props: list[tuple[str, str, object]] | None = None) -> tuple[str, int]:
    """Insert an object at the top of `layer` with the next free id, bumping `nextobjectid` as Tiled does.

    `shape` is the object's shape element (`<point/>`, `<polyline points="0,0 ..."/>`); returns the
    new text and the new object's id.
    """
    new_id = int(re.search(r'nextobjectid="(\d+)"', text).group(1))
    text = re.sub(r'nextobjectid="\d+"', f'nextobjectid="{new_id + 1}"', text, count=1)
    opening = re.search(rf'<objectgroup\b[^>]*\bname="{layer}"[^>]*>\n?', text)
    assert opening, f"the map has no {layer} layer"
    obj = f'  <object id="{new_id}" x="{_fmt(x)}" y="{_fmt(y)}">\n' + _props(props or [], "   ") + f"   {shape}\n  </object>\n"
    return text[:opening.end()] + obj + text[opening.end():], new_id


def set_property(text: str, object_id: int, name: str, value: object) -> str:
    """Change one custom property of one object in the Properties panel."""
    pattern = re.compile(rf'(<object id="{object_id}"[^>]*>(?:(?!</object>).)*?<property name="{name}"[^>]*? value=")[^"]*(")',
                         re.DOTALL)
    text, count = pattern.subn(rf"\g<1>{value}\g<2>", text, count=1)
    assert count == 1, f"object {object_id} has no property {name!r}"
    return text


def move_object(text: str, object_id: int, x: float, y: float) -> str:
    """Drag one point object to (x, y)."""
    pattern = re.compile(rf'<object id="{object_id}"([^>]*?) x="[^"]*" y="[^"]*"')
    text, count = pattern.subn(rf'<object id="{object_id}"\g<1> x="{x:g}" y="{y:g}"', text, count=1)
    assert count == 1, f"object {object_id} not found"
    return text


# --- valid variants: the special content of the expansion maps, on the fixture -------------------

def add_corner_territories(spec: MapSpec, biome: str, tents: bool) -> list[TerritorySpec]:
    """Fill the open water left of Red Mesa (x 0–160, y 560–1120) with two small territories.

    With `tents`, each gets 3 tent spaces on a road chain that runs on into the other one (so the
    pair makes a settlement of 6); without, only the top one is added, holding a totem space only
    (the Void territory of The Uncharted Paths, E5).
    """
    added = []
    for top in ((560, 840) if tents else (560,)):
        territory = TerritorySpec(spec.new_id(), f"{biome.title()} Corner {len(added) + 1}", biome, 0, top, 160, 280)
        spec.territories.append(territory)
        added.append(territory)
        if tents:
            spaces = [SpaceSpec(spec.new_id(), 80, top + dy, territory.oid) for dy in (40, 110, 180)]
            spec.spaces.extend(spaces)
            for a, b in zip(spaces, spaces[1:]):
                spec.roads.append(RoadSpec(spec.new_id(), a.oid, b.oid))
        spec.totems.append(TotemSpec(spec.new_id(), 80, top + 240, territory.oid))
    if tents:
        upper, lower = (spec.spaces_in(t.name) for t in added)
        spec.roads.append(RoadSpec(spec.new_id(), upper[-1].oid, lower[0].oid))
        spec.connect(added[0], added[1], "land")
    spec.connect(spec.territory("Ashen Steppe"), added[0], "water")
    spec.connect(added[-1], spec.territory("Red Mesa"), "land")
    return added


def _floating_lands(spec: MapSpec) -> None:
    """E2: one Tundra without a totem space; the road across connection 1 runs along it."""
    spec.rules = "tundra-no-totems,connection-roads"
    spec.territory("Frost Moor").biome = "forest"
    tundra = spec.territory("Ashen Steppe").oid
    spec.totems = [t for t in spec.totems if t.territory != tundra]
    ashen, mossy = spec.spaces_in("Ashen Steppe")[2].oid, spec.spaces_in("Mossy Hollow")[0].oid
    next(r for r in spec.roads if {r.a, r.b} == {ashen, mossy}).along_connection = 1


def _forgotten_island(spec: MapSpec) -> None:
    """E3: a forest ruin space on the Ashen Steppe – Red Mesa connection, on roads along it."""
    spec.rules = "ruins,connection-roads"
    spec.mountains = False
    spec.assign_peaks()
    names = {t.oid: t.name for t in spec.territories}
    number = next(c.number for c in spec.connections if {names[c.a], names[c.b]} == {"Ashen Steppe", "Red Mesa"})
    ruin = RuinSpec(spec.new_id(), 80, 640, "forest", number)
    spec.ruins.append(ruin)
    spec.roads.append(RoadSpec(spec.new_id(), spec.spaces_in("Ashen Steppe")[3].oid, ruin.oid, number))
    spec.roads.append(RoadSpec(spec.new_id(), ruin.oid, spec.spaces_in("Red Mesa")[0].oid, number))


def _glacial_mass(spec: MapSpec) -> None:
    """E4: a second connection between Ashen Steppe and Mossy Hollow."""
    spec.rules = "twin-connections"
    spec.connect(spec.territory("Ashen Steppe"), spec.territory("Mossy Hollow"), "water")


def _uncharted_paths(spec: MapSpec) -> None:
    """E5: a Void territory with a totem space and no tent spaces."""
    spec.rules = "void-totems"
    spec.mountains = False
    add_corner_territories(spec, "void", tents=False)
    spec.assign_peaks()


def _long_road(spec: MapSpec) -> None:
    """E6: the top spaces of the first three top-row territories, joined by the border roads."""
    spec.rules = "long-road"
    for name in ("Ashen Steppe", "Mossy Hollow", "Rime Shelf"):
        for space in spec.spaces_in(name)[:3]:
            space.purple_road = True


def _the_void(spec: MapSpec) -> None:
    """E7: two Void territories with tents, six players, five contested spots between biomes."""
    spec.rules = "void-tribe,contested,determination"
    spec.mountains = False
    spec.max_players = 6
    spec.modes = "multiplayer"
    add_corner_territories(spec, "void", tents=True)
    spec.assign_peaks()
    for a_name, b_name in (("Ashen Steppe", "Mossy Hollow"), ("Mossy Hollow", "Rime Shelf"),
                           ("Rime Shelf", "Amber Shore"), ("Amber Shore", "Dune Sea"), ("Red Mesa", "Frost Moor")):
        a, b = spec.territory(a_name), spec.territory(b_name)
        x, y = border_point(a, b)
        spec.contested.append(ContestedSpec(spec.new_id(), a.oid, b.oid, x, y + 40))


# name → mutation of the valid spec that stays valid while using one expansion map's rules
SPECIAL_VARIANTS: dict[str, Callable[[MapSpec], None]] = {
    "floating": _floating_lands,
    "forgotten": _forgotten_island,
    "glacial": _glacial_mass,
    "uncharted": _uncharted_paths,
    "long": _long_road,
    "void": _the_void,
}


def special_spec(name: str) -> MapSpec:
    spec = valid_spec(f"fixture-{name}")
    SPECIAL_VARIANTS[name](spec)
    return spec


def editable_assets(tmp_path: Path) -> Path:
    """An assets folder whose New Horizons map can be edited (a copy); fonts, sprites and the rest are the
    real ones (links). Point IWARI_ASSETS at it."""
    import shutil

    from iwari_desktop.resources import assets_dir

    root = tmp_path / "assets"
    (root / "maps").mkdir(parents=True)
    for entry in assets_dir().iterdir():
        if entry.name != "maps":
            (root / entry.name).symlink_to(entry)
    for name in ("new-horizons.tmx", "new-horizons.png", "new-horizons.art.json"):
        shutil.copy(assets_dir() / "maps" / name, root / "maps" / name)
    return root
