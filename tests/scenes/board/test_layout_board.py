"""Nothing drawn on the board covers a territory name or a space a player may click (issue 13, item 10).

The name rectangles are those the map painter recorded when it painted the bundled background
(`<id>.art.json`, checked fresh against the map data by tests/art/test_art.py), the spaces come from the board; badges and feat icons are placed by `BoardView` for every territory and
connection, on every bundled map, at 1280×720 (the smallest layout). The expansion's tokens placed
off the printed spots (moved contested tokens, Worship's golden tokens) are checked the same way on
mid-game sample games.
"""

from __future__ import annotations

import math

import pygame
import pytest

from iwari_desktop.art.fingerprint import name_boxes
from iwari_desktop.art.map_art import TENT_SPACE_RADIUS, TOTEM_SPACE_RADIUS
from iwari_desktop.engine.core.state import FeatOnBoard
from iwari_desktop.engine.core.config import FeatKind
from iwari_desktop.engine.maps.registry import bundled_map_ids, get_board, map_path
from iwari_desktop.scenes.board.board_view import BoardView
from iwari_desktop.scenes.ui.pieces import PieceArt

AREA = pygame.Rect(8, 54, 928, 658)  # the board area of a 1280×720 window


def _setup(map_id: str):
    board = get_board(map_id)
    recorded = name_boxes(map_path(map_id).with_suffix(".png"), board)
    assert len(recorded) == len(board.territories), f"{map_id}: stale or missing name record"
    view = BoardView(board, PieceArt())
    view.set_area(AREA)
    labels = {t: pygame.Rect(view.to_screen(r[:2]), (math.ceil(r[2] * view.k), math.ceil(r[3] * view.k)))
              for t, r in recorded.items()}
    spaces = [pygame.Rect(0, 0, 2 * TENT_SPACE_RADIUS * view.k, 2 * TENT_SPACE_RADIUS * view.k) for _ in board.spaces]
    for s, rect in zip(board.spaces, spaces):
        rect.center = view.to_screen(s.position)
    return board, view, labels, spaces


def _hits(rect: pygame.Rect, labels, spaces) -> list[str]:
    found = [f"name of territory {t}" for t, r in labels.items() if r.colliderect(rect)]
    # round icons on round spaces: they touch when the centres are closer than the two radii
    found += [f"tent space {i}" for i, r in enumerate(spaces)
              if math.dist(r.center, rect.center) < r.w / 2 + min(rect.w, rect.h) / 2 - 1]
    return found


ALL_MAPS = sorted(bundled_map_ids())


@pytest.mark.parametrize("map_id", ALL_MAPS)
def test_totem_count_badges_cover_no_name_and_no_tent_space(app, map_id):
    board, view, labels, spaces = _setup(map_id)
    for t in board.territories:
        if t.totem_space is None:
            continue
        rect = view.badge_rect(t.index, "12")
        assert _hits(rect, {}, spaces) == [], t.name
        # names: the painter keeps every name out of a circle around each totem space, so a badge
        # wholly inside that circle covers no name (checked in board pixels)
        centre = view.to_map(rect.center)
        reach = math.dist(centre, t.totem_space) + max(rect.w, rect.h) / 2 / view.k
        assert reach <= TOTEM_SPACE_RADIUS + 5, (t.name, reach)


class _State:
    def __init__(self, feats):
        self.feats = feats


@pytest.mark.parametrize("map_id", ALL_MAPS)
def test_feat_icons_cover_no_name_and_no_space(app, map_id):
    board, view, labels, spaces = _setup(map_id)
    feats = [FeatOnBoard(FeatKind.DISCOVERY, 0, t.index, False) for t in board.territories for _ in range(2)]
    feats += [FeatOnBoard(FeatKind.HONOUR, 0, c.number, True) for c in board.connections]
    totems = [pygame.Rect(0, 0, 44 * view.k, 44 * view.k) for t in board.territories if t.totem_space]
    for rect, t in zip(totems, [t for t in board.territories if t.totem_space]):
        rect.center = view.to_screen(t.totem_space)
    for index, rect in view.feat_spots(_State(feats)):
        hits = _hits(rect, labels, spaces) + [f"totem space {i}" for i, r in enumerate(totems)
                                               if math.dist(r.center, rect.center) < r.w / 2 + rect.w / 2 - 1]
        assert hits == [], f"feat {feats[index]}"


