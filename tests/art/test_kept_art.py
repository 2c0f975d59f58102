"""The seam through which the App decodes pictures from files (art/surface_cache.FileArt): the game decodes
each time it is asked, the test suite's store (tests/support/kept_art.py) once per file state."""

from __future__ import annotations

import os

import pygame

from kept_art import KeptFileArt
from map_fixtures import editable_assets
from iwari_desktop.art.surface_cache import FileArt
from iwari_desktop.engine.maps.registry import get_board


def _display() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.display.set_mode((64, 64))  # pytmx converts images for the window, as in the game


def test_the_game_decodes_a_thumbnail_afresh_each_time_it_is_asked():
    from iwari_desktop.scenes.board.map_picture import board_preview

    _display()
    board = get_board("new-horizons")
    first, second = board_preview(board, (85, 60), FileArt()), board_preview(board, (85, 60), FileArt())
    assert first is not None and second is not None and first is not second
    assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(second, "RGB")


def test_the_kept_store_decodes_once_and_hands_out_the_same_pixels(tmp_path, monkeypatch):
    from iwari_desktop.scenes.board.map_picture import board_preview, map_art

    _display()
    kept = KeptFileArt()
    board = get_board("new-horizons")
    fresh = board_preview(board, (85, 60))
    first = board_preview(board, (85, 60), kept)
    decoded = kept.decoded
    assert decoded == 2  # the thumbnail and the full art it was made from
    assert board_preview(board, (85, 60), kept) is first and kept.decoded == decoded
    assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(fresh, "RGB")
    assert map_art(board, files=kept) is not None and kept.decoded == decoded  # the full art was kept too

    # the same map saved again (a later change time): decoded afresh, never the old picture
    root = editable_assets(tmp_path)
    monkeypatch.setenv("IWARI_ASSETS", str(root))
    monkeypatch.setenv("IWARI_CACHE_DIR", str(tmp_path / "cache"))
    copied = get_board("new-horizons")
    board_preview(copied, (85, 60), kept)
    assert kept.decoded == decoded + 2
    tmx = root / "maps" / "new-horizons.tmx"
    os.utime(tmx, (tmx.stat().st_atime, tmx.stat().st_mtime + 5))
    board_preview(get_board("new-horizons"), (85, 60), kept)
    assert kept.decoded == decoded + 4


def test_sprite_books_handed_one_kept_store_decode_each_png_once_and_keep_their_own_copies():
    from iwari_desktop.art.sprites import SpriteBook

    _display()
    kept = KeptFileArt()
    first, second = SpriteBook(files=kept), SpriteBook(files=kept)
    tent = first.tent("red", 40)
    decoded = kept.decoded
    assert decoded >= 1
    again = second.tent("red", 40)
    assert kept.decoded == decoded                    # the second book decoded nothing
    assert again is not tent                          # each book scales its own copy
    assert pygame.image.tobytes(again, "RGBA") == pygame.image.tobytes(tent, "RGBA")
    assert pygame.image.tobytes(SpriteBook().tent("red", 40), "RGBA") == pygame.image.tobytes(tent, "RGBA")
    original = first.image("tent_red")
    original.fill((0, 0, 0, 0))                       # a book's original is its own: drawing on it changes no other
    assert pygame.image.tobytes(second.image("tent_red"), "RGBA") != pygame.image.tobytes(original, "RGBA")


def test_sprites_and_thumbnails_are_kept_apart_so_neither_pushes_the_other_out():
    from iwari_desktop.art.surface_cache import MB
    from iwari_desktop.art.sprites import SpriteBook
    from iwari_desktop.scenes.board.map_picture import board_preview

    _display()
    kept = KeptFileArt(thumb_budget=2 * MB)            # less than the sprites' 4.9 MB
    SpriteBook(files=kept).preload()
    board = get_board("new-horizons")
    board_preview(board, (85, 60), kept)
    decoded = kept.decoded
    SpriteBook(files=kept).preload()
    board_preview(board, (85, 60), kept)
    assert kept.decoded == decoded
