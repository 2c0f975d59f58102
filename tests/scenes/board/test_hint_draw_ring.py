"""A draw hint rings the display card or the deck it names (play-test 2026-11-29 defect 2: "the Expert takes Coast
from the display" marked no card, and with a gap in the display a person had to find the Coast card by its colour)."""

from __future__ import annotations

import pygame

from hint_helpers import game_of, open_board, take_the_laptop

from iwari_desktop.engine.bots.solo import SoloBot
from iwari_desktop.engine.core.actions import Draw
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.core.state import Phase
from iwari_desktop.scenes.board.hint_ring import GLOW, hint_card_rect
from iwari_desktop.scenes.board.hints import Hint, hint_prompt


def _glow_round(screen: pygame.Surface, rect: pygame.Rect) -> int:
    """Glowing pixels in the band just outside `rect` (where the ring goes)."""
    glow = screen.map_rgb(GLOW)
    band = rect.inflate(24, 24).clip(screen.get_rect())
    with pygame.PixelArray(screen) as pixels:
        return sum(1 for x in range(band.left, band.right) for y in range(band.top, band.bottom)
                   if not rect.collidepoint(x, y) and pixels[x, y] == glow)


def test_a_draw_hint_rings_the_display_card_then_the_deck_it_names(app):
    game = game_of([None], seed=5, mode=GameMode.SOLO, map_name="new-horizons")
    bot = SoloBot(5)
    while game.state.phase is not Phase.DRAW:
        game.play(bot.choose(game.state, game.legal_actions()))
    board = open_board(app, game)
    take_the_laptop(app, board)
    c = board.controller
    card = next(option.card for option in game.legal_actions() if isinstance(option, Draw) and option.card)
    for draw in (Draw(card), Draw(None)):
        board.computers.hint = Hint(draw, "Hint: …", None, (draw,), asked_at=len(game.log))
        rect = hint_card_rect(board.hud, c, board.computers.hint)
        expected = board.hud.deck_rect if draw.card is None else board.hud.display_rects[c.display_slots().index(card)]
        assert rect == expected
        board.draw(app.screen)
        assert _glow_round(app.screen, rect) > 50, draw
        prompt = hint_prompt(c, board.computers.hint)
        assert prompt and ("deck" in prompt if draw.card is None else card.label in prompt)
    board.computers.hint = Hint(Draw(card), "Hint: …", None, (Draw(card),), asked_at=len(game.log) - 1)
    assert hint_card_rect(board.hud, c, board.computers.hint) is None   # played past: nothing rung
