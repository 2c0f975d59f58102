"""Scoring ruling B19: the feats, how they are earned and how they multiply scores."""

from __future__ import annotations

import pytest

from engine_helpers import (
    BLUE, COAST, DESERT, FOREST, GLACIERS, GREEN, RED, T_COAST, T_DESERT, T_FOREST, T_GLACIERS, T_TUNDRA, T_TUNDRA2,
    TUNDRA, draw_until_turn_ends, final_scoring_now, give_hand, make_state, place, put_tent, put_tents, put_totem,
)
from scoring_helpers import half_journey_now, line_for

from iwari_desktop.engine import (
    BASE_FEATS, Exchange, FeatKind, IllegalAction, Phase, Place, PlaceFeat, PlaceTent, apply, legal_actions,
)
from iwari_desktop.engine.core.state import FeatOnBoard


# ---- B19 feats ---------------------------------------------------------------------------------

def test_b19_union_goes_to_the_first_and_second_tribe_to_complete_a_settlement():
    state = make_state(5, seed=8, feats={FeatKind.UNION})
    put_tents(state, RED, [0, 1, 2])
    give_hand(state, RED, [DESERT, COAST, COAST])
    place(state, T_DESERT, [DESERT], 1, 3)         # one territory: placed there at once (P4)
    assert state.feats == [FeatOnBoard(FeatKind.UNION, RED, T_DESERT, False)]
    draw_until_turn_ends(state)
    put_tents(state, GREEN, [12, 13, 14])
    give_hand(state, GREEN, [FOREST, COAST, COAST])
    place(state, T_FOREST, [FOREST], 1, 15)
    assert state.feats[-1] == FeatOnBoard(FeatKind.UNION, GREEN, T_FOREST, False)
    draw_until_turn_ends(state)
    put_tents(state, BLUE, [7, 8, 9])
    give_hand(state, BLUE, [TUNDRA, COAST, COAST])
    place(state, T_TUNDRA, [TUNDRA], 1, 10)        # third settlement: no Union left
    assert len(state.feats) == 2
    assert state.feats_earned[FeatKind.UNION] == [RED, GREEN]
    assert state.feat_supply[FeatKind.UNION] == 0


def test_b19_union_once_per_tribe():
    state = make_state(5, seed=8, feats={FeatKind.UNION})
    put_tents(state, RED, [0, 1, 2, 3])           # red already has a settlement ...
    put_tents(state, RED, [12, 13, 14])
    state.feats_earned[FeatKind.UNION] = [RED]    # ... for which it took the first Union
    state.feat_supply[FeatKind.UNION] = 1
    give_hand(state, RED, [FOREST, COAST, COAST])
    place(state, T_FOREST, [FOREST], 1, 15)
    assert state.phase is Phase.DRAW
    assert state.feats == [] and state.feat_supply[FeatKind.UNION] == 1


def test_b19_union_player_chooses_among_the_settlements_territories():
    state = make_state(5, seed=9, feats=BASE_FEATS)
    put_tents(state, RED, [2, 3, 4])
    give_hand(state, RED, [TUNDRA, COAST, COAST])
    place(state, T_TUNDRA, [TUNDRA], 1, 7)         # the group 2-3-4-7 spans Desert and Tundra
    assert state.phase is Phase.FEAT and state.current_player() == RED
    assert set(legal_actions(state)) == {PlaceFeat(FeatKind.UNION, T_DESERT, False),
                                         PlaceFeat(FeatKind.UNION, T_TUNDRA, False)}
    with pytest.raises(IllegalAction) as error:
        apply(state, PlaceFeat(FeatKind.UNION, T_FOREST, False))
    assert str(error.value).startswith("B19: ")
    apply(state, PlaceFeat(FeatKind.UNION, T_TUNDRA, False))
    assert state.feats == [FeatOnBoard(FeatKind.UNION, RED, T_TUNDRA, False)]
    assert state.phase is Phase.DRAW


def test_b19_feats_are_checked_after_every_single_placement():
    state = make_state(5, seed=9, feats=BASE_FEATS)
    put_tents(state, RED, [0, 1, 2])
    put_tent(state, GREEN, 6)
    give_hand(state, RED, [DESERT, DESERT, COAST])
    apply(state, Place(T_DESERT, (DESERT, DESERT), 2))
    apply(state, PlaceTent(3))
    assert state.phase is Phase.PIECES                       # the second piece is still to come ...
    assert state.feats == [FeatOnBoard(FeatKind.UNION, RED, T_DESERT, False)]  # ... and Union is placed


