"""`python -m iwari_desktop.engine maps ...` run as a player or a script would: exit codes and one-line output.

Most commands run in-process through the same `main(argv)` (tests/support/cli_runner.py); a few stay real
subprocesses (`subprocess=True`): rendering a map, an unknown subcommand, and a missing renderer.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import map_fixtures
from cli_runner import run_engine
from broken_maps import variants as broken_variants
from iwari_desktop.engine.maps.board import Board, TentSpace
from iwari_desktop.engine.maps.tmx_loader import load_board
from iwari_desktop.resources import maps_dir
from repo_root import ROOT as REPO
BROKEN = broken_variants.BROKEN_MAPS_DIR


def run_maps(*args: str, assets: Path | None = None, code: str | None = None,
             subprocess_run: bool = False) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    if assets is not None:
        env["IWARI_ASSETS"] = str(assets)
    if code is None and not subprocess_run:
        return run_engine("maps", *args, env=env, cwd=REPO)
    command = [sys.executable, "-c", code] if code else [sys.executable, "-m", "iwari_desktop.engine", "maps", *args]
    return subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True, timeout=120)


def lines(text: str) -> list[str]:
    return text.splitlines()


@pytest.fixture
def assets(tmp_path: Path) -> Path:
    """An assets folder holding two fixture maps instead of the bundled ones."""
    maps = tmp_path / "assets" / "maps"
    maps.mkdir(parents=True)
    map_fixtures.write_valid_map(maps)
    map_fixtures.write_map(maps, map_fixtures.special_spec("void"))
    return tmp_path / "assets"


# --- listing -----------------------------------------------------------------------------------

def test_list_is_an_aligned_table(assets: Path) -> None:
    result = run_maps(assets=assets)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    header, *rows = lines(result.stdout)
    assert header.split()[:4] == ["ID", "NAME", "PLAYERS", "MODES"]
    assert [row.split()[0] for row in rows] == ["fixture-vale", "fixture-void"]  # unknown ids sorted by name
    name_at = header.index("NAME")
    assert all(row[name_at:].startswith("Fixture Vale") for row in rows)
    vale = rows[0]
    assert "2-5" in vale and "multiplayer,solo,coop" in vale
    assert vale.split()[-4:] == ["10", "65", "63", "17"]
    assert rows[1].split()[-4:] == ["12", "71", "68", "20"]
    end = len(header)
    assert all(len(row) == end for row in rows), "numeric columns are right-aligned to the header"


def test_list_json_lines(assets: Path) -> None:
    result = run_maps("--json", assets=assets)
    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in lines(result.stdout)]
    vale, void = records
    assert vale["id"] == "fixture-vale" and vale["name"] == "Fixture Vale"
    assert (vale["min_players"], vale["max_players"]) == (2, 5)
    assert vale["modes"] == ["multiplayer", "solo", "coop"]
    assert (vale["territories"], vale["tent_spaces"], vale["road_segments"], vale["connections"]) == (10, 65, 63, 17)
    assert void["max_players"] == 6 and void["rules"] == ["void-tribe", "contested", "determination"]
    assert run_maps("list", "--json", assets=assets).stdout == result.stdout


def test_list_reports_a_bundled_map_that_does_not_load(assets: Path) -> None:
    (assets / "maps" / "zz-broken.tmx").write_text("not a map", encoding="utf-8")
    result = run_maps(assets=assets)
    assert result.returncode == 1
    assert len(lines(result.stdout)) == 3  # header and the two good maps
    assert lines(result.stderr) == ["error: zz-broken.tmx: not a readable Tiled map (syntax error: line 1, column 0)"]


def test_no_bundled_maps_is_one_line_and_exit_1(tmp_path: Path) -> None:
    (tmp_path / "maps").mkdir()
    for args in ((), ("validate",)):
        result = run_maps(*args, assets=tmp_path)
        assert result.returncode == 1
        assert lines(result.stderr) == [f"error: no bundled maps found in {tmp_path / 'maps'}"]


# --- validate ----------------------------------------------------------------------------------

def test_validate_all_bundled_maps_says_ok_per_map(assets: Path) -> None:
    result = run_maps("validate", assets=assets)
    assert result.returncode == 0, result.stdout + result.stderr
    assert lines(result.stdout) == [
        "fixture-vale: ok (10 territories, 65 tent spaces, 63 road segments, 17 connections)",
        "fixture-void: ok (12 territories, 71 tent spaces, 68 road segments, 20 connections)",
    ]
    assert result.stderr == ""


def test_validate_accepts_bundled_ids(assets: Path) -> None:
    result = run_maps("validate", "fixture-void", assets=assets)
    assert result.returncode == 0
    assert lines(result.stdout)[0].startswith("fixture-void: ok")


def test_validate_good_file(tmp_path: Path) -> None:
    result = run_maps("validate", str(map_fixtures.write_valid_map(tmp_path)))
    assert (result.returncode, result.stderr) == (0, "")
    assert re.fullmatch(r"fixture-vale: ok \(.*\)", result.stdout.strip())


def test_validate_broken_map_exits_1_with_one_line_per_problem() -> None:
    result = run_maps("validate", str(BROKEN / "peak-group-of-three.tmx"))
    assert result.returncode == 1
    assert lines(result.stdout) == [
        "peak-group-of-three: peak group 1: RULINGS B3: two connections per peak group (has 3)",
        "peak-group-of-three: peak group 2: RULINGS B3: two connections per peak group (has 1)",
    ]
    assert result.stderr == ""


@pytest.mark.parametrize("name", ["two-tent-spaces", "connection-gap", "disconnected-territories", "road-loop"])
def test_validate_each_broken_map_names_map_object_and_constraint(name: str) -> None:
    result = run_maps("validate", str(BROKEN / f"{name}.tmx"))
    assert result.returncode == 1
    (line,) = lines(result.stdout)
    map_id, obj, constraint = line.split(": ", 2)
    assert map_id == name and obj and constraint.startswith(("MAPS.md", "RULINGS", "docs/maps.md"))


@pytest.mark.parametrize("file_name, message", [
    ("not-xml.tmx", "error: not-xml.tmx: not a readable Tiled map (syntax error: line 1, column 0)"),
    ("not-tiled.tmx", "error: not-tiled.tmx: not a Tiled map (its root element is <svg>, not <map>)"),
    ("no-territories-layer.tmx",
     "error: no-territories-layer: layer 'territories': missing (see docs/maps.md for the layer names)"),
])
def test_validate_file_that_is_not_a_map_exits_2_with_one_line(file_name: str, message: str) -> None:
    result = run_maps("validate", str(BROKEN / file_name))
    assert result.returncode == 2
    assert result.stdout == ""
    assert lines(result.stderr) == [message]


@pytest.mark.parametrize("name", ["road-to-missing-space", "tent-space-in-the-sea", "two-totem-spaces",
                                  "connection-to-a-tent-space"])
def test_validate_broken_reference_or_placement_exits_1_not_2(name: str) -> None:
    """A readable map with a dangling reference or a misplaced space is a broken map, not bad input."""
    result = run_maps("validate", str(BROKEN / f"{name}.tmx"))
    assert result.returncode == 1
    assert result.stderr == ""
    (line,) = lines(result.stdout)
    assert line.startswith(f"{name}: ")


def _bundled_copy(tmp_path: Path, map_id: str = "new-horizons") -> tuple[Path, Board]:
    path = Path(shutil.copy(maps_dir() / f"{map_id}.tmx", tmp_path / f"{map_id}.tmx"))
    return path, load_board(path)


def _quiet_space(board: Board) -> TentSpace:
    """A tent space whose territory keeps at least 3 without it: the edit breaks nothing but references."""
    return next(s for s in board.spaces if s.territory is not None and len(board.space_neighbours[s.index]) == 2
                and len(board.territories[s.territory].tent_spaces) > 4)


def _dangling_lines(board: Board, space: TentSpace) -> list[str]:
    found = []
    for road in board.roads:
        for key, end in (("space_a", road.a), ("space_b", road.b)):
            if end == space.index:
                found.append(f"{board.map_id}: road segment (object {road.object_id}): MAPS.md: a road segment joins "
                             f"two existing spaces (property {key!r} refers to object {space.object_id}, which is "
                             "not a tent space or ruin space)")
    return found


def _outside_line(board: Board, space: TentSpace) -> str:
    return (f"{board.map_id}: tent space (object {space.object_id}): docs/maps.md: a tent space lies inside exactly "
            "one territory (lies inside no territory)")


@pytest.mark.parametrize("edit", ["dragged outside", "deleted", "both"])
def test_validate_edited_bundled_map_lists_each_problem(tmp_path: Path, edit: str) -> None:
    """A copy of New Horizons edited as in Tiled: a tent space dragged into the sea (x, y = 20, the
    sea margin) and/or another one deleted, leaving its road segments dangling: exit 1, every
    problem on its own line, all in one run."""
    path, board = _bundled_copy(tmp_path)
    dragged = _quiet_space(board)
    deleted = next(s for s in board.spaces[dragged.index + 1:] if s.territory is not None
                   and s.territory != dragged.territory and len(board.territories[s.territory].tent_spaces) > 4
                   and not set(board.space_neighbours[s.index]) & {dragged.index})
    text = path.read_text(encoding="utf-8")
    expected: list[str] = []
    if edit in ("dragged outside", "both"):
        text = map_fixtures.move_object(text, dragged.object_id, 20, 20)
        expected.append(_outside_line(board, dragged))
    if edit in ("deleted", "both"):
        text = map_fixtures.remove_object(text, deleted.object_id)
        expected += _dangling_lines(board, deleted)
    path.write_text(text, encoding="utf-8")
    assert len(expected) >= (2 if edit == "deleted" else 1)

    result = run_maps("validate", str(path))
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stderr == ""
    assert lines(result.stdout) == expected


def test_validate_missing_file_exits_2(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.tmx"
    result = run_maps("validate", str(missing))
    assert result.returncode == 2
    assert lines(result.stderr) == [f"error: {missing}: no such map file"]


def test_validate_several_files_worst_outcome_wins(tmp_path: Path) -> None:
    good = str(map_fixtures.write_valid_map(tmp_path))
    broken = str(BROKEN / "no-water.tmx")
    result = run_maps("validate", good, broken)
    assert result.returncode == 1
    assert lines(result.stdout)[0].startswith("fixture-vale: ok")
    assert lines(result.stdout)[1] == "no-water: map: MAPS.md: at least 3 water connections (has 0)"
    result = run_maps("validate", good, broken, str(tmp_path / "gone.tmx"))
    assert result.returncode == 2
    assert len(lines(result.stdout)) == 2 and len(lines(result.stderr)) == 1


def test_unknown_maps_subcommand_is_one_line_exit_2() -> None:
    result = run_maps("bogus", subprocess_run=True)
    assert result.returncode == 2
    assert len(lines(result.stderr)) == 1


# --- render ------------------------------------------------------------------------------------

def test_render_unknown_id_exits_2_with_one_line(assets: Path, tmp_path: Path) -> None:
    result = run_maps("render", "no-such-map", str(tmp_path / "out.png"), assets=assets)
    assert result.returncode == 2
    assert lines(result.stderr) == ["error: no-such-map: no such map (bundled maps: fixture-vale, fixture-void)"]
    assert not (tmp_path / "out.png").exists()


def test_render_without_the_renderer_module_exits_1(assets: Path, tmp_path: Path) -> None:
    """Blocking the module in sys.modules makes its import fail exactly as a missing file would."""
    out = tmp_path / "out.png"
    code = ("import sys; sys.modules['iwari_desktop.art.map_render'] = None\n"
            "from iwari_desktop.engine.__main__ import main\n"
            f"sys.exit(main(['maps', 'render', 'fixture-vale', {str(out)!r}]))")
    result = run_maps(assets=assets, code=code)
    assert result.returncode == 1
    assert lines(result.stderr) == [
        "error: rendering is unavailable: iwari_desktop.art.map_render does not exist yet"]
    assert not out.exists()


def test_render_a_map(assets: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.png"
    result = run_maps("render", "fixture-vale", str(out), assets=assets, subprocess_run=True)
    if importlib.util.find_spec("iwari_desktop.art.map_render") is None:
        assert result.returncode == 1
        assert lines(result.stderr) == [
            "error: rendering is unavailable: iwari_desktop.art.map_render does not exist yet"]
        return
    assert result.returncode == 0, result.stderr
    assert lines(result.stdout) == [f"fixture-vale: rendered to {out}"]
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("out, message", [
    ("", "error: OUT.png must be a file name ending in .png, not ''"),
    ("picture.jpg", "error: OUT.png must be a file name ending in .png, not 'picture.jpg'"),
    ("{tmp}", "error: OUT.png must be a file name ending in .png, not '{tmp}'"),
    ("{tmp}/folder.png", "error: cannot write {tmp}/folder.png: it is a directory"),
    ("/proc/x.png", "error: cannot write /proc/x.png: "),
    ("{tmp}/file.txt/x.png", "error: cannot write {tmp}/file.txt/x.png: "),
])
def test_render_to_an_unwritable_or_wrong_place_exits_2_with_one_line(assets: Path, tmp_path: Path, out: str,
                                                                       message: str) -> None:
    (tmp_path / "folder.png").mkdir()
    (tmp_path / "file.txt").write_text("not a folder", encoding="utf-8")
    out, message = out.format(tmp=tmp_path), message.format(tmp=tmp_path)
    result = run_maps("render", "fixture-vale", out, assets=assets)
    assert result.returncode == 2
    assert result.stdout == ""
    (line,) = lines(result.stderr)
    assert line.startswith(message) if message.endswith(": ") else line == message
    assert "Traceback" not in result.stderr
