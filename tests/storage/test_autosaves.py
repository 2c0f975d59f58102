"""One autosave per unfinished game (issue #21 item 1): a new game never throws an unfinished one away,
a campaign chapter in progress survives any number of other games, the single autosave of older
versions migrates, the cap evicts in its order, and the player discards one only after confirming."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pygame

from iwari_desktop import autosaves, storage
from iwari_desktop.engine.files.saves import read_save, read_save_data, write_save
from iwari_desktop.scenes.board.board import BoardScene
from iwari_desktop.scenes.load.load import LoadScene, entry_text
from iwari_desktop.scenes.menu.menu import MenuScene
from iwari_desktop.scenes.board.overlays import PauseOverlay
from iwari_desktop.scenes.ui.dialogs import ConfirmScene
from campaign_scene_helpers import new_journey, play_turns
from history_helpers import finished_game
from scene_helpers import close_window, find_button, key, make_game, play_a_few_turns, press


def _play_one_turn(app, seed: int) -> BoardScene:
    """A new game started as New game starts one, played until its first turn ended (and was autosaved)."""
    return play_a_few_turns(app, turns=1, seed=seed)


def _leave(app) -> MenuScene:
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseOverlay)
    press(app, find_button(app.stack.top, "Quit to menu"))
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    return menu


def _log(board: BoardScene) -> list[str]:
    return [str(a) for a in board.controller.game.log]


def _aged(path: Path, when: str) -> Path:
    """Give a written save another save time (the summary's time orders autosaves; the digest does not cover it)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    data["saved_at"] = when
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_game_a_left_then_game_b_started_both_stay_resumable(app):
    first = _play_one_turn(app, seed=3)
    first_log, first_file = _log(first), first.autosave_file
    _leave(app)
    second = _play_one_turn(app, seed=4)
    second_log, second_file = _log(second), second.autosave_file
    assert first_file != second_file and first_file.is_file() and second_file.is_file()
    menu = _leave(app)
    assert [e.path for e in menu.continue_targets] == [second_file, first_file]   # newest first

    # Continue lists both, with map, players and turn; choosing the first game reopens it where it was left
    menu.choose("continue")
    chooser = app.stack.top
    assert isinstance(chooser, LoadScene) and chooser.choices == [second_file, first_file]
    rows = [row for row in chooser.list.item_list]
    assert len(rows) == 2 and all("New Horizons" in r["text"] and "Ann, Ben, Cat" in r["text"] and "round 1" in r["text"]
                                  for r in rows)
    chooser.select(first_file)
    assert chooser.load()
    board = app.stack.find(BoardScene)
    assert _log(board) == first_log and board.autosave_file == first_file   # it goes on in its own file
    _leave(app)
    assert read_save(second_file).log and [str(a) for a in read_save(second_file).log] == second_log

    # Load game lists both as well
    press(app, app.stack.top.buttons["load"])
    listed = [e.path for e in app.stack.top.entries]
    assert first_file in listed and second_file in listed


def test_a_campaign_chapter_in_progress_survives_any_number_of_other_games(app):
    _, journey = new_journey(app)
    chapter_board = play_turns(app, journey, seed=9, turns=2)
    chapter_file, chapter_log = chapter_board.autosave_file, _log(chapter_board)
    shown_round = chapter_board.controller.round_number()          # what the board's side panel says
    profile = journey.profile_id
    app.stack.reset(MenuScene(app))
    for seed in range(1, 4):                                # games played on the board, each left unfinished
        _play_one_turn(app, seed)
        app.stack.reset(MenuScene(app))
    game = finished_game()
    for _ in range(2 * autosaves.KEEP):                     # and many more, finished ones and unfinished ones
        autosaves.write_autosave(game, None)
        autosaves.write_autosave(make_game(seed=5), None)
    kept = autosaves.list_autosaves()
    assert len(kept) == autosaves.KEEP and chapter_file in [e.path for e in kept]
    [row] = [entry_text(e) for e in kept if e.path == chapter_file]
    assert row.startswith(f"Campaign autosave · New Horizons · Ann · round {shown_round} · ") and shown_round > 1
    from iwari_desktop.scenes.campaign.campaign_run import resumable_save

    assert resumable_save(profile, "journey") == chapter_file
    # the journey still offers Resume, and Resume reopens the chapter game where it was left
    journey.reload()
    assert journey.resume_tag is not None and journey.resume_path == chapter_file
    app.stack.push(journey)
    assert journey.resume_chapter()
    board = app.stack.find(BoardScene)
    assert board.campaign is not None and _log(board) == chapter_log and board.autosave_file == chapter_file


def test_the_cap_evicts_finished_games_oldest_first_then_unfinished_ones_never_a_chapter_in_progress(app):
    finished, unfinished = finished_game(), make_game(seed=5)
    tag = {"campaign": {"profile": "profile-1", "campaign": "journey", "chapter": "first-light",
                        "difficulty": "normal", "recorded": False}}
    chapter = _aged(autosaves.write_autosave(unfinished, None, tag), "2020-01-01T00:00:00+00:00")   # the oldest
    damaged = autosaves.new_autosave_path()
    damaged.write_text("{ damaged", encoding="utf-8")
    done = [_aged(autosaves.write_autosave(finished, None), f"2021-0{m}-01T00:00:00+00:00") for m in (3, 1, 2)]
    left = [_aged(autosaves.write_autosave(unfinished, None), f"2022-0{m}-01T00:00:00+00:00") for m in range(1, 7)]
    assert len(autosaves.list_autosaves()) == 11              # 10 games and the damaged file: nothing evicted yet

    newest = autosaves.write_autosave(unfinished, None)       # the 11th game: one has to go, the oldest finished
    names = {e.path for e in autosaves.list_autosaves()}
    assert done[1] not in names and {done[0], done[2], newest, chapter, damaged} <= names
    order = [e.path for e in autosaves.eviction_order(autosaves.list_autosaves(), current=newest)]
    assert order == [done[2], done[0], *left]                 # finished oldest first, then unfinished oldest first

    for _ in range(9):                                        # nine more games: every other game goes first
        newest = autosaves.write_autosave(unfinished, None)
    names = {e.path for e in autosaves.list_autosaves()}
    assert chapter in names and damaged in names and not names & set(done + left)
    assert len([e for e in autosaves.list_autosaves() if not e.damaged]) == autosaves.KEEP

    # a newer try of the same journey: the older one is no longer in progress, and may go
    newer_try = autosaves.write_autosave(unfinished, None, tag)
    protected = autosaves.chapters_in_progress(autosaves.list_autosaves())
    assert protected[("profile-1", "journey")].path == newer_try
    assert chapter not in {e.path for e in autosaves.list_autosaves()}   # it was the oldest evictable


def test_chapters_in_progress_are_kept_beyond_the_cap_rather_than_evicted_unasked(app):
    game = make_game(seed=5)
    paths = []
    for n in range(1, autosaves.KEEP + 3):
        tag = {"campaign": {"profile": f"profile-{n}", "campaign": "journey", "chapter": "first-light",
                            "difficulty": "normal", "recorded": False}}
        paths.append(autosaves.write_autosave(game, None, tag))
    assert {e.path for e in autosaves.list_autosaves()} == set(paths)


def test_the_single_autosave_of_older_versions_migrates_and_resumes(tmp_path, monkeypatch, app):
    from iwari_desktop.app import App

    legacy = storage.saves_dir() / storage.AUTOSAVE_NAME
    game = make_game(seed=6)
    for _ in range(12):
        game.play(game.legal_actions()[0])
    write_save(legacy, game, {"label": "Autosave"})
    before = legacy.read_bytes()
    close_window()
    fresh = App(size=(1280, 720), fullscreen=False, headless=True)   # a start-up migrates it
    fresh.step(0)
    assert not legacy.exists()
    [entry] = autosaves.list_autosaves()
    assert entry.path.name.startswith("autosave-") and entry.path.read_bytes() == before
    menu = fresh.stack.top
    assert [e.path for e in menu.continue_targets] == [entry.path]
    menu.choose("continue")
    board = fresh.stack.find(BoardScene)
    assert board is not None and board.autosave_file == entry.path
    assert [str(a) for a in board.controller.game.log] == [str(a) for a in game.log]


def test_an_old_autosave_that_cannot_be_renamed_still_lists_and_continues(app, monkeypatch):
    legacy = storage.saves_dir() / storage.AUTOSAVE_NAME
    write_save(legacy, make_game(seed=6), {"label": "Autosave"})

    def refuse(*args):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "rename", refuse)
    assert autosaves.migrate_legacy() is None and legacy.is_file()
    [entry] = autosaves.list_autosaves()
    assert entry.path == legacy and entry.slot_name == "Autosave"


