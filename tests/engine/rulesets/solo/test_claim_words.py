"""The sentence that says why a counted territory went to its side (S7) reads right with any numbers.

Why: the playtest of 2026-11-26 saw "Whisperpine Vale is counted: tents 1 against 1 ruins" in the game log
and the replay (German "Zelte 1 gegen 1 Ruinen"): the ruins' number stood before a fixed plural.
"""

from __future__ import annotations

from solo_helpers import solo_state

from iwari_desktop.engine.rulesets.solo.data import PLAYERS, VOID, Claim
from iwari_desktop.engine.rulesets.solo.outcome import claim_sentence
from iwari_desktop.i18n import set_language
from iwari_desktop.scenes.ui.words import localized


def test_s7_one_ruin_is_not_called_ruins():
    state = solo_state()
    sentence = claim_sentence(state, Claim(VOID, 1, 1, 0, 1, None, "corruption", 3))
    assert "1 ruins" not in sentence
    assert "ruins 1" in sentence and "tents 1" in sentence


def test_s7_the_numbers_stay_with_their_pieces():
    state = solo_state()
    sentence = claim_sentence(state, Claim(PLAYERS, 3, 2, 1, 0, PLAYERS, "filled", 5))
    assert sentence.startswith("tents 3 against ruins 2;")


def test_s7_german_says_one_ruin_without_a_plural():
    state = solo_state()
    sentence = claim_sentence(state, Claim(VOID, 1, 1, 0, 1, None, "corruption", 3))
    try:
        set_language("de")
        german = localized(sentence)
    finally:
        set_language("en")
    assert "1 Ruinen" not in german
    assert german.startswith("Zelte 1 gegen Ruinen 1;")
