"""Editing a map in Tiled shows up in the Board: docs/maps.md promises the .tmx file is the only source.

The edits are made on the text exactly as Tiled saves them (a point object in `tent_spaces`,
`nextobjectid` bumped, a road polyline object deleted), on a copy of a bundled map when one
exists and on the generated fixture map always.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import os
import re
import shutil
from pathlib import Path

import pytest

import map_fixtures
from iwari_desktop.engine.maps.board import Board, Point
from iwari_desktop.engine.__main__ import main
from iwari_desktop.engine.maps.validator import validate_board
from iwari_desktop.engine.maps.registry import MAP_IDS, get_board
from iwari_desktop.engine.maps.tmx_loader import load_board, point_in_polygon
from iwari_desktop.resources import maps_dir
from repo_root import ROOT


def _source_map(kind: str, tmp_path: Path) -> Path:
    """A copy to edit: the first bundled map (falling back to the fixture until one exists), or the fixture."""
    target_dir = tmp_path / "edit"
    target_dir.mkdir()
    if kind == "bundled":
        for map_id in MAP_IDS:
            bundled = maps_dir() / f"{map_id}.tmx"
            if bundled.is_file():
                return Path(shutil.copy(bundled, target_dir / bundled.name))
    return map_fixtures.write_valid_map(target_dir)


def _free_spot(board: Board) -> tuple[int, Point]:
    """A point inside exactly one territory with room for one more tent space, away from other spaces."""
    taken = [s.position for s in board.spaces] + [t.totem_space for t in board.territories if t.totem_space]
    for territory in sorted(board.territories, key=lambda t: len(t.tent_spaces)):
        if len(territory.tent_spaces) >= 9 or not territory.tent_spaces:
            continue
        anchors = [board.spaces[i].position for i in territory.tent_spaces]
        xs, ys = [p[0] for p in territory.polygon], [p[1] for p in territory.polygon]
        grid = [(x, y) for x in range(int(min(xs)), int(max(xs)), 8) for y in range(int(min(ys)), int(max(ys)), 8)]
        midpoints = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in itertools.combinations(anchors, 2)]
        for x, y in midpoints + grid:
            candidate = (float(round(x)), float(round(y)))  # whole pixels, as Tiled snaps them
            inside = [t.index for t in board.territories if point_in_polygon(candidate, t.polygon)]
            if inside == [territory.index] and all(math.dist(candidate, p) >= 16 for p in taken):
                return territory.index, candidate
    raise AssertionError("no room for another tent space on this map")


def _add_tent_space(text: str, position: Point) -> tuple[str, int]:
    """Insert `<object id="N" x=".." y=".."><point/></object>` into tent_spaces, as Tiled does; returns N."""
    return map_fixtures.add_object(text, "tent_spaces", *position)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("kind", ["fixture", "bundled"])
def test_tiled_edit_adds_a_tent_space_and_removes_a_road(kind: str, tmp_path: Path) -> None:
    path = _source_map(kind, tmp_path)
    before = load_board(path)
    territory, position = _free_spot(before)
    removed = before.roads[len(before.roads) // 2]

    text, new_id = _add_tent_space(path.read_text(encoding="utf-8"), position)
    text = map_fixtures.remove_object(text, removed.object_id)
    path.write_text(text, encoding="utf-8")
    after = load_board(path)

    assert len(after.spaces) == len(before.spaces) + 1
    (added,) = [s for s in after.spaces if s.object_id == new_id]
    assert added.position == position and added.territory == territory and not added.is_ruin_space
    assert added.index in after.territories[territory].tent_spaces
    assert len(after.territories[territory].tent_spaces) == len(before.territories[territory].tent_spaces) + 1
    assert after.space_neighbours[added.index] == ()  # a new space joins no road until one is drawn

    assert len(after.roads) == len(before.roads) - 1
    assert removed.object_id not in {r.object_id for r in after.roads}
    assert {r.object_id for r in before.roads} - {r.object_id for r in after.roads} == {removed.object_id}
    ends = {before.spaces[removed.a].object_id, before.spaces[removed.b].object_id}
    ids_after = {s.index: s.object_id for s in after.spaces}
    assert not any({ids_after[r.a], ids_after[r.b]} == ends for r in after.roads)
    assert int(re.search(r'nextobjectid="(\d+)"', text).group(1)) == new_id + 1


def test_edited_fixture_still_validates(tmp_path: Path) -> None:
    path = _source_map("fixture", tmp_path)
    board = load_board(path)
    _, position = _free_spot(board)
    text, _ = _add_tent_space(path.read_text(encoding="utf-8"), position)
    path.write_text(map_fixtures.remove_object(text, board.roads[0].object_id), encoding="utf-8")
    assert validate_board(load_board(path)) == []


def test_registry_sees_the_edit_and_the_original_stays_untouched(tmp_path: Path) -> None:
    """get_board caches by path and mtime, so a map saved again in Tiled is read again."""
    path = _source_map("bundled", tmp_path)
    originals = {p: _digest(p) for p in maps_dir().glob("*.tmx")}
    first = get_board(str(path))
    text, new_id = _add_tent_space(path.read_text(encoding="utf-8"), _free_spot(first)[1])
    path.write_text(text, encoding="utf-8")
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 2_000_000_000))
    second = get_board(str(path))
    assert len(second.spaces) == len(first.spaces) + 1
    assert new_id in {s.object_id for s in second.spaces}
    assert {p: _digest(p) for p in maps_dir().glob("*.tmx")} == originals


def test_the_worked_example_of_docs_maps_md(tmp_path: Path) -> None:
    """docs/maps.md walks through three edits of New Horizons; done on a copy, they validate and show up.

    The object ids and coordinates are the ones the guide names: if this fails after New Horizons
    was regenerated or redrawn, update the worked example in docs/maps.md along with this test.
    """
    path = Path(shutil.copy(maps_dir() / "new-horizons.tmx", tmp_path / "new-horizons.tmx"))
    before = load_board(path)
    gullcry = before.territory_named("Gullcry Cliffs")
    assert len(gullcry.tent_spaces) == 4 and len(before.territory_named("Sunscorch Flats").tent_spaces) == 9
    assert (before.spaces[next(i for i, s in enumerate(before.spaces) if s.object_id == 89)].position
            == (540.0, 309.0))
    second = before.connections_by_number[2]
    assert (second.object_id, second.kind.value) == (107, "land")

    text = path.read_text(encoding="utf-8")
    text, space_id = map_fixtures.add_object(text, "tent_spaces", 600, 300)  # 1. Insert Point
    text, road_id = map_fixtures.add_object(  # 2. Insert Polygon, finished as a polyline, with two object refs
        text, "roads", 600, 300, '<polyline points="0,0 -60,9"/>',
        [("space_a", "object", space_id), ("space_b", "object", 89)])
    text = map_fixtures.set_property(text, 107, "kind", "water")  # 3. connection #2 becomes water
    path.write_text(text, encoding="utf-8")
    assert (space_id, road_id) == (208, 209)

    after = load_board(path)
    assert validate_board(after) == []
    new_space = next(s for s in after.spaces if s.object_id == space_id)
    assert new_space.territory == gullcry.index and new_space.position == (600.0, 300.0)
    assert len(after.territories[gullcry.index].tent_spaces) == 5
    old_end = next(s for s in after.spaces if s.object_id == 89)
    assert after.space_neighbours[new_space.index] == (old_end.index,)
    assert after.connections_by_number[2].kind.value == "water"

    from iwari_desktop.art.fingerprint import is_fresh  # the art test would now ask for a re-render

    assert is_fresh(maps_dir() / "new-horizons.png", before)
    assert not is_fresh(maps_dir() / "new-horizons.png", after)


def test_the_validate_output_quoted_in_docs_maps_md_is_real(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every `maps validate` line the guide quotes is what the command prints for the edit it describes."""
    docs = (ROOT / "docs" / "maps.md").read_text(encoding="utf-8")
    original = (maps_dir() / "new-horizons.tmx").read_text(encoding="utf-8")
    path = tmp_path / "new-horizons.tmx"

    def validate(text: str) -> list[str]:
        path.write_text(text, encoding="utf-8")
        code = main(["maps", "validate", str(path)])
        out, err = capsys.readouterr()
        assert err == "" and code == (0 if out.endswith("connections)\n") else 1)
        return out.splitlines()

    sunscorch, _ = map_fixtures.add_object(original, "tent_spaces", 300, 900)
    text, space_id = map_fixtures.add_object(original, "tent_spaces", 600, 300)
    text, _ = map_fixtures.add_object(text, "roads", 600, 300, '<polyline points="0,0 -60,9"/>',
                                      [("space_a", "object", space_id), ("space_b", "object", 89)])
    edited = map_fixtures.set_property(text, 107, "kind", "water")
    mistaken = map_fixtures.remove_object(map_fixtures.move_object(edited, space_id, 470, 120), 89)
    for text, count in ((sunscorch, 1), (edited, 1), (mistaken, 4)):
        lines = validate(text)
        assert len(lines) == count, lines
        missing = [line for line in lines if line not in docs]
        assert not missing, f"docs/maps.md should quote these lines of `maps validate`: {missing}"
