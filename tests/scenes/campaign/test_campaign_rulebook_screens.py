"""The Rulebook difficulty on the campaign screens (issue 20, part 4): offered above Hard, said in words on the
choice and the briefing, starting each chapter at the rulebook's own K (3 solo, 1 co-op; S10, S12), and a
profile written by the current version (with Rulebook records) opened by every campaign screen unchanged."""

from __future__ import annotations

import shutil

import pygame
import pytest

from iwari_desktop import campaign_store
from iwari_desktop.engine.campaign.difficulty import Difficulty
from iwari_desktop.engine.core.config import GameMode
from campaign_scene_helpers import new_journey, open_profiles
from layout_check import all_text, faults
from repo_root import ROOT
from scene_helpers import key, press

WITH_RULEBOOK = ROOT / "tests" / "support" / "progress_files" / "progress-v1-rulebook-records.json"


def test_the_difficulty_choice_offers_rulebook_above_hard_and_says_what_each_means(app):
    from iwari_desktop.scenes.campaign.campaign_difficulty import ORDER, DifficultyScene

    assert ORDER == (Difficulty.EASY, Difficulty.NORMAL, Difficulty.HARD, Difficulty.RULEBOOK)
    profiles = open_profiles(app)
    assert profiles.create("Ann")
    assert profiles.open_journey("journey")
    chooser = app.stack.top
    assert isinstance(chooser, DifficultyScene)
    assert [chooser.buttons[d].text for d in ORDER] == ["Easy", "Normal", "Hard", "Rulebook"]
    rows = [chooser.buttons[d].rect for d in ORDER]
    assert all(a.bottom <= b.top for a, b in zip(rows, rows[1:]))      # one above the other, Rulebook last
    text = " ".join(all_text(app))
    assert "The Void wins with 3 territories in every chapter — the rulebook's game." in text
    assert "In the first chapter the Void wins at" in text
    for _ in range(3):
        key(app, pygame.K_DOWN)                                      # Normal → Hard → Rulebook → (stays)
    assert chooser.choice is Difficulty.RULEBOOK
    key(app, pygame.K_RETURN)
    progress = campaign_store.load_progress(app.stack.top.profile_id)
    assert progress.campaigns["journey"].difficulty is Difficulty.RULEBOOK


@pytest.mark.parametrize("campaign,mode,k", [("journey", GameMode.SOLO, 3), ("coop-journey", GameMode.COOP, 1)])
def test_s10_s12_choosing_rulebook_starts_chapter_one_at_the_rulebooks_k(app, campaign, mode, k):
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.campaign.campaign_briefing import BriefingScene

    _profiles, journey = new_journey(app, campaign=campaign, difficulty=Difficulty.RULEBOOK)
    assert "Rulebook" in journey.buttons["difficulty"].text
    chapter = journey.campaign.chapters[0]
    assert chapter.k != k                                            # the chapter as written asks another K
    assert journey.open_briefing()
    briefing = app.stack.top
    assert isinstance(briefing, BriefingScene)
    said = " ".join(all_text(app))
    assert "the rulebook's game" in said and f"wins with {k} territor" in said
    if briefing.partner_entry is not None:
        briefing.partner_entry.set_text("Ben")
    assert briefing.start(seed=3), briefing.error
    config = app.stack.find(BoardScene).controller.game.config
    assert config.mode is mode and config.option("k") == k


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_a_profile_written_by_this_version_opens_on_every_campaign_screen_unchanged(app):
    """The fixture was written by the code of commit 532b2c5 (the engine knew Rulebook; no screen offered it):
    profiles, the journey (at Rulebook, with its stars beside Normal's and Hard's), the difficulty choice and
    the briefing all open it, fit their text, and leave the file as it was."""
    from iwari_desktop.scenes.campaign.campaign_briefing import BriefingScene
    from iwari_desktop.scenes.campaign.campaign_difficulty import DifficultyScene
    from iwari_desktop.scenes.campaign.campaign_journey import JourneyScene
    from iwari_desktop.storage import profiles_dir

    profiles_dir().mkdir(parents=True, exist_ok=True)
    path = profiles_dir() / "profile-1.json"
    shutil.copyfile(WITH_RULEBOOK, path)
    before = path.read_bytes()
    profiles = open_profiles(app)
    assert [e.name for e in profiles.entries] == ["Ann"] and profiles.entries[0].usable
    profiles.select(profiles.entries[0].id)
    assert faults(app) == [], "profiles"
    assert profiles.open_journey("journey")
    journey = app.stack.top
    assert isinstance(journey, JourneyScene) and journey.difficulty is Difficulty.RULEBOOK
    journey.select(0)
    assert faults(app) == [], "journey"
    shown = " ".join(all_text(app))
    for difficulty in (Difficulty.NORMAL, Difficulty.HARD, Difficulty.RULEBOOK):   # stars kept per difficulty
        from iwari_desktop.scenes.campaign.campaign_words import difficulty_name

        assert difficulty_name(difficulty) in shown
    press(app, journey.buttons["difficulty"])
    chooser = app.stack.top
    assert isinstance(chooser, DifficultyScene) and chooser.choice is Difficulty.RULEBOOK
    assert faults(app) == [], "difficulty"
    chooser.close()
    assert journey.open_briefing()
    assert isinstance(app.stack.top, BriefingScene)
    assert faults(app) == [], "briefing"
    assert path.read_bytes() == before


@pytest.mark.parametrize("campaign_id,k", [("journey", 3), ("coop-journey", 1)])
def test_s10_s12_each_difficulty_says_where_its_k_comes_from(campaign_id, k):
    from iwari_desktop.engine.campaign.campaign_file import bundled_campaign_path, read_campaign
    from iwari_desktop.engine.maps.registry import get_board
    from iwari_desktop.scenes.campaign.campaign_words import difficulty_meaning

    chapter = read_campaign(bundled_campaign_path(campaign_id), get_board).chapters[0]
    written = chapter.k
    assert difficulty_meaning(Difficulty.EASY, chapter) == \
        f"The Void needs one territory more than the chapter asks ({written})."
    assert difficulty_meaning(Difficulty.NORMAL, chapter) == "The chapter as it was written."
    assert difficulty_meaning(Difficulty.HARD, chapter) == \
        f"The Void needs one territory fewer than the chapter asks ({written})."
    rulebook = difficulty_meaning(Difficulty.RULEBOOK, chapter)
    assert rulebook.startswith(f"The Void wins with {k} territor") and "the rulebook's game" in rulebook
    assert f"asks {written} at Normal" in rulebook
