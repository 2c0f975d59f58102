"""Every reason the History screen gives is in the player's language (playtest D9: a German dialog "Diese
Partie lässt sich nicht ansehen" said why in English, "history (New Horizons, …): the save is damaged (its game
does not match its checksum)").

The engine and the history store write their reasons in English and keep each as a `Text`; the screen shows
it through the catalogue (`history_words.problem_line`). Each case is met as a player meets it: a kept game
whose moves no longer match, one too old to keep its moves, an export the disk refuses, a history file that
cannot be read, a finished game the history cannot take. In German no dialog or line may hold an English word
(`english_words.leftovers`), and the German reason must be the catalogue's; in English the reason is still said.
"""

from __future__ import annotations

import errno
import json
from datetime import datetime, timezone

import pytest

from english_words import leftovers
from history_helpers import finished_game
from iwari_desktop import history_store
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.i18n import _, current_language
from iwari_desktop.scenes.history.history_scene import HistoryScene
from layout_check import all_text

NOW = datetime(2026, 11, 26, 19, 30, tzinfo=timezone.utc)
NAME = "Aiyana"


@pytest.fixture(scope="module")
def solo_game():
    return finished_game("new-horizons", ((NAME, None),), seed=3, mode=GameMode.SOLO)


def _history_with(game, change=None) -> None:
    """The history holding `game`, its record then changed by `change(record_json)` (a damaged file's record)."""
    history_store.record_game(game, NOW)
    if change is not None:
        path = history_store.history_path()
        data = json.loads(path.read_text(encoding="utf-8"))
        change(data["games"][0])
        path.write_text(json.dumps(data), encoding="utf-8")


def _open_history(app) -> HistoryScene:
    screen = HistoryScene(app)
    app.stack.push(screen)
    app.step(0)
    return screen


def _english(texts: list[str]) -> dict:
    return leftovers(texts, (NAME,)) if current_language() == "de" else {}


def _reason(template: str, **params) -> str:
    """The catalogue's words for an English reason (in German: there must be some)."""
    if current_language() == "de":
        assert _(template) != template, f"no German for {template!r}"
    return _(template).format(**params)


def _dialog_says(app, title: str, reason: str) -> None:
    """The dialog on top has `title` and gives `reason`, with no English word in German."""
    dialog = app.stack.top
    assert dialog.name == "dialog" and dialog.title == _(title)
    assert _english([dialog.title, dialog.message]) == {}, dialog.message
    assert reason in dialog.message, dialog.message


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_a_kept_game_that_no_longer_matches_says_why_in_the_players_language(app, solo_game):
    _history_with(solo_game, lambda record: record["save"].update(digest="0" * 64))
    screen = _open_history(app)
    assert not screen.watch_selected()
    _dialog_says(app, "This game cannot be watched", _reason("its game does not match its checksum"))


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_a_game_too_old_to_keep_its_moves_says_why_in_the_players_language(app, solo_game):
    _history_with(solo_game, lambda record: record.update(save=None))
    screen = _open_history(app)
    assert not screen.watch_selected()
    _dialog_says(app, "This game cannot be watched", _reason(
        "{map}: this game is too old to keep its moves (only the newest games keep them)", map="New Horizons"))


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_an_export_the_disk_refuses_says_why_in_the_players_language(app, solo_game, monkeypatch):
    from iwari_desktop.engine.files import saves

    def full_disk(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    _history_with(solo_game)
    screen = _open_history(app)
    monkeypatch.setattr(saves, "write_save", full_disk)
    assert screen.export_selected() is None
    _dialog_says(app, "The game was not exported", _reason("the disk is full"))


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_a_history_file_that_cannot_be_read_is_explained_in_the_players_language(app):
    path = history_store.history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "iwari-desktop-history", "version": 1, "games": [3]}', encoding="utf-8")
    _open_history(app)
    texts = all_text(app)
    assert _english(texts) == {}
    reason = _reason("{file}: the history is damaged ({reason})", file="history.json",
                     reason=_reason("a game in it is not as Iwari Desktop writes it"))
    assert reason in " ".join(texts)


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_a_finished_game_the_history_cannot_take_says_why_in_the_players_language(app, solo_game):
    from iwari_desktop.scenes.history.history_words import remember_game

    path = history_store.history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "iwari-desktop-history", "version": 9, "games": []}', encoding="utf-8")
    remember_game(app, solo_game)
    _dialog_says(app, "The game was not added to the history", _reason(
        "{file}: made by a newer Iwari Desktop (history version {version}; this version reads up to {supported})",
        file="history.json", version=9, supported=1))
