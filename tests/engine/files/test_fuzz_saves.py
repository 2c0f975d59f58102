"""Fuzz: save files. Clear one-line SaveError or a correct load; never a traceback, a hang or a changed file."""

from __future__ import annotations

import json
import os
import random

import pytest

from file_fuzz_helpers import (
    SPECIAL_KINDS, assert_one_line, assert_read_or_refused, assert_special_file_refused,
    mutations, special_files, typed_edits, write_cases,
)
from iwari_desktop.engine.files.saves import SaveError, read_save, save_game, state_digest
from scene_helpers import make_game
GAME = make_game(players=3, seed=4)
for _ in range(12):
    GAME.play(GAME.legal_actions()[-1])
DATA = json.loads(json.dumps(save_game(GAME, {"label": "fuzz"})))
RAW = json.dumps(DATA, indent=1).encode()


def _check(path) -> None:
    # only damage outside what the digest protects (a label, the time) may load
    assert_read_or_refused(path, read_save, SaveError,
                           lambda game: state_digest(game) == DATA["digest"] and game.log == GAME.log)


@pytest.mark.parametrize("seed", range(4))
def test_damaged_save_bytes(tmp_path, seed):
    """Truncation, byte flips, inserted junk (deep nesting, 5,000 digits, 1e999, NaN), BOM, non-UTF-8 bytes."""
    for path in write_cases(tmp_path, "slot", mutations(RAW, random.Random(seed), 60)):
        _check(path)


@pytest.mark.parametrize("seed", range(4))
def test_save_fields_of_wrong_types_and_sizes(tmp_path, seed):
    for path in write_cases(tmp_path, "slot", typed_edits(DATA, random.Random(seed), 60)):
        _check(path)


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_special_files_as_saves(tmp_path, kind):
    assert_special_file_refused(special_files(tmp_path, "autosave.json")[kind], read_save, SaveError)


def test_a_save_under_a_name_that_is_not_utf8(tmp_path):
    raw_path = os.fsencode(tmp_path) + b"/\xfe\xff.json"
    with open(raw_path, "wb") as handle:
        handle.write(b"\xef\xbb\xbf" + RAW)
    _check(tmp_path / os.fsdecode(b"\xfe\xff.json"))
    with open(raw_path, "wb") as handle:
        handle.write(RAW[:100])
    with pytest.raises(SaveError) as error:
        read_save(tmp_path / os.fsdecode(b"\xfe\xff.json"))
    assert "\ufffd" in assert_one_line(str(error.value))