@pytest.mark.parametrize("map_id", ["floating-lands", "forgotten-island", "long-road", "the-void"])
def test_expansion_tokens_cover_no_name_and_no_space(app, map_id):
    from expansion_draw_helpers import fresh_sample

    board, view, labels, spaces = _setup(map_id)
    state = fresh_sample(map_id).state
    placed = view.expansion.placed_tokens(state)
    assert placed
    rects = []
    for (kind, key), point in placed.items():
        rect = pygame.Rect(0, 0, view.expansion.token_px, view.expansion.token_px)
        rect.center = view.to_screen(point)
        assert _hits(rect, labels, spaces) == [], (kind, key)
        assert not any(rect.colliderect(other) for other in rects), (kind, key)
        rects.append(rect)
    for index, rect in view.feat_spots(state):  # feats keep off the tokens too
        assert not any(math.dist(rect.center, r.center) < (rect.w + r.w) / 2 - 1 for r in rects), index


def test_a_tooltip_keeps_off_the_territory_being_placed_into(app):
    import pygame as pg

    from iwari_desktop.engine import Phase
    from iwari_desktop.engine.bots.players import GreedyBot
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.setup.setup import start_game
    from iwari_desktop.scenes.selftest.smoke_driver import bot_step
    from scene_helpers import make_game
    start_game(app, make_game(players=3, seed=5))
    board = app.stack.find(BoardScene)
    c, bot = board.controller, GreedyBot(2)
    for _ in range(5000):
        if c.state.phase is Phase.PIECES and c.hand_visible and c.state.pending.pieces_left >= 1 \
                and c.state.territory_tents[c.state.pending.territory] != [0, 0, 0]:
            break
        bot_step(c, bot)
    t = c.state.board.territories[c.state.pending.territory]
    targets = [c.state.board.spaces[s].position for s in t.tent_spaces] + ([t.totem_space] if t.totem_space else [])
    reach = board.view.tent_px // 2
    for point in targets:
        x, y = board.view.to_screen(point)
        cursor = (x + reach + 2, y)
        rect = board.tooltip_rect(cursor, (app.ui.px(260), app.ui.px(80)))
        covered = [p for p in targets if rect.inflate(reach, reach).collidepoint(board.view.to_screen(p))]
        assert covered == [], (t.name, point)
    assert pg.Rect(board.board_area).contains(rect)


def test_a_tooltip_covers_no_territory_name_wherever_a_free_spot_exists(app):
    """Play-test finding: while placing, a hover tooltip could hide another territory's name. Over a
    grid of cursor positions, whenever some spot hides neither a lit space nor a name, the tooltip
    takes such a spot."""
    from iwari_desktop.engine import Phase
    from iwari_desktop.engine.bots.players import GreedyBot
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.setup.setup import start_game
    from iwari_desktop.scenes.selftest.smoke_driver import bot_step
    from scene_helpers import make_game
    start_game(app, make_game(players=3, seed=5))
    board = app.stack.find(BoardScene)
    c, bot = board.controller, GreedyBot(2)
    for _ in range(5000):
        if c.state.phase is Phase.PIECES and c.hand_visible:
            break
        bot_step(c, bot)
    names = board.name_rects_on_screen()
    assert len(names) == len(c.state.board.territories)
    size = (app.ui.px(260), app.ui.px(80))
    area = board.board_area
    checked = 0
    for gx in range(area.x + 10, area.right - 10, max(1, area.w // 24)):
        for gy in range(area.y + 10, area.bottom - 10, max(1, area.h // 16)):
            spots = board.tooltip_candidates((gx, gy), size)
            if not any(lit == 0 and hidden == 0 for _, lit, hidden in spots):
                continue
            rect = board.tooltip_rect((gx, gy), size)
            assert not any(rect.colliderect(n) for n in names), (gx, gy, rect)
            checked += 1
    assert checked > 100
