"""Issue #13, maps: the XML pre-check refuses declarations and bounds sizes, counts and numbers.

Each case used to be accepted (a 7-million-character map name through entities), to end in a
traceback (an unknown XML encoding) or to never return (a connection numbered 10^13, a polygon of
100,000 points in the validator); now each is a one-line MapError naming the file, or a prompt
list of problems.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from file_fuzz_helpers import assert_refused, within
from iwari_desktop.engine.maps.board import MapError
from iwari_desktop.engine.maps.tmx_loader import load_board
from iwari_desktop.engine.maps.validator import validate_board, validate_map_file
from iwari_desktop.resources import maps_dir

SOURCE = (maps_dir() / "new-horizons.tmx").read_text(encoding="utf-8")
DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>'


def _map(tmp_path: Path, text: str | bytes, name: str = "new-horizons.tmx") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return path


def _refused(path: Path, *words: str) -> str:
    """Both the loader and the validator refuse the map file (assert_refused); the validator's message."""
    for load in (load_board, validate_map_file):
        message = assert_refused(path, load, MapError, *words)
    return message


def test_the_bundled_map_still_loads_through_the_pre_check(tmp_path):
    board = load_board(_map(tmp_path, SOURCE))
    assert board.name == "New Horizons" and len(board.territories) >= 10


def test_a_dtd_with_internal_entities_is_refused():
    """Entities turned a few bytes into a map name of millions of characters."""
    entity = '<!DOCTYPE map [<!ENTITY a "' + "A" * 1_000 + '"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
    text = SOURCE.replace(DECLARATION, DECLARATION + entity).replace('value="New Horizons"', 'value="&b;&b;&b;&b;"')
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        _refused(_map(Path(folder), text), "new-horizons.tmx", "DTD")


def test_any_doctype_is_refused(tmp_path):
    _refused(_map(tmp_path, SOURCE.replace(DECLARATION, DECLARATION + "<!DOCTYPE map>")), "DTD")


@pytest.mark.parametrize("encoding", ["x-klingon", "UTF-16", "latin-1", "cp1252"])
def test_an_unknown_or_foreign_xml_encoding_is_refused_by_name(tmp_path, encoding):
    """An unknown encoding was a LookupError traceback."""
    _refused(_map(tmp_path, SOURCE.replace('encoding="UTF-8"', f'encoding="{encoding}"')), "encoding", "UTF-8")


@pytest.mark.parametrize("old, new, words", [
    ('x="110"', 'x="inf"', "not a plain number"),
    ('x="110"', 'x="nan"', "not a plain number"),
    ('x="110"', 'x="1e308"', "out of range"),
    ('width="100"', 'width="100000000000000000"', "not a plain number"),
    ('width="100"', 'width="5000"', "out of range"),
    ('tilewidth="16"', 'tilewidth="1e400"', "out of range"),
    ('points="0,0 10,-15', 'points="0,0 1e400,-15', "out of range"),
    ('name="max_players" type="int" value="5"', 'name="max_players" type="int" value="99999999999999999999999"',
     "not a plain number"),
])
def test_infinite_or_huge_numbers_are_refused(tmp_path, old, new, words):
    assert old in SOURCE
    _refused(_map(tmp_path, SOURCE.replace(old, new, 1)), words)


def test_a_huge_connection_number_is_refused_before_the_validator_counts_to_it(tmp_path):
    """The validator listed every missing number from 1 to 10^13: it never returned."""
    text = re.sub(r'(name="number" type="int" value=")\d+', r"\g<1>9999999999999", SOURCE, count=1)
    _refused(_map(tmp_path, text), "'number'", "out of range")


def test_the_validator_itself_returns_promptly_on_a_huge_connection_number(tmp_path):
    board = load_board(_map(tmp_path, SOURCE))
    last = board.connections[-1]
    huge = dataclasses.replace(board, connections=board.connections[:-1] + (dataclasses.replace(last, number=10 ** 13),))
    with within():
        problems = validate_board(huge)
    gaps = [p for p in problems if "without gaps" in p.constraint]
    assert len(gaps) == 1 and "more" in gaps[0].detail and len(gaps[0].detail) < 200


@pytest.mark.parametrize("digits", ["٣", "²", "+99999999999"])
def test_a_connection_number_in_foreign_digits_is_a_problem_not_a_number(tmp_path, digits):
    """int("٣") is 3: an untyped property in Arabic-Indic digits was read as a connection number."""
    text = re.sub(r'name="number" type="int" value="\d+"', f'name="number" value="{digits}"', SOURCE, count=1)
    path = _map(tmp_path, text)
    with pytest.raises(MapError, match="'number' is a whole number"):
        load_board(path)
    assert any("'number'" in p.constraint for p in validate_map_file(path))


def test_a_polygon_of_100000_points_is_refused(tmp_path):
    points = " ".join(f"{i % 300},{i // 300}" for i in range(100_000))
    text = re.sub(r'points="[^"]*"', f'points="{points}"', SOURCE, count=1)
    _refused(_map(tmp_path, text), "100,000 points")


def test_a_100_mb_map_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "new-horizons.tmx"
    with open(path, "wb") as handle:
        handle.write(SOURCE.encode()[:500])
        handle.truncate(100 * 1024 * 1024)
    _refused(path, "too large")


@pytest.mark.parametrize("old, new, words", [
    ('<image source="new-horizons.png"', '<image source="/dev/zero.png"', "beside the map"),
    ('<image source="new-horizons.png"', '<image source="../../secret.png"', "beside the map"),
    ('<objectgroup id="2" name="territories">', '<tileset firstgid="1" source="tiles.tsx"/><objectgroup id="2" name="territories">',
     "external tileset"),
    ('<objectgroup id="2" name="territories">', '<layer id="9" name="t" width="2" height="1"><data encoding="base64" '
     'compression="zlib">eJxjYGBgAAAABAAB</data></layer><objectgroup id="2" name="territories">', "compressed"),
    ('<map ', "<x/>" + '<map ', "junk after document element"),
])
def test_files_the_map_would_reach_out_to_are_refused(tmp_path, old, new, words):
    assert old in SOURCE
    _refused(_map(tmp_path, SOURCE.replace(old, new, 1)), words)


def test_deep_nesting_and_too_many_elements_are_refused(tmp_path):
    deep = SOURCE.replace("</map>", "<properties>" * 40 + "</properties>" * 40 + "</map>")
    _refused(_map(tmp_path, deep), "nested more than")
    many = SOURCE.replace("</map>", "<properties/>" * 60_000 + "</map>")
    _refused(_map(tmp_path, many), "XML elements")


def test_over_long_names_are_refused(tmp_path):
    _refused(_map(tmp_path, SOURCE.replace('value="New Horizons"', 'value="' + "N" * 7_000 + '"')), "7,000 characters")
    territory = SOURCE.replace('name="Frostmere Reach"', 'name="' + "F" * 500 + '"')
    with pytest.raises(MapError, match="at most 100 characters"):
        load_board(_map(tmp_path, territory))


def test_a_map_id_that_is_not_plain_is_refused(tmp_path):
    _refused(_map(tmp_path, SOURCE.replace('value="new-horizons"', 'value="../../saves/x"')), "plain id")
