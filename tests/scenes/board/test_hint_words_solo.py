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
VOID_FACTS = [StepFacts((Pass(),), 2, 2, 1, 1, void_territory=2, void_ruins=ruins, void_totems=totems,
                        void_side_before=before, void_side_after=after, void_counted=counted)
              for ruins, totems, before, after, counted in ((1, 0, PLAYERS, PLAYERS, False), (2, 1, VOID, VOID, False),
                                                          (0, 1, PLAYERS, VOID, False), (1, 0, VOID, VOID, True),
                                                          (1, 1, PLAYERS, PLAYERS, True), (0, 0, VOID, VOID, False),
                                                          (0, 0, PLAYERS, PLAYERS, False), (0, 0, VOID, VOID, True))]
# an exchange of a card nothing pays with, a tent and a Void ruin on a ruin space, a Void totem's move (issue #34)
OTHER_FACTS = {SoloWhy.EXCHANGES: StepFacts((Pass(),), 2, 2, 1, 1, exchanged=Biome.FOREST, exchange_unpaid=True),
               SoloWhy.RUIN_SPACE: StepFacts((Pass(),), 2, 2, 1, 1, ruin_space=0, ruin_spaces_void=2,
                                             ruin_spaces_players=1),
               SoloWhy.MOVES_VOID_TOTEM: StepFacts((Pass(),), 2, 2, 1, 1, moved_from=0, moved_to=2, moved_left=3,
                                                   moved_win=5, moved_side_after=VOID)}
STRIKES = {SoloWhy.CORRUPTION: Strike(CORRUPTION, 1, (0, 1), ((0, PLAYERS), (1, VOID))),
           SoloWhy.SHEDS: Strike(INFECTION, 1, (0, 1), ())}


def _reasons() -> list[SoloReason]:
    reasons = []
    for why in SoloWhy:
        for threat in (None, INFECTION, CORRUPTION):
            facts = VOID_FACTS[(threat is not None) + (threat == CORRUPTION)] if why is SoloWhy.VOID_PLACES else \
                OTHER_FACTS.get(why, FACTS)
            reasons.append(SoloReason(why, facts, territory=2, card=Biome.FOREST, strike=STRIKES.get(why),
                                      threat=threat))
    reasons.append(SoloReason(SoloWhy.DRAW_SEARCH, FACTS, card=None))
    reasons += [SoloReason(SoloWhy.VOID_PLACES, facts, territory=2) for facts in VOID_FACTS[3:]]
    reasons.append(SoloReason(SoloWhy.SHEDS, VOID_FACTS[0], strike=STRIKES[SoloWhy.SHEDS]))  # a Void action's Place too
    reasons.append(SoloReason(SoloWhy.EXCHANGES, FACTS, card=Biome.FOREST))
    ruin_of_void = OTHER_FACTS[SoloWhy.RUIN_SPACE]
    for void_territory in (None, 2):   # the Void's ruin on a ruin space: of its own, or instead of in a territory
        reasons.append(SoloReason(SoloWhy.RUIN_SPACE, StepFacts(
            (Pass(),), 2, 2, 1, 1, ruin_space=0, ruin_space_void=True, ruin_spaces_void=2, ruin_spaces_players=1,
            void_territory=void_territory)))
    assert ruin_of_void.ruin_space == 0
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
            if reason.why in (SoloWhy.TAKES, SoloWhy.WIDENS, SoloWhy.NARROWS, SoloWhy.CLAIMS, SoloWhy.VOID_PLACES):
                assert names[2] in text
            if reason.why in (SoloWhy.CORRUPTION, SoloWhy.SHEDS, SoloWhy.HOLDS_OFF):
                assert names[0] in text and names[1] in text
            if reason.why is SoloWhy.MOVES_VOID_TOTEM:
                assert names[0] in text and names[2] in text and "3" in text and "5" in text
            if reason.why is SoloWhy.EXCHANGES:   # the card by its name in the language shown ("Wald"), not "Forest"
                assert ("Wald" if language == "de" else "Forest") in text, text
            if reason.why in (SoloWhy.EXCHANGES, SoloWhy.RUIN_SPACE, SoloWhy.MOVES_VOID_TOTEM):
                assert "play-outs" not in text and "Expert" not in text, text
            if reason.why is SoloWhy.HOLDS_OFF:
                assert "3" in text.replace(names[0], "").replace(names[1], "")
            if reason.facts.void_territory is not None:   # a Void action says where the Void's pieces go (issue #34)
                assert names[2] in text and "play-outs" not in text
            line = hint_line(state, "x", reason)
            assert line.endswith(text + ".")
    finally:
        set_language("en")
    english = solo_reason_text(state, SoloReason(SoloWhy.CORRUPTION, FACTS, strike=STRIKES[SoloWhy.CORRUPTION]))
    assert english == f"sets off a Corruption now, which counts {names[0]} for you and {names[1]} for the Void"
