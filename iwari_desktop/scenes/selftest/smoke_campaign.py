"""`iwari --smoke campaign`: a profile plays the journey's first chapter headless, and its progress survives a restart.

Menu → Campaign → create a profile → its solo journey → choose Normal → the first chapter's briefing →
Start → the chapter played to its end by seeded random gestures through the controller (as clicks
play it) → the debrief, which records the result → the app is closed and started again on the same
data folder → the profile, its difficulty, its stars and its record are read back from the file and
shown on the journey. Prints one line and returns 0, or names the failing step and returns 1. It
writes into a temporary data folder unless IWARI_DATA_DIR is set.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .smoke import SmokeRun, _expect, open_from_menu, run_headless

PROFILE = "Smoke Tester"


def _play_to_debrief(app, board, seed: int, limit: int = 20_000, bot=None) -> int:
    """Seeded random gestures (or the gestures for `bot`'s choices) until the debrief opens; returns the
    gestures made (the shared Void play loop, smoke_driver.play_void_game)."""
    from ..campaign.campaign_debrief import DebriefScene
    from .solo_driver import play_void_game

    return play_void_game(app, board, seed, DebriefScene, "chapter", limit, bot).gestures


def _open_profiles(app):
    """Menu → Campaign; returns the profiles screen."""
    from ..campaign.campaign_profiles import ProfilesScene

    return open_from_menu(app, "campaign", ProfilesScene, "Campaign did not open the profiles screen")


def run_campaign_smoke(make_app: Callable[..., Any], size: tuple[int, int] = (1280, 720), seed: int = 7, quiet: bool = False) -> int:
    def body(run: SmokeRun, app) -> str:
        from ... import campaign_store
        from iwari_desktop.engine.campaign.difficulty import Difficulty
        from ..board.board import BoardScene
        from ..campaign.campaign_briefing import BriefingScene
        from ..campaign.campaign_difficulty import DifficultyScene
        from ..campaign.campaign_journey import JourneyScene

        run.step = "profile"
        profiles = _open_profiles(app)
        _expect(profiles.create(PROFILE), f"the profile was refused: {profiles.message}")
        profile_id = profiles.selected
        _expect(profile_id is not None, "the new profile is not selected")

        run.step = "journey"
        _expect(profiles.open_journey("journey"), f"the journey did not open: {profiles.message}")
        app.step(0)
        chooser = app.stack.top
        _expect(isinstance(chooser, DifficultyScene), "a new journey did not ask for its difficulty")
        chooser.take(Difficulty.NORMAL)
        journey = app.stack.top
        _expect(isinstance(journey, JourneyScene), "choosing the difficulty did not return to the journey")
        _expect(journey.selected == 0, "the journey does not start at its first chapter")
        chapter = journey.chapter

        run.step = "briefing"
        _expect(journey.open_briefing(), f"the first chapter is closed: {journey.message}")
        briefing = app.stack.top
        _expect(isinstance(briefing, BriefingScene), "the briefing did not open")
        app.step(0)
        _expect(briefing.start(seed=seed), f"the chapter did not start: {briefing.error}")
        board = app.stack.find(BoardScene)
        _expect(board is not None and board.campaign is not None, "Start did not open the chapter's board")
        config = board.controller.game.config
        _expect(config.map_id == chapter.map and config.option("k") == chapter.k_at(Difficulty.NORMAL),
                "the chapter's game does not have the chapter's map and K")
        app.step(0)

        run.step = "play"
        gestures = _play_to_debrief(app, board, seed)
        chapter_run = board.campaign
        _expect(chapter_run.recorded and chapter_run.debrief is not None,
                f"the result was not recorded: {chapter_run.problem}")
        result = chapter_run.result
        stars = chapter_run.debrief.stars
        turns = board.controller.state.turn

        run.step = "restart"
        app = run.open_app()
        profiles = _open_profiles(app)
        entry = profiles.entry
        _expect(entry is not None and entry.id == profile_id and entry.name == PROFILE,
                "the profile was not listed after the restart")
        _expect(profiles.open_journey("journey"), f"the journey did not open again: {profiles.message}")
        app.step(0)
        journey = app.stack.top
        _expect(isinstance(journey, JourneyScene), "the journey asked for its difficulty again")

        run.step = "read back"
        progress = campaign_store.load_progress(profile_id)
        record = progress.campaign("journey").record(chapter.id).at(Difficulty.NORMAL)
        _expect(progress.campaigns["journey"].difficulty is Difficulty.NORMAL, "the difficulty was not kept")
        _expect(record.tries == 1 and record.wins == (1 if result.won else 0), "the try was not kept")
        _expect(record.stars == stars, f"the stars were not kept ({record.stars}, not {stars})")
        _expect(record.fewest_turns == (result.turns if result.won else None), "the fewest turns were not kept")
        shown = journey.statuses()[0]
        _expect(shown.record.tries == 1 and shown.stars == stars, "the journey does not show the record")
        _expect(journey.resume_tag is None, "a recorded chapter is still offered for resuming")

        verdict = "won" if result.won else "lost"
        return (f"smoke campaign ok: profile '{PROFILE}', chapter '{chapter.title}' on {config.map_id} at K "
                f"{config.option('k')}, {verdict} in {result.turns} turns ({turns} game turns, {gestures} "
                f"gestures), {stars} of 3 stars recorded and read back after a restart; {run.seconds():.1f} s")

    return run_headless("smoke campaign", body, make_app, size, quiet)
