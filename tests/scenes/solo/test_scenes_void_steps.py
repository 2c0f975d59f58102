"""The Void's steps one at a time (S5, S6, S7, S8 on screen): each step shows only what it and the steps
before it put down, the pawn walks from connection to connection, and the end of the sequence is the
real position.

The sequences are the engine's own, played through the controller with the gesture driver.
"""

from __future__ import annotations

import random

import pygame
import pytest

from iwari_desktop.engine import Biome, Game, GameConfig, PlayerSpec
from iwari_desktop.engine.core.config import PLAYER_COLOURS, GameMode
from iwari_desktop.scenes.board.controller import GameController
from iwari_desktop.scenes.selftest.solo_driver import void_step
from iwari_desktop.scenes.solo.void_steps_plan import frame_state, plan_steps, step_of, void_pieces

from layout_check import faults
from solo_scene_helpers import open_steps_scene
from scene_helpers import frames_at_checkpoints, key, press


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


def test_step_of_knows_the_piece_each_event_puts_down():
    from iwari_desktop.engine.core.text import Text
    from iwari_desktop.engine.rulesets.solo import events as ev

    board = solo_game(1).state.board
    words = Text("not read")
    assert step_of(board, ev.VoidEvent(ev.RUIN, words, territory=2, piece=ev.RUIN, space=11)).ruin == 11
    assert step_of(board, ev.VoidEvent(ev.TOTEM, words, territory=2, piece=ev.TOTEM, on=2)).totem == 2
    away = step_of(board, ev.VoidEvent(ev.TOTEM, words, territory=2, piece=ev.TOTEM, on=4))   # S11: for another
    assert away.totem == 4 and away.territories == {2, 4}
    assert step_of(board, ev.VoidEvent(ev.COUNT, words, territory=4, side="void")).claim == 4
    assert step_of(board, ev.VoidEvent(ev.CORRUPTION, words, connection=5, toward=4)).connection == 5
    walk = step_of(board, ev.VoidEvent(ev.PAWN, words, connection=6, start=5, logged=False))
    assert (walk.pawn_from, walk.pawn_to, walk.connection) == (5, 6, 6)
    assert step_of(board, "a bare sentence, (s11)").ruin is None   # no event: nothing is read from the words


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_s6_the_steps_screen_draws_the_mid_frame_and_its_buttons_fit(app):
    from iwari_desktop.scenes.solo.void_steps import VoidStepsScene

    c, plan = queued_sequence(lambda plan: len(piece_steps(plan)) >= 2)
    board, scene = open_steps_scene(app, c)
    assert isinstance(scene, VoidStepsScene) and len(scene.plan) == len(plan)
    assert void_pieces(scene.frame(0)) <= void_pieces(scene.frame(len(plan) - 1))
    mid = piece_steps(scene.plan)[0]
    scene.index = mid
    app.step(0)
    assert void_pieces(scene.frame()) < void_pieces(board.controller.state) or mid == len(plan) - 1
    assert faults(app) == []
    press(app, scene.skip_button)
    assert app.stack.top is not scene


# ---- the end screen's table -----------------------------------------------------------------------------
def finished(seed: int, mode: GameMode = GameMode.SOLO) -> GameController:
    seats = 1 if mode is GameMode.SOLO else 2
    specs = tuple(PlayerSpec(n, PLAYER_COLOURS[i]) for i, n in enumerate(["Ann", "Ben"][:seats]))
    c = GameController(Game.new(GameConfig("new-horizons", specs, seed, mode=mode)))
    rng = random.Random(seed)
    while not c.over:
        void_step(c, rng)
    return c


