"""Every reason the campaign screens give is in the player's language (the campaign's part of playtest D9: a
German profiles screen said "Das Profil lässt sich nicht umbenennen: profile-1.json: cannot be written (No space
left on device).").

The campaign store and the engine write their reasons in English and keep each as a `Text`; the screens show it
through the catalogue (`ui.words.localized`). Each case is met as a player meets it: a name already taken, a disk
that refuses the profile's file, a profile whose file is damaged inside, a chapter's result that cannot be
recorded. In German no line may hold an English word (`english_words.leftovers`), and the German reason must be
the catalogue's; in English the reason is still said.
"""

from __future__ import annotations

import errno
import json
from datetime import date

import pytest

from campaign_scene_helpers import open_profiles
from english_words import leftovers
from history_helpers import finished_game
from iwari_desktop import campaign_store
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.i18n import _, current_language
from layout_check import all_text

NAME = "Ann"


def _english(texts: list[str]) -> dict:
    return leftovers(texts, (NAME, NAME.lower())) if current_language() == "de" else {}


def _reason(template: str, **params) -> str:
    """The catalogue's words for an English reason (in German: there must be some)."""
    if current_language() == "de":
        assert _(template) != template, f"no German for {template!r}"
    return _(template).format(**params)


def _says(app, reason: str) -> None:
    """The screens on the stack show `reason`, with no English word in German."""
    texts = all_text(app)
    assert _english(texts) == {}, texts
    assert reason in " ".join(texts), texts


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_a_name_already_taken_is_refused_in_the_players_language(app):
    profiles = open_profiles(app)
    assert profiles.create(NAME)
    assert not profiles.create(NAME.lower())
    _says(app, _reason("there is already a profile called {name}", name=NAME.lower()))


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_a_disk_that_refuses_the_profile_says_why_in_the_players_language(app, monkeypatch):
    profiles = open_profiles(app)
    assert profiles.create(NAME)

    def disk_full(path, text):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(campaign_store, "atomic_write_text", disk_full)
    assert not profiles.rename("Ben")
    _says(app, _reason("{file}: cannot be written ({reason})", file="profile-1.json",
                       reason=_reason("the disk is full")))


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_a_profile_damaged_inside_is_explained_in_the_players_language(app):
    profiles = open_profiles(app)
    entry = campaign_store.create_profile(NAME, date(2026, 11, 26))
    data = json.loads(entry.path.read_text(encoding="utf-8"))
    data["created"] = "yesterday"                       # a hand edit: not a date, so the file is damaged
    entry.path.write_text(json.dumps(data), encoding="utf-8")
    profiles.reload(entry.id)
    assert not profiles.entry.usable
    _says(app, _reason("{file}: damaged ({reason})", file="profile-1.json",
                       reason=_reason("its progress is not as Iwari Desktop writes it")))


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_a_result_that_cannot_be_recorded_says_why_in_the_players_language(app):
    from iwari_desktop.scenes.campaign.campaign_debrief import DebriefScene
    from iwari_desktop.scenes.campaign.campaign_run import ChapterRun, load_campaign
    from iwari_desktop.engine.campaign.difficulty import Difficulty

    campaign = load_campaign("journey")
    run = ChapterRun("profile-1", campaign, campaign.chapters[0], Difficulty.NORMAL)
    game = finished_game("new-horizons", ((NAME, None),), seed=3, mode=GameMode.SOLO)
    run.record(game.state)                              # the profile was deleted while the chapter was played
    assert not run.recorded and run.debrief is None
    app.stack.push(DebriefScene(app, run))
    _says(app, _reason("This result could not be recorded: {reason}", reason=_reason(
        "{profile}: no such profile", profile="profile-1")))


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
def test_a_game_that_is_not_finished_has_no_result_in_the_players_language(app):
    from iwari_desktop.scenes.campaign.campaign_run import ChapterRun, load_campaign
    from iwari_desktop.scenes.ui.words import localized
    from iwari_desktop.engine.campaign.difficulty import Difficulty
    from solo_scene_helpers import solo_game

    campaign = load_campaign("journey")
    run = ChapterRun("profile-1", campaign, campaign.chapters[0], Difficulty.NORMAL)
    run.record(solo_game(seed=5).state)
    assert not run.recorded
    assert localized(run.problem) == _reason("the game against the Void is not finished yet")
    assert _english([localized(run.problem)]) == {}
