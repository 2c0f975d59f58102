"""What a scripted new player (real clicks and keys under Xvfb) tripped over; each test fails without its fix.

The playtest itself is described in the report of wt-playtest; these tests pin each finding down
headless, through the same scenes.
"""

from __future__ import annotations

import pygame

from iwari_desktop.scenes.board import BoardScene
from iwari_desktop.scenes.narration import Announcement
from iwari_desktop.scenes.overlays import AnnouncementOverlay
from iwari_desktop.scenes.setup import start_game
from layout_check import all_text
from test_scenes_support import app, key, make_game, send  # noqa: F401


def _board(app, **kwargs) -> BoardScene:
    start_game(app, make_game(**kwargs))
    app.step(0)
    key(app, pygame.K_RETURN)
    return app.stack.find(BoardScene)


def _hover(app, pos) -> list[str]:
    send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    return all_text(app)


def test_a_tooltip_does_not_linger_under_a_screen_opened_on_top(app):
    """Seen at 1280×800: a display card's tooltip stayed drawn under "The deck ran out", cut by its panel."""
    board = _board(app, players=3, seed=5)
    tooltip = f"{board.controller.display_slots()[0].label} card (display)"
    assert tooltip in " | ".join(_hover(app, board.hud.display_rects[0].center))
    app.stack.push(AnnouncementOverlay(app, Announcement("The deck ran out", "A new deck.")))
    app.step(0)
    assert tooltip not in " | ".join(all_text(app))
    assert board.hover_territory is None
