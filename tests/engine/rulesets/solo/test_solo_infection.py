"""S5 and P22 on hand-built positions of the fixture board (tests/support/solo_helpers.py): the rule tests of
engine/rulesets/solo/infection.py. The Void puts a totem where the cap allows, else a ruin on the empty space
closest to a ruin; then its pawn moves on to the next connection whose territories are not both counted."""

from __future__ import annotations

import dataclasses
import gettext

from engine_helpers import put_tents, put_totem
from solo_helpers import solo_state, vd, void, vs_board

from iwari_desktop.engine import GameConfig, new_game
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.core.text import render
from iwari_desktop.engine.rulesets.solo.data import Claim
from iwari_desktop.engine.rulesets.solo.events import PAWN
from iwari_desktop.engine.rulesets.solo.infection import RUIN, TOTEM, advance_pawn, closest_spaces, nearest_ruin, piece_for
from iwari_desktop.i18n import DOMAIN, LOCALE_DIR

T_DESERT, T_TUNDRA, T_FOREST, T_GLACIERS, T_COAST, T_TUNDRA2 = range(6)
GERMAN = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=["de"])


def counted(state, *territories):
    for territory in territories:
        vd(state).claims[territory] = Claim("players", 1, 0, 0, 0, "players", "filled", 1)


def test_s5_the_void_places_its_last_totem_where_the_cap_allows():
    state = solo_state()
    put_tents(state, void(state), [12, 13])
    state.totems_left[void(state)] = 1
    assert piece_for(state, T_FOREST) == TOTEM
    state.totems_left[void(state)] = 0
    assert piece_for(state, T_FOREST) == RUIN                     # P61: no totem left, a ruin instead


def test_s5_s10_a_full_territory_at_its_cap_takes_no_void_piece():
    state = solo_state()
    put_tents(state, 0, [12, 13]); put_tents(state, void(state), [14, 15]); put_totem(state, void(state), T_FOREST, 2)
    assert piece_for(state, T_FOREST) is None


def test_s5_p11_in_the_tundra_without_totems_the_void_puts_a_ruin():
    board = dataclasses.replace(vs_board(), rules=("tundra-no-totems",))
    state = new_game(GameConfig.quick("small-test", 1, 1, mode=GameMode.SOLO, first_player=0), board)
    put_tents(state, void(state), [7, 8])
    assert piece_for(state, T_TUNDRA) == RUIN
    put_tents(state, void(state), [12, 13])
    assert piece_for(state, T_FOREST) == TOTEM


def test_s5_the_ruin_goes_on_the_empty_space_fewest_road_steps_from_a_ruin():
    state = solo_state()
    put_tents(state, 0, [9, 10, 11]); put_tents(state, void(state), [4])    # Tundra: 7 and 8 empty, road 4-7
    assert closest_spaces(state, T_TUNDRA) == [7]
    two_steps = solo_state()
    put_tents(two_steps, 0, [9, 10, 11]); put_tents(two_steps, void(two_steps), [3])   # 7 two steps away, 8 three
    assert closest_spaces(two_steps, T_TUNDRA) == [7]
    unreached = solo_state()
    put_tents(unreached, 0, [9, 10, 11])
    assert closest_spaces(unreached, T_TUNDRA) == [7, 8]          # no ruin reaches: the player chooses


def test_s5_the_reason_names_the_nearest_ruin_own_territory_first():
    state = solo_state()
    assert nearest_ruin(state, 7) is None
    put_tents(state, void(state), [4, 8])                          # both one step from 7
    assert nearest_ruin(state, 7) == (1, 8)
    far = solo_state()
    put_tents(far, void(far), [2, 4])                             # the ruin just put on 4 is not its own reason
    assert nearest_ruin(far, 4) == (2, 2)
    assert nearest_ruin(far, 9) == (3, 4)


def test_s5_the_pawn_moves_on_and_says_so_in_english_and_german():
    state = solo_state()
    vd(state).pawn = 3
    total = vd(state).events.total
    advance_pawn(state)
    assert vd(state).pawn == 4
    (event,) = vd(state).events.since(total)
    assert (event.kind, event.connection, event.start, event.logged) == (PAWN, 4, 3, False)
    english = render(event.text, gettext.NullTranslations().gettext, gettext.NullTranslations().ngettext)
    assert english == ("The Void pawn moves on from connection 3 to connection 4: the next connection whose two "
                       "territories are not both counted.")
    german = render(event.text, GERMAN.gettext, GERMAN.ngettext)
    assert german.startswith("Der Leere-Stein zieht von Verbindung 3 weiter zu 4")


def test_s5_the_pawn_skips_settled_connections_wrapping_round_to_the_one_before_it():
    state = solo_state()
    vd(state).pawn = 9
    advance_pawn(state)
    assert vd(state).pawn == 1                                     # after the last number comes 1
    counted(state, T_DESERT, T_TUNDRA, T_FOREST, T_GLACIERS, T_COAST)   # only Tundra 5 is open: connections 5, 6
    vd(state).pawn = 6
    advance_pawn(state)
    assert vd(state).pawn == 5
    counted(state, T_TUNDRA2)                                      # every connection settled: the pawn stays
    total = vd(state).events.total
    advance_pawn(state)
    assert vd(state).pawn == 5 and vd(state).events.since(total) == []