def test_s7_the_end_table_has_one_meaningful_row_per_territory_saying_who_and_why():
    from iwari_desktop.engine.rulesets.solo.data import data
    from iwari_desktop.scenes.solo.void_end_rows import table_rows

    for seed in (7, 11):
        c = finished(seed)
        rows = table_rows(c.state, c.state.result)
        playable = [t.index for t in c.state.board.territories if t.tent_spaces]
        claims = data(c.state).claims
        named = {r.territory for r in rows if r.territory >= 0}
        assert named == set(claims)                                   # one row per counted territory
        never = [r for r in rows if r.territory < 0]
        uncounted = [c.state.board.territories[t].name for t in playable if t not in claims]
        assert len(never) == (1 if uncounted else 0)                  # the others share one row that names each
        if never:
            assert never[0].who == "Nobody" and all(name in never[0].why for name in uncounted)
            assert never[0] is rows[-1]
        for row in rows:
            assert row.who and row.why and "0 tents against 0 ruins" not in row.why
            claim = claims.get(row.territory)
            if claim is None:
                continue
            assert row.side == claim.side and row.who == ("You" if claim.side == "players" else "The Void")
            p = claim.player_totems + (claim.virtual == "players")
            v = claim.void_totems + (claim.virtual == "void")
            if claim.player_tents or claim.void_tents:
                assert f"against {claim.void_tents} ruin" in row.why
            assert f"totems {p} against {v}" in row.why or row.why.startswith("empty")
            assert ("a tie, which goes to the Void" in row.why) == (p == v and not row.why.startswith("empty"))
        sides = [r.side for r in rows]
        assert sides == sorted(sides, key=lambda s: {"players": 0, "void": 1, None: 2}[s])
    assert any(r.territory < 0 for r in table_rows(finished(7).state, finished(7).state.result))


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_s10_no_points_table_before_the_end_screen_against_the_void(app):
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.setup.setup import start_game
    from iwari_desktop.scenes.solo.void_end import VoidEndScene

    c = finished(7)
    start_game(app, c.game)
    board = app.stack.find(BoardScene)
    seen = []
    for _ in range(20):
        top = app.stack.top
        seen.append(top.name)
        if isinstance(top, VoidEndScene):
            break
        key(app, pygame.K_RETURN)
        app.step(0)
    assert isinstance(app.stack.top, VoidEndScene) and "scoring" not in seen
    assert faults(app) == []
    assert board.controller.new_reports() == []


def test_s5_recent_moves_hold_back_the_steps_not_shown_yet(app):
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.setup.setup import start_game
    from iwari_desktop.scenes.solo.void_steps import VoidStepsScene

    start_game(app, solo_game(5))
    board = app.stack.find(BoardScene)
    c = board.controller
    rng = random.Random(5)
    with frames_at_checkpoints(app):   # played through: the frames on the way are not read (issue #32)
        for _ in range(3000):
            top = app.stack.top
            if isinstance(top, VoidStepsScene) and len([s for s in top.plan if s.pawn_from is None]) >= 2:
                break
            if top is board:
                void_step(c, rng)
                board._after()
            else:
                key(app, pygame.K_ESCAPE if top.name == "void-steps" else pygame.K_RETURN)
            app.step(0)
    scene = app.stack.top
    assert isinstance(scene, VoidStepsScene)
    shown = [text for _, text in c.shown_history()]
    later = [s.sentence for s in scene.plan[1:] if s.pawn_from is None]
    assert later and shown[-1] != later[-1] and len(c.shown_history()) == len(c.history) - len(later)
    press(app, scene.skip_button)
    assert c.shown_history() == c.history and c.history_held == 0


def test_s6_the_counters_of_a_mid_corruption_frame_are_as_they_stood():
    from iwari_desktop.engine.rulesets.solo.data import data

    c, plan = queued_sequence(lambda plan: any(s.beside for s in plan) and any(s.toward == 4 for s in plan))
    i = next(i for i, s in enumerate(plan) if s.toward == 4)
    j = next(k for k, s in enumerate(plan) if s.beside)
    final = data(c.state)
    if i < j:
        frame = frame_state(c.state, plan, i)
        assert data(frame).above + frame.display.count(Biome.VOID) >= 4
        assert data(frame).beside == final.beside - 1
    assert data(frame_state(c.state, plan, len(plan) - 1)).beside == final.beside


def test_s5_a_steps_piece_arrives_then_stands_and_the_pawn_walks_then_rests(app):
    from iwari_desktop.scenes.presenters.solo_board import pawn_foot
    from iwari_desktop.scenes.solo.void_steps import ARRIVAL, VoidStepsScene

    c, plan = queued_sequence(lambda plan: piece_steps(plan) and any(s.pawn_from is not None for s in plan))
    board, scene = open_steps_scene(app, c)
    assert isinstance(scene, VoidStepsScene)
    app.settings.animation_speed = "normal"
    scene.index = piece_steps(scene.plan)[0]
    scene.clock = 0.0
    assert scene._arrival() == 0.0 and scene.update(0.01)        # arriving: redrawn every frame
    scene.clock = scene.step_seconds() * ARRIVAL
    assert scene._arrival() is None                              # landed
    walk = next(i for i, s in enumerate(scene.plan) if s.pawn_from is not None)
    scene.index, scene.clock = walk, 0.0
    start = scene._moving_pawn(scene.plan[walk])
    scene.clock = scene.step_seconds() * 0.6
    end = scene._moving_pawn(scene.plan[walk])
    stand = pawn_foot(board.view, scene.plan[walk].pawn_to)   # beside its new connection's badge (D16)
    assert start != end and (round(end[0]), round(end[1])) == stand
    app.step(0)
    assert faults(app) == []


