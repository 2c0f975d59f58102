"""The map validator against MAPS.md and RULINGS.md, on the generated fixture map and its broken variants."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

import map_fixtures
from broken_maps import variants as broken_variants
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.maps.board import Board, MapError, RoadSegment
from iwari_desktop.engine.maps.validator import KNOWN_RULE_IDS, MapProblem, validate_board, validate_map_file
from iwari_desktop.engine.maps.tmx_loader import load_board
from repo_root import ROOT as REPO
BROKEN = broken_variants.BROKEN_MAPS_DIR

# broken map → the (object, constraint) pairs `validate_map_file` must report, in order (the lenient
# loader's problems first: broken references and placements, whose objects it leaves out)
EXPECTED_PROBLEMS: dict[str, list[tuple[str, str]]] = {
    "road-to-missing-space": [("road segment (object 8)", "MAPS.md: a road segment joins two existing spaces")],
    "tent-space-in-the-sea": [("tent space (object 166)",
                               "docs/maps.md: a tent space lies inside exactly one territory")],
    "two-totem-spaces": [("totem space (object 166)", "MAPS.md: exactly one totem space per territory")],
    "connection-to-a-tent-space": [("connection 17 (object 165)", "MAPS.md: a connection joins two existing territories")],
    "two-tent-spaces": [("territory 'Red Mesa' (object 76)", "MAPS.md: 3 to 9 tent spaces per territory")],
    "too-few-tent-spaces": [("map", "MAPS.md: 60 to 90 tent spaces in all")],
    "connection-gap": [("map", "MAPS.md: connections numbered 1..N without gaps")],
    "peak-group-of-three": [("peak group 1", "RULINGS B3: two connections per peak group"),
                            ("peak group 2", "RULINGS B3: two connections per peak group")],
    "peaks-without-mountains": [(f"connection {n}", "RULINGS B3: no peak groups on a map without mountains")
                                for n in range(1, 9)],
    "disconnected-territories": [("map", "MAPS.md: the territory graph is connected")],
    "missing-totem-space": [("territory 'Pine Reach' (object 102)", "MAPS.md: exactly one totem space per territory")],
    "duplicate-road": [("road segment (object 166)", "MAPS.md: no duplicate road segments")],
    "road-loop": [("road segment (object 8)", "MAPS.md: a road segment joins two distinct spaces")],
    "unknown-rule": [("map", "docs/maps.md: rules are known rule-module ids")],
    "no-water": [("map", "MAPS.md: at least 3 water connections")],
    "twin-connection": [("connection 18", "RULINGS E4: two connections join the same territories only with twin-connections")],
    "lonely-desert": [("biome desert", "MAPS.md: a settlement of 4 reachable in every biome")],
    "wrong-map-id": [("map", "docs/maps.md: map_id equals the file name")],
    "six-players": [("map", "MAPS.md: 2 to 5 players (6 only with void-tribe)")],
    "contested-same-biome": [("contested spot (object 170)",
                              "RULINGS E7: a contested spot joins two territories of different biomes")],
    "long-road-in-two-pieces": [("purple road", "RULINGS E6: the purple road is one road-connected chain")],
    "ruin-off-connection": [("ruin space (object 166)", "RULINGS E3: a ruin space lies on an existing connection")],
}

# files that are no map at all, refused in either mode: file name → a piece of the one-line MapError
EXPECTED_MAP_ERRORS: dict[str, str] = {
    "not-xml.tmx": "not a readable Tiled map",
    "not-tiled.tmx": "not a Tiled map (its root element is <svg>",
    "no-territories-layer.tmx": "layer 'territories': missing",
}

# readable maps the strict loader (the game's) refuses at their first broken object
STRICT_MAP_ERRORS: dict[str, str] = {
    "road-to-missing-space": "road-to-missing-space: road segment (object 8): MAPS.md: a road segment joins two "
                             "existing spaces (property 'space_b' refers to object 9999, which is not a tent space "
                             "or ruin space)",
    "tent-space-in-the-sea": "tent-space-in-the-sea: tent space (object 166): docs/maps.md: a tent space lies inside "
                             "exactly one territory (lies inside no territory)",
    "two-totem-spaces": "two-totem-spaces: totem space (object 166): MAPS.md: exactly one totem space per territory "
                        "(second totem space in territory 'Pine Reach')",
    "connection-to-a-tent-space": "connection-to-a-tent-space: connection 17 (object 165): MAPS.md: a connection joins "
                                  "two existing territories (property 'territory_b' refers to object 129, which is "
                                  "not a territory)",
}


@pytest.fixture
def fixture_board(tmp_path: Path) -> Board:
    return load_board(map_fixtures.write_valid_map(tmp_path))


def _problems_of(tmp_path: Path, spec: map_fixtures.MapSpec) -> list[MapProblem]:
    return validate_map_file(map_fixtures.write_map(tmp_path, spec))


def _pairs(problems: list[MapProblem]) -> list[tuple[str, str]]:
    return [(p.object, p.constraint) for p in problems]


# --- the fixture and the broken files -----------------------------------------------------------

def test_fixture_map_is_valid(fixture_board: Board) -> None:
    assert validate_board(fixture_board) == []
    assert len(fixture_board.territories) == 10
    assert sum(1 for s in fixture_board.spaces if not s.is_ruin_space) == 65
    assert len(fixture_board.connections) == 17


def test_broken_maps_folder_matches_the_generator() -> None:
    """tests/support/broken_maps/*.tmx are generated by tests/support/broken_maps/variants.py; regenerate after changing it."""
    expected = broken_variants.broken_map_files()
    on_disk = {p.name: p.read_text(encoding="utf-8") for p in BROKEN.glob("*.tmx")}
    stale = sorted(name for name in expected.keys() | on_disk.keys() if expected.get(name) != on_disk.get(name))
    assert not stale, f"run `.venv/bin/python tests/support/broken_maps/variants.py` to regenerate: {stale}"


def test_every_broken_map_has_an_expectation() -> None:
    names = {p.name for p in BROKEN.glob("*.tmx")}
    assert names == {f"{n}.tmx" for n in EXPECTED_PROBLEMS} | set(EXPECTED_MAP_ERRORS)


@pytest.mark.parametrize("name", sorted(EXPECTED_PROBLEMS))
def test_broken_map_reports_exactly_the_expected_problems(name: str) -> None:
    problems = validate_map_file(BROKEN / f"{name}.tmx")
    assert _pairs(problems) == EXPECTED_PROBLEMS[name], "\n".join(map(str, problems))


@pytest.mark.parametrize("file_name", sorted(EXPECTED_MAP_ERRORS))
@pytest.mark.parametrize("lenient", [False, True])
def test_file_the_loader_refuses_raises_a_one_line_map_error(file_name: str, lenient: bool) -> None:
    problems: list[MapProblem] = []
    with pytest.raises(MapError) as caught:
        load_board(BROKEN / file_name, problems if lenient else None)
    message = str(caught.value)
    assert "\n" not in message
    assert EXPECTED_MAP_ERRORS[file_name] in message
    assert problems == []


@pytest.mark.parametrize("name", sorted(STRICT_MAP_ERRORS))
def test_strict_loader_refuses_a_broken_object_with_one_line(name: str) -> None:
    """The game loads strictly: the first broken object is a MapError, the same line `maps validate` prints."""
    with pytest.raises(MapError) as caught:
        load_board(BROKEN / f"{name}.tmx")
    assert str(caught.value) == STRICT_MAP_ERRORS[name]
    problems: list[MapProblem] = []
    load_board(BROKEN / f"{name}.tmx", problems)
    assert [str(p) for p in problems] == [STRICT_MAP_ERRORS[name]]


def test_lenient_loader_lists_every_broken_object_and_leaves_it_out(tmp_path: Path) -> None:
    spec = map_fixtures.valid_spec()
    red_mesa, salt_bay, rime = spec.territory("Red Mesa"), spec.territory("Salt Bay"), spec.territory("Rime Shelf")
    at_sea = map_fixtures.SpaceSpec(spec.new_id(), 80, 900, red_mesa.oid)
    spec.spaces.append(at_sea)
    spec.roads.append(map_fixtures.RoadSpec(spec.new_id(), spec.spaces_in("Red Mesa")[3].oid, at_sea.oid))  # quiet
    dangling = map_fixtures.RoadSpec(spec.new_id(), at_sea.oid, 8888)  # one end left out, the other broken
    spec.roads.append(dangling)
    spec.roads[0].b = 9999
    spec.totems.append(map_fixtures.TotemSpec(spec.new_id(), salt_bay.x + 60, salt_bay.y + 480, salt_bay.oid))
    spec.connections[-1].b = spec.spaces[0].oid
    spec.connections[-2].kind = "lava"
    rime.biome = "glacier"  # its spaces, roads, totem space and connections are left out without a line each
    path = map_fixtures.write_map(tmp_path, spec)
    problems: list[MapProblem] = []
    board = load_board(path, problems)
    assert [str(p) for p in problems] == [
        f"fixture-vale: territory 'Rime Shelf' (object {rime.oid}): docs/maps.md: biome is one of tundra, forest, "
        "glaciers, coast, desert, void (has 'glacier')",
        f"fixture-vale: tent space (object {at_sea.oid}): docs/maps.md: a tent space lies inside exactly one territory "
        "(lies inside no territory)",
        f"fixture-vale: totem space (object {spec.totems[-1].oid}): MAPS.md: exactly one totem space per territory "
        "(second totem space in territory 'Salt Bay')",
        f"fixture-vale: connection 16 (object {spec.connections[-2].oid}): docs/maps.md: kind is land or water "
        "(has 'lava')",
        f"fixture-vale: connection 17 (object {spec.connections[-1].oid}): MAPS.md: a connection joins two existing "
        f"territories (property 'territory_b' refers to object {spec.spaces[0].oid}, which is not a territory)",
        f"fixture-vale: road segment (object {spec.roads[0].oid}): MAPS.md: a road segment joins two existing spaces "
        "(property 'space_b' refers to object 9999, which is not a tent space or ruin space)",
        f"fixture-vale: road segment (object {dangling.oid}): MAPS.md: a road segment joins two existing spaces "
        "(property 'space_b' refers to object 8888, which is not a tent space or ruin space)",
    ]
    assert rime.name not in {t.name for t in board.territories}
    left_out = {at_sea.oid} | {s.oid for s in spec.spaces_in("Rime Shelf")}
    assert not left_out & {s.object_id for s in board.spaces}
    assert len(board.spaces) == len(spec.spaces) - len(left_out)
    assert all(0 <= end < len(board.spaces) for r in board.roads for end in (r.a, r.b))
    assert {c.number for c in board.connections}.isdisjoint({16, 17})
    with pytest.raises(MapError, match="^fixture-vale: territory 'Rime Shelf'"):
        load_board(path)  # strict: the first of them


def test_lenient_loader_reports_bad_map_properties_and_goes_on(tmp_path: Path) -> None:
    spec = map_fixtures.valid_spec()
    spec.modes = "multiplayer,hotseat"
    path = map_fixtures.write_map(tmp_path, spec)
    text = path.read_text(encoding="utf-8").replace('name="max_players" type="int" value="5"',
                                                    'name="max_players" value="five"')
    path.write_text(text, encoding="utf-8")
    problems: list[MapProblem] = []
    board = load_board(path, problems)
    assert [(p.object, p.constraint, p.detail) for p in problems] == [
        ("map", "docs/maps.md: modes are multiplayer, solo or coop", "unknown hotseat"),
        ("map", "docs/maps.md: min_players and max_players are whole numbers", "has 2 and 'five'"),
    ]
    assert board.modes == {"multiplayer"} and (board.min_players, board.max_players) == (2, 5)


def test_problem_prints_as_one_line_naming_map_object_and_constraint() -> None:
    problems = validate_map_file(BROKEN / "two-tent-spaces.tmx")
    assert [str(p) for p in problems] == [
        "two-tent-spaces: territory 'Red Mesa' (object 76): MAPS.md: 3 to 9 tent spaces per territory (has 2)"]
    bare = MapProblem("m", "map", "MAPS.md: 10 to 12 territories")
    assert str(bare) == "m: map: MAPS.md: 10 to 12 territories"


def test_details_say_what_was_found() -> None:
    (gap,) = validate_map_file(BROKEN / "connection-gap.tmx")
    assert gap.detail == "missing 17"
    (cut,) = validate_map_file(BROKEN / "disconnected-territories.tmx")
    assert cut.detail == "2 parts; cut off: Dune Sea, Salt Bay"


# --- the expansion maps' special content ---------------------------------------------------------

@pytest.mark.parametrize("name", sorted(map_fixtures.SPECIAL_VARIANTS))
def test_fixture_with_special_content_done_right_is_valid(tmp_path: Path, name: str) -> None:
    assert _problems_of(tmp_path, map_fixtures.special_spec(name)) == []


def test_e2_floating_lands_needs_exactly_one_tundra_without_totem_space(tmp_path: Path) -> None:
    spec = map_fixtures.special_spec("floating")
    spec.territory("Frost Moor").biome = "tundra"  # a second Tundra, with its totem space
    assert _pairs(_problems_of(tmp_path, spec)) == [
        ("biome tundra", "RULINGS E2: exactly one Tundra territory on Floating Lands"),
        ("territory 'Frost Moor' (object 89)", "RULINGS E2: no totem space in the Floating Lands Tundra"),
    ]


def test_e2_road_along_connection_must_join_that_connections_territories(tmp_path: Path) -> None:
    spec = map_fixtures.special_spec("floating")
    road = next(r for r in spec.roads if r.along_connection)
    road.along_connection = 5
    assert _pairs(_problems_of(tmp_path, spec)) == [
        (f"road segment (object {road.oid})",
         "RULINGS E2/E3: a road along a connection joins that connection's territories")]


def test_along_connection_needs_the_connection_roads_rule(tmp_path: Path) -> None:
    spec = map_fixtures.special_spec("floating")
    spec.rules = "tundra-no-totems"
    (problem,) = _problems_of(tmp_path, spec)
    assert problem.constraint == "docs/maps.md: along_connection only with the connection-roads rule"


def test_e3_ruins_rule_forbids_mountains_and_ruins_need_the_rule(tmp_path: Path) -> None:
    spec = map_fixtures.special_spec("forgotten")
    spec.mountains = True
    spec.assign_peaks()
    assert _pairs(_problems_of(tmp_path, spec)) == [("map", "RULINGS E3: no mountains on a map with ruins")]
    spec = map_fixtures.special_spec("forgotten")
    spec.rules = "connection-roads"
    constraints = [p.constraint for p in _problems_of(tmp_path, spec)]
    assert "docs/maps.md: ruin spaces only with the ruins rule" in constraints


def test_e3_ruin_space_inside_a_territory_is_a_problem(tmp_path: Path) -> None:
    spec = map_fixtures.special_spec("forgotten")
    spec.ruins[0].x, spec.ruins[0].y = 200, 700  # inside Red Mesa
    assert ("ruin space (object %d)" % spec.ruins[0].oid, "RULINGS E3: a ruin space belongs to no territory") in \
        _pairs(_problems_of(tmp_path, spec))


def test_e4_twin_connections_rule_without_twins_is_a_problem(tmp_path: Path) -> None:
    spec = map_fixtures.valid_spec("fixture-glacial")
    spec.rules = "twin-connections"
    assert _pairs(_problems_of(tmp_path, spec)) == [
        ("map", "RULINGS E4: twin-connections needs two connections joining the same territories")]


def test_e5_void_territory_holds_no_tents(tmp_path: Path) -> None:
    spec = map_fixtures.special_spec("uncharted")
    void = spec.territory("Void Corner 1")
    spec.spaces.append(map_fixtures.SpaceSpec(spec.new_id(), 80, 620, void.oid))
    assert _pairs(_problems_of(tmp_path, spec)) == [
        ("territory 'Void Corner 1' (object 166)", "RULINGS E5: the Void territory holds no tents")]


def test_void_territories_need_void_totems_or_void_tribe(tmp_path: Path) -> None:
    spec = map_fixtures.special_spec("uncharted")
    spec.rules = ""
    assert ("territory 'Void Corner 1' (object 166)",
            "RULINGS E5/E7: Void territories only with void-totems or void-tribe") in _pairs(_problems_of(tmp_path, spec))


def test_e6_purple_road_must_not_branch_and_must_cross_three_territories(tmp_path: Path) -> None:
    spec = map_fixtures.special_spec("long")
    for name in ("Mossy Hollow", "Rime Shelf"):
        for space in spec.spaces_in(name):
            space.purple_road = False
    spec.spaces_in("Ashen Steppe")[4].purple_road = True  # s1 now has three purple neighbours
    assert _pairs(_problems_of(tmp_path, spec)) == [
        ("tent space (object 3)", "RULINGS E6: the purple road is a chain without branches"),
        ("purple road", "MAPS.md: the purple road runs through at least 3 territories"),
    ]


def test_e7_the_void_allows_six_players_but_not_solo(tmp_path: Path) -> None:
    spec = map_fixtures.special_spec("void")
    spec.modes = "multiplayer,solo"
    assert _pairs(_problems_of(tmp_path, spec)) == [("map", "RULINGS S1: no solo or co-op on The Void")]


def test_e7_exactly_five_contested_spots(tmp_path: Path) -> None:
    spec = map_fixtures.special_spec("void")
    spec.contested.pop()
    assert _pairs(_problems_of(tmp_path, spec)) == [("map", "RULINGS E7: exactly 5 contested spots")]


def test_e7_void_tribe_needs_two_void_territories(tmp_path: Path) -> None:
    spec = map_fixtures.valid_spec("fixture-void")
    spec.rules, spec.mountains, spec.max_players, spec.modes = "void-tribe", False, 6, "multiplayer"
    spec.assign_peaks()
    assert _pairs(_problems_of(tmp_path, spec)) == [("biome void", "MAPS.md: every biome has at least two territories")]


def test_every_known_rule_id_is_accepted(tmp_path: Path) -> None:
    assert KNOWN_RULE_IDS == {"tundra-no-totems", "connection-roads", "ruins", "twin-connections", "void-totems",
                              "long-road", "void-tribe", "contested", "determination"}
    spec = map_fixtures.valid_spec()
    spec.rules = "determination"
    assert _problems_of(tmp_path, spec) == []


# --- counts and shapes -----------------------------------------------------------------------------

def test_territory_count_and_biome_minimum(tmp_path: Path) -> None:
    spec = map_fixtures.valid_spec()
    gone = spec.territory("Salt Bay")
    spec.territories.remove(gone)
    spec.remove_spaces({s.oid for s in spec.spaces if s.territory == gone.oid})
    spec.totems = [t for t in spec.totems if t.territory != gone.oid]
    spec.connections = [c for c in spec.connections if gone.oid not in (c.a, c.b)]
    spec.renumber()
    spec.assign_peaks()
    assert _pairs(_problems_of(tmp_path, spec)) == [
        ("map", "MAPS.md: 10 to 12 territories"),
        ("biome coast", "MAPS.md: every biome has at least two territories"),
        ("map", "MAPS.md: 60 to 90 tent spaces in all"),  # 6 of the 65 went with Salt Bay
    ]


def test_connection_count_and_land_minimum(tmp_path: Path) -> None:
    spec = map_fixtures.valid_spec()
    spec.connections = spec.connections[:4] + spec.connections[8:]  # drop four land ones of the bottom row
    spec.renumber()
    spec.assign_peaks()
    assert _pairs(_problems_of(tmp_path, spec)) == [("map", "MAPS.md: 14 to 22 connections")]
    spec.connections = [c for c in spec.connections if c.kind == "water"] + spec.connections[:2]
    spec.renumber()
    spec.assign_peaks()
    assert ("map", "MAPS.md: at least 3 land connections") in _pairs(_problems_of(tmp_path, spec))


def test_crossings_and_dead_ends_are_counted(fixture_board: Board) -> None:
    chain = tuple(RoadSegment(object_id=1000 + i, a=i, b=i + 1) for i in range(len(fixture_board.spaces) - 1))
    problems = validate_board(dataclasses.replace(fixture_board, roads=chain))
    assert ("map", "MAPS.md: at least 3 crossings (spaces with 3+ road segments)") in _pairs(problems)
    assert ("map", "MAPS.md: at least 4 dead ends (spaces with 1 road segment)") in _pairs(problems)


def test_board_level_references_are_checked_too(fixture_board: Board) -> None:
    """Boards built in code (not by the loader) can hold dangling indices; they are reported, not raised."""
    bad_road = RoadSegment(object_id=999, a=0, b=10_000)
    bad_connection = dataclasses.replace(fixture_board.connections[0], territories=(0, 0))
    board = dataclasses.replace(fixture_board, roads=fixture_board.roads + (bad_road,),
                                connections=(bad_connection,) + fixture_board.connections[1:])
    pairs = _pairs(validate_board(board))
    assert ("road segment (object 999)", "MAPS.md: a road segment joins two existing spaces") in pairs
    assert ("connection 1", "MAPS.md: a connection joins two distinct territories") in pairs


def test_self_crossing_territory_outline_is_a_problem(fixture_board: Board) -> None:
    first = fixture_board.territories[0]
    bow_tie = dataclasses.replace(first, polygon=((0.0, 0.0), (320.0, 560.0), (320.0, 0.0), (0.0, 560.0)))
    board = dataclasses.replace(fixture_board, territories=(bow_tie,) + fixture_board.territories[1:])
    (problem,) = validate_board(board)
    assert (problem.object, problem.constraint) == ("territory 'Ashen Steppe' (object 1)",
                                                     "docs/maps.md: a territory is a simple polygon")


def test_settlement_check_ignores_roads_into_other_biomes(tmp_path: Path) -> None:
    """Three desert spaces joined to a coast space do not make a desert settlement (see _check_settlements)."""
    spec = map_fixtures.valid_spec()
    desert = {s.oid for name in ("Dune Sea", "Red Mesa") for s in spec.spaces_in(name)}
    spec.roads = [r for r in spec.roads if r.a not in desert and r.b not in desert]
    d0, d1, d2 = (s.oid for s in spec.spaces_in("Dune Sea")[:3])
    coast = spec.spaces_in("Amber Shore")[2].oid
    for a, b in ((coast, d0), (d0, d1), (d1, d2)):
        spec.roads.append(map_fixtures.RoadSpec(spec.new_id(), a, b))
    assert [(p.object, p.detail) for p in _problems_of(tmp_path, spec)] == [
        ("biome desert", "largest road-connected group of desert tent spaces: 3")]


def test_empty_board_is_reported_not_crashed() -> None:
    board = Board(map_id="empty", name="Empty", min_players=2, max_players=5, modes=frozenset({"multiplayer"}),
                  uses_mountains=False, rules=(), size=(1600, 1120), territories=(), spaces=(), roads=(),
                  connections=())
    constraints = {p.constraint for p in validate_board(board)}
    assert "MAPS.md: 10 to 12 territories" in constraints
    assert "MAPS.md: 14 to 22 connections" in constraints


def test_validator_and_cli_never_import_pygame() -> None:
    code = ("import sys; import iwari_desktop.engine.maps.validator, iwari_desktop.engine.cli.maps; "
            "from iwari_desktop.engine.maps.validator import validate_map_file; "
            f"validate_map_file({str(BROKEN / 'two-tent-spaces.tmx')!r}); "
            f"validate_map_file({str(BROKEN / 'road-to-missing-space.tmx')!r}); "
            "assert sys.modules.get('pygame') is None, 'pygame was imported'; print('clean')")
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert result.stdout.strip() == "clean", result.stderr


def test_empty_rules_property_as_tiled_writes_it_means_no_rules(tmp_path: Path) -> None:
    path = map_fixtures.write_valid_map(tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(' <property name="mountains"', ' <property name="rules" value=""/>\n  '
                                 '<property name="mountains"', 1), encoding="utf-8")
    board = load_board(path)
    assert board.rules == ()
    assert validate_board(board) == []
