"""The Settings screen names where settings are kept: a deep profile folder must not run out of the card."""

from __future__ import annotations

from pathlib import Path

from layout_check import faults
from iwari_desktop import storage
from iwari_desktop.scenes.settings.settings import SettingsScene


def _open_settings(app) -> SettingsScene:
    app.stack.top.choose("settings")
    app.step(0)
    assert isinstance(app.stack.top, SettingsScene)
    return app.stack.top


def test_a_deep_settings_path_is_shortened_to_fit_the_card_keeping_its_file_name(app, monkeypatch):
    deep = Path.home().joinpath(*[f"a-rather-long-folder-name-{i}" for i in range(12)], "iwari-desktop", "settings.json")
    monkeypatch.setattr(storage, "settings_path", lambda: deep)
    _open_settings(app)
    assert faults(app) == []
    card = app.stack.top.card
    shown = app.ui.fit_path(deep, "body", 12, card.w)
    assert shown.startswith("~/") and "…" in shown and shown.endswith("iwari-desktop/settings.json")


def test_a_short_path_under_home_is_shown_whole_with_a_tilde(app):
    path = Path.home() / ".config" / "iwari-desktop" / "settings.json"
    assert app.ui.fit_path(path, "body", 12, 2000) == "~/.config/iwari-desktop/settings.json"
    outside = Path("/srv/games/iwari/settings.json")
    assert app.ui.fit_path(outside, "body", 12, 2000) == str(outside)
