"""Every word a replay, a history entry and a log line shows goes through the catalogue (issue 19, item 9).

A German player watched a two-player game and read "Third tribe" where live play says "Dritter Stamm":
the replay named tribes by the engine's English name. These tests step a German replay through every
move of a two-player game (third tribe) and a solo game (the Void), record every text drawn, and fail on
any English word (`english_words.py`); the History list of those games is checked the same way.
"""

from __future__ import annotations

import pytest

from history_helpers import finished_game
from iwari_desktop import history_store
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.core.game import Game
from iwari_desktop.scenes.history.replay_scene import watch
from iwari_desktop.scenes.history.history_scene import HistoryScene
from iwari_desktop.scenes.ui.terms import tribe_label
from layout_check import all_text, english_faults, record


@pytest.fixture(scope="module")
def two_player_game() -> Game:
    return finished_game("new-horizons", (("Kiona", None), ("Tala", "normal")), seed=4)


@pytest.fixture(scope="module")
def solo_game() -> Game:
    return finished_game("new-horizons", (("Kiona", None),), seed=3, mode=GameMode.SOLO)


def _english_at_every_step(app, scene) -> list[str]:
    found: list[str] = []
    for step in range(scene.replay.end + 1):
        scene.go(step)
        texts = [t for t in record(app).texts if t.ink.w and t.ink.h]
        found += [f"move {step}: {f}" for f in english_faults(app, texts)]
    return sorted(set(found))


@pytest.mark.parametrize("app", ["de"], indirect=True)
def test_a_german_replay_of_a_two_player_game_names_the_third_tribe_in_german(app, two_player_game):
    third = next(t for t in two_player_game.state.tribes if t.seat is None)
    scene = watch(app, two_player_game)
    app.step(0)
    assert _english_at_every_step(app, scene) == []
    shown = " ".join(all_text(app))
    assert tribe_label(third) == "Dritter Stamm" and "Dritter Stamm" in shown and "Third tribe" not in shown


@pytest.mark.parametrize("app", ["de"], indirect=True)
def test_a_german_replay_of_a_solo_game_shows_no_english_word(app, solo_game):
    scene = watch(app, solo_game)
    app.step(0)
    assert _english_at_every_step(app, scene) == []


@pytest.mark.parametrize("app", ["de"], indirect=True)
def test_the_german_history_list_of_those_games_shows_no_english_word(app, two_player_game, solo_game):
    for game in (two_player_game, solo_game):
        assert history_store.remember_finished(game) is None
    app.stack.push(HistoryScene(app))
    app.step(0)
    texts = [t for t in record(app).texts if t.ink.w and t.ink.h]
    assert english_faults(app, texts) == []
