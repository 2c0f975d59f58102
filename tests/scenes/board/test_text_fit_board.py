"""Every label on the board fits, in English and German, at 1280×720 and 1920×1080 (issue 19, item 8): the
board's states, as a player meets them.

- six tribes on The Void, five of them computers of every level: the board at the person's turn start, with
  the Tribes panel naming each computer's level and Recent moves full of the computers' moves;
- the same turn with cards selected;
- the half-journey scoring, step by step and its table;
- the hand card's tooltip, hovered on each card of the hand (the side panel sits at the window's right edge);
- a solo board while the player chooses the Void's cards (the main button says what they do), and one at a
  turn start with Recent moves full of the Void's narrated moves;
- a co-op board.

Each state is reached by gestures (the controller, as clicks drive it) with seeded choices, then drawn with
the text recorder; a fault is what `text_fit.fit_faults` lists (a line or widget text cut with "…", wider
than its box, or a row of labels at two sizes).
"""

from __future__ import annotations

import random

import pygame
import pytest

from iwari_desktop.engine import Game, GameConfig, PlayerSpec
from iwari_desktop.engine.core.config import PLAYER_COLOURS, SIXTH_COLOUR, GameMode
from iwari_desktop.scenes.ui.intents import Intent, Kind
from scene_helpers import frames_at_checkpoints, resize
from text_fit import fit_faults

SIZES = [(1280, 720), (1920, 1080)]
# names of a usual length (a name of 16 wide letters is cut on purpose where a column is narrower: `Ui.fit`)
NAMES = ["Tester", "Kiona", "Aiyana", "Bartholomew", "Wapasha", "Chenoa"]
LEVELS = [None, "easy", "normal", "hard", "normal", "hard"]


def _six_on_the_void() -> Game:
    specs = tuple(PlayerSpec(NAMES[i], (PLAYER_COLOURS + (SIXTH_COLOUR,))[i], LEVELS[i]) for i in range(6))
    return Game.new(GameConfig("the-void", specs, 11, first_player=1))


def _settle(board) -> None:
    """What the board does after a change; the events the widgets posted are taken and dropped (the test reads
    none, and a long game would fill pygame's queue). Taken, not cleared: `pygame.event.clear()` would keep
    what they hold, the whole App (tests/support/window_closer.py)."""
    board._after()
    pygame.event.get()


def _click_through(app) -> None:
    """The screen over the board clicked through as a player would (the Void's steps skipped with Esc)."""
    from iwari_desktop.scenes.selftest.smoke_driver import dismiss_screen

    top = app.stack.top
    if dismiss_screen(top) is None:
        assert top.name == "void-steps", top.name
        top.handle(Intent(Kind.CANCEL))
    pygame.event.get()


def _drive(app, board, done, limit: int = 4000) -> None:
    """Play the game by gestures until `done()`: the person's seat by a greedy player's clicks, each
    computer's decision handed to the controller as its worker would (no thread, so no race), every
    screen between moves clicked through."""
    from iwari_desktop.engine.bots.players import GreedyBot
    from iwari_desktop.scenes.selftest.smoke_driver import between_actions, bot_step

    c = board.controller
    for _ in range(limit):
        if done():
            return
        if app.stack.top is not board:
            _click_through(app)
        elif c.computer_to_move:
            assert c.play_computer(GreedyBot(c.state.active_seat).choose(c.state))
        elif between_actions(c) is None:
            bot_step(c, GreedyBot(c.state.active_seat))
        _settle(board)
    raise AssertionError("the game never reached the wanted state")


def _multiplayer(app):
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.setup.setup import start_game

    start_game(app, _six_on_the_void())
    board = app.stack.find(BoardScene)
    c = board.controller
    # the person's second turn, its start: five computers have moved since the first
    _drive(app, board, lambda: app.stack.top is board and c.state.turn >= 7 and c.state.active_seat == 0
           and not c.needs_handoff and not c.turn_done and c.state.phase.name == "MAIN")
    return board


def _turn_start(app) -> None:
    _multiplayer(app)


def _cards_selected(app) -> None:
    board = _multiplayer(app)
    c = board.controller
    for i in range(min(2, len(c.hand()))):
        c.toggle_card(i)
    board._after()


