"""Every label fits, in English and German, at 1280×720 and 1920×1080 (issue 19, item 8): the screens
outside the board.

Each screen is opened as a player opens it and drawn with the text recorder; a fault is a line cut short
with "…" (the words did not fit where they were put), a widget text wider than its widget, or a line
leaving its box, a row of labels at two sizes (`text_fit.fit_faults`). The board's states are checked by
tests/scenes/board/test_text_fit_board.py.
"""

from __future__ import annotations

import pytest

from iwari_desktop.engine.core.config import GameMode
from text_fit import faults_at_sizes


def opened(route: str, *args):
    """An opener: the menu, then `route` pushed over it (as the menu's entries do)."""
    def open_it(app) -> None:
        app.nav.reset("menu")
        if route != "menu":
            app.nav.push(route, *args)
    return open_it


def _setup_every_option(app) -> None:
    """New game on The Void with six players and every option on: the longest option lines."""
    opened("setup")(app)
    scene = app.stack.top
    scene._pick_map("the-void")
    scene.set_player_count(6)
    scene.model.options.update({"expeditions": True, "courage": True, "worship": 2})
    scene.changed()


def _profiles(app) -> None:
    opened("profiles")(app)
    profiles = app.stack.top
    if not profiles.entries:
        assert profiles.create("Bartholomew Longname"[:16]), profiles.message


def _journey(app) -> None:
    from iwari_desktop.engine.campaign.difficulty import Difficulty

    _profiles(app)
    profiles = app.stack.top
    profiles.select(profiles.entries[0].id)
    assert profiles.open_journey("journey")
    if app.stack.top.name == "campaign-difficulty":
        app.stack.top.take(Difficulty.NORMAL)


def _tutorial(app) -> None:
    from iwari_desktop.scenes.tutorial.tutorial import start_tutorial

    opened("menu")(app)
    start_tutorial(app)


SCREENS = {"menu": opened("menu"), "setup": opened("setup"), "setup with every option": _setup_every_option,
           "solo setup": opened("setup-mode", GameMode.SOLO), "co-op setup": opened("setup-mode", GameMode.COOP),
           "settings": opened("settings"), "campaign profiles": _profiles, "campaign journey": _journey,
           "rules": opened("rules"), "history": opened("history"), "load": opened("load"), "tutorial panel": _tutorial}


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_label_of_the_screens_outside_the_board_fits(app, screen):
    found = faults_at_sizes(app, SCREENS[screen])
    assert found == [], "\n".join(found)
