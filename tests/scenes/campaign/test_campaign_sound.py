"""A campaign star earned chimes on the debrief, once per new star (issue #22); a debrief without one is quiet.

The debrief is opened over a run whose recorded result names the new stars (the won chapters themselves are
played in test_scenes_campaign_won.py); only its opening is exercised here, not its drawing."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from audio_helpers import app_with_fake_audio, drain
from iwari_desktop.scenes.campaign.campaign_debrief import DebriefScene


def run_with(new_stars: tuple[int, ...]) -> SimpleNamespace:
    chapter = SimpleNamespace(id="first")
    return SimpleNamespace(campaign=SimpleNamespace(all_chapters=[chapter], id="trial"), chapter=chapter,
                           profile_id="nobody", debrief=SimpleNamespace(new_stars=new_stars))


@pytest.mark.parametrize("new_stars", [(), (1,), (0, 1, 2)])
def test_each_new_star_chimes_once_when_the_debrief_opens(app, new_stars):
    audio, mixer, clock = app_with_fake_audio(app)
    app.stack.push(DebriefScene(app, run_with(new_stars)))
    drain(audio, clock)
    assert mixer.played_names == ["campaign-star"] * len(new_stars)
