"""The pre-check of a Tiled map: everything bounded before pytmx parses it any deeper.

A `.tmx` file is XML, and XML can do harm that JSON cannot: a DTD with internal entities expands a
few bytes into millions of characters (a map name of seven million characters was accepted), an
external entity or tileset reads other files, a compressed tile layer inflates a few kilobytes into
gigabytes, and numbers can be infinite or absurd (a connection numbered 10^13 kept the validator
counting for ever). So the file comes in through `reader.read_bytes` (regular file, bounded size)
and is then streamed once through expat with every declaration refused and every count, length and
number checked against fixed bounds. Only a file that passes is parsed into an element tree, which
is what pytmx then reads (it never opens the file itself).

The bounds are generous multiples of what the bundled maps use (about 200 objects, polygons of
under 30 points, coordinates up to 1600) and of what docs/maps.md allows; docs/save-format.md lists them.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from xml.parsers import expat

from iwari_desktop.engine.files.reader import (
    LIMITS, FileKind, FileReadError, clip, file_label, read_bytes, short,
)
from iwari_desktop.engine.core.text import Text
from iwari_desktop.i18n import N_

MAP_LIMITS = LIMITS[FileKind.MAP]
MAX_ELEMENTS = MAP_LIMITS.max_items          # XML elements in one map
MAX_DEPTH = MAP_LIMITS.max_depth             # nesting of elements
MAX_ATTRIBUTE = 1_000                        # characters of one attribute (names, property values)
MAX_TEXT = MAP_LIMITS.max_string             # characters of text inside one element (a multi-line property)
MAX_POINTS_PER_SHAPE = 1_000                 # points of one polygon or polyline
MAX_POINTS = 50_000                          # points of every shape together
MAX_COORDINATE = 1_000_000.0                 # absolute value of any coordinate or size
MAX_TILES = 1_000                            # map and tile-layer width or height, in tiles
MAX_TILE_PX = 1_024                          # tile width or height in pixels
MAX_MAP_PX = 16_384                          # map width or height in pixels
MAX_INT_PROPERTY = 1_000_000                 # absolute value of an int property (connection numbers, ids)
ENCODINGS = frozenset({"utf-8", "utf8", "us-ascii", "ascii"})

NUMERIC_ATTRIBUTES = frozenset({
    "x", "y", "width", "height", "rotation", "id", "tilewidth", "tileheight", "nextlayerid", "nextobjectid",
    "offsetx", "offsety", "firstgid", "tilecount", "columns", "spacing", "margin", "hexsidelength", "opacity",
    "parallaxx", "parallaxy", "parallaxoriginx", "parallaxoriginy", "compressionlevel",
})
_NUMBER = re.compile(r"^[-+]?(\d{1,15}(\.\d{0,15})?|\.\d{1,15})([eE][-+]?\d{1,3})?$")
_INTEGER = re.compile(r"^[-+]?\d{1,15}$")
_DECLARATION = re.compile(rb"^\s*<\?xml[^>]*?encoding\s*=\s*[\"']([^\"']{0,40})[\"']")


class MapFileError(FileReadError):
    """A map file refused before parsing; one line naming the file."""


def read_tmx(path: str | Path) -> ElementTree.Element:
    """The map's XML root, from a file that passed every bound; MapFileError (one line) otherwise."""
    try:
        raw = read_bytes(path, FileKind.MAP)
    except FileReadError as error:
        raise MapFileError(error.text or str(error)) from None
    return parse_tmx_bytes(raw, file_label(path))


