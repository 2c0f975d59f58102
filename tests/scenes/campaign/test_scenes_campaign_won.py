"""The won path of a campaign, played for real: chapters won through the controller, their debriefs line
by line, the journey opening the next chapter and the bonus at its star total; and the ways back:
Pause → Back to the campaign, Resume, Retry's new autosave under Continue.

Bots do not win the bundled chapters at their K (docs/campaign.md, Calibration), so the won games
are played on a campaign written here, whose chapters name a generous K (the format allows a
chapter's own K, 1–12). The player's side is the registry's `solo` bot, its choices made by the same
gestures a click makes (`solo_driver.void_step`); nothing about the result is made up.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from iwari_desktop import campaign_store
from iwari_desktop.engine.bots.solo import SoloBot
from iwari_desktop.engine.campaign import campaign_file
from iwari_desktop.engine.campaign.difficulty import Difficulty
from iwari_desktop.engine.core.actions import Action
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.engine.files.saves import read_save_data

from campaign_helpers import campaign_data, chapter, write_json
from campaign_scene_helpers import new_journey, play_briefed, play_chapter, play_turns, start_chapter
from layout_check import faults, record
from scene_helpers import find_button, frames_at_checkpoints, key, press

TRIAL = "trial"
GENEROUS_K = 9          # the Void needs 9 of the 12 territories: the `solo` bot wins such games
BONUS_AT = 4            # one won chapter earns 2 or 3 stars, two earn at least 4


@pytest.fixture
def trial(tmp_path: Path, monkeypatch) -> dict:
    """A two-chapter campaign (plus a bonus at 4 stars) among the bundled ones, at a generous K."""
    folder = tmp_path / "campaigns"
    folder.mkdir()
    for bundled in campaign_file.bundled_campaign_paths():
        (folder / bundled.name).write_bytes(bundled.read_bytes())
    goals = [{"kind": "win"}, {"kind": "win_within_turns", "turns": 300}, {"kind": "void_at_most", "count": 0}]
    data = campaign_data(chapters=0, bonus=False, id=TRIAL, title="Trial by Ice")
    data["chapters"] = [chapter("thaw", "glacial-mass", k=GENEROUS_K, goals=goals, title="The Thaw"),
                        chapter("new-shores", "new-horizons", k=GENEROUS_K, goals=goals, title="Kaluna Shores")]
    data["bonus"] = chapter("echo", "long-road", k=GENEROUS_K, goals=goals, seed=42, title="The Echo",
                            opens_at_stars=BONUS_AT)
    write_json(folder / f"{TRIAL}.json", data)
    monkeypatch.setattr(campaign_file, "campaigns_dir", lambda: folder)
    return data


def open_journey(app, campaign: str, name: str = "Ann"):
    return new_journey(app, name, campaign)[1]


# Decisions of `_KeptSoloBot`, by what they are made from: (seed, the bot's RNG state, the position's turn,
# seat, spaces and hands) -> [(the position, the options, the choice, the RNG state after it)].
_KEPT: dict[tuple, list[tuple[GameState, list[Action], Action, int]]] = {}


class _KeptSoloBot(SoloBot):
    """The `solo` bot, its decisions kept for this module (issue #32): the German debrief plays the very game
    of the first chapter of the won-chapters test (the same campaign, chapter and seed), so its decisions are
    the ones made there. A decision is a pure result of the bot's seed and RNG state, the position and the
    options, and it is reused only when all of them are equal (the position compared whole, `==`); the RNG
    is left where the decision left it."""

    def decide(self, state: GameState, options: list[Action]) -> Action:
        key = (self.seed, self.rng.state, state.turn, state.active_seat, tuple(state.space_owner),
               tuple(map(tuple, state.hands)))
        for seen, seen_options, choice, rng_after in _KEPT.get(key, ()):
            if seen_options == options and seen == state:
                self.rng.state = rng_after
                return choice
        choice = super().decide(state, options)
        _KEPT.setdefault(key, []).append((state.clone(), list(options), choice, self.rng.state))
        return choice


def play_to_debrief(app, briefing, seed: int):
    """Start the briefed chapter and let the `solo` bot play it by gestures up to its debrief."""
    from iwari_desktop.scenes.campaign.campaign_debrief import DebriefScene

    board = play_briefed(app, briefing, seed, bot=_KeptSoloBot(seed))
    assert isinstance(app.stack.top, DebriefScene)
    return board, app.stack.top


def shown(app) -> list[str]:
    return [t.text for t in record(app).texts]


def check_won_debrief(app, debrief, *, tries: int, before: int | None, before_stars: frozenset[int],
                      total_before: int) -> None:
    """Every line of a won debrief against the game's own result and the progress on disk."""
    run = debrief.run
    result, report = run.result, run.debrief
    assert result is not None and report is not None and result.won, f"the bot lost: {result}"
    met = {i for i, check in enumerate(report.checks) if check.met}
    assert 0 in met and 1 in met                              # the win, and within 300 turns
    assert (2 in met) == (result.void_territories == 0)       # the Void held no territory
    assert set(report.new_stars) == met - before_stars
    assert report.first_win == (tries == 1)
    assert run.before_fewest == before
    assert report.new_fewest_turns == (before is None or result.turns < before)
    assert report.total_stars == total_before + len(report.new_stars)
    record_ = campaign_store.load_progress(run.profile_id).campaign(TRIAL).record(run.chapter.id).at(
        Difficulty.NORMAL)
    assert (record_.tries, record_.wins) == (tries, tries)
    assert record_.fewest_turns == min(result.turns, before or result.turns)
    assert set(record_.goals_met) == met | before_stars

    lines = shown(app)
    text = " ".join(lines)
    assert "Chapter won!" in lines and "Chapter lost" not in lines
    assert f"{run.chapter.title} · Normal" in lines
    assert f"{result.turns} turns" in text
    for i, check in enumerate(report.checks):
        assert check.goal.text in lines
        tag = "new star" if i in report.new_stars else ("met" if check.met else "missed")
        assert tag in lines
    reason = report.checks[2].reason
    assert reason[:1].upper() + reason[1:] in text
    assert ("First win of this chapter!" in lines) == report.first_win
    if report.new_stars:
        n = len(report.new_stars)
        assert f"{n} new star{'s' if n > 1 else ''} at Normal." in lines
    if before is None:
        assert f"Fewest turns to a win: {result.turns} (a first record)." in lines
    elif result.turns < before:
        assert f"New record: won in {result.turns} turns (before: {before})." in lines
    if not (report.first_win or report.new_stars or report.new_fewest_turns or report.unlocked):
        assert "No new record this time." in lines
    max_stars = run.campaign.max_stars
    assert f"Journey: {report.total_stars} of {max_stars} stars" in lines
    assert faults(app) == []


@pytest.mark.slow
def test_chapters_won_through_the_controller_open_the_next_chapter_and_the_bonus_at_its_stars(app, trial):
    from iwari_desktop.scenes.campaign.campaign_briefing import BriefingScene
    from iwari_desktop.scenes.campaign.campaign_journey import JourneyScene

    journey = open_journey(app, TRIAL)
    assert [s.unlocked for s in journey.statuses()] == [True, False, False]
    assert journey.open_briefing()

    # chapter 1 won: the next chapter opens, the bonus (4 stars) not yet
    board, debrief = play_to_debrief(app, app.stack.top, seed=3)
    check_won_debrief(app, debrief, tries=1, before=None, before_stars=frozenset(), total_before=0)
    first = debrief.run
    assert first.debrief.unlocked == ("new-shores",) and first.debrief.total_stars < BONUS_AT
    assert "Opened: Kaluna Shores." in shown(app)
    assert debrief.next_chapter is not None and debrief.next_chapter.id == "new-shores"
    assert find_button(debrief, "Next chapter").is_enabled
    assert read_save_data(board.autosave_file)["meta"]["campaign"]["recorded"] is True

    # Next chapter (Enter) → its briefing on the journey, which shows chapter 1 won and chapter 2 open
    key(app, pygame.K_RETURN)
    briefing = app.stack.top
    assert isinstance(briefing, BriefingScene) and briefing.chapter.id == "new-shores"
    assert app.stack.find(JourneyScene) is journey and journey.selected == 1
    statuses = journey.statuses()
    assert statuses[0].record.won and statuses[0].stars == len(first.debrief.new_stars)
    assert [s.unlocked for s in statuses] == [True, True, False]

    # chapter 2 won: the journey's stars reach 4, the bonus opens
    board, debrief = play_to_debrief(app, briefing, seed=5)
    check_won_debrief(app, debrief, tries=1, before=None, before_stars=frozenset(),
                      total_before=first.debrief.total_stars)
    second = debrief.run.debrief
    assert second.total_stars >= BONUS_AT and second.unlocked == ("echo",)
    assert "Opened: The Echo." in shown(app)
    assert debrief.next_chapter is not None and debrief.next_chapter.id == "echo"   # the bonus comes next

    # Campaign → the journey shows both won, the bonus open and chosen (the first open chapter not won)
    press(app, find_button(debrief, "Campaign"))
    assert app.stack.top is journey
    assert [s.unlocked for s in journey.statuses()] == [True, True, True]
    assert [s.record.won for s in journey.statuses()] == [True, True, False]
    assert journey.resume_tag is None                       # both recorded: nothing to resume
    lines = shown(app)
    assert f"{second.total_stars} of {journey.campaign.max_stars} stars" in lines
    assert faults(app) == []

    # a replay of a won chapter: a second win, the record kept or beaten, nothing opens twice
    journey.select(0)
    assert journey.open_briefing()
    _, debrief = play_to_debrief(app, app.stack.top, seed=8)
    check_won_debrief(app, debrief, tries=2, before=first.result.turns,
                      before_stars=frozenset(i for i, c in enumerate(first.debrief.checks) if c.met),
                      total_before=second.total_stars)
    assert debrief.run.debrief.unlocked == () and not debrief.run.debrief.first_win


@pytest.mark.parametrize("app", ["de"], indirect=True)
def test_the_won_debrief_and_the_pause_read_as_german_and_fit(app, trial):
    from iwari_desktop.scenes.board.overlays import PauseOverlay

    journey = open_journey(app, TRIAL)
    assert journey.open_briefing()
    board, debrief = play_to_debrief(app, app.stack.top, seed=3)
    assert debrief.run.result.won
    lines = shown(app)
    assert "Kapitel gewonnen!" in lines and "Erster Sieg in diesem Kapitel!" in lines
    assert faults(app) == []
    key(app, pygame.K_ESCAPE)                                  # the board, then its pause menu
    app.stack.push(PauseOverlay(app, board))
    app.step(0)
    assert "Zurück zur Kampagne" in [getattr(w, "text", "") for w in app.stack.top.widgets]
    assert faults(app) == []


# ---- the ways back: pause, resume, retry and Continue ---------------------------------------------------
def _mid_chapter(app, journey, seed: int = 9):
    """Start the chosen chapter and play two turns with seeded random gestures."""
    board = play_turns(app, journey, seed)
    app.step(0)
    return board


def _pause_and_leave(app, board) -> None:
    from iwari_desktop.scenes.board.overlays import PauseOverlay

    for _ in range(20):                      # the Void's steps and big events are shown first
        app.step(0)
        top = app.stack.top
        if top.name == "void-steps":
            top.finish()
        elif top.name == "announcement":
            top.acknowledge()
        else:
            break
    assert app.stack.top is board
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseOverlay)
    assert "Quit to menu" not in [getattr(w, "text", "") for w in pause.widgets]
    press(app, find_button(pause, "Back to the campaign"))


