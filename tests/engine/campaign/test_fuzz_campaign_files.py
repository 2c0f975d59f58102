"""Fuzz: campaign files and profile progress files give a clear error or a correct load, never a traceback, a hang or a changed file.

Both come in through the bounded reader (`FileKind.CAMPAIGN`); on top of it the campaign format and
the progress reader must turn every damaged or mistyped document into their own one-line errors.
"""

from __future__ import annotations

import json
import random
import shutil
from datetime import date

import pytest

from campaign_helpers import result
from file_fuzz_helpers import (SPECIAL_KINDS, assert_one_line, assert_special_file_refused, mutations, snapshot,
                               special_files, typed_edits, within, write_cases)
from iwari_desktop import campaign_store as store
from iwari_desktop.engine.campaign.campaign_file import COOP_CAMPAIGN, SOLO_CAMPAIGN, bundled_campaign_path, read_campaign
from iwari_desktop.engine.campaign.difficulty import Difficulty
from iwari_desktop.engine.campaign.format import Campaign, CampaignError, CampaignInvalid
from iwari_desktop.engine.campaign.progress import Progress, record_result
from iwari_desktop.engine.campaign.progress_file import ProgressError, progress_text, read_progress_file
from iwari_desktop.engine.maps.registry import get_board
from iwari_desktop.storage import profiles_dir

DAY = date(2026, 11, 21)


def check_campaign(path) -> None:
    before = snapshot(path)
    with within():
        try:
            campaign = read_campaign(path, get_board)
        except CampaignInvalid as error:
            assert_one_line(str(error))
            for line in error.problems:
                assert_one_line(line)
        except CampaignError as error:
            assert_one_line(str(error))
        else:
            assert isinstance(campaign, Campaign) and all(len(c.goals) == 3 for c in campaign.all_chapters)
    assert snapshot(path) == before


@pytest.mark.parametrize("campaign_id", [SOLO_CAMPAIGN, COOP_CAMPAIGN])
def test_damaged_and_mistyped_campaign_files(tmp_path, campaign_id):
    source = bundled_campaign_path(campaign_id)
    raw = source.read_bytes()
    rng = random.Random(campaign_id)
    cases = list(mutations(raw, rng, 120)) + list(typed_edits(json.loads(raw), rng, 200))
    for path in write_cases(tmp_path, "campaign", iter(cases)):
        check_campaign(path)


@pytest.mark.parametrize("special", SPECIAL_KINDS)
def test_special_files_as_campaigns(tmp_path, special):
    assert_special_file_refused(special_files(tmp_path, "journey.json")[special],
                                lambda path: read_campaign(path, get_board), CampaignError)


def sample_progress_text() -> str:
    campaign = read_campaign(bundled_campaign_path(SOLO_CAMPAIGN))
    progress = Progress("Ann", DAY)
    ours = progress.campaign(campaign.id)
    record_result(campaign, ours, "first-light", Difficulty.NORMAL, result(turns=18), DAY)
    record_result(campaign, ours, "cold-welcome", Difficulty.EASY, result(False), DAY)
    record_result(campaign, ours, "first-light", Difficulty.HARD, result(void=2, turns=25), DAY)
    progress.campaign(COOP_CAMPAIGN)
    return progress_text(progress)


def test_damaged_and_mistyped_progress_files(tmp_path, monkeypatch):
    monkeypatch.setenv("IWARI_DATA_DIR", str(tmp_path / "data"))
    text = sample_progress_text()
    rng = random.Random("progress")
    cases = list(mutations(text.encode(), rng, 150)) + list(typed_edits(json.loads(text), rng, 250))
    path = profiles_dir() / "profile-1.json"
    profiles_dir().mkdir(parents=True)
    loaded = refused = 0
    for _, content in cases:
        path.write_bytes(content)
        before = snapshot(path)
        with within():
            entries = store.list_profiles()
            assert len(entries) == 1
            try:
                progress = store.load_progress("profile-1")
            except store.ProfileUnreadable as error:
                refused += 1
                assert_one_line(str(error))
                assert not entries[0].usable and entries[0].problem == str(error)
                with pytest.raises(store.ProfileUnreadable):
                    store.save_progress("profile-1", Progress("Ann", DAY))
            else:
                loaded += 1
                assert entries[0].usable and isinstance(progress, Progress)
                assert read_progress_file(path) == progress
        assert snapshot(path) == before
    assert loaded and refused   # the cases reach both outcomes


@pytest.mark.parametrize("special", SPECIAL_KINDS)
def test_special_files_as_progress(tmp_path, special):
    assert_special_file_refused(special_files(tmp_path, "profile-1.json")[special], read_progress_file, ProgressError)


@pytest.mark.parametrize("special", ["fifo", "devzero", "huge", "empty", "dangling"])
def test_special_files_in_the_profiles_folder_are_listed_never_read_forever(tmp_path, monkeypatch, special):
    monkeypatch.setenv("IWARI_DATA_DIR", str(tmp_path / "data"))
    made = special_files(tmp_path / "made", "profile-1.json")[special]
    profiles_dir().mkdir(parents=True)
    target = profiles_dir() / "profile-1.json"
    if made.is_symlink():
        target.symlink_to(made.readlink())
    else:
        shutil.move(str(made), target)
    before = snapshot(target)
    with within():
        entries = store.list_profiles()
        with pytest.raises(store.ProfileUnreadable) as error:
            store.load_progress("profile-1")
    assert not entries[0].usable
    assert_one_line(str(error.value))
    assert snapshot(target) == before
