"""Scoring rulings B15–B18: tents, totems, settlements and the winner (the feats: test_scoring_feats.py)."""

from __future__ import annotations

import pytest

from engine_fixtures import small_board
from engine_helpers import (
    BLUE, GREEN, RED, T_COAST, T_DESERT, T_FOREST, T_GLACIERS, T_TUNDRA, T_TUNDRA2, YELLOW,
    final_scoring_now, make_state, put_tent, put_tents, put_totem, with_extra_connection,
)
from scoring_helpers import half_journey_now, line_for

from iwari_desktop.engine.core.biomes import ConnectionKind
from iwari_desktop.engine.core.scoring import decide_winner, rank_tents, settlement_lines, tent_lines, totem_lines


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


def test_b15_tents_tied_for_first_leave_the_next_tribe_at_rank_2_not_3():
    """Dense ranks (B15): 3, 3, 1 ranks 1, 1, 2; the third tribe's line says rank 2 and it scores the rank-1 count."""
    assert rank_tents([3, 3, 1]) == ({0: 7, 1: 7, 2: 3}, {0: 1, 1: 1, 2: 2})
    state = make_state(3, seed=1)
    put_tents(state, RED, [0, 1, 2])
    put_tents(state, GREEN, [3, 4, 5])
    put_tent(state, BLUE, 6)
    desert = line_for(tent_lines(state), f"territory:{T_DESERT}")
    assert desert.ranks == {RED: 1, GREEN: 1, BLUE: 2}
    assert desert.points == {RED: 7, GREEN: 7, BLUE: 3}
    assert str(desert.detail).endswith("1 tent, rank 2"), str(desert.detail)


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
