"""Unlocks, stars and records of a campaign's progress, and their versioned JSON."""

from __future__ import annotations

import json
from datetime import date

import pytest

from campaign_helpers import campaign_data, result
from iwari_desktop.engine.campaign.difficulty import Difficulty
from iwari_desktop.engine.campaign.format import parse_campaign
from iwari_desktop.engine.campaign.progress import (
    ChapterLocked, Progress, ProfileNameError, chapter_statuses, clean_profile_name, is_unlocked, lock_reason,
    record_result, summary, total_stars,
)
from iwari_desktop.engine.campaign.progress_file import (
    ProgressDamaged, ProgressNewer, progress_from_json, progress_text, progress_to_json,
)

DAY = date(2026, 11, 21)
NORMAL, EASY, HARD = Difficulty.NORMAL, Difficulty.EASY, Difficulty.HARD


@pytest.fixture
def campaign():
    return parse_campaign(campaign_data(), "t.json")   # ch-1, ch-2, ch-3 and bonus "extra" at 5 stars


def test_a_chapter_opens_when_the_previous_one_is_won(campaign):
    progress = Progress("Ann", DAY).campaign(campaign.id)
    assert [is_unlocked(campaign, progress, c.id) for c in campaign.chapters] == [True, False, False]
    assert lock_reason(campaign, progress, "ch-2") == "win Ch 1 to open this chapter"
    lost = record_result(campaign, progress, "ch-1", NORMAL, result(False), DAY)
    assert lost.unlocked == () and not is_unlocked(campaign, progress, "ch-2")
    won = record_result(campaign, progress, "ch-1", HARD, result(True), DAY)
    assert won.unlocked == ("ch-2",) and won.first_win
    assert not is_unlocked(campaign, progress, "ch-3")


def test_a_locked_chapter_cannot_be_recorded(campaign):
    progress = Progress("Ann", DAY).campaign(campaign.id)
    with pytest.raises(ChapterLocked, match="Ch 3 is not open yet: win Ch 2"):
        record_result(campaign, progress, "ch-3", NORMAL, result(True), DAY)
    assert progress.chapters == {}


def test_the_bonus_opens_at_its_star_total(campaign):
    progress = Progress("Ann", DAY).campaign(campaign.id)
    # 3 stars (win, void <= 1, within 20 turns), then 2 stars (win, void <= 1; 25 turns)
    first = record_result(campaign, progress, "ch-1", NORMAL, result(void=1, turns=18), DAY)
    assert first.stars == 3 and first.total_stars == 3
    assert lock_reason(campaign, progress, "extra") == "earn 5 stars to open this chapter (you have 3)"
    second = record_result(campaign, progress, "ch-2", NORMAL, result(void=1, turns=25), DAY)
    assert second.stars == 2 and second.total_stars == 5
    assert set(second.unlocked) == {"ch-3", "extra"}
    assert summary(campaign, progress).bonus_open


def test_replay_earns_more_stars_and_stars_remember_their_difficulty(campaign):
    progress = Progress("Ann", DAY).campaign(campaign.id)
    record_result(campaign, progress, "ch-1", EASY, result(void=2, turns=30), DAY)          # win only
    again = record_result(campaign, progress, "ch-1", EASY, result(void=0, turns=30), DAY)  # + void goal
    assert again.new_stars == (1,)
    hard = record_result(campaign, progress, "ch-1", HARD, result(void=2, turns=15), DAY)   # win + turns
    assert hard.new_stars == (0, 2)
    record = progress.record("ch-1")
    assert record.best_stars() == {EASY: 2, HARD: 2}
    assert record.stars == 3 and total_stars(campaign, progress) == 3   # goals met at any difficulty
    worse = record_result(campaign, progress, "ch-1", EASY, result(False), DAY)
    assert worse.new_stars == () and record.at(EASY).stars == 2            # a loss takes nothing away


def test_records_fewest_turns_wins_tries_and_date(campaign):
    progress = Progress("Ann", DAY).campaign(campaign.id)
    first = record_result(campaign, progress, "ch-1", NORMAL, result(turns=24), date(2026, 11, 21))
    assert first.new_fewest_turns
    slower = record_result(campaign, progress, "ch-1", NORMAL, result(turns=30), date(2026, 11, 22))
    assert not slower.new_fewest_turns and not slower.first_win
    faster = record_result(campaign, progress, "ch-1", NORMAL, result(turns=19), date(2026, 11, 23))
    assert faster.new_fewest_turns
    record_result(campaign, progress, "ch-1", NORMAL, result(False, turns=5), date(2026, 11, 24))
    record = progress.record("ch-1")
    assert (record.tries, record.wins, record.fewest_turns, record.last_played) == (4, 3, 19, date(2026, 11, 24))
    statuses = chapter_statuses(campaign, progress)
    assert [s.unlocked for s in statuses] == [True, True, False, False]
    assert statuses[0].stars == 3 and statuses[2].lock_reason == "win Ch 2 to open this chapter"