def parse_tmx_bytes(raw: bytes, name: str) -> ElementTree.Element:
    """Check `raw` (see the module docstring), then parse it; MapFileError names `name` and the problem."""
    _check_encoding(raw, name)
    checker = _Checker(name)
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.StartDoctypeDeclHandler = checker.refuse_dtd
    parser.EntityDeclHandler = checker.refuse_entity
    parser.UnparsedEntityDeclHandler = checker.refuse_entity
    parser.NotationDeclHandler = checker.refuse_entity
    parser.ExternalEntityRefHandler = checker.refuse_external
    parser.StartElementHandler = checker.start
    parser.EndElementHandler = checker.end
    parser.CharacterDataHandler = checker.text
    try:
        parser.Parse(raw, True)
    except expat.ExpatError as error:
        raise MapFileError(Text(N_("{file}: not a readable Tiled map ({detail})"), file=name, detail=f"{expat.ErrorString(error.code)}: "
                                f"line {error.lineno}, column {error.offset}")) from None
    except (LookupError, UnicodeError, ValueError) as error:
        if isinstance(error, MapFileError):
            raise
        raise MapFileError(Text(N_("{file}: not a readable Tiled map ({detail})"), file=name, detail=clip(str(error), 80))) from None
    if checker.root is None:
        raise MapFileError(Text(N_("{file}: not a readable Tiled map (no XML element)"), file=name))
    if checker.root != "map":
        raise MapFileError(Text(N_("{file}: not a Tiled map (its root element is <{root}>, not <map>)"), file=name,
                                root=clip(checker.root, 40)))
    try:
        return ElementTree.fromstring(raw)
    except ElementTree.ParseError as error:  # cannot happen after expat accepted it; one line all the same
        raise MapFileError(Text(N_("{file}: not a readable Tiled map ({detail})"), file=name, detail=str(error))) from None


def _check_encoding(raw: bytes, name: str) -> None:
    """Only UTF-8 (what Tiled writes): an unknown or exotic declared encoding is refused by name."""
    head = raw[3:] if raw.startswith(b"\xef\xbb\xbf") else raw
    if head.startswith((b"\xff\xfe", b"\xfe\xff")) or head[:2] in (b"<\x00", b"\x00<"):
        raise MapFileError(Text(N_("{file}: not a readable Tiled map (UTF-16 text; save the map as UTF-8)"), file=name))
    match = _DECLARATION.match(head[:200])
    if match:
        encoding = match.group(1).decode("ascii", "replace").strip().lower()
        if encoding not in ENCODINGS:
            raise MapFileError(Text(N_("{file}: not a readable Tiled map (encoding {encoding}; Tiled maps are UTF-8)"),
                                    file=name, encoding=repr(clip(encoding, 40))))
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as error:
        raise MapFileError(Text(N_("{file}: not a readable Tiled map (not UTF-8 at byte {byte})"), file=name,
                                byte=error.start)) from None


