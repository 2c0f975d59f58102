"""Watch the game's "This move" box says the whole move, in English and German, at 1280×720 and 1920×1080
(playtest D8: at the last step of a solo game the German box dropped its last lines, "Die Partie endet: die
Leere beherrscht …" and the rest, without a word).

Each game is stepped to the moves with the most to say (the last ones, the half-journey scoring) and drawn
with the text recorder: no label may be cut or leave its box (`text_fit.fit_faults`), and every sentence of
the move, the outcome first, must be drawn in full inside the box (`text_fit.untold`), read from the top
and, when the move is longer than the box, scrolled through with the mouse wheel as a player reads it.
"""

from __future__ import annotations

import pytest

from history_helpers import finished_game
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.scenes.history.replay_scene import watch
from iwari_desktop.scenes.ui.intents import Intent, Kind
from scene_helpers import frames_at_checkpoints, resize
from text_fit import drawn_in, fit_faults, untold

SIZES = [(1280, 720), (1920, 1080)]
# names of a usual length (a name of 16 wide letters is cut on purpose in the narrow tribe column: `Ui.fit`)
NAMES = ["Tester", "Kiona", "Aiyana", "Bartholomew", "Wapasha"]

GAMES = {
    "solo": lambda: finished_game("new-horizons", (("Aiyana", None),), seed=3, mode=GameMode.SOLO),
    "co-op": lambda: finished_game("new-horizons", (("Aiyana", None), ("Bodhi", None)), seed=4, mode=GameMode.COOP),
    "five tribes": lambda: finished_game("new-horizons", tuple((NAMES[i], "hard" if i == 4 else None)
                                                                   for i in range(5)), seed=8),
}


def _wordiest_steps(scene, count: int = 4) -> list[int]:
    """The steps whose "This move" has the most words (ties: the later step), and the last step."""
    words = {step: sum(len(text.split()) for text, _role, _ink in _said(scene, step))
             for step in range(1, scene.replay.end + 1)}
    ranked = sorted(words, key=lambda step: (words[step], step), reverse=True)[:count]
    return sorted(set(ranked) | {scene.replay.end})


def _read_through(app, scene) -> tuple[list[str], list[str]]:
    """The box's lines from its first to its last (wheeled down a line at a time), and the text-fit faults of
    every position on the way."""
    lines: dict[int, str] = {}
    faults: list[str] = []
    for _turn in range(200):
        first = scene.move_first
        faults += fit_faults(app)
        lines.update({first + k: line for k, line in enumerate(drawn_in(app, scene.move_box))})
        scene.handle(Intent(Kind.SCROLL, amount=-1, smooth=True))
        if scene.move_first == first:
            return [lines[k] for k in sorted(lines)], faults
    raise AssertionError("the box never reached its end")


def _said(scene, step: int):
    scene.go(step)
    return scene.move_lines()


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
@pytest.mark.parametrize("game", list(GAMES))
def test_this_move_says_the_whole_move_and_fits(app, game):
    scene = watch(app, GAMES[game]())
    steps = _wordiest_steps(scene)
    found = []
    with frames_at_checkpoints(app):   # the checks draw what they read: no app frame per resize (issue #32)
        for size in SIZES:
            resize(app, size)
            for step in steps:
                sentences = [text for text, _role, _ink in _said(scene, step)]
                where = f"{size[0]}x{size[1]} step {step}"
                drawn, faults = _read_through(app, scene)
                found += [f"{where}: {fault}" for fault in faults + untold(drawn, sentences)]
    assert found == [], "\n".join(found)
