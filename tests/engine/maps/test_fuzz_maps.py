"""Fuzz: Tiled maps. A Board or a one-line MapError from load and validate; never a traceback, a hang or a changed file."""

from __future__ import annotations

import random
import re

import pytest

from file_fuzz_helpers import (
    SPECIAL_KINDS, assert_one_line, assert_read_or_refused, assert_special_file_refused, mutations, special_files,
)
from iwari_desktop.engine.maps.board import Board, MapError
from iwari_desktop.engine.maps.tmx_loader import load_board
from iwari_desktop.engine.maps.validator import validate_map_file
from iwari_desktop.resources import maps_dir

RAW = (maps_dir() / "new-horizons.tmx").read_bytes()
NUMBERS = re.compile(rb'(?<==")-?\d+(\.\d+)?(?=")')
XML_JUNK = [b"<!DOCTYPE map>", b"<!ENTITY a 'x'>", b"&a;", b"]]>", b"<![CDATA[x]]>", b"<?pi x?>", b"\x00", b"\xff\xfe",
            b"<x>" * 40, b'encoding="ebcdic"', b"9" * 5_000, b"1e999", b"nan", b"-inf"]


def _check(path) -> None:
    assert_read_or_refused(path, load_board, MapError, lambda board: isinstance(board, Board))
    assert_read_or_refused(path, validate_map_file, MapError,
                           lambda problems: all(assert_one_line(str(problem)) for problem in problems))


@pytest.mark.parametrize("seed", range(3))
def test_damaged_map_bytes(tmp_path, seed):
    rng = random.Random(seed)
    for i, (_, raw) in enumerate(mutations(RAW, rng, 25)):
        path = tmp_path / f"m{i}.tmx"
        path.write_bytes(raw)
        _check(path)


@pytest.mark.parametrize("seed", range(3))
def test_maps_with_xml_junk_and_absurd_numbers(tmp_path, seed):
    rng = random.Random(100 + seed)
    numbers = [m.span() for m in NUMBERS.finditer(RAW)]
    for i in range(25):
        if rng.random() < 0.5:
            start, end = rng.choice(numbers)
            raw = RAW[:start] + rng.choice([b"inf", b"-1e309", b"9" * 400, b"\xd9\xa3", b"", b"0x10", b"1" * 16]) + RAW[end:]
        else:
            at = rng.randrange(len(RAW))
            raw = RAW[:at] + rng.choice(XML_JUNK) + RAW[at:]
        path = tmp_path / f"n{i}.tmx"
        path.write_bytes(raw)
        _check(path)


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_special_files_as_maps(tmp_path, kind):
    path = special_files(tmp_path, "map.tmx")[kind]
    for load in (load_board, validate_map_file):
        assert_special_file_refused(path, load, MapError)
