"""The picture caches are bounded in bytes (issue #21 item 3): whatever is asked of them, the pixels they
keep stay within `BUDGETS`, the one place the bounds are written."""

from __future__ import annotations

import os

import pygame
import pytest

from iwari_desktop.art.surface_cache import BUDGETS, MB, SurfaceCache, SurfaceCaches, surface_bytes
from iwari_desktop.engine.maps.registry import bundled_map_ids, get_board


@pytest.fixture(autouse=True)
def _display():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    yield


def test_a_cache_forgets_the_least_recently_used_pictures_to_stay_within_its_bytes():
    cache = SurfaceCache(budget=3 * 100 * 100 * 4)
    pictures = {n: pygame.Surface((100, 100), pygame.SRCALPHA) for n in range(5)}
    for n in (0, 1, 2):
        cache.put(n, pictures[n])
    assert cache.bytes == 3 * surface_bytes(pictures[0]) and len(cache) == 3
    assert cache.get(0) is pictures[0]          # 0 is now the most recent; 1 the oldest
    cache.put(3, pictures[3])
    assert 1 not in cache and 0 in cache and 3 in cache
    assert cache.bytes <= cache.budget


def test_a_picture_bigger_than_the_whole_budget_is_handed_out_but_not_kept():
    cache = SurfaceCache(budget=1000)
    big = pygame.Surface((100, 100))
    assert cache.get_or_make("big", lambda: big) is big
    assert "big" not in cache and cache.bytes == 0


def test_every_bundled_map_drawn_in_turn_keeps_the_map_art_cache_within_its_budget():
    from iwari_desktop.scenes.board.map_picture import map_art

    caches = SurfaceCaches()
    drawn = 0
    for map_id in bundled_map_ids():
        if map_art(get_board(map_id), caches) is not None:
            drawn += 1
        assert caches.map_art.bytes <= BUDGETS.map_art
    assert drawn == len(bundled_map_ids()) >= 8
    assert len(caches.map_art) < drawn          # the eight full pictures (57 MB) are never all kept
    caches.drop()
    assert caches.map_art.bytes == 0 and len(caches.map_art) == 0


def test_lighting_every_territory_keeps_a_board_views_layers_within_their_budget():
    from iwari_desktop.scenes.board.board_view import BoardView
    from iwari_desktop.scenes.ui.pieces import PieceArt
    from iwari_desktop.engine import Game, GameConfig

    game = Game.new(GameConfig.quick("new-horizons", 3, seed=1))
    view = BoardView(game.state.board, PieceArt())
    view.set_area(pygame.Rect(0, 0, 1300, 910))        # a big window's board (1920×1080)
    screen = pygame.Surface((1320, 930))
    territories = range(len(game.state.board.territories))
    for focus in (False, True):
        for t in territories:
            kwargs = {"focus_territories": {t}} if focus else {"lit_territories": {t}}
            view.draw(screen, game.state, **kwargs)
            assert view._layers.bytes <= BUDGETS.board_layers
    board_bytes = surface_bytes(view.background())
    overlays = [view._lit_overlay(t, False)[0] for t in territories]
    assert max(surface_bytes(o) for o in overlays) < board_bytes / 4   # small overlays, not board copies
    assert BUDGETS.board_layers >= 2 * board_bytes   # both dimmed boards of a 1920×1080 window fit


def test_the_budgets_sum_to_a_small_part_of_the_200_mb_a_game_may_take():
    # three board views live at once at most (board, scoring, replay), each with its own layers
    assert BUDGETS.map_art + 3 * BUDGETS.board_layers <= 60 * MB
