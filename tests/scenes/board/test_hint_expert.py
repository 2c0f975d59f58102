"""The solo/co-op Hint on the board (issue #20 part 3): the Expert thinks on the computer seats' worker thread
while the window keeps answering, the line says what the step will do, the claim holds when the person plays
it, and the next hint of the turn goes on with the Expert's plan."""

from __future__ import annotations

import threading

import pygame
import pytest

from hint_claims import at_three_of_four, check_claims
from hint_helpers import game_of, open_board, take_the_laptop
from scene_helpers import inside, key, press, resize, send

from iwari_desktop.engine.bots.explain_solo import SoloReason, SoloWhy
from iwari_desktop.engine.bots.solo import SoloBot
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.rulesets.solo.actions import VoidPlay
from iwari_desktop.scenes.board import board as board_module
from iwari_desktop.scenes.board.hints import Adviser


def _wait_for_hint(app, board):
    """The hint the press started: still being worked out on the worker thread, or already landed (the Expert
    can answer within the press's own loop step when its plan already holds the move)."""
    thinker = board.computers.hint_thinker
    if thinker is None:
        assert board.computers.hint is not None, "the Hint button did not start a hint on the worker thread"
        return board.computers.hint
    assert thinker.join(60)
    app.step(0)
    return board.computers.hint


def test_the_window_answers_while_the_expert_works_out_a_hint(app, monkeypatch):
    """The hint is pending (its thread held at a gate) while frames run, the mouse hovers, Esc opens and closes
    the menu and the window is resized; the thinking sign is drawn; then the answer lands."""
    board = open_board(app, game_of([None], seed=5, mode=GameMode.SOLO))
    take_the_laptop(app, board)
    gate = threading.Event()
    advisers: list[Adviser] = []

    def gated(solo: bool, seed: int) -> Adviser:
        adviser = Adviser(solo, seed, expert_budget=0.2)
        real = adviser.choose

        def choose(state, options=None):
            assert gate.wait(60)
            return real(state, options)

        adviser.choose = choose   # type: ignore[method-assign]
        advisers.append(adviser)
        return adviser

    board.computers.advise = gated
    signs: list[bool] = []
    real_sign = board_module.draw_thinking
    monkeypatch.setattr(board_module, "draw_thinking", lambda surface, ui, banner, c, turns, clock: (
        signs.append(turns.hint_thinker is not None), real_sign(surface, ui, banner, c, turns, clock)))
    press(app, board._buttons["hint"])
    thinker = board.computers.hint_thinker
    assert thinker is not None and not thinker.done and advisers and advisers[0].solo
    frames = app.frames
    for _ in range(30):    # thirty frames, each handled and drawn while the Expert's thread waits
        app.step(0)
        app.draw()
    assert app.frames >= frames + 30
    spot = inside(board.view, 0)
    send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(0, 0, 0)))
    assert board.hover_territory == 0         # the board follows the mouse
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not board          # the menu opened while the Expert thinks
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is board
    resize(app, (1024, 640))
    app.draw()
    assert not thinker.done and board.computers.hint_thinker is thinker   # all of it happened during the thinking
    assert any(signs), "the thinking sign was not drawn while the hint was pending"
    gate.set()
    hint = _wait_for_hint(app, board)
    assert hint is not None and hint.text.startswith("Hint: the Expert ")
    assert isinstance(hint.reason, SoloReason) and hint.action in board.controller.game.legal_actions()


def _board_at_three_of_four(app):
    """A solo board opened on a game the solo bot played up to a Void action at 3 of 4 Void cards with a Void card
    in hand. The game is played on the engine and the board opened on it (issue #32: playing it through the
    board drew some fifty frames no assertion reads, twice this test's own time); the route there by the
    board's gestures is played in tests/scenes/test_scenes_player_text.py (a game against the Void, its Void
    steps and announcements passed on) and tests/scenes/test_scenes_hint_watch.py (watch mode)."""
    for seed in range(1, 12):
        game = game_of([None], seed=seed, mode=GameMode.SOLO, map_name="glacial-mass")
        bot = SoloBot(seed)
        while not game.is_over() and len(game.log) < 600 and not at_three_of_four(game.state):
            game.play(bot.choose(game.state, game.legal_actions()))
        if game.is_over() or not at_three_of_four(game.state) or len(game.legal_actions()) < 2:
            continue
        board = open_board(app, game)
        take_the_laptop(app, board)
        assert board.controller.void_action_open() and app.stack.top is board, app.stack.top
        return board
    raise AssertionError("no seed reached a Void action at 3 of 4")


@pytest.mark.slow
def test_s6_the_hint_at_three_of_four_holds_what_it_claims_and_the_next_hint_follows_the_plan(app):
    """The playtest's position: the Expert's hint (timed, as in the app) at 3 of 4 Void cards. Its claim holds
    once the step is played; a Void card laid is called a Corruption, never a hold-off."""
    board = _board_at_three_of_four(app)
    c = board.controller
    before = c.state.clone()
    assert app.stack.top is board, app.stack.top
    assert c.hand_visible and board._buttons["hint"].visible and board.computers.hint is None
    press(app, board._buttons["hint"])
    hint = _wait_for_hint(app, board)
    assert hint is not None and isinstance(hint.reason, SoloReason)
    check_claims(before, hint.reason)
    action = hint.action
    if isinstance(action, VoidPlay) and action.void_cards:
        assert hint.reason.why in (SoloWhy.CORRUPTION, SoloWhy.WINS) and "Corruption" in hint.text
    if hint.reason.why is SoloWhy.HOLDS_OFF:
        assert "3 of 4" in hint.text
    # the person plays the hinted move; the hint stands and guides the plan's next move (asked again, it is said
    # again rather than decided afresh, issue #34)
    adviser = board.computers._adviser
    planned = hint.reason.facts.steps
    assert c._submit(action)
    board._after()
    app.step(0)
    for _ in range(10):   # the Void's steps shown over the board: passed on as a person would
        if app.stack.top is board:
            break
        key(app, pygame.K_ESCAPE if app.stack.top.name == "void-steps" else pygame.K_RETURN)
    if len(planned) > 1 and not c.over and c.hand_visible and board.computers.ask_hint():
        nxt = _wait_for_hint(app, board)
        assert board.computers._adviser is adviser     # the same Expert, going on with its plan
        assert nxt is hint and nxt.next_step(c.game.log) == planned[1]
