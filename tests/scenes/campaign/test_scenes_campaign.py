"""The campaign screens through the app, the controller and intents: profiles, journey, difficulty,
briefing → game → debrief, retry and next, resume from the autosave, the save's campaign tag, layout."""

from __future__ import annotations

import json
import os
from datetime import date

import pygame
import pytest

from hypothesis import given, settings, strategies as st

from iwari_desktop import campaign_store, i18n, storage
from iwari_desktop.engine.core.text import Text
from iwari_desktop.scenes.ui.words import localized
from iwari_desktop.engine.campaign.difficulty import Difficulty
from iwari_desktop.engine.campaign.progress import record_result
from iwari_desktop.engine.campaign.result import ChapterResult, Side, TerritoryOutcome
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.files.saves import read_save_data

from campaign_scene_helpers import new_journey, open_profiles, play_chapter, play_turns, start_chapter
from layout_check import faults
from scene_helpers import click, close_window, frames_at_checkpoints, key, press


def won_result(turns: int = 20) -> ChapterResult:
    territories = tuple(TerritoryOutcome(f"T{i}", biome, Side.PLAYER) for i, biome in enumerate(list(Biome)[:5] * 2))
    return ChapterResult(won=True, reason="the Void fell short", turns=turns, corruptions=1, territories=territories)


def give_win(profile_id: str, campaign, chapter_index: int) -> None:
    """A won try of a chapter written through the campaign's own rules (a fixture for unlocks)."""
    progress = campaign_store.load_progress(profile_id)
    record_result(campaign, progress.campaign(campaign.id), campaign.chapters[chapter_index].id, Difficulty.NORMAL,
                  won_result(), date(2026, 11, 20))
    campaign_store.save_progress(profile_id, progress)


# ---- profiles ------------------------------------------------------------------------------------------
def test_profiles_create_rename_and_delete_only_after_confirmation(app):
    from iwari_desktop.scenes.ui.dialogs import ConfirmScene

    profiles = open_profiles(app)
    assert profiles.entries == [] and not profiles.open_journey("journey")
    assert "Create a profile first" in profiles.message
    profiles.name_entry.set_text("Ann")
    press(app, profiles.buttons["create"])           # a real click on Create profile
    assert [e.name for e in profiles.entries] == ["Ann"]
    assert not profiles.create("  ann ")              # names are unique ignoring case
    assert "already a profile called ann" in profiles.message
    assert profiles.create("Ben")
    ann = next(e.id for e in profiles.entries if e.name == "Ann")
    profiles.select(ann)
    assert profiles.rename("Anna") and campaign_store.load_progress(ann).profile == "Anna"
    assert not profiles.rename("ben") and campaign_store.load_progress(ann).profile == "Anna"

    profiles.ask_delete()
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene) and "Anna" in confirm.question
    key(app, pygame.K_ESCAPE)                         # backing out deletes nothing
    assert app.stack.top is profiles and campaign_store.profile_path(ann).is_file()
    profiles.ask_delete()
    key(app, pygame.K_RETURN)
    assert not campaign_store.profile_path(ann).exists()
    assert [e.name for e in profiles.entries] == ["Ben"]


@pytest.mark.parametrize("newer", [False, True])
def test_a_damaged_or_newer_progress_file_is_kept_aside_only_if_the_player_agrees(app, newer):
    from iwari_desktop.scenes.campaign.campaign_journey import JourneyScene
    from iwari_desktop.scenes.ui.dialogs import ConfirmScene

    made = campaign_store.create_profile("Ann", date(2026, 11, 1))
    text = (json.dumps({"format": "iwari-progress", "version": 99, "profile": "Ann"}) if newer
            else '{"format": "iwari-progress", "version": 1, "profile": ')
    made.path.write_text(text, encoding="utf-8")
    profiles = open_profiles(app)
    assert not profiles.entry.usable
    assert not profiles.open_journey("journey")
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmScene)
    assert ("newer Iwari Desktop" in dialog.detail) == newer and ("damaged" in dialog.detail) != newer
    dialog.cancel()
    assert made.path.read_text(encoding="utf-8") == text          # untouched without a yes
    assert not [p for p in made.path.parent.iterdir() if p.name != made.path.name]
    assert profiles.open_journey("journey") is False
    app.stack.top.agree()
    kept = [p for p in made.path.parent.iterdir() if p.name != made.path.name]
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == text
    assert ("newer" in kept[0].name) == newer
    assert campaign_store.load_progress(made.id).campaigns == {}
    assert "kept as" in profiles.message
    assert profiles.open_journey("journey")
    assert isinstance(app.stack.find(JourneyScene), JourneyScene)


