"""Co-op hands on screen (S12): with "open hands" the partner's cards are drawn read-only in the partner's
tribe row; without it no card face of the partner is ever drawn, not for a single frame (spies on the
two drawing methods while a co-op game is played to its end by gestures)."""

from __future__ import annotations

import random

import pygame
import pytest

from iwari_desktop.engine import Game, GameConfig, PlayerSpec
from iwari_desktop.engine.core.config import PLAYER_COLOURS, GameMode
from iwari_desktop.scenes.board.hud import Hud
from iwari_desktop.scenes.selftest.solo_driver import void_step

from layout_check import faults
from scene_helpers import key


def coop_game(seed: int, **options) -> Game:
    specs = tuple(PlayerSpec(n, PLAYER_COLOURS[i]) for i, n in enumerate(["Ann", "Ben"]))
    return Game.new(GameConfig("new-horizons", specs, seed, mode=GameMode.COOP, options=options))


def play_and_spy(app, monkeypatch, game: Game, turns: int):
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.board.overlays import HandoffOverlay
    from iwari_desktop.scenes.setup.setup import start_game

    faces: list[tuple[int | None, int]] = []   # (viewer, seat whose faces were drawn)
    partner: list[tuple[int | None, tuple]] = []
    own, other = Hud.draw_hand, Hud.draw_partner_hand

    def spy_own(self, surface, obs, selected, selectable):
        faces.append((board.controller.viewer_seat, obs.seat))
        return own(self, surface, obs, selected, selectable)

    def spy_partner(self, surface, row, cards):
        partner.append((board.controller.viewer_seat, tuple(cards)))
        return other(self, surface, row, cards)

    monkeypatch.setattr(Hud, "draw_hand", spy_own)
    monkeypatch.setattr(Hud, "draw_partner_hand", spy_partner)
    start_game(app, game)
    board = app.stack.find(BoardScene)
    c = board.controller
    rng = random.Random(game.config.seed)
    handoffs = 0
    checked_layout = False
    while sum(c.state.turns_taken) < turns and not c.over:
        top = app.stack.top
        if isinstance(top, HandoffOverlay):
            handoffs += 1
            faces.clear()
            partner.clear()
            app.draw()
            assert faces == [] and partner == [], "a hand was drawn under the handoff screen"
            key(app, pygame.K_RETURN)
        elif top is board:
            if c.hand_visible:
                app.draw()
                viewer = c.viewer_seat
                assert all(seat == viewer for _, seat in faces), "another seat's hand was drawn as one's own"
                if c.partner_hand() is not None and not checked_layout:
                    checked_layout = True
                    assert faults(app) == []
                partner_now = [cards for v, cards in partner if v == viewer]
                if partner_now:
                    assert list(partner_now[-1]) == c.state.hands[1 - viewer]
                faces.clear()
                partner.clear()
            void_step(c, rng)
            board._after()
        else:
            key(app, pygame.K_ESCAPE if top.name == "void-steps" else pygame.K_RETURN)
        app.step(0)
    return c, handoffs, checked_layout


def test_s12_open_hands_draw_the_partners_cards_read_only(app, monkeypatch):
    c, handoffs, shown = play_and_spy(app, monkeypatch, coop_game(4, open_hands=True), 6)
    assert handoffs == 0 and shown
    seat, cards = c.partner_hand() if not c.over else (None, None)
    if seat is not None:
        assert seat == 1 - c.viewer_seat and cards == c.state.hands[seat]


def test_s12_closed_hands_never_draw_the_partners_cards(app, monkeypatch):
    c, handoffs, shown = play_and_spy(app, monkeypatch, coop_game(4), 6)
    assert handoffs >= 2 and not shown
    assert c.partner_hand() is None


@pytest.mark.parametrize("mode", [GameMode.SOLO, GameMode.COOP])
def test_s12_the_partner_hand_is_offered_only_in_coop_with_open_hands(mode):
    from iwari_desktop.scenes.board.controller import GameController

    seats = 1 if mode is GameMode.SOLO else 2
    specs = tuple(PlayerSpec(n, PLAYER_COLOURS[i]) for i, n in enumerate(["Ann", "Ben"][:seats]))
    c = GameController(Game.new(GameConfig("new-horizons", specs, 3, mode=mode, options={"open_hands": True}
                                           if mode is GameMode.COOP else {})))
    c.accept_handoff()
    if mode is GameMode.SOLO:
        assert c.partner_hand() is None
    else:
        seat, cards = c.partner_hand()
        assert seat == 1 - c.viewer_seat and cards == c.state.hands[seat]
