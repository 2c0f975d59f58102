"""Scoring rulings B15–B19: tents, totems, settlements, the winner and the feats."""

from __future__ import annotations

import pytest

from engine_fixtures import small_board
from engine_helpers import (
    COAST, DESERT, FOREST, GLACIERS, T_COAST, T_DESERT, T_FOREST, T_GLACIERS, T_TUNDRA, T_TUNDRA2, TUNDRA,
    draw_until_turn_ends, final_scoring_now, give_hand, make_state, place, put_tent, put_tents, put_totem,
    shrink_deck, with_extra_connection,
)

from iwari_desktop.engine import (
    BASE_FEATS, Exchange, FeatKind, IllegalAction, Phase, Place, PlaceFeat, PlaceTent, apply, legal_actions,
)
from iwari_desktop.engine.biomes import ConnectionKind
from iwari_desktop.engine.scoring import decide_winner, rank_tents, settlement_lines, tent_lines, totem_lines
from iwari_desktop.engine.state import FeatOnBoard

RED, GREEN, BLUE, YELLOW, ORANGE = range(5)


def line_for(lines, subject):
    matches = [line for line in lines if line.subject == subject]
    assert len(matches) == 1, (subject, [l.subject for l in lines])
    return matches[0]


def half_journey_now(state):
    """The active player exchanges and draws the deck's last card: the half journey is scored."""
    apply(state, Exchange(state.hands[state.active_seat][0]))
    shrink_deck(state, 1)
    draw_until_turn_ends(state)
    assert state.reports and state.reports[-1].kind == "half"
    return state.reports[-1]


# ---- B15 tents ---------------------------------------------------------------------------------

def test_b15_rulebook_desert_example_3_2_1_1_scores_7_3_2_2():
    assert rank_tents([3, 2, 1, 1])[0] == {0: 7, 1: 3, 2: 2, 3: 2}
    state = make_state(4, seed=1)
    put_tents(state, RED, [0, 1, 2])
    put_tents(state, GREEN, [3, 4])
    put_tent(state, BLUE, 5)
    put_tent(state, YELLOW, 6)
    desert = line_for(tent_lines(state), f"territory:{T_DESERT}")
    assert desert.points == {RED: 7, GREEN: 3, BLUE: 2, YELLOW: 2}
    assert desert.ranks == {RED: 1, GREEN: 2, BLUE: 3, YELLOW: 3}


@pytest.mark.parametrize("counts, expected", [
    ([4, 0, 0], {0: 4}),                                  # alone: all tents
    ([2, 2, 1], {0: 5, 1: 5, 2: 2}),                      # tie at the top shares rank 1
    ([3, 3, 2, 1], {0: 9, 1: 9, 2: 3, 3: 2}),             # dense: no rank is skipped after a tie
    ([1, 2, 3, 4, 5], {4: 15, 3: 5, 2: 4, 1: 3, 0: 2}),   # five ranks
    ([2, 0, 1, 1, 0], {0: 4, 2: 2, 3: 2}),                # no tent, no points
])
def test_b15_dense_ranking(counts, expected):
    points, ranks = rank_tents(counts)
    assert points == expected
    assert set(ranks) == set(expected)


def test_b15_territories_score_separately_and_empty_ones_not_at_all():
    state = make_state(3, seed=2)
    put_tents(state, RED, [12, 13])
    put_tent(state, GREEN, 14)
    put_tent(state, GREEN, 24)
    lines = tent_lines(state)
    assert {l.subject for l in lines} == {f"territory:{T_FOREST}", f"territory:{T_TUNDRA2}"}
    assert line_for(lines, f"territory:{T_FOREST}").points == {RED: 3, GREEN: 2}
    assert line_for(lines, f"territory:{T_TUNDRA2}").points == {GREEN: 1}
    final_scoring_now(state)
    assert state.scores == [3, 3, 0]


# ---- B16 totems --------------------------------------------------------------------------------

def _rulebook_totem_example(board=None):
    """Connection 8 joins Tundra t1 and Glaciers t3 (the rulebook's connection 7).

    Glaciers: blue 2 totems, yellow 2 (tie: both hold the majority); Tundra: yellow 1.
    """
    state = make_state(5, seed=3, board=board)
    put_tents(state, BLUE, [16, 17, 18, 19])   # cap 4 in Glaciers
    put_totem(state, BLUE, T_GLACIERS, 2)
    put_totem(state, YELLOW, T_GLACIERS, 2)
    put_tent(state, YELLOW, 7)
    put_totem(state, YELLOW, T_TUNDRA, 1)
    return state


def test_b16_rulebook_example_connection_gives_yellow_5_and_blue_nothing():
    state = _rulebook_totem_example()
    assert 8 not in state.mountains
    lines = totem_lines(state)
    assert [l.subject for l in lines] == ["connection:8"]
    assert lines[0].points == {YELLOW: 5}
    final_scoring_now(state)
    assert state.reports[-1].by_category()["totems"] == [0, 0, 0, 5, 0]


def test_b16_ties_in_both_territories_all_score():
    state = make_state(3, seed=4)
    put_tents(state, RED, [12, 13])
    put_tents(state, RED, [20, 21])
    put_totem(state, RED, T_FOREST)
    put_totem(state, GREEN, T_FOREST)
    put_totem(state, RED, T_COAST)
    put_totem(state, GREEN, T_COAST)
    line = line_for(totem_lines(state), "connection:9")  # Forest–Coast, never covered
    assert line.points == {RED: 4, GREEN: 4}


