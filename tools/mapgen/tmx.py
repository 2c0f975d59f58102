"""Writes a Layout as a genuine Tiled 1.10 map document (see docs/maps.md for the vocabulary)."""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import quoteattr

from .layout import Layout
from .raster import CELL, HEIGHT, WIDTH

TILE = 16


def _num(v: float) -> str:
    r = round(v, 2)
    return str(int(r)) if r == int(r) else f"{r:g}"


class _Props:
    def __init__(self) -> None:
        self.items: list[tuple[str, str | None, str]] = []

    def add(self, name: str, value, kind: str | None = None) -> "_Props":
        if isinstance(value, bool):
            kind = kind or "bool"
            value = "true" if value else "false"
        elif isinstance(value, int) and kind is None:
            kind = "int"
        self.items.append((name, kind, str(value)))
        return self

    def xml(self, indent: str) -> list[str]:
        if not self.items:
            return []
        out = [f"{indent}<properties>"]
        for name, kind, value in sorted(self.items):
            t = f" type={quoteattr(kind)}" if kind else ""
            out.append(f"{indent} <property name={quoteattr(name)}{t} value={quoteattr(value)}/>")
        out.append(f"{indent}</properties>")
        return out


def _point_object(oid: int, p, props: _Props, name: str | None = None) -> list[str]:
    n = f" name={quoteattr(name)}" if name else ""
    body = props.xml("   ")
    return [f'  <object id="{oid}"{n} x="{_num(p[0])}" y="{_num(p[1])}">', *body, "   <point/>", "  </object>"]


def _poly_object(oid: int, pts, props: _Props, tag: str, name: str | None = None) -> list[str]:
    x0, y0 = pts[0]
    rel = " ".join(f"{_num(x - x0)},{_num(y - y0)}" for x, y in pts)
    n = f" name={quoteattr(name)}" if name else ""
    return [f'  <object id="{oid}"{n} x="{_num(x0)}" y="{_num(y0)}">', *props.xml("   "),
            f'   <{tag} points="{rel}"/>', "  </object>"]


def write_tmx(layout: Layout, path: Path) -> None:
    r = layout.recipe
    oid = 0

    def next_id() -> int:
        nonlocal oid
        oid += 1
        return oid

    terr_ids = [next_id() for _ in layout.polygons]
    space_ids = [next_id() for _ in layout.spaces]
    totem_ids = {t: next_id() for t in sorted(layout.totems)}
    conn_ids = [next_id() for _ in layout.connections]
    road_ids = [next_id() for _ in layout.roads]
    contested_ids = [next_id() for _ in layout.contested]

    layers: list[tuple[str, list[str]]] = []

    lines = []
    for i, (terr, poly) in enumerate(zip(r.territories, layout.polygons)):
        lines += _poly_object(terr_ids[i], poly, _Props().add("biome", terr.biome), "polygon", name=terr.name)
    layers.append(("territories", lines))

    lines = []
    for i, road in enumerate(layout.roads):
        props = _Props().add("space_a", space_ids[road.a], "object").add("space_b", space_ids[road.b], "object")
        if road.along:
            props.add("along_connection", int(road.along))
        lines += _poly_object(road_ids[i], road.points, props, "polyline")
    layers.append(("roads", lines))

    lines = []
    for i, c in enumerate(layout.connections):
        props = (_Props().add("number", int(c.number)).add("territory_a", terr_ids[c.pair[0]], "object")
                 .add("territory_b", terr_ids[c.pair[1]], "object").add("kind", c.kind))
        if c.peak:
            props.add("peak_group", int(c.peak))
        lines += _point_object(conn_ids[i], c.pos, props)
    layers.append(("connections", lines))

    lines = []
    for i, s in enumerate(layout.spaces):
        if s.ruin_biome is None:
            props = _Props()
            if s.purple:
                props.add("purple_road", True)
            lines += _point_object(space_ids[i], s.pos, props)
    layers.append(("tent_spaces", lines))

    ruins = [i for i, s in enumerate(layout.spaces) if s.ruin_biome is not None]
    if ruins:
        lines = []
        for i in ruins:
            s = layout.spaces[i]
            lines += _point_object(space_ids[i], s.pos, _Props().add("biome", s.ruin_biome).add("connection", int(s.connection)))
        layers.append(("ruin_spaces", lines))

    lines = []
    for t in sorted(layout.totems):
        lines += _point_object(totem_ids[t], layout.totems[t], _Props())
    layers.append(("totem_spaces", lines))

    if layout.contested:
        lines = []
        for i, (p, a, b) in enumerate(layout.contested):
            props = _Props().add("territory_a", terr_ids[a], "object").add("territory_b", terr_ids[b], "object")
            lines += _point_object(contested_ids[i], p, props)
        layers.append(("contested", lines))

    map_props = (_Props().add("map_id", r.map_id).add("display_name", r.display_name)
                 .add("min_players", int(r.min_players)).add("max_players", int(r.max_players))
                 .add("modes", r.modes).add("mountains", bool(r.mountains)))
    if r.rules:
        # an empty string property reads back as None through pytmx, so "no rules" is written as no property
        map_props.add("rules", r.rules)
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
           f'width="{WIDTH // TILE}" height="{HEIGHT // TILE}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" '
           f'nextlayerid="{len(layers) + 2}" nextobjectid="{oid + 1}">']
    out += map_props.xml(" ")
    out += [' <imagelayer id="1" name="background">',
            f'  <image source={quoteattr(r.map_id + ".png")} width="{WIDTH}" height="{HEIGHT}"/>',
            " </imagelayer>"]
    for layer_id, (name, body) in enumerate(layers, start=2):
        out.append(f' <objectgroup id="{layer_id}" name="{name}">')
        out += body
        out.append(" </objectgroup>")
    out.append("</map>")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


assert WIDTH % CELL == 0
