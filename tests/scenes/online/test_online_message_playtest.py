"""The board's message beside the Void's boxes at an online co-op table, as the play-test of 2026-11-29 saw it
(issue #33, docs/playtest-2026-11-29-online.md): "Aiyana chooses Whisperpine Vale for the Void first." covered the
counters' last line ("The Void controls 0 — you two lose at 1"). The strip of seats makes the map a little smaller;
the counters box at the foot left just under half the map's width beside it and the forecast at the top less, so the
message fell back to lying over the boxes. It now takes the wider of the two gaps (on more lines) while that gap
holds a readable message, and lies over a box only when neither does."""

from __future__ import annotations

import pygame

from iwari_desktop.scenes.board.board_message import place_message


def test_the_message_takes_the_room_beside_the_counters_rather_than_covering_them(app):
    ui = app.ui
    area = pygame.Rect(8, 84, 928, 628)                 # the online co-op board's map area at 1280×720
    counters = pygame.Rect(32, 612, 437, 92)           # the Void's counters, bottom left
    forecast = pygame.Rect(32, 90, 684, 46)            # the forecast, two lines across the top
    text = "Aiyana chooses Whisperpine Vale for the Void first."
    lines, rect = place_message(ui, area, text, False, [counters, forecast])
    assert area.contains(rect)
    assert not rect.colliderect(counters) and not rect.colliderect(forecast), rect
    assert len(lines) <= 3


def test_a_wide_gap_is_still_taken_as_before(app):
    ui = app.ui
    area = pygame.Rect(8, 84, 928, 628)
    counters = pygame.Rect(32, 612, 300, 92)
    lines, rect = place_message(ui, area, "A short line.", False, [counters])
    assert rect.left > counters.right and rect.bottom == area.bottom - ui.px(10)


def test_with_no_readable_gap_anywhere_the_message_lies_over_the_boxes_at_the_foot(app):
    ui = app.ui
    area = pygame.Rect(8, 84, 928, 628)
    boxes = [pygame.Rect(20, 600, 800, 100), pygame.Rect(20, 90, 800, 60)]
    lines, rect = place_message(ui, area, "Nothing to play there.", False, boxes)
    assert rect.bottom == area.bottom - ui.px(10) and rect.width == area.width - ui.px(40)
