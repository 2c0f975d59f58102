"""E2 / P11 pinned (issue #32): the words a player reads when a totem is refused in Floating Lands' Tundra and
why its connections never score, in English and German (the territory named in both).

Floating Lands' Tundra is territory 7 (Anvil of the Sky, spaces 6, 42-47, 60); connection 3 touches it.
"""

from __future__ import annotations

import gettext

import pytest

from engine_helpers import give_hand
from lands_helpers import new_real_game
from iwari_desktop.engine import Biome, IllegalAction, Place, PlaceTotem
from iwari_desktop.engine.core import primitives
from iwari_desktop.engine.core.text import render
from iwari_desktop.engine.rulesets.tundra_no_totems import TundraNoTotems
from iwari_desktop.i18n import DOMAIN, LOCALE_DIR

GERMAN = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=["de"])
T_ANVIL = 7


def _de(text: object) -> str:
    return render(text, GERMAN.gettext, GERMAN.ngettext)


def test_e2_a_totem_refused_in_the_tundra_names_the_territory_in_english_and_german():
    game = new_real_game("floating-lands", 3, 1)
    state = game.state
    name = state.board.territories[T_ANVIL].name
    assert name == "Anvil of the Sky"
    primitives.put_tent(state, 0, 42)
    give_hand(state, 0, [Biome.TUNDRA, Biome.FOREST, Biome.DESERT])
    game.play(Place(T_ANVIL, (Biome.TUNDRA,), 1))
    with pytest.raises(IllegalAction) as refused:
        game.play(PlaceTotem())
    assert str(refused.value) == "E2: Anvil of the Sky is the Tundra territory, which takes no totems"
    assert _de(refused.value.reason) == "Anvil of the Sky ist das Tundragebiet, dort stehen keine Totems"


def test_p11_a_connection_to_the_tundra_says_why_it_never_scores_in_english_and_german():
    state = new_real_game("floating-lands", 3, 1).state
    why = TundraNoTotems().connection_veto(state, 3)
    assert str(why) == "P11: it touches Anvil of the Sky, the Tundra territory, which takes no totems"
    assert _de(why) == "sie führt nach Anvil of the Sky, ins Tundragebiet, wo keine Totems stehen"
