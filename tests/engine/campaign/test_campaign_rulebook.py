"""The Rulebook difficulty (campaign/difficulty.py): every chapter at the rulebook's own K (3 solo, 1 co-op, S10,
S12) with stars and records of its own; progress files written before it existed load unchanged."""

from __future__ import annotations

import json
from datetime import date

import pytest

from campaign_helpers import result
from iwari_desktop.engine.campaign.campaign_file import COOP_CAMPAIGN, SOLO_CAMPAIGN, bundled_campaign_path, read_campaign
from iwari_desktop.engine.campaign.difficulty import CampaignMode, Difficulty
from iwari_desktop.engine.campaign.progress import record_result
from iwari_desktop.engine.campaign.progress_file import progress_from_json, progress_text, read_progress_file
from iwari_desktop.engine.maps.registry import get_board

from cli_runner import run_engine
from repo_root import ROOT

BEFORE_RULEBOOK = ROOT / "tests" / "support" / "progress_files" / "progress-v1-before-rulebook.json"


@pytest.mark.parametrize("campaign_id,k", [(SOLO_CAMPAIGN, 3), (COOP_CAMPAIGN, 1)])
def test_s10_s12_rulebook_plays_every_chapter_at_the_rulebooks_k(campaign_id, k):
    campaign = read_campaign(bundled_campaign_path(campaign_id), get_board)
    assert k == (CampaignMode.SOLO if campaign.mode is CampaignMode.SOLO else CampaignMode.COOP).default_k
    for chapter in campaign.all_chapters:
        assert chapter.k_at(Difficulty.RULEBOOK) == k
        assert chapter.k_at(Difficulty.RULEBOOK) <= chapter.k_at(Difficulty.HARD)
    assert list(Difficulty)[-1] is Difficulty.RULEBOOK and Difficulty.parse(" Rulebook ") is Difficulty.RULEBOOK


def test_progress_file_written_before_rulebook_loads_unchanged_and_keeps_rulebook_records_apart():
    """The fixture was written by the code of commit bc16a2a (before this difficulty): it reads, and writes back
    byte for byte; a Rulebook try then gets a record of its own beside the Normal one."""
    text = BEFORE_RULEBOOK.read_text()
    progress = read_progress_file(BEFORE_RULEBOOK)
    assert progress_text(progress) == text
    journey = progress.campaigns[SOLO_CAMPAIGN]
    assert journey.difficulty is Difficulty.HARD
    first = journey.chapters["first-light"]
    assert first.at(Difficulty.NORMAL).tries == 2 and first.at(Difficulty.NORMAL).wins == 1
    campaign = read_campaign(bundled_campaign_path(SOLO_CAMPAIGN), get_board)
    record_result(campaign, journey, "first-light", Difficulty.RULEBOOK, result(True, void=2), date(2026, 11, 26))
    assert first.at(Difficulty.RULEBOOK).tries == 1 and first.at(Difficulty.RULEBOOK).wins == 1
    assert first.at(Difficulty.NORMAL).tries == 2
    again = progress_from_json(json.loads(progress_text(progress)), "again")
    assert again.campaigns[SOLO_CAMPAIGN].chapters["first-light"].at(Difficulty.RULEBOOK).wins == 1


def test_campaign_simulate_offers_the_expert_and_the_rulebook():
    shown = run_engine("campaign", "simulate", "--help")
    assert shown.returncode == 0
    text = " ".join(shown.stdout.split())
    assert "expert" in text and "rulebook" in text
    assert "--workers" in text
