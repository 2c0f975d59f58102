"""Co-op against the Void (S12, P25): two partners, one side for every count and settlement."""

from __future__ import annotations

from engine_helpers import give_hand, put_tent, put_tents, put_totem
from solo_helpers import solo_state, steps_until, vd, void

from iwari_desktop.engine import Biome, Exchange, Phase, Place, PlaceTent, apply, legal_actions
from iwari_desktop.engine.core.observation import observe
from iwari_desktop.engine.rulesets.solo.actions import FreePlace, VoidPlay

FOREST, DESERT, COAST = Biome.FOREST, Biome.DESERT, Biome.COAST
RED, YELLOW = 0, 1


def test_s12_coop_forest_count_partners_hold_the_majority_together():
    state = solo_state(coop=True)
    v = void(state)
    put_tents(state, v, [0, 1, 5]); put_tents(state, RED, [2, 3]); put_tent(state, YELLOW, 4)
    put_totem(state, v, 0); put_totem(state, RED, 0)
    give_hand(state, RED, [DESERT, FOREST, COAST])
    apply(state, Place(0, (DESERT,), 1))
    apply(state, PlaceTent(6))                 # red 3 + yellow 1 against 3 ruins: the partners' majority
    claim = vd(state).claims[0]
    assert claim.player_tents == 4 and claim.void_tents == 3 and claim.virtual == "players"
    assert claim.side == "players"


def test_s12_coop_defaults_to_k_1_and_turns_alternate_each_following_s3():
    state = solo_state(coop=True)
    assert state.n_players == 2 and [t.role.value for t in state.tribes] == ["seat", "seat", "void"]
    assert len(state.hands[0]) == len(state.hands[1]) == 3
    give_hand(state, RED, [DESERT, DESERT, COAST])
    apply(state, Exchange(COAST))
    apply(state, VoidPlay(0, (DESERT,), 1, 0))
    apply(state, PlaceTent(0))
    steps_until(state, Phase.MAIN, chooser=lambda o: o[-1])
    assert state.active_seat == YELLOW
    from iwari_desktop.engine.rulesets.solo.end import finish
    finish(state, "all-counted")
    assert state.result.k == 1 and state.result.won is False


def test_s12_hands_are_hidden_from_the_partner_unless_open_hands():
    hidden = solo_state(coop=True)
    view = observe(hidden, 0)
    assert view.hand == tuple(hidden.hands[0]) and "hands" not in view.module_view("coop")
    open_ = solo_state(coop=True, open_hands=True)
    assert observe(open_, 0).module_view("coop")["hands"][1] == [c.key for c in open_.hands[1]]


def test_p25_coop_partners_tents_form_one_settlement_and_the_active_player_takes_the_free_place():
    state = solo_state(coop=True)
    put_tents(state, RED, [0, 2]); put_tent(state, YELLOW, 1)
    give_hand(state, RED, [DESERT, FOREST, COAST])
    apply(state, Place(0, (DESERT,), 1))
    apply(state, PlaceTent(3))                 # red-yellow-red-red along the road: a settlement of 4
    options = legal_actions(state)
    assert FreePlace(0, 1) in options
    apply(state, FreePlace(0, 1))
    apply(state, PlaceTent(4))
    assert state.space_owner[4] == RED


def test_p25_the_void_bonus_goes_only_to_an_uncounted_territory():
    from iwari_desktop.engine.rulesets.solo.settlements import void_bonus_territories
    from iwari_desktop.engine.rulesets.solo.data import Claim
    state = solo_state()
    put_tents(state, void(state), [0, 1, 2, 3, 4, 7])
    assert void_bonus_territories(state, [0, 1, 2, 3, 4, 7]) == [0]
    vd(state).claims[0] = Claim("void", 0, 5, 0, 0, "void", "filled", 1)
    assert void_bonus_territories(state, [0, 1, 2, 3, 4, 7]) == [1]


def test_p26_moving_tents_out_may_leave_more_totems_than_the_cap():
    from iwari_desktop.engine.rulesets.solo.actions import MovePiece, MovePieces
    from iwari_desktop.engine.rulesets.solo.data import Claim
    state = solo_state()
    put_tents(state, RED, [12, 13, 14]); put_tent(state, void(state), 15)
    put_totem(state, RED, 2, 3)
    vd(state).claims[2] = Claim("players", 3, 1, 3, 0, "players", "filled", 1)
    put_tent(state, RED, 0)
    give_hand(state, RED, [FOREST, DESERT, COAST])
    apply(state, MovePieces(2, 0, (FOREST,), 1))
    apply(state, MovePiece(12, 1))
    assert state.territory_tents[2][RED] == 2 and len(state.totem_stacks[2]) == 3   # above the cap: allowed
