"""Two languages on screen (issue 12): chosen in Settings and switched at once, stored in settings.json,
IWARI_LANG for one run, the rules in the reader's language, a German smoke game, German everywhere."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pygame
import pygame_gui
import pytest

from iwari_desktop import autosaves, storage
from iwari_desktop.i18n import current_language
from layout_check import all_text
from scene_helpers import board_after_handoff, close_window, make_game

MENU_DE = ["Neues Spiel", "Fortsetzen", "Spiel laden", "Solo", "Kooperativ", "Kampagne", "Online spielen", "Spielen lernen",
           "Verlauf & Statistik", "Einstellungen", "Regeln", "Beenden"]


def menu_texts(app) -> list[str]:
    return [button.text for button in app.stack.top.buttons.values()]


def choose_in(app, menu, text: str) -> None:
    """Pick `text` in a drop-down as a click would (pygame-gui posts the same event)."""
    event = pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, {"text": text, "ui_element": menu})
    app.stack.top.handle_ui(event)


def test_switching_to_deutsch_in_settings_changes_the_menu_at_once_and_is_stored(app):
    from iwari_desktop.scenes.settings.settings import SettingsScene

    assert menu_texts(app)[0] == "New game"
    app.stack.top.choose("settings")
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    offered = [o[0] if isinstance(o, tuple) else o for o in settings.language_menu.options_list]
    assert offered == ["English", "Deutsch"]  # each named in its own language

    choose_in(app, settings.language_menu, "Deutsch")
    settings.apply()
    app.step(0)
    assert current_language() == "de" and app.language == "de"
    assert menu_texts(app) == MENU_DE  # the menu underneath was rebuilt, no restart
    # pygame-gui's own texts follow through its translation files (pygame-gui.de.json)
    import i18n as gui_i18n

    assert app.manager.get_locale() == "de" and gui_i18n.t("pygame-gui.Cancel") == "Abbrechen"

    assert pygame.display.get_caption()[0] == "Iwari Desktop"
    assert json.loads(storage.settings_path().read_text(encoding="utf-8"))["language"] == "de"
    # and back: the Settings screen names each language in its own language, so English is findable
    app.stack.top.choose("settings")
    assert app.stack.top.language_menu.selected_option[0] == "Deutsch"
    choose_in(app, app.stack.top.language_menu, "English")
    app.stack.top.apply()
    assert menu_texts(app)[0] == "New game"


def test_switching_language_mid_game_rebuilds_the_board_and_its_buttons(app):
    board = board_after_handoff(app, make_game())
    app.step(0)
    assert board._buttons["exchange"].text == "Exchange"
    c = board.controller
    assert c.draw_deck() or c._submit(c.legal()[0])
    told = list(c.history)
    assert told and told[-1][1].split()[0] in ("draws", "plays", "exchanges", "puts", "takes", "passes")
    app.apply_settings(storage.Settings(language="de"))
    app.step(0)
    assert [t for t, _text in c.history] == [t for t, _text in told]    # the same moves, retold in German
    assert c.history[-1][1].split()[0] in ("zieht", "spielt", "tauscht", "setzt", "nimmt", "passt")

    assert board._buttons["exchange"].text == "Tauschen" and board._buttons["menu"].text == "Menü"
    assert "klicke" in board.controller.prompt() or "wähle" in board.controller.prompt()
    drawn = " ".join(all_text(app))
    assert "Stämme" in drawn and "Auslage" in drawn and "Tribes" not in drawn


def test_iwari_lang_chooses_the_language_for_one_run_without_changing_the_stored_choice(tmp_path, monkeypatch):
    from iwari_desktop.app import App
    from iwari_desktop.i18n import set_language

    for name, folder in (("IWARI_DATA_DIR", "d"), ("IWARI_CONFIG_DIR", "c"), ("IWARI_CACHE_DIR", "k")):
        monkeypatch.setenv(name, str(tmp_path / folder))
    storage.save_settings(storage.Settings(language="en"))
    monkeypatch.setenv("IWARI_LANG", "de")
    try:
        application = App(size=(1280, 720), fullscreen=False, headless=True)
        application.step(0)
        assert menu_texts(application) == MENU_DE
        assert json.loads(storage.settings_path().read_text(encoding="utf-8"))["language"] == "en"
        monkeypatch.delenv("IWARI_LANG")
        assert App(size=(1280, 720), fullscreen=False, headless=True).language == "en"
    finally:
        set_language("en")
        close_window()


def test_an_old_settings_file_without_a_language_follows_the_system(tmp_path, monkeypatch):
    monkeypatch.setenv("IWARI_CONFIG_DIR", str(tmp_path))
    monkeypatch.delenv("IWARI_LANG", raising=False)
    monkeypatch.setenv("LC_ALL", "de_AT.UTF-8")
    (tmp_path / "settings.json").write_text(json.dumps({"window_size": [1600, 900], "sound": False}), encoding="utf-8")
    settings, problem = storage.read_settings()
    assert problem is None and settings.window_size == (1600, 900) and settings.language == "de"
    (tmp_path / "settings.json").write_text(json.dumps({"language": "klingon"}), encoding="utf-8")
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")
    assert storage.read_settings()[0].language == "en"


def test_the_rules_screen_reads_the_text_of_the_chosen_language_when_it_ships(tmp_path, monkeypatch):
    from iwari_desktop.scenes.rules import rules

    (tmp_path / "text").mkdir()
    (tmp_path / "text" / "rules.md").write_text("# Rules\n\nEnglish.\n", encoding="utf-8")
    monkeypatch.setattr(rules, "assets_dir", lambda: tmp_path)
    assert rules.rules_text("de").startswith("# Rules")  # no German text yet: the English one
    (tmp_path / "text" / "rules.de.md").write_text("# Spielregeln\n\nDeutsch.\n", encoding="utf-8")
    assert rules.rules_text("de").startswith("# Spielregeln")
    assert rules.rules_text("en").startswith("# Rules")


@pytest.mark.parametrize("app", ["de"], indirect=True)
def test_german_screens_show_german_words(app):
    from iwari_desktop.scenes.load.load import LoadScene
    from iwari_desktop.scenes.settings.settings import SettingsScene
    from iwari_desktop.scenes.setup.setup import SetupScene

    assert menu_texts(app) == MENU_DE
    expected = {SetupScene: ["Neues Spiel", "Karte", "Spieler", "Optionen", "Beginnt"],
                LoadScene: ["Spiel laden"], SettingsScene: ["Einstellungen", "Sprache, Anzeige und Ton"]}
    for scene, words in expected.items():
        app.stack.push(scene(app))
        app.step(0)
        drawn = all_text(app)
        for word in words:
            assert word in drawn, (scene.__name__, word, drawn)
        widgets = [getattr(w, "text", "") for w in app.stack.top.widgets]
        assert "Back" not in widgets and "Cancel" not in widgets
        app.stack.pop()


@pytest.mark.slow
def test_iwari_lang_de_smoke_plays_a_whole_game_in_german(tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "IWARI_LANG": "de",
           "IWARI_DATA_DIR": str(tmp_path / "d"), "IWARI_CONFIG_DIR": str(tmp_path / "c"),
           "IWARI_CACHE_DIR": str(tmp_path / "k")}
    done = subprocess.run([sys.executable, "-m", "iwari_desktop", "--smoke"], capture_output=True, text=True,
                          timeout=300, env=env)
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if line.startswith("smoke")]
    assert len(lines) == 1 and lines[0].startswith("smoke ok: ") and lines[0].endswith("language de")


def test_a_missing_catalogue_starts_the_game_in_english_and_says_why(tmp_path, monkeypatch):
    from iwari_desktop import i18n
    from iwari_desktop.app import App
    from iwari_desktop.scenes.ui.dialogs import DialogScene

    for name, folder in (("IWARI_DATA_DIR", "d"), ("IWARI_CONFIG_DIR", "c"), ("IWARI_CACHE_DIR", "k")):
        monkeypatch.setenv(name, str(tmp_path / folder))
    monkeypatch.setenv("IWARI_LANG", "de")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "no-locale")
    try:
        application = App(size=(1280, 720), fullscreen=False, headless=True)
        application.step(0)
        assert application.language == "en" and current_language() == "en"
        dialog = application.stack.top
        assert isinstance(dialog, DialogScene) and dialog.title == "Language files missing"
        assert "Deutsch texts cannot be read" in dialog.message and "\n" not in dialog.message
        with pytest.raises(i18n.CatalogueMissing):
            i18n.set_language("de")
        assert current_language() == "en"
    finally:
        close_window()


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_load_settings_and_the_dialogs_fit_in_both_languages(app):
    """The screens the longest-state layout tests do not reach: load (a finished, a damaged and a newer save),
    settings, the quit question, a message dialog, the save slots and the expedition cards."""
    from iwari_desktop.engine import Game, GameConfig
    from iwari_desktop.scenes.presenters.expeditions import ExpeditionOverlay
    from iwari_desktop.scenes.load.load import LoadScene
    from iwari_desktop.scenes.board.overlays import ConfirmScene, SaveOverlay
    from iwari_desktop.scenes.settings.settings import SettingsScene
    from layout_check import faults

    game = make_game()
    storage.write_slot(game, 1, "A long label for a saved game, really long")
    autosaves.write_autosave(game, None)
    storage.saves_dir().joinpath("broken.json").write_text("{ not json", encoding="utf-8")
    storage.saves_dir().joinpath("future.json").write_text(
        json.dumps({"version": 999, "meta": {}, "summary": {}}), encoding="utf-8")
    for scene in (LoadScene(app), SettingsScene(app)):
        app.stack.push(scene)
        app.step(0)
        assert faults(app) == [], type(scene).__name__
        app.stack.pop()
    app.stack.top.confirm_quit()
    assert isinstance(app.stack.top, ConfirmScene) and faults(app) == []
    app.stack.pop()
    app.show_message("Something went wrong", "x" * 150)
    app.step(0)
    assert faults(app) == []
    app.stack.pop()
    board = board_after_handoff(app, Game.new(GameConfig.quick("forgotten-island", 4, 3, options={"expeditions": True})))
    app.stack.push(SaveOverlay(app, board.controller))
    app.step(0)
    assert faults(app) == []
    app.stack.pop()
    app.stack.push(ExpeditionOverlay(app, board.controller))
    app.step(0)
    assert faults(app) == []
