"""Every label fits, in English and German, at 1280×720 and 1920×1080 (issue 19, item 8): the screens a game
ends on and the ones opened over it, which tests/scenes/test_text_fit.py (the menus) and
tests/scenes/board/test_text_fit_board.py (the board's states) do not reach.

- the solo end screen ("The Void won", its reasons and its three buttons);
- the final scoring of four tribes, a step and its table;
- a question asked before a change ("Delete profile…").

The pause menu is left to tests/scenes/campaign/test_scenes_campaign_won.py: its note names the saves folder,
a path as long as the machine makes it (pytest's, under a worker, is cut with "…" at 1280×720).

Each is drawn with the text recorder; a fault is what `text_fit.fit_faults` lists (a line or widget text cut
with "…", wider than its box or than the room pygame-gui leaves inside a button's frame, or a row of labels at
two sizes).
"""

from __future__ import annotations

import random

import pytest

from history_helpers import finished_game
from iwari_desktop.i18n import _
from iwari_desktop.scenes.board.controller import GameController
from solo_scene_helpers import solo_game, until
from text_fit import faults_at_sizes

# names of a usual length, one of them long (a name of 16 wide letters is cut on purpose: `Ui.fit`)
FOUR = (("Bartholomew", None), ("Kiona", None), ("Wapasha", "hard"), ("Chenoa", "normal"))


def _void_end(app) -> None:
    from iwari_desktop.scenes.solo.void_end import VoidEndScene

    c = GameController(solo_game(seed=7))
    until(c, random.Random(7), lambda: c.state.is_terminal())
    app.nav.reset("menu")
    app.stack.push(VoidEndScene(app, c))


def _final_scoring(at_table: bool):
    def open_it(app) -> None:
        from iwari_desktop.scenes.scoring.scoring import ScoringScene

        c = GameController(finished_game(names=FOUR))
        app.nav.reset("menu")
        scoring = ScoringScene(app, c, c.state.reports[-1])
        app.stack.push(scoring)
        assert scoring.final
        if at_table:
            scoring.skip()
    return open_it


def _confirm(app) -> None:
    app.nav.reset("menu")
    app.nav.push("confirm", _("Delete profile…"), _("Name"), _("Delete"), lambda: None)


SCREENS = {"solo end": _void_end, "final scoring, a step": _final_scoring(False),
           "final scoring, the table": _final_scoring(True),
           "a question": _confirm}


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_label_of_the_end_screens_fits(app, screen):
    found = faults_at_sizes(app, SCREENS[screen])
    assert found == [], "\n".join(found)