# ---- journey ----------------------------------------------------------------------------------------------
def test_journey_keys_and_clicks_move_along_the_path_and_a_closed_chapter_is_refused(app):
    from iwari_desktop.scenes.campaign.campaign_briefing import BriefingScene

    _, journey = new_journey(app)
    assert journey.selected == 0 and journey.statuses()[1].unlocked is False
    key(app, pygame.K_DOWN)
    assert journey.selected == 1
    key(app, pygame.K_UP)
    assert journey.selected == 0
    key(app, pygame.K_3)
    assert journey.selected == 2
    _, node = journey.node_rects()[1]
    click(app, node.center)
    assert journey.selected == 1
    key(app, pygame.K_RETURN)                         # closed: no briefing, the reason instead
    assert app.stack.top is journey
    assert "closed" in journey.message and journey.campaign.chapters[0].title in journey.message
    assert not journey.buttons["briefing"].is_enabled
    click(app, journey.node_rects()[0][1].center)
    click(app, journey.node_rects()[0][1].center)     # a second click on the chosen chapter opens it
    assert isinstance(app.stack.top, BriefingScene) and app.stack.top.chapter.id == journey.campaign.chapters[0].id
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is journey


def test_difficulty_is_asked_once_stored_in_the_profile_and_sets_k(app):
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.campaign.campaign_difficulty import DifficultyScene

    profiles, journey = new_journey(app, difficulty=Difficulty.HARD)
    profile_id = journey.profile_id
    assert campaign_store.load_progress(profile_id).campaigns["journey"].difficulty is Difficulty.HARD
    assert "Hard" in journey.buttons["difficulty"].text
    app.stack.pop()
    assert profiles.open_journey("journey")
    assert not isinstance(app.stack.top, DifficultyScene)       # asked only at the start
    journey = app.stack.top
    press(app, journey.buttons["difficulty"])
    chooser = app.stack.top
    assert isinstance(chooser, DifficultyScene)
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)                                    # Hard → Normal
    assert campaign_store.load_progress(profile_id).campaigns["journey"].difficulty is Difficulty.NORMAL
    journey = app.stack.top
    assert journey.open_briefing()
    assert app.stack.top.start(seed=3)
    config = app.stack.find(BoardScene).controller.game.config
    chapter = journey.campaign.chapters[0]
    assert config.map_id == chapter.map and config.option("k") == chapter.k
    assert config.mode is GameMode.SOLO and config.players[0].name == "Ann"


# ---- briefing → game → debrief ------------------------------------------------------------------------
def test_briefing_game_debrief_records_the_result_once_and_retry_starts_a_new_try(app):
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.campaign.campaign_debrief import DebriefScene
    from iwari_desktop.scenes.campaign.campaign_journey import JourneyScene

    _, journey = new_journey(app)
    chapter = journey.campaign.chapters[0]
    board = play_chapter(app, journey)
    debrief = app.stack.top
    assert isinstance(debrief, DebriefScene) and debrief.run is board.campaign
    run = board.campaign
    assert run.recorded and run.debrief is not None
    assert [c.met for c in run.debrief.checks][0] == run.result.won
    record = campaign_store.load_progress(journey.profile_id).campaign("journey").record(chapter.id).at(Difficulty.NORMAL)
    assert record.tries == 1 and record.wins == int(run.result.won)
    tag = read_save_data(board.autosave_file)["meta"]["campaign"]
    assert tag == {"profile": journey.profile_id, "campaign": "journey", "chapter": chapter.id,
                   "difficulty": "normal", "recorded": True}
    key(app, pygame.K_ESCAPE)                          # see the board, then its main button shows the debrief again
    assert app.stack.top is board
    board.primary()
    assert isinstance(app.stack.top, DebriefScene)
    assert campaign_store.load_progress(journey.profile_id).campaign("journey").record(chapter.id).tries == 1
    from iwari_desktop.scenes.campaign.campaign_run import resumable

    assert resumable(journey.profile_id, "journey") is None        # recorded: nothing left to resume
    assert not run.result.won                                       # these seeded gestures lose the chapter
    assert debrief.next_chapter is None and not app.stack.top.widgets[-1].is_enabled   # lost: Next stays closed
    assert app.stack.top.retry()
    again = app.stack.find(BoardScene)
    assert again is not board and again.campaign.chapter.id == chapter.id and not again.campaign.recorded
    assert [type(s).__name__ for s in app.stack.scenes] == ["MenuScene", "ProfilesScene", "JourneyScene",
                                                            "BoardScene"]
    assert app.stack.find(JourneyScene) is journey


