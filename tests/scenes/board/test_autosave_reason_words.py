"""When the autosave fails, the board's message and the pause menu's autosave note say why in the player's
language: the system's own reason ("No space left on device") is English whatever the game's language, so the
board says it in our words (`storage.disk_reason`), through the catalogue. In German no line of the pause menu
may hold an English word (`english_words.leftovers`); in English the reason is still said, with the folder.
"""

from __future__ import annotations

import errno

import pygame
import pytest

from english_words import leftovers
from iwari_desktop import autosaves, storage
from iwari_desktop.engine.bots.players import GreedyBot
from iwari_desktop.i18n import _, current_language
from iwari_desktop.scenes.board.board import BoardScene
from iwari_desktop.scenes.selftest.smoke_driver import bot_step
from iwari_desktop.scenes.setup.setup import start_game
from layout_check import all_text
from scene_helpers import key, make_game


def _board_with_a_failed_autosave(app, monkeypatch, error: OSError) -> BoardScene:
    def refuse(game, path, meta=None):
        raise error

    monkeypatch.setattr(autosaves, "write_autosave", refuse)
    start_game(app, make_game(seed=5))
    app.step(0)
    key(app, pygame.K_RETURN)
    board = app.stack.find(BoardScene)
    c, bot = board.controller, GreedyBot(2)
    for _step in range(30_000):
        if c.turn_done:
            return board
        bot_step(c, bot)
    raise AssertionError("the turn never ended")


def _reason(template: str) -> str:
    """The catalogue's words for an English reason (in German: there must be some)."""
    if current_language() == "de":
        assert _(template) != template, f"no German for {template!r}"
    return _(template)


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_a_full_disk_is_named_in_the_players_language_on_the_board_and_in_the_pause_menu(app, monkeypatch):
    board = _board_with_a_failed_autosave(app, monkeypatch, OSError(errno.ENOSPC, "No space left on device"))
    reason = _reason("the disk is full")
    assert reason in board.autosave_error and str(storage.saves_dir()) in board.autosave_error
    assert "No space left" not in board.autosave_error
    key(app, pygame.K_RETURN)
    board.open_pause()
    app.step(0)
    pause = app.stack.top
    assert pause.autosave_note() == board.autosave_error
    texts = all_text(app)
    assert reason in " ".join(texts)
    names = tuple(p.name for p in board.controller.game.config.players)
    assert (leftovers([pause.autosave_note()], names) if current_language() == "de" else {}) == {}


@pytest.mark.parametrize("app", ["de"], indirect=True)
def test_an_unusual_refusal_is_named_by_its_system_code_in_a_german_sentence(app, monkeypatch):
    board = _board_with_a_failed_autosave(app, monkeypatch, OSError(errno.ENAMETOOLONG, "File name too long"))
    assert _("the system refused it: {code}").format(code="ENAMETOOLONG") in board.autosave_error
    assert "File name too long" not in board.autosave_error
