"""No text overlaps other text or leaves its box, in every scene's longest states (issue 13, item 2).

Each scene is rendered with a `TextRecorder` (see tests/layout_check.py) in the states that make
its text longest: the final round of the second journey, five players with 16-character names,
a refusal message, the pieces step, scoring steps and the final table; at 1280×720, 1280×800 and
1920×1080.
"""

from __future__ import annotations

import pygame
import pytest

from iwari_desktop.engine import BASE_FEATS, Game, GameConfig, Phase, PlayerSpec
from iwari_desktop.engine.bots.players import GreedyBot
from iwari_desktop.engine.core.config import PLAYER_COLOURS
from iwari_desktop.scenes.board import BoardScene
from iwari_desktop.scenes.smoke_driver import bot_step
from layout_check import faults
from test_scenes_support import app, map_id  # noqa: F401

LONG = ["Wwwwwwwwwwwwwwww", "Mmmmmmmmmmmmmmmm", "Greenmantle Pass", "WWWWWWWWWWWWWWW0", "Aiyana Bodhiwalk"]
SIZES = [(1280, 720), (1280, 800), (1920, 1080)]


def long_game(players: int = 5, seed: int = 8) -> Game:
    specs = tuple(PlayerSpec(LONG[i], PLAYER_COLOURS[i]) for i in range(players))
    return Game.new(GameConfig(map_id(), specs, seed, BASE_FEATS))


def resize(app, size) -> None:
    app.screen = pygame.display.set_mode(size)
    app.on_resize(size)
    app.step(0)


def open_board(app, game: Game) -> BoardScene:
    from iwari_desktop.scenes.setup import start_game

    start_game(app, game)
    board = app.stack.find(BoardScene)
    board.controller.accept_handoff()
    app.step(0)
    while app.stack.top is not board:
        app.stack.pop()
    return board


def play_until(board: BoardScene, until, seed: int = 3) -> None:
    """Bot gestures straight through the controller (no frames), then the screen catches up."""
    c, bot = board.controller, GreedyBot(seed)
    for _ in range(30_000):
        if until(c):
            break
        bot_step(c, bot)
    assert until(c), "the game never reached the wanted state"
    c.announcements.clear()
    c.mark_reports_shown()


def settle(app, board) -> None:
    board._seen_version = -1
    board._refresh_buttons()
    while app.stack.top is not board:
        app.stack.pop()


@pytest.mark.parametrize("size", SIZES)
def test_board_text_never_overlaps_in_the_final_round_with_five_long_names(app, size):
    resize(app, size)
    board = open_board(app, long_game())
    play_until(board, lambda c: c.state.end_triggered and not c.over and c.hand_visible and not c.turn_done
               and c.state.phase is Phase.MAIN)
    settle(app, board)
    c = board.controller
    c.notify("Game saved to slot 3 (" + "W" * 40 + ").")
    assert faults(app) == []
    # the pieces step of the final round, with the optional row of buttons showing
    play_until(board, lambda c: c.state.phase is Phase.PIECES and c.hand_visible)
    settle(app, board)
    assert faults(app) == []
    # the turn over, the primary button naming the next long name
    play_until(board, lambda c: c.turn_done and not c.over)
    settle(app, board)
    assert faults(app) == []


@pytest.mark.parametrize("size", SIZES)
def test_board_text_fits_early_with_cards_selected_and_a_refusal(app, size):
    resize(app, size)
    board = open_board(app, long_game(players=5, seed=2))
    c = board.controller
    c.toggle_card(0)
    c.toggle_card(1)
    c.toggle_card(2)
    c.click_territory(0)
    board._refresh_buttons()
    assert c.message is not None
    assert faults(app) == []


@pytest.mark.parametrize("size", SIZES)
def test_overlays_and_scoring_fit_with_five_long_names(app, size):
    from iwari_desktop.scenes.overlays import AnnouncementOverlay, HandoffOverlay, PauseOverlay, SaveOverlay
    from iwari_desktop.scenes.narration import Announcement
    from iwari_desktop.scenes.scoring import ScoringScene

    resize(app, size)
    board = open_board(app, long_game())
    c = board.controller
    play_until(board, lambda c: c.state.end_triggered and c.turn_done and not c.over)
    settle(app, board)
    c.confirm()  # the handoff to the next long name, with a full "Meanwhile"
    app.stack.push(HandoffOverlay(app, c))
    assert faults(app) == []
    app.stack.pop()
    app.stack.push(AnnouncementOverlay(app, Announcement("The journey is ending", "W" * 30 + " placed its last tent. "
                                                         "Still to play, one last turn each: " + ", ".join(LONG))))
    assert faults(app) == []
    app.stack.pop()
    board.open_pause()
    assert faults(app) == []
    app.stack.top.save()
    assert isinstance(app.stack.top, SaveOverlay)
    assert faults(app) == []
    app.stack.pop()
    app.stack.pop()
    assert isinstance(app.stack.top, BoardScene) or isinstance(app.stack.top, PauseOverlay) is False
    play_until(board, lambda c: c.over)
    report = c.state.reports[-1]
    scene = ScoringScene(app, c, report)
    app.stack.push(scene)
    for step in range(len(scene.lines) + 1):
        scene.go(step)
        assert faults(app) == [], f"scoring step {step}"
    half = ScoringScene(app, c, c.state.reports[0])
    app.stack.push(half)
    half.skip()
    assert faults(app) == []


@pytest.mark.parametrize("size", SIZES)
def test_setup_menu_and_rules_fit(app, size):
    from iwari_desktop.scenes.rules import RulesScene
    from iwari_desktop.scenes.setup import SetupScene

    resize(app, size)
    assert faults(app) == []
    setup = SetupScene(app)
    app.stack.push(setup)
    for _ in range(2):
        setup._add()
    setup.set_names(LONG)
    setup.model.names = list(LONG)
    assert faults(app) == []
    setup._remove(4)
    setup._remove(3)
    setup._remove(2)
    assert setup.third_tribe_colour() is not None
    assert faults(app) == []
    app.stack.push(RulesScene(app))
    assert faults(app) == []
