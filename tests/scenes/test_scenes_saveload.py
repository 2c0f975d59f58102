"""Saving and loading through the screens, the damaged-save dialog, settings, and a window resize."""

from __future__ import annotations

import json

import pygame

from iwari_desktop import storage
from iwari_desktop.engine.bots.players import GreedyBot
from iwari_desktop.scenes.board.board import BoardScene
from iwari_desktop.scenes.load.load import LoadScene
from iwari_desktop.scenes.menu.menu import MenuScene
from iwari_desktop.scenes.board.overlays import AnnouncementOverlay, HandoffOverlay, PauseOverlay, SaveOverlay
from iwari_desktop.scenes.settings.settings import SettingsScene
from iwari_desktop.scenes.setup.setup import start_game
from iwari_desktop.scenes.selftest.smoke_driver import bot_step
from scene_helpers import find_button, key, load_bad_save, make_game, play_a_few_turns, press


def test_autosave_after_every_turn_and_continue_from_the_menu(app):
    board = play_a_few_turns(app)
    assert board.autosave_file is not None and board.autosave_file.is_file()
    saved = json.loads(board.autosave_file.read_text())
    log = [str(a) for a in board.controller.game.log]
    assert saved["actions"] == log[:len(saved["actions"])]
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseOverlay)
    press(app, find_button(app.stack.top, "Quit to menu"))
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and menu.buttons["continue"].is_enabled
    press(app, menu.buttons["continue"])
    assert app.stack.find(BoardScene) is not None


def test_save_to_a_slot_and_load_it_through_the_screens(app):
    board = play_a_few_turns(app)
    log = [str(a) for a in board.controller.game.log]
    key(app, pygame.K_ESCAPE)
    press(app, find_button(app.stack.top, "Save game"))
    saver = app.stack.top
    assert isinstance(saver, SaveOverlay)
    press(app, find_button(saver, "Save here"))
    assert storage.slot_path(1).is_file()
    assert app.stack.top is not saver
    assert "saved" in board.controller.message.text.lower()
    assert isinstance(app.stack.top, PauseOverlay)  # back in the pause menu, e.g. to quit next
    press(app, find_button(app.stack.top, "Quit to menu"))
    press(app, app.stack.top.buttons["load"])
    loader = app.stack.top
    assert isinstance(loader, LoadScene)
    titles = [e.title for e in loader.entries]
    assert "Autosave" in titles and any(t.startswith("New Horizons") or "turn" in t for t in titles)
    loader.select(storage.slot_path(1))
    press(app, loader.load_button)
    loaded = app.stack.find(BoardScene)
    assert loaded is not None and loaded is not board
    assert [str(a) for a in loaded.controller.game.log] == log


def test_saves_are_listed_newest_first_with_damaged_files(app):
    game = make_game(seed=4)
    storage.write_slot(game, 2, "older")
    data = json.loads(storage.slot_path(2).read_text())
    data["saved_at"] = "2001-01-01T00:00:00+00:00"
    storage.slot_path(2).write_text(json.dumps(data))
    storage.write_slot(game, 3, "newer")
    storage.saves_dir().joinpath("junk.json").write_text("not json at all")
    entries = storage.list_saves()
    titles = [e.title for e in entries if not e.damaged]
    assert titles.index("newer") < titles.index("older")
    damaged = [e for e in entries if e.damaged]
    assert damaged and "junk.json" in damaged[0].error


def test_a_corrupt_save_shows_a_dialog_and_is_left_untouched(app):
    dialog, before = load_bad_save(app, "broken.json", "{ this is not json")
    assert "broken.json" in dialog.message and "not an Iwari Desktop save" in dialog.message
    assert (storage.saves_dir() / "broken.json").read_bytes() == before
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, LoadScene)
    assert app.stack.find(BoardScene) is None


def test_a_newer_version_save_is_refused_by_name(app):
    data = json.loads(json.dumps({"format": "iwari-desktop-save", "version": 99, "setup": {}, "actions": []}))
    dialog, before = load_bad_save(app, "future.json", json.dumps(data))
    assert "future.json" in dialog.message and "newer" in dialog.message
    assert (storage.saves_dir() / "future.json").read_bytes() == before


def test_a_tampered_save_is_refused(app):
    game = make_game(seed=8)
    storage.write_slot(game, 1)
    data = json.loads(storage.slot_path(1).read_text())
    data["digest"] = "0" * 64
    dialog, _ = load_bad_save(app, "tampered.json", json.dumps(data))
    assert "tampered.json" in dialog.message and "damaged" in dialog.message


def test_settings_are_saved_as_json_in_the_config_dir(app):
    press(app, app.stack.top.buttons["settings"])
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    scene.draft.animation_speed = "fast"
    scene.draft.sound = False
    press(app, find_button(scene, "Apply"))
    saved = json.loads(storage.settings_path().read_text())
    assert saved["animation_speed"] == "fast" and saved["sound"] is False
    assert storage.load_settings().animation_speed == "fast"
    assert app.settings.animation_factor == 2.0


def test_resizing_the_window_lays_everything_out_again(app):
    board = play_a_few_turns(app, 1)
    old_rect = board.view.rect.copy()
    old_button = board._buttons["primary"].rect.copy()
    pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    app.process_event(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    app.step(0)
    assert app.ui.scale == 1.5
    assert board.view.rect.w > old_rect.w * 1.4
    assert board._buttons["primary"].rect.w > old_button.w * 1.4
    assert board._buttons["primary"].rect.right <= 1920
    app.draw()
    assert app.screen.get_size() == (1920, 1080)
    pygame.display.set_mode((1000, 700), pygame.RESIZABLE)
    app.process_event(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=700, size=(1000, 700)))
    app.step(0)
    assert board.side_rect.right <= 1000 and board.view.rect.right <= board.side_rect.x
