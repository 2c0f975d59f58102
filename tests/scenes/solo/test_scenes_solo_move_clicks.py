"""S9 moving pieces with mouse clicks on the board screen (not only controller calls): hand cards, the full
territory to leave, the destination, then a tent and its new space, and the totem button — on New Horizons,
from a solo position file (docs/save-format.md, "Solo and co-op positions")."""

from __future__ import annotations

import pygame
import pytest

from iwari_desktop.engine import Biome, Game, Phase
from iwari_desktop.engine.files.positions import load_position
from iwari_desktop.engine.rulesets.solo.actions import MovePiece, MovePieces
from iwari_desktop.scenes.selftest.debug_hook import _inside

from layout_check import faults
from iwari_desktop import i18n
from scene_helpers import click, find_button, key, send

AMBERDUNE, SUNSCORCH, SALTWIND = 10, 8, 9   # Desert, Desert, Coast on New Horizons


def move_game() -> Game:
    position = load_position({
        "format": "iwari-position", "version": 1, "map": "new-horizons", "mode": "solo",
        "tribes": [{"name": "Ann"}],
        "tents": [{"tribe": "Ann", "territory": "Amberdune Wastes", "count": 3},
                  {"tribe": "void", "territory": "Amberdune Wastes", "count": 2},
                  {"tribe": "Ann", "territory": "Saltwind Bay", "count": 1}],
        "totems": [{"territory": "Amberdune Wastes", "stack": ["void", "Ann"]}],
        "counted": ["Amberdune Wastes", {"territory": "Sunscorch Flats", "when": "corruption"}],
        "pawn": 1})
    state = position.state
    state.hands[0] = [Biome.DESERT, Biome.COAST, Biome.COAST]   # Desert is completely explored: a move pays
    return Game(state.config, state)


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_s9_a_move_made_with_clicks_on_the_board(app):
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.setup.setup import start_game

    start_game(app, move_game())
    board = app.stack.find(BoardScene)
    while app.stack.top is not board:
        key(app, pygame.K_RETURN)
    c = board.controller
    for i in range(3):
        click(app, board.hud.hand_rects[i].center)
    assert len(c.selected) == 3 and AMBERDUNE in c.lit_territories()
    click(app, _inside(board, AMBERDUNE))
    assert c.chosen_move_source() == AMBERDUNE and c.game.log == []
    assert SALTWIND in c.lit_territories()
    send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))  # no tooltip
    assert faults(app) == []
    click(app, _inside(board, SALTWIND))
    assert c.game.log == [MovePieces(AMBERDUNE, SALTWIND, (Biome.COAST, Biome.COAST, Biome.DESERT), 2)]
    assert c.state.phase is Phase.PIECES
    app.step(0)
    totem = find_button(board, i18n._("Move your totem (T)"))
    assert totem.visible                                         # the player's totem is on top: it may move
    click(app, totem.rect.center)
    assert c.game.log[-1] == MovePiece(None, None)
    tent = sorted(c.lit_spaces())[0]
    assert c.state.board.spaces[tent].territory == AMBERDUNE
    view = board.view
    click(app, view.to_screen(c.state.board.spaces[tent].position))
    target = sorted(c.lit_spaces() - {tent})[0]
    assert c.state.board.spaces[target].territory == SALTWIND
    click(app, view.to_screen(c.state.board.spaces[target].position))
    assert c.game.log[-1] == MovePiece(tent, target)
    s = c.state
    assert s.territory_tents[SALTWIND][0] == 2 and s.totem_counts[SALTWIND][0] == 1
    assert s.territory_tents[AMBERDUNE][0] == 2 and s.ext["vs-void"].claims[AMBERDUNE].side == "players"
