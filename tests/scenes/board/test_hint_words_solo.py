"""Every kind of solo/co-op hint reason has words in English and German that name what it claims (issue #20
part 3): the territory, the Void cards' count, the territories a strike hits or counts, and no ruling id."""

from __future__ import annotations

import re

import pytest

from solo_helpers import solo_state

from iwari_desktop.engine.bots.explain_solo import SoloReason, SoloWhy, StepFacts, Strike
from iwari_desktop.engine.core.actions import Pass
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.rulesets.solo.data import PLAYERS, VOID
from iwari_desktop.engine.rulesets.solo.events import CORRUPTION, INFECTION
from iwari_desktop.i18n import set_language
from iwari_desktop.scenes.board.hint_words import hint_line
from iwari_desktop.scenes.board.hint_words_solo import solo_reason_text

FACTS = StepFacts((Pass(),), 3, 3, 2, 1, corruption_targets=(0, 1), corruption_possible=True)
STRIKES = {SoloWhy.CORRUPTION: Strike(CORRUPTION, 1, (0, 1), ((0, PLAYERS), (1, VOID))),
           SoloWhy.SHEDS: Strike(INFECTION, 1, (0, 1), ())}


def _reasons() -> list[SoloReason]:
    reasons = []
    for why in SoloWhy:
        for threat in (None, INFECTION, CORRUPTION):
            reasons.append(SoloReason(why, FACTS, territory=2, card=Biome.FOREST, strike=STRIKES.get(why),
                                      threat=threat))
    reasons.append(SoloReason(SoloWhy.DRAW_SEARCH, FACTS, card=None))
    return reasons


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_solo_reason_has_words_naming_what_it_claims(language):
    state = solo_state(1)
    names = [t.name for t in state.board.territories]
    try:
        set_language(language)
        for reason in _reasons():
            text = solo_reason_text(state, reason)
            assert text and "{" not in text and "}" not in text, (reason.why, text)
            assert not re.search(r"\b[BSEPX]\d+\b", text.replace(names[0], "").replace(names[1], "")
                                 .replace(names[2], "")), text
            if reason.why in (SoloWhy.TAKES, SoloWhy.WIDENS, SoloWhy.NARROWS, SoloWhy.CLAIMS):
                assert names[2] in text
            if reason.why in (SoloWhy.CORRUPTION, SoloWhy.SHEDS, SoloWhy.HOLDS_OFF):
                assert names[0] in text and names[1] in text
            if reason.why is SoloWhy.HOLDS_OFF:
                assert "3" in text.replace(names[0], "").replace(names[1], "")
            line = hint_line(state, "x", reason)
            assert line.endswith(text + ".")
    finally:
        set_language("en")
    english = solo_reason_text(state, SoloReason(SoloWhy.CORRUPTION, FACTS, strike=STRIKES[SoloWhy.CORRUPTION]))
    assert english == f"sets off a Corruption now, which counts {names[0]} for you and {names[1]} for the Void"
