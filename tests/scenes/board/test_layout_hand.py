"""The hand panel: a selected card's gold frame and number key never cover the hand's title.

Found playing The Void (six tribes) and Forgotten Island (four players and the Void row): the
compact side panel raised selected cards into "<name>'s hand", so the number badge and frame
covered the title's letters.
"""

from __future__ import annotations

import pygame
import pytest

from iwari_desktop.scenes.board.hud import Hud
from iwari_desktop.scenes.ui.pieces import PieceArt


@pytest.mark.parametrize("size", [(1280, 720), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("tribes", [3, 4, 5, 6])
def test_e7_a_selected_hand_card_stays_below_the_hand_title(app, size, tribes):  # noqa: F811
    from scene_helpers import resize

    resize(app, size)
    ui = app.ui
    hud = Hud(ui, PieceArt())
    w, h = app.screen.get_size()
    side = pygame.Rect(w - ui.px(336), ui.px(8), ui.px(328), h - ui.px(16))
    hud.layout(side, tribes)
    title = ui.text("Mmmmmmmmmmmmmmmm's hand", "heading", 19, (0, 0, 0)).get_rect(
        topleft=(hud.hand_rect.x + ui.px(12), hud.hand_rect.y + ui.px(6)))
    for i in range(3):
        for selected in (False, True):
            raised, frame, key = hud.card_frame(i, selected)
            assert (frame.top >= title.bottom or not selected) and key.top >= title.bottom, (i, selected, frame, key, title)
            assert raised.bottom <= hud.hand_rect.bottom
        assert hud.card_frame(i, True)[0].top <= hud.card_frame(i, False)[0].top
