"""Watch the game and History & statistics, driven through intents and button clicks like a player.

Every screen is also checked by the text-layout checker (tests/support/layout_check.py) at 1280×720 and
1920×1080, with five 16-character names, hands shown and hidden.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pygame
import pytest

from history_helpers import finished_game
from iwari_desktop import history_store, storage
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.core.game import Game
from iwari_desktop.scenes.history.history_scene import HistoryScene
from iwari_desktop.scenes.history.replay_scene import SPEEDS, ReplayScene, watch
from layout_check import all_text, faults
from iwari_desktop import i18n
from scene_helpers import LONG, click, find_button, frames_at_checkpoints, key, press, resize

SIZES = [(1280, 720), (1920, 1080)]
NOW = datetime(2026, 11, 21, 20, 0, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def long_game() -> Game:
    names = tuple((LONG[i], "hard" if i == 4 else None) for i in range(5))
    return finished_game("new-horizons", names, seed=8)


@pytest.fixture(scope="module")
def solo_game() -> Game:
    return finished_game("new-horizons", (("Aiyana Bodhiwalk", None),), seed=3, mode=GameMode.SOLO)


def test_watch_steps_forward_back_and_jumps_through_intents(app, long_game):
    scene = watch(app, long_game)
    app.step(0)
    replay = scene.replay
    assert scene.step == 0 and app.stack.top is scene
    key(app, pygame.K_DOWN)                       # one move forward
    assert scene.step == 1
    press(app, scene.buttons["forward"])
    press(app, scene.buttons["forward"])
    assert scene.step == 3 and scene.state == replay.state_at(3)
    key(app, pygame.K_BACKSPACE)                  # one move back
    assert scene.step == 2
    press(app, scene.buttons["back"])
    assert scene.step == 1
    key(app, pygame.K_END)
    assert scene.step == replay.end and scene.state == long_game.state
    key(app, pygame.K_UP)
    assert scene.step == replay.end - 1
    press(app, scene.buttons["half"])
    assert scene.step == replay.half and any(r.kind == "half" for r in scene.state.reports)
    key(app, pygame.K_HOME)
    assert scene.step == 0 and scene.state == Game.new(long_game.config).state
    bar = scene.timeline
    click(app, (bar.x + bar.w // 2, bar.centery))  # a click on the timeline jumps there
    assert abs(scene.step - replay.end // 2) <= 1
    press(app, scene.buttons["end"])
    assert scene.step == replay.end
    press(app, scene.buttons["start"])
    assert scene.step == 0
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not scene


def test_play_advances_at_the_chosen_speed_and_stops_at_the_end(app, long_game):
    scene = watch(app, long_game)
    app.step(0)
    key(app, pygame.K_RETURN)
    assert scene.playing and scene.buttons["play"].text == "Pause"
    speed = SPEEDS[scene.speed]
    scene.update(3.01 / speed)
    assert scene.step == 3
    press(app, scene.buttons["speed"])
    assert SPEEDS[scene.speed] > speed and scene.buttons["speed"].text.startswith("Speed")
    press(app, scene.buttons["play"])
    assert not scene.playing
    scene.update(10.0)
    assert scene.step == 3                       # paused: time does not move the replay
    scene.go(scene.replay.end - 2)
    scene.toggle_play()
    scene.update(100.0)
    assert scene.step == scene.replay.end and not scene.playing


def test_clicks_on_the_board_never_play_a_move(app, long_game):
    scene = watch(app, long_game)
    scene.go(40)
    app.step(0)
    log_before = list(scene.replay.actions)
    for territory in range(len(scene.replay.board.territories)):
        t = scene.replay.board.territories[territory]
        point = scene.view.to_screen(t.totem_space or scene.replay.board.spaces[t.tent_spaces[0]].position)
        click(app, point)
    assert scene.step == 40 and scene.replay.actions == log_before and scene.state == scene.replay.state_at(40)


def test_the_current_move_is_narrated_as_in_recent_moves_and_lit(app, long_game):
    from iwari_desktop.engine.core.actions import Place
    from iwari_desktop.scenes.board.narration import replay_history

    scene = watch(app, long_game)
    step = next(n for n in range(1, scene.replay.end) if isinstance(scene.replay.actions[n - 1], Place))
    scene.go(step)
    expected = [(tribe, text) for index, (tribe, text) in replay_history(long_game, keep=10 ** 9)
                if index == step - 1]
    shown = " ".join(all_text(app))
    assert expected
    for tribe, text in expected:
        assert f"{long_game.state.tribes[tribe].name} {text}" in shown   # the same sentence as Recent moves
    assert scene.replay.actions[step - 1].territory in scene.lit.territories
    assert f"Move {step} of {scene.replay.end}" in all_text(app)


def test_hands_show_only_for_finished_games_with_the_setting(app, long_game):
    unfinished = Game.replay(long_game.config, long_game.log[:50])
    app.settings.show_hands_in_replays = False
    finished_scene = watch(app, long_game)
    assert not finished_scene.hands_shown and "Settings" in finished_scene.hands_note()
    app.settings.show_hands_in_replays = True
    assert finished_scene.hands_shown and finished_scene.hands_note() == ""
    app.stack.pop()
    open_scene = watch(app, unfinished)
    assert not open_scene.replay.finished and not open_scene.hands_shown
    assert "not finished" in open_scene.hands_note()
    texts = all_text(app)
    assert any("cards in hand" in t for t in texts)


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
@pytest.mark.parametrize("hands", [False, True])
def test_replay_layout_at_both_sizes(app, long_game, hands):
    app.settings.show_hands_in_replays = hands
    scene = watch(app, long_game)
    steps = sorted({0, 1, 7, scene.replay.half or 0, scene.replay.end - 1, scene.replay.end})
    found = []
    with frames_at_checkpoints(app):   # the checks draw what they read: no app frame per resize (issue #32)
        for size in SIZES:
            resize(app, size)
            for step in steps:
                scene.go(step)
                found += [f"{size} step {step}: {f}" for f in faults(app)]
    assert found == []


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_solo_replay_layout_and_void_end_records_the_game(app, solo_game):
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.setup.setup import start_game
    from iwari_desktop.scenes.solo.void_end import VoidEndScene

    start_game(app, solo_game)
    board = app.stack.find(BoardScene)
    for _ in range(200):   # the board opens the end screen itself, after any steps still to show
        top = app.stack.top
        if isinstance(top, VoidEndScene):
            break
        if top is board:
            board.primary()
        elif hasattr(top, "finish"):
            top.finish()
        else:
            app.stack.pop()
        app.step(0)
    end = app.stack.top
    records = history_store.read_history().records
    assert len(records) == 1 and records[0].mode is GameMode.SOLO and records[0].won is solo_game.state.result.won
    press(app, end.watch_button)
    scene = app.stack.top
    assert isinstance(scene, ReplayScene) and scene.replay.end == len(solo_game.log)
    with frames_at_checkpoints(app):   # the checks draw what they read: no app frame per resize (issue #32)
        for size in SIZES:
            resize(app, size)
            for step in (0, scene.replay.end // 2, scene.replay.end):
                scene.go(step)
                assert faults(app) == [], (size, step)


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_final_scoring_records_the_game_once_and_offers_watch(app, long_game):
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.scoring.scoring import ScoringScene
    from iwari_desktop.scenes.setup.setup import start_game

    start_game(app, long_game)
    board = app.stack.find(BoardScene)
    while app.stack.top is not board:
        app.stack.pop()
    for _ in range(2):   # the final scoring opened twice: one record
        scoring = ScoringScene(app, board.controller, long_game.state.reports[-1])
        app.stack.push(scoring)
        scoring.skip()
        app.step(0)
        assert len(history_store.read_history().records) == 1
        if _ == 0:
            scoring.close()
    with frames_at_checkpoints(app):   # faults draws what it reads: no app frame per resize (issue #32)
        for size in SIZES:
            resize(app, size)
            assert faults(app) == [], size
    press(app, find_button(scoring, i18n._("Watch the game")))
    scene = app.stack.top
    assert isinstance(scene, ReplayScene) and scene.replay.end == len(long_game.log)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scoring


def _record_some(games: list[Game]) -> None:
    for i, game in enumerate(games):
        history_store.record_game(game, NOW + timedelta(hours=i))


def test_history_lists_watches_and_exports_from_the_main_menu(app, long_game, solo_game):
    _record_some([long_game, solo_game])
    menu = app.stack.top
    press(app, menu.buttons["history"])
    screen = app.stack.top
    assert isinstance(screen, HistoryScene) and len(screen.read.records) == 2
    assert screen.selected.mode is GameMode.SOLO   # newest first
    screen.select(screen.read.records[1])
    press(app, screen.watch_button)
    scene = app.stack.top
    assert isinstance(scene, ReplayScene) and scene.replay.config == long_game.config
    press(app, scene.buttons["close"])
    assert app.stack.top is screen
    press(app, screen.export_button)
    dialog = app.stack.top
    assert dialog.name == "dialog" and "history-" in dialog.message
    app.stack.pop()
    exported = [e for e in storage.list_saves() if e.path.name.startswith("history-")]
    assert len(exported) == 1 and storage.load_save(exported[0].path).log == long_game.log


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_history_tabs_show_the_statistics_at_both_sizes(app, long_game, solo_game):
    more = finished_game("vast-lands", ((LONG[0], None), (LONG[1], None), ("Bot", "easy")), seed=2)
    _record_some([long_game, solo_game, more])
    screen = HistoryScene(app)
    app.stack.push(screen)
    found = []
    with frames_at_checkpoints(app):   # the checks draw what they read: no app frame per resize or tab (issue #32)
        for size in SIZES:
            resize(app, size)
            for tab in ("games", "players", "versus", "levels"):
                press(app, screen.tabs[tab])
                assert screen.tab == tab
                found += [f"{size} {tab}: {f}" for f in faults(app)]
    assert found == []
    press(app, screen.tabs["players"])
    texts = all_text(app)
    assert LONG[0] in texts and i18n._("Win rate") in texts
    second = screen.row_rects[1][0]
    click(app, second.center)
    assert screen.player == 1
    assert i18n._("{name} on each map").format(name=screen.stats.players[1].name) in all_text(app)
    press(app, screen.tabs["levels"])
    texts = all_text(app)
    assert i18n._("Hard") in texts and i18n._("Easy") in texts
    press(app, screen.tabs["versus"])
    assert "Solo" in all_text(app) and "New Horizons" in all_text(app)


def test_a_damaged_history_is_explained_on_the_screen(app):
    path = history_store.history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "iwari-desktop-history", "version": 1, "games": [3]}', encoding="utf-8")
    before = path.read_bytes()
    screen = HistoryScene(app)
    app.stack.push(screen)
    app.step(0)
    texts = " ".join(all_text(app))
    assert "cannot be read" in texts and "damaged" in texts
    with frames_at_checkpoints(app):   # faults draws what it reads: no app frame per resize (issue #32)
        for size in SIZES:
            resize(app, size)
            assert faults(app) == [], size
    assert path.read_bytes() == before


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_load_screen_watches_a_save_without_opening_it_for_play(app, long_game):
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.load.load import LoadScene

    unfinished = Game.replay(long_game.config, long_game.log[:60])
    path = storage.write_slot(unfinished, 2)
    broken = storage.saves_dir() / "broken.json"
    broken.write_text("{", encoding="utf-8")
    app.stack.top.choose("load")
    loader = app.stack.top
    assert isinstance(loader, LoadScene)
    loader.select(broken)
    assert not loader.watch_button.is_enabled
    loader.select(path)
    with frames_at_checkpoints(app):   # faults draws what it reads: no app frame per resize (issue #32)
        for size in SIZES:
            resize(app, size)
            assert faults(app) == [], size
    press(app, loader.watch_button)
    scene = app.stack.top
    assert isinstance(scene, ReplayScene) and scene.replay.end == 60 and not scene.replay.finished
    assert app.stack.find(BoardScene) is None
    scene.to_end()
    assert scene.state == unfinished.state


def test_settings_switch_show_hands_and_old_settings_files_still_read(app):
    from iwari_desktop.scenes.settings.settings import SettingsScene

    assert storage.Settings.from_json({"sound": False}).show_hands_in_replays is False
    assert storage.Settings.from_json({"show_hands_in_replays": True}).show_hands_in_replays is True
    assert storage.Settings.from_json({"show_hands_in_replays": "yes"}).show_hands_in_replays is False
    app.stack.top.choose("settings")
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    with frames_at_checkpoints(app):   # faults draws what it reads: no app frame per resize (issue #32)
        for size in SIZES:
            resize(app, size)
            assert faults(app) == [], size
    press(app, scene.hands_box)
    assert scene.draft.show_hands_in_replays is True
    press(app, find_button(scene, "Apply"))
    assert app.settings.show_hands_in_replays is True
    stored = json.loads(storage.settings_path().read_text(encoding="utf-8"))
    assert stored["show_hands_in_replays"] is True
    assert storage.load_settings().show_hands_in_replays is True


def test_the_menu_fits_its_entries_at_both_sizes(app):
    for size in SIZES:
        resize(app, size)
        menu = app.stack.top
        rects = [b.rect for b in menu.buttons.values()]
        assert len(rects) == 12 and "online" in menu.buttons and max(r.bottom for r in rects) <= size[1]
        assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        assert faults(app) == [], size


# `--smoke replay` runs twice over a player's data folder in tests/storage/test_files_last_gaps.py, which
# checks its one summary line, "states match", the game in the history and its exported file; a third run
# here (over empty folders) checked the same lines. The history written from nothing: the `--smoke` game.


def test_the_end_of_the_replay_says_who_won(app, long_game, solo_game):
    scene = watch(app, long_game)
    assert scene.outcome() == ""
    scene.to_end()
    winners = [long_game.state.tribes[t].name for t in long_game.state.result.winners]
    assert all(name in scene.outcome() for name in winners) and scene.outcome() in " ".join(all_text(app))
    app.stack.pop()
    solo = watch(app, solo_game)
    solo.to_end()
    assert "Void" in solo.outcome() and "Tribes" in all_text(app) and "Scores" not in all_text(app)


def test_export_into_a_chosen_slot_asks_before_overwriting_a_game(app, long_game, solo_game):
    from iwari_desktop.scenes.ui.dialogs import ConfirmScene

    _record_some([long_game])
    other = Game.replay(solo_game.config, solo_game.log[:20])
    storage.write_slot(other, 2)
    occupied = storage.slot_path(2).read_bytes()
    screen = HistoryScene(app)
    app.stack.push(screen)
    app.step(0)
    assert screen.target_button.text == "Export to: a new save file"
    press(app, screen.target_button)
    assert screen.export_slot == 1 and "free" in screen.target_button.text
    press(app, screen.export_button)          # a free slot: written at once
    app.stack.pop()                            # the "Exported" dialog
    assert storage.load_save(storage.slot_path(1)).log == long_game.log
    press(app, screen.target_button)
    assert screen.export_slot == 2 and "in use" in screen.target_button.text
    with frames_at_checkpoints(app):   # faults draws what it reads: no app frame per resize (issue #32)
        for size in SIZES:
            resize(app, size)
            assert faults(app) == [], size
    press(app, screen.export_button)
    question = app.stack.top
    assert isinstance(question, ConfirmScene) and "slot 2" in question.question
    key(app, pygame.K_ESCAPE)                  # backing out leaves the other game in the slot
    assert storage.slot_path(2).read_bytes() == occupied
    press(app, screen.export_button)
    app.stack.top.agree()
    app.stack.pop()
    assert storage.load_save(storage.slot_path(2)).log == long_game.log
    for _ in range(5):
        press(app, screen.target_button)
    assert screen.export_slot is None          # after slot 6 comes the new file again


def test_a_loaded_game_finished_later_is_recorded_when_its_final_scoring_opens(app, long_game):
    from iwari_desktop.engine.bots.players import GreedyBot
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.load.load import open_save
    from iwari_desktop.scenes.scoring.scoring import ScoringScene
    from iwari_desktop.scenes.selftest.smoke_driver import bot_step

    from dataclasses import replace

    people = replace(long_game.config, players=tuple(replace(p, computer=None) for p in long_game.config.players))
    halfway = Game.replay(people, long_game.log[:40])   # people at every seat: the bot plays each one's turn
    path = storage.write_slot(halfway, 3)
    assert open_save(app, path)
    board = app.stack.find(BoardScene)
    bot = GreedyBot(1)
    with frames_at_checkpoints(app):    # what is checked is the history; only the final scoring is drawn
        for _ in range(20_000):
            top = app.stack.top
            if isinstance(top, ScoringScene) and top.final:
                break
            if top is board:
                bot_step(board.controller, bot)
                board._after()
            elif isinstance(top, ScoringScene):
                top.close()
            else:
                getattr(top, "confirm", getattr(top, "acknowledge", app.stack.pop))()
            app.step(0)
    assert board.controller.over and isinstance(app.stack.top, ScoringScene)
    records = history_store.read_history().records
    assert len(records) == 1 and records[0].moves == len(board.controller.game.log)
    assert records[0].save["actions"][:40] == [str(a) for a in long_game.log[:40]]


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_recent_moves_in_the_replay_wrap_whole_moves_and_never_cut_one(app, long_game):
    """Watch the game shares the board's Recent moves panel: with five 16-character names and German
    sentences a move wraps onto a second line instead of ending in "…"; the newest move is always shown."""
    from iwari_desktop.scenes.ui.look import TextRecorder

    scene = watch(app, long_game)
    cut: list[str] = []
    wrapped = 0
    for size in SIZES:
        resize(app, size)
        for step in range(8, min(scene.replay.end, 60), 4):
            scene.go(step)
            surface = pygame.Surface(app.screen.get_size())
            app.ui.recorder = recorder = TextRecorder(app.screen.get_size())
            try:
                scene.draw(surface)
            finally:
                app.ui.recorder = None
            texts = [t.text for t in recorder.texts]
            heading = i18n._("Recent moves")
            assert heading in texts or step < 2
            after = texts[texts.index(heading) + 1:] if heading in texts else []
            cut += [f"{size} step {step}: {t}" for t in after if t.endswith("…")]
            newest = [e for lines in scene.lines[:step] for e in lines][-1]
            name = long_game.state.tribes[newest[0]].name
            tail = newest[1] if newest[0] < 0 else f"{name} {newest[1]}"
            assert " ".join(after).endswith(tail.split()[-1])
            wrapped += sum(1 for t in after if not any(t.startswith(p.name) for p in long_game.state.tribes))
    assert cut == [] and wrapped > 0
