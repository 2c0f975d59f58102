"""The Void's steps one at a time (S5, S6, S7, S8 on screen): each step shows only what it and the steps
before it put down, the pawn walks from connection to connection, and the end of the sequence is the
real position.

The sequences are the engine's own, played through the controller with the gesture driver.
"""

from __future__ import annotations

import random

import pygame

from iwari_desktop.engine import Game, GameConfig, PlayerSpec
from iwari_desktop.engine.core.config import PLAYER_COLOURS, GameMode
from iwari_desktop.scenes.controller import GameController
from iwari_desktop.scenes.solo_driver import void_step
from iwari_desktop.scenes.void_steps_plan import frame_state, plan_steps, read_step, void_pieces

from layout_check import faults
from test_scenes_support import app, key, press  # noqa: F401


def solo_game(seed: int, map_id: str = "new-horizons") -> Game:
    return Game.new(GameConfig(map_id, (PlayerSpec("Ann", PLAYER_COLOURS[0]),), seed, mode=GameMode.SOLO))


def queued_sequence(test, seeds=range(3, 40)) -> tuple[GameController, list]:
    """A controller holding queued Void steps for which `test(plan)` holds (played by gestures)."""
    for seed in seeds:
        c = GameController(solo_game(seed))
        rng = random.Random(seed)
        for _ in range(3000):
            if c.over:
                break
            if c.void_steps:
                plan = plan_steps(c.state.board, c.void_steps, c.void_view()["pawn"], c.void_steps_pawn)
                if test(plan):
                    return c, plan
                c.void_steps.clear()
            void_step(c, rng)
    raise AssertionError("no game queued such a sequence")


def piece_steps(plan) -> list[int]:
    return [i for i, s in enumerate(plan) if s.ruin is not None or s.totem is not None]


def test_s5_a_mid_sequence_frame_shows_fewer_void_pieces_than_the_end():
    c, plan = queued_sequence(lambda plan: len(piece_steps(plan)) >= 2)
    first, last = piece_steps(plan)[0], len(plan) - 1
    final = void_pieces(c.state)
    assert void_pieces(frame_state(c.state, plan, last)) == final
    assert void_pieces(frame_state(c.state, plan, first)) < final
    before = void_pieces(frame_state(c.state, plan, first - 1)) if first else None
    if before is not None:
        assert before == void_pieces(frame_state(c.state, plan, first)) - 1  # the step's own piece appears
    step = plan[first]
    frame = frame_state(c.state, plan, first)
    if step.ruin is not None:                      # the step's ruin is on its space, a later one is not
        assert frame.space_owner[step.ruin] == c.state.void_tribe
    later = [s.ruin for s in plan[first + 1:] if s.ruin is not None]
    for space in later:
        assert frame.space_owner[space] < 0
    assert c.state.space_owner == frame_state(c.state, plan, last).space_owner  # the real state is untouched


def test_s7_a_claim_token_appears_only_from_its_count_step_on():
    from iwari_desktop.engine.rulesets.solo.data import data

    c, plan = queued_sequence(lambda plan: any(s.claim is not None for s in plan))
    i = next(i for i, s in enumerate(plan) if s.claim is not None)
    territory = plan[i].claim
    assert territory in data(c.state).claims
    if i:
        assert territory not in data(frame_state(c.state, plan, i - 1)).claims
    assert territory in data(frame_state(c.state, plan, i)).claims


def test_s5_the_pawn_moves_on_as_a_step_of_its_own_from_connection_to_connection():
    c, plan = queued_sequence(lambda plan: any(s.pawn_from is not None for s in plan))
    walk = next(s for s in plan if s.pawn_from is not None)
    assert walk.pawn_from != walk.pawn_to and walk.sentence.startswith("The Void pawn moves on from connection")
    i = plan.index(walk)
    assert i and plan[i - 1].pawn == walk.pawn_from
    from iwari_desktop.engine.rulesets.solo.data import data

    assert data(frame_state(c.state, plan, i - 1)).pawn == walk.pawn_from
    assert data(frame_state(c.state, plan, i)).pawn == walk.pawn_to
    if walk is plan[-1] or all(s.connection is None for s in plan[i + 1:]):
        assert walk.pawn_to == c.void_view()["pawn"]


def test_read_step_knows_the_piece_each_sentence_puts_down():
    board = solo_game(1).state.board
    a, b = board.territories[2].name, board.territories[4].name
    assert read_step(board, f"{a}: no room for a totem, so a ruin goes on the space closest to a ruin (s11).").ruin == 11
    assert read_step(board, f"{a}: the cap allows a totem, so a Void totem goes on {a}.").totem == 2
    assert read_step(board, f"{a}: the cap allows a totem, so a Void totem goes on {b} (for {a}).").totem == 4
    assert read_step(board, f"{b} is counted: tents 1 against 2 ruins; ...: the Void controls it.").claim == 4
    assert read_step(board, "Corruption at connection 5.").connection == 5


def test_s6_the_steps_screen_draws_the_mid_frame_and_its_buttons_fit(app):
    from iwari_desktop.scenes.board import BoardScene
    from iwari_desktop.scenes.setup import start_game
    from iwari_desktop.scenes.void_steps import VoidStepsScene

    c, plan = queued_sequence(lambda plan: len(piece_steps(plan)) >= 2)
    steps, pawn = list(c.void_steps), c.void_steps_pawn
    c.void_steps.clear()
    start_game(app, c.game)
    board = app.stack.find(BoardScene)
    while app.stack.top is not board:
        key(app, pygame.K_ESCAPE)
    board.controller.void_steps[:] = steps
    board.controller.void_steps_pawn = pawn
    board._sync()
    scene = app.stack.top
    assert isinstance(scene, VoidStepsScene) and len(scene.plan) == len(plan)
    assert void_pieces(scene.frame(0)) <= void_pieces(scene.frame(len(plan) - 1))
    mid = piece_steps(scene.plan)[0]
    scene.index = mid
    app.step(0)
    assert void_pieces(scene.frame()) < void_pieces(board.controller.state) or mid == len(plan) - 1
    assert faults(app) == []
    press(app, scene.skip_button)
    assert app.stack.top is not scene
