"""At the end of a solo turn the banner names the main button by the words the button shows.

Why: the playtest of 2026-11-26 read "Done. Press Enter or Continue to go on." over a button reading
"End turn" (two prompts that disagree: there was no Continue to press).
"""

from __future__ import annotations

import random

from iwari_desktop.scenes.board.controller import GameController
from iwari_desktop.scenes.board.main_button import main_button
from solo_scene_helpers import solo_game, until


def _turn_over() -> GameController:
    c = GameController(solo_game(seed=5))
    c.viewer_seat = c.state.active_seat
    until(c, random.Random(5), lambda: c.turn_done and not c.over and not c.new_reports())
    return c


def test_the_turn_over_banner_names_the_button_it_asks_for():
    c = _turn_over()
    button = main_button(c, lambda template, name: name)
    banner = c.prompt()
    assert button.enabled
    assert button.text in banner, (banner, button.text)
    assert "Continue" not in banner


def test_the_german_banner_names_the_german_button():
    from iwari_desktop.i18n import set_language

    c = _turn_over()
    try:
        set_language("de")
        button, banner = main_button(c, lambda template, name: name).text, c.prompt()
    finally:
        set_language("en")
    assert button == "Zug beenden" and button in banner, (banner, button)