def test_a_folder_in_place_of_the_old_autosave_is_left_alone_and_listed_as_damaged(app):
    legacy = storage.saves_dir() / storage.AUTOSAVE_NAME
    legacy.mkdir(parents=True)
    assert autosaves.migrate_legacy() is None and legacy.is_dir()


def test_discard_asks_first_then_deletes_only_that_autosave(app):
    keep = autosaves.write_autosave(make_game(seed=5), None)
    gone = autosaves.write_autosave(make_game(seed=6), None)
    slot = storage.write_slot(make_game(seed=7), 1)
    press(app, app.stack.top.buttons["load"])
    loader = app.stack.top
    loader.select(slot)
    assert not loader.discard_button.is_enabled                # a slot save is overwritten, never discarded here
    loader.select(gone)
    assert loader.discard_button.is_enabled
    press(app, loader.discard_button)
    question = app.stack.top
    assert isinstance(question, ConfirmScene) and "New Horizons" in question.detail
    press(app, find_button(question, "Cancel"))
    assert gone.is_file() and app.stack.top is loader
    press(app, loader.discard_button)
    press(app, find_button(app.stack.top, "Discard"))
    assert not gone.exists() and keep.is_file() and slot.is_file()
    assert app.stack.top is loader and gone not in [e.path for e in loader.entries]