def test_b19_a_feat_choice_in_the_middle_of_an_action_then_the_second_piece():
    state = make_state(5, seed=9, feats=BASE_FEATS)
    put_tents(state, RED, [2, 3, 4])
    put_tent(state, GREEN, 11)                      # Tundra explored: two pieces allowed
    give_hand(state, RED, [TUNDRA, TUNDRA, COAST])
    apply(state, Place(T_TUNDRA, (TUNDRA, TUNDRA), 2))
    apply(state, PlaceTent(7))                      # settlement 2-3-4-7 across Desert and Tundra
    assert state.phase is Phase.FEAT
    apply(state, PlaceFeat(FeatKind.UNION, T_DESERT, False))
    assert state.phase is Phase.PIECES and state.pending.pieces_left == 1
    apply(state, PlaceTent(8))
    assert state.phase is Phase.DRAW
    assert state.feats == [FeatOnBoard(FeatKind.UNION, RED, T_DESERT, False)]
    assert state.territory_tents[T_TUNDRA][RED] == 2


def test_b19_discovery_for_the_last_empty_space_goes_anywhere_but_that_territory():
    state = make_state(5, seed=10, feats=BASE_FEATS)
    put_tents(state, GREEN, [16, 17, 18])
    give_hand(state, RED, [GLACIERS, COAST, COAST])
    place(state, T_GLACIERS, [GLACIERS], 1, 19)
    assert state.phase is Phase.FEAT and state.current_player() == RED
    targets = {a.target for a in legal_actions(state)}
    assert targets == {T_DESERT, T_TUNDRA, T_FOREST, T_COAST, T_TUNDRA2}
    with pytest.raises(IllegalAction) as error:
        apply(state, PlaceFeat(FeatKind.DISCOVERY, T_GLACIERS, False))
    assert str(error.value).startswith("B19: ")
    apply(state, PlaceFeat(FeatKind.DISCOVERY, T_DESERT, False))
    assert state.feats == [FeatOnBoard(FeatKind.DISCOVERY, RED, T_DESERT, False)]


def test_b19_discovery_first_and_second_tribe_once_each():
    state = make_state(5, seed=10, feats=BASE_FEATS)
    put_tents(state, GREEN, [16, 17, 18])
    put_tents(state, GREEN, [20, 21, 22])
    put_tents(state, GREEN, [24, 25])
    put_tents(state, BLUE, [12, 13, 14])
    give_hand(state, RED, [GLACIERS, COAST, COAST])
    place(state, T_GLACIERS, [GLACIERS], 1, 19)
    apply(state, PlaceFeat(FeatKind.DISCOVERY, T_DESERT, False))
    draw_until_turn_ends(state)
    state.active_seat = RED                               # red fills Coast too: no second Discovery for red
    state.phase = Phase.MAIN
    give_hand(state, RED, [COAST, DESERT, DESERT])
    place(state, T_COAST, [COAST], 1, 23)
    assert state.phase is Phase.DRAW and len(state.feats) == 1
    draw_until_turn_ends(state)
    assert state.active_seat == GREEN
    give_hand(state, GREEN, [TUNDRA, DESERT, DESERT])
    place(state, T_TUNDRA2, [TUNDRA], 1, 26)
    assert state.phase is Phase.FEAT
    apply(state, PlaceFeat(FeatKind.DISCOVERY, T_TUNDRA, False))
    draw_until_turn_ends(state)
    assert state.active_seat == BLUE
    give_hand(state, BLUE, [FOREST, DESERT, DESERT])
    place(state, T_FOREST, [FOREST], 1, 15)               # no Discovery left
    assert state.phase is Phase.DRAW
    assert [f.tribe for f in state.feats if f.feat is FeatKind.DISCOVERY] == [RED, GREEN]
    assert state.feat_supply[FeatKind.DISCOVERY] == 0


def test_b19_honour_goes_to_the_first_totem_majority_on_a_land_connection():
    state = make_state(5, seed=11, feats=BASE_FEATS)
    put_tent(state, RED, 12)
    put_tent(state, RED, 16)
    put_totem(state, RED, T_GLACIERS)
    give_hand(state, RED, [FOREST, COAST, COAST])
    place(state, T_FOREST, [FOREST], 1, "totem")    # majority in Forest and Glaciers: land connection 3
    assert state.feats == [FeatOnBoard(FeatKind.HONOUR, RED, 3, True)]
    draw_until_turn_ends(state)
    # Green then holds the majority on land connection 5 (Coast–Tundra): Honour is gone, nothing happens.
    put_tent(state, GREEN, 20)
    put_tent(state, GREEN, 24)
    put_totem(state, GREEN, T_TUNDRA2)
    give_hand(state, GREEN, [COAST, DESERT, DESERT])
    place(state, T_COAST, [COAST], 1, "totem")
    assert len(state.feats) == 1
    assert state.feats_earned[FeatKind.HONOUR] == [RED]


