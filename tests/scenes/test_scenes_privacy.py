"""Pass-and-play privacy: no other seat's hand is drawn, not for a single frame."""

from __future__ import annotations

import pygame

from iwari_desktop.engine.bots.players import GreedyBot
from iwari_desktop.scenes.board.board import BoardScene
from iwari_desktop.scenes.board.hud import Hud
from iwari_desktop.scenes.board.overlays import HandoffOverlay
from iwari_desktop.scenes.scoring.scoring import ScoringScene
from iwari_desktop.scenes.setup.setup import start_game
from iwari_desktop.scenes.selftest.smoke_driver import bot_step
from scene_helpers import key, make_game


def test_only_the_seat_that_took_the_handoff_sees_a_hand(app, monkeypatch):
    drawn: list[int] = []
    original = Hud.draw_hand

    def spy(self, surface, obs, selected, selectable):
        drawn.append(obs.seat)
        return original(self, surface, obs, selected, selectable)

    monkeypatch.setattr(Hud, "draw_hand", spy)
    start_game(app, make_game(players=3, seed=21))
    board = app.stack.find(BoardScene)
    c = board.controller
    bot = GreedyBot(4)
    app.draw()
    assert drawn == [], "a hand was drawn before anyone took the computer"
    frames = handoffs = 0
    while c.state.turn < 12:
        top = app.stack.top
        if isinstance(top, HandoffOverlay):
            handoffs += 1
            drawn.clear()
            app.draw()
            assert drawn == [], "a hand was drawn under the handoff screen"
            key(app, pygame.K_RETURN)
        elif isinstance(top, ScoringScene):
            top.close()
        else:
            bot_step(c, bot)
        drawn.clear()
        app.step(0)  # lets the board react (e.g. open the handoff screen) and draw if it changed
        app.draw()
        frames += 1
        for seat in drawn:
            assert seat == c.viewer_seat
            # the hand on screen belongs to whoever holds the computer: the active seat, or the
            # player who just finished their turn and has not passed the computer on yet
            assert seat == c.state.active_seat or c.turn_done
    assert handoffs >= 10 and frames > 50


def test_handoff_screen_hides_the_hand_area(app):
    start_game(app, make_game(players=2, seed=3))
    app.step(0)
    board = app.stack.find(BoardScene)
    assert isinstance(app.stack.top, HandoffOverlay)
    assert board.controller.hand() == ()
    assert board.controller.observation() is None
    key(app, pygame.K_RETURN)
    assert len(board.controller.hand()) == 3