def test_debrief_next_chapter_opens_its_briefing_and_campaign_returns_to_the_journey(app):
    from iwari_desktop.scenes.campaign.campaign_briefing import BriefingScene
    from iwari_desktop.scenes.campaign.campaign_debrief import DebriefScene

    _, journey = new_journey(app)
    give_win(journey.profile_id, journey.campaign, 0)      # chapter 2 is open now
    journey.reload()
    journey.select(0)
    play_chapter(app, journey, seed=11)
    debrief = app.stack.top
    assert isinstance(debrief, DebriefScene)
    second = journey.campaign.chapters[1]
    assert debrief.next_chapter == second
    key(app, pygame.K_RETURN)                           # Enter: Next chapter
    briefing = app.stack.top
    assert isinstance(briefing, BriefingScene) and briefing.chapter == second
    assert journey.selected == 1
    assert [type(s).__name__ for s in app.stack.scenes][-2:] == ["JourneyScene", "BriefingScene"]
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is journey
    assert journey.statuses()[0].record.tries == 2      # the fixture's win and the game just played


def test_the_campaign_button_leaves_the_board_for_the_journey(app):
    from iwari_desktop.scenes.campaign.campaign_debrief import DebriefScene
    from scene_helpers import find_button
    _, journey = new_journey(app)
    play_chapter(app, journey, seed=5)
    debrief = app.stack.top
    assert isinstance(debrief, DebriefScene)
    press(app, find_button(debrief, "Campaign"))
    assert app.stack.top is journey and journey.statuses()[0].record.tries == 1


# ---- resume ------------------------------------------------------------------------------------------
def _leave_mid_chapter(app, journey, seed: int = 9):
    c = play_turns(app, journey, seed).controller
    assert not c.over
    return len(c.game.log)


def test_a_chapter_left_midway_resumes_from_the_journey_even_after_a_restart(app, tmp_path, kept_file_art, kept_text_store,
                                                                           kept_shape_store, kept_theme_store):
    from iwari_desktop.app import App
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.campaign.campaign_journey import JourneyScene
    from iwari_desktop.scenes.menu.menu import MenuScene

    _, journey = new_journey(app)
    played = _leave_mid_chapter(app, journey)
    app.stack.reset(MenuScene(app))                     # the player left (or the game crashed)
    close_window()
    again = App(size=(1280, 720), fullscreen=False, headless=True,   # a fresh start on the same folders, given
                file_art=kept_file_art, text_store=kept_text_store,  # the worker's pictures, text, boxes and theme
                shape_store=kept_shape_store, theme_store=kept_theme_store,  # as the `app` fixture's App is: the
                give_back_memory=False)   # progress and autosave it reads are on disk, not in these stores
    again.step(0)
    profiles = open_profiles(again)
    assert profiles.open_journey("journey")
    journey = again.stack.top
    assert isinstance(journey, JourneyScene) and journey.resume_tag is not None
    assert journey.campaign.chapters[0].title in journey.buttons["resume"].text
    press(again, journey.buttons["resume"])
    board = again.stack.find(BoardScene)
    assert board is not None and board.campaign is not None
    assert len(board.controller.game.log) == played and board.campaign.chapter.id == journey.campaign.chapters[0].id
    assert again.stack.find(JourneyScene) is journey
    # Continue on the menu resumes it as a chapter too
    again.stack.reset(MenuScene(again))
    again.stack.top.choose("continue")
    board = again.stack.find(BoardScene)
    assert board.campaign is not None and board.campaign.profile_id == journey.profile_id
    close_window()


def test_another_profiles_chapter_or_a_finished_one_is_not_offered_for_resuming(app):
    from iwari_desktop.scenes.menu.menu import MenuScene

    profiles, journey = new_journey(app)
    _leave_mid_chapter(app, journey)
    app.stack.reset(MenuScene(app))
    profiles = open_profiles(app)
    assert profiles.create("Ben")
    assert profiles.open_journey("journey")
    app.stack.top.take(Difficulty.NORMAL)
    assert app.stack.top.resume_tag is None and "resume" not in app.stack.top.buttons


