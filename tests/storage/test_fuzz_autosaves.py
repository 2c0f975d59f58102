"""Fuzzing the autosave folder (issue #21 item 1): whatever the saves folder holds — games finished or not,
campaign chapters, garbage bytes, folders, the old single autosave — listing, Continue's choice,
eviction and migration never raise, never touch a damaged file or a folder, never evict a chapter in
progress, and evict exactly in their stated order down to the cap."""

from __future__ import annotations

import json
import os
import tempfile
from functools import cache
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from iwari_desktop import autosaves, storage
from iwari_desktop.engine.files.saves import save_game
from history_helpers import finished_game
from scene_helpers import make_game


@cache
def _texts() -> dict[str, dict]:
    """One save of each kind, made once (a finished game takes a whole bot game to make)."""
    return {"unfinished": save_game(make_game(seed=5)), "finished": save_game(finished_game())}


def _chapter(profile: int, recorded: bool) -> dict:
    return {"campaign": {"profile": f"profile-{profile}", "campaign": "journey", "chapter": "first-light",
                         "difficulty": "normal", "recorded": recorded}}


FILES = st.lists(st.tuples(
    st.sampled_from(["unfinished", "finished", "chapter", "garbage", "folder", "legacy"]),
    st.integers(1, 3),            # the chapter's profile
    st.booleans(),                # recorded
    st.integers(0, 40),           # its save time, in days
    st.binary(max_size=64),       # garbage bytes
), max_size=16)


def _fill(folder: Path, files) -> None:
    folder.mkdir(parents=True)
    for index, (kind, profile, recorded, day, junk) in enumerate(files):
        name = storage.AUTOSAVE_NAME if kind == "legacy" else f"autosave-20260101-000000-{index:06x}.json"
        path = folder / name
        if path.exists():
            continue
        if kind == "folder":
            path.mkdir()
            continue
        if kind == "garbage":
            path.write_bytes(junk)
            continue
        data = dict(_texts()["finished" if kind == "finished" else "unfinished"])
        data["saved_at"] = f"2026-02-{1 + day % 28:02d}T{day % 24:02d}:00:00+00:00"
        data["meta"] = {"label": "Autosave", **(_chapter(profile, recorded) if kind == "chapter" else {})}
        path.write_text(json.dumps(data), encoding="utf-8")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(files=FILES, keep=st.integers(0, 6))
def test_the_autosave_folder_never_loses_what_it_must_keep(files, keep):
    old = os.environ.get(storage.DATA_ENV)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ[storage.DATA_ENV] = tmp
        try:
            _fill(storage.saves_dir(), files)
            autosaves.migrate_legacy()
            entries = autosaves.list_autosaves()
            assert len(entries) == len(os.listdir(storage.saves_dir()))   # everything is listed, damaged or not
            targets = autosaves.continue_targets(entries)
            assert all(not t.damaged for t in targets)
            playable = [t for t in targets if not t.over or (t.chapter is not None and not t.recorded)]
            assert playable == targets or (len(targets) == 1 and not autosaves.unfinished(entries))
            must_stay = {e.path for e in entries if e.damaged or not e.is_file}
            must_stay |= {e.path for e in autosaves.chapters_in_progress(entries).values()}
            order = [e.path for e in autosaves.eviction_order(entries)]
            readable = [e for e in entries if not e.damaged]
            removed = autosaves.evict(keep=keep)
            assert removed == order[:max(0, len(readable) - keep)]
            assert not must_stay & set(removed) and all(os.path.lexists(p) for p in must_stay)
            left = [e for e in autosaves.list_autosaves() if not e.damaged]
            assert len(left) == len(readable) - min(len(order), max(0, len(readable) - keep))
        finally:
            if old is None:
                os.environ.pop(storage.DATA_ENV, None)
            else:
                os.environ[storage.DATA_ENV] = old
