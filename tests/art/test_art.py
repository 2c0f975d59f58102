"""The art package: map backgrounds from Board data, the debug render, and the sprites (headless)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from iwari_desktop.art.map_art import render_background  # noqa: E402
from iwari_desktop.art.draw import text_surface  # noqa: E402
from iwari_desktop.art.fonts import art_font  # noqa: E402
from iwari_desktop.art.map_render import LEGEND, save_board_render  # noqa: E402
from iwari_desktop.art.palette import PAPER  # noqa: E402
from iwari_desktop.art.sprites import STORED_SIZES, SpriteBook, sprite_names  # noqa: E402
from iwari_desktop.engine.core.biomes import Biome, ConnectionKind, TribeColour  # noqa: E402
from iwari_desktop.engine.maps.board import Board, Connection, RoadSegment, TentSpace, Territory  # noqa: E402
from iwari_desktop.resources import maps_dir, sprites_dir  # noqa: E402

SEA_PROBE = pygame.Rect(20, 20, 40, 40)  # top-left corner: open sea on the tiny board
LAND_PROBE = pygame.Rect(90, 215, 40, 30)  # inside the forest, clear of spaces, roads and badges


def tiny_board() -> Board:
    """Two square islands (forest and desert) joined by one water and one land connection."""
    forest = ((60.0, 60.0), (300.0, 60.0), (300.0, 260.0), (60.0, 260.0))
    desert = ((300.0, 60.0), (440.0, 60.0), (440.0, 260.0), (300.0, 260.0))
    spaces = (
        TentSpace(index=0, object_id=1, position=(110.0, 110.0), territory=0),
        TentSpace(index=1, object_id=2, position=(180.0, 120.0), territory=0),
        TentSpace(index=2, object_id=3, position=(360.0, 110.0), territory=1),
        TentSpace(index=3, object_id=4, position=(390.0, 200.0), territory=1, purple_road=True),
        TentSpace(index=4, object_id=5, position=(370.0, 150.0), territory=1, purple_road=True),
    )
    territories = (
        Territory(index=0, object_id=10, name="Test Wood", biome=Biome.FOREST, polygon=forest,
                  tent_spaces=(0, 1), totem_space=(220.0, 200.0)),
        Territory(index=1, object_id=11, name="Dry", biome=Biome.DESERT, polygon=desert,
                  tent_spaces=(2, 3, 4), totem_space=None),
    )
    roads = (
        RoadSegment(object_id=20, a=0, b=1, waypoints=((140.0, 100.0),)),
        RoadSegment(object_id=21, a=1, b=2),
        RoadSegment(object_id=22, a=3, b=4),
    )
    connections = (
        Connection(number=1, object_id=30, territories=(0, 1), kind=ConnectionKind.LAND, position=(300.0, 230.0),
                   peak_group=2),
        Connection(number=2, object_id=31, territories=(0, 1), kind=ConnectionKind.WATER, position=(300.0, 40.0)),
    )
    return Board(map_id="tiny", name="Tiny", min_players=2, max_players=5, modes=frozenset({"multiplayer"}),
                 uses_mountains=True, rules=(), size=(500, 320), territories=territories, spaces=spaces,
                 roads=roads, connections=connections)


def test_background_has_the_board_size_and_tells_sea_from_land() -> None:
    board = tiny_board()
    surface = render_background(board)
    assert surface.get_size() == board.size
    sea = pygame.transform.average_color(surface, SEA_PROBE)[:3]
    land = pygame.transform.average_color(surface, LAND_PROBE)[:3]
    assert sum(abs(a - b) for a, b in zip(sea, land)) > 60, (sea, land)
    # The sea is blue-ish, the forest green-ish.
    assert sea[2] > sea[0] and land[1] > land[0] and land[1] > land[2]


def test_background_is_deterministic() -> None:
    board = tiny_board()
    first = pygame.image.tobytes(render_background(board), "RGB")
    second = pygame.image.tobytes(render_background(board), "RGB")
    assert first == second


def test_save_board_render_writes_png(tmp_path: Path) -> None:
    board = tiny_board()
    for overlay in (True, False):
        out = tmp_path / f"render-{overlay}.png"
        save_board_render(board, out, overlay=overlay)
        assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert pygame.image.load(str(out)).get_size() == board.size
    # The overlay adds something on top of the plain background.
    plain = pygame.image.load(str(tmp_path / "render-False.png"))
    marked = pygame.image.load(str(tmp_path / "render-True.png"))
    assert pygame.image.tobytes(plain, "RGB") != pygame.image.tobytes(marked, "RGB")


def test_save_board_render_creates_the_folder(tmp_path: Path) -> None:
    out = tmp_path / "deeper" / "map.png"
    save_board_render(tiny_board(), str(out), overlay=False)
    assert out.is_file()


@pytest.mark.parametrize("where", ["directory", "proc", "under a file"])
def test_save_board_render_reports_an_unwritable_place_as_os_error(tmp_path: Path, where: str) -> None:
    """Never a bare pygame.error: callers (the maps CLI, the art tool) catch OSError only."""
    (tmp_path / "dir.png").mkdir()
    (tmp_path / "file.txt").write_text("x", encoding="utf-8")
    out = {"directory": tmp_path / "dir.png", "proc": Path("/proc/iwari-render.png"),
           "under a file": tmp_path / "file.txt" / "map.png"}[where]
    with pytest.raises(OSError):
        save_board_render(tiny_board(), out, overlay=False)
    assert not out.is_file()


@pytest.mark.parametrize("where", ["proc", "under a file"])
def test_save_board_render_refuses_an_unwritable_place_before_painting(tmp_path: Path, where: str, monkeypatch) -> None:
    """Painting a map takes seconds: a place that cannot be written is refused first."""
    from iwari_desktop.art import map_render

    def no_painting(*_args):
        raise AssertionError("the map was painted before the place was tried")

    monkeypatch.setattr(map_render, "_picture_with_layout", no_painting)
    (tmp_path / "file.txt").write_text("x", encoding="utf-8")
    out = {"proc": Path("/proc/iwari-render.png"), "under a file": tmp_path / "file.txt" / "map.png"}[where]
    with pytest.raises(OSError):
        save_board_render(tiny_board(), out, overlay=False)


def test_an_interrupted_render_leaves_the_old_picture_and_no_partial_file(tmp_path: Path, monkeypatch) -> None:
    from iwari_desktop.art import map_render

    out = tmp_path / "map.png"
    out.write_bytes(b"old picture")

    def interrupted(_surface, path):  # killed half-way through writing the PNG
        Path(path).write_bytes(b"\x89PNG half")
        raise KeyboardInterrupt

    monkeypatch.setattr(map_render.pygame.image, "save", interrupted)
    with pytest.raises(KeyboardInterrupt):
        save_board_render(tiny_board(), out, overlay=False)
    assert out.read_bytes() == b"old picture"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["map.png"]


def test_overlay_legend_explains_every_mark_and_fits_the_board() -> None:
    """The overlay marks off-road spaces (no road segment) with a red cross: the legend says so."""
    assert any(entry.startswith("red cross") and "off-road" in entry for entry in LEGEND)
    for mark in ("yellow ring", "red ring", "blue", "white", "p:"):
        assert any(entry.startswith(mark) for entry in LEGEND), mark
    width = text_surface(art_font("body", 11), " \u00b7 ".join(LEGEND), PAPER).get_width()
    assert width + 16 <= 1600  # one strip along the bottom edge of a 1600 px map


@pytest.mark.parametrize("name", sprite_names())
def test_every_sprite_named_by_the_book_exists_and_loads(name: str) -> None:
    path = sprites_dir() / f"{name}.png"
    assert path.is_file(), f"{path} missing: run tools/make_sprites.py"
    image = SpriteBook().image(name)
    assert image.get_flags() & pygame.SRCALPHA
    kind = next((k for k in sorted(STORED_SIZES, key=len, reverse=True) if name == k or name.startswith(k + "_")), None)
    if kind is not None:
        assert image.get_size() == STORED_SIZES[kind]


def test_sprite_book_scales_and_caches_without_a_display() -> None:
    assert pygame.display.get_surface() is None
    book = SpriteBook()
    tent = book.tent("red", 32)
    assert tent.get_size() == (32, 32)
    assert book.tent(TribeColour.RED, 32) is tent  # enum members work, and copies are cached
    assert book.totem("purple", 60).get_height() == 60
    assert book.card(Biome.FOREST, 168).get_size() == (120, 168)
    assert book.card_back(168).get_size() == (120, 168)
    assert book.feat("courage", 40).get_size() == (40, 40)
    assert book.contested("back", 30).get_size() == (30, 30)
    assert book.mountain(80).get_size() == (80, 64)
    assert book.icon(32).get_size() == (32, 32)
    with pytest.raises(FileNotFoundError):
        book.image("no_such_sprite")


def test_every_bundled_map_has_its_background() -> None:
    from iwari_desktop.engine.maps.tmx_loader import load_board

    for tmx in sorted(maps_dir().glob("*.tmx")):
        png = tmx.with_suffix(".png")
        assert png.is_file(), f"{png.name} missing: run tools/render_map_art.py {tmx.stem}"
        assert png.stat().st_size < 2_000_000, f"{png.name} is over 2 MB"
        board = load_board(tmx)
        assert pygame.image.load(str(png)).get_size() == board.size


def test_every_bundled_background_was_rendered_from_the_current_map_data() -> None:
    """A geometry edit in Tiled without re-rendering would leave circles where no space is."""
    from iwari_desktop.art.fingerprint import geometry_fingerprint, is_fresh
    from iwari_desktop.engine.maps.tmx_loader import load_board

    for tmx in sorted(maps_dir().glob("*.tmx")):
        board = load_board(tmx)
        assert is_fresh(tmx.with_suffix(".png"), board), (
            f"{tmx.stem}.png is stale (map geometry {geometry_fingerprint(board)}): run tools/render_map_art.py {tmx.stem}")


def test_moving_a_tent_space_makes_the_background_stale(tmp_path) -> None:
    import dataclasses

    from iwari_desktop.art.fingerprint import is_fresh, write_record
    from iwari_desktop.engine.maps.tmx_loader import load_board

    board = load_board(maps_dir() / "new-horizons.tmx")
    png = tmp_path / "new-horizons.png"
    png.write_bytes(b"png")
    write_record(png, board, {}, {})  # the record only (no names painted: the fingerprint is what is checked)
    assert is_fresh(png, board)
    moved = list(board.spaces)
    x, y = moved[0].position
    moved[0] = dataclasses.replace(moved[0], position=(x + 5.0, y))
    assert not is_fresh(png, dataclasses.replace(board, spaces=tuple(moved)))