class _Checker:
    """expat handlers that raise MapFileError at the first thing out of bounds."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.root: str | None = None
        self.depth = 0
        self.elements = 0
        self.points = 0
        self.text_length = 0
        self.current = ""
        self.property_type = ""

    def fail(self, what: str) -> MapFileError:
        return MapFileError(Text(N_("{file}: map refused ({what})"), file=self.name, what=what))

    # -- declarations: none allowed ---------------------------------------------------------
    def refuse_dtd(self, *_args: object) -> None:
        raise self.fail("a DTD (<!DOCTYPE ...>) is not allowed in a map; Tiled never writes one")

    def refuse_entity(self, *_args: object) -> None:
        raise self.fail("entity and notation declarations are not allowed in a map")

    def refuse_external(self, *_args: object) -> int:
        raise self.fail("external entities are not allowed in a map")

    # -- elements ---------------------------------------------------------------------------
    def start(self, tag: str, attributes: dict[str, str]) -> None:
        if self.root is None:
            self.root = tag
        self.depth += 1
        self.elements += 1
        self.current = tag
        self.text_length = 0
        if self.depth > MAX_DEPTH:
            raise self.fail(f"elements nested more than {MAX_DEPTH} deep")
        if self.elements > MAX_ELEMENTS:
            raise self.fail(f"more than {MAX_ELEMENTS:,} XML elements")
        for key, value in attributes.items():
            self.attribute(tag, key, value)
        if tag == "map":
            self.map_size(attributes)
        elif tag == "layer":
            self.layer_size(attributes)
        elif tag == "data" and attributes.get("compression"):
            raise self.fail(f"compressed tile data ({clip(attributes['compression'], 20)}); "
                            "set the layer format to CSV in Tiled")
        elif tag == "tileset" and attributes.get("source"):
            raise self.fail("an external tileset file; embed the tileset in the map in Tiled")
        elif tag == "image" and attributes.get("source"):
            source = attributes["source"]
            if any(sep in source for sep in "/\\") or source.startswith(".") or not source.lower().endswith(".png"):
                raise self.fail(f"image {clip(source, 40)!r}: a map's picture is a .png file beside the map")
        elif tag == "property":
            self.property(attributes)

    def end(self, _tag: str) -> None:
        self.depth -= 1

    def text(self, data: str) -> None:
        self.text_length += len(data)
        limit = MAP_LIMITS.max_bytes if self.current == "data" else MAX_TEXT
        if self.text_length > limit:
            raise self.fail(f"a text of over {limit:,} characters in <{clip(self.current, 20)}>")

    # -- values -----------------------------------------------------------------------------
    def attribute(self, tag: str, key: str, value: str) -> None:
        if key == "points" and tag in ("polygon", "polyline"):
            self.shape(value)
            return
        if len(value) > MAX_ATTRIBUTE:
            raise self.fail(f"<{clip(tag, 20)}> attribute {clip(key, 20)!r} is {len(value):,} characters long "
                            f"(at most {MAX_ATTRIBUTE:,})")
        if key in NUMERIC_ATTRIBUTES and tag != "property":
            self.number(f"<{tag}> {key}", value, MAX_COORDINATE)
        elif key == "gid":
            self.number(f"<{tag}> gid", value, 2.0 ** 32, integer=True)

    def number(self, what: str, value: str, bound: float, integer: bool = False) -> float:
        text = value.strip()
        pattern = _INTEGER if integer else _NUMBER
        if not pattern.match(text):
            raise self.fail(f"{clip(what, 40)} is not a plain number: {short(value, 30)}")
        number = float(text)
        if not math.isfinite(number) or abs(number) > bound:
            raise self.fail(f"{clip(what, 40)} = {clip(text, 30)} is out of range (at most {bound:,.0f})")
        return number

    def shape(self, value: str) -> None:
        pairs = value.split()
        if len(pairs) > MAX_POINTS_PER_SHAPE:
            raise self.fail(f"a polygon of {len(pairs):,} points (at most {MAX_POINTS_PER_SHAPE:,})")
        self.points += len(pairs)
        if self.points > MAX_POINTS:
            raise self.fail(f"more than {MAX_POINTS:,} polygon points in all")
        for pair in pairs:
            parts = pair.split(",")
            if len(parts) != 2:
                raise self.fail(f"polygon point {clip(pair, 30)!r} is not x,y")
            for part in parts:
                self.number("a polygon point", part, MAX_COORDINATE)

    def map_size(self, attributes: dict[str, str]) -> None:
        tiles = [self.number(f"<map> {k}", attributes.get(k, "0"), MAX_TILES) for k in ("width", "height")]
        pixels = [self.number(f"<map> {k}", attributes.get(k, "0"), MAX_TILE_PX) for k in ("tilewidth", "tileheight")]
        for count, size, axis in zip(tiles, pixels, ("width", "height")):
            if count * size > MAX_MAP_PX:
                raise self.fail(f"a map {count * size:,.0f} pixels in {axis} (at most {MAX_MAP_PX:,})")

    def layer_size(self, attributes: dict[str, str]) -> None:
        for key in ("width", "height"):
            self.number(f"<layer> {key}", attributes.get(key, "0"), MAX_TILES)

    def property(self, attributes: dict[str, str]) -> None:
        kind = attributes.get("type", "string")
        value = attributes.get("value", "")
        what = f"property {clip(attributes.get('name', '?'), 30)!r}"
        if kind == "int":
            self.number(what, value, MAX_INT_PROPERTY, integer=True)
        elif kind == "float":
            self.number(what, value, MAX_COORDINATE)
