"""Issue #33 item 5: the remembered tables and seat credentials in the player's data folder.

Why: a credential is what brings a player back to a seat after a crash or another evening, so the file
must survive a kill mid-write (atomic), keep its secret (owner-only), and never stop the game when it is
damaged: the reader is bounded and typed, and the fuzz test feeds it damaged copies, wrong types and
special files.
"""

from __future__ import annotations

import json
import random
import stat

import pytest

from iwari_desktop.net import credentials as c
from iwari_desktop.net import protocol as p
from tests.support.file_fuzz_helpers import (SPECIAL_KINDS, assert_read_or_refused, assert_special_file_refused,
                                             mutations, special_files, typed_edits, write_cases)


def _table(code: str = "ABC234", address: str = "127.0.0.1", seats=((1, "secret-one"),)) -> c.KnownTable:
    return c.KnownTable(address=address, port=7878, code=code, seats=[p.SeatKey(seat=s, credential=k) for s, k in seats],
                        name="Ann")


def test_remembered_tables_read_back_newest_first_and_replace_the_same_table(tmp_path):
    path = c.known_tables_path(tmp_path)
    c.remember(path, _table("AAAAAA"), now=10.0)
    c.remember(path, _table("BBBBBB"), now=20.0)
    c.remember(path, _table("AAAAAA", seats=((2, "newer"),)), now=30.0)
    tables = c.read_known(path)
    assert [t.code for t in tables] == ["AAAAAA", "BBBBBB"]
    assert tables[0].seats == [p.SeatKey(seat=2, credential="newer")]
    assert c.find(path, "127.0.0.1", 7878, "BBBBBB").seats[0].credential == "secret-one"
    assert [t.code for t in c.forget(path, "127.0.0.1", 7878, "AAAAAA")] == ["BBBBBB"]


def test_the_file_is_written_atomically_for_its_owner_only_and_bounded_in_count(tmp_path):
    path = c.known_tables_path(tmp_path)
    for i in range(c.MAX_TABLES + 5):
        c.remember(path, _table(f"T{i:05d}"), now=float(i))
    assert len(c.read_known(path)) == c.MAX_TABLES
    assert stat.S_IMODE(path.stat().st_mode) & 0o077 == 0, "a credential is a secret: owner only"
    assert [f.name for f in tmp_path.iterdir()] == [c.FILE_NAME], "no temporary file left behind"


def test_a_missing_file_is_no_tables_and_a_damaged_one_a_reason_not_a_traceback(tmp_path):
    path = c.known_tables_path(tmp_path)
    assert c.load_known(path) == ([], None)
    path.write_text('{"format": "iwari-online-tables", "version": 1, "tables": [{"address": 5}]}')
    tables, reason = c.load_known(path)
    assert tables == [] and "\n" not in reason and reason.startswith(c.FILE_NAME)
    c.remember(path, _table())
    assert len(c.read_known(path)) == 1, "the next remember writes a good file over a damaged one"


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_special_files_are_refused_in_time(tmp_path, kind):
    path = special_files(tmp_path, c.FILE_NAME)[kind]
    if kind in ("empty",):
        assert_read_or_refused(path, c.read_known, c.CredentialFileError, lambda value: value == [])
    elif kind == "dangling":
        assert c.read_known(path) == []
    else:
        assert_special_file_refused(path, c.read_known, c.CredentialFileError)


def test_fuzz_damaged_and_mistyped_files_are_read_or_refused_with_one_line(tmp_path):
    path = c.known_tables_path(tmp_path / "good")
    c.remember(path, _table("AAAAAA", seats=((0, "x" * 32), (3, "y" * 32))))
    c.remember(path, _table("BBBBBB", address="192.0.2.7"))
    raw = path.read_bytes()
    rng = random.Random(33)
    cases = list(mutations(raw, rng, 150)) + list(typed_edits(json.loads(raw), rng, 150))
    for case in write_cases(tmp_path, "known", iter(cases)):
        assert_read_or_refused(case, c.read_known, c.CredentialFileError,
                               lambda value: isinstance(value, list) and len(value) <= c.MAX_TABLES
                               and all(isinstance(t, c.KnownTable) for t in value))
