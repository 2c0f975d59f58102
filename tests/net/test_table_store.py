"""Issue #33 item 3: a server's table files — atomic, bounded, a damaged one skipped with its reason."""

from __future__ import annotations

import os
import time

from iwari_desktop.net.table_store import MAX_FILE_BYTES, StoreError, TableStore
import pytest


def test_tables_round_trip_and_a_damaged_file_is_skipped_with_one_reason(tmp_path):
    store = TableStore(tmp_path)
    store.save("ABC234", {"x": 1})
    store.save("XYZ789", {"y": [1, 2]})
    (tmp_path / "table-BROKEN.json").write_text("{not json")
    (tmp_path / "table-HUGE.json").write_bytes(b" " * (MAX_FILE_BYTES + 1))
    (tmp_path / "table-OTHER.json").write_text('{"format": "something else"}')
    (tmp_path / "notes.txt").write_text("not a table")
    loaded = store.load_all()
    assert loaded.tables == {"ABC234": {"x": 1}, "XYZ789": {"y": [1, 2]}}
    assert sorted(reason.split(":")[0] for reason in loaded.skipped) == [
        "table-BROKEN.json", "table-HUGE.json", "table-OTHER.json"]
    assert all("\n" not in reason for reason in loaded.skipped)
    store.remove("ABC234")
    assert set(store.load_all().tables) == {"XYZ789"}


def test_a_code_that_is_not_a_code_never_becomes_a_path(tmp_path):
    with pytest.raises(StoreError):
        TableStore(tmp_path).path("../../etc/passwd")


def test_temporaries_a_killed_write_left_are_removed_at_start(tmp_path):
    leftover = tmp_path / ".table-ABC234.json.abcd1234.tmp"
    leftover.write_text("half")
    old = time.time() - 3600
    os.utime(leftover, (old, old))
    assert TableStore(tmp_path).load_all().tables == {}
    assert not leftover.exists()


def test_a_missing_store_folder_is_an_empty_store(tmp_path):
    assert TableStore(tmp_path / "nowhere").load_all().tables == {}