def test_pause_leaves_a_chapter_for_its_journey_and_resume_goes_on_with_it(app):
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.campaign.campaign_journey import JourneyScene
    from iwari_desktop.scenes.menu.menu import MenuScene

    journey = open_journey(app, "journey")
    board = _mid_chapter(app, journey)
    played = len(board.controller.game.log)
    _pause_and_leave(app, board)
    assert app.stack.top is journey
    assert [type(s).__name__ for s in app.stack.scenes] == ["MenuScene", "ProfilesScene", "JourneyScene"]
    assert journey.resume_tag is not None and "resume" in journey.buttons
    press(app, journey.buttons["resume"])
    again = app.stack.find(BoardScene)
    assert again is not board and again.campaign is not None and len(again.controller.game.log) == played
    assert app.stack.find(JourneyScene) is journey

    # a chapter reopened by Continue on the menu goes back to a journey too, its chapter chosen
    app.stack.reset(MenuScene(app))
    app.stack.top.choose("continue")
    board = app.stack.find(BoardScene)
    assert board.campaign is not None
    _pause_and_leave(app, board)
    top = app.stack.top
    assert isinstance(top, JourneyScene) and top.campaign.id == "journey" and top.profile_id == journey.profile_id
    assert top.selected == 0 and top.resume_tag is not None
    assert [type(s).__name__ for s in app.stack.scenes] == ["MenuScene", "JourneyScene"]
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MenuScene)


