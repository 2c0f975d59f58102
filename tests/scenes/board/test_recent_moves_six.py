"""Six tribes: Recent moves keeps at least three lines, even while "Place a totem (T)" is shown, and a
1920×1080 window shows more of them than 1280×720 (playtest 2026-11-26 at 1920×1080, D20: two lines, and none
at all under the totem button, the side panel being the 1280 layout × 1.5)."""

from __future__ import annotations

import pytest

from catch_up_helpers import open_six, play_until, your_turn_after_rounds
from scene_helpers import resize

from iwari_desktop.i18n import _
from iwari_desktop.scenes.ui.look import TextRecorder


def _log_lines(app, board) -> list[str]:
    """The move lines the board's Recent-moves panel draws in a whole frame (not its heading's words)."""
    app.ui.recorder = recorder = TextRecorder(app.screen.get_size())
    try:
        board.draw(app.screen)
    finally:
        app.ui.recorder = None
    area = board.hud.log_rect
    assert area is not None, "the panel is drawn"
    heading = {_("Recent moves"), _("Show all (L)")}
    inside = [t for t in recorder.texts if area.colliderect(t.ink)]
    assert all(area.contains(t.ink) for t in inside), "every line stays inside the panel"
    return [t.text for t in inside if t.text not in heading]


def _totem_shown(board):
    def done(c) -> bool:
        return c.state.active_seat == 0 and board.totem_offered()
    return done


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_d20_six_tribes_keep_three_lines_of_recent_moves_under_the_totem_button_and_more_at_1080(app):
    counts = {}
    for size in ((1280, 720), (1920, 1080)):
        resize(app, size)
        board = open_six(app)
        play_until(app, board, your_turn_after_rounds(2))
        play_until(app, board, _totem_shown(board))
        board._refresh_buttons()
        assert board._buttons["totem"].visible
        lines = _log_lines(app, board)
        assert len(lines) >= 3, (size, lines)
        hud = board.hud
        parts = [hud.tribes_rect, hud.cards_rect, hud.hand_rect, board._buttons["totem"].rect, hud.log_rect]
        for i, a in enumerate(parts):
            assert all(not a.colliderect(b) for b in parts[i + 1:]), (size, a)
        assert hud.tribes_rect.contains(hud.journey_rect)
        assert not hud.journey_rect.colliderect(hud.tribe_row(0))
        counts[size] = len(lines)
        app.stack.pop()
    assert counts[(1920, 1080)] > counts[(1280, 720)], counts
