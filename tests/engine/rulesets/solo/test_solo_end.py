"""S10, P27 and P28 on hand-built positions: when a game against the Void ends, the last counting, the
verdict, and the last line in English and German (the fixture board: tests/support/solo_helpers.py).

Cheap on purpose (no whole games): these are the rule tests of engine/rulesets/solo/end.py under mutation
testing (issue #32); tests/engine/rulesets/solo/test_solo_end_words.py plays a real game to its end.
"""

from __future__ import annotations

import gettext
from collections import Counter

import pytest

from engine_helpers import put_tents
from solo_helpers import VOID_CARD, solo_state, total_cards, vd

from iwari_desktop.engine import Biome, Phase
from iwari_desktop.engine.core.text import render
from iwari_desktop.engine.rulesets.solo.data import Claim
from iwari_desktop.engine.rulesets.solo.end import finish, turn_end_reason
from iwari_desktop.engine.rulesets.solo.events import END
from iwari_desktop.engine.rulesets.solo.outcome import (
    END_ALL_COUNTED, END_CORRUPTIONS, END_NO_CARDS, END_PLAYER_PIECES, END_VOID_CONTROL, END_VOID_SETTLEMENT,
    WIN_HELD,
)
from iwari_desktop.i18n import DOMAIN, LOCALE_DIR

GERMAN = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=["de"])
ALL_CARDS = Counter({Biome.TUNDRA: 13, Biome.FOREST: 12, Biome.GLACIERS: 11, Biome.COAST: 11, Biome.DESERT: 10,
                     VOID_CARD: 12})


def _de(text: object) -> str:
    return render(text, GERMAN.gettext, GERMAN.ngettext)


def void_claims(state, territories):
    """Territories already counted for the Void (S7: more ruins, and the tie of totems goes to the Void)."""
    for t in territories:
        vd(state).claims[t] = Claim("void", 0, 1, 0, 0, "void", "filled", 1)


def test_s10_s7_the_end_counts_every_uncounted_territory_as_counted_at_the_end():
    state = solo_state()
    put_tents(state, 0, range(12, 15))   # Forest: 3 of its 4 spaces, not full, so still uncounted
    finish(state, END_ALL_COUNTED)
    claims = vd(state).claims
    assert sorted(claims) == list(range(6))
    assert {claim.when for claim in claims.values()} == {"end"}
    assert claims[2].side == "players" and claims[2].player_tents == 3
    assert claims[0].side == "void"      # an empty territory is a tie, and ties go to the Void (S7)


def test_s10_p27_exactly_k_void_territories_at_the_end_lose_the_game():
    state = solo_state()                 # solo: K = 3
    void_claims(state, [0, 1])
    put_tents(state, 0, range(12, 15))
    put_tents(state, 0, range(16, 19))
    put_tents(state, 0, range(20, 23))   # t5 stays empty: counted at the end, a tie, the Void's third
    finish(state, END_ALL_COUNTED)
    outcome = vd(state).outcome
    assert outcome.void_territories == 3 and outcome.won is False and outcome.reason == END_VOID_CONTROL
    assert outcome.end == END_ALL_COUNTED and state.phase is Phase.GAME_OVER
    last = vd(state).log[-1]
    assert str(last) == ("The game ends: every territory has been counted. Lost: the Void controls enough "
                         "territories to win.")
    assert _de(last) == ("Die Partie endet: jedes Gebiet ist gewertet. Verloren: die Leere beherrscht genug "
                         "Gebiete für den Sieg.")
    assert vd(state).events.items[-1].kind == END


def test_s10_fewer_than_k_void_territories_at_the_end_win_and_the_last_line_says_so():
    state = solo_state()
    for first in (7, 12, 16, 20, 24):    # the player in every territory but the Desert
        put_tents(state, 0, [first])
    finish(state, END_NO_CARDS)
    outcome = vd(state).outcome
    assert outcome.won is True and outcome.reason == WIN_HELD and outcome.end == END_NO_CARDS
    assert outcome.void_territories == 1 and outcome.player_territories == 5
    last = vd(state).log[-1]
    assert str(last) == ("The game ends: no card is left anywhere. Won: the Void controls fewer territories than "
                         "it needs.")
    assert _de(last) == ("Die Partie endet: nirgends ist noch eine Karte übrig. Gewonnen: die Leere beherrscht "
                         "weniger Gebiete, als sie braucht.")
    assert vd(state).events.items[-1].kind == END


def test_s10_d21_a_loss_at_once_counts_nothing_more_and_names_its_reason_once():
    state = solo_state()
    put_tents(state, 0, range(12, 15))
    finish(state, END_VOID_SETTLEMENT)
    outcome = vd(state).outcome
    assert vd(state).claims == {} and outcome.won is False
    assert outcome.end == END_VOID_SETTLEMENT and outcome.reason == END_VOID_SETTLEMENT
    last = vd(state).log[-1]
    assert str(last) == "The game is lost: the Void built a settlement big enough to win."
    assert _de(last).startswith("Die Partie ist verloren: ") and _de(last).count(":") == 1
    assert vd(state).events.items[-1].kind == END


def test_s10_a_game_over_ends_only_once():
    state = solo_state()
    finish(state, END_CORRUPTIONS)
    lines = len(vd(state).log)
    finish(state, END_VOID_SETTLEMENT)
    assert len(vd(state).log) == lines and vd(state).outcome.end == END_CORRUPTIONS


def test_p27_the_game_ends_only_when_no_card_is_left_anywhere():
    state = solo_state()
    state.deck, state.discard, state.display, state.hands[0] = [], [], [], []
    assert turn_end_reason(state) == END_NO_CARDS
    for place in ("deck", "discard", "display"):
        setattr(state, place, [Biome.DESERT])
        assert turn_end_reason(state) is None, place
        setattr(state, place, [])
    state.hands[0] = [Biome.DESERT]
    assert turn_end_reason(state) is None


def test_p28_the_game_ends_when_the_next_player_has_no_tents_and_no_totems():
    state = solo_state(coop=True)        # partners 0 and 1 take turns (S12)
    assert state.active_seat == 0
    assert turn_end_reason(state) is None
    state.tents_left[0] = state.totems_left[0] = 0   # the seat that just played: not the next
    assert turn_end_reason(state) is None
    state.tents_left[1] = 0
    assert turn_end_reason(state) is None            # totems left: still a turn to play
    state.tents_left[1], state.totems_left[1] = 2, 0
    assert turn_end_reason(state) is None            # tents left
    state.tents_left[1] = 0
    assert turn_end_reason(state) == END_PLAYER_PIECES


def test_s2_s6_every_card_is_somewhere_wherever_the_turns_put_it():
    state = solo_state()
    assert total_cards(state) == ALL_CARDS
    state.discard.append(state.deck.pop(state.deck.index(Biome.DESERT)))
    state.removed.append(state.deck.pop(state.deck.index(Biome.COAST)))
    state.deck.remove(VOID_CARD)
    state.deck.remove(VOID_CARD)
    state.deck.remove(VOID_CARD)
    vd(state).above, vd(state).beside = 1, 2     # laid above the display (S4), beside the board (S6)
    assert total_cards(state) == ALL_CARDS
