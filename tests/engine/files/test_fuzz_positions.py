"""Fuzz: position files. Clear one-line PositionError or a correct load; never a traceback, a hang or a changed file."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from file_fuzz_helpers import (
    SPECIAL_KINDS, assert_one_line, assert_read_or_refused, assert_special_file_refused,
    mutations, special_files, typed_edits, write_cases,
)
from iwari_desktop.engine.files.position import Position, PositionError
from iwari_desktop.engine.files.positions import read_position
from repo_root import ROOT
# every documented example: the base Desert and one per expansion map (ruins, Void totems, contested
# tokens, Determination, expedition cards, Courage, Worship and its golden tokens, the purple road)
EXAMPLES = sorted(p.name for p in (ROOT / "docs" / "examples").glob("position-*.json"))


def _raw(name: str) -> bytes:
    return (ROOT / "docs" / "examples" / name).read_bytes()


def _check(path: Path) -> None:
    assert_read_or_refused(path, read_position, PositionError,
                           lambda position: isinstance(position, Position) and position.scoring in ("final", "half"))


def _check_scores(path: Path) -> None:
    """A position that loads also scores: the end of the game runs without a traceback."""
    _check(path)
    try:
        read_position(path).ending()
    except PositionError as error:
        assert_one_line(str(error))


@pytest.mark.parametrize("name", EXAMPLES)
@pytest.mark.parametrize("seed", range(2))
def test_damaged_position_bytes(tmp_path, seed, name):
    for path in write_cases(tmp_path, "position", mutations(_raw(name), random.Random(seed), 40)):
        _check(path)


@pytest.mark.parametrize("name", EXAMPLES)
@pytest.mark.parametrize("seed", range(2))
def test_position_fields_of_wrong_types_and_sizes(tmp_path, seed, name):
    for path in write_cases(tmp_path, "position", typed_edits(json.loads(_raw(name)), random.Random(seed), 60)):
        _check_scores(path)


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_special_files_as_positions(tmp_path, kind):
    assert_special_file_refused(special_files(tmp_path, "position.json")[kind], read_position, PositionError)
