"""The board shows that the sound is off (issue #34 item 3: muting with M changed only the menu's footer)."""

from __future__ import annotations

import pygame

from iwari_desktop.scenes.board.mute_sign import MuteSign
from scene_helpers import board_after_handoff, key, make_game


def _signs(board):
    return [box for box in board.over_board if isinstance(box, MuteSign)]


def test_m_on_the_board_shows_the_sign_and_m_again_takes_it_away(app):
    board = board_after_handoff(app, make_game())
    app.step(0)
    assert not app.settings.muted and _signs(board) == []
    before = app.screen.copy()
    key(app, pygame.K_m)
    app.step(0)
    assert app.settings.muted
    [sign] = _signs(board)
    assert board.view.rect.contains(sign.rect)
    changed = sum(1 for x in range(sign.rect.left, sign.rect.right, 3) for y in range(sign.rect.top, sign.rect.bottom, 3)
                  if app.screen.get_at((x, y)) != before.get_at((x, y)))
    assert changed > 20                                   # really drawn, not only listed
    assert sign.tip_at(sign.rect.center)[0] == "All sound is off"
    key(app, pygame.K_m)
    app.step(0)
    assert not app.settings.muted and _signs(board) == []


def test_the_sign_keeps_clear_of_the_message_and_the_rules_boxes(app):
    board = board_after_handoff(app, make_game())
    key(app, pygame.K_m)
    from iwari_desktop.scenes.board.controller_context import Message

    board.controller.message = Message("Nothing to play there: pick a card first, then a lit space of its biome.",
                                       error=True)
    app.step(0)
    app.request_redraw()
    app.step(0)
    [sign] = _signs(board)
    shown = board._message()
    assert shown is not None and not shown[3].colliderect(sign.rect)
    others = [r for box in board.over_board if box is not sign for r in [box.rect, *box.more]]
    assert not any(sign.rect.colliderect(r) for r in others)
