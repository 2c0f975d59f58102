"""Playtest D17: a finished campaign chapter is a finished game, so History keeps it like any other: once,
named by its chapter, and it can be watched from there.

Before, the debrief never recorded the game and History said "0 finished games" after a chapter."""

from __future__ import annotations

import pygame
import pytest

from campaign_scene_helpers import new_journey, play_chapter
from iwari_desktop import history_store
from iwari_desktop.engine.core.config import GameMode
from layout_check import all_text, faults
from scene_helpers import key


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_s10_a_finished_chapter_is_kept_in_history_once_with_its_chapter_and_can_be_watched(app):
    from iwari_desktop.i18n import _
    from iwari_desktop.scenes.campaign.campaign_debrief import DebriefScene
    from iwari_desktop.scenes.campaign.campaign_words import campaign_text
    from iwari_desktop.scenes.history.history_scene import HistoryScene
    from iwari_desktop.scenes.history.replay_scene import ReplayScene

    _profiles, journey = new_journey(app)
    chapter = journey.campaign.chapters[0]
    board = play_chapter(app, journey)
    assert isinstance(app.stack.top, DebriefScene)
    game = board.controller.game
    records = history_store.read_history().records
    assert len(records) == 1
    record = records[0]
    assert record.chapter == chapter.title and record.mode is GameMode.SOLO
    assert record.won is board.campaign.result.won and record.moves == len(game.log)

    key(app, pygame.K_ESCAPE)                 # See the board; its main button shows the debrief again
    assert app.stack.top is board
    board.primary()
    assert isinstance(app.stack.top, DebriefScene)
    app.nav.push("void-end", board.controller)   # the same game's plain end screen (a resumed, recorded chapter)
    assert len(history_store.read_history().records) == 1

    app.nav.reset("menu")
    app.nav.push("history")
    screen = app.stack.top
    assert isinstance(screen, HistoryScene)
    said = _("{mode}, chapter: {chapter}").format(mode=_("Solo"), chapter=campaign_text(chapter.title))
    assert [line for line in screen._by_text if f"({said})" in line], list(screen._by_text)
    assert any(said in line for line in all_text(app)), all_text(app)      # the selected game's title line
    assert faults(app) == []
    assert screen.watch_selected()
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.replay.end == len(game.log)
    assert replay.replay.config == game.config
