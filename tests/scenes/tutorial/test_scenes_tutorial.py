"""Learn to play on screen (issue #12, Tutorial): played through by its script on the ordinary board and
controller, wrong clicks refused with the step's explanation, skipping and leaving, the menu entry, the
offer on the first start, and the layout of every step at 1280×720 and 1920×1080."""

from __future__ import annotations

import json

import pygame
import pytest

from iwari_desktop import autosaves, storage
from iwari_desktop.engine.tutorial import TUTORIAL, StepKind
from iwari_desktop.i18n import _
from iwari_desktop.scenes.board.board import BoardScene
from iwari_desktop.scenes.board.controller import GameController
from iwari_desktop.scenes.menu.menu import MenuScene
from iwari_desktop.scenes.board.overlays import AnnouncementOverlay, ConfirmScene
from iwari_desktop.scenes.selftest.smoke_tutorial import drive
from iwari_desktop.scenes.tutorial.tutorial import TutorialScene, TutorialScoringScene, start_tutorial
from iwari_desktop.scenes.tutorial.tutorial_offer import offer_tutorial
from layout_check import faults, record
from scene_helpers import click, find_button, frames_at_checkpoints, inside, press
from repo_root import ROOT


def open_tutorial(app) -> TutorialScene:
    press(app, find_button(app.stack.top, "Learn to play"))
    scene = app.stack.top
    assert isinstance(scene, TutorialScene)
    return scene


def test_the_menu_entry_opens_the_tutorial_on_the_ordinary_board_and_controller(app):
    scene = open_tutorial(app)
    assert isinstance(scene, BoardScene) and isinstance(scene.controller, GameController)
    c = scene.controller
    assert c.state.board.name == "New Horizons" and c.coach.index == 0
    assert [p.computer for p in c.game.config.players] == [None, "easy", "easy"]
    assert scene.computers.controller is c  # the opponents play through the same controller


@pytest.mark.slow
def test_the_tutorial_plays_through_by_its_script_to_the_final_scoring(app):
    scene = open_tutorial(app)
    # its frames are drawn by `--smoke tutorial` (a subprocess below, twice in-process in test_smoke_twice.py)
    with frames_at_checkpoints(app):
        counts = drive(app, scene)
    c = scene.controller
    assert c.over and c.state.result is not None and tuple(c.state.result.winners) == (0,)
    assert c.coach.is_kind(StepKind.FINISH) and counts["scorings"] == 2 and counts["refusals_checked"] >= 5
    assert [r.kind for r in c.state.reports] == ["half", "final"]
    assert autosaves.list_autosaves() == []  # a scripted deal is never saved (it cannot be replayed)
    from iwari_desktop.history_store import history_path

    assert not history_path().exists()  # nor kept in the history of finished games
    press(app, scene.panel.buttons["finish"])
    assert isinstance(app.stack.top, MenuScene)


def test_a_wrong_click_is_refused_with_the_steps_explanation_and_changes_nothing(app):
    scene = open_tutorial(app)
    c = scene.controller
    step = c.coach.step
    assert step.kind is StepKind.SELECT
    tundra = list(c.hand()).index(next(b for b in c.hand() if b.key == "tundra"))
    before, log = c.state.clone(), list(c.game.log)
    click(app, scene.hud.hand_rects[tundra].center)  # the step asks for a Forest card
    assert c.coach.refusal == step.refusal and c.selected == [] and c.coach.index == 0
    assert c.state == before and c.game.log == log
    shown = [t.text for t in record(app).texts]
    assert _(step.refusal) in shown  # the panel says what to do instead
    # the right card, then a territory the step does not ask for
    forest = list(c.hand()).index(next(b for b in c.hand() if b.key == "forest"))
    click(app, scene.hud.hand_rects[forest].center)
    assert c.coach.index == 1 and c.coach.refusal is None
    wrong = next(t for t, terr in enumerate(c.state.board.territories) if terr.biome.key == "forest" and t != 2)
    before = c.state.clone()
    click(app, inside(scene.view, wrong))
    assert c.coach.refusal == c.coach.step.refusal and c.state == before and not c.game.log
    assert c.set_pieces(2) is None and c.pieces_choice is None and c.coach.refusal  # the step places one piece
    click(app, inside(scene.view, 2))  # Whisperpine Vale, the lit one
    assert c.state.pending is not None and c.state.pending.territory == 2 and c.coach.index == 2


def test_undo_and_the_pause_menu_cannot_break_the_scripted_game(app):
    scene = open_tutorial(app)
    c = scene.controller
    assert not c.can_undo() and c.undo() is False and c.coach.refusal is not None
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.step(0)
    top = app.stack.top
    assert isinstance(top, ConfirmScene)  # Esc asks to leave; there is no Save for a scripted deal
    top.cancel()
    assert app.stack.top is scene and not (storage.saves_dir().exists() and any(storage.saves_dir().iterdir()))


