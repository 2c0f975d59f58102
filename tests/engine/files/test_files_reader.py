"""The bounded, typed reader every game file comes in by (engine/files/reader, jsonfile, typed, atomic)."""

from __future__ import annotations

import json
import os
import time

import pytest

from file_fuzz_helpers import SPECIAL_KINDS, assert_one_line, snapshot, special_files, within
from iwari_desktop.engine.files.atomic import atomic_write_text, clean_stale_temporaries, is_temporary
from iwari_desktop.engine.files.jsonfile import JsonFileError, read_json_file
from iwari_desktop.engine.files.reader import (
    LIMITS, FileKind, FileReadError, clip, is_map_reference, is_plain_id, read_bytes, short,
)
from iwari_desktop.engine.files.typed import FieldError, Fields


@pytest.mark.parametrize("kind", [k for k in SPECIAL_KINDS if k != "empty"])
@pytest.mark.parametrize("file_kind", list(FileKind))
def test_special_files_are_refused_in_one_line_without_blocking(tmp_path, kind, file_kind):
    """A FIFO blocks whoever opens it, /dev/zero never ends: both are refused from their metadata."""
    path = special_files(tmp_path, "file.json")[kind]
    before = snapshot(path)
    with within():
        with pytest.raises(FileReadError) as error:
            read_bytes(path, file_kind)
    message = assert_one_line(str(error.value))
    expected = {"fifo": "named pipe", "folder": "folder", "devzero": "device", "huge": "too large",
                "dangling": "no such file"}[kind]
    assert expected in message
    assert snapshot(path) == before


def test_an_empty_file_is_read_as_empty(tmp_path):
    path = tmp_path / "empty.json"
    path.write_bytes(b"")
    assert read_bytes(path) == b""
    with pytest.raises(JsonFileError, match="not valid JSON"):
        read_json_file(path)


def test_a_file_over_the_kind_limit_is_refused_before_reading(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes(b" " * (LIMITS[FileKind.SETTINGS].max_bytes + 1))
    with pytest.raises(FileReadError, match="too large"):
        read_bytes(path, FileKind.SETTINGS)
    assert read_bytes(path, FileKind.SAVE).strip() == b""


def test_a_byte_order_mark_is_accepted(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"a": 1}).encode())
    assert read_json_file(path) == {"a": 1}


@pytest.mark.parametrize("text, words", [
    ("[" * 20 + "]" * 20, "nested more than"),                         # under Python's limit, over ours
    ("[" * 100_000 + "]" * 100_000, "absurd"),                         # over Python's limit
    ('{"seed": ' + "9" * 41 + "}", "41 digits"),
    ('{"seed": ' + "9" * 5_000 + "}", "5,000 digits"),
    ('{"seed": 1e400}', "too large"),
    ('{"seed": NaN}', "NaN"),
    ('{"seed": -Infinity}', "Infinity"),
    ('{"label": "' + "x" * 200_000 + '"}', "200,000 characters"),
    ("[" + ",".join(["0"] * 60_000) + "]", "60,000 entries"),
])
def test_absurd_json_is_refused_in_one_line(tmp_path, text, words):
    path = tmp_path / "absurd.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(JsonFileError) as error:
        read_json_file(path)
    message = assert_one_line(str(error.value))
    assert words in message and "absurd.json" in message


def test_a_file_name_that_is_not_utf8_is_printable_in_messages(tmp_path):
    raw = os.fsencode(tmp_path) + b"/\xff\xfe-broken.json"
    with open(raw, "wb") as handle:
        handle.write(b"{")
    path = tmp_path / os.fsdecode(b"\xff\xfe-broken.json")
    with pytest.raises(JsonFileError) as error:
        read_json_file(path)
    assert "\ufffd" in assert_one_line(str(error.value))


def test_bad_values_are_never_repeated_in_full():
    assert len(clip("x" * 50_000)) < 90 and "50,000 characters" in clip("x" * 50_000)
    assert short(10 ** 4000) == "a number of 4,001 digits"
    assert len(short(list(range(10_000)))) < 40
    assert len(short("y" * 7_000_000)) < 90


def test_typed_fields_refuse_wrong_types_and_ranges_in_one_line():
    fields = Fields({"colour": ["red"], "seed": "٣", "big": 10 ** 35, "flag": 1, "name": "n" * 500, "map": "../x"}, "setup")
    for call, words in [
        (lambda: fields.str("colour", 20), "must be text, not a list"),
        (lambda: fields.int("seed", 0, 10), "must be a whole number, not text"),
        (lambda: fields.int("big", 0, 10 ** 30), "must be from 0"),
        (lambda: fields.bool("flag"), "true or false"),
        (lambda: fields.str("name", 100), "500 characters long"),
        (lambda: fields.map_reference("map"), "must be a map id"),
        (lambda: fields.int("missing", 0, 1), "is missing"),
    ]:
        with pytest.raises(FieldError) as error:
            call()
        assert words in assert_one_line(str(error.value))
    assert fields.int("absent", 0, 5, default=3) == 3


def test_map_ids_are_plain_and_map_paths_sane():
    assert is_plain_id("new-horizons") and is_plain_id("map_2")
    for bad in ("", "a" * 65, "../etc", "a/b", "-x", "ｎｅｗ", "a b", 7, None, ["x"]):
        assert not is_plain_id(bad)
    assert is_map_reference("/tmp/maps/fixture-vale.tmx") and is_map_reference("new-horizons")
    for bad in ("a" * 5000, "a" * 300 + ".tmx", "x\n.tmx", "/etc/passwd", "x" * 2000 + "/m.tmx"):
        assert not is_map_reference(bad)


# ---- writing: temp file, rename, folder sync, stale temporaries ----------------------------------------

def test_the_folder_is_synced_after_the_rename(tmp_path, monkeypatch):
    """Without syncing the folder, a power cut after the rename can lose the file's new name."""
    synced: list[str] = []
    real_fsync = os.fsync

    def spy(fd):
        import stat

        synced.append("folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        return real_fsync(fd)

    monkeypatch.setattr(os, "fsync", spy)
    atomic_write_text(tmp_path / "slot-1.json", "{}")
    assert synced == ["file", "folder"]
    assert (tmp_path / "slot-1.json").read_text() == "{}"


def test_stale_temporaries_are_removed_and_fresh_ones_kept(tmp_path):
    stale = tmp_path / ".slot-1.json.abcd1234.tmp"
    fresh = tmp_path / ".autosave.json.zz99_x0a.tmp"
    other = tmp_path / ".notes.tmp"           # not our pattern
    for path in (stale, fresh, other):
        path.write_text("{")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    assert is_temporary(stale.name) and is_temporary(fresh.name) and not is_temporary(other.name)
    assert clean_stale_temporaries(tmp_path) == 1
    assert not stale.exists() and fresh.exists() and other.exists()


def test_the_suites_fsync_still_refuses_a_closed_descriptor_and_the_write_still_lands(tmp_path):
    """tests/conftest.py spares the suite the wait for the disk, not the checks: a bad descriptor still
    raises as the real `os.fsync` does, and a file written through it is whole under its name."""
    fd = os.open(tmp_path / "x", os.O_WRONLY | os.O_CREAT)
    os.close(fd)
    with pytest.raises(OSError):
        os.fsync(fd)
    atomic_write_text(tmp_path / "slot-2.json", '{"a": 1}')
    assert (tmp_path / "slot-2.json").read_text() == '{"a": 1}'
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