def _hand_tooltips(board) -> list[str]:
    """Each hand card hovered in turn (the middle and the right edge); the faults of every tooltip shown."""
    app = board.app
    found = []
    for i, rect in enumerate(board.hud.hand_rects[:len(board.controller.hand())]):
        for point in (rect.center, (rect.right - 2, rect.centery)):
            board._hover(point)
            assert board.hover_card == ("hand", i)
            found += [f"hand card {i} hovered at {point}: {f}" for f in fit_faults(app)]
    return found


def _half_scoring(app, at_table: bool) -> None:
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.scoring.scoring import ScoringScene
    from iwari_desktop.scenes.setup.setup import start_game

    start_game(app, _six_on_the_void())
    board = app.stack.find(BoardScene)
    _drive(app, board, lambda: isinstance(app.stack.top, ScoringScene))
    scoring = app.stack.top
    assert not scoring.final
    if at_table:
        scoring.skip()
    else:
        scoring.go(1)


def _void_game(mode: GameMode, seed: int) -> Game:
    seats = 1 if mode is GameMode.SOLO else 2
    specs = tuple(PlayerSpec(NAMES[i], PLAYER_COLOURS[i]) for i in range(seats))
    return Game.new(GameConfig("new-horizons", specs, seed, mode=mode))


def _void_board(app, mode: GameMode, seed: int):
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.setup.setup import start_game

    start_game(app, _void_game(mode, seed))
    board = app.stack.find(BoardScene)
    board.controller.accept_handoff()
    while app.stack.top is not board:
        app.stack.pop()
    return board


def _void_turn_with_void_cards(app) -> None:
    """Solo, the Void's turn: the player holds a Void card and selects it (the main button lays it)."""
    from iwari_desktop.engine import Biome
    from iwari_desktop.scenes.selftest.solo_driver import void_step

    board = _void_board(app, GameMode.SOLO, 5)
    c, rng = board.controller, random.Random(5)
    for _ in range(3000):
        if c.void_action_open() and Biome.VOID in c.hand():
            break
        if app.stack.top is not board:
            _click_through(app)
            continue
        void_step(c, rng)
        _settle(board)
    else:
        raise AssertionError("no Void action with a Void card in hand")
    c.clear_selection()
    c.toggle_card(c.hand().index(Biome.VOID))
    board._after()
    assert c.void_primary() is not None


def _coop(app) -> None:
    from iwari_desktop.scenes.selftest.solo_driver import void_step

    board = _void_board(app, GameMode.COOP, 7)
    c, rng = board.controller, random.Random(7)
    while c.state.turn < 4:
        if app.stack.top is not board:
            _click_through(app)
            continue
        void_step(c, rng)
        _settle(board)


def _solo_recent_moves(app) -> None:
    """Solo, the player's turn after several Void turns: Recent moves full of the Void's narrated pieces."""
    from iwari_desktop.scenes.selftest.solo_driver import void_step

    board = _void_board(app, GameMode.SOLO, 9)
    c, rng = board.controller, random.Random(9)
    while not (c.state.turn >= 6 and c.state.phase.name == "MAIN" and not c.turn_done and app.stack.top is board):
        if app.stack.top is not board:
            _click_through(app)
            continue
        void_step(c, rng)
        _settle(board)


STATES = {"turn start, six tribes": _turn_start, "cards selected": _cards_selected,
          "half-journey scoring, a step": lambda app: _half_scoring(app, False),
          "half-journey scoring, the table": lambda app: _half_scoring(app, True),
          "solo, the Void's turn with a Void card selected": _void_turn_with_void_cards,
          "solo, Recent moves after the Void's turns": _solo_recent_moves, "co-op": _coop}


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
@pytest.mark.parametrize("state", list(STATES))
def test_every_label_of_the_board_fits(app, state):
    STATES[state](app)   # reached once, at 1280×720, then drawn at each size (a resize keeps the game)
    found = []
    with frames_at_checkpoints(app):   # the checks draw what they read: no app frame per resize (issue #32)
        for size in SIZES:
            resize(app, size)
            found += [f"{size[0]}x{size[1]}: {fault}" for fault in fit_faults(app)]
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_the_hand_cards_tooltip_stays_inside_the_window(app):
    board = _multiplayer(app)
    found = []
    with frames_at_checkpoints(app):   # the checks draw what they read: no app frame per resize (issue #32)
        for size in SIZES:
            resize(app, size)
            found += [f"{size[0]}x{size[1]}: {fault}" for fault in _hand_tooltips(board)]
    assert found == [], "\n".join(found)
