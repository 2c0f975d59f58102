"""pygame-gui adds its translation folder to python-i18n's search path with every manager, and each of the game's
texts (none of which pygame-gui translates) lists every folder on that path: the App keeps each folder once
(scenes/ui/gui_manager.py), however many managers a resize or a language switch made."""

from __future__ import annotations

import i18n

from scene_helpers import resize


def test_resizes_leave_pygame_guis_translation_folder_once_on_the_search_path(app):
    for size in ((1920, 1080), (1280, 800), (1280, 720)) * 3:
        resize(app, size)
    folders = list(i18n.load_path)
    assert len(folders) == len(set(folders))
    assert sum("pygame_gui" in folder for folder in folders) == 1


def test_pygame_guis_own_texts_are_still_found_on_the_search_path_kept_once(app):
    for size in ((1920, 1080), (1280, 720)):
        resize(app, size)
    assert i18n.t("pygame-gui.Cancel", locale="de") == "Abbrechen"
    assert i18n.t("pygame-gui.Cancel", locale="en") == "Cancel"
