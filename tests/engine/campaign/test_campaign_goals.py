"""The goal vocabulary evaluated on hand-made chapter results: met or not, and the reason in words."""

from __future__ import annotations

import pytest

from campaign_helpers import P, V, result, territories
from iwari_desktop.engine.campaign.goals import Goal, GoalKind, check_goal, check_goals
from iwari_desktop.engine.campaign.result import ChapterResult
from iwari_desktop.engine.core.biomes import Biome


def test_win_goal_follows_the_result_and_names_the_reason():
    won = check_goal(Goal(GoalKind.WIN), result(True, reason="every territory was counted"))
    lost = check_goal(Goal(GoalKind.WIN), result(False, reason="the Void controlled 3 territories"))
    assert (won.met, won.reason) == (True, "you won: every territory was counted")
    assert (lost.met, lost.reason) == (False, "the chapter was lost: the Void controlled 3 territories")


def test_s10_void_at_most_counts_the_void_territories():
    goal = Goal(GoalKind.VOID_AT_MOST, number=1)
    assert check_goal(goal, result(void=1)).met
    missed = check_goal(goal, result(void=2))
    assert not missed.met
    assert missed.reason == "the Void controlled 2 territories; the goal allows at most 1"
    assert check_goal(Goal(GoalKind.VOID_AT_MOST, number=0), result(void=0)).reason == \
        "the Void controlled no territory; the goal allows at most 0"


def test_s6_win_before_the_nth_corruption():
    goal = Goal(GoalKind.WIN_BEFORE_CORRUPTION, number=2)
    assert check_goal(goal, result(corruptions=1)).met
    assert check_goal(goal, result(corruptions=0)).met
    late = check_goal(goal, result(corruptions=2))
    assert not late.met and late.reason == "the 2nd Corruption came before the end, 2 Corruptions in all"


def test_s7_control_biome_needs_every_territory_of_the_biome():
    goal = Goal(GoalKind.CONTROL_BIOME, biome=Biome.GLACIERS)
    ice = territories(("Rime", Biome.GLACIERS, P), ("Floe", Biome.GLACIERS, P))
    assert check_goal(goal, result(extra=ice)).reason == "you controlled all 2 Glaciers territories"
    half = territories(("Rime", Biome.GLACIERS, P), ("Floe", Biome.GLACIERS, V))
    missed = check_goal(goal, result(extra=half))
    assert not missed.met and missed.reason == "the Void held Floe; 1 of 2 Glaciers were yours"
    uncounted = territories(("Rime", Biome.GLACIERS, None), ("Floe", Biome.GLACIERS, V))
    assert check_goal(goal, result(extra=uncounted)).reason == "you did not hold Rime and Floe; 0 of 2 Glaciers were yours"
    assert check_goal(goal, result()).reason == "this map has no Glaciers territory"


def test_control_at_least_counts_the_player_territories():
    goal = Goal(GoalKind.CONTROL_AT_LEAST, number=10)
    assert check_goal(goal, result(player=10)).met
    missed = check_goal(goal, result(player=9))
    assert not missed.met and missed.reason == "you controlled 9 territories; the goal asks for at least 10"


def test_s11_no_ruin_on_the_purple_road():
    goal = Goal(GoalKind.NO_RUIN_ON_PURPLE_ROAD)
    assert check_goal(goal, result(road=0)).reason == "the purple road stayed free of ruins"
    assert check_goal(goal, result(road=0)).met
    one = check_goal(goal, result(road=1))
    assert not one.met and one.reason == "1 ruin stood on the purple road"
    assert check_goal(goal, result(road=None)).reason == "this map has no purple road"
    assert not check_goal(goal, result(road=None)).met


def test_ruins_at_most_and_win_within_turns():
    assert check_goal(Goal(GoalKind.RUINS_AT_MOST, number=6), result(ruins=6)).met
    ruins = check_goal(Goal(GoalKind.RUINS_AT_MOST, number=6), result(ruins=7))
    assert not ruins.met and ruins.reason == "the Void had 7 ruins on the board; the goal allows at most 6"
    assert check_goal(Goal(GoalKind.WIN_WITHIN_TURNS, number=20), result(turns=20)).met
    slow = check_goal(Goal(GoalKind.WIN_WITHIN_TURNS, number=20), result(turns=21))
    assert not slow.met and slow.reason == "the game took 21 turns; the goal allows at most 20"


def test_a_lost_chapter_earns_no_star_but_says_how_close_it_came():
    checks = check_goals((Goal(GoalKind.WIN), Goal(GoalKind.WIN_WITHIN_TURNS, number=30),
                          Goal(GoalKind.VOID_AT_MOST, number=1)), result(False, void=3, turns=12))
    assert [c.met for c in checks] == [False, False, False]
    assert checks[1].reason == "only a won chapter earns this star: the game took 12 turns; the goal allows at most 30"


@pytest.mark.parametrize("kind, number, biome", [
    (GoalKind.WIN, 1, None), (GoalKind.VOID_AT_MOST, None, None), (GoalKind.CONTROL_BIOME, None, Biome.VOID),
    (GoalKind.WIN_BEFORE_CORRUPTION, 4, None), (GoalKind.WIN_WITHIN_TURNS, 0, None),
    (GoalKind.CONTROL_BIOME, 2, Biome.COAST),
])
def test_a_goal_refuses_parameters_its_kind_does_not_take(kind, number, biome):
    with pytest.raises(ValueError):
        Goal(kind, number=number, biome=biome)


def test_goal_texts_and_json_round_trip_through_the_vocabulary():
    goal = Goal(GoalKind.CONTROL_BIOME, biome=Biome.COAST)
    assert goal.text == "Win controlling every Coast territory"
    assert goal.to_json() == {"kind": "control_biome", "biome": "coast"}
    assert Goal(GoalKind.WIN_WITHIN_TURNS, number=1).text == "Win within 1 turn"
    assert Goal(GoalKind.VOID_AT_MOST, number=0).to_json() == {"kind": "void_at_most", "count": 0}
    assert Goal(GoalKind.VOID_AT_MOST, number=0).text == "Win with the Void controlling no territory"
    assert Goal(GoalKind.VOID_AT_MOST, number=2).text == "Win with the Void controlling at most 2 territories"


def test_a_result_refuses_negative_counts():
    with pytest.raises(ValueError):
        ChapterResult(won=True, reason="", turns=-1, corruptions=0, territories=())
