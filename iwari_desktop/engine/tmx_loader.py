"""Reads a Tiled `.tmx` file into a Board with pytmx's `TiledMap`, without ever importing pygame.

The layer and property vocabulary is documented in docs/maps.md. Three pytmx quirks shape this
module: `import pytmx` tries to import pygame (we block that so the engine stays pygame-free),
point and ellipse objects come back as plain rectangles (we take a rectangle's centre, so either
shape works for a space), and layers are looked up by name rather than by document order.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import xml.etree.ElementTree as ElementTree
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from .biomes import Biome, ConnectionKind
from .board import Board, Connection, ContestedSpot, MapError, Point, RoadSegment, TentSpace, Territory
from .geometry import point_in_polygon

LAYER_TERRITORIES = "territories"
LAYER_TENT_SPACES = "tent_spaces"
LAYER_RUIN_SPACES = "ruin_spaces"
LAYER_TOTEM_SPACES = "totem_spaces"
LAYER_ROADS = "roads"
LAYER_CONNECTIONS = "connections"
LAYER_CONTESTED = "contested"
LAYER_BACKGROUND = "background"

KNOWN_MODES = frozenset({"multiplayer", "solo", "coop"})


@contextlib.contextmanager
def _pygame_blocked() -> Iterator[None]:
    """Make `import pygame` fail while pytmx's package __init__ runs, unless pygame is already loaded."""
    if "pygame" in sys.modules:
        yield
        return
    sys.modules["pygame"] = None  # type: ignore[assignment]
    try:
        yield
    finally:
        if sys.modules.get("pygame", 0) is None:
            del sys.modules["pygame"]


def _pytmx() -> ModuleType:
    # pytmx logs "cannot import pygame" when its optional pygame tools are blocked; that is expected.
    logging.getLogger("pytmx").setLevel(logging.CRITICAL)
    logging.getLogger("pytmx.util_pygame").disabled = True
    with _pygame_blocked():
        return importlib.import_module("pytmx")


