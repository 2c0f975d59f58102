"""S7 counting on hand-built positions of the fixture board (tests/support/solo_helpers.py): the rule tests of
engine/rulesets/solo/counting.py. More tents/ruins give a virtual totem, more totems control, ties (empty
territories included) go to the Void; a counted territory keeps its claim."""

from __future__ import annotations

import gettext

import pytest

from engine_helpers import put_tents, put_totem
from solo_helpers import solo_state, vd

from iwari_desktop.engine.core.text import Text, render
from iwari_desktop.engine.rulesets.solo.counting import LOG_LIMIT, count, note, verdict, void_controls
from iwari_desktop.engine.rulesets.solo.data import PLAYERS, VOID, Claim
from iwari_desktop.engine.rulesets.solo.events import COUNT
from iwari_desktop.i18n import DOMAIN, LOCALE_DIR

GERMAN = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=["de"])
T_FOREST = 2


@pytest.mark.parametrize("pt, vt, po, vo, side, virtual", [
    (2, 1, 0, 0, PLAYERS, PLAYERS),    # more tents: the virtual totem decides
    (1, 2, 0, 0, VOID, VOID),
    (1, 1, 0, 0, VOID, None),          # no virtual totem on a tie, and the tie of totems goes to the Void
    (0, 0, 0, 0, VOID, None),          # an empty territory goes to the Void
    (1, 1, 1, 0, PLAYERS, None),
    (1, 2, 2, 0, PLAYERS, VOID),       # 2 totems against 0 + the virtual one
    (2, 1, 0, 1, VOID, PLAYERS),       # 0 + the virtual one against 1: a tie
    (2, 1, 1, 1, PLAYERS, PLAYERS),
    (1, 2, 1, 1, VOID, VOID),
    (1, 2, 1, 0, VOID, VOID),          # 1 against 0 + the virtual one: a tie
])
def test_s7_the_virtual_totem_and_the_majority_of_totems_decide_and_ties_go_to_the_void(pt, vt, po, vo, side,
                                                                                        virtual):
    assert verdict(pt, vt, po, vo) == (side, virtual)


def test_s7_a_counted_territory_records_its_claim_and_says_why_in_english_and_german():
    state = solo_state()
    put_tents(state, 0, [12])
    put_tents(state, state.void_tribe, [13, 14])
    put_totem(state, 0, T_FOREST)
    claim = count(state, T_FOREST, "filled")
    assert claim == Claim(VOID, 1, 2, 1, 0, VOID, "filled", state.turn)
    assert vd(state).claims == {T_FOREST: claim}
    line = vd(state).log[-1]
    assert str(line) == ("Forest 2 is counted: 1 tent against 2 ruins; more pieces give the Void an extra totem; "
                         "1 totem against 1 totem: a tie, and the Void wins every tie.")
    assert render(line, GERMAN.gettext, GERMAN.ngettext) == (
        "Forest 2 wird gewertet: 1 Zelt gegen 2 Ruinen; mehr Teile geben der Leere ein zusätzliches Totem; "
        "1 Totem gegen 1 Totem: Gleichstand, und jeder Gleichstand geht an die Leere.")
    event = vd(state).events.items[-1]
    assert (event.kind, event.territory, event.side, event.text) == (COUNT, T_FOREST, VOID, line)


def test_s7_a_counted_territory_is_closed_and_never_counted_again():
    state = solo_state()
    first = count(state, T_FOREST, "corruption")
    put_tents(state, 0, [12, 13, 14])                 # would now go to the player
    logged = len(vd(state).log)
    assert count(state, T_FOREST, "end") is None
    assert vd(state).claims[T_FOREST] is first and first.side == VOID and len(vd(state).log) == logged


def test_s10_void_controls_counts_the_void_territories_only():
    state = solo_state()
    assert void_controls(state) == 0
    put_tents(state, 0, [12])
    count(state, T_FOREST, "end")                       # the player's
    count(state, 0, "end")                              # empty: the Void's
    count(state, 1, "end")                              # empty: the Void's
    assert void_controls(state) == 2


def test_s7_the_log_keeps_the_last_sentences_and_a_shown_sentence_replaces_one_on_screen():
    state = solo_state()
    for i in range(LOG_LIMIT + 3):
        note(state, Text("step {n}", n=i), COUNT)
    log = vd(state).log
    assert len(log) == LOG_LIMIT and str(log[0]) == "step 3" and str(log[-1]) == f"step {LOG_LIMIT + 2}"
    note(state, Text("logged"), COUNT, Text("shown"), territory=4)
    event = vd(state).events.items[-1]
    assert str(vd(state).log[-1]) == "logged" and str(event.text) == "shown" and event.territory == 4
    note(state, Text("plain"), COUNT)
    assert str(vd(state).events.items[-1].text) == "plain"
