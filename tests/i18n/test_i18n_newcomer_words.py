"""German words a new player tripped over (issue 19, item 9): Undo and Back are two words, and a card
taken from the display reads as a card ("nimmt eine Leere-Karte aus der Auslage")."""

from __future__ import annotations

import pytest

from iwari_desktop.engine.core.actions import Draw, Exchange
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.i18n import _, set_language
from iwari_desktop.scenes.board.narration import describe
from scene_helpers import make_game


@pytest.fixture
def german():
    set_language("de")
    yield
    set_language("en")


def test_undo_is_rueckgaengig_and_never_the_same_word_as_back(german):
    assert _("Undo") == "Rückgängig" and _("Back") == "Zurück"


def test_taking_a_void_card_from_the_display_reads_as_a_card(german):
    state = make_game().state
    assert describe(state, Draw(Biome.VOID)) == "nimmt eine Leere-Karte aus der Auslage"
    assert describe(state, Draw(Biome.DESERT)) == "nimmt eine Wüste-Karte aus der Auslage"
    assert describe(state, Exchange(Biome.TUNDRA)) == "tauscht eine Tundra-Karte"
