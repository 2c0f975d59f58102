"""S7, P22 and P27 on hand-built positions of the fixture board (tests/support/solo_helpers.py): the rule tests of
engine/rulesets/solo/standing.py. Each territory goes to the side with more totems, the virtual totem for more tents
or ruins included; the Void wins ties (an empty territory too); counted ones keep their claim."""

from __future__ import annotations

import pytest
from engine_helpers import put_tents, put_totem
from solo_helpers import solo_state, vd, void

from iwari_desktop.engine.rulesets.solo.data import PLAYERS, VOID, Claim
from iwari_desktop.engine.rulesets.solo.outcome import claim_sentence
from iwari_desktop.engine.rulesets.solo.standing import VerdictReason, sentence, standing, verdict

T_DESERT, T_TUNDRA, T_FOREST, T_GLACIERS, T_COAST, T_TUNDRA2 = range(6)


def test_s7_more_tents_give_the_players_the_virtual_totem_and_the_territory():
    state = solo_state()
    put_tents(state, 0, [12, 13]); put_tents(state, void(state), [14])
    v = verdict(state, T_FOREST)
    assert (v.side, v.reason, v.counted, v.virtual, v.when) == (PLAYERS, VerdictReason.PLAYERS_MORE_TOTEMS, False,
                                                                PLAYERS, None)
    assert (v.player_tents, v.ruins, v.player_totems, v.void_totems) == (2, 1, 0, 0)
    assert (v.players_total, v.void_total, v.margin) == (1, 0, 1)


def test_s7_more_ruins_and_a_void_totem_give_the_void_the_territory():
    state = solo_state()
    put_tents(state, 0, [12]); put_tents(state, void(state), [13, 14]); put_totem(state, void(state), T_FOREST)
    put_totem(state, 0, T_FOREST)
    v = verdict(state, T_FOREST)
    assert (v.side, v.reason, v.virtual) == (VOID, VerdictReason.VOID_MORE_TOTEMS, VOID)
    assert (v.player_totems, v.void_totems, v.players_total, v.void_total, v.margin) == (1, 1, 1, 2, -1)


def test_s7_the_void_wins_a_tie_and_an_empty_territory():
    state = solo_state()
    put_tents(state, 0, [12]); put_tents(state, void(state), [13])
    tie = verdict(state, T_FOREST)
    assert (tie.side, tie.reason, tie.virtual, tie.margin) == (VOID, VerdictReason.TIE, None, 0)
    empty = verdict(state, T_COAST)
    assert (empty.side, empty.reason, empty.margin) == (VOID, VerdictReason.EMPTY, 0)
    totems = solo_state()
    put_tents(totems, 0, [12]); put_tents(totems, void(totems), [13])
    put_totem(totems, 0, T_FOREST); put_totem(totems, void(totems), T_FOREST)
    assert verdict(totems, T_FOREST).reason is VerdictReason.TIE   # one totem each: still the Void's
    virtual = solo_state()
    put_tents(virtual, 0, [12]); put_totem(virtual, 0, T_FOREST); put_tents(virtual, void(virtual), [13, 14])
    assert verdict(virtual, T_FOREST).reason is VerdictReason.TIE  # the totem against the Void's virtual one
    tents = solo_state()
    put_tents(tents, 0, [12, 13]); put_tents(tents, void(tents), [14]); put_totem(tents, void(tents), T_FOREST)
    assert verdict(tents, T_FOREST).reason is VerdictReason.TIE    # the players' virtual totem against a totem


@pytest.mark.parametrize("claim, reason", [
    (Claim(PLAYERS, 3, 1, 0, 0, PLAYERS, "filled", 4), VerdictReason.PLAYERS_MORE_TOTEMS),
    (Claim(VOID, 1, 1, 1, 1, None, "corruption", 5), VerdictReason.TIE),
    (Claim(VOID, 0, 0, 0, 0, None, "end", 6), VerdictReason.EMPTY),
    (Claim(VOID, 1, 2, 1, 0, VOID, "filled", 3), VerdictReason.TIE),      # a totem against the virtual one
    (Claim(VOID, 2, 1, 0, 1, PLAYERS, "filled", 3), VerdictReason.TIE),   # the virtual one against a totem
    (Claim(VOID, 0, 2, 0, 0, VOID, "end", 6), VerdictReason.VOID_MORE_TOTEMS),
])
def test_s7_a_counted_territory_keeps_its_claim(claim, reason):
    state = solo_state()
    put_tents(state, 0, [12, 13, 14])                 # the board changed since: the claim stands
    vd(state).claims[T_FOREST] = claim
    v = verdict(state, T_FOREST)
    assert (v.side, v.reason, v.counted, v.when, v.virtual) == (claim.side, reason, True, claim.when, claim.virtual)
    assert (v.player_tents, v.ruins, v.player_totems, v.void_totems) == (
        claim.player_tents, claim.void_tents, claim.player_totems, claim.void_totems)
    assert v.as_claim(claim.turn) == claim


def test_s7_the_sentence_is_the_counts_own():
    state = solo_state()
    put_tents(state, 0, [12, 13]); put_tents(state, void(state), [14])
    v = verdict(state, T_FOREST)
    assert v.as_claim(7) == Claim(PLAYERS, 2, 1, 0, 0, PLAYERS, "now", 7)
    assert v.as_claim() == Claim(PLAYERS, 2, 1, 0, 0, PLAYERS, "now", 0)
    assert sentence(state, v) == claim_sentence(state, v.as_claim(state.turn))


def test_s10_p27_the_standing_tallies_counted_territories_against_k_and_leans_the_open_ones():
    state = solo_state()
    vd(state).claims[T_DESERT] = Claim(PLAYERS, 4, 3, 0, 0, PLAYERS, "filled", 1)
    vd(state).claims[T_TUNDRA] = Claim(VOID, 0, 5, 0, 0, VOID, "filled", 2)
    put_tents(state, 0, [12, 13]); put_tents(state, void(state), [16, 17])
    s = standing(state)
    assert [v.territory for v in s.verdicts] == list(range(6)) and s.k == 3
    assert (s.players, s.void, s.void_needs) == (1, 1, 2)
    assert s.open == (T_FOREST, T_GLACIERS, T_COAST, T_TUNDRA2)
    assert s.leaning_players == (T_FOREST,) and s.leaning_void == (T_GLACIERS, T_COAST, T_TUNDRA2)
    assert s.of(T_GLACIERS).side == VOID and s.of(T_TUNDRA2).territory == T_TUNDRA2
    with pytest.raises(KeyError):
        s.of(17)
    for t in (T_GLACIERS, T_COAST, T_TUNDRA2):
        vd(state).claims[t] = Claim(VOID, 0, 0, 0, 0, None, "end", 3)
    assert standing(state).void_needs == 0 and standing(state).void == 4
