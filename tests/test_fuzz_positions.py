"""Fuzz: position files. Clear one-line PositionError or a correct load; never a traceback, a hang or a changed file."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from file_fuzz_helpers import SPECIAL_KINDS, assert_one_line, mutations, snapshot, special_files, typed_edits, within
from iwari_desktop.engine.files.position import Position, PositionError, read_position

ROOT = Path(__file__).resolve().parent.parent
RAW = (ROOT / "docs" / "examples" / "position-desert.json").read_bytes()
DATA = json.loads(RAW)


def _check(path: Path) -> None:
    before = snapshot(path)
    with within():
        try:
            position = read_position(path)
        except PositionError as error:
            assert_one_line(str(error))
        else:
            assert isinstance(position, Position) and position.scoring in ("final", "half")
    assert snapshot(path) == before


@pytest.mark.parametrize("seed", range(3))
def test_damaged_position_bytes(tmp_path, seed):
    for i, (_, raw) in enumerate(mutations(RAW, random.Random(seed), 60)):
        path = tmp_path / f"position-{i}.json"
        path.write_bytes(raw)
        _check(path)


@pytest.mark.parametrize("seed", range(3))
def test_position_fields_of_wrong_types_and_sizes(tmp_path, seed):
    for i, (_, raw) in enumerate(typed_edits(DATA, random.Random(seed), 80)):
        path = tmp_path / f"position-{i}.json"
        path.write_bytes(raw)
        _check(path)


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_special_files_as_positions(tmp_path, kind):
    path = special_files(tmp_path, "position.json")[kind]
    before = snapshot(path)
    with within():
        with pytest.raises(PositionError) as error:
            read_position(path)
    assert_one_line(str(error.value))
    assert snapshot(path) == before