class _Reader:
    def __init__(self, path: Path, tiled: Any) -> None:
        self.path = path
        self.tiled = tiled
        self.map_id = str(tiled.properties.get("map_id") or path.stem)

    def fail(self, what: str, problem: str) -> MapError:
        return MapError(f"{self.map_id}: {what}: {problem}")

    def layer(self, name: str, required: bool = True) -> list[Any]:
        for layer in self.tiled.layers:
            if getattr(layer, "name", None) == name:
                return list(layer)
        if required:
            raise self.fail(f"layer {name!r}", "missing (see docs/maps.md for the layer names)")
        return []

    @staticmethod
    def centre(obj: Any) -> Point:
        return (float(obj.x) + float(obj.width) / 2.0, float(obj.y) + float(obj.height) / 2.0)

    def describe(self, obj: Any) -> str:
        label = f" {obj.name!r}" if getattr(obj, "name", None) else ""
        return f"object {obj.id}{label}"

    def prop(self, obj: Any, key: str, kind: type, default: Any = ...) -> Any:
        value = obj.properties.get(key, ...)
        if value is ... or value is None or value == "":
            if default is ...:
                raise self.fail(self.describe(obj), f"needs the property {key!r}")
            return default
        try:
            if kind is bool and isinstance(value, str):
                return value.strip().lower() in {"true", "1", "yes"}
            return kind(value)
        except (TypeError, ValueError):
            raise self.fail(self.describe(obj), f"property {key!r} has the bad value {value!r}") from None

    def biome(self, obj: Any, key: str = "biome") -> Biome:
        text = self.prop(obj, key, str)
        try:
            return Biome.parse(text)
        except ValueError as error:
            raise self.fail(self.describe(obj), str(error)) from None

    def read(self) -> Board:
        props = self.tiled.properties
        modes_text = str(props.get("modes") or "multiplayer")
        modes = frozenset(m.strip() for m in modes_text.split(",") if m.strip())
        unknown = modes - KNOWN_MODES
        if unknown:
            raise self.fail("map property 'modes'", f"unknown mode(s) {sorted(unknown)}")
        rules = tuple(r.strip() for r in str(props.get("rules") or "").split(",") if r.strip())

        territories_raw = sorted(self.layer(LAYER_TERRITORIES), key=lambda o: o.id)
        territory_index: dict[int, int] = {}
        polygons: list[tuple[Point, ...]] = []
        for obj in territories_raw:
            points = getattr(obj, "points", None)
            if not points or len(points) < 3:
                raise self.fail(self.describe(obj), "a territory must be a polygon")
            territory_index[obj.id] = len(polygons)
            polygons.append(tuple((float(p[0]), float(p[1])) for p in points))

        def territory_at(obj: Any, position: Point) -> int:
            hits = [i for i, poly in enumerate(polygons) if point_in_polygon(position, poly)]
            if len(hits) != 1:
                where = "no territory" if not hits else f"{len(hits)} territories"
                raise self.fail(self.describe(obj), f"lies inside {where} (must lie inside exactly one)")
            return hits[0]

        spaces: list[TentSpace] = []
        space_index: dict[int, int] = {}
        tents_per_territory: list[list[int]] = [[] for _ in polygons]
        for obj in sorted(self.layer(LAYER_TENT_SPACES), key=lambda o: o.id):
            position = self.centre(obj)
            territory = territory_at(obj, position)
            index = len(spaces)
            space_index[obj.id] = index
            tents_per_territory[territory].append(index)
            spaces.append(TentSpace(index=index, object_id=obj.id, position=position, territory=territory,
                                    purple_road=self.prop(obj, "purple_road", bool, False)))
        for obj in sorted(self.layer(LAYER_RUIN_SPACES, required=False), key=lambda o: o.id):
            index = len(spaces)
            space_index[obj.id] = index
            spaces.append(TentSpace(index=index, object_id=obj.id, position=self.centre(obj), territory=None,
                                    ruin_biome=self.biome(obj), connection=self.prop(obj, "connection", int)))

        totem_spaces: dict[int, Point] = {}
        for obj in self.layer(LAYER_TOTEM_SPACES):
            position = self.centre(obj)
            territory = territory_at(obj, position)
            if territory in totem_spaces:
                raise self.fail(self.describe(obj), f"second totem space in territory {territories_raw[territory].name!r}")
            totem_spaces[territory] = position

        territories = tuple(
            Territory(index=i, object_id=obj.id, name=str(obj.name or f"Territory {i + 1}"), biome=self.biome(obj),
                      polygon=polygons[i], tent_spaces=tuple(tents_per_territory[i]), totem_space=totem_spaces.get(i))
            for i, obj in enumerate(territories_raw)
        )

        def territory_ref(obj: Any, key: str) -> int:
            ref = self.prop(obj, key, int)
            if ref not in territory_index:
                raise self.fail(self.describe(obj), f"property {key!r} refers to object {ref}, which is not a territory")
            return territory_index[ref]

        connections: list[Connection] = []
        for obj in self.layer(LAYER_CONNECTIONS):
            kind_text = self.prop(obj, "kind", str).strip().lower()
            try:
                kind = ConnectionKind(kind_text)
            except ValueError:
                raise self.fail(self.describe(obj), f"property 'kind' must be land or water, not {kind_text!r}") from None
            peak = self.prop(obj, "peak_group", int, 0)
            connections.append(Connection(number=self.prop(obj, "number", int), object_id=obj.id,
                                          territories=(territory_ref(obj, "territory_a"), territory_ref(obj, "territory_b")),
                                          kind=kind, position=self.centre(obj), peak_group=peak or None))
        connections.sort(key=lambda c: c.number)

        roads: list[RoadSegment] = []
        for obj in sorted(self.layer(LAYER_ROADS), key=lambda o: o.id):
            ends = []
            for key in ("space_a", "space_b"):
                ref = self.prop(obj, key, int)
                if ref not in space_index:
                    raise self.fail(self.describe(obj), f"property {key!r} refers to object {ref}, which is not a tent or ruin space")
                ends.append(space_index[ref])
            along = self.prop(obj, "along_connection", int, 0)
            waypoints = tuple((float(p[0]), float(p[1])) for p in getattr(obj, "points", ()) or ())
            roads.append(RoadSegment(object_id=obj.id, a=ends[0], b=ends[1], along_connection=along or None,
                                     waypoints=waypoints[1:-1] if len(waypoints) > 2 else ()))

        contested = tuple(
            ContestedSpot(index=i, object_id=obj.id, position=self.centre(obj),
                          territories=(territory_ref(obj, "territory_a"), territory_ref(obj, "territory_b")))
            for i, obj in enumerate(sorted(self.layer(LAYER_CONTESTED, required=False), key=lambda o: o.id))
        )

        background = None
        for layer in self.tiled.layers:
            if getattr(layer, "name", None) == LAYER_BACKGROUND and getattr(layer, "source", None):
                background = str((self.path.parent / layer.source).resolve())

        try:
            min_players = int(props.get("min_players", 2))
            max_players = int(props.get("max_players", 5))
        except (TypeError, ValueError):
            raise self.fail("map properties", "min_players and max_players must be whole numbers") from None
        return Board(
            map_id=self.map_id, name=str(props.get("display_name") or self.map_id), min_players=min_players,
            max_players=max_players, modes=modes, uses_mountains=self.prop(self.tiled, "mountains", bool, False),
            rules=rules, size=(int(self.tiled.width * self.tiled.tilewidth), int(self.tiled.height * self.tiled.tileheight)),
            territories=territories, spaces=tuple(spaces), roads=tuple(roads), connections=tuple(connections),
            contested_spots=contested, background=background, source=str(self.path),
        )


def load_board(path: str | Path) -> Board:
    """Load one map; every failure becomes a one-line MapError, never a traceback from the XML layer."""
    path = Path(path)
    if not path.is_file():
        raise MapError(f"{path}: no such map file")
    try:
        root_tag = next(ElementTree.iterparse(path, events=("start",)))[1].tag.rpartition("}")[2]
    except (ElementTree.ParseError, OSError, StopIteration) as error:
        raise MapError(f"{path.name}: not a readable Tiled map ({error})") from None
    if root_tag != "map":
        raise MapError(f"{path.name}: not a Tiled map (its root element is <{root_tag}>, not <map>)")
    pytmx = _pytmx()
    try:
        tiled = pytmx.TiledMap(str(path), load_all_tiles=False)
    except MapError:
        raise
    except Exception as error:  # pytmx raises bare ValueError/KeyError/ParseError on foreign or broken files
        first_line = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise MapError(f"{path.name}: not a readable Tiled map ({first_line})") from None
    reader = _Reader(path, tiled)
    try:
        return reader.read()
    except MapError:
        raise
    except (AttributeError, TypeError, ValueError, KeyError) as error:
        raise MapError(f"{reader.map_id}: malformed map data ({error})") from None
