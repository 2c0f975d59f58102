"""A map edited in Tiled shows its new geometry in the game, art included.

The bundled background is drawn from the map data; after a tent space is dragged the old picture
would show a circle where no space is, so the board redraws the art once into the cache folder.
"""

from __future__ import annotations

import os

import pygame

from map_fixtures import editable_assets, move_object
from iwari_desktop.engine.maps.registry import get_board


def test_a_dragged_tent_space_gets_freshly_drawn_art_and_the_bundled_art_is_reused(tmp_path, monkeypatch):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.display.set_mode((64, 64))  # pytmx converts images for the window, as in the game
    root = editable_assets(tmp_path)
    monkeypatch.setenv("IWARI_ASSETS", str(root))
    monkeypatch.setenv("IWARI_CACHE_DIR", str(tmp_path / "cache"))
    from iwari_desktop.scenes.board import map_picture

    board = get_board("new-horizons")
    assert map_picture.map_art(board) is not None
    assert not (tmp_path / "cache").exists()  # the bundled picture matches: nothing redrawn

    tmx = root / "maps" / "new-horizons.tmx"
    space = board.spaces[0]
    x, y = space.position
    tmx.write_text(move_object(tmx.read_text(encoding="utf-8"), space.object_id, x + 6, y + 4), encoding="utf-8")
    os.utime(tmx, (tmx.stat().st_atime, tmx.stat().st_mtime + 5))  # a later save in Tiled
    edited = get_board("new-horizons")
    assert edited.spaces[0].position != space.position

    art = map_picture.map_art(edited)
    cached = list((tmp_path / "cache" / "maps").glob("new-horizons-*.png"))
    assert art is not None and art.get_size() == edited.size and len(cached) == 1
    # the new circle is drawn where the space now is: the two pictures differ around it
    bundled = pygame.image.load(str(root / "maps" / "new-horizons.png"))
    nx, ny = edited.spaces[0].position
    assert any(art.get_at((int(nx) + dx, int(ny) + dy)) != bundled.get_at((int(nx) + dx, int(ny) + dy))
               for dx in range(-12, 13, 3) for dy in range(-12, 13, 3))
    pygame.display.quit()
