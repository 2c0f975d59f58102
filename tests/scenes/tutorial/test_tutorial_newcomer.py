"""The tutorial as a new player met it (issue 19, item 10): Skip stays where it was when the half-time
scoring opens, the end is announced in a window of its own, and the first-start offer says "Not now"."""

from __future__ import annotations

import pytest

from iwari_desktop.scenes.menu.menu import MenuScene
from iwari_desktop.scenes.selftest.smoke_tutorial import drive
from iwari_desktop.scenes.tutorial import tutorial as tutorial_module
from iwari_desktop.scenes.tutorial.tutorial import TutorialScene, start_tutorial
from iwari_desktop.scenes.tutorial.tutorial_offer import offer_tutorial
from iwari_desktop.scenes.ui.dialogs import ConfirmScene
from layout_check import faults
from scene_helpers import find_button, frames_at_checkpoints, press, resize


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_skip_and_leave_stand_still_when_a_scoring_screen_opens(app, size, monkeypatch):
    resize(app, size)
    seen: list[tuple] = []
    draw = tutorial_module.TutorialScoringScene.draw

    def recording(scene, surface):
        draw(scene, surface)
        seen.append((scene.report.kind, tuple(scene.panel.buttons["skip"].rect), tuple(scene.panel.buttons["leave"].rect)))

    monkeypatch.setattr(tutorial_module.TutorialScoringScene, "draw", recording)
    board = start_tutorial(app)
    app.step(0)
    on_board = (tuple(board.panel.buttons["skip"].rect), tuple(board.panel.buttons["leave"].rect))
    real = app.draw        # only the frames with a scoring screen open are drawn (each one recorded): the board's
    app.draw = lambda: real() if app.stack.find(tutorial_module.TutorialScoringScene) is not None else None
    try:                   # frames in between are looked at by nothing here (scene_helpers.frames_at_checkpoints)
        drive(app, board)
    finally:
        del app.draw
    assert {kind for kind, _, _ in seen} == {"half", "final"}
    assert {(skip, leave) for _, skip, leave in seen} == {on_board}


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_the_end_of_the_tutorial_is_announced_once_and_leads_to_the_menu(app):
    board = start_tutorial(app)
    app.step(0)
    with frames_at_checkpoints(app):   # the way to the end is not looked at; the end is drawn below
        counts = drive(app, board)
    assert counts["end_announced"] == 1 and board.end_announced and app.stack.top is board
    board.end_announced = False       # show the announcement again, to look at it
    board._sync()
    app.step(0)
    end = app.stack.top
    assert isinstance(end, ConfirmScene)
    assert end.question == ("Tutorial complete!" if app.language == "en" else "Tutorial abgeschlossen!")
    assert faults(app) == []
    end.agree()
    app.step(0)
    assert isinstance(app.stack.top, MenuScene)


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_the_first_start_offer_says_not_now_instead_of_cancel(app):
    assert offer_tutorial(app)
    offer = app.stack.top
    not_now = find_button(offer, "Not now" if app.language == "en" else "Jetzt nicht")
    assert all(getattr(w, "text", "") not in ("Cancel", "Abbrechen") for w in offer.widgets)
    assert faults(app) == []
    press(app, not_now)
    app.step(0)
    assert isinstance(app.stack.top, MenuScene)
