"""No English word on a German screen (issue 12), checked mechanically.

`layout_check.faults` runs `english_words.leftovers` on every text a scene draws whenever the language is
German, so every layout test that runs in German (board, scoring, overlays, setup, solo, campaign, replay,
history, tutorial, rules, load, settings) also fails on an English leftover. These tests keep that check
honest: its word list never flags real German, it does flag English, and names pass as they are.
"""

from __future__ import annotations

import re

import pytest

from english_words import ENGLISH, english_in, leftovers
from scene_helpers import board_after_handoff, make_game

PLACEHOLDER = re.compile(r"\{[^{}]*\}|<[^<>]*>|`[^`]*`")


def german_catalogue():
    from babel.messages.pofile import read_po

    from iwari_desktop.i18n import LOCALE_DIR

    with (LOCALE_DIR / "de" / "LC_MESSAGES" / "iwari.po").open("rb") as fileobj:
        return read_po(fileobj, locale="de")


def test_the_english_word_list_flags_no_word_of_any_german_translation():
    """Calibration: a word the German catalogue uses ("Totems", "Tundra", "Expedition", "Biome") is not English."""
    flagged = {}
    for message in german_catalogue():
        if not message.id:
            continue
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            words = english_in(PLACEHOLDER.sub(" ", text))
            if words:
                flagged[text] = words
    assert flagged == {}
    assert len(ENGLISH) > 250


def test_the_word_check_flags_english_and_lets_names_pass():
    assert leftovers(["Dein Zug ist vorbei", "Aiyana legt ein Zelt nach Sunscorch Flats"]) == {}
    assert leftovers(["Your turn: place a tent"]) == {"Your turn: place a tent": ["Your", "turn", "place", "tent"]}
    # a player's typed name is theirs; a map name wrapped over two lines or cut short is still a name
    assert leftovers(["Greenmantle Pass spielt"], names=("Greenmantle Pass",)) == {}
    assert leftovers(["Auf der Karte The Long", "Road gibt es keine", "… und The Unc…"]) == {}
    assert leftovers(["Gespeichert in /tmp/x/settings.json"]) == {}


def test_the_german_rules_page_has_no_english_word():
    from iwari_desktop.scenes.rules.rules import rules_text

    text = re.sub(r"\]\([^)]*\)", "]", rules_text("de"))   # link targets (diagram:…) are not shown
    found = {line: english_in(line) for line in text.splitlines() if english_in(line)}
    assert found == {}


@pytest.mark.parametrize("app", ["de"], indirect=True)
def test_an_english_line_on_a_german_board_is_a_layout_fault(app):
    """The check is wired into `faults`: a sentence that escaped `_()` fails every German layout test."""
    from layout_check import faults

    board = board_after_handoff(app, make_game())
    app.step(0)
    assert faults(app) == []
    board.controller.notify("Your tent was placed on the board.")
    app.step(0)
    found = [f for f in faults(app) if "English on a German screen" in f]
    assert found and "Your tent was placed" in found[0]
