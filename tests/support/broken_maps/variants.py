"""The deliberately broken maps of this folder: the valid fixture map of `map_fixtures`, with one thing wrong.

Each variant is a small mutation of the fixture's data (or, for files that are not maps at all,
plain text). The `.tmx` files here are generated from this module so that they never drift from
it; run `.venv/bin/python tests/support/broken_maps/variants.py` after changing this module or
`tests/support/map_fixtures.py`. The problems each file must produce are listed in
`tests/engine/maps/test_map_validator.py`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

if __name__ == "__main__":  # run as a script: make tests/ importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from map_fixtures import (  # noqa: E402
    ContestedSpec, MapSpec, RoadSpec, RuinSpec, SpaceSpec, TotemSpec, border_point, render_tmx, valid_spec,
)

BROKEN_MAPS_DIR = Path(__file__).resolve().parent


def _two_tent_spaces(spec: MapSpec) -> None:
    spec.remove_spaces({s.oid for s in spec.spaces_in("Red Mesa")[2:]})


def _connection_gap(spec: MapSpec) -> None:
    spec.connections[-1].number += 1  # 1..16, then 18


def _road_to_missing_space(spec: MapSpec) -> None:
    spec.roads[0].b = 9999


def _tent_space_in_the_sea(spec: MapSpec) -> None:
    """A tent space dragged into the open water left of Red Mesa, still on its road."""
    stray = SpaceSpec(spec.new_id(), 80, 900, spec.territory("Red Mesa").oid)
    spec.spaces.append(stray)
    spec.roads.append(RoadSpec(spec.new_id(), spec.spaces_in("Red Mesa")[3].oid, stray.oid))


def _two_totem_spaces(spec: MapSpec) -> None:
    pine = spec.territory("Pine Reach")
    spec.totems.append(TotemSpec(spec.new_id(), pine.x + 60, pine.y + 480, pine.oid))


def _connection_to_a_tent_space(spec: MapSpec) -> None:
    """The last connection (water, no peak) points at a tent space instead of a territory."""
    spec.connections[-1].b = spec.spaces_in("Salt Bay")[0].oid


def _peak_group_of_three(spec: MapSpec) -> None:
    spec.connections[2].peak_group = 1  # group 1 three times, group 2 once


def _disconnected_territories(spec: MapSpec) -> None:
    """Cut {Dune Sea, Salt Bay} off from the rest, keeping the connection between the two."""
    cut = {frozenset(("Amber Shore", "Dune Sea")), frozenset(("Ice Fangs", "Salt Bay")),
           frozenset(("Dune Sea", "Ice Fangs"))}
    names = {t.oid: t.name for t in spec.territories}
    spec.connections = [c for c in spec.connections if frozenset((names[c.a], names[c.b])) not in cut]
    spec.renumber()
    spec.assign_peaks()


def _missing_totem_space(spec: MapSpec) -> None:
    oid = spec.territory("Pine Reach").oid
    spec.totems = [t for t in spec.totems if t.territory != oid]


def _duplicate_road(spec: MapSpec) -> None:
    first = spec.roads[0]
    spec.roads.append(RoadSpec(spec.new_id(), first.b, first.a))


def _road_loop(spec: MapSpec) -> None:
    spec.roads[0].b = spec.roads[0].a


def _unknown_rule(spec: MapSpec) -> None:
    spec.rules = "tundra-no-totem"


def _no_water(spec: MapSpec) -> None:
    for conn in spec.connections:
        conn.kind = "land"


def _twin_connection(spec: MapSpec) -> None:
    spec.connect(spec.territory("Ashen Steppe"), spec.territory("Mossy Hollow"), "water")


def _lonely_desert(spec: MapSpec) -> None:
    """No four road-connected desert spaces: every desert space loses its roads."""
    desert = {s.oid for name in ("Dune Sea", "Red Mesa") for s in spec.spaces_in(name)}
    spec.roads = [r for r in spec.roads if r.a not in desert and r.b not in desert]


def _peaks_without_mountains(spec: MapSpec) -> None:
    spec.mountains = False


def _wrong_map_id(spec: MapSpec) -> None:
    spec.map_id = "somewhere-else"


def _six_players(spec: MapSpec) -> None:
    spec.max_players = 6


def _too_few_tent_spaces(spec: MapSpec) -> None:
    """55 in all: each territory loses a dead end (the 7th space on top, the bottom-left one below)."""
    for territory in spec.territories:
        spaces = spec.spaces_in(territory.name)
        spec.remove_spaces({spaces[6].oid} if len(spaces) > 6 else {spaces[3].oid})


def _contested_same_biome(spec: MapSpec) -> None:
    spec.rules = "contested"
    names = [("Ashen Steppe", "Mossy Hollow"), ("Mossy Hollow", "Rime Shelf"), ("Rime Shelf", "Amber Shore"),
             ("Amber Shore", "Dune Sea"), ("Ashen Steppe", "Frost Moor")]  # the last: tundra and tundra
    for a_name, b_name in names:
        a, b = spec.territory(a_name), spec.territory(b_name)
        x, y = border_point(a, b)
        spec.contested.append(ContestedSpec(spec.new_id(), a.oid, b.oid, x, y))


def _long_road_in_two_pieces(spec: MapSpec) -> None:
    spec.rules = "long-road"
    for name in ("Ashen Steppe", "Mossy Hollow", "Rime Shelf"):
        spaces = spec.spaces_in(name)
        spaces[0].purple_road = spaces[1].purple_road = spaces[2].purple_road = True
    spec.spaces_in("Dune Sea")[4].purple_road = True  # a stray purple space, not on the chain


def _ruin_off_connection(spec: MapSpec) -> None:
    spec.rules = "ruins"
    spec.mountains = False
    spec.assign_peaks()
    ruin = RuinSpec(spec.new_id(), 80, 640, "forest", 99)  # in the open water left of Red Mesa
    spec.ruins.append(ruin)
    spec.roads.append(RoadSpec(spec.new_id(), spec.spaces_in("Ashen Steppe")[3].oid, ruin.oid))
    spec.roads.append(RoadSpec(spec.new_id(), ruin.oid, spec.spaces_in("Red Mesa")[0].oid))


def _no_territories_layer(spec: MapSpec) -> None:
    spec.omit_layers.add("territories")


Mutation = Callable[[MapSpec], None]

# name (also the map id and file stem) → mutation of the valid spec
BROKEN_VARIANTS: dict[str, Mutation] = {
    "two-tent-spaces": _two_tent_spaces,
    "connection-gap": _connection_gap,
    "road-to-missing-space": _road_to_missing_space,
    "tent-space-in-the-sea": _tent_space_in_the_sea,
    "two-totem-spaces": _two_totem_spaces,
    "connection-to-a-tent-space": _connection_to_a_tent_space,
    "peak-group-of-three": _peak_group_of_three,
    "disconnected-territories": _disconnected_territories,
    "missing-totem-space": _missing_totem_space,
    "duplicate-road": _duplicate_road,
    "road-loop": _road_loop,
    "unknown-rule": _unknown_rule,
    "no-water": _no_water,
    "twin-connection": _twin_connection,
    "lonely-desert": _lonely_desert,
    "peaks-without-mountains": _peaks_without_mountains,
    "wrong-map-id": _wrong_map_id,
    "six-players": _six_players,
    "too-few-tent-spaces": _too_few_tent_spaces,
    "contested-same-biome": _contested_same_biome,
    "long-road-in-two-pieces": _long_road_in_two_pieces,
    "ruin-off-connection": _ruin_off_connection,
    "no-territories-layer": _no_territories_layer,
}

# files that are not maps at all, by file name
NOT_MAPS: dict[str, str] = {
    "not-xml.tmx": "This is a shopping list, not a map.\n- tents\n- totems\n",
    "not-tiled.tmx": '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>\n',
}


def broken_map_text(name: str) -> str:
    """The text of one broken fixture (a mutated valid map, or one of NOT_MAPS)."""
    if name in NOT_MAPS:
        return NOT_MAPS[name]
    spec = valid_spec(name)
    BROKEN_VARIANTS[name](spec)
    return render_tmx(spec)


def broken_map_files() -> dict[str, str]:
    """File name → text for everything that belongs in tests/support/broken_maps/."""
    files = {f"{name}.tmx": broken_map_text(name) for name in BROKEN_VARIANTS}
    files.update(NOT_MAPS)
    return files


def regenerate(directory: Path = BROKEN_MAPS_DIR) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for file_name, text in broken_map_files().items():
        path = directory / file_name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    for written_path in regenerate():
        print(written_path)
