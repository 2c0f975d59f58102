"""The solo end screen's three buttons sit inside its card, at both window sizes.

Why: the 1920×1080 playtest of 2026-11-26 (docs/playtest-2026-11-26-1080.md, D14) saw "Watch the game" hang
over the card's left edge: the buttons were placed from the centre to the left and right as if there were
two, and the third went further left than the card reaches.
"""

from __future__ import annotations

import random

import pytest

from iwari_desktop.scenes.board.controller import GameController
from iwari_desktop.scenes.solo.void_end import VoidEndScene
from scene_helpers import resize
from solo_scene_helpers import solo_game, until


@pytest.mark.parametrize("app", ["en"], indirect=True)
def test_the_end_screen_buttons_lie_inside_its_card(app):
    c = GameController(solo_game(seed=7))
    until(c, random.Random(7), lambda: c.state.is_terminal())
    outside = []
    for size in [(1280, 720), (1920, 1080)]:
        resize(app, size)
        end = VoidEndScene(app, c)
        app.stack.push(end)
        app.step(0)
        card = end.card_rect()
        for b in (end.watch_button, end.back_button, end.menu_button):
            if not card.contains(b.rect):
                outside.append(f"{size}: {b.text!r} {b.rect} leaves the card {card}")
        app.stack.pop()
    assert outside == []