def test_b19_respect_goes_to_the_first_totem_majority_on_a_water_connection():
    state = make_state(5, seed=12, feats=BASE_FEATS)
    put_tent(state, RED, 7)
    put_tent(state, RED, 16)
    put_totem(state, RED, T_GLACIERS)
    give_hand(state, RED, [TUNDRA, COAST, COAST])
    place(state, T_TUNDRA, [TUNDRA], 1, "totem")    # Tundra–Glaciers is water connection 8
    assert state.feats == [FeatOnBoard(FeatKind.RESPECT, RED, 8, True)]
    assert FeatKind.HONOUR not in state.feats_earned


def test_b19_player_chooses_when_several_connections_qualify_at_once():
    state = make_state(5, seed=13, feats=BASE_FEATS)
    put_tents(state, RED, [0, 12, 20])
    put_totem(state, RED, T_DESERT)
    put_totem(state, RED, T_COAST)
    give_hand(state, RED, [FOREST, COAST, COAST])
    place(state, T_FOREST, [FOREST], 1, "totem")    # land 7 (Desert–Forest) and land 9 (Forest–Coast)
    assert state.phase is Phase.FEAT
    assert set(legal_actions(state)) == {PlaceFeat(FeatKind.HONOUR, 7, True), PlaceFeat(FeatKind.HONOUR, 9, True)}
    apply(state, PlaceFeat(FeatKind.HONOUR, 9, True))
    assert state.feats == [FeatOnBoard(FeatKind.HONOUR, RED, 9, True)]


def test_b19_no_honour_or_respect_on_a_connection_under_a_mountain():
    for seed in range(6):
        state = make_state(5, seed=seed, feats=BASE_FEATS)
        (covered,) = state.mountains                # connection 1 (land) or 2 (water)
        a, b = state.board.connections_by_number[covered].territories
        put_tent(state, RED, state.board.territories[a].tent_spaces[0])
        put_tent(state, RED, state.board.territories[b].tent_spaces[0])
        put_totem(state, RED, a)
        biome = state.board.territories[b].biome
        give_hand(state, RED, [biome, COAST, COAST] if biome is not COAST else [biome, DESERT, DESERT])
        place(state, b, [biome], 1, "totem")
        assert state.phase is Phase.DRAW
        assert state.feats == [] and not state.feats_earned, (seed, covered)


def test_b19_feat_earned_by_the_third_tribe_is_placed_by_the_active_player():
    state = make_state(2, seed=14, first_player=1, feats=BASE_FEATS)
    put_tents(state, 2, [2, 3, 4])
    give_hand(state, 1, [TUNDRA, DESERT, COAST])
    apply(state, Exchange(COAST))
    assert state.phase is Phase.THIRD_TRIBE
    place(state, T_TUNDRA, [TUNDRA], 1, 7)           # third tribe: 2-3-4-7 is a settlement
    assert state.phase is Phase.FEAT
    assert state.current_player() == 1 and state.active_seat == 1
    assert state.pending_feats[0].tribe == 2
    apply(state, PlaceFeat(FeatKind.UNION, T_DESERT, False))
    assert state.feats == [FeatOnBoard(FeatKind.UNION, 2, T_DESERT, False)]
    assert state.feats_earned[FeatKind.UNION] == [2]
    assert state.phase is Phase.DRAW and state.active_seat == 1


def _five_three_with_two_unions(feats=BASE_FEATS):
    state = make_state(3, seed=15, feats=feats)
    put_tents(state, RED, [0, 1, 5])
    put_tents(state, GREEN, [2, 3])
    state.feats.append(FeatOnBoard(FeatKind.UNION, RED, T_DESERT, False))
    state.feats.append(FeatOnBoard(FeatKind.UNION, GREEN, T_DESERT, False))
    return state


def test_b19_two_union_feats_turn_5_3_into_15_9_in_final_scoring():
    state = _five_three_with_two_unions()
    final_scoring_now(state)
    desert = line_for(state.reports[-1].lines, f"territory:{T_DESERT}")
    assert desert.base == {RED: 5, GREEN: 3}
    assert desert.multiplier == 3
    assert desert.points == {RED: 15, GREEN: 9}
    assert state.scores == [15, 9, 0]


