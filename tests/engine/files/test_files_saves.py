"""Issue #13, saves and position files: each file that crashed, hung or was wrongly refused or accepted.

Every case must end in a one-line SaveError/PositionError naming the field (or load correctly),
and the load screen must list any folder of saves without crashing or freezing.
"""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path

import pygame
import pytest

from file_fuzz_helpers import assert_one_line, assert_refused, snapshot, special_files, within
from iwari_desktop import storage
from iwari_desktop.engine.files.position import PositionError
from iwari_desktop.engine.files.positions import load_position, read_position
from iwari_desktop.engine.files.saves import SaveError, read_save, save_game, state_digest
from iwari_desktop.scenes.load.load import LoadScene, entry_text
from scene_helpers import make_game
from repo_root import ROOT
POSITION = json.loads((ROOT / "docs" / "examples" / "position-desert.json").read_text(encoding="utf-8"))
GAME = make_game(players=2, seed=11)
for _ in range(6):
    GAME.play(GAME.legal_actions()[0])
SAVE = json.loads(json.dumps(save_game(GAME, {"label": "Before the storm"})))


def _write(folder: Path, name: str, data: object | None = None, raw: bytes | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_bytes(raw if raw is not None else json.dumps(data).encode("utf-8"))
    return path


def _edited(edit) -> dict:
    data = copy.deepcopy(SAVE)
    edit(data)
    return data


def _refused(path: Path, *words: str) -> str:
    return assert_refused(path, read_save, SaveError, *words)


# ---- the map id is used as a path ----------------------------------------------------------------------

@pytest.mark.parametrize("map_id", ["a" * 5_000, "a" * 5_000 + ".tmx", "../../../etc/passwd", "new-horizons\n",
                                    "x" * 300 + ".tmx"])
def test_a_map_id_that_is_not_a_plain_id_is_refused_in_one_line(tmp_path, map_id):
    """5,000 characters used to reach the file system: 'File name too long' as a traceback."""
    path = _write(tmp_path, "long-map.json", _edited(lambda d: d["setup"].__setitem__("map", map_id)))
    _refused(path, "long-map.json", "'map' must be a map id")


@pytest.mark.parametrize("map_name", ["a" * 5_000, "a" * 5_000 + ".tmx", "b" * 300 + ".tmx"])
def test_a_position_map_name_that_is_not_plain_is_refused_in_one_line(map_name):
    with pytest.raises(PositionError) as error:
        load_position(dict(POSITION, map=map_name), "pos.json")
    assert "'map' must be" in assert_one_line(str(error.value))


# ---- wrong types and numbers -------------------------------------------------------------------------

@pytest.mark.parametrize("colour", [["red"], {"red": 1}, 3, True])
def test_a_tribe_colour_of_the_wrong_type_is_refused(tmp_path, colour):
    path = _write(tmp_path, "colour.json", _edited(lambda d: d["setup"]["players"][0].__setitem__("colour", colour)))
    _refused(path, "'colour' must be text")
    position = copy.deepcopy(POSITION)
    position["tribes"][0]["colour"] = colour
    with pytest.raises(PositionError) as error:   # a list or an object was a TypeError traceback
        load_position(position, "pos.json")
    assert "'colour' must be text" in assert_one_line(str(error.value))


@pytest.mark.parametrize("field, value", [("seed", "٥"), ("seed", "5"), ("first_player", "١"), ("seed", 5.0)])
def test_numbers_in_non_ascii_digits_or_as_text_are_refused(tmp_path, field, value):
    """int("٥") is 5 in Python: a seed written in Arabic-Indic digits used to load."""
    path = _write(tmp_path, "digits.json", _edited(lambda d: d["setup"].__setitem__(field, value)))
    _refused(path, f"'{field}' must be a whole number")


@pytest.mark.parametrize("reference", ["s²", "s١٢", "t³", "c٣"])
def test_position_references_in_non_ascii_digits_are_refused(reference):
    position = copy.deepcopy(POSITION)
    if reference.startswith("s"):
        position["tents"] = [{"tribe": POSITION["tribes"][0]["name"], "space": reference}]
    elif reference.startswith("t"):
        position["tents"] = [{"tribe": POSITION["tribes"][0]["name"], "territory": reference}]
    else:
        position["mountains"] = [reference]
    with pytest.raises(PositionError) as error:   # '²'.isdigit() but int('²') fails: a bare ValueError
        load_position(position, "pos.json")
    assert assert_one_line(str(error.value)).startswith("pos.json: ")


@pytest.mark.parametrize("digits", [41, 4_000, 5_000])
def test_numbers_with_thousands_of_digits_are_refused_by_their_size(tmp_path, digits):
    text = json.dumps(SAVE).replace(f'"seed": {SAVE["setup"]["seed"]}', '"seed": ' + "7" * digits)
    path = _write(tmp_path, "digits.json", raw=text.encode())
    _refused(path, f"{digits:,} digits")


@pytest.mark.parametrize("where", ["space", "mountains"])
def test_position_references_with_thousands_of_digits_are_refused(where):
    position = copy.deepcopy(POSITION)
    if where == "space":
        position["tents"] = [{"tribe": POSITION["tribes"][0]["name"], "space": "s" + "9" * 5_000}]
    else:
        position["mountains"] = ["c" + "9" * 5_000]
    with pytest.raises(PositionError) as error:   # int() over 4,300 digits: a bare ValueError
        load_position(position, "pos.json")
    assert "5,001 characters" in assert_one_line(str(error.value))


def test_error_messages_never_repeat_a_huge_bad_value(tmp_path):
    path = _write(tmp_path, "huge.json", _edited(lambda d: d.__setitem__("actions", d["actions"][:3] + ["x" * 5_000])))
    _refused(path, "5,000 characters")
    position = copy.deepcopy(POSITION)
    position["scoring"] = "z" * 9_000
    with pytest.raises(PositionError) as error:
        load_position(position, "pos.json")
    assert "9,000 characters" in assert_one_line(str(error.value))


def test_a_save_starting_with_a_byte_order_mark_loads(tmp_path):
    path = _write(tmp_path, "bom.json", raw=b"\xef\xbb\xbf" + json.dumps(SAVE).encode())
    game = read_save(path)
    assert state_digest(game) == SAVE["digest"]
    position_path = _write(tmp_path, "bom-position.json", raw=b"\xef\xbb\xbf" + json.dumps(POSITION).encode())
    assert read_position(position_path).scoring == POSITION.get("scoring", "final")


# ---- the load screen ----------------------------------------------------------------------------

def _draw_load_screen(app) -> LoadScene:
    with within():
        app.stack.push(LoadScene(app))
        app.step(0)
        app.draw()
    scene = app.stack.top
    assert isinstance(scene, LoadScene)
    for entry in scene.entries:
        assert_one_line(entry_text(entry))
    return scene


@pytest.mark.parametrize("saved_at", ["9999-12-31T23:59:59-14:00", "0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59",
                                      "0001-01-01T00:00:00", "not a date", "", "9" * 60])
def test_saves_at_the_edge_of_the_calendar_are_listed(app, saved_at):
    """astimezone() at year 1 or 9999 raised OverflowError: the load screen crashed listing the save."""
    _write(storage.saves_dir(), "slot-1.json", _edited(lambda d: d.__setitem__("saved_at", saved_at)))
    scene = _draw_load_screen(app)
    assert len(scene.entries) == 1 and not scene.entries[0].damaged
    assert scene.entries[0].when


def test_a_save_with_a_50000_character_label_lists_promptly_and_shortly(app):
    """The label was fitted to the row one character at a time: minutes of frozen window."""
    path = _write(storage.saves_dir(), "slot-2.json", _edited(lambda d: d["meta"].__setitem__("label", "L" * 50_000)))
    before = snapshot(path)
    scene = _draw_load_screen(app)
    entry = scene.entries[0]
    assert not entry.damaged and len(entry.label) <= storage.MAX_SHOWN and "50,000 characters" in entry.label
    assert len(entry_text(entry)) < 300
    assert scene.load() and snapshot(path) == before


def test_file_names_that_are_not_utf8_are_listed_printably(app):
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    for raw_name, content in [(b"\xff\xfe-save.json", json.dumps(SAVE).encode()), (b"caf\xe9.json", b"{")]:
        with open(os.fsencode(folder) + b"/" + raw_name, "wb") as handle:
            handle.write(content)
    scene = _draw_load_screen(app)
    assert len(scene.entries) == 2
    assert all("\ufffd" in entry_text(e) for e in scene.entries)
    for entry in scene.entries:
        scene.selected = entry
        with within():
            app.draw()


def test_a_saves_folder_full_of_garbage_is_listed_without_a_crash(app, tmp_path):
    folder = storage.saves_dir()
    specials = special_files(tmp_path / "specials", "x.json")
    folder.mkdir(parents=True)
    for kind, path in specials.items():
        target = folder / f"{kind}.json"
        os.rename(path, target) if not path.is_symlink() else target.symlink_to(os.readlink(path))
    garbage = {
        "binary.json": bytes(range(256)) * 4, "array.json": b"[1, 2]", "null.json": b"null",
        "deep.json": b"[" * 5_000 + b"]" * 5_000, "digits.json": b'{"format": "iwari-desktop-save", "version": ' + b"9" * 5_000 + b"}",
        "types.json": json.dumps({"format": "iwari-desktop-save", "version": 1, "saved_at": ["x"], "summary": {
            "players": [{"a": 1}, "p" * 9_000], "turn": True, "map_name": ["m"], "over": "yes"}, "meta": {"label": ["l"]}}).encode(),
        "newer.json": json.dumps({"format": "iwari-desktop-save", "version": 10 ** 30, "meta": []}).encode(),
        "summary.json": json.dumps(dict(SAVE, summary=[1, 2], meta="label")).encode(),
        "bom.json": b"\xef\xbb\xbf" + json.dumps(SAVE).encode(),
        ".slot-3.json.abcd1234.tmp": json.dumps(SAVE).encode(),      # an interrupted save: never listed
        "notes.txt": b"not a save",
    }
    for name, raw in garbage.items():
        _write(folder, name, raw=raw)
    _write(folder, "edge.json", _edited(lambda d: d.__setitem__("saved_at", "0001-01-01T00:00:00+14:00")))
    with open(os.fsencode(folder) + b"/\xff-junk.json", "wb") as handle:   # a name that is not UTF-8
        handle.write(b"\x00" * 100)
    before = {name: snapshot(folder / name) for name in os.listdir(folder)}
    scene = _draw_load_screen(app)
    listed = {e.path.name for e in scene.entries}
    assert listed == {n for n in os.listdir(folder) if n.endswith(".json")}   # a FIFO, a folder… each says why
    assert sorted(e.path.name for e in scene.entries if not e.damaged) == ["bom.json", "edge.json", "summary.json"]
    for entry in scene.entries:
        scene.selected = entry
        with within():
            app.draw()
    assert {name: snapshot(folder / name) for name in os.listdir(folder)} == before
    pygame.event.get()
