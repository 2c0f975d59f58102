"""Four damaged autosaves (cut short, a folder, 20 MB of noise, a link to nowhere) and an empty slot
(issue #34 item 3): Continue's note names every damaged file, not the newest only; the link says in words
what is wrong, not "no such file · ?"; and Discard is offered for each (behind the same confirm), so a
player can clear them from the game. Nothing is touched before the player confirms."""

from __future__ import annotations

import os

import pytest

from iwari_desktop import autosaves, storage
from iwari_desktop.scenes.load.load import LoadScene, entry_text
from iwari_desktop.scenes.ui.dialogs import ConfirmScene
from scene_helpers import find_button, press

NAMES = {"cut": "autosave-20261126-101010-aaaaaa.json", "folder": "autosave-20261126-101011-bbbbbb.json",
         "noise": "autosave-20261126-101012-cccccc.json", "link": "autosave-20261126-101013-dddddd.json"}


def _four_damaged(tmp_path) -> dict[str, os.PathLike]:
    folder = storage.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    paths = {kind: folder / name for kind, name in NAMES.items()}
    paths["cut"].write_text('{"version": 1, "setup": {"map": "new-hor', encoding="utf-8")
    paths["folder"].mkdir()
    paths["noise"].write_bytes(os.urandom(20 * 1024 * 1024))
    paths["link"].symlink_to(tmp_path / "gone.json")
    (folder / "slot-1.json").write_bytes(b"")
    return paths


def test_continue_names_every_damaged_autosave(app, tmp_path):
    _four_damaged(tmp_path)
    menu = app.stack.top
    menu.rebuild()
    app.step(0)
    assert not menu.buttons["continue"].is_enabled
    for name in NAMES.values():
        assert name in menu.continue_note, menu.continue_note
    assert "no such file" not in menu.continue_note
    assert "link" in menu.continue_note


def test_the_link_to_nowhere_says_so_in_words_and_no_question_mark(app, tmp_path):
    paths = _four_damaged(tmp_path)
    app.stack.push(LoadScene(app))
    app.step(0)
    rows = {e.path.name: entry_text(e) for e in app.stack.top.entries}
    link = rows[paths["link"].name]
    assert "no such file" not in link and "?" not in link, link
    assert "link to a file that is no longer there" in link
    for kind in ("cut", "folder", "noise"):
        assert "damaged" in rows[paths[kind].name]


@pytest.mark.parametrize("kind", ["cut", "folder", "noise", "link"])
def test_discard_is_offered_for_a_damaged_autosave_and_clears_it_after_the_confirm(app, tmp_path, kind):
    paths = _four_damaged(tmp_path)
    app.stack.push(LoadScene(app))
    app.step(0)
    loader = app.stack.top
    loader.select(paths[kind])
    assert loader.selected.damaged and loader.discard_button.is_enabled
    press(app, loader.discard_button)
    question = app.stack.top
    assert isinstance(question, ConfirmScene)
    press(app, find_button(question, "Cancel"))
    assert os.path.lexists(paths[kind])                         # untouched until the player confirms
    press(app, loader.discard_button)
    press(app, find_button(app.stack.top, "Discard"))
    assert not os.path.lexists(paths[kind]) and app.stack.top is loader
    others = [p for k, p in paths.items() if k != kind]
    assert all(os.path.lexists(p) for p in others) and (storage.saves_dir() / "slot-1.json").exists()


def test_discarding_a_link_removes_the_link_only_and_a_full_folder_stays(app, tmp_path):
    target = tmp_path / "kept.json"
    target.write_text("not a save", encoding="utf-8")
    folder = storage.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    link = folder / NAMES["link"]
    link.symlink_to(target)
    autosaves.discard(link)
    assert not os.path.lexists(link) and target.read_text(encoding="utf-8") == "not a save"
    full = folder / NAMES["folder"]
    full.mkdir()
    (full / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(autosaves.NotAnAutosave):
        autosaves.discard(full)
    assert (full / "notes.txt").is_file()
    app.stack.push(LoadScene(app))
    app.step(0)
    loader = app.stack.top
    loader.select(full)
    assert not loader.discard_button.is_enabled                 # the player's to look at, not ours to delete