def test_skip_this_step_makes_the_move_for_the_learner_through_the_controller(app):
    scene = open_tutorial(app)
    c = scene.controller
    press(app, scene.panel.buttons["skip"])  # select one Forest card
    assert c.coach.index == 1 and [b.key for b in c.selected_cards()] == ["forest"]
    press(app, scene.panel.buttons["skip"])  # into Whisperpine Vale
    press(app, scene.panel.buttons["skip"])  # its tent
    assert [str(a) for a in c.game.log] == ["place t2 forest 1", "tent s20"]
    assert c.coach.skipped == 3 and c.coach.index == 3
    press(app, scene.panel.buttons["skip"])  # the Forest card from the display
    press(app, scene.panel.buttons["skip"])  # End turn
    assert c.computer_to_move and not scene.panel.buttons["skip"].is_enabled  # nothing to skip while Moss plays
    assert scene.coach_text().startswith("Moss")


def test_leave_tutorial_returns_to_the_menu(app):
    scene = open_tutorial(app)
    press(app, scene.panel.buttons["leave"])
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene)
    confirm.agree()
    app.step(0)
    assert isinstance(app.stack.top, MenuScene) and len(app.stack.scenes) == 1


def test_the_first_start_offers_the_tutorial_once(app):
    assert offer_tutorial(app) is True
    offer = app.stack.top
    assert isinstance(offer, ConfirmScene) and offer.yes == "Learn to play"
    saved = json.loads(storage.settings_path().read_text())
    assert saved["tutorial_offered"] is True
    offer.agree()
    assert isinstance(app.stack.top, TutorialScene)
    from iwari_desktop.app import App

    again = App(size=(1280, 720), fullscreen=False, headless=True)
    assert again.settings.tutorial_offered and offer_tutorial(again) is False
    assert isinstance(again.stack.top, MenuScene)


def test_an_old_settings_file_without_the_flag_still_loads_and_offers_once(app, tmp_path):
    storage.settings_path().parent.mkdir(parents=True, exist_ok=True)
    storage.settings_path().write_text(json.dumps({"window_size": [1400, 800], "sound": False}))
    settings, problem = storage.read_settings()
    assert problem is None and settings.window_size == (1400, 800) and settings.tutorial_offered is False
    assert storage.Settings.from_json({"tutorial_offered": "yes"}).tutorial_offered is False
    assert storage.Settings.from_json(settings.to_json()) == settings


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_tutorial_step_lays_out_without_overlaps_at(app, size, monkeypatch):
    app.pg.display.set_mode(size)
    app.on_resize(size)
    start_tutorial(app)
    scene = app.stack.top
    seen: set[tuple[str, int]] = set()
    original = scene.coach.perform

    def checked_perform(controller):
        key = (type(app.stack.top).__name__, scene.coach.index)
        if key not in seen:
            seen.add(key)
            found = faults(app)
            assert not found, f"step {scene.coach.number}: {found[:3]}"
            assert not scene.panel.rect.colliderect(scene.view.rect)  # the panel covers no part of the map
            if app.stack.top is scene:  # the exact thing to click is lit
                c = scene.controller
                assert scene.lit_rects() or scene.coach_points() or c.lit_territories(), f"step {scene.coach.number}"
        return original(controller)

    monkeypatch.setattr(scene.coach, "perform", checked_perform)
    with frames_at_checkpoints(app):   # `faults` draws every visible scene itself at each new step
        drive(app, scene)
    assert len(seen) >= 40
    assert not faults(app)  # the last step


def test_the_scoring_screens_carry_the_coach_and_light_next(app):
    scene = open_tutorial(app)
    c = scene.controller
    checked = 0
    app.settings.computer_pace = "instant"
    with frames_at_checkpoints(app):   # the scoring screens are checked by faults, which draws them (issue #32)
        for _ in range(3000):
            top = app.stack.top
            if isinstance(top, TutorialScoringScene):
                assert not top.panel.rect.colliderect(top.map_area)
                assert top.coach_text() and top.primary_button() is not None
                assert not faults(app), faults(app)[:3]
                checked += 1
                if checked > 4:
                    break
                top.go(top.step + 1)
            elif isinstance(top, AnnouncementOverlay):
                top.acknowledge()
            elif c.computer_to_move or c.turn_done and c.computer_level(c.last_seat) is not None:
                import time

                scene.computers.step(time.monotonic() + 1000)
                if scene.computers.thinker is not None:
                    scene.computers.thinker.join(10)
            else:
                scene.coach.perform(c)
                scene._after()
            app.step(0)
    assert checked > 4


@pytest.mark.slow
def test_smoke_tutorial_command_plays_it_through_in_temporary_folders(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = {k: v for k, v in os.environ.items() if not k.startswith("IWARI_")}
    env.update(HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path / "d"), XDG_CONFIG_HOME=str(tmp_path / "c"),
               XDG_CACHE_HOME=str(tmp_path / "k"))
    done = subprocess.run([sys.executable, "-m", "iwari_desktop", "--smoke", "tutorial"], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tutorial ok:") and "wrong clicks refused" in lines[0]
    assert not (tmp_path / "c").exists() and not (tmp_path / "d").exists()  # temporary folders only
    ci = (ROOT / ".ci" / "run").read_text()
    assert '"$app_dir/iwari" --smoke tutorial' in ci  # the frozen build plays it too
