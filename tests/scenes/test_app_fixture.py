"""The shared `app` fixture (tests/conftest.py) starts a headless App on the main menu."""

from __future__ import annotations


def test_helpers_start_an_app_on_the_menu(app):
    from iwari_desktop.scenes.menu.menu import MenuScene

    assert isinstance(app.stack.top, MenuScene)
    assert app.frames >= 1
