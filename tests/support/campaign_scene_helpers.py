"""What the campaign scene tests share (test_scenes_campaign.py, test_scenes_campaign_won.py): the way from
the menu to a journey, a chapter started from its briefing, played to its debrief or for a couple of turns."""

from __future__ import annotations

import random

from iwari_desktop.engine.campaign.difficulty import Difficulty


def open_profiles(app):
    """Menu → Campaign; returns the profiles screen."""
    from iwari_desktop.scenes.campaign.campaign_profiles import ProfilesScene

    app.stack.top.choose("campaign")
    app.step(0)
    assert isinstance(app.stack.top, ProfilesScene)
    return app.stack.top


def new_journey(app, name: str = "Ann", campaign: str = "journey", difficulty: Difficulty = Difficulty.NORMAL):
    """A new profile `name` opening `campaign` at `difficulty`; returns (profiles, journey)."""
    from iwari_desktop.scenes.campaign.campaign_difficulty import DifficultyScene
    from iwari_desktop.scenes.campaign.campaign_journey import JourneyScene

    profiles = open_profiles(app)
    assert profiles.create(name), profiles.message
    assert profiles.open_journey(campaign)
    chooser = app.stack.top
    assert isinstance(chooser, DifficultyScene)
    chooser.take(difficulty)
    journey = app.stack.top
    assert isinstance(journey, JourneyScene)
    return profiles, journey


def start_briefed(app, briefing, seed: int):
    """Start from the open `briefing`; returns the chapter's board."""
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.campaign.campaign_briefing import BriefingScene

    assert isinstance(briefing, BriefingScene)
    assert briefing.start(seed=seed), briefing.error
    return app.stack.find(BoardScene)


def start_chapter(app, journey, seed: int):
    """The journey's chosen chapter: its briefing, then Start; returns the board."""
    assert journey.open_briefing()
    return start_briefed(app, app.stack.top, seed)


def play_briefed(app, briefing, seed: int, bot=None):
    """Start from the open `briefing` and play by gestures (seeded random ones, or `bot`'s) up to the
    debrief; returns the board."""
    from iwari_desktop.scenes.selftest.smoke_campaign import _play_to_debrief
    from scene_helpers import frames_at_checkpoints

    board = start_briefed(app, briefing, seed)
    with frames_at_checkpoints(app):     # the debrief is drawn; `--smoke campaign` draws every frame
        _play_to_debrief(app, board, seed, bot=bot)
    return board


def play_chapter(app, journey, seed: int = 7, bot=None):
    """The journey's chosen chapter from its briefing to its debrief; returns the board."""
    assert journey.open_briefing()
    return play_briefed(app, app.stack.top, seed, bot)


def play_turns(app, journey, seed: int = 9, turns: int = 2):
    """Start the chosen chapter and play `turns` turns with seeded random gestures, the last one ended;
    returns the board."""
    from iwari_desktop.scenes.selftest.solo_driver import void_step

    board = start_chapter(app, journey, seed)
    c = board.controller
    rng = random.Random(seed)
    while not (c.turn_done and c.state.turn >= turns):
        void_step(c, rng)
    c.confirm()
    return board