def _expected_lit(board, event) -> set[int]:
    """What a step must light, from the event's fields alone."""
    lit = {t for t in (event.territory, event.on) if t is not None}
    if event.connection is not None:
        lit |= set(board.connections_by_number[event.connection].territories)
    return lit


@pytest.mark.parametrize("app", ["de"], indirect=True)
def test_s5_the_steps_screen_reads_the_engine_events_not_their_words_in_german(app):
    """The steps screen lights and places from the engine's `VoidEvent`s: in German, and even when every
    sentence names the wrong territory, space and connection, each step lights its own territories and
    puts its own piece down (a screen that read the words back would light the decoys)."""
    from dataclasses import replace

    from iwari_desktop.engine.core.text import Text
    from iwari_desktop.engine.rulesets.solo import events as ev
    from iwari_desktop.scenes.solo.void_steps import VoidStepsScene
    from iwari_desktop.scenes.ui.words import localized

    c, _plan = queued_sequence(lambda plan: len(piece_steps(plan)) >= 2 and any(s.pawn_from is not None for s in plan))
    board_map = c.state.board
    events = list(c.void_steps)
    assert all(isinstance(e, ev.VoidEvent) for e in events)
    ruin = next(e for e in events if e.piece == ev.RUIN or e.piece == ev.TOTEM)
    assert localized(ruin.text) != str(ruin.text)              # shown in German, not the English it holds
    far = next(t for t in board_map.territories if t.tent_spaces and t.index not in
               set().union(*(_expected_lit(board_map, e) for e in events)))
    free = next(s for s in range(len(board_map.spaces)) if c.state.space_owner[s] < 0)
    decoy = Text(f"{far.name} (s{free}) at connection {max(board_map.connections_by_number)}. {far.name} is counted: "
                 f"so a Void totem goes on {far.name}.")
    board, scene = open_steps_scene(app, c)                     # the real sequence, drawn in German
    assert isinstance(scene, VoidStepsScene) and len(scene.plan) == len(events)
    for i in range(len(scene.plan)):
        scene.index = i
        app.step(0)
        assert faults(app) == []
    press(app, scene.skip_button)
    assert app.stack.top is not scene
    board.controller.void_steps[:] = [replace(e, text=decoy) for e in events]   # the same steps, lying words
    board._sync()
    scene = app.stack.top
    assert isinstance(scene, VoidStepsScene) and len(scene.plan) == len(events)
    for i, (step, event) in enumerate(zip(scene.plan, events)):
        assert step.territories == _expected_lit(board_map, event) and far.index not in step.territories
        assert step.ruin == (event.space if event.piece == ev.RUIN else None)
        assert step.totem == (event.on if event.piece == ev.TOTEM else None)
        assert step.claim == (event.territory if event.kind == ev.COUNT else None)
        if event.kind == ev.PAWN:
            assert (step.pawn_from, step.pawn_to) == (event.start, event.connection)
        frame = scene.frame(i)
        if step.ruin is not None:                               # the step's own ruin stands on its space
            assert frame.space_owner[step.ruin] == c.state.void_tribe
        assert frame.space_owner[free] < 0                      # the decoy's space never fills
    press(app, scene.skip_button)
    assert app.stack.top is not scene


def test_s5_a_frame_keeps_its_fit_entries_in_line_with_the_pieces_it_shows():
    """A frame takes later steps' pieces off by hand; the kept per-territory entries (engine/core/kept.py) must
    say what a recount of the frame says, or anything asking the frame what fits would read the final position."""
    from iwari_desktop.engine.core.kept import fit_entries

    c, plan = queued_sequence(lambda plan: len(piece_steps(plan)) >= 2)
    frame = frame_state(c.state, plan, piece_steps(plan)[0])
    assert frame.territory_fits == fit_entries(frame.territory_tents, frame.territory_empty, frame.totem_stacks,
                                               frame.board.totem_holders)