def test_discarding_a_chapter_in_progress_says_it_can_no_longer_be_resumed(app):
    tag = {"campaign": {"profile": "profile-1", "campaign": "journey", "chapter": "first-light",
                        "difficulty": "normal", "recorded": False}}
    path = autosaves.write_autosave(make_game(seed=5), None, tag)
    app.stack.push(LoadScene(app))
    app.step(0)
    loader = app.stack.top
    loader.select(path)
    loader.ask_discard()
    assert "can no longer be resumed" in app.stack.top.detail


def test_discard_refuses_anything_but_an_autosave(app):
    import pytest

    slot = storage.write_slot(make_game(seed=7), 1)
    with pytest.raises(autosaves.NotAnAutosave):
        autosaves.discard(slot)
    folder = autosaves.new_autosave_path()
    folder.mkdir(parents=True)
    (folder / "notes.txt").write_text("the player's", encoding="utf-8")
    with pytest.raises(autosaves.NotAnAutosave):
        autosaves.discard(folder)      # a folder with something in it: the player's to look at (issue #34)
    assert slot.is_file() and folder.is_dir()


def test_a_failed_autosave_write_evicts_nothing(app, monkeypatch):
    paths = [autosaves.write_autosave(finished_game(), None) for _ in range(autosaves.KEEP)]

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("iwari_desktop.engine.files.saves.atomic_write_text", refuse)
    import pytest

    with pytest.raises(PermissionError):
        autosaves.write_autosave(make_game(seed=5), None)
    assert all(p.is_file() for p in paths)


def test_a_finished_game_is_what_continue_offers_only_when_no_game_is_unfinished(app):
    over = autosaves.write_autosave(finished_game(), None)
    entries = autosaves.list_autosaves()
    assert [e.path for e in autosaves.continue_targets(entries)] == [over]
    open_game = _aged(autosaves.write_autosave(make_game(seed=5), None), "2000-01-01T00:00:00+00:00")
    entries = autosaves.list_autosaves()
    assert [e.path for e in autosaves.continue_targets(entries)] == [open_game]   # older, but it can be played on
    assert read_save_data(open_game)["meta"]["label"] == "Autosave"


def test_a_chapter_that_ended_unrecorded_is_still_offered_by_continue(app):
    tag = {"campaign": {"profile": "profile-1", "campaign": "journey", "chapter": "first-light",
                        "difficulty": "normal", "recorded": False}}
    playing = autosaves.write_autosave(make_game(seed=5), None)
    ended = autosaves.write_autosave(finished_game(), None, tag)          # its debrief never came
    recorded = autosaves.write_autosave(finished_game(), None, {"campaign": {**tag["campaign"], "recorded": True}})
    offered = [e.path for e in autosaves.continue_targets(autosaves.list_autosaves())]
    assert ended in offered and playing in offered and recorded not in offered
