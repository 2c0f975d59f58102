"""The tester's hook (`scenes/selftest/debug_hook.py`): off by default, and when on, a bot presses through the real controller.

Why tested: the hook is how the expansion maps were verified end to end under a real window; a
player must never meet it (F9/F10 do nothing without IWARI_DEBUG_BOT=1), and the bot must play
through the controller's gestures, not around them.
"""

from __future__ import annotations

import json

import pygame

from iwari_desktop.scenes.board.board import BoardScene
from iwari_desktop.scenes.ui.intents import Kind, translate
from scene_helpers import key, make_game


def _f(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def test_f9_and_f10_do_nothing_unless_the_hook_is_switched_on(monkeypatch):
    monkeypatch.delenv("IWARI_DEBUG_BOT", raising=False)
    assert translate(_f(pygame.K_F9)) == [] and translate(_f(pygame.K_F10)) == []
    monkeypatch.setenv("IWARI_DEBUG_BOT", "0")
    assert translate(_f(pygame.K_F9)) == []
    monkeypatch.setenv("IWARI_DEBUG_BOT", "1")
    assert [i.kind for i in translate(_f(pygame.K_F9))] == [Kind.DEBUG_BOT]
    assert translate(_f(pygame.K_F9))[0].amount == 1
    assert translate(_f(pygame.K_F9, pygame.KMOD_SHIFT))[0].amount > 1
    assert [i.kind for i in translate(_f(pygame.K_F10))] == [Kind.DEBUG_DUMP]
    assert translate(_f(pygame.K_F9), text_focus=True) == []


def _board(app):  # noqa: F811
    from iwari_desktop.scenes.setup.setup import start_game

    start_game(app, make_game(players=3, seed=21))
    board = app.stack.find(BoardScene)
    board.controller.accept_handoff()
    app.step(0)
    return board


def test_the_hook_is_off_by_default_on_the_board(app, monkeypatch):  # noqa: F811
    monkeypatch.delenv("IWARI_DEBUG_BOT", raising=False)
    board = _board(app)
    key(app, pygame.K_F9, pygame.KMOD_SHIFT)
    assert board.controller.game.log == []


def test_f9_lets_a_bot_play_gestures_through_the_controller_and_f10_dumps_targets(app, monkeypatch, tmp_path):  # noqa: F811
    monkeypatch.setenv("IWARI_DEBUG_BOT", "1")
    monkeypatch.setenv("IWARI_DEBUG_DUMP", str(tmp_path / "dump.json"))
    board = _board(app)
    while app.stack.top is not board:
        app.stack.top.confirm() if hasattr(app.stack.top, "confirm") else app.stack.top.acknowledge()
        app.step(0)
    key(app, pygame.K_F10)
    dump = json.loads((tmp_path / "dump.json").read_text())
    assert dump["phase"] == "MAIN" and dump["legal"] and set(dump["buttons"]) >= {"undo", "menu", "primary"}
    inside = [p for p in dump["territories"].values() if p]
    assert inside and all(board.view.territory_at(tuple(p)) is not None for p in inside)
    key(app, pygame.K_F9)
    assert len(board.controller.game.log) == 1, "one press plays exactly one gesture"
    key(app, pygame.K_F9, pygame.KMOD_SHIFT)
    assert len(board.controller.game.log) > 1


def test_f9_plays_a_game_against_the_void_with_the_solo_bot_and_its_gestures(app, monkeypatch):  # noqa: F811
    from iwari_desktop.engine import Game, GameConfig, PlayerSpec
    from iwari_desktop.engine.bots.solo import SoloBot
    from iwari_desktop.engine.core.config import PLAYER_COLOURS, GameMode
    from iwari_desktop.scenes.setup.setup import start_game

    monkeypatch.setenv("IWARI_DEBUG_BOT", "1")
    config = GameConfig("new-horizons", (PlayerSpec("Ann", PLAYER_COLOURS[0]),), 5, (), mode=GameMode.SOLO,
                        options={"k": 3})
    start_game(app, Game.new(config), autosave=False)
    board = app.stack.find(BoardScene)
    for _ in range(30):                                # bursts until a Void step has been made by gestures
        if app.stack.top is not board:
            top = app.stack.top
            top.finish() if hasattr(top, "finish") else top.acknowledge()
            app.step(0)
            continue
        key(app, pygame.K_F9, pygame.KMOD_SHIFT)
        if any(type(a).__module__.endswith("solo.actions") for a in board.controller.game.log):
            break
    assert isinstance(board._debug_bot, SoloBot)
    assert any(type(a).__module__.endswith("solo.actions") for a in board.controller.game.log)
    assert board.controller.message is None or "did not play" not in board.controller.message.text
