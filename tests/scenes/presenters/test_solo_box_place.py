"""The Void's marks over the board stay where the player can read them (playtest 2026-11-26 at 1920×1080):
the counters and the forecast keep their places and stay whole when the Hint's line comes (D15), and the
Void pawn hides neither its connection's number nor a territory's name, nor lies under the boxes (D16).
"""

from __future__ import annotations

import math

import pygame
import pytest

from scene_helpers import resize
from solo_scene_helpers import solo_game

from iwari_desktop.art.map_sizes import BADGE_RADIUS
from iwari_desktop.engine.rulesets.solo.data import data
from iwari_desktop.i18n import current_language
from iwari_desktop.scenes.presenters import solo_board
from iwari_desktop.scenes.board.board import BoardScene
from iwari_desktop.scenes.setup.setup import start_game

SOLO_MAPS = ["new-horizons", "vast-lands", "floating-lands", "forgotten-island", "glacial-mass", "uncharted-paths",
             "long-road"]
# a Hint's line as long as the playtest's (two lines at the foot in either language)
HINTS = {"en": "Hint: the Expert plays Glaciers + Glaciers for 1 piece in Saltwind Bay — Saltwind Bay would now "
               "count for you instead of the Void.",
         "de": "Tipp: Der Experte spielt Wüste + Wüste für 1 Figur in Silverfall Shelf – Silverfall Shelf würde "
               "jetzt für dich zählen statt für die Leere."}


def _board(app, map_id: str = "new-horizons", seed: int = 5) -> BoardScene:
    start_game(app, solo_game(map_id=map_id, seed=seed))
    board = app.stack.find(BoardScene)
    board.anims.clear()
    return board


def _boxes(board: BoardScene) -> list[pygame.Rect]:
    board.draw(board.app.screen)
    drawn = board.over_board[0]
    return [drawn.rect] + [r for r in drawn.more if board.view.rect.contains(r)]


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_d15_the_counters_and_the_forecast_keep_their_places_when_the_hint_speaks(app, size):
    """The Hint's line at the board's foot moves neither box, hides neither, and covers neither."""
    resize(app, size)
    board = _board(app)
    before = _boxes(board)
    assert len(before) == 2, "the counters and the whole forecast, before the hint"
    board.controller.notify(HINTS[current_language()])
    after = _boxes(board)
    assert after == before, "the boxes stay where they were when the Hint's line came"
    _text, _error, lines, message = board._message()
    assert len(lines) >= 2
    # on the map, or beside it over the recent moves where the map has no spot clear of its spaces (issue #34)
    assert board.board_area.contains(message) or message.topleft == board.log_rect().topleft
    assert message.collidelist(board.view.clickable_rects()) < 0
    assert all(not message.colliderect(box) for box in after), "the Hint's line keeps clear of the boxes"
    board.controller.message = None
    assert _boxes(board) == before


def _badge_and_names(board: BoardScene, number: int) -> tuple[tuple[int, int], float, list[pygame.Rect]]:
    view = board.view
    centre = view.to_screen(view.board.connections_by_number[number].position)
    names = []
    for name in view.name_boxes():
        left, top = view.to_screen((name.x, name.y))
        right, bottom = view.to_screen((name.right, name.bottom))
        names.append(pygame.Rect(left, top, right - left, bottom - top))
    return centre, BADGE_RADIUS * view.k, names


