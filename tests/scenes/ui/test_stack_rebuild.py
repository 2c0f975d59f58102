"""A screen that builds itself afresh on `resume` (the menu, a campaign's profiles and journey) is not built
while it is out of sight under another screen (scenes/ui/stack.py, `Scene.rebuild`): a resize or a language
switch chosen in Settings would build it unseen and throw the build away. What the player sees on coming back
must be exactly what a fresh screen of that size and language shows."""

from __future__ import annotations

import pygame

from scene_helpers import key, resize


def _button_rects(scene) -> dict[str, tuple[int, int, int, int]]:
    return {name: tuple(button.rect) for name, button in scene.buttons.items()}


def test_the_menu_under_settings_is_not_built_on_a_resize_and_comes_back_laid_out_for_the_new_size(app):
    menu = app.stack.top
    builds = []
    original = type(menu).build
    menu.build = lambda: (builds.append(app.screen.get_size()), original(menu))
    app.nav.push("settings")
    assert menu._out_of_sight()
    resize(app, (1600, 900))
    resize(app, (1024, 640))
    assert builds == [] and menu.widgets == []   # twice unseen, never built; nothing left on the old managers
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is menu and builds == [(1024, 640)]
    seen = _button_rects(menu)
    assert all(button.visible for button in menu.buttons.values())
    assert all(button.ui_manager is app.manager for button in menu.buttons.values())
    fresh = type(menu)(app)
    fresh.build()
    assert _button_rects(fresh) == seen
    fresh.clear_widgets()


def test_the_menu_under_settings_comes_back_in_the_language_chosen_there(app):
    menu = app.stack.top
    app.nav.push("settings")
    english = {name: button.text for name, button in menu.buttons.items()}
    app.switch_language("de")
    try:
        app.step(0)
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is menu
        german = {name: button.text for name, button in menu.buttons.items()}
        assert german["settings"] == "Einstellungen" != english["settings"]
        assert all(button.visible and button.alive() for button in menu.buttons.values())
    finally:
        app.switch_language("en")


def test_a_screen_that_keeps_its_widgets_is_still_rebuilt_under_another(app):
    """The setup screen keeps what the player chose in its widgets' state and does not rebuild on resume:
    under a dialog it is rebuilt at once, hidden, so coming back shows it at the new size."""
    app.nav.push("setup")
    setup = app.stack.top
    app.show_message("A title", "A message over the setup screen")
    old = list(setup.widgets)
    resize(app, (1600, 900))
    assert setup.widgets and not set(map(id, setup.widgets)) & set(map(id, old))
    assert all(widget.ui_manager is app.manager for widget in setup.widgets)
