"""The rules screen against the Void (S1-S12 and the project's solo rulings in the game's own words): a Solo and
a Co-op section, each subject of the solo rules covered, no ruling id on screen, every contents entry reachable."""

from __future__ import annotations

import re

from iwari_desktop.scenes.rules.rules import RulesScene, rules_text
from iwari_desktop.scenes.ui.words import has_ruling_id

from layout_check import faults


def section(text: str, title: str) -> str:
    start = text.index(f"## {title}\n")
    following = re.search(r"^## ", text[start + 3:], re.M)
    return text[start:start + 3 + following.start()] if following else text[start:]


def test_s1_the_rules_have_solo_and_coop_sections_without_ruling_ids(app):
    text = rules_text()
    solo, coop = section(text, "Solo against the Void"), section(text, "Co-op against the Void")
    assert not has_ruling_id(solo) and not has_ruling_id(coop)
    subsections = re.findall(r"^### (.+)$", solo, re.M)
    for title in ("Setting up", "Your turn", "Infection", "Corruption", "Counting a territory", "Settlements",
                  "Moving pieces", "The end", "The maps against the Void"):
        assert title in subsections, title
    # each subject of the solo rules, in the game's words
    for words in ("21 tents", "connection 1", "three Void cards", "never pay", "discarding one card",
                  "closest, by road steps", "Let the game decide the Void's ties", "beside the board",
                  "virtual totem", "Every tie goes to the Void", "closed", "free Place", "only once",
                  "completely explored", "Void totem on top", "settlement of 10 ruins", "no card is left anywhere",
                  "without any tent or totem", "Floating Lands", "Forgotten Island", "The Uncharted Paths",
                  "The Long Road", "purple centre", "fifth"):
        assert words in solo, words
    for words in ("one side", "count together", "own pieces", "Open hands", "handed over"):
        assert words in coop, words
    scene = RulesScene(app)
    app.stack.push(scene)
    app.step(0)
    sections = re.findall(r"^## (.+)$", text, re.M)
    assert len(scene.toc_rects) == len(sections)
    assert all(rect.bottom <= scene.toc.bottom for rect, _ in scene.toc_rects)
    assert faults(app) == []
