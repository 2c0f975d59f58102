"""Fuzz: the reader's file kinds to come (campaign progress, game history), and every kind's limits.

Those files do not exist yet; their limits do (`reader.LIMITS`), so the first campaign or history
file is read through the same door. Any bytes give JSON within the kind's limits or a one-line
JsonFileError, never a traceback, a hang or a changed file.
"""

from __future__ import annotations

import json
import random

import pytest

from file_fuzz_helpers import SPECIAL_KINDS, assert_one_line, mutations, snapshot, special_files, typed_edits, within
from iwari_desktop.engine.files.jsonfile import JsonFileError, read_json_file
from iwari_desktop.engine.files.reader import LIMITS, FileKind

SAMPLES = {
    FileKind.CAMPAIGN: {"format": "iwari-campaign", "version": 1, "chapter": 3, "won": ["new-horizons", "vast-lands"],
                        "stars": {"new-horizons": 2}},
    FileKind.HISTORY: {"format": "iwari-history", "version": 1, "games": [
        {"map": "new-horizons", "players": ["Ann", "Ben"], "scores": [71, 64], "finished_at": "2026-11-21T22:06:35+00:00"}
    ] * 20},
}


def _depth(value) -> int:
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    return 0


def _check(path, kind: FileKind) -> None:
    before = snapshot(path)
    limits = LIMITS[kind]
    with within():
        try:
            data = read_json_file(path, kind=kind)
        except JsonFileError as error:
            assert_one_line(str(error))
        else:
            assert _depth(data) <= limits.max_depth
    assert snapshot(path) == before


@pytest.mark.parametrize("kind", list(SAMPLES))
def test_samples_read_back(tmp_path, kind):
    path = tmp_path / "file.json"
    path.write_text(json.dumps(SAMPLES[kind]), encoding="utf-8")
    assert read_json_file(path, kind=kind) == SAMPLES[kind]


@pytest.mark.parametrize("kind", list(SAMPLES))
def test_damaged_and_mistyped_files(tmp_path, kind):
    rng = random.Random(kind.value)
    raw = json.dumps(SAMPLES[kind], indent=1).encode()
    cases = list(mutations(raw, rng, 80)) + list(typed_edits(SAMPLES[kind], rng, 60))
    for i, (_, content) in enumerate(cases):
        path = tmp_path / f"{kind.value}-{i}.json"
        path.write_bytes(content)
        _check(path, kind)


@pytest.mark.parametrize("kind", list(FileKind))
def test_every_kind_refuses_what_breaks_its_limits(tmp_path, kind):
    limits = LIMITS[kind]
    cases = {
        "depth": "[" * (limits.max_depth + 1) + "]" * (limits.max_depth + 1),
        "digits": "[" + "7" * (limits.max_digits + 1) + "]",
        "string": json.dumps(["s" * (limits.max_string + 1)]),
        "items": "[" + ",".join(["0"] * (limits.max_items + 1)) + "]",
    }
    for name, text in cases.items():
        path = tmp_path / f"{name}.json"
        path.write_text(text, encoding="utf-8")
        if path.stat().st_size > limits.max_bytes:
            continue  # refused for its size instead, checked below
        with pytest.raises(JsonFileError) as error:
            read_json_file(path, kind=kind)
        assert_one_line(str(error.value))
    big = tmp_path / "big.json"
    with open(big, "wb") as handle:
        handle.truncate(limits.max_bytes + 1)
    with pytest.raises(JsonFileError, match="too large"):
        read_json_file(big, kind=kind)


@pytest.mark.parametrize("special", SPECIAL_KINDS)
@pytest.mark.parametrize("kind", [FileKind.CAMPAIGN, FileKind.HISTORY])
def test_special_files(tmp_path, special, kind):
    path = special_files(tmp_path, "progress.json")[special]
    before = snapshot(path)
    with within():
        with pytest.raises(JsonFileError) as error:
            read_json_file(path, kind=kind)
    assert_one_line(str(error.value))
    assert snapshot(path) == before