def test_b19_multipliers_do_not_apply_at_the_half_journey():
    state = _five_three_with_two_unions()
    report = half_journey_now(state)
    desert = line_for(report.lines, f"territory:{T_DESERT}")
    assert desert.multiplier == 1 and desert.points == {RED: 5, GREEN: 3}


def test_b19_union_and_discovery_multiply_together_and_only_their_territory():
    state = make_state(3, seed=16, feats=BASE_FEATS)
    put_tents(state, RED, [0, 5])
    put_tents(state, GREEN, [12])
    state.feats.append(FeatOnBoard(FeatKind.UNION, GREEN, T_DESERT, False))
    state.feats.append(FeatOnBoard(FeatKind.DISCOVERY, GREEN, T_DESERT, False))
    final_scoring_now(state)
    report = state.reports[-1]
    assert line_for(report.lines, f"territory:{T_DESERT}").points == {RED: 6}
    assert line_for(report.lines, f"territory:{T_FOREST}").points == {GREEN: 1}


def test_b19_honour_doubles_its_connections_totem_score():
    state = make_state(3, seed=17, feats=BASE_FEATS)
    put_tents(state, RED, [12, 20])
    put_totem(state, RED, T_FOREST)
    put_totem(state, RED, T_COAST)
    state.feats.append(FeatOnBoard(FeatKind.HONOUR, GREEN, 9, True))
    final_scoring_now(state)
    line = line_for(state.reports[-1].lines, "connection:9")
    assert line.base == {RED: 2} and line.multiplier == 2 and line.points == {RED: 4}


def _trigger(feat, feats):
    """Make red (first player, 5 players) meet the condition of `feat`; resolve any choice."""
    state = make_state(5, seed=18, feats=feats)
    if feat is FeatKind.UNION:
        put_tents(state, RED, [0, 1, 2])
        give_hand(state, RED, [DESERT, COAST, COAST])
        place(state, T_DESERT, [DESERT], 1, 3)
    elif feat is FeatKind.DISCOVERY:
        put_tents(state, GREEN, [16, 17, 18])
        give_hand(state, RED, [GLACIERS, COAST, COAST])
        place(state, T_GLACIERS, [GLACIERS], 1, 19)
    elif feat is FeatKind.HONOUR:
        put_tents(state, RED, [12, 16])
        put_totem(state, RED, T_GLACIERS)
        give_hand(state, RED, [FOREST, COAST, COAST])
        place(state, T_FOREST, [FOREST], 1, "totem")
    else:
        put_tents(state, RED, [7, 16])
        put_totem(state, RED, T_GLACIERS)
        give_hand(state, RED, [TUNDRA, COAST, COAST])
        place(state, T_TUNDRA, [TUNDRA], 1, "totem")
    while state.phase is Phase.FEAT:
        apply(state, legal_actions(state)[0])
    return state


@pytest.mark.parametrize("feat", sorted(BASE_FEATS, key=lambda f: f.value))
def test_b19_each_feat_is_switched_on_or_off_at_setup(feat):
    on = _trigger(feat, {feat})
    assert [f.feat for f in on.feats] == [feat]
    off = _trigger(feat, BASE_FEATS - {feat})
    assert feat not in off.feat_supply
    assert all(f.feat is not feat for f in off.feats)
    assert feat not in off.feats_earned
    none = _trigger(feat, ())
    assert none.feats == [] and none.feats_earned == {}


def test_b19_e10_two_multiplying_feats_on_one_connection_make_its_totem_points_x3():
    """Honour and Worship (variant 3) on one connection: two counting feats there, so ×(2+1) (B19, E10)."""
    from engine_fixtures import small_board

    from iwari_desktop.engine import GameConfig, new_game
    from iwari_desktop.engine.core.scoring import score_report

    config = GameConfig.quick("small-test", 3, 17, feats=BASE_FEATS, first_player=0, options={"worship": 3})
    state = new_game(config, small_board())
    put_tents(state, RED, [12, 20])
    put_totem(state, RED, T_FOREST)
    put_totem(state, RED, T_COAST)
    state.feats.append(FeatOnBoard(FeatKind.HONOUR, RED, 9, True))
    state.feats.append(FeatOnBoard(FeatKind.WORSHIP, RED, 9, True))
    line = line_for(score_report(state, final=True).lines, "connection:9")
    assert line.base == {RED: 2} and line.multiplier == 3 and line.points == {RED: 6}
