"""Continue after the game stopped mid-turn says in words that the turn starts over (play-test 2026-11-29 defect 5:
the game was killed mid-turn and Continue brought back the turn's start, up to 5 moves gone, with nothing on screen
saying so). The autosave is written as each turn ends, so a game resumed from it always starts its turn again."""

from __future__ import annotations

from hint_helpers import game_of

from iwari_desktop import autosaves
from iwari_desktop.engine.bots.solo import SoloBot
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.scenes.board.board import BoardScene


def test_continue_from_an_autosave_says_the_turn_starts_again_and_a_new_game_does_not(app):
    game = game_of([None], seed=5, mode=GameMode.SOLO, map_name="new-horizons")
    bot = SoloBot(5)
    for _ in range(12):
        game.play(bot.choose(game.state, game.legal_actions()))
    path = autosaves.write_autosave(game, None)
    assert app.nav.run("open-save", path)   # what Continue does with the newest unfinished autosave
    board = app.stack.find(BoardScene)
    assert board.autosave_file == path
    message = board.controller.message
    assert message is not None and "start of this turn" in message.text and "not saved" in message.text
    app.step(0)
    assert "start of this turn" in board._message()[0]   # shown on the board
    fresh = BoardScene(app, game_of([None], seed=6, mode=GameMode.SOLO, map_name="new-horizons"), autosave=False)
    assert fresh.controller.message is None