# ---- the save's campaign tag --------------------------------------------------------------------------
def test_the_campaign_tag_reads_only_exactly_its_own_shape():
    from iwari_desktop.scenes.campaign.campaign_run import ChapterTag

    tag = ChapterTag("profile-3", "journey", "first-light", Difficulty.HARD, recorded=True)
    assert ChapterTag.from_meta(tag.to_meta()) == tag
    assert ChapterTag.from_meta({"label": "Autosave"}) is None            # a save from before campaigns
    good = tag.to_meta()["campaign"]
    for broken in ({**good, "profile": "../x"}, {**good, "difficulty": "insane"}, {**good, "recorded": "yes"},
                   {**good, "chapter": "a b"}, {**good, "extra": 1}, {k: v for k, v in good.items() if k != "chapter"}):
        assert ChapterTag.from_meta({"campaign": broken}) is None, broken


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=5),
                    max_leaves=20))
def test_fuzz_campaign_tag_never_raises(meta):
    from iwari_desktop.scenes.campaign.campaign_run import ChapterTag

    for value in (meta, {"campaign": meta}):
        tag = ChapterTag.from_meta(value)
        assert tag is None or ChapterTag.from_meta(tag.to_meta()) == tag


def test_older_saves_and_slot_saves_load_as_ordinary_games(app, tmp_path):
    from iwari_desktop.engine import Game, GameConfig, PlayerSpec
    from iwari_desktop.engine.core.config import PLAYER_COLOURS
    from iwari_desktop.engine.files.saves import write_save
    from iwari_desktop.scenes.campaign.campaign_run import resume_options

    game = Game.new(GameConfig("new-horizons", (PlayerSpec("Ann", PLAYER_COLOURS[0]),), 4, mode=GameMode.SOLO,
                               options={"k": 3}))
    storage.saves_dir().mkdir(parents=True, exist_ok=True)
    legacy = storage.saves_dir() / storage.AUTOSAVE_NAME                     # the one autosave of older versions
    write_save(legacy, game, {"label": "Autosave"})                          # as every save before this change
    assert resume_options(legacy, game) == {}
    tagged = {"label": "x", "campaign": {"profile": "profile-1", "campaign": "journey", "chapter": "first-light",
                                         "difficulty": "normal", "recorded": False}}
    write_save(storage.slot_path(1), game, tagged)
    assert resume_options(storage.slot_path(1), game) == {}                  # only the autosave resumes a chapter
    write_save(legacy, game, tagged)
    assert resume_options(legacy, game)["campaign"].chapter.id == "first-light"
    other = Game.new(GameConfig("glacial-mass", (PlayerSpec("Ann", PLAYER_COLOURS[0]),), 4, mode=GameMode.SOLO,
                                options={"k": 3}))
    assert resume_options(legacy, other) == {}              # a tag that does not fit the game


# ---- co-op ---------------------------------------------------------------------------------------------
def test_the_coop_journey_has_its_own_progress_its_chapters_k_and_the_partners_names(app):
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.campaign.campaign_briefing import BriefingScene

    profiles, journey = new_journey(app, campaign="coop-journey")
    assert journey.campaign.mode.value == "coop"
    assert journey.open_briefing()
    briefing = app.stack.top
    assert isinstance(briefing, BriefingScene) and briefing.partner_entry is not None
    briefing.partner_entry.set_text("Ben")
    assert briefing.start(seed=4)
    config = app.stack.find(BoardScene).controller.game.config
    assert config.mode is GameMode.COOP and config.option("k") == journey.campaign.chapters[0].k == 8
    assert [p.name for p in config.players] == ["Ann", "Ben"]
    progress = campaign_store.load_progress(journey.profile_id)
    assert set(progress.campaigns) == {"coop-journey"}


