"""Profiles on disk: create, rename, delete, and damaged or newer progress files that are never lost."""

from __future__ import annotations

import errno
import json
import os
from datetime import date, datetime

import pytest

from campaign_helpers import campaign_data, result
from file_fuzz_helpers import snapshot
from iwari_desktop import campaign_store as store
from iwari_desktop.engine.campaign.difficulty import Difficulty
from iwari_desktop.engine.campaign.format import parse_campaign
from iwari_desktop.engine.campaign.progress import record_result
from iwari_desktop.storage import profiles_dir

DAY = date(2026, 11, 21)


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("IWARI_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def test_profiles_are_created_listed_renamed_and_deleted():
    ann = store.create_profile("  Ann ", DAY)
    ben = store.create_profile("Ben", DAY)
    assert (ann.id, ben.id) == ("profile-1", "profile-2")
    assert [(e.id, e.name) for e in store.list_profiles()] == [("profile-1", "Ann"), ("profile-2", "Ben")]
    store.rename_profile("profile-1", "Zoë")
    assert [e.name for e in store.list_profiles()] == ["Ben", "Zoë"]
    assert json.loads((profiles_dir() / "profile-1.json").read_text(encoding="utf-8"))["profile"] == "Zoë"
    store.delete_profile("profile-2")
    assert [e.id for e in store.list_profiles()] == ["profile-1"]
    with pytest.raises(store.StoreError, match="no such profile"):
        store.delete_profile("profile-2")


def test_profile_names_are_unique_ignoring_case():
    store.create_profile("Ann", DAY)
    with pytest.raises(store.StoreError, match="already a profile called ann"):
        store.create_profile("ann", DAY)
    other = store.create_profile("Ben", DAY)
    with pytest.raises(store.StoreError, match="already a profile called ANN"):
        store.rename_profile(other.id, "ANN")
    store.rename_profile(other.id, "ben")   # its own name in another case is fine
    with pytest.raises(store.StoreError, match="a profile needs a name"):
        store.create_profile("   ", DAY)


@pytest.mark.parametrize("bad", ["../saves/autosave", "profile-0", "profile-1.json", "", "profile-1/.."])
def test_profile_ids_never_become_other_paths(bad):
    with pytest.raises(store.StoreError, match="not a profile id"):
        store.load_progress(bad)


def test_progress_round_trip_through_the_store():
    campaign = parse_campaign(campaign_data(), "t.json")
    entry = store.create_profile("Ann", DAY)
    progress = store.load_progress(entry.id)
    record_result(campaign, progress.campaign(campaign.id), "ch-1", Difficulty.HARD, result(turns=17), DAY)
    store.save_progress(entry.id, progress)
    again = store.load_progress(entry.id)
    assert again == progress and again.campaign(campaign.id).record("ch-1").at(Difficulty.HARD).fewest_turns == 17
    assert [p.name for p in profiles_dir().iterdir()] == ["profile-1.json"]   # no temporary left behind


@pytest.mark.parametrize("content, newer", [
    (b'{"format": "iwari-progress", "version": 1, "profile": "Ann", "created"', False),
    (json.dumps({"format": "iwari-progress", "version": 9, "profile": "Ann", "created": "2030-01-01",
                 "campaigns": {"x": {"future": True}}}).encode(), True),
])
def test_damaged_or_newer_progress_is_reported_kept_and_replaced_only_when_confirmed(content, newer):
    entry = store.create_profile("Ann", DAY)
    entry.path.write_bytes(content)
    before = snapshot(entry.path)
    listed = store.list_profiles()[0]
    assert not listed.usable and listed.newer is newer and listed.name == "profile-1.json"
    with pytest.raises(store.ProfileUnreadable) as problem:
        store.load_progress(entry.id)
    assert problem.value.newer is newer
    with pytest.raises(store.ProfileUnreadable):
        store.save_progress(entry.id, store.Progress("Ann", DAY))      # never overwritten silently
    with pytest.raises(store.StoreError, match="needs the player's confirmation"):
        store.start_fresh(entry.id, "Ann", DAY, confirmed=False)
    assert snapshot(entry.path) == before
    aside = store.start_fresh(entry.id, "Ann", DAY, confirmed=True)
    assert aside.read_bytes() == content                               # kept aside, never deleted
    assert aside.name.startswith("profile-1.json." + ("newer" if newer else "damaged") + "-")
    assert store.load_progress(entry.id).campaigns == {}
    assert [e.id for e in store.list_profiles()] == ["profile-1"]      # the copy aside is no profile


def test_a_readable_profile_is_never_started_fresh():
    entry = store.create_profile("Ann", DAY)
    before = snapshot(entry.path)
    with pytest.raises(store.StoreError, match="can be read, so it is not replaced"):
        store.start_fresh(entry.id, "Ann", DAY, confirmed=True)
    assert snapshot(entry.path) == before


def test_set_aside_never_overwrites_an_earlier_copy(tmp_path):
    moment = datetime(2026, 11, 21, 22, 6, 35)
    first = tmp_path / "profile-1.json"
    first.write_text("one")
    a = store.set_aside(first, "damaged", moment)
    first.write_text("two")
    b = store.set_aside(first, "damaged", moment)
    assert a != b and a.read_text() == "one" and b.read_text() == "two"


def test_a_folder_or_fifo_named_like_a_profile_is_listed_as_unusable_and_untouched():
    profiles_dir().mkdir(parents=True)
    (profiles_dir() / "profile-1.json").mkdir()
    os.mkfifo(profiles_dir() / "profile-2.json")
    entries = store.list_profiles()
    assert [(e.id, e.usable) for e in entries] == [("profile-1", False), ("profile-2", False)]
    assert "is a folder" in entries[0].problem and "named pipe" in entries[1].problem
    with pytest.raises(store.StoreError, match="is a folder"):
        store.delete_profile("profile-1")
    created = store.create_profile("Ann", DAY)
    assert created.id == "profile-3"


def test_a_failing_write_is_a_one_line_store_error_and_keeps_the_old_file(monkeypatch):
    entry = store.create_profile("Ann", DAY)
    before = snapshot(entry.path)

    def disk_full(path, text):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(store, "atomic_write_text", disk_full)
    with pytest.raises(store.StoreError, match="^profile-1.json: cannot be written \\(No space left on device\\)$"):
        store.rename_profile(entry.id, "Ben")
    assert snapshot(entry.path) == before


def test_start_up_cleans_what_a_killed_profile_write_left_behind():
    from iwari_desktop import storage

    entry = store.create_profile("Ann", DAY)
    stale = profiles_dir() / ".profile-1.json.abcd1234.tmp"
    stale.write_text("half a file")
    os.utime(stale, (0, 0))
    assert storage.clean_stale_temporaries() == 1
    assert not stale.exists() and entry.path.exists()
