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


def test_the_engine_names_the_third_tribe_in_a_sentence_so_that_it_is_translated(german):
    from iwari_desktop.engine.core.scoring import tribe_word
    from iwari_desktop.engine.core.text import Joined, Text
    from iwari_desktop.scenes.ui.words import localized

    state = make_game(players=2).state
    third = next(t.index for t in state.tribes if t.seat is None)
    standing = Joined([Text("{name} {count}", name=tribe_word(state, t), count=3) for t in range(len(state.tribes))])
    assert str(tribe_word(state, third)) == "Third tribe"       # the English value, as logs and saves keep it
    assert localized(standing).endswith("Dritter Stamm 3") and "Third" not in localized(standing)