def test_a_played_chapter_stays_open_when_the_campaign_file_changes(campaign):
    progress = Progress("Ann", DAY).campaign(campaign.id)
    record_result(campaign, progress, "ch-1", NORMAL, result(), DAY)
    record_result(campaign, progress, "ch-2", NORMAL, result(False), DAY)
    data = campaign_data()
    data["chapters"].insert(1, {**data["chapters"][0], "id": "new-one", "title": "New One"})
    edited = parse_campaign(data, "t.json")
    assert is_unlocked(edited, progress, "ch-2") and not is_unlocked(edited, progress, "ch-3")


def test_progress_round_trips_through_versioned_json(campaign):
    progress = Progress("Zoë", DAY)
    ours = progress.campaign(campaign.id)
    ours.difficulty = HARD
    record_result(campaign, ours, "ch-1", HARD, result(turns=17), DAY)
    record_result(campaign, ours, "ch-1", EASY, result(False), date(2026, 12, 1))
    text = progress_text(progress)
    data = json.loads(text)
    assert data["format"] == "iwari-progress" and data["version"] == 1
    assert progress_from_json(data, "p.json") == progress


def valid_json() -> dict:
    return {"format": "iwari-progress", "version": 1, "profile": "Ann", "created": "2026-11-21",
            "campaigns": {"journey": {"difficulty": "normal", "chapters": {"first-light": {"normal": {
                "goals_met": [0, 2], "tries": 3, "wins": 1, "fewest_turns": 21, "last_played": "2026-11-22"}}}}}}


def record_with(**changes) -> dict:
    data = valid_json()
    data["campaigns"]["journey"]["chapters"]["first-light"]["normal"].update(changes)
    return data


@pytest.mark.parametrize("data, expected", [
    ({**valid_json(), "version": 0}, "'version' must be a whole number from 1"),
    ({**valid_json(), "format": "iwari-campaign"}, "not a progress file"),
    ({**valid_json(), "profile": ""}, "a profile needs a name"),
    ({**valid_json(), "created": "21.11.2026"}, "must be a date like 2026-11-21"),
    ({**valid_json(), "created": "2026-02-30"}, "is not a calendar date"),
    (record_with(wins=4), "4 wins in 3 tries"),
    (record_with(goals_met=[0, 0]), "'goals_met' must list distinct goal numbers"),
    (record_with(goals_met=[3]), "'goals_met' must list distinct goal numbers"),
    (record_with(goals_met=[1]), "the 'win' goal and the wins disagree"),
    (record_with(fewest_turns=None), "'fewest_turns' must be set exactly when there is a win"),
    (record_with(tries=True), "'tries' must be a whole number"),
    (record_with(last_played=None), "'last_played' is missing"),
])
def test_damaged_progress_is_refused_whole(data, expected):
    with pytest.raises(ProgressDamaged, match=expected.replace("(", r"\(")):
        progress_from_json(data, "p.json")


def test_newer_progress_is_not_damaged_but_refused():
    with pytest.raises(ProgressNewer) as error:
        progress_from_json({**valid_json(), "version": 2}, "p.json")
    assert error.value.version == 2 and "made by a newer Iwari Desktop" in str(error.value)


def test_profile_names_are_trimmed_and_bounded():
    assert clean_profile_name("  Ann   Marie ") == "Ann Marie"
    for bad in ("", "   ", "x" * 33, "bell\x07", "nul\x00"):
        with pytest.raises(ProfileNameError):
            clean_profile_name(bad)


def test_progress_json_is_written_in_a_stable_order(campaign):
    progress = Progress("Ann", DAY)
    record_result(campaign, progress.campaign(campaign.id), "ch-1", NORMAL, result(), DAY)
    assert list(progress_to_json(progress)) == ["format", "version", "profile", "created", "campaigns"]
    assert progress_text(progress) == progress_text(progress_from_json(progress_to_json(progress), "p"))