def test_an_ordinary_game_still_quits_to_the_menu(app):
    from iwari_desktop.scenes.menu.menu import MenuScene
    from iwari_desktop.scenes.board.overlays import PauseOverlay
    from iwari_desktop.scenes.setup.setup import start_game
    from scene_helpers import make_game

    start_game(app, make_game())
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseOverlay)
    assert "Back to the campaign" not in [getattr(w, "text", "") for w in pause.widgets]
    press(app, find_button(pause, "Quit to menu"))
    assert isinstance(app.stack.top, MenuScene) and len(app.stack.scenes) == 1


def test_a_new_try_is_autosaved_at_its_start_so_continue_never_reopens_the_recorded_one(app):
    import random

    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.campaign.campaign_debrief import DebriefScene
    from iwari_desktop.scenes.menu.menu import MenuScene
    from iwari_desktop.scenes.selftest.smoke_campaign import _play_to_debrief

    journey = open_journey(app, "journey")
    first = start_chapter(app, journey, 7)
    saved = read_save_data(first.autosave_file)                      # written before the first turn ends
    assert saved["meta"]["campaign"]["recorded"] is False and first.controller.state.turn <= 1
    with frames_at_checkpoints(app):   # the chapter's frames: `--smoke campaign` draws them; the debrief is drawn
        _play_to_debrief(app, first, 7)
    debrief = app.stack.top
    assert isinstance(debrief, DebriefScene) and debrief.run.recorded
    finished_log = len(first.controller.game.log)

    assert debrief.retry()                                           # a new try, left before any turn ends
    second = app.stack.find(BoardScene)
    assert second is not first and not second.campaign.recorded
    tag = read_save_data(second.autosave_file)["meta"]["campaign"]
    assert tag["recorded"] is False and tag["chapter"] == journey.campaign.chapters[0].id
    rng = random.Random(1)
    from iwari_desktop.scenes.selftest.solo_driver import void_step

    void_step(second.controller, rng)                                # one gesture, the turn not ended
    app.stack.reset(MenuScene(app))                                  # the player left (or the game crashed)
    menu = app.stack.top
    assert menu.buttons["continue"].is_enabled
    menu.choose("continue")
    board = app.stack.find(BoardScene)
    assert app.stack.top is board                                    # the new try's board, no end screen on it
    assert board.campaign is not None and not board.campaign.recorded and not board.controller.over
    assert len(board.controller.game.log) < finished_log
    assert campaign_store.load_progress(journey.profile_id).campaign("journey").record(
        journey.campaign.chapters[0].id).tries == 1                  # the recorded try counted once
    _pause_and_leave(app, board)
    assert app.stack.top.resume_tag is not None                      # Resume means the new try too


def test_continue_on_a_recorded_chapter_opens_its_journey_not_its_end_screen(app):
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.campaign.campaign_journey import JourneyScene
    from iwari_desktop.scenes.menu.menu import MenuScene
    journey = open_journey(app, "journey")
    play_chapter(app, journey, 7)
    assert app.stack.top.run.recorded                                # the autosave: finished and recorded
    app.stack.reset(MenuScene(app))                                  # left after the debrief (or a restart)
    app.stack.top.choose("continue")
    top = app.stack.top
    assert isinstance(top, JourneyScene) and app.stack.find(BoardScene) is None
    assert top.profile_id == journey.profile_id and top.selected == 0 and top.resume_tag is None
    assert top.statuses()[0].record.tries == 1
    assert [type(s).__name__ for s in app.stack.scenes] == ["MenuScene", "JourneyScene"]
