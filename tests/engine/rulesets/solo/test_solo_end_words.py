"""Playtest D21: the last line of a game against the Void says why it ended once, not twice ("The game ends: the
Void controls enough territories to win. Lost: the Void controls enough territories to win.").

A game lost at once (K Void territories, a Void settlement, the fifth Void totem) ended for the reason it is lost;
an ending of its own (every territory counted, no card left) still names both. Version 2 saves keep their old
line through digest_v2.py (tests/engine/files/test_saves_wording.py).
"""

from __future__ import annotations

import gettext

import pytest

from iwari_desktop.engine.bots.registry import make_vs_void_bot
from iwari_desktop.engine.core.config import GameConfig, GameMode
from iwari_desktop.engine.core.game import Game
from iwari_desktop.engine.core.text import render
from iwari_desktop.engine.rulesets.solo.data import data
from iwari_desktop.engine.rulesets.solo.digest_v2 import v2_english
from iwari_desktop.engine.rulesets.solo.end import finish
from iwari_desktop.engine.rulesets.solo.outcome import (
    END_ALL_COUNTED, END_VOID_CONTROL, END_VOID_SETTLEMENT, END_VOID_TOTEMS, reason_text,
)
from iwari_desktop.i18n import DOMAIN, LOCALE_DIR
from solo_helpers import solo_state

GERMAN = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=["de"])


def _de(text: object) -> str:
    return render(text, GERMAN.gettext, GERMAN.ngettext)


def test_s10_a_real_game_lost_on_territories_ends_with_its_reason_said_once():
    game = Game.new(GameConfig.quick("new-horizons", 1, 3, mode=GameMode.SOLO, options={"k": 1}))
    bot = make_vs_void_bot("solo", 3)
    while not game.is_over():
        game.play(bot.choose(game.state))
    d = data(game.state)
    assert d.outcome is not None and d.outcome.reason == END_VOID_CONTROL and not d.outcome.won
    last = d.log[-1]
    assert str(last) == "The game is lost: the Void controls enough territories to win."
    assert _de(last) == "Die Partie ist verloren: die Leere beherrscht genug Gebiete für den Sieg."
    # a version 2 digest still reads the line as version 2 wrote it
    assert v2_english(last) == ("The game ends: the Void controls enough territories to win. Lost: the Void controls "
                                "enough territories to win.")


@pytest.mark.parametrize("end", [END_VOID_CONTROL, END_VOID_SETTLEMENT, END_VOID_TOTEMS])
def test_s10_p27_every_loss_at_once_names_its_reason_once_in_english_and_german(end):
    state = solo_state()
    finish(state, end)
    last = data(state).log[-1]
    reason = reason_text(end)
    assert str(last).count(str(reason)) == 1 and str(last).startswith("The game is lost: "), last
    assert _de(last).count(_de(reason)) == 1 and _de(last).startswith("Die Partie ist verloren: "), _de(last)


def test_s10_an_end_of_its_own_still_says_how_the_game_ended_and_why_it_is_won_or_lost():
    state = solo_state()
    finish(state, END_ALL_COUNTED)
    last = str(data(state).log[-1])
    assert last.startswith("The game ends: every territory has been counted. ")
    assert last.endswith(f": {reason_text(data(state).outcome.reason)}.")