def test_b16_majority_in_one_territory_only_scores_nothing():
    state = make_state(3, seed=4)
    put_tents(state, RED, [12, 13])
    put_tents(state, RED, [20, 21])
    put_totem(state, RED, T_FOREST, 2)
    put_totem(state, GREEN, T_COAST, 2)
    put_totem(state, RED, T_COAST, 1)
    assert totem_lines(state) == []


def test_b16_totems_on_one_side_only_score_nothing():
    state = make_state(3, seed=4)
    put_tents(state, RED, [12, 13])
    put_totem(state, RED, T_FOREST, 2)
    assert totem_lines(state) == []


def test_b16_mountains_cover_connections():
    for seed in range(6):
        state = make_state(5, seed=seed)            # group 1: connection 1 or 2 is covered
        (covered,) = state.mountains
        put_tents(state, RED, [0, 7, 12])
        for territory in (T_DESERT, T_TUNDRA, T_FOREST):
            put_totem(state, RED, territory)
        scored = {l.subject for l in totem_lines(state)}
        assert scored == {f"connection:{n}" for n in (1, 2, 7) if n != covered}
        final_scoring_now(state)
        assert state.reports[-1].by_category()["totems"][RED] == 2 * 2


def test_b16_connections_joining_the_same_territories_score_separately():
    board = with_extra_connection(small_board(), 10, T_TUNDRA, T_GLACIERS, ConnectionKind.WATER)
    state = _rulebook_totem_example(board)
    lines = totem_lines(state)
    assert [l.subject for l in lines] == ["connection:8", "connection:10"]
    assert all(l.points == {YELLOW: 5} for l in lines)
    final_scoring_now(state)
    assert state.reports[-1].by_category()["totems"][YELLOW] == 10


def test_b16_only_in_final_scoring():
    state = _rulebook_totem_example()
    report = half_journey_now(state)
    assert "totems" not in report.by_category()


# ---- B17 settlements ---------------------------------------------------------------------------

def test_b17_four_road_connected_tents_score_one_point_each():
    state = make_state(3, seed=5)
    put_tents(state, RED, [0, 1, 2, 3])
    lines = settlement_lines(state)
    assert len(lines) == 1 and lines[0].points == {RED: 4}


def test_b17_three_tents_are_no_settlement():
    state = make_state(3, seed=5)
    put_tents(state, RED, [0, 1, 2])
    assert settlement_lines(state) == []


def test_b17_settlements_cross_territory_borders():
    state = make_state(3, seed=5)
    put_tents(state, RED, [3, 4, 7, 8])           # road 4-7 crosses from Desert into Tundra
    lines = settlement_lines(state)
    assert len(lines) == 1 and lines[0].points == {RED: 4}


def test_b17_separate_groups_are_separate_settlements():
    state = make_state(3, seed=5)
    put_tents(state, RED, [0, 1, 2, 3, 12, 13, 14, 15])
    lines = settlement_lines(state)
    assert sorted(l.points[RED] for l in lines) == [4, 4]
    final_scoring_now(state)
    assert state.reports[-1].by_category()["settlement"][RED] == 8


def test_b17_tents_without_a_road_between_them_do_not_join():
    state = make_state(3, seed=5)
    put_tents(state, RED, [0, 1, 2, 5])           # space 5 has no road
    assert settlement_lines(state) == []
    state = make_state(3, seed=5)
    put_tents(state, RED, [0, 1, 3, 4])
    put_tent(state, GREEN, 2)                     # another tribe's tent breaks the road
    assert settlement_lines(state) == []


def test_b17_a_bigger_group_is_one_settlement():
    state = make_state(3, seed=5)
    put_tents(state, RED, [0, 1, 2, 3, 4, 7, 8, 9, 10])
    lines = settlement_lines(state)
    assert len(lines) == 1 and lines[0].points == {RED: 9}


def test_b17_settlements_only_in_final_scoring():
    state = make_state(3, seed=5)
    put_tents(state, GREEN, [12, 13, 14, 15])
    report = half_journey_now(state)
    assert "settlement" not in report.by_category()


# ---- B18 winner --------------------------------------------------------------------------------

def test_b18_most_points_wins():
    state = make_state(3, seed=6)
    state.scores = [10, 12, 11]
    result = decide_winner(state)
    assert result.winners == (GREEN,) and result.decided_by == "points"


def test_b18_tie_broken_by_most_pieces_left_in_supply():
    state = make_state(3, seed=6)
    state.scores = [12, 12, 11]
    put_tent(state, RED, 0)
    result = decide_winner(state)
    assert result.winners == (GREEN,) and result.decided_by == "supply"
    put_totem(state, GREEN, T_DESERT)              # totems count too: now equal
    put_totem(state, GREEN, T_DESERT)
    result = decide_winner(state)
    assert result.winners == (RED,) and result.decided_by == "supply"


def test_b18_still_tied_is_a_shared_win():
    state = make_state(4, seed=6)
    state.scores = [9, 12, 12, 12]
    put_tent(state, BLUE, 0)                       # blue has one piece fewer left than green and yellow
    result = decide_winner(state)
    assert set(result.winners) == {GREEN, YELLOW}
    assert result.decided_by == "shared"
    assert BLUE not in result.winners


def test_b18_winner_of_a_played_out_game():
    state = make_state(3, seed=7)
    put_tents(state, RED, [0, 1])
    put_tents(state, GREEN, [12, 13])
    put_tent(state, GREEN, 24)
    final_scoring_now(state)
    assert state.scores == [2, 3, 0]
    assert state.result.winners == (GREEN,)
    assert state.result.totals == (2, 3, 0)


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