# ---- layout --------------------------------------------------------------------------------------------
def resize(app, size) -> None:
    app.pg.display.set_mode(size)
    app.on_resize(size)
    app.step(0)


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_campaign_screens_fit(app, size):
    from iwari_desktop.scenes.campaign.campaign_debrief import DebriefScene
    from iwari_desktop.scenes.menu.menu import MenuScene

    resize(app, size)
    assert faults(app) == []                           # the menu with its nine entries
    profiles = open_profiles(app)
    assert faults(app) == []                           # no profile yet
    for name in ("Ann", "Bartholomew Longname-Smithers", "Cat"):
        assert profiles.create(name)
    profiles.message = i18n._("Cannot create the profile: {reason}.").format(reason=localized(  # long, in the language
        Text("Worship variant 2 counts tents on contested tokens, and {map} has none", map="The Uncharted Paths")))
    assert faults(app) == [], "profiles"
    ann = next(e.id for e in profiles.entries if e.name == "Ann")
    profiles.select(ann)
    assert profiles.open_journey("journey")
    assert faults(app) == [], "difficulty"
    app.stack.top.take(Difficulty.NORMAL)
    journey = app.stack.top
    give_win(ann, journey.campaign, 0)
    journey.reload()
    for index in range(len(journey.campaign.all_chapters)):
        journey.select(index)
        assert faults(app) == [], f"journey at chapter {index}"
    journey.select(0)
    assert journey.open_briefing()
    assert faults(app) == [], "briefing"
    app.stack.pop()
    _leave_mid_chapter(app, journey)
    app.stack.reset(MenuScene(app))
    profiles = open_profiles(app)
    profiles.select(ann)
    profiles.open_journey("journey")
    journey = app.stack.top
    journey.message = i18n._("{title} is closed: {reason}.").format(title=i18n._("Along the Long Road"), reason=localized(
        Text("win {chapter} to open this chapter", chapter=Text("A Cold Welcome"))))
    assert "resume" in journey.buttons and faults(app) == [], "journey with resume"
    journey.resume_chapter()
    from iwari_desktop.scenes.board.board import BoardScene

    board = app.stack.find(BoardScene)
    from iwari_desktop.scenes.selftest.smoke_campaign import _play_to_debrief

    with frames_at_checkpoints(app):   # the chapter's frames: `--smoke campaign` draws them; the debrief is drawn
        _play_to_debrief(app, board, 3)
    assert isinstance(app.stack.top, DebriefScene)
    assert faults(app) == [], "debrief"
    app.stack.top.to_campaign()
    assert profiles.open_journey("coop-journey")
    app.stack.top.take(Difficulty.EASY)
    assert app.stack.top.open_briefing()
    assert faults(app) == [], "co-op briefing"


@pytest.mark.slow
def test_smoke_campaign_plays_a_chapter_and_reads_the_progress_back(tmp_path, monkeypatch, capsys, kept_file_art,
                                                                  kept_text_store, kept_shape_store, kept_theme_store):
    """`--smoke campaign` through the entry point, its two Apps (the restart) given what the `app` fixture hands
    its App (tests/conftest.py): the worker's decoded map pictures (the journey's thumbnails decoded each
    chapter map's full art afresh in both Apps), drawn text, boxes and parsed theme. The Apps' own stores and
    the real `FileArt` decoding thumbnails are what the subprocess smoke runs of tests/storage/
    test_files_last_gaps.py use (the setup screen's thumbnails go through the same `board_preview`)."""
    import functools

    from iwari_desktop import app as app_module
    from iwari_desktop.app import run

    for name in ("DATA", "CONFIG", "CACHE"):
        monkeypatch.setenv(f"IWARI_{name}_DIR", str(tmp_path / name.lower()))
    monkeypatch.setattr(app_module, "App", functools.partial(
        app_module.App, file_art=kept_file_art, text_store=kept_text_store, shape_store=kept_shape_store,
        theme_store=kept_theme_store, give_back_memory=False))
    assert run(["--smoke", "campaign"]) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith("smoke campaign ok: profile 'Smoke Tester', chapter 'First Light'") and "\n" not in out
    assert "recorded and read back after a restart" in out
    profiles = os.listdir(tmp_path / "data" / "profiles")
    assert profiles == ["profile-1.json"]


def test_a_profile_damaged_during_the_chapter_is_not_overwritten_and_the_debrief_says_so(app):
    from iwari_desktop.scenes.campaign.campaign_debrief import DebriefScene

    _, journey = new_journey(app)
    from iwari_desktop.scenes.selftest.smoke_campaign import _play_to_debrief

    path = campaign_store.profile_path(journey.profile_id)
    board = start_chapter(app, journey, 7)
    path.write_text("{ damaged", encoding="utf-8")          # another copy of the game, a hand edit, a disk fault
    with frames_at_checkpoints(app):   # the chapter's frames: `--smoke campaign` draws them; the debrief is drawn
        _play_to_debrief(app, board, 7)
    debrief = app.stack.top
    assert isinstance(debrief, DebriefScene)
    assert not debrief.run.recorded and debrief.run.debrief is None and "not valid JSON" in debrief.run.problem
    assert path.read_text(encoding="utf-8") == "{ damaged"
    assert read_save_data(board.autosave_file)["meta"]["campaign"]["recorded"] is False
    assert faults(app) == []
