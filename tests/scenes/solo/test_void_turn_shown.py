"""The Void's turn never shows what has not happened yet (issue #34 item 2).

A played-through solo game on New Horizons: mid-Infection the banner asked "Choose which lit territory the
Void treats first" while the forecast already lit and described the next Void card (so one offered
territory wore the forecast's purple outline) and the Tribes panel counted pieces still to come. Every panel
shows the state of the step on screen; a choice lights every territory it offers; Next on the last step
does not also click the board; a count set off by the player's own move is not "step 1 of 1"; the words
of the forecast say how many more Void cards a Corruption needs.
"""

from __future__ import annotations

import random

from iwari_desktop.engine.rulesets.solo.data import data
from iwari_desktop.engine.rulesets.solo.forecast import TIE_DECISIONS, forecast
from iwari_desktop.engine.rulesets.solo.standing import standing
from iwari_desktop.scenes.board.controller import GameController
from iwari_desktop.scenes.presenters.solo_forecast import picture
from iwari_desktop.scenes.presenters.solo_words import tally_line
from iwari_desktop.scenes.selftest.solo_driver import void_step

from solo_scene_helpers import solo_game


def order_choice_pending(seeds=range(1, 12), limit: int = 800) -> GameController:
    """A controller of a seeded solo game (New Horizons) stopped where the player picks which territory the
    Void treats first (P21), as the player meets it (seed 3 in the play-test)."""
    for seed in seeds:
        c = GameController(solo_game(seed=seed))
        rng = random.Random(seed)
        for _ in range(limit):
            if c.over:
                break
            if any(not choice.space for choice in c.void_choices()):
                return c
            void_step(c, rng)
            c.void_steps.clear()
    raise AssertionError("no game reached an order choice")


def test_p21_a_pending_choice_lights_every_territory_it_offers_and_nothing_of_the_next_card():
    """Before: choices {0, 1}, the forecast's purple outline on {1, 2} (the next card's connection) and its
    sentence "Next Void card: an Infection at connection 2"."""
    c = order_choice_pending()
    offered = {choice.target for choice in c.void_choices() if not choice.space}
    assert len(offered) >= 2
    assert c.lit_territories() == offered
    shown = picture(c.state)
    assert shown.lit == () and shown.totems == () and shown.ruins == () and shown.counts == ()
    assert not any(line.startswith("Next Void card") for line in shown.lines)
    assert "waits for your choice" in shown.lines[0]
    # the tallies are the position's as it stands, not after the strike under way
    assert shown.tally == tally_line(standing(c.state), 1)
    assert shown.forecast.standing == standing(c.state)
    # the engine's forecast still looks past the strike (explain_solo reads it)
    assert data(c.state).decision[0] in TIE_DECISIONS and forecast(c.state).settled


def test_s6_the_forecast_says_how_many_more_void_cards_a_corruption_needs():
    """Before: "A Corruption (3 Void cards missing) would count …"."""
    c = GameController(solo_game(seed=3))
    shown = picture(c.state)
    missing = shown.forecast.missing
    assert missing >= 2
    assert shown.lines[1].startswith(f"A Corruption needs {missing} more Void cards; it would count ")
    assert "missing" not in " ".join(shown.lines)
