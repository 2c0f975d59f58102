"""The setup's seat buttons hold their words inside their frame, and the foot buttons stay under the panels.

Why: the 1920×1080 playtest of 2026-11-26 (docs/playtest-2026-11-26-1080.md, D11 and D12) saw the German
seat button "Mensch" run its last letter over the button's right border, and "Start game" stick out past the
right edge of the Options panel above it. A word wider than the room pygame-gui leaves a button's text (its
shadow, borders, rounded corners and alignment padding, read from the button's own theme:
`layout_check.text_room`, as the shared text-fit checks measure) is drawn over the frame.
"""

from __future__ import annotations

import pytest

from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.i18n import _
from iwari_desktop.scenes.setup.setup import OPTION_PANEL
from iwari_desktop.scenes.setup.setup_mode import SIDE_PANEL
from iwari_desktop.scenes.setup.setup_seats import SEAT_KINDS
from layout_check import text_room
from scene_helpers import resize

SIZES = [(1280, 720), (1920, 1080)]


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_every_seat_label_fits_inside_its_button_at_both_sizes(app):
    too_wide = []
    for size in SIZES:
        resize(app, size)
        app.nav.reset("menu")
        app.nav.push("setup")
        scene = app.stack.top
        scene.model.computers[:len(SEAT_KINDS)] = list(SEAT_KINDS)   # one row of each kind: Person, Easy, …
        scene.changed()
        app.step(0)
        for button in scene.seat_buttons[:len(SEAT_KINDS)]:
            room = text_room(button)
            width = button.font.size(button.text)[0]
            if width > room:
                too_wide.append(f"{size}: {button.text!r} is {width} px, the button leaves {room}")
    assert too_wide == []


@pytest.mark.parametrize("app", ["de"], indirect=True)
@pytest.mark.parametrize("route, panel", [(("setup",), OPTION_PANEL), (("setup-mode", GameMode.SOLO), SIDE_PANEL)])
def test_start_game_ends_where_the_panel_above_it_ends(app, route, panel):
    for size in SIZES:
        resize(app, size)
        app.nav.reset("menu")
        app.nav.push(*route)
        app.step(0)
        scene = app.stack.top
        start = next(w for w in scene.widgets if getattr(w, "text", "") == _("Start game"))
        assert start.rect.right <= app.ui.rect(*panel).right, (size, start.rect, app.ui.rect(*panel))
