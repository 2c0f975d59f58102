"""The campaign screens in words a newcomer knows (issue 19, item 5).

The profile page said "K = 1" and "0 of 8 chapters" while the journey said "Chapter 1 of 7"; goals named
Corruptions and control without saying how a player follows them on the board ("Beside the board",
"virtual totem"). Now the profile counts the journey's chapters as the journey does, says the bonus
chapter apart, and every goal that uses a word of the Void game carries a plain sentence under it.
"""

from __future__ import annotations

import re
from datetime import date

import pytest

from campaign_scene_helpers import new_journey
from iwari_desktop import campaign_store
from iwari_desktop.engine.campaign.difficulty import Difficulty
from iwari_desktop.engine.campaign.goals import GoalKind
from iwari_desktop.engine.campaign.progress import record_result
from iwari_desktop.engine.campaign.result import ChapterResult, Side, TerritoryOutcome
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.scenes.campaign.campaign_words import chapter_number, goal_note, journey_progress
from layout_check import all_text, faults


def _win(profile_id: str, campaign, chapter) -> None:
    territories = tuple(TerritoryOutcome(f"T{i}", b, Side.PLAYER) for i, b in enumerate(list(Biome)[:5] * 2))
    progress = campaign_store.load_progress(profile_id)
    record_result(campaign, progress.campaign(campaign.id), chapter.id, Difficulty.NORMAL,
                  ChapterResult(True, "won", 20, 1, territories), date(2026, 11, 20))
    campaign_store.save_progress(profile_id, progress)


def test_the_profile_counts_chapters_as_the_journey_does_and_says_the_bonus_apart(app):
    profiles, journey = new_journey(app)
    campaign = journey.campaign
    assert campaign.bonus is not None
    first = chapter_number(campaign, campaign.chapters[0])
    count = int(re.search(r"of (\d+)", first).group(1))
    app.stack.pop()
    shown = " ".join(all_text(app))
    assert f"0 of {count} chapters won" in shown and "K = " not in shown and "K=" not in shown
    assert "as soon as it controls a single territory" in shown
    entry = next(e for e in profiles.entries if e.name == "Ann")
    for chapter in campaign.chapters:
        _win(entry.id, campaign, chapter)
    progress = campaign_store.load_progress(entry.id).campaign(campaign.id)
    assert journey_progress(campaign, progress) == f"{count} of {count} chapters won + bonus chapter open"
    _win(entry.id, campaign, campaign.bonus)
    progress = campaign_store.load_progress(entry.id).campaign(campaign.id)
    assert journey_progress(campaign, progress) == f"{count} of {count} chapters won + bonus chapter won"


def test_goals_with_void_words_carry_a_plain_note(app):
    _, journey = new_journey(app)
    kinds = {goal.kind for chapter in journey.campaign.all_chapters for goal in chapter.goals}
    assert GoalKind.WIN_BEFORE_CORRUPTION in kinds
    for kind in kinds:
        note = goal_note(next(g for c in journey.campaign.all_chapters for g in c.goals if g.kind is kind))
        if kind is GoalKind.WIN_BEFORE_CORRUPTION:
            # the count is in the purple box over the map (the playtest's D3: not in the side panel)
            assert "beside the board" in note and "third" in note and "purple box" in note
            assert "side panel" not in note
        if kind in (GoalKind.VOID_AT_MOST, GoalKind.CONTROL_AT_LEAST, GoalKind.CONTROL_BIOME):
            # the board and the end screen say "extra totem", so the briefing does too
            assert "extra totem" in note and "tie to the Void" in note and "virtual" not in note


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
@pytest.mark.parametrize("campaign", ["journey", "coop-journey"])
def test_every_briefing_with_its_goal_notes_fits_at_1280x720(app, campaign):
    profiles, journey = new_journey(app, campaign=campaign)
    entry = next(e for e in profiles.entries if e.name == "Ann")
    for chapter in journey.campaign.all_chapters:   # every chapter open, the bonus too
        _win(entry.id, journey.campaign, chapter)
    journey.reload()
    for index, chapter in enumerate(journey.campaign.all_chapters):
        journey.select(index)
        assert journey.open_briefing(), chapter.id
        shown = " ".join(all_text(app))
        for goal in chapter.goals:
            note = goal_note(goal)
            if note:
                assert note.split()[0] in shown, (chapter.id, note)
        assert faults(app) == [], chapter.id
        app.stack.pop()


def test_every_difficulty_the_engine_knows_has_a_name_in_both_languages():
    """A profile from a newer version may hold Rulebook records: naming its difficulty must not fail."""
    from iwari_desktop.engine.campaign.difficulty import Difficulty
    from iwari_desktop.i18n import set_language
    from iwari_desktop.scenes.campaign.campaign_words import difficulty_name

    try:
        assert [difficulty_name(d) for d in Difficulty] == ["Easy", "Normal", "Hard", "Rulebook"]
        set_language("de")
        assert difficulty_name(Difficulty.RULEBOOK) == "Regelbuch"
    finally:
        set_language("en")
