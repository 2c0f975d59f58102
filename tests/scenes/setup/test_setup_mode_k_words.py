"""Playtest D22: the solo and co-op setup says K in words ("The Void wins with 3 territories"), not as the
rulebook's letter a new player has not met ("Void territories that lose the game (K)"); its − and + say on
hover what they do, in the same words. English and German."""

from __future__ import annotations

import pytest

from iwari_desktop.engine.core.config import GameMode
from layout_check import all_text, faults

WORDS = {"en": ("The Void wins with {k} territory", "The Void wins with {k} territories"),
         "de": ("Die Leere gewinnt mit {k} Gebiet", "Die Leere gewinnt mit {k} Gebieten")}


def _k_line(language: str, k: int) -> str:
    one, more = WORDS[language]
    return (one if k == 1 else more).format(k=k)


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
@pytest.mark.parametrize("mode", [GameMode.SOLO, GameMode.COOP])
def test_p27_k_is_said_in_words_and_follows_the_buttons(app, mode):
    from iwari_desktop.i18n import current_language

    language = current_language()
    app.nav.reset("menu")
    app.nav.push("setup-mode", mode)
    app.step(0)
    scene = app.stack.top
    for k in (scene.model.k, 1, 4):
        scene.model.k = k
        scene.rebuild()
        drawn = all_text(app)
        assert _k_line(language, k) in drawn, drawn
        assert not any("(K)" in line or line.endswith(" K") for line in drawn), drawn
    scene._k(1)                                       # the + button: one more territory for the Void
    assert _k_line(language, 5) in all_text(app)
    hover = [scene.buttons[key].tool_tip_text for key in ("k-", "k+")]
    assert all(tip and " K" not in tip and "(K)" not in tip for tip in hover), hover
    assert faults(app) == []
