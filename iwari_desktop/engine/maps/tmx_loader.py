"""Reads a Tiled `.tmx` file into a Board with pytmx's `TiledMap`, without ever importing pygame.

The layer and property vocabulary is documented in docs/maps.md. Three pytmx quirks shape this
module: `import pytmx` tries to import pygame (we block that so the engine stays pygame-free),
point and ellipse objects come back as plain rectangles (we take a rectangle's centre, so either
shape works for a space), and layers are looked up by name rather than by document order.

Two modes: strict (the game) raises a one-line MapError at the first broken object; lenient
(`load_board(path, problems)`, used by `maps validate`) records each broken reference or placement
as a MapProblem, leaves that object out and goes on, so a map artist sees every problem at once.
A file that is not a map at all raises MapError in both modes.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from iwari_desktop.engine.core.biomes import Biome, ConnectionKind
from iwari_desktop.engine.maps.board import Board, Connection, ContestedSpot, MapError, MapProblem, Point, RoadSegment, TentSpace, Territory
from iwari_desktop.engine.files.reader import clip, is_ascii_number, is_plain_id, one_line, short
from iwari_desktop.engine.files.tmxcheck import MAX_INT_PROPERTY, MapFileError, read_tmx
from iwari_desktop.engine.maps.geometry import point_in_polygon
from iwari_desktop.engine.core.text import Text
from iwari_desktop.i18n import N_

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


class _Skip(Exception):
    """One object breaks a rule of docs/maps.md; the reader reports it and leaves the object out.

    `quiet` skips without a report: the object only refers to another one that was left out for
    its own problem, which has been reported already (one mistake, one line).
    """

    def __init__(self, constraint: str = "", detail: str = "", quiet: bool = False) -> None:
        super().__init__(constraint)
        self.constraint = constraint
        self.detail = detail
        self.quiet = quiet


ROAD_ENDS = "MAPS.md: a road segment joins two existing spaces"
CONNECTION_ENDS = "MAPS.md: a connection joins two existing territories"
CONTESTED_ENDS = "docs/maps.md: a contested spot joins two existing territories"
TYPE_WORDS = {int: "a whole number", bool: "true or false", str: "text"}
MAX_NAME = 100  # characters of a map's or a territory's name (they are drawn on the board and in lists)


def bounded_int(value: Any) -> int:
    """A property value as an int: a Tiled int, or ASCII digits (no '٣', no thousand digits), within bounds."""
    if isinstance(value, bool):
        raise ValueError(value)
    if isinstance(value, str):
        text = value.strip()
        digits = text[1:] if text[:1] in "+-" else text
        if not (0 < len(digits) <= 9 and digits.isascii() and digits.isdigit()):
            raise ValueError(value)
        value = int(text)
    if not isinstance(value, int) or abs(value) > MAX_INT_PROPERTY:
        raise ValueError(value)
    return value


class _Reader:
    """Turns one pytmx map into a Board.

    Strict (`problems is None`): the first broken object raises a one-line MapError. Lenient: each
    broken object (a missing or bad property, a space outside every territory, a second totem
    space, a reference to an object that is not there) becomes a MapProblem in `problems` and is
    left out, so that one run lists every such problem and the validator can check the rest.
    """

    def __init__(self, path: Path, tiled: Any, problems: list[MapProblem] | None = None) -> None:
        self.path = path
        self.tiled = tiled
        self.map_id = str(tiled.properties.get("map_id") or path.stem)
        if not is_plain_id(self.map_id):  # ids become file names (saves name their map by id)
            raise MapError(f"{clip(path.name, 80)}: map_id {short(self.map_id)} must be a plain id "
                           "(letters, digits, '-' and '_', at most 64)")
        self.problems = problems
        self.skipped: dict[str, set[int]] = {}  # object kind → ids left out for their own problem

    def report(self, what: str, constraint: str, detail: str = "") -> None:
        problem = MapProblem(self.map_id, what, constraint, detail)
        if self.problems is None:
            raise MapError(str(problem))
        self.problems.append(problem)

    def layer(self, name: str, required: bool = True) -> list[Any]:
        for layer in self.tiled.layers:
            if getattr(layer, "name", None) == name:
                return sorted(layer, key=lambda o: o.id)
        if required:  # no layer means no Board at all, in either mode
            raise MapError(f"{self.map_id}: layer {name!r}: missing (see docs/maps.md for the layer names)")
        return []

    @staticmethod
    def centre(obj: Any) -> Point:
        return (float(obj.x) + float(obj.width) / 2.0, float(obj.y) + float(obj.height) / 2.0)

    @staticmethod
    def label(kind: str, obj: Any) -> str:
        """Names an object as the validator does, plus its id, which Tiled shows in the Properties panel."""
        if kind == "territory" and getattr(obj, "name", None):
            return f"territory {clip(str(obj.name))!r} (object {obj.id})"
        if kind == "connection" and is_ascii_number(str(obj.properties.get("number", "")).strip()):
            return f"connection {int(obj.properties['number'])} (object {obj.id})"
        return f"{kind} (object {obj.id})"

    def each(self, kind: str, objects: list[Any], read: Callable[[Any], Any]) -> list[tuple[Any, Any]]:
        """(object, read(object)) for each object; one that raises _Skip is reported and left out."""
        kept = []
        for obj in objects:
            try:
                kept.append((obj, read(obj)))
            except _Skip as skip:
                self.skipped.setdefault(kind, set()).add(obj.id)
                if not skip.quiet:
                    self.report(self.label(kind, obj), skip.constraint, skip.detail)
        return kept

    def prop(self, obj: Any, key: str, kind: type, default: Any = ...) -> Any:
        value = obj.properties.get(key, ...)
        if value is ... or value is None or value == "":
            if default is ...:
                raise _Skip(f"docs/maps.md: needs the property {key!r}")
            return default
        try:
            if kind is bool and isinstance(value, str):
                return value.strip().lower() in {"true", "1", "yes"}
            if kind is int:
                return bounded_int(value)
            return kind(value)
        except (TypeError, ValueError, OverflowError):
            raise _Skip(f"docs/maps.md: property {key!r} is {TYPE_WORDS.get(kind, kind.__name__)}"
                        + (f" from -{MAX_INT_PROPERTY:,} to {MAX_INT_PROPERTY:,}" if kind is int else ""),
                        f"has {short(value)}") from None

    def biome(self, obj: Any) -> Biome:
        text = self.prop(obj, "biome", str)
        try:
            return Biome.parse(text)
        except ValueError:
            raise _Skip(f"docs/maps.md: biome is one of {', '.join(b.key for b in Biome)}", f"has {text!r}") from None

    def pair(self, obj: Any, keys: tuple[str, str], index: dict[int, int], kinds: tuple[str, ...],
             constraint: str) -> tuple[int, int]:
        """The dense indices of the two objects that properties `keys` point at (object references in Tiled).

        An end pointing at nothing is reported; an end pointing at an object left out for its own
        problem only leaves this object out too, unless the other end is broken in its own right.
        """
        ends: list[int] = []
        quiet = False
        for key in keys:
            target = self.prop(obj, key, int)
            if target in index:
                ends.append(index[target])
            elif any(target in self.skipped.get(kind, ()) for kind in kinds):
                quiet = True
            else:
                raise _Skip(constraint, f"property {key!r} refers to object {target}, which is not a {' or '.join(kinds)}")
        if quiet:
            raise _Skip(quiet=True)
        return ends[0], ends[1]

    def map_properties(self) -> tuple[frozenset[str], tuple[str, ...], int, int, bool]:
        props = self.tiled.properties
        modes_text = str(props.get("modes") or "multiplayer")
        modes = frozenset(m.strip() for m in modes_text.split(",") if m.strip())
        unknown = modes - KNOWN_MODES
        if unknown:
            self.report("map", "docs/maps.md: modes are multiplayer, solo or coop", f"unknown {', '.join(sorted(unknown))}")
            modes = (modes - unknown) or frozenset({"multiplayer"})
        rules = tuple(r.strip() for r in str(props.get("rules") or "").split(",") if r.strip())
        try:
            players = (bounded_int(props.get("min_players", 2)), bounded_int(props.get("max_players", 5)))
        except (TypeError, ValueError):
            self.report("map", "docs/maps.md: min_players and max_players are whole numbers",
                        f"has {short(props.get('min_players'))} and {short(props.get('max_players'))}")
            players = (2, 5)
        mountains = str(props.get("mountains", "")).strip().lower() in {"true", "1", "yes"}
        return modes, rules, players[0], players[1], mountains

    def read(self) -> Board:
        modes, rules, min_players, max_players, mountains = self.map_properties()

        def outline(obj: Any) -> tuple[Point, ...]:
            if len(str(obj.name or "")) > MAX_NAME:
                raise _Skip(f"docs/maps.md: a territory name has at most {MAX_NAME} characters",
                            f"has {len(str(obj.name)):,}")
            points = getattr(obj, "points", None)
            if not points or len(points) < 3:
                raise _Skip("docs/maps.md: a territory is a polygon", f"has {len(points or ())} points")
            return tuple((float(p[0]), float(p[1])) for p in points)

        # Every outlined territory counts for placing spaces, even one left out for a bad biome:
        # its spaces are then left out quietly instead of each being reported as outside the map.
        outlined = self.each("territory", self.layer(LAYER_TERRITORIES), outline)
        biomes = {obj.id: biome for obj, biome in self.each("territory", [o for o, _ in outlined], self.biome)}
        kept = [(obj, polygon) for obj, polygon in outlined if obj.id in biomes]
        territory_index = {obj.id: i for i, (obj, _) in enumerate(kept)}

        def territory_at(kind: str) -> Callable[[Any], int]:
            def place(obj: Any) -> int:
                position = self.centre(obj)
                hits = [o.id for o, polygon in outlined if point_in_polygon(position, polygon)]
                if len(hits) != 1:
                    where = "no territory" if not hits else f"{len(hits)} territories"
                    raise _Skip(f"docs/maps.md: a {kind} lies inside exactly one territory", f"lies inside {where}")
                if hits[0] not in territory_index:
                    raise _Skip(quiet=True)
                return territory_index[hits[0]]
            return place

        tent_place = territory_at("tent space")

        def tent(obj: Any) -> tuple[int, bool]:
            return tent_place(obj), self.prop(obj, "purple_road", bool, False)

        def ruin(obj: Any) -> tuple[Biome, int]:
            return self.biome(obj), self.prop(obj, "connection", int)

        spaces: list[TentSpace] = []
        tents_per_territory: list[list[int]] = [[] for _ in kept]
        for obj, (territory, purple) in self.each("tent space", self.layer(LAYER_TENT_SPACES), tent):
            tents_per_territory[territory].append(len(spaces))
            spaces.append(TentSpace(index=len(spaces), object_id=obj.id, position=self.centre(obj),
                                    territory=territory, purple_road=purple))
        for obj, (biome, connection) in self.each("ruin space", self.layer(LAYER_RUIN_SPACES, required=False), ruin):
            spaces.append(TentSpace(index=len(spaces), object_id=obj.id, position=self.centre(obj), territory=None,
                                    ruin_biome=biome, connection=connection))
        space_index = {space.object_id: space.index for space in spaces}

        totem_spaces: dict[int, Point] = {}
        totem_place = territory_at("totem space")

        def totem(obj: Any) -> int:
            territory = totem_place(obj)
            if territory in totem_spaces:
                raise _Skip("MAPS.md: exactly one totem space per territory",
                            f"second totem space in territory {kept[territory][0].name!r}")
            totem_spaces[territory] = self.centre(obj)
            return territory

        self.each("totem space", self.layer(LAYER_TOTEM_SPACES), totem)

        territories = tuple(
            Territory(index=i, object_id=obj.id, name=str(obj.name or f"Territory {i + 1}"), biome=biomes[obj.id],
                      polygon=polygon, tent_spaces=tuple(tents_per_territory[i]), totem_space=totem_spaces.get(i))
            for i, (obj, polygon) in enumerate(kept)
        )

        def ends(obj: Any, constraint: str) -> tuple[int, int]:
            return self.pair(obj, ("territory_a", "territory_b"), territory_index, ("territory",), constraint)

        def connection(obj: Any) -> Connection:
            kind_text = self.prop(obj, "kind", str).strip().lower()
            try:
                kind = ConnectionKind(kind_text)
            except ValueError:
                raise _Skip("docs/maps.md: kind is land or water", f"has {kind_text!r}") from None
            return Connection(number=self.prop(obj, "number", int), object_id=obj.id, territories=ends(obj, CONNECTION_ENDS),
                              kind=kind, position=self.centre(obj), peak_group=self.prop(obj, "peak_group", int, 0) or None)

        connections = sorted((c for _, c in self.each("connection", self.layer(LAYER_CONNECTIONS), connection)),
                             key=lambda c: c.number)

        def road(obj: Any) -> RoadSegment:
            a, b = self.pair(obj, ("space_a", "space_b"), space_index, ("tent space", "ruin space"), ROAD_ENDS)
            waypoints = tuple((float(p[0]), float(p[1])) for p in getattr(obj, "points", ()) or ())
            return RoadSegment(object_id=obj.id, a=a, b=b, along_connection=self.prop(obj, "along_connection", int, 0) or None,
                               waypoints=waypoints[1:-1] if len(waypoints) > 2 else ())

        roads = tuple(r for _, r in self.each("road segment", self.layer(LAYER_ROADS), road))

        def contested_spot(obj: Any) -> tuple[int, int]:
            return ends(obj, CONTESTED_ENDS)

        contested = tuple(
            ContestedSpot(index=i, object_id=obj.id, position=self.centre(obj), territories=pair)
            for i, (obj, pair) in enumerate(self.each("contested spot", self.layer(LAYER_CONTESTED, required=False),
                                                      contested_spot))
        )

        background = None
        for layer in self.tiled.layers:
            if getattr(layer, "name", None) == LAYER_BACKGROUND and getattr(layer, "source", None):
                background = str((self.path.parent / layer.source).resolve())

        name = str(self.tiled.properties.get("display_name") or self.map_id)
        if len(name) > MAX_NAME:
            self.report("map", f"docs/maps.md: display_name has at most {MAX_NAME} characters", f"has {len(name):,}")
            name = clip(name, MAX_NAME)
        return Board(
            map_id=self.map_id, name=name,
            min_players=min_players, max_players=max_players, modes=modes, uses_mountains=mountains, rules=rules,
            size=(int(self.tiled.width * self.tiled.tilewidth), int(self.tiled.height * self.tiled.tileheight)),
            territories=territories, spaces=tuple(spaces), roads=roads, connections=tuple(connections),
            contested_spots=contested, background=background, source=str(self.path),
        )


def load_board(path: str | Path, problems: list[MapProblem] | None = None) -> Board:
    """Load one map; every failure becomes a one-line MapError, never a traceback from the XML layer.

    Strict by default (the game): the first broken object raises MapError. With a `problems` list
    (lenient, for `maps validate`): broken references and placements are appended to it as
    MapProblems and the objects are left out of the Board; only a file that is no map at all (not
    XML, not a Tiled `<map>`, a required layer missing, data pytmx cannot read) still raises.
    """
    path = Path(path)
    try:
        path.stat()
    except FileNotFoundError:
        raise MapError(Text(N_("{file}: no such map file"), file=clip(str(path), 250))) from None
    except OSError as error:  # a name too long, a loop of links...
        raise MapError(Text(N_("{file}: cannot be read ({reason})"), file=clip(path.name, 80),
                            reason=error.strerror or type(error).__name__)) from None
    try:
        root = read_tmx(path)  # bounded and declaration-free, or refused in one line
    except MapFileError as error:
        raise MapError(error.text or str(error)) from None
    pytmx = _pytmx()
    try:
        tiled = pytmx.TiledMap(None, load_all_tiles=False)
        tiled.filename = str(path)
        tiled.parse_xml(root)
    except MapError:
        raise
    except Exception as error:  # pytmx raises bare ValueError/KeyError/... on foreign or broken files
        first_line = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise MapError(Text(N_("{file}: not a readable Tiled map ({detail})"), file=clip(path.name, 80),
                            detail=one_line(clip(first_line, 120)))) from None
    reader = _Reader(path, tiled, problems)
    try:
        return reader.read()
    except MapError as error:
        raise MapError(one_line(str(error))) from None
    except (AttributeError, TypeError, ValueError, KeyError, ArithmeticError) as error:
        raise MapError(one_line(f"{reader.map_id}: malformed map data ({clip(str(error), 120)})")) from None