def test_d16_the_pawn_hides_no_badge_number_and_no_name_on_the_playtests_map(app, monkeypatch):
    """New Horizons (chapter 1), the pawn on each connection in turn: every pixel of that connection's badge and
    of each territory's name is what it is without the pawn (the playtest's "HEARTHFI▲STEPPE" over badge 9)."""
    board = _board(app)
    state = board.controller.state
    screen = app.screen
    draw_pawn = solo_board.draw_pawn

    def frame(pawn: int, drawn: bool) -> pygame.Surface:
        data(state).pawn = pawn
        monkeypatch.setattr(solo_board, "draw_pawn", draw_pawn if drawn else lambda *_: None)
        board.draw(screen)
        return screen.copy()

    for c in board.view.board.connections:
        bare, shown = frame(c.number, False), frame(c.number, True)
        assert shown.get_view("1").raw != bare.get_view("1").raw, "the pawn is drawn"
        (cx, cy), r, names = _badge_and_names(board, c.number)
        badge = [(x, y) for x in range(int(cx - r), int(cx + r) + 1) for y in range(int(cy - r), int(cy + r) + 1)
                 if math.dist((x, y), (cx, cy)) <= r]
        changed = [p for p in badge if shown.get_at(p) != bare.get_at(p)]
        assert changed == [], f"badge {c.number}: {len(changed)} of its pixels covered by the pawn"
        for name in names:
            clip = name.clip(board.view.rect)
            hidden = [(x, y) for x in range(clip.left, clip.right, 2) for y in range(clip.top, clip.bottom, 2)
                      if shown.get_at((x, y)) != bare.get_at((x, y))]
            assert hidden == [], f"the pawn on {c.number} covers a territory's name at {name}"


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_d16_on_every_map_the_pawn_clears_every_badge_and_name_and_the_boxes_clear_the_pawn(app):
    from iwari_desktop.scenes.presenters.solo_board import pawn_rect

    for map_id in SOLO_MAPS:
        board = _board(app, map_id, seed=3)
        view = board.view
        # every badge and the names, read once per map (they do not move with the pawn)
        badges = {other.number: _badge_and_names(board, other.number) for other in view.board.connections}
        for c in view.board.connections:
            rect = pawn_rect(view, c.number)
            assert view.rect.contains(rect), (map_id, c.number)
            for other in view.board.connections:
                (cx, cy), r, names = badges[other.number]
                nearest = (min(max(cx, rect.left), rect.right), min(max(cy, rect.top), rect.bottom))
                assert math.dist(nearest, (cx, cy)) >= r, (map_id, c.number, "covers badge", other.number)
            assert rect.collidelist(names) < 0, (map_id, c.number, "covers a name")
        pawn = data(board.controller.state).pawn
        boxes = _boxes(board)
        assert len(boxes) >= 2, map_id
        assert all(not box.colliderect(pawn_rect(view, pawn)) for box in boxes), (map_id, "a box over the pawn")


@pytest.mark.parametrize("app", ["de"], indirect=True)
def test_a_wrapped_counter_keeps_its_rows_even_and_sets_its_later_rows_in(app):
    """The German counters wrap in the narrow box (docs/screenshots/de/solo-forecast.png): a plain wrap left
    "Spiel" and "Leere" alone on a row, read as lines of their own. Now a wrapped counter takes as many rows as
    a plain wrap at the narrowest width that keeps that count, and its later rows are set in."""
    from iwari_desktop.scenes.presenters.solo_box import HANGING, Line, _rows, _size, balanced_wrap, paint_box
    from iwari_desktop.scenes.ui.look import TextRecorder

    ui = app.ui
    lines = [Line("Verderbnisse: 0 von 3 – die dritte beendet das Spiel", (255, 255, 255), "bold", 13),
             Line("Du hältst 0 · 12 offen: jetzt 4 für dich, 8 für die Leere", (255, 255, 255), "bold", 13),
             Line("Leere-Karten: 3 von 4", (255, 255, 255), "bold", 13)]
    width = ui.px(330)
    for line in lines:
        plain, even = ui.wrap(line.text, line.role, line.size, width), balanced_wrap(ui, line, width)
        assert len(even) == len(plain) and " ".join(even) == line.text
        if len(plain) > 1:
            assert len(plain[-1].split()) == 1              # the plain wrap's lone last word
            assert min(len(row.split()) for row in even) >= 3
            widths = [ui.text_width(row, line.role, line.size) for row in even]
            assert max(widths) - min(widths) < max(widths) // 2
    rows = _rows(ui, lines, width)
    assert [index for _, _, index in rows] == [0, 0, 1, 1, 2]
    box = pygame.Rect(20, 20, *_size(ui, rows))
    recorder = ui.recorder = TextRecorder(app.screen.get_size())
    try:
        paint_box(app.screen, ui, box, rows, [])
    finally:
        ui.recorder = None
    lefts = [drawn.rect.x for drawn in recorder.texts]
    assert lefts == [lefts[0], lefts[0] + ui.px(HANGING), lefts[0], lefts[0] + ui.px(HANGING), lefts[0]]
    assert all(box.contains(drawn.ink) for drawn in recorder.texts)
