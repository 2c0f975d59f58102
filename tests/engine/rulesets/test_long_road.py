"""E6 The Long Road: the purple road is scored for tent majority like a territory, at the final scoring
only, never multiplied by feats; P29: its tents also count in their own territories.

Purple spaces on `long-road`: 0-2 in Saltmarsh Landing (t0, Coast), 3-7 in Wayfarer's Wood (t2,
Forest), 8-9 in Cairnfrost Ridge (t5), 10-11 in Sunfire Escarpment (t6): 12 spaces.
"""

from __future__ import annotations

import pytest

from engine_helpers import draw_until_turn_ends, final_scoring_now, give_hand, place, shrink_deck
from lands_helpers import ALL_FEATS, board_without, line, new_real_game, play_random, round_trip
from iwari_desktop.engine import Biome, FeatKind
from iwari_desktop.engine.core import primitives
from iwari_desktop.engine.core.modules import REGISTRY
from iwari_desktop.engine.core.scoring import rank_tents, score_report
from iwari_desktop.engine.core.state import FeatOnBoard
from iwari_desktop.engine.rulesets.long_road import CATEGORY, LongRoad, road_spaces, road_tents

COAST, FOREST = Biome.COAST, Biome.FOREST
RED, GREEN, BLUE, YELLOW = range(4)
SUBJECT = "long-road"


def _road_position(state) -> None:
    """Red 3, green 2, blue 1, yellow 1 tents on the road (B15's 3-2-1-1 check: 7, 3, 2, 2)."""
    for tribe, spaces in ((RED, (0, 1, 3)), (GREEN, (4, 5)), (BLUE, (8,)), (YELLOW, (10,))):
        for space in spaces:
            primitives.put_tent(state, tribe, space)


def test_e6_the_road_is_read_from_the_map() -> None:
    state = new_real_game("long-road", 4, 1).state
    assert road_spaces(state) == tuple(range(12))
    assert REGISTRY["long-road"] is LongRoad and "long-road" in [m.key for m in state.modules]
    assert "final scoring" in LongRoad.summary and "E6" not in LongRoad.summary


def test_e6_final_scoring_ranks_the_road_like_a_territory() -> None:
    state = new_real_game("long-road", 4, 1).state
    _road_position(state)
    assert road_tents(state) == [3, 2, 1, 1]
    final_scoring_now(state)
    road = line(state.reports[-1], SUBJECT)
    assert road.category == CATEGORY and road.label == "The Long Road"
    assert road.base == {RED: 7, GREEN: 3, BLUE: 2, YELLOW: 2} and road.multiplier == 1
    assert road.ranks == {RED: 1, GREEN: 2, BLUE: 3, YELLOW: 3}
    assert road.detail.startswith("Player 1 3 tents, rank 1, Player 2 2 tents, rank 2")
    assert "purple road" in road.detail
    assert state.reports[-1].by_category()[CATEGORY] == [7, 3, 2, 2]


def test_p29_road_tents_also_score_in_their_territories() -> None:
    state = new_real_game("long-road", 4, 1).state
    _road_position(state)
    final_scoring_now(state)
    report = state.reports[-1]
    assert line(report, "territory:0").points == {RED: 2}          # spaces 0 and 1
    assert line(report, "territory:2").points == {GREEN: 3, RED: 2}  # 4, 5 (green) and 3 (red)
    assert report.totals()[RED] == 2 + 2 + 7


def test_e6_feats_never_multiply_the_road() -> None:
    state = new_real_game("long-road", 4, 1, feats={FeatKind.UNION, FeatKind.DISCOVERY}).state
    _road_position(state)
    state.feats += [FeatOnBoard(FeatKind.UNION, RED, 0, False), FeatOnBoard(FeatKind.DISCOVERY, GREEN, 2, False)]
    final_scoring_now(state)
    report = state.reports[-1]
    assert line(report, "territory:0").multiplier == 2 and line(report, "territory:2").multiplier == 2
    assert line(report, SUBJECT).multiplier == 1 and line(report, SUBJECT).points[RED] == 7


def test_e6_never_at_the_half_journey() -> None:
    state = new_real_game("long-road", 4, 1).state
    _road_position(state)
    assert line(score_report(state, final=False), SUBJECT) is None
    give_hand(state, RED, [COAST, COAST, FOREST])
    place(state, 0, [COAST, COAST], 1, 2)        # red's fourth road tent, on space 2
    shrink_deck(state, 1)
    draw_until_turn_ends(state)                  # the deck runs out: half journey (B13)
    half = state.reports[-1]
    assert half.kind == "half" and {l.category for l in half.lines} == {"tents"}
    assert state.scores == half.totals()
    final_scoring_now(state)
    assert line(state.reports[-1], SUBJECT).base == {RED: 8, GREEN: 4, BLUE: 2, YELLOW: 2}


def test_e6_an_empty_road_adds_no_line_and_a_tie_shares_the_top_rank() -> None:
    state = new_real_game("long-road", 3, 1).state
    final_scoring_now(state)
    assert line(state.reports[-1], SUBJECT) is None
    state = new_real_game("long-road", 3, 2).state
    for tribe, space in ((RED, 0), (GREEN, 11)):
        primitives.put_tent(state, tribe, space)
    final_scoring_now(state)
    assert line(state.reports[-1], SUBJECT).base == {RED: 2, GREEN: 2}


def test_e6_the_two_player_third_tribe_scores_the_road_too() -> None:
    state = new_real_game("long-road", 2, 1).state
    third = state.third_tribe
    primitives.put_tent(state, third, 5)
    primitives.put_tent(state, third, 6)
    primitives.put_tent(state, RED, 0)
    final_scoring_now(state)
    assert line(state.reports[-1], SUBJECT).base == {third: 3, RED: 2}


def test_e6_without_the_rule_the_road_is_only_tent_spaces() -> None:
    game = new_real_game("long-road", 4, 1, board=board_without("long-road", "long-road"))
    _road_position(game.state)
    final_scoring_now(game.state)
    assert line(game.state.reports[-1], SUBJECT) is None


def _road_only_at_the_end(state) -> None:
    for report in state.reports:
        subjects = [l.subject for l in report.lines]
        if report.kind == "half":
            assert SUBJECT not in subjects
        elif report.kind == "final":
            points, _ = rank_tents(road_tents(state))
            road = line(report, SUBJECT)
            assert (road.base if road else {}) == points


@pytest.mark.parametrize("n_players", [2, 3, 4, 5])
def test_e6_random_games_on_the_long_road(n_players: int) -> None:
    game = new_real_game("long-road", n_players, seed=80 + n_players, feats=ALL_FEATS, first_player=None)
    play_random(game, seed=80 + n_players, check=_road_only_at_the_end)
    assert game.is_over()


def test_e6_long_road_save_round_trip_and_determinism() -> None:
    game = new_real_game("long-road", 3, seed=8, feats=ALL_FEATS)
    play_random(game, seed=8, stop_after=50)
    loaded = round_trip(game)
    play_random(game, seed=9)
    play_random(loaded, seed=9)
    assert loaded.state == game.state and game.is_over()
    assert line(round_trip(game).state.reports[-1], SUBJECT) == line(game.state.reports[-1], SUBJECT)
