"""Fuzz: position files. Clear one-line PositionError or a correct load; never a traceback, a hang or a changed file."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from file_fuzz_helpers import SPECIAL_KINDS, assert_one_line, mutations, snapshot, special_files, typed_edits, within
from iwari_desktop.engine.files.position import Position, PositionError, read_position

ROOT = Path(__file__).resolve().parent.parent
# every documented example: the base Desert and one per expansion map (ruins, Void totems, contested
# tokens, Determination, expedition cards, Courage, Worship and its golden tokens, the purple road)
EXAMPLES = sorted(p.name for p in (ROOT / "docs" / "examples").glob("position-*.json"))


def _raw(name: str) -> bytes:
    return (ROOT / "docs" / "examples" / name).read_bytes()


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
    for i, (_, raw) in enumerate(mutations(_raw(name), random.Random(seed), 40)):
        path = tmp_path / f"position-{i}.json"
        path.write_bytes(raw)
        _check(path)


@pytest.mark.parametrize("name", EXAMPLES)
@pytest.mark.parametrize("seed", range(2))
def test_position_fields_of_wrong_types_and_sizes(tmp_path, seed, name):
    for i, (_, raw) in enumerate(typed_edits(json.loads(_raw(name)), random.Random(seed), 60)):
        path = tmp_path / f"position-{i}.json"
        path.write_bytes(raw)
        _check_scores(path)


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_special_files_as_positions(tmp_path, kind):
    path = special_files(tmp_path, "position.json")[kind]
    before = snapshot(path)
    with within():
        with pytest.raises(PositionError) as error:
            read_position(path)
    assert_one_line(str(error.value))
    assert snapshot(path) == before
